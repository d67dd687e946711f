"""Small 3x5 digits (0-9, and "+" for more than 9) for counts beside a card's name."""

import framebuf

# Three column bytes a digit, bit 0 at the top.
_DIGITS = b"\x1f\x11\x1f\x12\x1f\x10\x1d\x15\x17\x11\x15\x1f\x07\x04\x1f\x17\x15\x1d"
_DIGITS += b"\x1f\x15\x1d\x01\x1d\x03\x1f\x15\x1f\x17\x15\x1f\x04\x0e\x04"


def _small(i):
    """Digit i as a glyph (gfx.glyph), bottom-aligned in an 8-pixel row."""
    ink = bytearray(3)
    paper = bytearray(3)
    for x in range(3):
        ink[x] = _DIGITS[3 * i + x] << 3
        paper[x] = ~ink[x] & 0xFF
    return (
        framebuf.FrameBuffer(paper, 3, 8, framebuf.MONO_VLSB),
        framebuf.FrameBuffer(ink, 3, 8, framebuf.MONO_VLSB),
    )


SMALL = [_small(i) for i in range(11)]
