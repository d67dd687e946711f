"""The CircuitPython runtime: boards/cp_pico.py and firmware/cpdisplay.py on Adafruit's
Blinka displayio, the CircuitPython build, install-cp, boot.py, a read-only drive.

displayio, bitmaptools, i2cdisplaybus, busdisplay and adafruit_displayio_ssd1306 are
the real packages (pinned in requirements.txt). Only what needs hardware is faked
here: the board's pin names, busio.I2C (its writes go to a small model of the
SSD1306 that keeps the panel's RAM), digitalio levels, supervisor's clock,
microcontroller's watchdog and storage.remount.
"""

import hashlib
import json
import os
import re
import sys
import types

# The real Blinka modules, imported before any fake below is installed.
import adafruit_displayio_ssd1306  # noqa: F401
import bitmaptools  # noqa: F401
import busdisplay  # noqa: F401
import displayio
import i2cdisplaybus  # noqa: F401
import pytest

from boards import cp_pico, driver
from firmware import app as appmod
from firmware import cpdisplay, games, launcher
from firmware import store as storemod
from host_sim import build, device, install_cp
from mpvm import ROOT, run_mp

# ---- fakes for the hardware --------------------------------------------------


class Panel:
    """An SSD1306 as both drivers use it over I2C: commands with their parameters, and
    GDDRAM writes in horizontal addressing mode within the column and page window."""

    PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1}
    PARAMS.update({0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1})

    def __init__(self):
        self.ram = bytearray(1024)
        self.window = (0, 127, 0, 7)
        self.col = 0
        self.page = 0
        self.mode = 2  # page addressing until told otherwise, as after reset
        self.inverted = False
        self.on = False
        self.contrast = None
        self.pending = None
        self.params = []
        self.bytes = 0
        self.data_bytes = 0

    def write(self, data):
        self.bytes += 1 + len(data)  # the address byte too
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            dc = ctrl & 0x40
            if ctrl & 0x80:  # Co set: one byte, then another control byte
                if i < len(data):
                    self.byte(dc, data[i])
                    i += 1
            else:
                for b in data[i:]:
                    self.byte(dc, b)
                break

    def byte(self, dc, b):
        if dc:
            self.data(b)
        elif self.pending is not None:
            self.params.append(b)
            if len(self.params) == self.PARAMS[self.pending]:
                self.command(self.pending, self.params)
                self.pending = None
        elif b in self.PARAMS:
            self.pending = b
            self.params = []
        elif b in (0xA6, 0xA7):
            self.inverted = b == 0xA7
        elif b in (0xAE, 0xAF):
            self.on = b == 0xAF

    def command(self, c, p):
        if c == 0x20:
            self.mode = p[0]
        elif c == 0x21:
            self.window = (p[0], p[1]) + self.window[2:]
            self.col = p[0]
        elif c == 0x22:
            self.window = self.window[:2] + (p[0], p[1])
            self.page = p[0]
        elif c == 0x81:
            self.contrast = p[0]

    def data(self, b):
        assert self.mode == 0, "GDDRAM written outside horizontal addressing"
        c0, c1, p0, p1 = self.window
        self.ram[self.page * 128 + self.col] = b
        self.data_bytes += 1
        if self.col < c1:
            self.col += 1
        else:
            self.col = c0
            self.page = self.page + 1 if self.page < p1 else p0

    def visible(self):
        """The lit pixels as MONO_VLSB bytes: RAM, inverted if the panel is told to."""
        return bytes(b ^ 0xFF for b in self.ram) if self.inverted else bytes(self.ram)


class FakeI2C:
    """busio.I2C: a lock as busio's (try_lock fails while locked), writes go to one Panel."""

    def __init__(self, scl, sda, frequency=100_000, timeout=255):
        self.pins = (scl, sda)
        self.frequency = frequency
        self.panel = Panel()
        self.deinited = False
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        assert address == 0x3C
        self.panel.write(bytes(buffer)[start:end])

    def deinit(self):
        self.deinited = True


class FakeDog:
    """microcontroller.watchdog."""

    def __init__(self, mode_none_works=True):
        self.timeout = None
        self.mode = None
        self.feeds = 0
        self.deinits = 0
        self.mode_none_works = mode_none_works

    def __setattr__(self, name, value):
        if name == "mode" and value is None and not self.__dict__.get("mode_none_works", True):
            raise ValueError("mode None")
        object.__setattr__(self, name, value)

    def feed(self):
        self.feeds += 1

    def deinit(self):
        self.deinits += 1
        object.__setattr__(self, "mode", None)


