"""The app's 1-bit frame on a CircuitPython displayio display (adafruit_displayio_ssd1306).

The app draws into a MONO_VLSB FrameBuffer (`fb` over `buf`), as it does with
firmware.ssd1306: 8 pages of 128 bytes, each byte a column of 8 pixels, bit 0
on top. displayio shows Bitmaps through TileGrids instead. Here the frame is
cut into cells of 8 rows (one page) by COLUMNS columns, each with its own
2-colour Bitmap stored transposed (8 pixels wide, one row per screen column)
and shown by a TileGrid with transpose_xy, so one Bitmap row is exactly one
byte of the frame, least significant bit first.

show() copies only the cells that changed since the last show (a native
compare of the cell's bytes with a copy of what is shown). A changed cell goes
through a reused io.BytesIO of COLUMNS bytes: bitmaptools.readinto() unpacks
them into the cell's Bitmap in native code (1 bit per pixel, LSB first), and
the same stream refreshes the copy of what is shown. Then display.refresh()
sends the dirty cells to the panel, during show() as the MicroPython driver
does (auto_refresh is off). No per-byte or per-pixel Python loop and no
allocation per frame. Without bitmaptools or io.BytesIO the changed pixels are
set one by one instead (slower, the same picture).

COLUMNS = 32 sends about a fifth fewer I2C bytes than whole pages over a game
(a cell is the smallest area displayio redraws here) for 24 more TileGrids.
Memory besides the 1 KB frame, on a 32-bit CircuitPython: 32 Bitmaps of 8x32
(displayio pads each row to a 32-bit word: 128 bytes of pixels each, 4 KB), 32
TileGrids, the copy of what is shown (32 x 32 bytes), 32 memoryviews, the
32-byte stream, a Group and a 2-colour Palette: about 11 KB in all.

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
COLUMNS = const(32)  # columns per Bitmap: a divisor of WIDTH
_OFF = const(0x000000)
_ON = const(0xFFFFFF)


class DisplayioFrame:
    """The firmware.ssd1306.SSD1306 interface (fb, buf, show, contrast, invert,
    poweron, poweroff, shows) over a displayio display such as
    adafruit_displayio_ssd1306.SSD1306.

    fast=False forces the pixel-by-pixel copy (what a build without bitmaptools gets);
    columns is the width of a Bitmap (WIDTH: one Bitmap per page).
    """

    def __init__(self, display, fast=True, columns=COLUMNS):
        import displayio

        self.display = display
        self.columns = columns
        self.buf = bytearray(WIDTH * PAGES)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        whole = memoryview(self.buf)
        n = WIDTH * PAGES // columns
        self.views = [whole[i * columns : (i + 1) * columns] for i in range(n)]
        self.shown = [bytearray(columns) for _ in range(n)]  # what the Bitmaps hold
        self.palette = displayio.Palette(2)
        self.palette[0] = _OFF
        self.palette[1] = _ON
        self.bitmaps = []
        self.group = displayio.Group()
        for i in range(n):
            bitmap = displayio.Bitmap(8, columns, 2)  # x: row in the page, y: screen column
            x = i * columns % WIDTH
            y = i * columns // WIDTH * 8
            tile = displayio.TileGrid(bitmap, pixel_shader=self.palette, x=x, y=y)
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
                self.stream = io.BytesIO(bytearray(columns))
            except (ImportError, AttributeError):
                self.readinto = None
        display.auto_refresh = False
        display.root_group = self.group
        self.fresh = False  # Bitmaps unknown until the first show
        self.inverted = False
        self.repaint = False  # the palette changed: refresh even if no cell did
        self.shows = 0
        self.cells_copied = 0

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
        """Copy every changed cell into its Bitmap and refresh the panel. Returns cells copied."""
        self.shows += 1
        views = self.views
        shown = self.shown
        full = not self.fresh
        sent = 0
        for i in range(len(views)):
            view = views[i]
            old = shown[i]
            if not full and old == view:
                continue
            if self.readinto is not None:
                stream = self.stream
                stream.seek(0)
                stream.write(view)
                stream.seek(0)
                stream.readinto(old)
                stream.seek(0)
                self.readinto(self.bitmaps[i], stream, 1)
            else:
                self.copy_pixels(i, full)
            sent += 1
        self.fresh = True
        self.cells_copied += sent
        if sent or self.repaint:
            self.repaint = False
            self.display.refresh()
        return sent

    def copy_pixels(self, cell, full):
        """Set the pixels of a cell that changed, one Bitmap write each."""
        bitmap = self.bitmaps[cell]
        view = self.views[cell]
        old = self.shown[cell]
        for x in range(self.columns):
            b = view[x]
            d = 0xFF if full else b ^ old[x]
            if d:
                row = x << 3
                for r in range(8):
                    if (d >> r) & 1:
                        bitmap[row + r] = (b >> r) & 1
                old[x] = b


def bitmap_bytes(bitmaps):
    """Read the Bitmaps back as MONO_VLSB bytes (what the panel is given, before any invert)."""
    out = bytearray()
    for bitmap in bitmaps:
        for x in range(bitmap.height):
            v = 0
            for r in range(8):
                if bitmap[(x << 3) + r]:
                    v |= 1 << r
            out.append(v)
    return bytes(out)
