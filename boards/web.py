"""A board in a web page: MicroPython's WebAssembly port runs the app, the page draws.

The page's script (web/pocket.js) loads this module and calls Runner.frame() once a
frame from the browser's timer: app.run() would block the page. The panel is the real
SSD1306 driver over a bus that keeps what a panel keeps (contrast, invert); the script
reads the framebuffer after a frame that sent anything and draws it on a canvas. The
buttons are the page's keys and on-screen buttons; the buzzer and the entropy for new
games' seeds come from the page (`host`: tone(freq, ms), entropy()). The files live in
the port's memory filesystem, which the script copies to and from the browser's storage.
Nothing here touches the browser at import.
"""

import gc
import io

from boards.headless import CountingBus
from firmware.board import Board
from firmware.ssd1306 import SSD1306

NAME = "web"
SHOWN = 1  # Runner.frame(): the panel changed (pixels, contrast or invert)


class PanelBus(CountingBus):
    """The panel as the page shows it: a change counter the page polls after a frame."""

    def __init__(self):
        CountingBus.__init__(self)
        self.version = 0

    def command(self, c):
        before = (self.contrast, self.inverted)
        CountingBus.command(self, c)
        if (self.contrast, self.inverted) != before:
            self.version += 1

    def data(self, mv):
        CountingBus.data(self, mv)
        self.version += 1


class Buzzer:
    """The page's sound: a square wave for `ms` milliseconds."""

    def __init__(self, host):
        self.host = host

    def tone(self, freq, ms):
        self.host.tone(freq, ms)


def _clock():
    import time

    return time.ticks_ms, time.ticks_diff


def setup(host=None, fs_root="/data", entropy=None):
    """The board. entropy: a number every new game's seed starts from (the tests' fixed
    0, as the headless board's clock), or None for the page's random numbers."""
    bus = PanelBus()
    display = SSD1306(bus)
    held = [0]
    ticks_ms, ticks_diff = _clock()

    def read_buttons():
        return held[0]

    board = Board(NAME, display, read_buttons, ticks_ms, ticks_diff, lambda ms: None, fs_root)
    board.bus = bus
    board.held = held
    if host is not None:
        board.buzzer = Buzzer(host)
    if entropy is not None:
        board.entropy = lambda: entropy
    elif host is not None:
        board.entropy = lambda: int(host.entropy()) & 0x7FFFFFFF
    return board


