"""The device app: frame loop, screens, launcher, settings, saves, error screen."""

import gc
import sys

from firmware import buttons as btn
from firmware import gfx
from firmware.store import Store
from firmware.version import VERSION

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


FRAME_MS = const(25)  # 40 frames per second
CHORD_FRAMES = const(20)  # hold A+B this long (0.5 s) to save and leave a game
TOAST_FRAMES = const(100)  # a notice stays 2.5 s (or until a button is pressed)
AB = const(48)  # btn.A | btn.B

# id, title, what a "clean" game is called in the stats. Screen module
# firmware.<id>_screen, rules module shared_rules.<id>.
GAMES = (
    ("hang10", "Hang 10", "Clean", "no wipe-out"),
    ("snafu", "Snafu", "Won", "match won"),
)

DEFAULT_SETTINGS = {"contrast": 3, "invert": False, "sound": True, "watchdog": False}
WATCHDOG_MS = const(8000)  # a frame that takes longer than this resets the device
CONTRAST_LEVELS = (0, 8, 40, 110, 190, 255)  # index 1..5 used


class App:
    def __init__(self, board, store=None):
        self.board = board
        self.display = board.display
        self.fb = board.display.fb
        self.store = store if store is not None else Store(board.fs_root)
        self.settings = self.store.load_json("settings.json", DEFAULT_SETTINGS)
        self.apply_settings()
        self.screen = None
        self.dirty = True
        self.frame_no = 0
        self.chord = 0
        self.seed_counter = 0
        self.last_error = None
        self.toast = None  # one-line notice drawn over the bottom line
        self.toast_left = 0
        self.go(Launcher(self))

    # ---- screens -------------------------------------------------------

    def go(self, screen):
        old = self.screen
        self.screen = screen
        self.dirty = True
        if old is not None and old is not screen:
            old.leave()

    def frame(self, pressed, held):
        """One frame: route input to the screen, redraw and show if anything changed.

        Any error from a screen (not KeyboardInterrupt) shows the error screen.
        A frame with nothing to do allocates nothing.
        """
        self.frame_no += 1
        try:
            if held & AB == AB:
                self.chord += 1
                pressed &= ~AB
                if self.chord == CHORD_FRAMES:
                    self.screen.on_chord()
            else:
                self.chord = 0
            if self.toast_left:
                self.toast_left -= 1
                if pressed or not self.toast_left:
                    self.toast_left = 0
                    self.toast = None
                    self.dirty = True
                    self.screen.repaint = True
            self.screen.update(pressed, held)
            if not self.toast_left and self.store.notices:
                self.toast = self.store.take_notice()
                self.toast_left = TOAST_FRAMES
                self.dirty = True
                self.screen.repaint = True
            if self.dirty:
                self.dirty = False
                screen = self.screen
                if not screen.incremental:
                    self.fb.fill(0)
                screen.draw(self.fb)
                if self.toast:
                    gfx.bar(self.fb, self.toast, 55)
                self.display.show()
        except Exception as e:  # noqa: BLE001 - the device must never die on a game bug
            self.fail(e)

    def fail(self, e):
        self.last_error = e
        text = _error_text(e)
        try:
            self.store.write_text("error.txt", text)
        except Exception:  # noqa: BLE001 - the error screen matters more than its log
            pass
        screen = self.screen
        if isinstance(screen, ErrorScreen):
            screen = Launcher(self)  # an error while showing an error: go home
        else:
            screen = ErrorScreen(self, text)
        self.go(screen)
        self.fb.fill(0)
        try:
            screen.draw(self.fb)
        except Exception:  # noqa: BLE001
            self.fb.fill(0)
            self.fb.text("ERROR", 0, 0, 1)
        self.dirty = False
        self.display.show()

    def run(self):
        """The device main loop: fixed tick, buttons polled and latched while waiting.

        With the watchdog setting on, a frame that hangs for WATCHDOG_MS resets the
        device (it starts again at the launcher; the game's last save is kept).
        Ctrl-C (KeyboardInterrupt) stops the watchdog and leaves the loop.
        """
        board = self.board
        buttons = btn.Buttons(board.read_buttons)
        ticks_ms = board.ticks_ms
        ticks_diff = board.ticks_diff
        sleep_ms = board.sleep_ms
        wdt = None
        if self.settings["watchdog"] and board.watchdog is not None:
            wdt = board.watchdog(WATCHDOG_MS)
        due = ticks_ms()
        try:
            while True:
                pressed, held = buttons.take()
                self.frame(pressed, held)
                if wdt is not None:
                    wdt.feed()
                due += FRAME_MS
                while True:
                    buttons.poll()
                    left = ticks_diff(due, ticks_ms())
                    if left <= 0:
                        break
                    sleep_ms(2 if left > 2 else left)
                if ticks_diff(ticks_ms(), due) > 4 * FRAME_MS:
                    due = ticks_ms()  # fell far behind (slow frame): do not try to catch up
        finally:
            if wdt is not None:
                wdt.stop()

    # ---- settings, seeds, games ---------------------------------------

    def apply_settings(self):
        s = self.settings
        level = s["contrast"]
        if level < 1 or level > 5:
            level = s["contrast"] = 3
        self.display.contrast(CONTRAST_LEVELS[level])
        self.display.invert(s["invert"])

    def save_settings(self):
        self.store.save_json("settings.json", self.settings)

    def new_seed(self):
        """A fresh game seed (the board's entropy if it has any, else the clock)."""
        self.seed_counter += 1
        entropy = getattr(self.board, "entropy", None)
        base = entropy() if entropy else self.board.ticks_ms()
        return (base * 7919 + self.frame_no * 31 + self.seed_counter) & 0x7FFFFFFF

    def beep(self, freq=880, ms=15):
        if self.settings["sound"] and self.board.buzzer is not None:
            self.board.buzzer.tone(freq, ms)

    def start_game(self, game_id, seed=None, options=None, resume=True):
        """Open a game: resume its save if asked and present, else a new one."""
        screen_mod = load_game(game_id)
        if resume:
            screen = screen_mod.resume(self)
            if screen is not None:
                self.go(screen)
                return screen
        if seed is None:
            seed = self.new_seed()
        screen = screen_mod.start(self, seed, options)
        self.go(screen)
        return screen

    def home(self):
        self.go(Launcher(self))


