"""The round score table: a header of seat initials, one line per round, then totals."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


LABEL = const(3)  # characters of the round label column (2: narrow, for four seats)
SEATS_END = const(124)  # seat columns share x from just right of the labels to 123
MARK_X = const(125)  # the scroll marks: 3 px wide, right of the seat columns


DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")


def number(fb, value, right, y, n, c=1):
    """value right-aligned to x = right in n characters ("*" when it does not fit),
    a digit at a time: no string is built (at a game's end the heap is full and each
    allocation costs)."""
    v = -value if value < 0 else value
    width = 1 + (value < 0)
    t = v
    while t >= 10:
        t //= 10
        width += 1
    if width > n:
        for k in range(n):
            fb.text("*", right - 8 * (k + 1), y, c)
        return
    x = right - 8
    while True:
        fb.text(DIGITS[v % 10], x, y, c)
        v //= 10
        if not v:
            break
        x -= 8
    if value < 0:
        fb.text("-", x - 8, y, c)


class RoundTable:
    def __init__(self, names, rows=5, label=LABEL):
        """names: 2 to 4 seats; rows: round lines shown at once (1 to 6); label: 3
        characters of round label ("R11", "Tot") or 2 ("R1".."R9", "10", "T"), which
        leaves 3 pixels between four seats' numbers rather than 1 (a rule drawn in
        the middle one)."""
        if not 2 <= len(names) <= 4 or not 1 <= rows <= 6 or label not in (2, 3):
            raise ValueError("table size")
        self.rows = rows
        self.label = label
        self.seats_x = 8 * label if label == LABEL else 8 * label + 2
        self.pitch = (SEATS_END - self.seats_x) // len(names)
        self.col = self.pitch // 8  # characters per seat column
        self.totals = [0] * len(names)
        self.heads = [name[: self.col - 1] for name in names]  # cut once, not per draw

    def height(self):
        """Pixel height of the table: header, round lines, totals."""
        return 8 * (self.rows + 2)

    def scroll(self, rounds, top, step):
        """The first round shown after moving by step, clamped."""
        return max(0, min(top + step, len(rounds) - self.rows))

    def draw(self, fb, rounds, top=0, y=0, first=0):
        """Draw from y (full width, height() px); rounds[i][first:] has one score per
        seat. Few allocations: at a game's end the heap is full and each costs."""
        if y < 0 or y + self.height() > 64:
            raise ValueError("table y")
        fb.fill_rect(0, y, 128, self.height(), 0)
        fb.fill_rect(0, y, 128, 8, 1)
        for j in range(len(self.heads)):
            name = self.heads[j]
            fb.text(name, self._right(j) - 8 * len(name), y, 0)
        totals = self.totals
        for j in range(len(totals)):
            totals[j] = 0
        for r in rounds:
            for j in range(first, len(r)):
                totals[j - first] += r[j]
        top = self.scroll(rounds, top, 0)
        for k in range(min(self.rows, len(rounds) - top)):
            n = top + k + 1  # "R1".."R99"; two characters: "R1".."R9", "10".."99"
            ly = y + 8 * (k + 1)
            right = 8 * (1 + (n >= 10) + (n >= 100))  # left-aligned
            if n < 10 or self.label == LABEL and n < 100:
                fb.text("R", 0, ly, 1)
                right += 8
            number(fb, n, right, ly, self.label)
            self._line(fb, ly, None, rounds[top + k], first)
        ty = y + 8 * (self.rows + 1)
        fb.hline(0, ty - 1, SEATS_END, 1)
        if self.label != LABEL:  # four seats: 3 blank pixels between numbers, a rule in
            for j in range(len(totals) - 1):  # the middle one ("84|103", not "84103")
                fb.vline(self._right(j) + 1, y + 8, ty - y, 1)
        self._line(fb, ty, "Tot" if self.label == LABEL else "T", totals, 0)
        if top > 0:
            self._mark(fb, y + 11, 1)
        if top + self.rows < len(rounds):
            self._mark(fb, ty - 5, -1)

    def _line(self, fb, y, label, scores, first):
        """One line: a label (None: drawn) and scores[first:] (missing seats blank)."""
        if label is not None:
            fb.text(label, 0, y, 1)
        for j in range(first, len(scores)):
            number(fb, scores[j], self._right(j - first), y, self.col)

    def _right(self, j):
        """The x just right of seat j's column (numbers are right-aligned to it)."""
        return self.seats_x + (j + 1) * self.pitch

    def _mark(self, fb, y, d):
        """A small triangle pointing up (d=1) or down (d=-1), 3x2 px from y."""
        fb.pixel(MARK_X + 1, y if d > 0 else y + 1, 1)
        fb.hline(MARK_X, y + 1 if d > 0 else y, 3, 1)
