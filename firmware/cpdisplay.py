"""The app's 1-bit frame on a CircuitPython displayio display (adafruit_displayio_ssd1306).

The app draws into a MONO_VLSB FrameBuffer (`fb` over `buf`), as it does with
firmware.ssd1306: 8 pages of 128 bytes, each byte a column of 8 pixels, bit 0
on top. displayio shows Bitmaps through TileGrids instead. Here each page has
its own 2-colour Bitmap stored transposed (8 pixels wide, one row per screen
column) and shown by a TileGrid with transpose_xy, so one Bitmap row is exactly
one byte of the page, least significant bit first.

show() copies only the pages that changed since the last show. A changed page
goes through a reused 128-byte io.BytesIO: bitmaptools.readinto() unpacks its
128 bytes into the page's Bitmap in native code (1 bit per pixel, LSB first),
and the same stream refreshes the copy of what is shown. Then
display.refresh() sends the dirty pages to the panel, during show() as the
MicroPython driver does (auto_refresh is off). No per-page or per-pixel Python
loop and no allocation per frame. Without bitmaptools or io.BytesIO the
changed pixels are set one by one (slow, but the same picture).

Memory besides the 1 KB frame: what is shown (8 x 128 bytes), the eight 8x128
Bitmaps (displayio pads each row to a 32-bit word: 512 bytes each, 4 KB), the
128-byte stream, 8 TileGrids, a Group and a 2-colour Palette.

invert() swaps the palette's two colours (the next show() redraws the whole
panel once), contrast() sets the panel's contrast through display.brightness,
poweroff()/poweron() put the panel to sleep and wake it.
"""

import framebuf

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
_OFF = const(0x000000)
_ON = const(0xFFFFFF)


class DisplayioFrame:
    """The firmware.ssd1306.SSD1306 interface (fb, buf, show, contrast, invert,
    poweron, poweroff, shows) over a displayio display such as
    adafruit_displayio_ssd1306.SSD1306.

    fast=False forces the pixel-by-pixel copy (what a build without bitmaptools gets).
    """

    def __init__(self, display, fast=True):
        import displayio

        self.display = display
        self.buf = bytearray(WIDTH * PAGES)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        whole = memoryview(self.buf)
        self.views = [whole[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES)]
        self.shown = [bytearray(WIDTH) for _ in range(PAGES)]  # what the Bitmaps hold
        self.palette = displayio.Palette(2)
        self.palette[0] = _OFF
        self.palette[1] = _ON
        self.bitmaps = []
        self.group = displayio.Group()
        for p in range(PAGES):
            bitmap = displayio.Bitmap(8, WIDTH, 2)  # x: row in the page, y: screen column
            tile = displayio.TileGrid(bitmap, pixel_shader=self.palette, x=0, y=p * 8)
            tile.transpose_xy = True
            self.group.append(tile)
            self.bitmaps.append(bitmap)
        self.readinto = None
        self.stream = None
        if fast:
            try:
                import io

                import bitmaptools

                self.readinto = bitmaptools.readinto
                self.stream = io.BytesIO(bytearray(WIDTH))
            except (ImportError, AttributeError):
                self.readinto = None
        display.auto_refresh = False
        display.root_group = self.group
        self.fresh = False  # Bitmaps unknown until the first full show
        self.inverted = False
        self.repaint = False  # the palette changed: refresh even if no page did
        self.shows = 0
        self.pages_copied = 0

    def poweroff(self):
        self.display.sleep()

    def poweron(self):
        self.display.wake()

    def contrast(self, value):
        # +0.25 so that both the device (truncating) and Blinka (rounding) send `value`
        self.display.brightness = min(1.0, ((value & 0xFF) + 0.25) / 255)

    def invert(self, on):
        on = bool(on)
        if on != self.inverted:
            self.inverted = on
            self.palette[0] = _ON if on else _OFF
            self.palette[1] = _OFF if on else _ON
            self.repaint = True

    def show(self):
        """Copy every changed page into its Bitmap and refresh the panel. Returns pages copied."""
        self.shows += 1
        views = self.views
        shown = self.shown
        full = not self.fresh
        sent = 0
        for p in range(PAGES):
            view = views[p]
            old = shown[p]
            if not full and old == view:
                continue
            if self.readinto is not None:
                stream = self.stream
                stream.seek(0)
                stream.write(view)
                stream.seek(0)
                stream.readinto(old)
                stream.seek(0)
                self.readinto(self.bitmaps[p], stream, 1)
            else:
                self.copy_pixels(p, full)
            sent += 1
        self.fresh = True
        self.pages_copied += sent
        if sent or self.repaint:
            self.repaint = False
            self.display.refresh()
        return sent

    def copy_pixels(self, p, full):
        """Set the pixels of page p that changed, one Bitmap write each."""
        bitmap = self.bitmaps[p]
        view = self.views[p]
        old = self.shown[p]
        for x in range(WIDTH):
            b = view[x]
            d = 0xFF if full else b ^ old[x]
            if d:
                i = x << 3
                for r in range(8):
                    if (d >> r) & 1:
                        bitmap[i + r] = (b >> r) & 1
                old[x] = b


def page_bytes(bitmaps):
    """Read the Bitmaps back as MONO_VLSB bytes (what the panel is given, before any invert)."""
    out = bytearray(WIDTH * PAGES)
    for p in range(PAGES):
        bitmap = bitmaps[p]
        for x in range(WIDTH):
            v = 0
            for r in range(8):
                if bitmap[(x << 3) + r]:
                    v |= 1 << r
            out[p * WIDTH + x] = v
    return bytes(out)
