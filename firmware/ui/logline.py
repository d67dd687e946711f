"""A message line (one or two text rows) that wraps or scrolls text too long to fit."""

from firmware import gfx

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


STEP = const(8)  # tick() calls per character of marquee scrolling
GAP = "   "  # between the end of a scrolling message and its start again


class LogLine:
    def __init__(self, y, lines=1):
        """A band of `lines` (1 or 2) text rows from y, full width."""
        if lines not in (1, 2) or y < 0 or y + 8 * lines > gfx.H:
            raise ValueError("log line")
        self.y = y
        self.lines = lines
        self.clear()

    def clear(self):
        """Empty the line (it is redrawn blank)."""
        self.text = ""
        self.head = ""  # the first row when the text wraps onto two rows
        self.tail = ""  # the last row's text; it scrolls when longer than a row
        self.loop = ""  # tail + GAP + the tail's first row: the marquee's text
        self.offset = 0
        self.ticks = 0
        self.dirty = True

    def set(self, text):
        """Show text (a new text restarts the marquee and marks the line dirty)."""
        if _untidy(text):
            text = " ".join(text.split())  # runs of spaces, tabs and newlines: one space
        if text == self.text:
            return
        self.clear()
        self.text = text
        self.tail = text
        if self.lines == 2 and len(text) > gfx.CHARS:
            self.head = gfx.wrap(text, gfx.CHARS)[0]
            self.tail = text[len(self.head) :].lstrip()
        if len(self.tail) > gfx.CHARS:
            self.loop = self.tail + GAP + self.tail[: gfx.CHARS]

    def scrolling(self):
        """True when the text does not fit and runs as a marquee."""
        return bool(self.loop)

    def tick(self):
        """Advance the marquee (one character every STEP calls); True when a redraw is due."""
        if self.loop:
            self.ticks += 1
            if self.ticks >= STEP:
                self.ticks = 0
                self.offset = (self.offset + 1) % (len(self.tail) + len(GAP))
                self.dirty = True
        return self.dirty

    def draw(self, fb):
        """Clear the band and draw the text."""
        fb.fill_rect(0, self.y, gfx.W, 8 * self.lines, 0)
        y = self.y
        if self.head:
            fb.text(self.head, 0, y, 1)
            y += 8
        if self.loop:
            fb.text(self.loop[self.offset : self.offset + gfx.CHARS], 0, y, 1)
        else:
            fb.text(self.tail, 0, y, 1)
        self.dirty = False


def _untidy(text):
    """The text has whitespace that set() tidies: at an end, a run, a tab or a newline
    (most texts have none: C scans, not a split and a join, on a Pico)."""
    if text[:1] == " " or text[-1:] == " " or "  " in text:
        return True
    for c in _OTHER_SPACE:
        if c in text:
            return True
    return False


_OTHER_SPACE = "\t\n\r\x0b\x0c"
