"""Board files: hardware set up only in setup(), pins as documented, buttons active-low."""

import importlib
import sys
import types

import pytest

import host_sim  # noqa: F401
from firmware import buttons as btn


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2
    levels = {}

    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.mode = mode
        self.pull = pull

    def value(self):
        return FakePin.levels.get(self.n, 1)

    def init(self, mode, value=None):
        self.mode = mode

    def __call__(self, v=None):
        return None


class FakeI2C:
    def __init__(self, ident, sda, scl, freq):
        self.ident, self.sda, self.scl, self.freq = ident, sda.n, scl.n, freq
        self.writes = []

    def writeto(self, addr, buf):
        self.writes.append((addr, bytes(buf)))

    def writevto(self, addr, vec):
        self.writes.append((addr, b"".join(bytes(v) for v in vec)))


class FakeSPI:
    def __init__(self, ident, baudrate, sck, mosi):
        self.ident, self.sck, self.mosi = ident, sck.n, mosi.n
        self.written = 0

    def write(self, buf):
        self.written += len(buf)


@pytest.fixture
def fake_machine(monkeypatch):
    m = types.ModuleType("machine")
    m.Pin, m.I2C, m.SPI = FakePin, FakeI2C, FakeSPI
    m.PWM = lambda pin: None
    m.WDT = object
    m.soft_reset = lambda: None
    monkeypatch.setitem(sys.modules, "machine", m)
    if not hasattr(__import__("time"), "ticks_ms"):
        t = __import__("time")
        monkeypatch.setattr(t, "ticks_ms", lambda: 0, raising=False)
        monkeypatch.setattr(t, "ticks_diff", lambda a, b: a - b, raising=False)
        monkeypatch.setattr(t, "sleep_ms", lambda ms: None, raising=False)
    FakePin.levels = {}
    return m


@pytest.mark.parametrize("name", ["pico_i2c", "pico_spi"])
def test_import_touches_no_hardware(name, monkeypatch):
    monkeypatch.delitem(sys.modules, "machine", raising=False)
    mod = importlib.import_module("boards." + name)
    assert "machine" not in sys.modules
    assert set(mod.BUTTONS) == set(btn.NAMES)


def test_pico_i2c_setup(fake_machine):
    from boards import pico_i2c

    board = pico_i2c.setup()
    i2c = board.display.bus.i2c
    assert (i2c.sda, i2c.scl, i2c.freq) == (pico_i2c.SDA, pico_i2c.SCL, pico_i2c.I2C_FREQ)
    assert {addr for addr, _ in i2c.writes} == {pico_i2c.OLED_ADDR}
    assert board.read_buttons() == 0  # pulled up: nothing pressed
    assert board.soft_reset is fake_machine.soft_reset  # a game opens across it
    FakePin.levels = {pico_i2c.BUTTONS["A"]: 0, pico_i2c.BUTTONS["LEFT"]: 0}
    assert board.read_buttons() == btn.A | btn.LEFT


def test_pico_spi_setup(fake_machine):
    from boards import pico_spi

    board = pico_spi.setup()
    spi = board.display.bus.spi
    assert (spi.sck, spi.mosi) == (pico_spi.SCK, pico_spi.MOSI)
    assert spi.written > 20  # the init sequence went out
    FakePin.levels = {pico_spi.BUTTONS["B"]: 0}
    assert board.read_buttons() == btn.B


def test_board_config_file(tmp_path):
    from firmware.board import read_board_name

    assert read_board_name(str(tmp_path / "none.txt")) == "pico_i2c"
    (tmp_path / "board.txt").write_text("pico_spi\n")
    assert read_board_name(str(tmp_path / "board.txt")) == "pico_spi"
