"""The d-pad as eight directions, 0 = up, then clockwise (1 up-right ... 7 up-left), for
games steered in real time: a new arrow press is a direction; two arrows held together
are a diagonal where the game allows them."""

from firmware import buttons as btn

ARROWS = btn.UP | btn.DOWN | btn.LEFT | btn.RIGHT
# The arrows that point each direction (the press a computer makes to steer there).
DIR_ARROWS = (
    btn.UP,
    btn.UP | btn.RIGHT,
    btn.RIGHT,
    btn.DOWN | btn.RIGHT,
    btn.DOWN,
    btn.DOWN | btn.LEFT,
    btn.LEFT,
    btn.UP | btn.LEFT,
)
_ARROW_DIR = ((btn.UP, 0), (btn.RIGHT, 2), (btn.DOWN, 4), (btn.LEFT, 6))


def arrow_dir(pressed, held, diagonal):
    """The direction asked for by a new arrow press (two arrows held: a diagonal), or -1."""
    new = pressed & ARROWS
    if not new:
        return -1
    arrows = (held | pressed) & ARROWS
    if diagonal:
        vert = arrows & (btn.UP | btn.DOWN)
        horiz = arrows & (btn.LEFT | btn.RIGHT)
        if vert and horiz and vert != btn.UP | btn.DOWN and horiz != btn.LEFT | btn.RIGHT:
            if vert == btn.UP:
                return 1 if horiz == btn.RIGHT else 7
            return 3 if horiz == btn.RIGHT else 5
    for bit, d in _ARROW_DIR:
        if new & bit:
            return d
    return -1
