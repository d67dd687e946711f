"""SSD1306 128x64 OLED driver that sends only the display pages that changed.

The frame lives in a MONO_VLSB FrameBuffer (`fb`, bytes in `buf`). show()
compares each 128-byte page with what the panel already holds and sends only
the changed column span of each changed page.
"""

import framebuf

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)


class I2CBus:
    """Commands and data over I2C (control byte 0x80 / 0x40)."""

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self.cmdbuf = bytearray(2)
        self.cmdbuf[0] = 0x80
        self.vec = [b"\x40", None]
        self.bytes_sent = 0

    def cmd(self, c):
        self.cmdbuf[1] = c
        self.i2c.writeto(self.addr, self.cmdbuf)
        self.bytes_sent += 2

    def data(self, mv):
        self.vec[1] = mv
        self.i2c.writevto(self.addr, self.vec)
        self.bytes_sent += 1 + len(mv)


class SPIBus:
    """Commands and data over SPI with DC, CS and RES pins."""

    def __init__(self, spi, dc, res, cs):
        self.spi = spi
        self.dc = dc
        self.res = res
        self.cs = cs
        self.cmdbuf = bytearray(1)
        self.bytes_sent = 0
        dc.init(dc.OUT, value=0)
        res.init(res.OUT, value=0)
        cs.init(cs.OUT, value=1)

    def reset(self, sleep_ms):
        self.res(1)
        sleep_ms(1)
        self.res(0)
        sleep_ms(10)
        self.res(1)

    def cmd(self, c):
        self.cs(1)
        self.dc(0)
        self.cs(0)
        self.cmdbuf[0] = c
        self.spi.write(self.cmdbuf)
        self.cs(1)
        self.bytes_sent += 1

    def data(self, mv):
        self.cs(1)
        self.dc(1)
        self.cs(0)
        self.spi.write(mv)
        self.cs(1)
        self.bytes_sent += len(mv)


class SSD1306:
    def __init__(self, bus, external_vcc=False):
        self.bus = bus
        self.external_vcc = external_vcc
        self.buf = bytearray(WIDTH * PAGES)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.shown = bytearray(WIDTH * PAGES)  # what the panel holds
        self.views = memoryview(self.buf)
        self.fresh = False  # panel contents unknown until the first full show
        self.shows = 0
        self.init_display()

    def init_display(self):
        vcc = self.external_vcc
        for c in (
            _SET_DISP,
            _SET_MEM_ADDR,
            0x00,  # horizontal addressing
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | 0x01,
            _SET_MUX_RATIO,
            HEIGHT - 1,
            _SET_COM_OUT_DIR | 0x08,
            _SET_DISP_OFFSET,
            0x00,
            _SET_COM_PIN_CFG,
            0x12,
            _SET_DISP_CLK_DIV,
            0x80,
            _SET_PRECHARGE,
            0x22 if vcc else 0xF1,
            _SET_VCOM_DESEL,
            0x30,
            _SET_CONTRAST,
            0xFF,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
            _SET_CHARGE_PUMP,
            0x10 if vcc else 0x14,
            _SET_DISP | 0x01,
        ):
            self.bus.cmd(c)
        self.fresh = False

    def poweroff(self):
        self.bus.cmd(_SET_DISP)

    def poweron(self):
        self.bus.cmd(_SET_DISP | 0x01)

    def contrast(self, value):
        self.bus.cmd(_SET_CONTRAST)
        self.bus.cmd(value & 0xFF)

    def invert(self, on):
        self.bus.cmd(_SET_NORM_INV | (1 if on else 0))

    def show(self):
        """Send the changed column span of every changed page. Returns pages sent."""
        self.shows += 1
        buf = self.buf
        shown = self.shown
        full = not self.fresh
        sent = 0
        for page in range(PAGES):
            base = page * WIDTH
            lo = base
            end = base + WIDTH
            if not full:
                while lo < end and buf[lo] == shown[lo]:
                    lo += 1
                if lo == end:
                    continue
                hi = end - 1
                while buf[hi] == shown[hi]:
                    hi -= 1
                end = hi + 1
            self.bus.cmd(_SET_COL_ADDR)
            self.bus.cmd(lo - base)
            self.bus.cmd(end - 1 - base)
            self.bus.cmd(_SET_PAGE_ADDR)
            self.bus.cmd(page)
            self.bus.cmd(page)
            self.bus.data(self.views[lo:end])
            shown[lo:end] = self.views[lo:end]
            sent += 1
        self.fresh = True
        return sent
