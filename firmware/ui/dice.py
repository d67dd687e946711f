"""Dice faces and token counters for dice and board game screens."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


TOKEN = const(3)  # a token is a filled 3x3 square
TOKEN_PITCH = const(4)

# Pips of faces 0..6 as bits of a 3x3 grid: bit row * 3 + col.
FACES = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)


def die(fb, value, x, y, size=9, selected=False):
    """A size x size die face (0 = blank, unrolled); inverted when selected."""
    if not 0 <= value <= 6:
        raise ValueError("die value")
    if selected:
        fb.fill_rect(x, y, size, size, 1)
        c = 0
    else:
        fb.fill_rect(x + 1, y + 1, size - 2, size - 2, 0)
        fb.rect(x, y, size, size, 1)
        c = 1
    p = max(1, (size - 3) // 4)  # pip size: 1 px at 9, 2 px at 12
    lo = 1 + max(1, (size - 2 - 3 * p) // 4)
    at = (lo, (size - p) // 2, size - lo - p)
    bits = FACES[value]
    for i in range(9):
        if bits >> i & 1:
            fb.fill_rect(x + at[i % 3], y + at[i // 3], p, p, c)


def tokens(fb, count, x, y, max_shown=8, c=1):
    """Up to max_shown tokens, or one token and "xN"; in an 8 px band from y. Returns the width."""
    if count <= 0:
        return 0
    ty = y + 2  # centred on the 8 px text line
    if count <= max_shown:
        for i in range(count):
            fb.fill_rect(x + i * TOKEN_PITCH, ty, TOKEN, TOKEN, c)
        return count * TOKEN_PITCH - 1
    fb.fill_rect(x, ty, TOKEN, TOKEN, c)
    label = "x%d" % count
    fb.text(label, x + TOKEN_PITCH - 1, y, c)
    return TOKEN_PITCH - 1 + 8 * len(label)
