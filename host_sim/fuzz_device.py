"""Input fuzzing of the whole app: seeded random presses, holds, chords and reboots.

Runs unchanged on CPython (python -m host_sim fuzz) and in the MicroPython VM
(with the built modules on sys.path). After every press the app must not have
hit an error, and the game on screen must pass its rules' check() (Hang 10:
all 52 cards accounted for once; Snafu: trails contiguous, no square owned
twice). Every frame is recorded, so a failure comes with a session file that
`python -m host_sim replay` plays back exactly.
"""

import sys

from boards import headless
from firmware import app as appmod
from firmware import buttons as btn
from firmware import gamescreen
from shared_rules.rng import Rng

SESSION_HEAD = "pocket-table session 1"
SINGLE = (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT, btn.A, btn.B)


class FuzzFailure(Exception):
    pass


class FileLog:
    """The session's inputs written straight to a file (nothing kept in the heap)."""

    def __init__(self, path, seed):
        self.path = path
        self.f = open(path, "w")
        self.f.write("%s\ngame app\nseed %d\noptions {}\n" % (SESSION_HEAD, seed))
        self.k = 0

    def _tok(self, tok):
        if self.k % gamescreen.TOKENS_PER_LINE == 0:
            self.f.write("\nin " if self.k else "in ")
        else:
            self.f.write(" ")
        self.f.write(tok)
        self.k += 1

    def add(self, delta, pressed, held):
        while delta > 255:
            self._tok(gamescreen.input_token(255, 0, held))
            delta -= 255
        self._tok(gamescreen.input_token(delta, pressed, held))

    def add_resume(self):
        self._tok("R")

    def close(self):
        self.f.write("\n")
        self.f.close()


class Fuzz:
    def __init__(self, fs, seed, session_path):
        self.fs = fs
        self.seed = seed
        self.rng = Rng(seed)
        self.log = FileLog(session_path, seed)
        self.since = 0
        self.last_held = 0
        self.presses = 0
        self.frames = 0
        self.reboots = 0
        self.checks = 0
        self.games_seen = {}
        self.boot()

    def boot(self):
        self.board = headless.setup(fs_root=self.fs)
        self.app = appmod.App(self.board)

    def reboot(self):
        """Power off and on: the app starts again from what is on the flash."""
        self.log.add_resume()
        self.since = 0
        self.last_held = 0
        self.reboots += 1
        self.boot()

    def frame(self, pressed, held):
        self.since += 1
        if pressed or held != self.last_held:
            self.log.add(self.since, pressed, held)
            self.since = 0
            self.last_held = held
        self.frames += 1
        self.app.frame(pressed, held)
        if pressed:
            self.presses += 1
            self.check()

    def check(self):
        app = self.app
        if app.last_error is not None:
            raise FuzzFailure("app error: %s" % appmod._error_text(app.last_error))
        screen = app.screen
        rules = getattr(screen, "rules", None)
        if rules is not None:
            rules.check(screen.s)
            self.checks += 1
            name = rules.NAME
            self.games_seen[name] = self.games_seen.get(name, 0) + 1

    def step(self):
        """One random action: a tap, a hold, a chord, a roll, a pause, or (rarely) a
        reboot."""
        r = self.rng.below(1000)
        if r < 2:
            self.reboot()
        elif r < 600:  # a tap, A most often so menus are left and games progress
            k = self.rng.below(10)
            mask = SINGLE[k] if k < 6 else btn.A
            self.frame(mask, mask)
            self.frame(0, 0)
        elif r < 700:  # a hold
            mask = SINGLE[self.rng.below(6)]
            self.frame(mask, mask)
            for _ in range(self.rng.below(40)):
                self.frame(0, mask)
            self.frame(0, 0)
        elif r < 730:  # A+B: short, or long enough to save and leave
            n = 5 if self.rng.below(2) else appmod.CHORD_FRAMES + 2
            self.frame(btn.A | btn.B, btn.A | btn.B)
            for _ in range(n):
                self.frame(0, btn.A | btn.B)
            self.frame(0, 0)
        elif r < 800:  # two buttons at once (a diagonal, or a mash)
            mask = SINGLE[self.rng.below(6)] | SINGLE[self.rng.below(6)]
            self.frame(mask, mask)
            self.frame(0, 0)
        elif r < 850:  # a roll: a second button pressed on the very next frame
            first = SINGLE[self.rng.below(6)]
            then = SINGLE[self.rng.below(6)]
            self.frame(first, first)
            self.frame(then, first | then)
            self.frame(0, 0)
        else:  # wait: real-time games run on
            for _ in range(1 + self.rng.below(30)):
                self.frame(0, 0)

    def run(self, presses):
        while self.presses < presses:
            self.step()


def replay_session(fs, log):
    """Feed a recorded session from power-on; resume marks are reboots. Returns the app."""
    board = headless.setup(fs_root=fs)
    app = appmod.App(board)
    held = 0
    from firmware.reading import events

    for delta, pressed, new_held in events(log):
        if delta == 0:
            board = headless.setup(fs_root=fs)
            app = appmod.App(board)
            held = 0
            continue
        for _ in range(delta - 1):
            app.frame(0, held)
        app.frame(pressed, new_held)
        held = new_held
    return app, board


def main(fs, seed, presses, session_path):
    fuzz = Fuzz(fs, seed, session_path)
    try:
        fuzz.run(presses)
    except Exception as e:  # noqa: BLE001 - report every failure with its session
        fuzz.log.close()
        print("FAIL seed %d after %d presses: %s" % (seed, fuzz.presses, appmod._error_text(e)))
        print("session: %s (python -m host_sim replay %s)" % (session_path, session_path))
        return 1
    fuzz.log.close()
    games = " ".join(["%s=%d" % (k, fuzz.games_seen[k]) for k in sorted(fuzz.games_seen)])
    print(
        "ok seed %d: %d presses, %d frames, %d reboots, %d checks (%s)"
        % (seed, fuzz.presses, fuzz.frames, fuzz.reboots, fuzz.checks, games)
    )
    return 0


if __name__ == "__main__":
    a = sys.argv[1:]
    sys.exit(main(a[0], int(a[1]), int(a[2]), a[3]))
