"""The glyphs gfx keeps as column bytes draw the pictures they were drawn from."""

import framebuf
import pytest

from firmware import gfx
from firmware.ui import cardgfx

PICTURES = {
    "spades": (
        "...#...",
        "..###..",
        ".#####.",
        "#######",
        "#######",
        ".#.#.#.",
        "...#...",
        "..###..",
    ),
    "hearts": (
        ".##.##.",
        "#######",
        "#######",
        "#######",
        ".#####.",
        "..###..",
        "...#...",
        ".......",
    ),
    "diamonds": (
        "...#...",
        "..###..",
        ".#####.",
        "#######",
        ".#####.",
        "..###..",
        "...#...",
        ".......",
    ),
    "clubs": (
        "..###..",
        "..###..",
        "##.#.##",
        "#######",
        "##.#.##",
        "...#...",
        "..###..",
        ".......",
    ),
    "ten": (".#..##.", "##.#..#", ".#.#..#", ".#.#..#", ".#.#..#", ".#.#..#", ".#..##.", "......."),
    "arrow_left": ("...#", "..##", ".###", "####", ".###", "..##", "...#"),
    "arrow_right": ("#...", "##..", "###.", "####", "###.", "##..", "#..."),
    "card_back": (
        "#.#.#.#.#.#",
        ".#.#.#.#.#.",
        "#.#.#.#.#.#",
        ".#.#.#.#.#.",
        "#.#.#.#.#.#",
        ".#.#.#.#.#.",
    ),
}
GLYPHS = {
    "spades": cardgfx.SUIT_GLYPHS[0],
    "hearts": cardgfx.SUIT_GLYPHS[1],
    "diamonds": cardgfx.SUIT_GLYPHS[2],
    "clubs": cardgfx.SUIT_GLYPHS[3],
    "ten": cardgfx.TEN_GLYPH,
    "arrow_left": cardgfx.ARROW_LEFT,
    "arrow_right": cardgfx.ARROW_RIGHT,
    "card_back": cardgfx.CARD_BACK,
}


def drawn(g, c):
    """The glyph drawn in colour c on the other colour, as a picture of 8 rows."""
    buf = bytearray(16)
    fb = framebuf.FrameBuffer(buf, 16, 8, framebuf.MONO_VLSB)
    fb.fill(1 - c)
    gfx.glyph(fb, g, 0, 0, c)
    return ["".join("#" if fb.pixel(x, y) == c else "." for x in range(16)) for y in range(8)]


@pytest.mark.parametrize("name", sorted(PICTURES))
@pytest.mark.parametrize("c", (0, 1))
def test_each_glyph_draws_its_picture_in_either_colour(name, c):
    rows = PICTURES[name]
    want = [(r + "." * 16)[:16] for r in rows] + ["." * 16] * (8 - len(rows))
    assert drawn(GLYPHS[name], c) == want