class Env:
    """The fake hardware modules and their state."""

    def __init__(self):
        self.levels = {}  # pin name -> False while the button is held (to ground)
        self.ticks = [0]
        self.i2c = []
        self.dog = FakeDog()
        self.remounts = []

    def press(self, *names):
        for key, pin in cp_pico.BUTTONS.items():
            self.levels[pin] = key not in names

    def modules(self):
        env = self
        board = types.ModuleType("board")
        for n in range(29):
            setattr(board, "GP%d" % n, "GP%d" % n)
        busio = types.ModuleType("busio")

        def make_i2c(scl, sda, frequency=100_000):
            i2c = FakeI2C(scl, sda, frequency)
            env.i2c.append(i2c)
            return i2c

        busio.I2C = make_i2c
        digitalio = types.ModuleType("digitalio")
        digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")

        class DigitalInOut:
            def __init__(self, pin):
                self.pin = pin
                self.pull = None

            def switch_to_input(self, pull=None):
                self.pull = pull

            @property
            def value(self):
                assert self.pull == "up"
                return env.levels.get(self.pin, True)

            def deinit(self):
                pass

        digitalio.DigitalInOut = DigitalInOut
        supervisor = types.ModuleType("supervisor")
        supervisor.ticks_ms = lambda: env.ticks[0]
        microcontroller = types.ModuleType("microcontroller")
        microcontroller.watchdog = self.dog
        watchdog = types.ModuleType("watchdog")
        watchdog.WatchDogMode = types.SimpleNamespace(RESET="RESET", RAISE="RAISE")
        storage = types.ModuleType("storage")
        storage.remount = lambda path, readonly=False: env.remounts.append((path, readonly))
        return {
            "board": board,
            "busio": busio,
            "digitalio": digitalio,
            "supervisor": supervisor,
            "microcontroller": microcontroller,
            "watchdog": watchdog,
            "storage": storage,
        }


@pytest.fixture
def env(monkeypatch):
    e = Env()
    for name, mod in e.modules().items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.setattr(cp_pico, "watchdog_stoppable", lambda version=None: True)
    yield e
    displayio.release_displays()


def cp_board(env, root):
    board = cp_pico.setup()
    board.fs_root = str(root)  # the device's "/" is a test folder here
    return board


# ---- the app on both runtimes, pixel for pixel -------------------------------


def _both(mp_app, cp_app, pressed, held):
    mp_app.frame(pressed, held)
    cp_app.frame(pressed, held)


def _check(mp_board, cp_board_, where):
    mp_buf = bytes(mp_board.display.buf)
    mp_visible = bytes(b ^ 0xFF for b in mp_buf) if mp_board.bus.inverted else mp_buf
    frame = cp_board_.display
    panel = frame.display.bus._i2c.panel
    # what the Bitmaps hold is the app's frame; what the panel shows is the same picture
    assert cpdisplay.bitmap_bytes(frame.bitmaps) == mp_buf, where
    assert panel.visible() == mp_visible, where
    assert panel.contrast == mp_board.bus.contrast, where
    assert panel.on


def _keys(mp_app, cp_app, mp_board, cp_board_, script):
    for tok in script.split(","):
        name, _, count = tok.strip().partition("*")
        from firmware.buttons import parse_mask

        mask = parse_mask(name)
        _both(mp_app, cp_app, mask, mask)
        for _ in range(int(count or 1) - 1):
            _both(mp_app, cp_app, 0, mask)
        _both(mp_app, cp_app, 0, 0)
        _check(mp_board, cp_board_, tok)


def _bot(mp_app, cp_app, mp_board, cp_board_, turns):
    screen = mp_app.screen
    while screen.s.turn < turns and not screen.finished:
        mask = screen.bot_press()
        _both(mp_app, cp_app, mask, mask)
        _both(mp_app, cp_app, 0, 0)
        _check(mp_board, cp_board_, "turn %d" % screen.s.turn)


@pytest.mark.parametrize("fast", [True, False], ids=["bitmaptools", "pixel-copy"])
def test_cp_board_shows_what_the_micropython_app_shows(env, tmp_path, monkeypatch, fast):
    if not fast:  # a CircuitPython build without bitmaptools
        monkeypatch.setitem(sys.modules, "bitmaptools", None)
    mp_app, mp_board, _ = device.make(str(tmp_path / "mp"))
    board = cp_board(env, tmp_path / "cp")
    assert (board.display.readinto is not None) == fast
    cp_app = appmod.App(board)
    assert board.watchdog is not None and mp_board.watchdog is not None  # same Settings menu
    _both(mp_app, cp_app, 0, 0)
    _check(mp_board, board, "launcher")
    run = (mp_app, cp_app, mp_board, board)
    _keys(*run, "UP,UP,A,RIGHT,RIGHT,DOWN,A,B")  # Settings: contrast up, invert on, leave
    assert mp_board.bus.inverted and board.display.inverted
    # home keeps the cursor on Settings (just below the games): up to Hang 10, New game
    _keys(*run, "UP," * len(games.ids()) + "A,A")
    # (seed from the clock: 0 on both)
    assert mp_app.screen.s.seed == cp_app.screen.s.seed
    _bot(*run, 4)
    _keys(*run, "A+B*20,A,A")  # save and leave, then Continue
    _bot(*run, 7)
    _keys(*run, "B,DOWN,DOWN,B")  # the pause menu and back
    _keys(*run, "A+B*20,UP,UP,A,DOWN,A,LEFT,B")  # leave; Settings: invert off, contrast
    assert not board.display.inverted
    for name in sorted(os.listdir(tmp_path / "mp" / "saves")):
        a = (tmp_path / "mp" / "saves" / name).read_bytes()
        assert (tmp_path / "cp" / "saves" / name).read_bytes() == a, name
    frame = board.display
    assert frame.shows == mp_board.display.shows
    # unchanged frames copy nothing and do not refresh the panel
    panel = env.i2c[-1].panel
    before = (panel.bytes, frame.cells_copied)
    for _ in range(5):
        cp_app.frame(0, 0)
    assert frame.show() == 0
    assert (panel.bytes, frame.cells_copied) == before


