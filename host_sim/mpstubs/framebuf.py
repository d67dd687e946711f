"""CPython stand-in for MicroPython's built-in ``framebuf`` module.

The host simulator puts this folder on ``sys.path`` so that console code doing
``import framebuf`` runs unchanged on CPython.  It follows the C implementation of
MicroPython (extmod/modframebuf.c) pixel for pixel, including its quirks:

* every method takes positional arguments only (``rect(..., f=True)`` is a
  TypeError on the device too);
* shapes are clipped silently; zero or negative sizes draw nothing;
* ``text`` draws the UTF-8 bytes of the string: every byte outside 32..127 (so
  each byte of a non-ASCII character) is drawn as the checkerboard glyph 127,
  and a NUL character ends the string;
* ``scroll`` leaves the uncovered strip as it was and does nothing at all when a
  step is as large as the frame;
* ``blit`` looks colours up in the palette without bounds checks, and a
  self-overlapping blit smears exactly as the device's row-by-row copy does.

tests/test_framebuf_standin.py compares it byte for byte with the real module.
The 8x8 font in _font8x8.py is generated from the real VM by
host_sim/tools/gen_font.py.

MONO_VLSB, the SSD1306 layout, has byte-oriented fast paths for fill, fill_rect,
hline/vline, text, scroll and blit; the other formats go pixel by pixel.
"""

from operator import index as _int

try:
    from ._font8x8 import FONT as _FONT
except ImportError:  # imported as a top-level module from the mpstubs folder
    from _font8x8 import FONT as _FONT

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_FILL = 0x10
_ELLIPSE_ALL = 0x0F

_NOARG = object()

# translate() tables: _OR[m] sets the bits of mask m in every byte, _AND[m] clears them.
_OR = {}
_AND = {}


def _or_table(m):
    t = _OR.get(m)
    if t is None:
        t = _OR[m] = bytes(b | m for b in range(256))
    return t


def _and_table(m):
    t = _AND.get(m)
    if t is None:
        t = _AND[m] = bytes(b & ~m for b in range(256))
    return t


def _bytes_of(obj, writable):
    """A byte-indexable view of a buffer object, as MicroPython's buffer protocol sees it."""
    if type(obj) is bytearray:
        return obj
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


def _owner(view):
    """The object that owns the memory of a view (to detect blits onto themselves)."""
    return view.obj if isinstance(view, memoryview) else view


class _Surface:
    """Pixel access for one buffer layout: the C module's getpixel/setpixel/fill_rect.

    get/set take in-range coordinates (get is also used unchecked for palettes);
    fill takes an already clipped, non-empty rectangle.
    """

    __slots__ = ("buf", "format", "height", "owner", "stride", "width")

    def __init__(self, buf, width, height, stride, fmt):
        self.buf = buf
        self.width = width
        self.height = height
        self.stride = stride
        self.format = fmt
        self.owner = _owner(buf)

    def fill(self, x, y, w, h, c):
        setp = self.set
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                setp(xx, yy, c)


class _MonoV(_Surface):
    """MONO_VLSB: one byte is a column of 8 pixels, bit 0 at the top; rows of pages."""

    __slots__ = ()

    def get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        if c & 0xFFFFFFFF:
            self.buf[i] |= 1 << (y & 7)
        else:
            self.buf[i] &= ~(1 << (y & 7))

    def fill(self, x, y, w, h, c):
        buf = self.buf
        stride = self.stride
        on = (c & 0xFFFFFFFF) != 0
        yend = y + h
        while y < yend:
            page = y >> 3
            ny = min((page + 1) << 3, yend)
            m = ((1 << (ny - y)) - 1) << (y & 7)
            i = page * stride + x
            if m == 0xFF:
                buf[i : i + w] = (b"\xff" if on else b"\x00") * w
            elif w == 1:
                buf[i] = buf[i] | m if on else buf[i] & ~m
            else:
                table = _or_table(m) if on else _and_table(m)
                buf[i : i + w] = bytes(buf[i : i + w]).translate(table)
            y = ny

    def page_mask(self, page):
        """Bits of the rows of `page` that lie inside the frame (0 when none do)."""
        rows = self.height - (page << 3)
        if page < 0 or rows <= 0:
            return 0
        return 0xFF if rows >= 8 else (1 << rows) - 1

    def column(self, x, p0, p1):
        """Pages p0..p1 of column x as one integer (bit 0 = top row of page p0)."""
        buf = self.buf
        stride = self.stride
        v = 0
        for k, p in enumerate(range(p0, p1 + 1)):
            v |= buf[p * stride + x] << (k << 3)
        return v

    def put_column(self, x, p0, p1, v):
        buf = self.buf
        stride = self.stride
        for k, p in enumerate(range(p0, p1 + 1)):
            buf[p * stride + x] = (v >> (k << 3)) & 0xFF