class Runner:
    """The app on this board, a frame at a time, and what the page asks of it."""

    def __init__(self, host=None, fs_root="/data", entropy=None):
        from firmware import app as appmod

        self.board = setup(host, fs_root, entropy)
        self.app = appmod.App(self.board)
        self.frame_ms = appmod.FRAME_MS
        self.chord_frames = appmod.CHORD_FRAMES
        self.shown = -1
        self.replaying = None  # the frames of a replay being played back

    def frame(self, pressed, held):
        """One frame of the app; SHOWN when the panel changed."""
        self.board.held[0] = held
        if self.replaying is not None:
            self.replay_step()
        else:
            self.app.frame(pressed, held)
        version = self.board.bus.version
        if version == self.shown:
            return 0
        self.shown = version
        return SHOWN

    def screen_hex(self):
        """The panel's 1,024 bytes (MONO_VLSB pages), as hex."""
        return bytes(self.board.display.buf).hex()

    def look(self):
        """The panel's contrast (0-255), plus 256 when it is inverted."""
        bus = self.board.bus
        return bus.contrast + (256 if bus.inverted else 0)

    def game(self):
        """The id of the game being played ("" elsewhere or once it is over)."""
        screen = self.app.screen
        if getattr(screen, "save_now", None) is None or screen.finished:
            return ""
        return screen.gid

    def resume(self, gid):
        """Open a saved game, as the launcher does (a damaged save gets its notice)."""
        from firmware import games

        if gid not in games.ids() or not self.app.store.exists(gid + ".sav"):
            return False
        self.app.start_game(gid, resume=True)
        return True

    def leave(self):
        """Esc: in a game, True (the page holds A+B for the chord, as the device's way
        out); elsewhere the launcher at once."""
        if self.game():
            return True
        self.app.home()
        return False

    def bot_press(self):
        """The game's own computer press for the person (bench, tests), or 0."""
        bot = getattr(self.app.screen, "bot_press", None)
        return bot() if bot is not None else 0

    def replay_file(self):
        """The replay of the game on screen, else of the last game finished, as its file
        name, a newline and its text; "" when there is none."""
        screen = self.app.screen
        if getattr(screen, "inputs", None) is not None:  # a game screen
            from firmware.reading import replay_text

            return screen.gid + ".rep\n" + replay_text(screen)
        found = self.last_replay()
        return found[0] + "\n" + found[1] if found else ""

    def last_replay(self):
        import os

        store = self.app.store
        best = None
        for name in os.listdir(store.dir):
            if name.endswith(".last.rep"):
                when = os.stat(store.path(name))[8]
                if best is None or when >= best[0]:
                    best = (when, name)
        if best is None:
            return None
        return best[1], store.read_text(best[1])

    # ---- replays -------------------------------------------------------

    def start_replay(self, text):
        """Play a replay back from its start; "" or the one line saying why it cannot."""
        try:
            fields = read_replay(text)
        except MemoryError:
            return "This replay is too big to play here."
        except Exception as e:  # noqa: BLE001 - any damage is one line, never a traceback
            return "This replay cannot be played: %s" % _first_line(e)
        self.replay_total = replay_frames(fields["inputs"])
        self.replay_done = 0
        self.replaying = _replay(self.app, fields)
        gc.collect()
        return ""

    def replay_step(self):
        try:
            next(self.replaying)
            self.replay_done += 1
        except StopIteration:
            self.replaying = None

    def replay_left(self):
        """Frames of the replay still to play (0: over, the game is the person's now)."""
        if self.replaying is None:
            return 0
        return max(1, self.replay_total - self.replay_done)


def check_replay(text):
    """The one line saying why the replay cannot be played here, or "" when it can."""
    try:
        read_replay(text)
    except MemoryError:
        return "This replay is too big to play here."
    except Exception as e:  # noqa: BLE001 - any damage is one line, never a traceback
        return "This replay cannot be played: %s" % _first_line(e)
    return ""


def read_replay(text):
    """The replay's header fields, checked as `host_sim replay` checks them (ValueError)."""
    from firmware import games, gamescreen, reading

    fields = reading.read_header(io.StringIO(text), gamescreen.REPLAY_HEAD)
    if fields["game"] not in games.ids():
        raise ValueError("no game %r here" % fields["game"][:20])
    rules = games.rules(fields["game"])
    rules.new(fields["seed"], fields["options"], fields["profile"])
    if fields["profile"] is not None:
        rules.check_profile(fields["profile"])
    return fields


def replay_frames(inputs):
    """The frames a replay takes to play back (its last one shown, as the host's)."""
    n = 1
    from firmware.reading import events

    for delta, _pressed, _held in events(inputs):
        n += delta if delta else 1
    return n


def _replay(app, fields):
    """The recorded inputs a frame at a time, as the headless board's Driver.replay."""
    game = fields["game"]
    app.start_game(
        game,
        seed=fields["seed"],
        options=fields["options"],
        resume=False,
        profile=fields["profile"],
    )
    held = 0
    from firmware.reading import events

    for delta, pressed, new_held in events(fields["inputs"]):
        if delta == 0:  # the game was resumed from its save here
            app.frame(0, 0)
            yield
            held = 0
            app.start_game(game, resume=True)
            continue
        for _ in range(delta - 1):
            app.frame(0, held)
            yield
        app.frame(pressed, new_held)
        yield
        held = new_held
    app.frame(0, held)
    yield


def _first_line(e):
    text = str(e) or e.__class__.__name__
    return text.split("\n")[0][:60]
