"""Drawing helpers on a 128x64 MONO_VLSB FrameBuffer: text layout and boxes (cards are
firmware/ui/cardgfx.py: a game without cards does not hold their glyphs)."""

W = 128
H = 64
CHARS = 16  # 8x8 font: 16 characters per line


def glyph(fb, g, x, y, c=1):
    """Draw a glyph, a pair of FrameBuffers (drawn in 0, drawn in 1: cardgfx._glyph,
    ui/small.small), at (x, y) in colour c (its other pixels untouched)."""
    fb.blit(g[c], x, y, not c)


def center(fb, text, y, c=1, x0=0, width=W):
    fb.text(text, x0 + (width - 8 * len(text)) // 2, y, c)


def wrap(text, width=CHARS):
    """Split text into lines of at most `width` characters, on spaces where possible."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def bar(fb, text, y, c=1):
    """A full-width inverted bar with text (titles, prompts)."""
    fb.fill_rect(0, y, W, 9, c)
    fb.text(text[:CHARS], 0, y + 1, 1 - c)


def notice(fb, text):
    """A notice over the bottom of the screen: one inverted line, or two when it needs
    them (wrapped on spaces), so a notice is read whole, not cut at 16 characters."""
    lines = wrap(text)[:2]
    if len(lines) == 1:
        bar(fb, lines[0], 55)
        return
    fb.fill_rect(0, 46, W, 18, 1)
    fb.text(lines[0], 0, 47, 0)
    fb.text(lines[1], 0, 56, 0)


def box(fb, x, y, w, h):
    """A framed, cleared box (menus and dialogs drawn over a screen)."""
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)


def banner(fb, line1, line2, x=19, y=20, w=74):
    """A framed two-line message over the play area (a round's start or end); wider,
    about the same middle, when a line needs it ("YELLOW wins")."""
    need = 8 * max(len(line1), len(line2)) + 6
    if need > w:
        x = max(0, x - (need - w) // 2)
        w = min(need, W - x)
    box(fb, x, y, w, 22)
    center(fb, line1, y + 3, 1, x, w)
    center(fb, line2, y + 12, 1, x, w)
