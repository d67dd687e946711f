"""A grid board drawn incrementally: a full repaint when asked, else only changed cells.

The game gives a painter, paint(fb, x, y, v), that draws one cell's value at pixel
(x, y); the grid maps 1-based (col, row) to pixels and keeps no copy of the board.
"""


class Grid:
    def __init__(self, cols, rows, cell, paint, x0=0, y0=0):
        self.cols = cols
        self.rows = rows
        self.size = cell
        self.paint = paint
        self.x0 = x0
        self.y0 = y0

    def xy(self, col, row):
        """The top-left pixel of cell (col, row), 1-based."""
        return self.x0 + (col - 1) * self.size, self.y0 + (row - 1) * self.size

    def cell(self, fb, col, row, v):
        """Paint one cell (allocates nothing: drawn per tick)."""
        size = self.size
        self.paint(fb, self.x0 + (col - 1) * size, self.y0 + (row - 1) * size, v)

    def repaint(self, fb, board, stride, empty=0):
        """Every non-empty cell of a board kept as rows of `stride` values with a
        one-cell border (board[row * stride + col], 1-based)."""
        for row in range(1, self.rows + 1):
            base = row * stride
            for col in range(1, self.cols + 1):
                v = board[base + col]
                if v != empty:
                    self.cell(fb, col, row, v)

    def frame(self, fb, c=1):
        """The line along the grid's right and bottom edges."""
        w = self.cols * self.size
        h = self.rows * self.size
        fb.vline(self.x0 + w, self.y0, h + 1, c)
        fb.hline(self.x0, self.y0 + h, w + 1, c)
