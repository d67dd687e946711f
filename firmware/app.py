"""The device app: the frame loop, notices, settings, seeds and opening games.

The screens live in firmware.launcher (menus around the games), firmware.gamescreen
(a game in play) and firmware.screens (the parts every screen is made of).
"""

import gc
import sys

from firmware import buttons as btn
from firmware import declared, drop_module, gfx
from firmware.store import Store

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


FRAME_MS = const(25)  # 40 frames per second
CHORD_FRAMES = const(20)  # hold A+B this long (0.5 s) to save and leave a game
TOAST_FRAMES = const(100)  # a notice stays 2.5 s (or until a button is pressed)
AB = const(48)  # btn.A | btn.B

DEFAULT_SETTINGS = {"contrast": 3, "invert": False, "sound": True, "watchdog": False}
WATCHDOG_MS = const(8000)  # a frame that takes longer than this resets the device
CONTRAST_LEVELS = (0, 8, 40, 110, 190, 255)  # index 1..5 used
# On the device the launcher's module is dropped while a game is open (its bytecode is
# heap there) and imported again on the way home. CPython keeps it (tests compare its
# classes), which changes no screen.
DROP_LAUNCHER = sys.implementation.name == "micropython"
# A press's garbage is collected on the next calm frame on MicroPython and CircuitPython
# (a collection then never lands in a press); CPython's own collector needs no help, and
# a full collection there costs the simulator and the tests a frame's time for nothing.
# A collection takes 10 to 35 ms on a Pico (it marks the live heap and sweeps all of
# it), so a calm frame runs one only once the free heap is below LOW_HEAP: rarely with
# a Pico's heap, at every calm frame after a press in a heap as small as the budget's.
# A computer's search collects its own garbage in its thinking frame (tidy).
COLLECT = sys.implementation.name != "cpython"
LOW_HEAP = const(24 * 1024)
# The game the launcher opens across a soft reset (a board with soft_reset: MicroPython
# on a Pico), in the saves' folder: firmware/restart.py writes and reads it.
OPENING = "opening.json"


def heap_low():
    """Less than LOW_HEAP bytes free: time to collect (MicroPython, CircuitPython;
    never on CPython, which has no gc.mem_free and whose collector needs no help)."""
    free = getattr(gc, "mem_free", None)
    return free is not None and free() < LOW_HEAP


def tidy():
    """After a computer's search (its "thinking" frame, whose time is its own, and
    hundreds of ms): the search's garbage collected there and then, so the frames after
    it start from a clean heap and no calm frame has to collect it."""
    if COLLECT:
        gc.collect()


def check_settings(s):
    """Raise ValueError for a setting no menu could have made."""
    if not 1 <= s["contrast"] <= 5:
        raise ValueError("contrast out of range")


def drop_boot_modules():
    """The rp2 port's _boot.py leaves its rp2 module imported (the PIO assembler's
    classes: 1.4 KB of heap on a Pico) and named in __main__; nothing here uses it, so
    it leaves as the app starts (an `import rp2` would load it again)."""
    if sys.modules.pop("rp2", None) is not None:
        import __main__

        try:
            del __main__.rp2
        except AttributeError:
            pass


def launcher():
    from firmware import launcher as mod

    return mod


def registry():
    """firmware/games.py: the launcher and a game's opening use it; on the device it
    is out of the heap while a game is played (the opening drops it: 2.5 KB)."""
    from firmware import games

    return games


def restart():
    """firmware/restart.py: a game opened across a soft reset (loaded only then)."""
    from firmware import restart as mod

    return mod


def drop_launcher():
    """The launcher's modules out of the heap (a game opens; home imports them again)."""
    drop_module("firmware.launcher")
    drop_module("firmware.menus")
    drop_module("firmware.records")  # a game imports it to start and to end


def unload_games():
    """Every game's modules out of the heap, found by their packages, not by the
    registry (whose code may not be loaded, and may not fit: an error, a full heap)."""
    gc.collect()  # what the caller let go of
    kept = 0  # RESIDENT modules met (they stay, and come first among the game modules)
    while True:  # one module a pass, found without a list of the names (a full heap)
        n = 0
        for name in sys.modules:
            if name.startswith("shared_rules.") or name.startswith("firmware.play."):
                if n == kept:
                    break
                n += 1
        else:
            break
        drop_module(name)
        if name in sys.modules:
            kept += 1
    gc.collect()


