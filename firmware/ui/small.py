"""Small 3x5 digits (0-9, and "+" for more than 9) for counts beside a card's name."""

import framebuf

# Three column bytes a digit, bit 0 at the top.
_DIGITS = b"\x1f\x11\x1f\x12\x1f\x10\x1d\x15\x17\x11\x15\x1f\x07\x04\x1f\x17\x15\x1d"
_DIGITS += b"\x1f\x15\x1d\x01\x1d\x03\x1f\x15\x1f\x17\x15\x1f\x04\x0e\x04"

# One glyph's buffers, filled with the digit asked for: two FrameBuffers in all, not
# two for each of the eleven digits (heap).
_INK = bytearray(3)
_PAPER = bytearray(3)
_GLYPH = (
    framebuf.FrameBuffer(_PAPER, 3, 8, framebuf.MONO_VLSB),
    framebuf.FrameBuffer(_INK, 3, 8, framebuf.MONO_VLSB),
)


def small(n):
    """The count n (10 or more: "+") as a glyph for gfx.glyph, bottom-aligned in an
    8-pixel row; valid until the next call."""
    j = 3 * (n if n < 10 else 10)
    for x in range(3):
        ink = _DIGITS[j + x] << 3
        _INK[x] = ink
        _PAPER[x] = ~ink & 0xFF
    return _GLYPH
