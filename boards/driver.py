"""Drives an App on the headless board: scripted keys, recorded inputs, a bot's play,
the panel's bytes.

The simulator, the bench and the tests drive the app with it, on CPython and inside
the MicroPython VM and the emulated Pico. It is kept out of boards/headless.py so the
bench's board holds in the heap what a Pico's board file holds, not the harness.
"""


class Driver:
    """Feeds frames to an App on this board: scripted keys, recorded inputs, idle time."""

    def __init__(self, app):
        self.app = app

    def idle(self, frames=1):
        for _ in range(frames):
            self.app.frame(0, 0)

    def keys(self, script, gap=1):
        """script: 'RIGHT,A,A+B*30' - each token pressed for one frame (or held *N
        frames), then released for `gap` idle frames."""
        for mask, frames in parse_keys(script):
            self.app.frame(mask, mask)
            for _ in range(frames - 1):
                self.app.frame(0, mask)
            self.idle(gap)

    def replay(self, game, seed, options, inputs, tail=1, profile=None):
        """Start `game` fresh (with the replay's profile) and feed a recorded InputLog."""
        app = self.app
        app.start_game(game, seed=seed, options=options, resume=False, profile=profile)
        held = 0
        from firmware.reading import events

        for delta, pressed, new_held in events(inputs):
            if delta == 0:  # the game was resumed from its save here
                app.frame(0, 0)
                held = 0
                app.start_game(game, resume=True)
                continue
            for _ in range(delta - 1):
                app.frame(0, held)
            app.frame(pressed, new_held)
            held = new_held
        for _ in range(tail):
            app.frame(0, held)

    def autoplay(self, max_frames=20000):
        """Let the game screen's bot press the buttons until its game is over."""
        app = self.app
        for _ in range(max_frames):
            screen = app.screen
            if getattr(screen, "finished", True):
                pending = getattr(screen, "files_pending", None)
                while pending is not None and pending() and app.screen is screen:
                    app.frame(0, 0)  # the files of the game's end, a piece a frame
                return True
            mask = screen.bot_press()
            app.frame(mask, mask)
            app.frame(0, 0)
        return False


KEYS_HOLD_MAX = 100000  # frames one token may hold (40 minutes)


def parse_keys(script):
    """[(mask, frames)] of a key script ('RIGHT,A,A+B*30', '-*40' waits 40 frames);
    ValueError naming the token and the syntax when it is not one."""
    from firmware.buttons import parse_mask

    out = []
    for tok in script.split(","):
        tok = tok.strip()
        if not tok:
            continue
        name, star, count = tok.partition("*")
        try:
            mask = parse_mask(name)
        except ValueError as e:
            raise ValueError("key %r: %s" % (tok, e)) from None
        frames = 1
        if star:
            if not count.isdigit() or not 1 <= int(count) <= KEYS_HOLD_MAX:
                raise ValueError(
                    "key %r: the count after * must be a whole number 1 to %d (e.g. A*30)"
                    % (tok, KEYS_HOLD_MAX)
                )
            frames = int(count)
        out.append((mask, frames))
    return out


def screen_bytes(board):
    """The bytes the panel holds (what a person sees), as a bytes copy."""
    return bytes(board.display.buf)