def load_game(game_id):
    """Import one game's screen module (which imports its rules); unload any other game."""
    for gid, _title, _clean, _note in GAMES:
        if gid != game_id:
            unload_game(gid)
    name = "firmware.%s_screen" % game_id
    __import__(name)
    return sys.modules[name]


def unload_game(game_id):
    """Drop a game's modules (screen, rules, computer player) so their memory can be
    collected; modules of machine code (RESIDENT) stay: MicroPython never frees it."""
    for full in list(sys.modules):
        if full == "firmware.%s_screen" % game_id or full.startswith("shared_rules." + game_id):
            if getattr(sys.modules[full], "RESIDENT", False):
                continue
            del sys.modules[full]
            pkg, _, name = full.partition(".")
            parent = sys.modules.get(pkg)
            if parent is not None and hasattr(parent, name):
                delattr(parent, name)
    gc.collect()


def _error_text(e):
    name = e.__class__.__name__
    msg = str(e)
    return name + (": " + msg.split("\n")[0] if msg else "")


# ---- screens -------------------------------------------------------------


class Screen:
    """Base screen: update(pressed, held), draw(fb), on_chord(), leave().

    An `incremental` screen keeps the frame between draws and draws only what
    changed; when `repaint` is set (new screen, notice shown or gone) it must
    clear and draw everything.
    """

    incremental = False

    def __init__(self, app):
        self.app = app
        self.repaint = True

    def update(self, pressed, held):
        pass

    def draw(self, fb):
        pass

    def on_chord(self):
        pass

    def leave(self):
        pass


class Menu(Screen):
    """A titled list; A picks, B goes back. Items are (label, action) pairs."""

    VISIBLE = 5

    def __init__(self, app, title, items, back=None):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.back = back
        self.index = 0

    def labels(self):
        return [label for label, _ in self.items]

    def update(self, pressed, held):
        if pressed & btn.UP:
            self.index = (self.index - 1) % len(self.items)
            self.app.dirty = True
        elif pressed & btn.DOWN:
            self.index = (self.index + 1) % len(self.items)
            self.app.dirty = True
        elif pressed & btn.A:
            self.app.beep()
            self.items[self.index][1]()
            self.app.dirty = True
        elif pressed & btn.B and self.back:
            self.back()

    def draw(self, fb):
        gfx.bar(fb, self.title, 0)
        labels = self.labels()
        top = 0
        if self.index >= self.VISIBLE:
            top = self.index - self.VISIBLE + 1
        for i in range(top, min(len(labels), top + self.VISIBLE)):
            y = 11 + (i - top) * 9
            if i == self.index:
                fb.fill_rect(0, y - 1, gfx.W, 9, 1)
                fb.text(labels[i][:15], 4, y, 0)
            else:
                fb.text(labels[i][:15], 4, y, 1)


class Launcher(Menu):
    def __init__(self, app):
        items = []
        for gid, title, _clean, _note in GAMES:
            items.append((title, self._opener(gid, title)))
        items.append(("Settings", lambda: app.go(Settings(app))))
        items.append(("About", lambda: app.go(About(app))))
        Menu.__init__(self, app, "Pocket Table", items)

    def _opener(self, gid, title):
        return lambda: self.app.go(GameMenu(self.app, gid, title))