class App:
    def __init__(self, board, store=None):
        drop_boot_modules()
        self.board = board
        self.display = board.display
        self.fb = board.display.fb
        self.store = store if store is not None else Store(board.fs_root)
        self.settings = self.store.load_json("settings.json", DEFAULT_SETTINGS, check_settings)
        self.apply_settings()
        self.screen = None
        self.dirty = True
        self.frame_no = 0
        self.chord = 0
        self.seed_counter = 0
        self.last_error = None
        self.toast = None  # one-line notice drawn over the bottom line
        self.toast_left = 0
        self.after_show = None  # work for after this frame's show (a turn's save)
        self.collect_due = False  # a press's garbage, collected on the next idle frame
        self.calm_collects = 0  # collections run on calm frames (the bench counts them)
        self.opening = None  # (gid, start_game's arguments): a game the launcher opens
        self.home_index = 0  # the launcher's cursor, kept while a game is played
        self.in_frame = False
        self.home_due = False  # a game asked for the launcher during this frame
        opening = None
        if self.store.exists(OPENING):  # the launcher's choice, made before a soft reset
            opening = restart().take(self)
            drop_module("firmware.restart")
        if opening is None:
            self.home()
        else:
            self.open_fresh(*opening)

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
        self.in_frame = True
        try:
            if held & AB == AB:
                self.chord += 1
                pressed &= ~AB
                if self.chord == CHORD_FRAMES:
                    self.screen.on_chord()
            else:
                self.chord = 0
            if self.home_due:  # asked for by the A+B hold: no game update after its save
                self.go_home_now()
            if self.toast_left:
                self.toast_left -= 1
                if pressed or not self.toast_left:
                    self.toast_left = 0
                    self.toast = None
                    self.dirty = True
                    self.screen.repaint = True
            self.screen.update(pressed, held)
            if self.home_due:
                self.go_home_now()
            if self.opening is not None:
                self._open()
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
                    gfx.notice(self.fb, self.toast)
                self.display.show()
                self.collect_due = True
            elif self.collect_due and COLLECT and not pressed and not held and self.calm():
                self.collect_due = False
                if heap_low():
                    gc.collect()  # now, while nothing waits, not in the middle of a press
                    self.calm_collects += 1
            if self.after_show is not None:
                work = self.after_show
                self.after_show = None
                work()
        except Exception as e:  # noqa: BLE001 - the device must never die on a game bug
            self.home_due = False
            self.fail(e)
        finally:
            self.in_frame = False

    def calm(self):
        """No work is due on the frames to come: not a real-time game in play (its
        frames run its ticks), not a computer seat about to move."""
        busy = getattr(type(self.screen), "busy", None)  # the class's: no bound method
        return busy is None or not busy(self.screen)

    def notice(self, text):
        """A one-line notice over the bottom line (as a store's notice is shown)."""
        self.toast = text
        self.toast_left = TOAST_FRAMES
        self.dirty = True
        self.screen.repaint = True

    def fail(self, e):
        self.last_error = e
        text = _error_text(e)
        try:
            self.store.write_text("error.txt", text)
        except Exception:  # noqa: BLE001 - the error screen matters more than its log
            pass
        screen = self.screen
        try:
            mod = launcher()
        except MemoryError:  # the game's modules go, so the error can be shown
            self.screen = None
            screen = None
            unload_games()
            try:
                mod = launcher()
            except MemoryError:
                mod = None
        if mod is None:
            screen = BareError(self, text)  # not even the launcher fits: A tries again
        elif type(screen).__name__ == "ErrorScreen":
            screen = mod.Launcher(self)  # an error while showing an error: go home
        else:
            screen = mod.ErrorScreen(self, text)
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

    def open_game(self, gid, **how):
        """From the launcher: the game opens once the launcher's screen has returned
        from this frame's update, so on the device the launcher's module is freed
        before the game's modules load (the heap's peak is one of them, not both)."""
        self.opening = (gid, how)

    def _open(self):
        gid, how = self.opening
        self.opening = None
        if self.board.soft_reset is not None:  # on the device the game opens after it
            restart().reset_into(self, gid, how)
            drop_module("firmware.restart")  # it returned: the game opens here
        if DROP_LAUNCHER:
            self.go(None)
            drop_launcher()
            gc.collect()
        self.start_game(gid, **how)

    def open_fresh(self, gid, how):
        """The game the launcher chose, opened as the app starts (after the soft reset);
        an error on the way shows the error screen, whose A goes to the launcher."""
        try:
            first = declared(registry().rules_alone(gid), "before_reading")
            if first is not None:  # the code the game holds throughout, in a fresh heap
                first()
            self.start_game(gid, **how)
        except Exception as e:  # noqa: BLE001 - never a dead end: the error screen
            self.fail(e)

    def start_game(self, gid, seed=None, options=None, resume=True, profile=None):
        """Open a game: resume its save if asked and present, else a new one."""
        if DROP_LAUNCHER:
            drop_launcher()
        games = registry()
        got = None
        if resume and games.entry(gid)[3] not in sys.modules:
            # the save read with the rules module alone: the screen's code comes after
            # (on the device the save's code and the screen's are never in the heap
            # together); no save, or a damaged one set aside: a new game
            from firmware.gamescreen import read_save

            got = read_save(games.rules_alone(gid), self, gid)
            resume = got is not None
        screen_mod = games.load(gid)
        games = None
        screen = screen_mod.SCREEN.resume(self, gid, got) if resume else None
        got = None
        if screen is None:
            if seed is None:
                seed = self.new_seed()
            screen = screen_mod.SCREEN.start(self, gid, seed, options, profile)
        self.go(screen)
        return screen

    def leave_game(self):
        """The launcher, from a game's own code: once that code has returned (in a frame,
        after the screen's update), so that no call of the game's holds its screen, state
        and modules in the heap while the launcher loads; at once outside a frame."""
        if self.in_frame:
            self.home_due = True
        else:
            self.home()

    def go_home_now(self):
        self.home_due = False
        self.home()

    def home(self):
        """The launcher; the game's code goes first (games.unload_all; on the device
        the game's modules leave before the registry's code comes back)."""
        self.go(None)
        if DROP_LAUNCHER:
            unload_games()
        registry().unload_all()
        self.go(launcher().Launcher(self))


class BareError:
    """The error screen when not even the launcher can be loaded (the heap is full):
    the error's first line, and A or B goes home (which loads the launcher again)."""

    incremental = False

    def __init__(self, app, text):
        self.app = app
        self.text = text
        self.repaint = False

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.home()

    def draw(self, fb):
        fb.text("ERROR", 0, 0, 1)
        fb.text(self.text[:16], 0, 16, 1)
        fb.text(self.text[16:32], 0, 26, 1)
        fb.text("A: launcher", 0, 56, 1)

    def leave(self):
        pass

    def on_chord(self):
        pass


def _error_text(e):
    name = e.__class__.__name__
    msg = str(e)
    return name + (": " + msg.split("\n")[0] if msg else "")
