"""A board with no hardware: scripted buttons, a virtual clock, a byte-counting display bus.

Used by the simulator on CPython and by tests inside the MicroPython VM, so the
same firmware code runs on both. The display is the real driver over a fake bus.
"""

from firmware.board import Board
from firmware.ssd1306 import SSD1306

NAME = "headless"


class CountingBus:
    """Stands in for I2C: counts what the driver sends (as I2C bytes)."""

    MODEL = False  # True: every command byte goes through command() (a panel model)

    def __init__(self):
        self.bytes_sent = 0
        self.commands = 0
        self.data_writes = 0
        self.contrast = 255
        self.inverted = False
        self._expect_contrast = False

    def cmd(self, c):
        self.bytes_sent += 2  # control byte 0x80, the command
        self.command(c)

    def cmds(self, buf):
        self.bytes_sent += 1 + len(buf)  # control byte 0x00, the commands
        if buf[0] == 0x21 and not self.MODEL:  # a show()'s window: column and page range
            self.commands += len(buf)  # counted, not walked in Python: the I2C it stands
            return  # for is one C call
        for c in buf:
            self.command(c)

    def command(self, c):
        """One command byte as the panel takes it."""
        self.commands += 1
        if self._expect_contrast:
            self.contrast = c
            self._expect_contrast = False
        elif c == 0x81:
            self._expect_contrast = True
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7

    def data(self, mv):
        self.bytes_sent += 1 + len(mv)
        self.data_writes += 1


class WatchdogReset(BaseException):
    """The simulated device was reset by its watchdog."""


class VirtualClock:
    def __init__(self):
        self.now = 0
        self.watchdogs = []

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms
        for w in self.watchdogs:
            w.check()


class FakeWatchdog:
    """Checked whenever virtual time passes; raises WatchdogReset when starved."""

    def __init__(self, clock, timeout_ms):
        self.clock = clock
        self.timeout = timeout_ms
        self.last = clock.now
        clock.watchdogs.append(self)

    def feed(self):
        self.last = self.clock.now

    def check(self):
        if self.clock.now - self.last > self.timeout:
            raise WatchdogReset("watchdog: no feed for %d ms" % (self.clock.now - self.last))

    def stop(self):
        if self in self.clock.watchdogs:
            self.clock.watchdogs.remove(self)


def ticks_diff(a, b):
    return a - b


def setup(fs_root=".sim"):
    bus = CountingBus()
    display = SSD1306(bus)
    clock = VirtualClock()
    held = [0]

    def read_buttons():
        return held[0]

    board = Board(NAME, display, read_buttons, clock.ticks_ms, ticks_diff, clock.sleep_ms, fs_root)
    board.bus = bus
    board.clock = clock
    board.watchdog = lambda timeout_ms: FakeWatchdog(clock, timeout_ms)
    board.held = held  # the host sets held[0] to press buttons
    return board
