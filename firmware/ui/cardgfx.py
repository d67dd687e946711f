"""Cards on the panel: the suits' and the ten's glyphs, a card's back and the hand
row's arrows; a card cell and its label; text with cards in it (rich_text). Loaded by
the screens that draw cards: a game without them does not hold their glyphs (1.9 KB
of heap on a Pico)."""

import framebuf

from firmware.gfx import CHARS, glyph


def _glyph(ink):
    """A glyph's columns (bytes, bit 0 at the top, at most 8 rows) -> (drawn in 0, drawn
    in 1): two 8-pixel-tall MONO_VLSB FrameBuffers blitted with a transparent colour, one
    C call a glyph. Columns as bytes, not pictures: a picture's strings would be heap."""
    w = len(ink)
    paper = bytearray(w)
    for x in range(w):
        paper[x] = ~ink[x] & 0xFF
    return (
        framebuf.FrameBuffer(paper, w, 8, framebuf.MONO_VLSB),
        framebuf.FrameBuffer(bytearray(ink), w, 8, framebuf.MONO_VLSB),
    )


# Suits in card order (spades, hearts, diamonds, clubs), 7 columns each; the pictures
# are in tests/test_gfx_glyphs.py.
SUIT_GLYPHS = (
    _glyph(b"\x18<\x9e\xff\x9e<\x18"),
    _glyph(b"\x0e\x1f?~?\x1f\x0e"),
    _glyph(b"\x08\x1c>\x7f>\x1c\x08"),
    _glyph(b"\x1c\x1cK\x7fK\x1c\x1c"),
)
TEN_GLYPH = _glyph(b"\x02\x7f\x00>AA>")  # "10" in 7 columns
ARROW_LEFT = _glyph(b"\x08\x1c>\x7f")  # 4x7 triangles
ARROW_RIGHT = _glyph(b"\x7f>\x1c\x08")
CARD_BACK = _glyph(b"\x15*\x15*\x15*\x15*\x15*\x15")  # 11x6 chequer


# MicroPython keeps a call's locals and stack on the C stack while they total at most 11
# words, else it allocates them on the heap: on a fragmented heap that search costs up to
# a millisecond a call. The drawing helpers below are called many times a frame, so
# they keep within 11 words (few locals, `not c` for the blit's transparent colour).


RANK_CHARS = "A23456789TJQK"


def card(fb, card_int, x, y, selected=False):
    """A 17x8 card cell (one display page tall): rank then suit; inverted when selected."""
    if selected:
        fb.fill_rect(x, y, 17, 8, 1)
        card_label(fb, card_int, x + 1, y, 0)
    else:
        card_label(fb, card_int, x + 1, y, 1)


def card_label(fb, card_int, x, y, c=1):
    """Rank and suit without a box (16x8)."""
    if card_int % 13 == 9:
        fb.blit(TEN_GLYPH[c], x, y, not c)
    else:
        fb.text(RANK_CHARS[card_int % 13], x, y, c)
    fb.blit(SUIT_GLYPHS[card_int // 13][c], x + 8, y, not c)


# Rich text: the 8x8 font's text with cards drawn as on the table. chr(CARD_CODE + card)
# is a card (rank and suit glyphs, two columns); chr(TEN_CODE) the ten's glyph alone.
TEN_CODE = 0xFF
CARD_CODE = 0x100


def card_char(card):
    return chr(CARD_CODE + card)


def rank_char(r):
    return chr(TEN_CODE) if r == 9 else RANK_CHARS[r]


def rich_text(fb, text, x, y, c=1, cols=CHARS):
    """Draw text with card characters as glyphs, at most `cols` columns (a card takes
    two); plain runs go to fb.text in one call each. Returns the columns drawn. The
    characters are walked by an iterator: on MicroPython text[i] of a string with
    non-ASCII characters counts from its start each time."""
    n = len(text)
    if n <= cols and len(text.encode()) == n:  # plain ASCII that fits: one call
        fb.text(text, x, y, c)
        return n
    col = 0
    start = 0  # the first character of the plain run being gathered
    i = 0
    for ch in text:
        o = ord(ch)
        if o < TEN_CODE:
            if col == cols:
                break
            col += 1
            i += 1
            continue
        w = 2 if o >= CARD_CODE else 1
        if col + w > cols:
            break
        if i > start:
            fb.text(text[start:i], x + 8 * (col - (i - start)), y, c)
        if o >= CARD_CODE:
            card_label(fb, o - CARD_CODE, x + 8 * col, y, c)
        else:
            glyph(fb, TEN_GLYPH, x + 8 * col, y, c)
        col += w
        i += 1
        start = i
    if i > start:
        fb.text(text[start:i], x + 8 * (col - (i - start)), y, c)
    return col