class GameMenu(Menu):
    """Continue / New game / Stats for one game."""

    def __init__(self, app, gid, title):
        self.gid = gid
        items = []
        if app.store.exists(gid + ".sav"):
            items.append(("Continue", lambda: app.start_game(gid, resume=True)))
        items.append(("New game", self.new_game))
        items.append(("Stats", lambda: app.go(StatsScreen(app, gid, title))))
        Menu.__init__(self, app, title, items, back=app.home)

    def new_game(self):
        mod = load_game(self.gid)
        if getattr(mod, "OPTIONS", None):
            self.app.go(OptionsScreen(self.app, self.gid, self.title, mod))
        else:
            self.app.start_game(self.gid, resume=False)


class OptionsScreen(Screen):
    """Choose a game's options (LEFT/RIGHT), A starts, B goes back. Remembered per game."""

    VISIBLE = 4

    def __init__(self, app, gid, title, mod):
        Screen.__init__(self, app)
        self.gid = gid
        self.title = title
        self.mod = mod
        defaults = {}
        for key, _label, choices in mod.OPTIONS:
            defaults[key] = choices[0]
        self.opts = app.store.load_json(gid + ".opt.json", defaults)
        for key, _label, choices in mod.OPTIONS:
            if self.opts[key] not in choices:
                self.opts[key] = choices[0]
        self.index = 0

    def update(self, pressed, held):
        rows = len(self.mod.OPTIONS) + 1
        app = self.app
        if pressed & btn.UP:
            self.index = (self.index - 1) % rows
        elif pressed & btn.DOWN:
            self.index = (self.index + 1) % rows
        elif pressed & (btn.LEFT | btn.RIGHT) and self.index < rows - 1:
            key, _label, choices = self.mod.OPTIONS[self.index]
            step = 1 if pressed & btn.RIGHT else -1
            self.opts[key] = choices[(choices.index(self.opts[key]) + step) % len(choices)]
        elif pressed & btn.A:
            app.store.save_json(self.gid + ".opt.json", self.opts)
            app.start_game(self.gid, options=dict(self.opts), resume=False)
            return
        elif pressed & btn.B:
            app.go(GameMenu(app, self.gid, self.title))
            return
        else:
            return
        app.dirty = True

    def draw(self, fb):
        gfx.bar(fb, self.title + ": A=start", 0)
        rows = len(self.mod.OPTIONS) + 1
        top = max(0, min(self.index - 1, rows - self.VISIBLE))
        for i in range(top, min(rows, top + self.VISIBLE)):
            y = 11 + (i - top) * 9
            if i < rows - 1:
                key, label, _choices = self.mod.OPTIONS[i]
                text = "%-9s%s" % (label, self.mod.option_text(key, self.opts[key]))
            else:
                text = "Start"
            if i == self.index:
                fb.fill_rect(0, y - 1, gfx.W, 9, 1)
            fb.text(text[:16], 0, y, 0 if i == self.index else 1)
        lines = self.mod.describe(self.opts)
        fb.hline(0, 46, gfx.W, 1)
        for i in range(min(2, len(lines))):
            fb.text(lines[i][:16], 0, 48 + 8 * i, 1)


class StatsScreen(Screen):
    def __init__(self, app, gid, title):
        Screen.__init__(self, app)
        self.gid = gid
        self.title = title
        self.stats = load_stats(app.store, gid)
        self.clean_label = "Clean"
        self.clean_note = ""
        for g, _t, label, note in GAMES:
            if g == gid:
                self.clean_label = label
                self.clean_note = note

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.go(GameMenu(self.app, self.gid, self.title))

    def draw(self, fb):
        st = self.stats
        gfx.bar(fb, self.title + " stats", 0)
        fb.text("Games  %d" % st["games"], 0, 12, 1)
        best = str(st["best"]) if st["games"] else "-"
        fb.text("Best   %s" % best, 0, 22, 1)
        fb.text("%-7s%d" % (self.clean_label, st["clean"]), 0, 32, 1)
        fb.text("Mean   %s" % tenths(st["total"], st["games"]), 0, 42, 1)
        fb.text(("%s=%s" % (self.clean_label, self.clean_note))[:16], 0, 55, 1)


