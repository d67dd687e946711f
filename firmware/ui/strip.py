"""The opponents strip: one text row of seat cells (name, cards, score)."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


W = const(128)


def cell_text(name, cards, score, width_chars):
    """The text of one cell in width_chars: name initial, then cards, then score, then more name."""
    if width_chars <= 0:
        return ""
    ss = "%d" % score
    if cards >= 0:
        cs = "%d" % cards
        tails = (" " + cs + ":" + ss, cs + ":" + ss, " " + cs, cs)
    else:
        tails = (" " + ss, ss)
    for tail in tails:
        if len(tail) < width_chars:
            return name[: width_chars - len(tail)] + tail
    return name[:width_chars]


def strip(fb, y, cells, active=-1):
    """Draw the cells in equal columns on the 8 px page at y; the active cell is inverted."""
    if y % 8 or not 0 <= y < 64:
        raise ValueError("strip y")
    fb.fill_rect(0, y, W, 8, 0)
    n = len(cells)
    if not n:
        return
    colw = W // n
    chars = colw // 8
    for i in range(n):
        x = i * colw
        c = 1
        if i == active:
            fb.fill_rect(x, y, colw, 8, 1)
            c = 0
        name, cards, score = cells[i]
        text = cell_text(name, cards, score, chars)
        fb.text(text, x + (colw - 8 * len(text)) // 2, y, c)