class _MonoH(_Surface):
    """MONO_HLSB / MONO_HMSB: one byte is 8 horizontal pixels; stride is a multiple of 8.

    MONO_HLSB puts the leftmost pixel in bit 7, MONO_HMSB in bit 0.
    """

    __slots__ = ()

    def get(self, x, y):
        off = x & 7 if self.format == MONO_HMSB else 7 - (x & 7)
        return (self.buf[(x + y * self.stride) >> 3] >> off) & 1

    def set(self, x, y, c):
        off = x & 7 if self.format == MONO_HMSB else 7 - (x & 7)
        i = (x + y * self.stride) >> 3
        if c & 0xFFFFFFFF:
            self.buf[i] |= 1 << off
        else:
            self.buf[i] &= ~(1 << off)

    def fill(self, x, y, w, h, c):
        buf = self.buf
        on = (c & 0xFFFFFFFF) != 0
        msb = self.format == MONO_HMSB
        advance = self.stride >> 3
        bx0 = x >> 3
        bx1 = (x + w - 1) >> 3
        partial = []
        for bx in sorted({bx0, bx1}):
            lo = max(x, bx << 3) - (bx << 3)
            hi = min(x + w, (bx << 3) + 8) - (bx << 3)
            m = ((1 << (hi - lo)) - 1) << (lo if msb else 8 - hi)
            if m != 0xFF:
                partial.append((bx, m))
        full0 = bx0 + 1 if partial and partial[0][0] == bx0 else bx0
        full1 = bx1 if partial and partial[-1][0] == bx1 else bx1 + 1
        fill = (b"\xff" if on else b"\x00") * max(0, full1 - full0)
        for row in range(y, y + h):
            rb = row * advance
            for bx, m in partial:
                i = rb + bx
                buf[i] = buf[i] | m if on else buf[i] & ~m
            if fill:
                buf[rb + full0 : rb + full1] = fill


class _RGB565(_Surface):
    """RGB565: one native (little-endian) 16-bit word per pixel."""

    __slots__ = ()

    def get(self, x, y):
        i = (x + y * self.stride) << 1
        return self.buf[i] | (self.buf[i + 1] << 8)

    def set(self, x, y, c):
        i = (x + y * self.stride) << 1
        self.buf[i] = c & 0xFF
        self.buf[i + 1] = (c >> 8) & 0xFF

    def fill(self, x, y, w, h, c):
        buf = self.buf
        pix = (c & 0xFFFF).to_bytes(2, "little") * w
        n = w << 1
        for row in range(y, y + h):
            i = (x + row * self.stride) << 1
            buf[i : i + n] = pix


