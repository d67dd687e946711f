"""The CPython framebuf stand-in (host_sim/mpstubs/framebuf.py) against the real module.

SCENES below is one piece of code that both interpreters run: MicroPython with its
built-in framebuf, CPython with the stand-in.  Every scene draws into each buffer
configuration (every format, odd sizes, explicit strides, memoryview and array
buffers), starting from pseudo-random buffer contents plus guard bytes after the
frame, and records the whole buffer as hex after each step (or a value, or the
name of the exception raised).  Each scene is then compared on its own, so a
failure names the configuration, the scene and the first differing step.
"""

import os

import framebuf
import pytest

from mpvm import ROOT, run_mp

SCENES = r'''
import array

COLS = (1, 0, 2, 3, 7, 0x5A, 0xF0F0, 0x1234, -1, 0x10000)
GUARD = 3  # bytes after the frame that drawing must leave alone

# name, format, width, height, stride (None: default), buffer kind
CONFIGS = (
    ("vlsb21x13", "MONO_VLSB", 21, 13, None, "bytearray"),
    ("vlsb19x20s23", "MONO_VLSB", 19, 20, 23, "bytearray"),
    ("vlsb16x8", "MONO_VLSB", 16, 8, None, "bytearray"),
    ("vlsb128x64", "MONO_VLSB", 128, 64, None, "bytearray"),
    ("vlsb21x13mv", "MONO_VLSB", 21, 13, None, "memoryview"),
    ("hlsb21x13", "MONO_HLSB", 21, 13, None, "bytearray"),
    ("hlsb19x11s33", "MONO_HLSB", 19, 11, 33, "bytearray"),
    ("hlsb128x64", "MONO_HLSB", 128, 64, None, "bytearray"),
    ("hmsb21x13", "MONO_HMSB", 21, 13, None, "bytearray"),
    ("hmsb13x7s17", "MONO_HMSB", 13, 7, 17, "bytearray"),
    ("rgb565_17x11", "RGB565", 17, 11, None, "bytearray"),
    ("rgb565_13x9s16", "RGB565", 13, 9, 16, "array"),
    ("gs2_19x11", "GS2_HMSB", 19, 11, None, "bytearray"),
    ("gs2_13x7s18", "GS2_HMSB", 13, 7, 18, "bytearray"),
    ("gs4_19x11", "GS4_HMSB", 19, 11, None, "bytearray"),
    ("gs4_17x9s21", "GS4_HMSB", 17, 9, 21, "bytearray"),
    ("gs8_19x11", "GS8", 19, 11, None, "bytearray"),
    ("gs8_13x9s15", "GS8", 13, 9, 15, "bytearray"),
)

# Blit sources: name, format, width, height.
SOURCES = (
    ("vlsb7x11", "MONO_VLSB", 7, 11),
    ("vlsb8x16", "MONO_VLSB", 8, 16),
    ("vlsb30x20", "MONO_VLSB", 30, 20),
    ("hlsb9x5", "MONO_HLSB", 9, 5),
    ("hmsb10x3", "MONO_HMSB", 10, 3),
    ("rgb565_5x4", "RGB565", 5, 4),
    ("gs2_6x5", "GS2_HMSB", 6, 5),
    ("gs4_5x5", "GS4_HMSB", 5, 5),
    ("gs8_6x4", "GS8", 6, 4),
)

# Number of distinct pixel values of the formats that can index a palette.
PALETTE_SIZES = {"MONO_VLSB": 2, "MONO_HLSB": 2, "MONO_HMSB": 2, "GS2_HMSB": 4,
                 "GS4_HMSB": 16, "GS8": 256}


def pattern(buf, seed):
    s = seed
    for i in range(len(buf)):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        buf[i] = (s >> 16) & 0xFF


def buf_size(F, fmt, w, h, stride):
    s = w if stride is None else stride
    if fmt == F.MONO_VLSB:
        return s * ((h + 7) // 8)
    if fmt == F.MONO_HLSB or fmt == F.MONO_HMSB:
        return (s + 7) // 8 * h
    if fmt == F.GS2_HMSB:
        return (s + 3) // 4 * h
    if fmt == F.GS4_HMSB:
        return (s + 1) // 2 * h
    if fmt == F.GS8:
        return s * h
    return 2 * s * h


class Recorder:
    def __init__(self, key, out):
        self.key = key
        self.out = out
        self.n = 0

    def rec(self, text):
        self.out(self.key, self.n, text)
        self.n += 1

    def val(self, v):
        self.rec(repr(v))

    def call(self, fn, *args):
        try:
            res = fn(*args)
        except Exception as e:
            self.rec("!" + type(e).__name__)
        else:
            self.rec(repr(res) if res is None or isinstance(res, int) else "ok")


class Frame(Recorder):
    """One configuration's buffer, its FrameBuffer and the recorder of one scene."""

    def __init__(self, F, cfg, key, out):
        self.F = F
        self.name, fmtname, self.W, self.H, self.stride, kind = cfg
        self.fmtname = fmtname
        self.fmt = getattr(F, fmtname)
        Recorder.__init__(self, key, out)
        size = buf_size(F, self.fmt, self.W, self.H, self.stride) + GUARD
        if kind == "array":
            self.mem = array.array("H", [0] * ((size + 1) // 2))
        else:
            self.mem = bytearray(size + (4 if kind == "memoryview" else 0))
        self.reset(1)
        target = self.mem
        if kind == "memoryview":
            target = memoryview(self.mem)[2 : 2 + size]
        if self.stride is None:
            self.fb = F.FrameBuffer(target, self.W, self.H, self.fmt)
        else:
            self.fb = F.FrameBuffer(target, self.W, self.H, self.fmt, self.stride)

    def reset(self, seed):
        """Pseudo-random contents, so that untouched and cleared pixels show."""
        if isinstance(self.mem, bytearray):
            pattern(self.mem, seed)
        else:
            tmp = bytearray(len(self.mem) * 2)
            pattern(tmp, seed)
            for i in range(len(self.mem)):
                self.mem[i] = tmp[2 * i] | (tmp[2 * i + 1] << 8)

    def snap(self):
        self.rec(bytes(self.mem).hex())


def sc_fill(f):
    for c in COLS:
        f.fb.fill(c)
        f.snap()


def sc_pixel_set(f):
    W, H = f.W, f.H
    pts = ((0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1), (W // 2, H // 2), (-1, 0), (0, -1),
           (W, 0), (0, H), (-5, -5), (W + 3, H + 3), (1, H // 2), (W - 2, 7), (3, 8))
    for i in range(len(pts)):
        f.fb.pixel(pts[i][0], pts[i][1], COLS[i % len(COLS)])
        f.snap()
    f.call(f.fb.pixel, -1, 0, 1.5)  # off-screen: the colour is never converted
    f.call(f.fb.pixel, 0, 0, 1.5)
    f.call(f.fb.pixel, 1.0, 0)
    f.call(f.fb.pixel, 0)
    f.call(f.fb.pixel, 0, 0, 1, 1)


def sc_pixel_get(f):
    f.fb.fill_rect(1, 1, 5, 4, 3)
    f.fb.line(0, f.H - 1, f.W - 1, 0, 0x5A)
    f.fb.text("Q", 2, 2, 0xF00F)
    for y in range(-2, f.H + 2):
        f.val([f.fb.pixel(x, y) for x in range(-2, f.W + 2)])


def spans(W, H):
    return ((0, 0, 5), (2, 3, 100), (-3, 1, 6), (-3, 2, 2), (-3, 2, 3), (W - 2, 4, 5), (W, 5, 3),
            (W - 1, 5, 1), (-10, 6, 10), (-10, 6, 11), (0, -1, W), (0, H, W), (0, H - 1, W),
            (3, 7, 0), (3, 8, -4), (-100, H // 2, 300), (1, 1, 1), (W // 2, H // 3, W // 3))


def sc_hline(f):
    i = 0
    for x, y, w in spans(f.W, f.H):
        f.fb.hline(x, y, w, COLS[i % len(COLS)])
        f.snap()
        i += 1


def sc_vline(f):
    i = 0
    for y, x, h in spans(f.H, f.W):
        f.fb.vline(x, y, h, COLS[i % len(COLS)])
        f.snap()
        i += 1


def rects(W, H):
    return ((2, 1, 5, 4), (-3, 2, 6, 3), (W - 4, 3, 9, 2), (3, -2, 4, 5), (4, H - 3, 3, 8),
            (-2, -2, 4, 4), (W - 2, H - 2, 5, 5), (-2, H - 1, 5, 3), (W - 1, -1, 3, 3),
            (W, 0, 3, 3), (-3, 0, 3, 3), (0, H, 3, 3), (0, -3, 3, 3), (-50, -50, 10, 10),
            (2, 2, 0, 4), (2, 2, 4, 0), (2, 2, -3, 4), (2, 2, 4, -3), (1, 1, 1, 1),
            (-5, -5, W + 10, H + 10), (1, 5, 3, 5), (2, 7, 5, 2), (0, 8, 4, 8), (3, 1, 2, 14),
            (1, 0, 1, 3), (1, 0, 2, 3), (2, 1, 3, 3), (W - 1, 0, 1, H), (0, H - 1, W, 1),
            (1, 1, 2, 1), (1, 1, 1, 2), (2, 2, 2, 2))


def sc_fill_rect(f):
    i = 0
    for x, y, w, h in rects(f.W, f.H):
        f.fb.fill_rect(x, y, w, h, COLS[i % len(COLS)])
        f.snap()
        i += 1
    f.call(f.fb.fill_rect, 0, 0, 1, 1)
    f.call(f.fb.fill_rect, 0, 0, 1, 1.0, 1)


def sc_rect(f):
    i = 0
    for fill in (None, True, 1, 0, False):
        for x, y, w, h in rects(f.W, f.H):
            c = COLS[i % len(COLS)]
            if fill is None:
                f.fb.rect(x, y, w, h, c)
            else:
                f.fb.rect(x, y, w, h, c, fill)
            f.snap()
            i += 1
    f.call(lambda: f.fb.rect(0, 0, 3, 3, 1, f=True))


def sc_line(f):
    W, H = f.W, f.H
    cx, cy = W // 2, H // 2
    lines = [(0, 0, W - 1, H - 1), (W - 1, H - 1, 0, 0), (W - 1, 0, 0, H - 1),
             (-10, -3, W + 10, H + 3), (-5, cy, W + 5, cy), (cx, -5, cx, H + 5),
             (-10, -10, -1, -20), (W, 0, W + 10, H), (0, H, W, H + 5), (-50, 2, W + 50, H - 2),
             (3, -20, 5, H + 20), (W - 1, 0, W - 1, 0), (-1, -1, -1, -1), (0, 3, 0, 3),
             (2, H - 1, W + 40, -30), (W + 3, 2, -4, 4)]
    for dx, dy in ((7, 2), (2, 7), (-2, 7), (-7, 2), (-7, -2), (-2, -7), (2, -7), (7, -2),
                   (5, 5), (-5, 5), (0, 6), (6, 0), (0, -6), (-6, 0), (0, 0), (1, 3), (3, 1)):
        lines.append((cx, cy, cx + dx, cy + dy))
    i = 0
    for x1, y1, x2, y2 in lines:
        f.fb.line(x1, y1, x2, y2, COLS[i % len(COLS)])
        f.snap()
        i += 1


def sc_text(f):
    W, H = f.W, f.H
    texts = (("Hello", 0, 0, 1), ("Ab!", -3, 2, 1), ("xyz", 2, -3, 1), ("Wg", -7, -7, 1),
             ("Zq", W - 5, H - 4, 1), ("off", W, 0, 1), ("off", 0, H, 1), ("off", -24, 0, 1),
             ("off", 0, -8, 1), ("edge", -25, 0, 1), ("@#", 1, 1, 0), ("|_", 3, 4, 5),
             ("~", 0, H - 1, 1), ("g", 0, -7, 1), ("M", W - 1, 0, 1), ("ab", 1, 5, 0x1234),
             ("nul\x00hidden", 0, 3, 1), ("\x00x", 0, 0, 1), ("", 0, 0, 1),
             ("\xe9\u20ac\U0001F600", -2, 1, 1), ("\x7f\x1f\x80", 0, 2, 1),
             ("long text running off the right edge", 0, 4, 1), ("-1", 1, 1, -1))
    for s, x, y, c in texts:
        f.fb.fill(0)
        f.fb.text(s, x, y, c)
        f.snap()
    f.fb.text("over", 1, 2, 1)
    f.fb.text("DEF", 0, 1)
    f.snap()
    f.fb.text(b"by\x80\xfftes", 1, 1, 1)
    f.snap()
    f.fb.text(b"a\x00b", 1, 1, 0)
    f.snap()
    f.call(f.fb.text, 65, 0, 0)
    f.call(f.fb.text, bytearray(b"A"), 0, 0)
    f.call(f.fb.text, "A", 0, 0, 1, 1)
    f.call(f.fb.text, "A", 0.0, 0)


def sc_text_chars(f):
    """Every character code 1..255, as str and as bytes."""
    W, H = f.W, f.H
    if W >= 64:
        per = W // 8
        for start in range(1, 256, per):
            s = "".join(chr(c) for c in range(start, min(256, start + per)))
            f.fb.fill(0)
            f.fb.text(s, 0, 0)
            f.fb.text(s, -3, 11, 1)
            f.fb.text(bytes(range(start, min(256, start + per))), 1, H - 20, 1)
            f.fb.text(s, 2, H - 5, 1)
            f.snap()
    else:
        for c in range(1, 256):
            f.fb.fill(0)
            f.fb.text(chr(c), c % 5 - 2, c % 7 - 3, 1 + c % 3)
            f.fb.text(bytes((c,)), W - 8 + c % 3, H - 9 + c % 4, 1)
            f.snap()


def sc_scroll(f):
    W, H = f.W, f.H
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (3, 2), (-2, 3), (2, -3), (-3, -2), (W - 1, 0),
             (-(W - 1), 0), (0, H - 1), (0, -(H - 1)), (W, 0), (-W, 0), (0, H), (0, -H),
             (W + 5, 1), (1, -H - 2), (0, 0), (9, 9), (-8, -8), (8, 0), (0, 8), (-7, 5))
    i = 0
    for xs, ys in steps:
        f.reset(100 + i)
        f.fb.scroll(xs, ys)
        f.snap()
        i += 1
    f.reset(7)
    for xs, ys in steps[:8]:
        f.fb.scroll(xs, ys)
    f.snap()
    f.call(f.fb.scroll, 1)
    f.call(f.fb.scroll, 1, 1.0)


def make_source(F, src, seed, stride=None):
    name, fmtname, sw, sh = src
    fmt = getattr(F, fmtname)
    sbuf = bytearray(buf_size(F, fmt, sw, sh, stride))
    pattern(sbuf, seed)
    return sbuf, fmt, sw, sh


def scene_blit(src_index):
    def sc(f):
        F, W, H = f.F, f.W, f.H
        src = SOURCES[src_index]
        sbuf, sfmt, sw, sh = make_source(F, src, 50 + src_index)
        sfb = F.FrameBuffer(sbuf, sw, sh, sfmt)
        positions = ((0, 0), (3, 2), (-2, -3), (W - 3, H - 2), (W, 0), (0, H), (-sw, 0),
                     (0, -sh), (-sw + 1, -sh + 1), (W - 1, H - 1), (-3, 5), (W - sw, H - sh))
        for x, y in positions:
            f.reset(x * 31 + y)
            f.fb.blit(sfb, x, y)
            f.snap()
        for key in (0, 1, 2, 3, 0x5A, 0x1234, -1, 0xFFFF, 0x100000000 - 1):
            f.reset(key & 0xFF)
            f.fb.blit(sfb, 2, 1, key)
            f.snap()
        # The same image given as a tuple or list, with and without an explicit stride.
        f.fb.blit((bytes(sbuf), sw, sh, sfmt), -1, 1)
        f.snap()
        f.fb.blit([sbuf, sw, sh, sfmt, sw], 1, -1, 0)
        f.snap()
        tbuf, _, _, _ = make_source(F, src, 77, sw + 5)
        f.fb.blit((tbuf, sw, sh, sfmt, sw + 5), 2, 2)
        f.snap()
        # Palette: maps source pixel values to colours of this frame's format.
        n = PALETTE_SIZES.get(src[1])
        if n:
            pbuf = bytearray(buf_size(F, f.fmt, n, 1, None))
            pattern(pbuf, 9 + src_index)
            pal = F.FrameBuffer(pbuf, n, 1, f.fmt)
            f.reset(3)
            f.fb.blit(sfb, 1, 1, -1, pal)
            f.snap()
            f.fb.blit(sfb, -1, 2, pal.pixel(1, 0), pal)
            f.snap()
            f.fb.blit(sfb, 2, -1, pal.pixel(0, 0), (pbuf, n, 1, f.fmt))
            f.snap()
            f.fb.blit(sfb, 0, 0, -1, None)
            f.snap()
    return sc


def sc_blit_misc(f):
    F, W, H = f.F, f.W, f.H
    # Blitting a frame onto itself smears in the order the device copies pixels.
    for x, y, key in ((1, 1, -1), (-2, -1, -1), (3, -2, 0), (-1, 2, 1), (0, 0, -1), (W - 1, 0, -1)):
        f.reset(x + 10 * y + 5)
        f.fb.blit(f.fb, x, y, key)
        f.snap()

    class Sprite(F.FrameBuffer):
        def __init__(self, w, h):
            self.data = bytearray(w * ((h + 7) // 8))
            super().__init__(self.data, w, h, F.MONO_VLSB)

    sp = Sprite(6, 5)
    sp.fill(0)
    sp.rect(0, 0, 6, 5, 1)
    sp.line(0, 0, 5, 4, 1)
    f.fb.blit(sp, 2, 3)
    f.snap()
    f.fb.blit(sp, -3, -1, 0)
    f.snap()
    other = F.FrameBuffer(bytearray(len(f.mem) * 2 + 8), W, H, f.fmt)
    other.fill(1)
    other.fill_rect(1, 1, W - 2, H - 2, 0)
    f.fb.blit(other, 0, 0, 0)
    f.snap()
    f.fb.blit(other, 1, -1)
    f.snap()
    f.call(f.fb.blit, (bytes(1), 8, 8, F.MONO_VLSB), 0, 0)
    f.call(f.fb.blit, (bytes(8), 8, 8), 0, 0)
    f.call(f.fb.blit, (bytes(8), 8, 1, F.MONO_VLSB, 8, 0), 0, 0)
    f.call(f.fb.blit, (bytes(8), 8, 8, 9), 0, 0)
    f.call(f.fb.blit, (bytes(8), 8, 8, F.MONO_HLSB, 4), 0, 0)
    f.call(f.fb.blit, 12, 0, 0)
    f.call(f.fb.blit, f.fb, 0, 0, -1, 5)
    f.call(f.fb.blit, f.fb, 0, 0.0)


ELLIPSES = ((0.5, 0.5, 3, 2), (0.5, 0.5, 0, 0), (0.5, 0.5, 5, 0), (0.5, 0.5, 0, 4),
            (0.1, 0.1, 4, 4), (0.9, 0.9, 5, 3), (0.5, -0.2, 6, 4), (0.5, 1.1, 6, 3),
            (-0.2, 0.5, 5, 5), (1.2, 0.5, 4, 4), (-3.0, -3.0, 3, 3), (0.5, 0.5, 30, 20),
            (0.5, 0.5, 1, 1), (0.5, 0.5, 2, 7), (0.5, 0.5, 9, 1), (0.5, 0.5, -3, 2),
            (0.5, 0.5, 2, -3), (0.5, 0.5, -2, -2), (0.5, 0.5, 1, 0), (0.5, 0.5, 0, 1))


def sc_ellipse(f):
    W, H = f.W, f.H
    i = 0
    for fx, fy, xr, yr in ELLIPSES:
        for fill in (None, False, True):
            f.reset(i)
            c = COLS[i % len(COLS)]
            x, y = int(fx * W), int(fy * H)
            if fill is None:
                f.fb.ellipse(x, y, xr, yr, c)
            else:
                f.fb.ellipse(x, y, xr, yr, c, fill)
            f.snap()
            i += 1
    f.call(f.fb.ellipse, 1, 1, 1.0, 1, 1)
    f.call(f.fb.ellipse, 1, 1, 1, 1, 1, 0, 3, 4)


def sc_ellipse_masks(f):
    W, H = f.W, f.H
    for m in tuple(range(16)) + (0x1F, 0x30, -1):
        for fill in (False, True):
            f.reset(m & 0xFF)
            f.fb.ellipse(W // 2, H // 2, 5, 3, 1, fill, m)
            f.fb.ellipse(1, H - 2, 4, 4, 7, fill, m)
            f.fb.ellipse(W // 2, H // 2, 0, 0, 3, fill, m)
            f.snap()


def polygons():
    return (
        ("tri", array.array("h", [0, 0, 8, 3, 2, 9])),
        ("square", array.array("h", [0, 0, 6, 0, 6, 6, 0, 6])),
        ("concave", array.array("h", [0, 0, 10, 0, 10, 10, 5, 4, 0, 10])),
        ("star", array.array("h", [5, 0, 6, 4, 10, 4, 7, 6, 9, 10, 5, 8, 1, 10, 3, 6, 0, 4, 4, 4])),
        ("arrow", array.array("h", [0, 3, 6, 3, 6, 0, 10, 5, 6, 10, 6, 7, 0, 7])),
        ("negative", array.array("b", [-3, -3, 4, -1, 1, 5])),
        ("bytes", bytes([0, 0, 5, 1, 3, 6, 1, 4])),
        ("bytearray", bytearray([9, 0, 0, 2, 4, 9])),
        ("int32", array.array("i", [1, 1, 12, 2, 7, 11, 3, 8])),
        ("memoryview", memoryview(array.array("h", [2, 0, 8, 8, 0, 5]))),
        ("odd", array.array("h", [0, 0, 7, 2, 3, 8, 99])),
        ("point", array.array("h", [2, 3])),
        ("segment", array.array("h", [0, 0, 9, 4])),
        ("flat", array.array("h", [0, 2, 9, 2])),
        ("bowtie", array.array("h", [0, 0, 8, 8, 8, 0, 0, 8])),
        ("zigzag", array.array("h", [0, 0, 3, 5, 6, 0, 9, 5, 12, 0, 12, 8, 0, 8])),
        ("big", array.array("h", [-20, -10, 300, 4, 10, 200])),
        ("empty", array.array("h")),
        ("one", array.array("h", [5])),
    )


def sc_poly(f):
    W, H = f.W, f.H
    i = 0
    for name, coords in polygons():
        for x, y in ((1, 1), (W // 2, H // 3), (-4, -3), (W - 5, H - 5), (W + 1, 0), (0, -20)):
            for fill in (None, False, True):
                f.reset(i)
                c = COLS[i % len(COLS)]
                if fill is None:
                    f.fb.poly(x, y, coords, c)
                else:
                    f.fb.poly(x, y, coords, c, fill)
                f.snap()
                i += 1
    f.call(f.fb.poly, 0, 0, [1, 2, 3, 4], 1)
    f.call(f.fb.poly, 0, 0, array.array("f", [1, 2, 3, 4]), 1)
    f.call(f.fb.poly, 0, 0, array.array("f", [1, 2, 3, 4]), 1, True)
    f.call(f.fb.poly, 0, 0, b"", 1.5)
    f.call(f.fb.poly, 0, 0, b"\x01\x02", 1.5)
    f.call(f.fb.poly, 0, 0, b"\x01\x02", 1, 1, 1)


def sc_mixed(f):
    """A game-like frame: clear, boxes, text, a sprite, a scroll."""
    F, W, H = f.F, f.W, f.H
    sprite = F.FrameBuffer(bytearray(b"\x3c\x42\xa5\x81\xa5\x99\x42\x3c"), 8, 8, F.MONO_VLSB)
    for frame in range(3):
        f.fb.fill(0)
        f.fb.rect(0, 0, W, H, 1)
        f.fb.fill_rect(2, 2, W // 3, 3, 1)
        f.fb.text("S%d" % frame, 3 + frame, 5 - frame, 1)
        f.fb.blit(sprite, W - 10 + frame, H - 9 + frame, 0)
        f.fb.hline(0, H // 2, W, 0)
        f.fb.scroll(-frame, frame)
        f.fb.ellipse(W // 2, H // 2, 3 + frame, 2, 1, frame == 1)
        f.snap()


SCENE_FUNCS = [("fill", sc_fill), ("pixel_set", sc_pixel_set), ("pixel_get", sc_pixel_get),
               ("hline", sc_hline), ("vline", sc_vline), ("fill_rect", sc_fill_rect),
               ("rect", sc_rect), ("line", sc_line), ("text", sc_text),
               ("text_chars", sc_text_chars), ("scroll", sc_scroll),
               ("blit_misc", sc_blit_misc), ("ellipse", sc_ellipse),
               ("ellipse_masks", sc_ellipse_masks), ("poly", sc_poly), ("mixed", sc_mixed)]
for _i in range(len(SOURCES)):
    SCENE_FUNCS.append(("blit_from_" + SOURCES[_i][0], scene_blit(_i)))


def mod_constants(F, r):
    r.val([F.MONO_VLSB, F.MVLSB, F.MONO_HLSB, F.MONO_HMSB, F.RGB565, F.GS2_HMSB, F.GS4_HMSB,
           F.GS8])


def mod_constructor(F, r):
    """Size and argument checks of the constructor, for every format."""
    for fmt in (F.MONO_VLSB, F.MONO_HLSB, F.MONO_HMSB, F.RGB565, F.GS2_HMSB, F.GS4_HMSB, F.GS8):
        for w, h, stride in ((8, 8, None), (9, 13, None), (5, 3, 7), (13, 9, 16), (1, 1, None),
                             (3, 17, 3), (21, 7, 30)):
            size = buf_size(F, fmt, w, h, stride)
            for n in (size, size - 1, size + 1):
                if stride is None:
                    r.call(lambda: F.FrameBuffer(bytearray(max(n, 0)), w, h, fmt))
                else:
                    r.call(lambda: F.FrameBuffer(bytearray(max(n, 0)), w, h, fmt, stride)
                          )
        for w, h, stride in ((0, 8, 8), (8, 0, 8), (-1, 8, 8), (8, -1, 8), (8, 8, 7),
                             (0x10000, 1, 0x10000), (1, 0x10000, 1), (8, 8, 0x10000)):
            r.call(lambda: F.FrameBuffer(bytearray(64), w, h, fmt, stride))
    for fmt in (7, -1, 100):
        r.call(lambda: F.FrameBuffer(bytearray(64), 8, 8, fmt))
    r.call(lambda: F.FrameBuffer(bytes(64), 8, 8, F.MONO_VLSB))
    r.call(lambda: F.FrameBuffer([0] * 64, 8, 8, F.MONO_VLSB))
    r.call(lambda: F.FrameBuffer(bytearray(64), 8.0, 8, F.MONO_VLSB))
    r.call(lambda: F.FrameBuffer(bytearray(64), 8, 8))
    r.call(lambda: F.FrameBuffer(bytearray(64), 8, 8, 0, 8, 8))
    r.call(lambda: F.FrameBuffer(array.array("H", [0] * 8), 4, 4, F.RGB565))
    r.call(lambda: F.FrameBuffer(array.array("H", [0] * 16), 4, 4, F.RGB565))


def mod_framebuffer1(F, r):
    buf = bytearray(20)
    fb = F.FrameBuffer1(buf, 10, 13)
    fb.fill(1)
    fb.text("x", 1, 1, 0)
    r.val(bytes(buf).hex())
    buf = bytearray(24)
    fb = F.FrameBuffer1(buf, 10, 12, 12)
    fb.fill(1)
    fb.line(0, 0, 9, 11, 0)
    r.val(bytes(buf).hex())
    r.call(lambda: F.FrameBuffer1(bytearray(10), 10, 13))


MODULE_FUNCS = [("constants", mod_constants), ("constructor", mod_constructor),
                ("framebuffer1", mod_framebuffer1)]


def keys():
    out = ["module/" + name for name, _ in MODULE_FUNCS]
    for cfg in CONFIGS:
        for name, _ in SCENE_FUNCS:
            out.append(cfg[0] + "/" + name)
    return out


def run(F, out):
    """Run every scene; out(key, step, text) receives the records in order."""
    for name, fn in MODULE_FUNCS:
        key = "module/" + name
        r = Recorder(key, out)
        try:
            fn(F, r)
        except Exception as e:
            r.rec("!!" + type(e).__name__)
    for cfg in CONFIGS:
        for name, fn in SCENE_FUNCS:
            key = cfg[0] + "/" + name
            try:
                f = Frame(F, cfg, key, out)
            except Exception as e:
                out(key, 0, "!!setup " + type(e).__name__)
                continue
            try:
                fn(f)
            except Exception as e:
                f.rec("!!" + type(e).__name__)
            f.snap()
'''