def tenths(total, count):
    """total/count with one decimal, '-' for no games."""
    if count <= 0:
        return "-"
    t = (abs(total) * 10 + count // 2) // count
    return "%s%d.%d" % ("-" if total < 0 else "", t // 10, t % 10)


DEFAULT_STATS = {"games": 0, "clean": 0, "best": 0, "total": 0}


def load_stats(store, gid):
    return store.load_json(gid + ".json", DEFAULT_STATS)


def record_result(store, gid, points, clean):
    """Add one finished game to the stats; returns (stats, new_best)."""
    st = load_stats(store, gid)
    new_best = st["games"] == 0 or points > st["best"]
    st["games"] += 1
    st["total"] += points
    if clean:
        st["clean"] += 1
    if new_best:
        st["best"] = points
    store.save_json(gid + ".json", st)
    return st, new_best


class Settings(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, "Settings", [], back=self.done)
        self.items = [
            ("contrast", self.contrast),
            ("invert", self.invert),
            ("sound", self.sound),
            ("Button test", lambda: app.go(ButtonTest(app))),
            ("watchdog", self.watchdog),
            ("Back", self.done),
        ]
        if app.board.watchdog is None:
            self.items.pop(4)
        if app.board.buzzer is None:
            self.items.pop(2)

    def labels(self):
        s = self.app.settings
        out = []
        for label, _ in self.items:
            if label == "contrast":
                label = "Contrast " + "#" * s["contrast"]
            elif label == "invert":
                label = "Invert   " + ("on" if s["invert"] else "off")
            elif label == "sound":
                label = "Sound    " + ("on" if s["sound"] else "off")
            elif label == "watchdog":
                label = "Watchdog " + ("on" if s["watchdog"] else "off")
            out.append(label)
        return out

    def update(self, pressed, held):
        label = self.items[self.index][0]
        if label == "contrast" and pressed & (btn.LEFT | btn.RIGHT):
            s = self.app.settings
            step = 1 if pressed & btn.RIGHT else -1
            s["contrast"] = min(5, max(1, s["contrast"] + step))
            self.app.apply_settings()
            self.app.dirty = True
            return
        Menu.update(self, pressed, held)

    def contrast(self):
        s = self.app.settings
        s["contrast"] = s["contrast"] % 5 + 1
        self.app.apply_settings()

    def invert(self):
        self.app.settings["invert"] = not self.app.settings["invert"]
        self.app.apply_settings()

    def sound(self):
        self.app.settings["sound"] = not self.app.settings["sound"]

    def watchdog(self):
        """Takes effect from the next start (the running watchdog cannot be stopped)."""
        self.app.settings["watchdog"] = not self.app.settings["watchdog"]

    def done(self):
        self.app.save_settings()  # one write when leaving, not per change
        self.app.home()


class ButtonTest(Screen):
    """Shows which buttons are held; hold B for a second to leave."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.held = 0
        self.count = 0
        self.b_frames = 0

    def update(self, pressed, held):
        if pressed:
            self.count += 1
        if held & btn.B:
            self.b_frames += 1
            if self.b_frames >= 40:
                self.app.go(Settings(self.app))
                return
        else:
            self.b_frames = 0
        if held != self.held or pressed:
            self.held = held
            self.app.dirty = True

    def draw(self, fb):
        gfx.bar(fb, "Button test", 0)
        held = self.held
        # d-pad on the left, A and B on the right, filled while held
        for bit, x, y in (
            (btn.UP, 20, 14),
            (btn.DOWN, 20, 38),
            (btn.LEFT, 8, 26),
            (btn.RIGHT, 32, 26),
        ):
            if held & bit:
                fb.fill_rect(x, y, 11, 11, 1)
            else:
                fb.rect(x, y, 11, 11, 1)
        for bit, x, label in ((btn.B, 80, "B"), (btn.A, 104, "A")):
            if held & bit:
                fb.fill_rect(x, 24, 15, 15, 1)
                fb.text(label, x + 4, 28, 0)
            else:
                fb.rect(x, 24, 15, 15, 1)
                fb.text(label, x + 4, 28, 1)
        fb.text("presses %d" % self.count, 0, 47, 1)
        fb.text("hold B: back", 0, 56, 1)


class About(Screen):
    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.home()

    def draw(self, fb):
        gfx.bar(fb, "About", 0)
        fb.text("Pocket Table", 0, 12, 1)
        fb.text("v" + VERSION, 0, 22, 1)
        name = self.app.board.name
        fb.text(name[:16], 0, 32, 1)
        fb.text(name[16:32], 0, 41, 1)
        fb.text("hold A+B: exit", 0, 55, 1)


class ErrorScreen(Screen):
    def __init__(self, app, text):
        Screen.__init__(self, app)
        self.lines = gfx.wrap(text)[:5]

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.home()

    def draw(self, fb):
        gfx.bar(fb, "Error", 0)
        for i, line in enumerate(self.lines):
            fb.text(line, 0, 11 + 9 * i, 1)
        fb.text("A: launcher", 0, 56, 1)
