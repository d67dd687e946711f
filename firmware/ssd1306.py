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


def _py_span(buf, shown, base):
    """The changed columns of the 128-byte page at base, which differs somewhere:
    (first << 8) | (last + 1), columns counted from the page's start."""
    lo = base
    while buf[lo] == shown[lo]:
        lo += 1
    end = base + WIDTH - 1
    while buf[end] == shown[end]:
        end -= 1
    return ((lo - base) << 8) | (end + 1 - base)


def _load_span():
    """firmware.span_native's machine code where it loads (a press's show() on the
    Pico: under a millisecond, against about 8 for the bytecode loop), else _py_span."""
    try:
        from firmware import span_native
    except Exception:  # CPython, CircuitPython, no viper emitter, another architecture
        return _py_span
    return span_native.span


_span = _load_span()


class SSD1306:
    def __init__(self, bus, external_vcc=False):
        self.bus = bus
        self.external_vcc = external_vcc
        self.buf = bytearray(WIDTH * PAGES)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.shown = bytearray(WIDTH * PAGES)  # what the panel holds
        self.views = memoryview(self.buf)
        shown = memoryview(self.shown)
        self.page_views = [self.views[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES)]
        self.shown_views = [shown[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES)]
        self.window = bytearray(6)  # column range, page range: one command transfer
        self.window[0] = _SET_COL_ADDR
        self.window[3] = _SET_PAGE_ADDR
        self.spans = bytearray(2 * PAGES)  # changed column span of each page (lo, hi + 1)
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
        """Send what changed: nothing if nothing did (one compare in C), else the
        changed column span of each changed page, or one window around all of them
        when that is fewer bytes. Returns the transfers of data sent."""
        self.shows += 1
        buf = self.buf
        shown = self.shown
        if self.fresh and buf == shown:
            return 0
        spans = self.spans
        per_page = 0  # bytes the page-by-page way
        first = PAGES
        last = -1
        left = WIDTH
        right = 0
        for page in range(PAGES):
            lo = hi = 0
            if not self.fresh or self.page_views[page] != self.shown_views[page]:
                lo = 0
                hi = WIDTH
                if self.fresh:
                    span = _span(buf, shown, page * WIDTH)
                    lo = span >> 8
                    hi = span & 0xFF
                per_page += 8 + hi - lo
                if page < first:
                    first = page
                last = page
                if lo < left:
                    left = lo
                if hi > right:
                    right = hi
            spans[2 * page] = lo
            spans[2 * page + 1] = hi
        n = last - first + 1
        if left == 0 and right == WIDTH:
            window = 8 + WIDTH * n  # commands (7 bytes), then one data transfer
        else:
            window = 7 + n * (1 + right - left)
        if window <= per_page:
            return self._send_window(first, last, left, right)
        sent = 0
        for page in range(first, last + 1):
            lo = spans[2 * page]
            hi = spans[2 * page + 1]
            if hi > lo:
                self._send_window(page, page, lo, hi)
                sent += 1
        return sent

    def _copy(self, a, b):
        """Send buffer bytes a..b-1 and note them as shown."""
        v = self.views[a:b]
        self.bus.data(v)
        self.shown[a:b] = v

    def _send_window(self, first, last, left, right):
        """Columns left..right-1 of pages first..last, in one window (the panel's
        horizontal addressing fills it page by page). A small call (within 11 words of
        locals and stack): it runs for every changed page of a press."""
        w = self.window
        w[1] = left
        w[2] = right - 1
        w[4] = first
        w[5] = last
        self.bus.cmds(w)
        if left == 0 and right == WIDTH:  # whole pages: one contiguous run
            self._copy(first * WIDTH, (last + 1) * WIDTH)
        else:
            while first <= last:
                self._copy(first * WIDTH + left, first * WIDTH + right)
                first += 1
        self.fresh = True
        return 1
