"""The virtual Pico of `python -m host_sim vboard`: the MicroPython unix port, no hardware.

Built on the headless board's pieces: the real firmware.ssd1306 driver over a
counting bus, here one that also keeps the panel's RAM as the commands and data
set it. After every show() the panel RAM (1024 bytes, MONO_VLSB pages, what the
screen shows) is written to screen.bin in the device's root folder, through a
temp file and a rename, so tests and tools can read the screen. No buttons are
ever pressed; the clock is the real one, so the main loop sleeps between frames.

The vboard mounts its folder as the VM's filesystem root, so fs_root is "" as
on a Pico (saves in /saves); run elsewhere, the saves go under the working folder.
"""

from boards.headless import CountingBus
from firmware.board import Board
from firmware.ssd1306 import SSD1306

NAME = "vboard"
SCREEN_FILE = "screen.bin"

# SSD1306 commands followed by argument bytes, and how many
_ARGS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x81: 1,
    0x8D: 1,
    0xA8: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
}


class PanelBus(CountingBus):
    """Counts like the headless bus and writes data into a model of the panel's RAM
    (horizontal addressing within the column and page window last set)."""

    MODEL = True

    def __init__(self):
        CountingBus.__init__(self)
        self.ram = bytearray(1024)
        self.col = (0, 127)
        self.page = (0, 7)
        self.x = 0
        self.y = 0
        self.changed = False
        self._op = None
        self._args = []

    def command(self, c):
        CountingBus.command(self, c)
        if self._op is not None:
            self._args.append(c)
            if len(self._args) == _ARGS[self._op]:
                op, args = self._op, self._args
                self._op = None
                self._args = []
                if op == 0x21:
                    self.col = (args[0] & 127, args[1] & 127)
                    self.x = self.col[0]
                elif op == 0x22:
                    self.page = (args[0] & 7, args[1] & 7)
                    self.y = self.page[0]
        elif c in _ARGS:
            self._op = c

    def data(self, mv):
        CountingBus.data(self, mv)
        ram = self.ram
        for b in mv:
            ram[self.y * 128 + self.x] = b
            if self.x < self.col[1]:
                self.x += 1
            else:
                self.x = self.col[0]
                self.y = self.y + 1 if self.y < self.page[1] else self.page[0]
        self.changed = True


class Display(SSD1306):
    """The real driver; after each show() the panel RAM goes to screen.bin."""

    def __init__(self, bus, path):
        self.path = path
        SSD1306.__init__(self, bus)

    def show(self):
        sent = SSD1306.show(self)
        if self.bus.changed:
            self.bus.changed = False
            write_atomic(self.path, self.bus.ram)
        return sent


def write_atomic(path, data):
    import os

    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)


def setup(fs_root=None):
    import os
    import time

    if fs_root is None:
        cwd = os.getcwd()
        fs_root = "" if cwd == "/" else cwd
    display = Display(PanelBus(), (fs_root or "") + "/" + SCREEN_FILE)

    def read_buttons():
        return 0

    board = Board(
        NAME, display, read_buttons, time.ticks_ms, time.ticks_diff, time.sleep_ms, fs_root
    )
    board.bus = display.bus
    return board