def test_cp_board_plays_a_whole_game_like_micropython(env, tmp_path):
    mp_app, mp_board, mp_driver = device.make(str(tmp_path / "mp"))
    board = cp_board(env, tmp_path / "cp")
    cp_app = appmod.App(board)
    mp_app.start_game("hang10", seed=11, resume=False)
    cp_app.start_game("hang10", seed=11, resume=False)
    screen = mp_app.screen
    for _ in range(4000):
        if screen.finished:
            break
        mask = screen.bot_press()
        _both(mp_app, cp_app, mask, mask)
        _both(mp_app, cp_app, 0, 0)
    assert screen.finished and cp_app.screen.finished
    assert cp_app.last_error is None
    _check(mp_board, board, "game over")
    assert cp_app.screen.rules.score(cp_app.screen.s) == screen.rules.score(screen.s)


def test_first_show_sends_the_whole_frame_then_only_changed_cells(env, tmp_path):
    board = cp_board(env, tmp_path)
    frame = board.display
    panel = env.i2c[-1].panel
    cells = len(frame.bitmaps)
    assert cells == 128 * 8 // cpdisplay.COLUMNS
    frame.fb.fill(0)
    frame.fb.text("hello", 0, 0, 1)
    assert frame.show() == cells
    assert panel.data_bytes == 1024
    # Blinka sends the first frame's pages once more on the next refresh (its TileGrids keep
    # their bitmaps' dirty areas through a full refresh; CircuitPython's displayio clears them)
    frame.display.refresh()
    data = panel.data_bytes
    frame.fb.text("x", 0, 16, 1)  # page 2, the first cell only
    assert frame.show() == 1
    assert panel.data_bytes - data == cpdisplay.COLUMNS
    data = panel.data_bytes
    frame.fb.hline(0, 63, 128, 1)  # the whole last page
    assert frame.show() == 128 // cpdisplay.COLUMNS
    assert panel.data_bytes - data == 128
    assert panel.visible() == bytes(frame.buf)
    assert frame.show() == 0


def test_invert_contrast_power(env, tmp_path):
    board = cp_board(env, tmp_path)
    frame = board.display
    panel = env.i2c[-1].panel
    frame.fb.fill(0)
    frame.fb.fill_rect(0, 0, 10, 10, 1)
    frame.show()
    frame.invert(True)
    frame.show()  # no cell changed: the palette did
    assert panel.visible() == bytes(b ^ 0xFF for b in frame.buf)
    frame.invert(False)
    frame.show()
    assert panel.visible() == bytes(frame.buf)
    for value in appmod.CONTRAST_LEVELS + (1, 127, 128, 254):
        frame.contrast(value)
        assert panel.contrast == value
    frame.poweroff()
    assert not panel.on
    frame.poweron()
    assert panel.on


def test_buttons_are_read_active_low(env, tmp_path):
    from firmware import buttons as btn

    board = cp_board(env, tmp_path)
    env.press()
    assert board.read_buttons() == 0
    env.press("A", "LEFT")
    assert board.read_buttons() == btn.A | btn.LEFT
    env.press(*btn.NAMES)
    assert board.read_buttons() == btn.ALL


def fake_clock(env, monotonic_ns=None):
    """cp_pico.clock() on a fake time module whose sleep() moves the fake supervisor's clock
    (time itself is not patched: Blinka's displayio thread sleeps on it)."""
    slept = []

    def sleep(s):
        slept.append(s)
        env.ticks[0] = (env.ticks[0] + round(s * 1000)) & cp_pico.TICKS_MAX

    fake_time = types.SimpleNamespace(sleep=sleep, monotonic_ns=monotonic_ns)
    real = sys.modules["time"]
    sys.modules["time"] = fake_time
    try:
        ticks_ms, sleep_ms = cp_pico.clock()
    finally:
        sys.modules["time"] = real
    return ticks_ms, sleep_ms, slept