def _load_scenes():
    ns = {"__name__": "framebuf_scenes"}
    exec(compile(SCENES, "<framebuf scenes>", "exec"), ns)  # noqa: S102 - this file's own code
    return ns


SCENE_NS = _load_scenes()
KEYS = SCENE_NS["keys"]()


def _collect(lines):
    """{key: [record, ...]} from (key, step, text) triples, checking the step order."""
    results = {}
    for key, step, text in lines:
        recs = results.setdefault(key, [])
        assert step == len(recs), f"{key}: step {step} out of order"
        recs.append(text)
    return results


@pytest.fixture(scope="module")
def cpython_results():
    lines = []
    SCENE_NS["run"](framebuf, lambda key, step, text: lines.append((key, step, text)))
    return _collect(lines)


@pytest.fixture(scope="module")
def micropython_results():
    code = (
        "import framebuf\n"
        + SCENES
        + "\ndef _out(key, step, text):\n    print(key + '\\t' + str(step) + '\\t' + text)\n"
        + "run(framebuf, _out)\n"
    )
    stdout = run_mp(code, timeout=600)
    lines = []
    for line in stdout.splitlines():
        key, step, text = line.split("\t", 2)
        lines.append((key, int(step), text))
    return _collect(lines)


def _first_difference(want, got):
    """A readable description of where two record lists part."""
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else "<missing>"
        g = got[i] if i < len(got) else "<missing>"
        if w == g:
            continue
        where = ""
        if len(w) == len(g) and all(ch in "0123456789abcdef" for ch in w + g):
            at = next(j for j in range(len(w)) if w[j] != g[j]) // 2
            where = f" (first differing byte {at}: MicroPython {w[2 * at : 2 * at + 2]},"
            where += f" stand-in {g[2 * at : 2 * at + 2]})"
        return f"step {i}{where}\n  MicroPython: {w[:300]}\n  stand-in:    {g[:300]}"
    return "no difference"


def test_standin_is_the_module_under_test():
    path = os.path.normcase(os.path.abspath(framebuf.__file__))
    assert path == os.path.normcase(os.path.join(ROOT, "host_sim", "mpstubs", "framebuf.py"))


def test_all_scenes_ran_in_micropython(micropython_results):
    assert sorted(micropython_results) == sorted(KEYS)


@pytest.mark.parametrize("key", [k for k in KEYS if not k.endswith("/pixel_get")])
def test_scene_matches_micropython(key, cpython_results, micropython_results):
    want = micropython_results[key]
    got = cpython_results[key]
    assert want, f"{key}: no records from MicroPython"
    assert not any(w.startswith("!!") for w in want), f"{key}: scene failed in MicroPython"
    assert got == want, f"{key} differs at {_first_difference(want, got)}"


@pytest.mark.parametrize("key", [k for k in KEYS if k.endswith("/pixel_get")])
def test_pixel_get_matches_micropython(key, cpython_results, micropython_results):
    want = micropython_results[key]
    got = cpython_results[key]
    assert len(want) > 4
    assert not any(w.startswith("!!") for w in want), f"{key}: scene failed in MicroPython"
    assert got == want, f"{key} differs at {_first_difference(want, got)}"
