"""Card parts: the card cell (firmware.cardgfx.card), a scrolling hand row and a pile."""

from firmware import gfx
from firmware.ui import cardgfx

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ARROW_X = const(124)


class HandRow:
    """A row of card cells, one display page tall, that scrolls to keep the cursor in view."""

    def __init__(self, y, visible=7, step=17, x0=5):
        self.y = y
        self.visible = visible
        self.step = step
        self.x0 = x0
        self.scroll = 0

    def follow(self, index, n):
        """Scroll so that card `index` of n shows; returns the index clamped to the hand."""
        index = max(0, min(index, n - 1))
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible:
            self.scroll = index - self.visible + 1
        self.scroll = max(0, min(self.scroll, n - self.visible))
        return index

    def x(self, i):
        """The left edge of card i (shown or not)."""
        return self.x0 + (i - self.scroll) * self.step

    def draw(self, fb, cards, cursor=-1, chosen=-1, marked=-1):
        """The visible cards: card `cursor` (an index) or the card `chosen` inverted, a
        line over the card `marked`, arrows where more cards lie off the row."""
        y = self.y
        end = min(len(cards), self.scroll + self.visible)
        x = self.x0
        for i in range(self.scroll, end):
            card = cards[i]
            if i == cursor or card == chosen:  # cardgfx.card, inline: no call a card
                fb.fill_rect(x, y, 17, 8, 1)
                cardgfx.card_label(fb, card, x + 1, y, 0)
            else:
                cardgfx.card_label(fb, card, x + 1, y, 1)
            if card == marked:
                fb.hline(x + 2, y - 2, 13, 1)
            x += self.step
        if self.scroll > 0:
            gfx.glyph(fb, cardgfx.ARROW_LEFT, 0, y)
        if end < len(cards):
            gfx.glyph(fb, cardgfx.ARROW_RIGHT, ARROW_X, y)


def pile(fb, x, y, w, h, count, selected=False):
    """A face-down pile: a card back over its card count; inverted when selected."""
    fg = 0 if selected else 1
    if selected:
        fb.fill_rect(x, y, w, h, 1)
    if count:
        gfx.glyph(fb, cardgfx.CARD_BACK, x + 3, y + 1, fg)
    fb.text("%2d" % count, x, y + 8, fg)