def test_ticks_wrap_at_2_29(env, monkeypatch):
    p = cp_pico.TICKS_PERIOD
    assert p == 2**29
    d = cp_pico.ticks_diff
    assert d(5, 3) == 2 and d(3, 5) == -2
    assert d(2, p - 3) == 5  # across the wrap
    assert d(p - 3, 2) == -5
    assert d(p // 2 - 1, 0) == p // 2 - 1
    ticks_ms, sleep_ms, slept = fake_clock(env)
    env.ticks[0] = 1234
    assert ticks_ms() == 1234  # supervisor.ticks_ms
    sleep_ms(2)
    sleep_ms(0)
    sleep_ms(40)
    assert slept == [0.002, 0.04] and env.ticks[0] == 1276
    monkeypatch.setitem(sys.modules, "supervisor", None)  # a build without supervisor.ticks_ms
    ticks_ms, sleep_ms, slept = fake_clock(env, lambda: (p + 7) * 1_000_000 + 999_999)
    assert ticks_ms() == 7  # time.monotonic_ns, wrapped the same way


def test_watchdog_only_where_it_can_be_stopped(monkeypatch):
    assert cp_pico.watchdog_stoppable((8, 0, 5)) is False
    assert cp_pico.watchdog_stoppable((8, 1, 0)) is True
    assert cp_pico.watchdog_stoppable((9, 2, 1)) is True
    assert cp_pico.watchdog_stoppable() is False  # CPython is not CircuitPython
    e = Env()
    for name, mod in e.modules().items():
        monkeypatch.setitem(sys.modules, name, mod)
    assert cp_pico.watchdog_factory() is None
    monkeypatch.setattr(cp_pico, "watchdog_stoppable", lambda version=None: True)
    dog = cp_pico.watchdog_factory()(appmod.WATCHDOG_MS)
    assert e.dog.timeout == 8 and e.dog.mode == "RESET"
    dog.feed()
    assert e.dog.feeds == 2
    dog.stop()
    assert e.dog.mode is None and e.dog.deinits == 0
    old = FakeDog(mode_none_works=False)  # CircuitPython 8: deinit() instead
    dog = cp_pico.Watchdog(old, "RESET", 8000)
    dog.stop()
    assert old.deinits == 1 and old.mode is None
    monkeypatch.delattr(sys.modules["microcontroller"], "watchdog")
    assert cp_pico.watchdog_factory() is None
    monkeypatch.setitem(sys.modules, "watchdog", None)
    assert cp_pico.watchdog_factory() is None


def test_app_run_loop_on_the_cp_board(env, tmp_path):
    """App.run() on the board's clock (wrapping during the run): a press is seen, the
    watchdog is fed every frame, Ctrl-C stops it."""
    env.ticks[0] = cp_pico.TICKS_PERIOD - 300
    board = cp_board(env, tmp_path)
    board.ticks_ms, board.sleep_ms, slept = fake_clock(env)
    app = appmod.App(board)
    app.settings["watchdog"] = True
    polls = [0]
    read = board.read_buttons

    def read_buttons():
        polls[0] += 1
        if polls[0] == 100:
            env.press("DOWN")
        elif polls[0] == 110:
            env.press()
        elif polls[0] > 400:
            raise KeyboardInterrupt
        return read()

    board.read_buttons = read_buttons
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert app.screen.index == 1  # DOWN moved the launcher's cursor
    assert env.dog.feeds > 10 and env.dog.mode is None
    assert 0 < env.ticks[0] < 2000  # wrapped
    frames = app.frame_no
    assert abs(sum(slept) * 1000 - frames * appmod.FRAME_MS) <= appmod.FRAME_MS


# ---- a read-only drive -------------------------------------------------------


class ReadOnlyOS:
    """os as CircuitPython's code sees CIRCUITPY while USB owns it: reads work, writes fail."""

    def __init__(self, real):
        self.real = real
        self.refused = []

    def __getattr__(self, name):
        if name in ("mkdir", "rename", "replace", "remove", "rmdir"):

            def refuse(*args):
                self.refused.append((name,) + args)
                raise OSError(30, "Read-only filesystem")

            return refuse
        return getattr(self.real, name)


def _read_only(monkeypatch):
    ro = ReadOnlyOS(os)
    monkeypatch.setattr(storemod, "os", ro)
    real_open = open

    def ro_open(path, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            ro.refused.append(("open", path, mode))
            raise OSError(30, "Read-only filesystem")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(storemod, "open", ro_open, raising=False)
    return ro


def _tree(root):
    out = {}
    for top, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(top, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


def _one_line_report(app):
    """The failure as the app reports it: a notice (what firmware/store.py should do on
    EROFS) or, as firmware/store.py does today, the error screen."""
    if app.toast:
        return app.toast
    if isinstance(app.screen, launcher.ErrorScreen):
        return appmod._error_text(app.last_error)
    return None


def test_read_only_drive_the_app_keeps_running(env, tmp_path, monkeypatch):
    root = tmp_path / "drive"
    (root / "saves").mkdir(parents=True)  # boot.py makes it while the drive is writable
    (root / "saves" / "hang10.json").write_text('{"games": 1, "clean": 0, "best": 9, "total": 9}')
    before = _tree(root)
    ro = _read_only(monkeypatch)
    board = cp_board(env, root)
    app = appmod.App(board)  # starts: reading works
    drv = driver.Driver(app)
    drv.keys("UP,UP,A,DOWN,A,B")  # Settings: invert, leave (writes settings.json)
    assert ro.refused
    report = _one_line_report(app)
    assert report and "\n" not in report and ("30" in report or "read-only" in report)
    if isinstance(app.screen, launcher.ErrorScreen):
        drv.keys("A")  # back to the launcher
    assert isinstance(app.screen, launcher.Launcher)
    drv.keys("UP," * app.screen.index + "A,A")  # Hang 10 (the cursor stays put), New game
    screen = app.screen
    assert hasattr(screen, "bot_press"), screen
    for _ in range(400):  # play: the end of every turn saves the game
        if app.screen is not screen or screen.finished or screen.s.turn >= 3:
            break
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    if app.screen is screen:
        # a store with saves off on EROFS (see test_saves_folder_missing_...): the game goes on
        assert screen.s.turn >= 3 and app.store.read_only
        drv.keys("A+B*20")  # save (skipped) and leave
    else:
        # firmware/store.py raising OSError 30: the refused autosave shows the error screen
        assert isinstance(app.screen, launcher.ErrorScreen), app.screen
        report = _one_line_report(app)
        assert report and "\n" not in report and "30" in report
        drv.keys("A")
    assert isinstance(app.screen, launcher.Launcher)
    drv.keys("UP,A")  # About: still drawing
    assert isinstance(app.screen, launcher.About)
    assert _tree(root) == before  # nothing written, nothing removed
    assert {c[0] for c in ro.refused} <= {"open", "mkdir", "rename", "replace", "remove"}


def test_saves_folder_missing_on_a_read_only_drive(env, tmp_path, monkeypatch):
    """boot.py makes /saves while it may write, because today Store() cannot start without
    it on a read-only drive; a store that turns saves off on EROFS starts all the same."""
    _read_only(monkeypatch)
    try:
        store = storemod.Store(str(tmp_path / "drive"))
    except OSError as e:
        assert e.errno == 30
    else:
        assert store.read_only and store.take_notice()
        store.save_json("settings.json", {"a": 1})
    assert not (tmp_path / "drive").exists()


# ---- boot.py -----------------------------------------------------------------


def _run_boot(env, saves_exists, mkdir_fails=False):
    made = []

    def stat(path):
        if saves_exists or made:
            return (0o040000,)
        raise OSError(2)

    def mkdir(path):
        if mkdir_fails:
            raise OSError(17)
        made.append(path)

    fake_os = types.SimpleNamespace(stat=stat, mkdir=mkdir)
    fake_time = types.SimpleNamespace(sleep=lambda s: None)
    saved = {k: sys.modules.get(k) for k in ("os", "time")}
    with open(os.path.join(ROOT, "cp", "boot.py")) as f:
        code = compile(f.read(), "boot.py", "exec")
    sys.modules["os"] = fake_os
    sys.modules["time"] = fake_time
    try:
        exec(code, {"__name__": "__main__"})
    finally:
        for k, v in saved.items():
            sys.modules[k] = v
    return made


def test_boot_gives_the_drive_to_the_app(env, capsys):
    env.press()
    assert _run_boot(env, saves_exists=False) == ["/saves"]
    assert env.remounts == [("/", False)]
    assert "saves on" in capsys.readouterr().out


def test_boot_with_b_held_leaves_the_drive_to_usb(env, capsys):
    env.press("B")
    assert _run_boot(env, saves_exists=True) == []
    assert env.remounts == [("/", False), ("/", True)]
    assert "B held" in capsys.readouterr().out


def test_boot_with_b_held_leaves_the_drive_to_usb_whatever_happens(env, capsys):
    env.press("B")
    assert _run_boot(env, saves_exists=False, mkdir_fails=True) == []
    assert env.remounts == [("/", False), ("/", True)]
    assert "cannot make /saves" in capsys.readouterr().out


def test_code_py_picks_a_circuitpython_board(tmp_path, monkeypatch):
    ran = []
    fake_main = types.ModuleType("firmware.main")
    fake_main.run = ran.append
    monkeypatch.setitem(sys.modules, "firmware.main", fake_main)
    with open(os.path.join(ROOT, "cp", "code.py")) as f:
        code = compile(f.read(), "code.py", "exec")
    monkeypatch.chdir(tmp_path)
    exec(code, {"__name__": "__main__"})
    (tmp_path / "board.txt").write_text("pico_i2c\n")  # left from MicroPython
    exec(code, {"__name__": "__main__"})
    (tmp_path / "board.txt").write_text("# mine\ncp_other\n")
    exec(code, {"__name__": "__main__"})
    assert ran == ["cp_pico", "cp_pico", "cp_other"]


# ---- the CircuitPython build -------------------------------------------------


@pytest.fixture(scope="module")
def cp_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("cpbuild") / "circuitpython")
    build.build(out, runtime="circuitpython")
    return out


def test_cp_build_layout(cp_build):
    manifest = build.read_manifest(cp_build)
    files = set(manifest["files"])
    assert manifest["runtime"] == "circuitpython"
    for rel in (
        "code.py",
        "boot.py",
        "lib/framebuf.py",
        "lib/_font8x8.py",
        "lib/adafruit_displayio_ssd1306.py",
        "lib/boards/cp_pico.py",
        "lib/firmware/cpdisplay.py",
        "lib/firmware/app.py",
        "lib/firmware/version.py",
        "lib/shared_rules/hang10.py",
    ):
        assert rel in files, rel
    for pkg in build.PACKAGES:
        for name in os.listdir(os.path.join(ROOT, pkg)):
            if name.endswith(".py"):
                rel = "lib/%s/%s" % (pkg, name)
                # viper modules stay out: CircuitPython does not compile them
                native = build.has_machine_code(os.path.join(ROOT, pkg, name))
                assert (rel in files) != native, rel
    assert "lib/shared_rules/snafu_native.py" not in files
    assert not [f for f in files if f.endswith(".mpy")]  # CircuitPython gets source
    assert not {"main.py", "board.txt", "settings.toml"} & files
    assert not [f for f in files if f.startswith("saves")]
    for rel, entry in manifest["files"].items():
        with open(os.path.join(cp_build, rel), "rb") as f:
            data = f.read()
        assert entry == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    with open(os.path.join(cp_build, "lib", "firmware", "version.py")) as f:
        assert f.read() == "VERSION = %r\n" % manifest["version"]
    # the Adafruit library is the pinned release from PyPI, as installed in .venv for the tests
    with open(os.path.join(cp_build, "lib", "adafruit_displayio_ssd1306.py")) as f:
        lib = f.read()
    assert '__version__ = "%s"' % adafruit_displayio_ssd1306.__version__ in lib
    with open(adafruit_displayio_ssd1306.__file__) as f:
        assert f.read() == lib
    for name in ("code.py", "boot.py"):
        with open(os.path.join(cp_build, name)) as a, open(os.path.join(ROOT, "cp", name)) as b:
            assert a.read() == b.read()


def test_micropython_build_is_unchanged(tmp_path):
    files = build.build(str(tmp_path / "device"))
    rels = {os.path.relpath(f, tmp_path / "device") for f in files}
    assert "firmware/app.mpy" in rels and "main.py" in rels
    assert build.read_manifest(str(tmp_path / "device")).get("runtime") is None


def test_each_module_carries_its_import_name_as_its_source(pico_build):
    """A module's code names its source by its import name (firmware.ui.picker), a
    name the import puts in MicroPython's name table anyway, not by a path, which
    would be one more name a module in the heap for good (host_sim/build.py)."""
    assert build.module_name("firmware/ui", "picker.py") == "firmware.ui.picker"
    assert build.module_name("firmware", "__init__.py") == "firmware"
    for rel in ("firmware/ui/picker.mpy", "shared_rules/rummy_search.mpy", "firmware/app.mpy"):
        with open(os.path.join(pico_build, rel), "rb") as f:
            code = f.read()
        dotted = rel[: -len(".mpy")].replace("/", ".").encode()
        assert dotted in code and rel.replace(".mpy", ".py").encode() not in code


def test_cp_framebuf_draws_the_app_like_micropythons_framebuf(cp_build, tmp_path):
    """The build's lib/framebuf.py loads in the MicroPython VM (CircuitPython's parser) and
    draws a whole Hang 10 game byte for byte as the built-in framebuf does; our packages run
    there as source, as on CircuitPython."""
    import test_vm_app

    lib = os.path.join(cp_build, "lib")
    pure = "import framebuf_cp\nsys.modules['framebuf'] = framebuf_cp\n"
    (tmp_path / "fb").mkdir()
    for name, dst in (("framebuf.py", "framebuf_cp.py"), ("_font8x8.py", "_font8x8.py")):
        with open(os.path.join(lib, name), "rb") as f:
            (tmp_path / "fb" / dst).write_bytes(f.read())
    outs = []
    for i, prelude in enumerate(("", "sys.path.insert(0, %r)\n" % str(tmp_path / "fb") + pure)):
        fs = tmp_path / ("fs%d" % i)
        fs.mkdir()
        code = "import sys\n" + prelude + "FS = %r\n" % str(fs) + test_vm_app.SCENARIO
        out = run_mp(code, cwd=lib, heap="160wK")  # the pure framebuf compiles here too
        outs.append(out)
    assert outs[0].startswith("screen Hang10Screen True None")
    assert outs[1] == outs[0]
    with open(os.path.join(lib, "framebuf.py")) as f:
        text = f.read()
    assert not re.search(r",\s*/\s*\)", text) and "bytes(buf[i : i + w]).translate" not in text


def test_cp_framebuf_source_refuses_an_unknown_stand_in():
    with pytest.raises(SystemExit):
        build.cp_framebuf_source("def f(a, /):\n    pass\n")


STUB_DISPLAYIO = """
# displayio as far as firmware/cpdisplay.py uses it, allocation-free
class Palette:
    def __init__(self, n):
        self.c = [0] * n
    def __setitem__(self, i, v):
        self.c[i] = v
class Bitmap:
    def __init__(self, w, h, n):
        self.rows = bytearray(h)
    def __setitem__(self, i, v):
        if v:
            self.rows[i >> 3] |= 1 << (i & 7)
        else:
            self.rows[i >> 3] &= ~(1 << (i & 7))
class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, x=0, y=0):
        self.transpose_xy = False
class Group(list):
    pass
"""
STUB_BITMAPTOOLS = """
def readinto(bitmap, stream, bits):
    stream.readinto(bitmap.rows)
"""
BRIDGE_VM = r"""
import sys, micropython
class Display:
    refreshes = 0
    auto_refresh = True
    root_group = None
    brightness = 1.0
    def refresh(self):
        self.refreshes += 1
from firmware.cpdisplay import DisplayioFrame
import time
for fast in (True, False):
    d = DisplayioFrame(Display(), fast)
    fb = d.fb
    fb.fill(0); fb.text("first", 0, 0, 1); d.show()
    def frames(n):
        for i in range(n):
            fb.fill_rect(0, 16, 128, 8, (i + 1) & 1)   # page 2 changes: 4 cells
            d.show()
            d.show()                             # nothing changes
    micropython.heap_lock()
    try:
        frames(10)
        micropython.heap_unlock()
        print("ok", fast)
    except MemoryError:
        micropython.heap_unlock()
        print("ALLOC", fast)
    ok = True
    for i in range(len(d.views)):
        ok = ok and d.bitmaps[i].rows == d.shown[i] and d.shown[i] == d.views[i]
    print("same", fast, ok, d.display.refreshes)
"""


def test_bridge_show_allocates_nothing_in_the_vm(cp_build, tmp_path):
    (tmp_path / "displayio.py").write_text(STUB_DISPLAYIO)
    (tmp_path / "bitmaptools.py").write_text(STUB_BITMAPTOOLS)
    code = "import sys\nsys.path.insert(0, %r)\n" % str(tmp_path) + BRIDGE_VM
    out = run_mp(code, cwd=os.path.join(cp_build, "lib"), heap="128wK")
    lines = out.split("\n")
    assert "ok True" in lines and "ok False" in lines, out
    assert "same True True 11" in lines and "same False True 11" in lines, out


# ---- install-cp --------------------------------------------------------------


SAVES = {
    "saves/hang10.json": b'{"games": 4, "clean": 1, "best": 31, "total": 77}',
    "saves/hang10.sav": b"pocket-table save 1\n",
    "saves/settings.json": b'{"contrast": 2}',
}
KEPT = {"settings.toml": b'CIRCUITPY_WEB_API_PASSWORD = "x"\n', "boot_out.txt": b"Adafruit CP 9\n"}


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    for rel, data in {**SAVES, **KEPT}.items():
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_bytes(data)
    return d


def _install(drive_, build_dir):
    import io

    out = io.StringIO()
    install_cp.main([str(drive_), "--build-dir", build_dir], out=out)
    text = out.getvalue()
    m = re.search(r"^install-cp: (\d+) files copied, (\d+) bytes, (\d+) removed", text, re.M)
    assert m, text
    copied = [line.split()[0] for line in text.splitlines() if line.endswith(" bytes")]
    return int(m.group(1)), int(m.group(3)), copied


def test_install_cp_copies_only_changed_files_and_never_the_saves(cp_build, drive, tmp_path):
    def untouched():
        for rel, data in {**SAVES, **KEPT}.items():
            assert (drive / rel).read_bytes() == data, rel

    stamp = {rel: os.stat(drive / rel).st_mtime_ns for rel in SAVES}
    manifest = build.read_manifest(cp_build)
    n, removed, copied = _install(drive, cp_build)
    assert n == len(manifest["files"]) and removed == 0
    assert copied[-1] == "code.py" and copied[-2] == "boot.py"  # the entry files last
    for rel in manifest["files"]:
        assert (drive / rel).read_bytes() == open(os.path.join(cp_build, rel), "rb").read()
    assert json.loads((drive / "manifest.json").read_text()) == manifest
    untouched()
    assert _install(drive, cp_build)[:2] == (0, 0)  # nothing changed: nothing copied
    # a file changed on the drive, one of the same size changed in content, one deleted
    (drive / "lib" / "firmware" / "app.py").write_text("# edited on the drive\n")
    gfx = drive / "lib" / "firmware" / "gfx.py"
    gfx.write_bytes(b"#" + gfx.read_bytes()[1:])
    os.remove(drive / "lib" / "shared_rules" / "rng.py")
    n, removed, copied = _install(drive, cp_build)
    assert sorted(copied) == [
        "lib/firmware/app.py",
        "lib/firmware/gfx.py",
        "lib/shared_rules/rng.py",
    ]
    # a file an earlier install put there and this build no longer has goes; others stay
    old = json.loads((drive / "manifest.json").read_text())
    old["files"]["lib/firmware/old_screen.py"] = {"size": 1, "sha256": "0"}
    old["files"]["saves/hang10.sav"] = {"size": 1, "sha256": "0"}  # never, whatever it says
    (drive / "manifest.json").write_text(json.dumps(old))
    (drive / "lib" / "firmware" / "old_screen.py").write_text("x")
    (drive / "lib" / "mine.py").write_text("# the user's own library\n")
    (drive / "lib" / "firmware" / "app.py.pt-new").write_text("half a copy")
    n, removed, copied = _install(drive, cp_build)
    assert (n, removed) == (0, 1)
    assert not (drive / "lib" / "firmware" / "old_screen.py").exists()
    assert not (drive / "lib" / "firmware" / "app.py.pt-new").exists()
    assert (drive / "lib" / "mine.py").exists()
    untouched()
    assert {rel: os.stat(drive / rel).st_mtime_ns for rel in SAVES} == stamp


def test_install_cp_errors(cp_build, drive, tmp_path, monkeypatch, capsys):
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(SystemExit):
        install_cp.main([str(plain), "--build-dir", cp_build])
    assert "not a CIRCUITPY drive" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        install_cp.main([str(drive), "--build-dir", str(tmp_path / "nothing")])
    assert "make build RUNTIME=circuitpython" in capsys.readouterr().err

    def refuse(*a, **k):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(install_cp.os, "replace", refuse)
    with pytest.raises(SystemExit):
        install_cp.main([str(drive), "--build-dir", cp_build])
    err = capsys.readouterr().err
    assert "read-only" in err and "hold B" in err and len(err.strip().splitlines()) == 1
    monkeypatch.undo()
    for rel, data in SAVES.items():
        assert (drive / rel).read_bytes() == data


def test_build_cli_install_cp(cp_build, drive, tmp_path, capsys, monkeypatch):
    out = str(tmp_path / "cli")
    build.main([out, "--install-cp", str(drive)])
    text = capsys.readouterr().out
    assert "install-cp: %d files copied" % len(build.read_manifest(out)["files"]) in text
    for rel, data in SAVES.items():
        assert (drive / rel).read_bytes() == data


def _drive_files(drive_):
    return {
        p.relative_to(drive_).as_posix(): p.read_bytes()
        for p in drive_.rglob("*")
        if p.is_file() and not p.relative_to(drive_).as_posix().startswith("saves")
    }


def test_install_cp_interrupted_while_copying_keeps_the_old_build(
    cp_build, drive, tmp_path, monkeypatch, capsys
):
    """Stage, then switch: an install stopped at any file of the copy leaves the drive's
    old build exactly as it was; the next install finishes and removes the temp files."""
    _install(drive, cp_build)
    for rel in ("lib/firmware/app.py", "lib/firmware/gfx.py", "code.py"):
        (drive / rel).write_text("# an older build's %s\n" % rel)
    old = _drive_files(drive)
    real_stage = install_cp.stage_file
    for stop_at in range(3):

        def stage(src, dst, calls=[], stop_at=stop_at):  # noqa: B006 - one list per loop
            if len(calls) == stop_at:
                raise KeyboardInterrupt
            calls.append(dst)
            return real_stage(src, dst)

        monkeypatch.setattr(install_cp, "stage_file", stage)
        with pytest.raises(SystemExit) as e:
            install_cp.main([str(drive), "--build-dir", cp_build])
        assert e.value.code == 130
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "old build" in err
        now = {k: v for k, v in _drive_files(drive).items() if not k.endswith(".pt-new")}
        assert now == old, stop_at
        monkeypatch.undo()
    n, _removed, copied = _install(drive, cp_build)
    assert sorted(copied) == ["code.py", "lib/firmware/app.py", "lib/firmware/gfx.py"]
    assert not [k for k in _drive_files(drive) if k.endswith(".pt-new")]
    for rel, data in SAVES.items():
        assert (drive / rel).read_bytes() == data


def test_install_cp_moves_aside_what_blocks_a_path(cp_build, drive, tmp_path):
    """A folder where a file goes, or a file where a folder goes, is moved aside to
    NAME.bad (never deleted: it may be someone's) and the install completes."""
    (drive / "code.py").mkdir()
    (drive / "code.py" / "notes.txt").write_text("mine")
    (drive / "lib").mkdir(exist_ok=True)
    (drive / "lib" / "firmware").write_text("a file where a folder goes")
    (drive / "lib" / "shared_rules").mkdir()
    (drive / "lib" / "shared_rules" / "rng.py.pt-new").mkdir()  # even the temp path
    n, _removed, _copied = _install(drive, cp_build)
    assert n == len(build.read_manifest(cp_build)["files"])
    assert (drive / "code.py.bad" / "notes.txt").read_text() == "mine"
    assert (drive / "lib" / "firmware.bad").read_text() == "a file where a folder goes"
    assert (drive / "lib" / "shared_rules" / "rng.py.pt-new.bad").is_dir()
    assert (drive / "code.py").is_file() and (drive / "lib" / "firmware" / "app.py").is_file()
    assert _install(drive, cp_build)[0] == 0


def test_install_cp_permission_problem_is_not_called_read_only(
    cp_build, drive, monkeypatch, capsys
):
    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied", str(drive / "code.py"))

    monkeypatch.setattr(install_cp.os, "replace", refuse)
    with pytest.raises(SystemExit):
        install_cp.main([str(drive), "--build-dir", cp_build])
    err = capsys.readouterr().err
    assert "no permission" in err and "hold B" not in err
    assert len(err.strip().splitlines()) == 1