class _GS2(_Surface):
    """GS2_HMSB: 4 pixels per byte, leftmost pixel in bits 0-1."""

    __slots__ = ()

    def get(self, x, y):
        return (self.buf[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 2
        shift = (x & 3) << 1
        self.buf[i] = ((c & 3) << shift) | (self.buf[i] & ~(3 << shift) & 0xFF)


class _GS4(_Surface):
    """GS4_HMSB: 2 pixels per byte, leftmost pixel in the high nibble."""

    __slots__ = ()

    def get(self, x, y):
        v = self.buf[(x + y * self.stride) >> 1]
        return v & 0x0F if x & 1 else v >> 4

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 1
        if x & 1:
            self.buf[i] = (c & 0x0F) | (self.buf[i] & 0xF0)
        else:
            self.buf[i] = ((c & 0x0F) << 4) | (self.buf[i] & 0x0F)


class _GS8(_Surface):
    """GS8: one byte per pixel."""

    __slots__ = ()

    def get(self, x, y):
        return self.buf[x + y * self.stride]

    def set(self, x, y, c):
        self.buf[x + y * self.stride] = c & 0xFF

    def fill(self, x, y, w, h, c):
        buf = self.buf
        pix = bytes((c & 0xFF,)) * w
        for row in range(y, y + h):
            i = x + row * self.stride
            buf[i : i + w] = pix


def _surface(buffer, width, height, fmt, stride, writable):
    """Check the arguments as the C constructor does and build the pixel accessor."""
    width = _int(width)
    height = _int(height)
    fmt = _int(fmt)
    stride = width if stride is _NOARG else _int(stride)
    if (
        width < 1
        or height < 1
        or width > 0xFFFF
        or height > 0xFFFF
        or stride > 0xFFFF
        or stride < width
    ):
        raise ValueError
    bpp = 1
    height_req = height
    width_req = width
    strides_req = height - 1
    if fmt == MONO_VLSB:
        cls = _MonoV
        height_req = (height + 7) & ~7
        strides_req = height_req - 8
    elif fmt in (MONO_HLSB, MONO_HMSB):
        cls = _MonoH
        stride = (stride + 7) & ~7
        width_req = (width + 7) & ~7
    elif fmt == GS2_HMSB:
        cls = _GS2
        stride = (stride + 3) & ~3
        width_req = (width + 3) & ~3
        bpp = 2
    elif fmt == GS4_HMSB:
        cls = _GS4
        stride = (stride + 1) & ~1
        width_req = (width + 1) & ~1
        bpp = 4
    elif fmt == GS8:
        cls = _GS8
        bpp = 8
    elif fmt == RGB565:
        cls = _RGB565
        bpp = 16
    else:
        raise ValueError("invalid format")
    buf = _bytes_of(buffer, writable)
    if (strides_req * stride + (height_req - strides_req) * width_req) * bpp // 8 > len(buf):
        raise ValueError
    return cls(buf, width, height, stride, fmt)


def _source(obj):
    """The surface of a blit source or palette: a FrameBuffer or a (buffer, w, h, format
    [, stride]) tuple or list."""
    if isinstance(obj, FrameBuffer):
        return obj._s
    if not isinstance(obj, (tuple, list)):
        raise TypeError(f"object '{type(obj).__name__}' isn't a tuple or list")
    if len(obj) < 4 or len(obj) > 5:
        raise ValueError
    stride = obj[4] if len(obj) == 5 else _NOARG
    return _surface(obj[0], obj[1], obj[2], obj[3], stride, False)


def _fill_rect(s, x, y, w, h, c):
    if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= s.height or x >= s.width:
        return
    xend = min(s.width, x + w)
    yend = min(s.height, y + h)
    x = max(x, 0)
    y = max(y, 0)
    s.fill(x, y, xend - x, yend - y, c)


def _set_checked(s, x, y, c, mask):
    if mask and 0 <= x < s.width and 0 <= y < s.height:
        s.set(x, y, c)


def _line(s, x1, y1, x2, y2, c):
    if y1 == y2:  # same pixels as the Bresenham loop below, drawn as one span
        _fill_rect(s, min(x1, x2), y1, abs(x2 - x1) + 1, 1, c)
        return
    if x1 == x2:
        _fill_rect(s, x1, min(y1, y2), 1, abs(y2 - y1) + 1, c)
        return
    dx = x2 - x1
    if dx > 0:
        sx = 1
    else:
        dx = -dx
        sx = -1
    dy = y2 - y1
    if dy > 0:
        sy = 1
    else:
        dy = -dy
        sy = -1
    steep = dy > dx
    if steep:
        x1, y1 = y1, x1
        dx, dy = dy, dx
        sx, sy = sy, sx
    width = s.width
    height = s.height
    setp = s.set
    e = 2 * dy - dx
    for _ in range(dx):
        if steep:
            if 0 <= y1 < width and 0 <= x1 < height:
                setp(y1, x1, c)
        elif 0 <= x1 < width and 0 <= y1 < height:
            setp(x1, y1, c)
        while e >= 0:
            y1 += sy
            e -= 2 * dx
        x1 += sx
        e += 2 * dy
    if 0 <= x2 < width and 0 <= y2 < height:
        setp(x2, y2, c)


def _ellipse_points(s, cx, cy, x, y, c, mask):
    # Quadrants: Q2 Q1 / Q3 Q4 (mask bits 0x01 Q1, 0x02 Q2, 0x04 Q3, 0x08 Q4).
    if mask & _ELLIPSE_FILL:
        if mask & 0x01:
            _fill_rect(s, cx, cy - y, x + 1, 1, c)
        if mask & 0x02:
            _fill_rect(s, cx - x, cy - y, x + 1, 1, c)
        if mask & 0x04:
            _fill_rect(s, cx - x, cy + y, x + 1, 1, c)
        if mask & 0x08:
            _fill_rect(s, cx, cy + y, x + 1, 1, c)
    else:
        _set_checked(s, cx + x, cy - y, c, mask & 0x01)
        _set_checked(s, cx - x, cy - y, c, mask & 0x02)
        _set_checked(s, cx - x, cy + y, c, mask & 0x04)
        _set_checked(s, cx + x, cy + y, c, mask & 0x08)


def _cdiv(a, b):
    """Integer division truncating toward zero, as in C."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _coords(obj):
    """The values of a poly() coordinate buffer (array, bytes, ...), as a list."""
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if mv.ndim != 1:
        mv = mv.cast("B").cast(mv.format)
    return mv.tolist()


class FrameBuffer:
    """FrameBuffer(buffer, width, height, format[, stride]) -- as MicroPython's."""

    def __init__(self, buffer, width, height, format, stride=_NOARG, /):
        self._s = _surface(buffer, width, height, format, stride, True)
        self._buffer = buffer

    def __buffer__(self, flags, /):  # CPython 3.12+: memoryview(fb), bytes(fb), ...
        return memoryview(self._buffer)

    def fill(self, c, /):
        s = self._s
        s.fill(0, 0, s.width, s.height, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        _fill_rect(self._s, _int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, c=_NOARG, /):
        x = _int(x)
        y = _int(y)
        s = self._s
        if 0 <= x < s.width and 0 <= y < s.height:
            if c is _NOARG:
                return s.get(x, y)
            s.set(x, y, _int(c))
        return None

    def hline(self, x, y, w, c, /):
        _fill_rect(self._s, _int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        _fill_rect(self._s, _int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        s = self._s
        x = _int(x)
        y = _int(y)
        w = _int(w)
        h = _int(h)
        c = _int(c)
        if f:
            _fill_rect(s, x, y, w, h, c)
        else:
            _fill_rect(s, x, y, w, 1, c)
            _fill_rect(s, x, y + h - 1, w, 1, c)
            _fill_rect(s, x, y, 1, h, c)
            _fill_rect(s, x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        _line(self._s, _int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def ellipse(self, x, y, xr, yr, c, f=False, m=_NOARG, /):
        s = self._s
        cx = _int(x)
        cy = _int(y)
        xr = _int(xr)
        yr = _int(yr)
        c = _int(c)
        mask = _ELLIPSE_FILL if f else 0
        mask |= _ELLIPSE_ALL if m is _NOARG else _int(m) & _ELLIPSE_ALL
        if xr == 0 and yr == 0:
            _set_checked(s, cx, cy, c, mask & _ELLIPSE_ALL)
            return
        two_asquare = 2 * xr * xr
        two_bsquare = 2 * yr * yr
        x = xr
        y = 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        error = 0
        stoppingx = two_bsquare * xr
        stoppingy = 0
        while stoppingx >= stoppingy:  # first set of points, y' > -1
            _ellipse_points(s, cx, cy, x, y, c, mask)
            y += 1
            stoppingy += two_asquare
            error += ychange
            ychange += two_asquare
            if 2 * error + xchange > 0:
                x -= 1
                stoppingx -= two_bsquare
                error += xchange
                xchange += two_bsquare
        x = 0
        y = yr
        xchange = yr * yr
        ychange = xr * xr * (1 - 2 * yr)
        error = 0
        stoppingx = 0
        stoppingy = two_asquare * yr
        while stoppingx <= stoppingy:  # second set of points, y' < -1
            _ellipse_points(s, cx, cy, x, y, c, mask)
            x += 1
            stoppingx += two_bsquare
            error += xchange
            xchange += two_bsquare
            if 2 * error + ychange > 0:
                y -= 1
                stoppingy -= two_asquare
                error += ychange
                ychange += two_asquare

    def poly(self, x, y, coords, c, f=False, /):
        s = self._s
        x = _int(x)
        y = _int(y)
        values = _coords(coords)
        n = len(values) // 2  # an odd trailing value is ignored
        if n == 0:
            return
        c = _int(c)
        v = [_int(value) for value in values[: 2 * n]]
        if not f:
            px1, py1 = v[0], v[1]
            for i in range(2 * n - 1, 0, -2):
                px2, py2 = v[i - 1], v[i]
                _line(s, x + px1, y + py1, x + px2, y + py2, c)
                px1, py1 = px2, py2
            return
        # Scan-line fill: for each row, the sorted x crossings of the edges are
        # filled pairwise; an edge's bottom pixel is excluded, with the device's
        # extra pixels at local extremes and horizontal edges.
        ys = v[1::2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = v[0], v[1]
            for i in range(2 * n - 1, 0, -2):
                px2, py2 = v[i - 1], v[i]
                if py1 != py2 and ((py1 > row) != (py2 > row)):
                    num = 32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16
                    nodes.append(_cdiv(num, 32))
                elif row == max(py1, py2):
                    if py1 < py2:
                        _set_checked(s, x + px2, y + py2, c, 1)
                    elif py2 < py1:
                        _set_checked(s, x + px1, y + py1, c, 1)
                    else:
                        _line(s, x + px1, y + py1, x + px2, y + py2, c)
                px1, py1 = px2, py2
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                _fill_rect(s, x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, c)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        src = _source(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF
        pal = None if palette is None else _source(palette)
        dst = self._s
        if x >= dst.width or y >= dst.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(dst.width, x + src.width)
        y0end = min(dst.height, y + src.height)
        if (
            pal is None
            and type(dst) is _MonoV
            and type(src) is _MonoV
            and src.owner is not dst.owner
        ):
            _blit_mono_v(dst, src, x0, y0, x1, y1, x0end - x0, y0end - y0, key)
            return
        get = src.get
        setp = dst.set
        pget = pal.get if pal is not None else None
        for yy in range(y0, y0end):
            sx = x1
            for xx in range(x0, x0end):
                col = get(sx, y1)
                if pget is not None:
                    col = pget(col, 0)
                if col != key:
                    setp(xx, yy, col)
                sx += 1
            y1 += 1

    def scroll(self, xstep, ystep, /):
        s = self._s
        xstep = _int(xstep)
        ystep = _int(ystep)
        if not (-s.width < xstep < s.width and -s.height < ystep < s.height):
            return
        if type(s) is _MonoV:
            _scroll_mono_v(s, xstep, ystep)
            return
        xs = range(s.width + xstep) if xstep < 0 else range(s.width - 1, xstep - 1, -1)
        ys = range(s.height + ystep) if ystep < 0 else range(s.height - 1, ystep - 1, -1)
        get = s.get
        setp = s.set
        for yy in ys:
            for xx in xs:
                setp(xx, yy, get(xx - xstep, yy - ystep))

    def text(self, s, x, y, c=1, /):
        if isinstance(s, str):
            data = s.encode("utf-8", "surrogatepass")
        elif isinstance(s, bytes):
            data = s
        else:
            name = type(s).__name__
            raise TypeError(f"can't convert '{name}' object to str implicitly")
        x0 = _int(x)
        y0 = _int(y)
        c = _int(c)
        end = data.find(b"\x00")
        if end >= 0:
            data = data[:end]
        surf = self._s
        width = surf.width
        if y0 >= surf.height or y0 + 8 <= 0:
            return
        if type(surf) is _MonoV:
            _text_mono_v(surf, data, x0, y0, c)
            return
        height = surf.height
        setp = surf.set
        font = _FONT
        for ch in data:
            if x0 >= width:
                break
            if x0 + 8 <= 0:
                x0 += 8
                continue
            base = (ch - 32) << 3 if 32 <= ch <= 127 else 95 << 3
            for j in range(8):
                if 0 <= x0 < width:
                    bits = font[base + j]
                    yy = y0
                    while bits:
                        if bits & 1 and 0 <= yy < height:
                            setp(x0, yy, c)
                        bits >>= 1
                        yy += 1
                x0 += 1


def _text_mono_v(s, data, x0, y0, c):
    """text() for MONO_VLSB: each glyph column is OR-ed (or cleared) into two pages."""
    buf = s.buf
    width = s.width
    page = y0 >> 3
    shift = y0 & 7
    m0 = s.page_mask(page)
    m1 = s.page_mask(page + 1)
    i0 = page * s.stride
    i1 = i0 + s.stride
    on = (c & 0xFFFFFFFF) != 0
    font = _FONT
    for ch in data:
        if x0 >= width:
            break
        if x0 + 8 > 0:
            base = (ch - 32) << 3 if 32 <= ch <= 127 else 95 << 3
            for j in range(max(0, -x0), min(8, width - x0)):
                bits = font[base + j] << shift
                xx = x0 + j
                b = bits & m0
                if b:
                    buf[i0 + xx] = buf[i0 + xx] | b if on else buf[i0 + xx] & ~b
                b = (bits >> 8) & m1
                if b:
                    buf[i1 + xx] = buf[i1 + xx] | b if on else buf[i1 + xx] & ~b
        x0 += 8


def _blit_mono_v(dst, src, x0, y0, x1, y1, w, h, key):
    """blit() between distinct MONO_VLSB buffers, a column of pages at a time."""
    rows = (1 << h) - 1
    sp0 = y1 >> 3
    sp1 = (y1 + h - 1) >> 3
    sshift = y1 - (sp0 << 3)
    dp0 = y0 >> 3
    dp1 = (y0 + h - 1) >> 3
    dshift = y0 - (dp0 << 3)
    mask = rows << dshift
    for i in range(w):
        bits = ((src.column(x1 + i, sp0, sp1) >> sshift) & rows) << dshift
        d = dst.column(x0 + i, dp0, dp1)
        if key == 0:  # transparent 0: only set pixels are copied
            d |= bits
        elif key == 1:  # transparent 1: only clear pixels are copied
            d &= ~(mask & ~bits)
        else:
            d = (d & ~mask) | bits
        dst.put_column(x0 + i, dp0, dp1, d)


def _scroll_mono_v(s, xstep, ystep):
    """scroll() for MONO_VLSB on whole columns (steps already checked to be in range)."""
    width = s.width
    last = (s.height - 1) >> 3
    y_lo = max(0, ystep)
    y_hi = min(s.height, s.height + ystep)
    mask = ((1 << (y_hi - y_lo)) - 1) << y_lo
    old = [s.column(x, 0, last) for x in range(width)]
    for x in range(max(0, xstep), min(width, width + xstep)):
        v = old[x - xstep]
        v = v << ystep if ystep >= 0 else v >> -ystep
        s.put_column(x, 0, last, (old[x] & ~mask) | (v & mask))


def FrameBuffer1(buffer, width, height, stride=_NOARG, /):
    """Legacy constructor: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is _NOARG else stride)
