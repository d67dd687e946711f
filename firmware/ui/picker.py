"""The move picker: the cursor walks what the legal moves touch (docs/contract.md, zones).

A screen lists its zones' cells (`cells(zone)`: the items in screen order) and says
which zones the cursor walks in full rather than only where a legal move starts
(`walk_all(zone, level)`). A first touch chosen with A narrows the moves to those
sharing it; the move is played when its last touch is chosen. Hints and the
computer's autoplay point at a move's touches through the same picker.
"""

from firmware import buttons as btn

# A builtin's name is looked up in a table on MicroPython (10-20 us a lookup on the
# emulated Pico); a module's own names are hashed: the loops over every legal move
# below ask for len through this name.
_len = len

KEY = "key"
_NONE = b""  # no candidates' ends
# What a press means, besides a move to play (>= 0): see Picker.press.
NOTHING = -1
HINT = -2
PAUSE = -3
REFUSED = -4


def _starts(t, path, k):
    """The touches t begin with the k touches of path (no slice made)."""
    for i in range(k):
        if t[i] != path[i]:
            return False
    return True


class Picker:
    def __init__(self, screen):
        self.screen = screen
        self.path = []  # touches chosen so far
        self.zone = None  # the cursor: a zone and an index into its cells
        self.index = 0
        self.remembered = {}  # zone -> the index the cursor last had there
        self.version = 0  # counts changes of the path (the candidates' cache key)
        self.cached_at = None  # (state, move count, path version) of the candidates
        self.cached = []  # the candidates: legal moves that start with the path
        self.nexts = []  # each candidate's next touch (its touch after the path)
        self.ends = _NONE  # 1 where that touch is the candidate's last
        self.cells_at = None  # (state, move count, path version, zone) of cells_cached
        self.cells_cached = ()
        self.due = False  # reset(later=True): the cursor placed at the next frame

    # ---- what the moves touch ----------------------------------------------

    def candidates(self):
        """The legal moves that start with the chosen path (their next touches in
        `nexts`, which of those are a move's last in `ends`): worked out once a position
        and path (a press asks for them several times). Only the next touch of each is
        kept, not all its touches: a card with 91 moves held 6 KB of them."""
        if self.fresh():
            return self.cached
        return self._search(self.screen.s)

    def fresh(self):
        """The candidates kept are this position's and path's."""
        s = self.screen.s
        at = self.cached_at
        return at is not None and at[0] is s and at[1] == s.nmoves and at[2] == self.version

    def _search(self, s):
        """The candidates worked out (a call of its own: the cached path above stays a
        small call, whose locals MicroPython keeps off the heap)."""
        rules = self.screen.rules
        touches = rules.touches
        path = self.path
        k = len(path)
        legal = rules.moves(s)
        n = len(legal)
        moves = [0] * n  # sized once: no list grown (and its old copies left) move by move
        nexts = [None] * n
        ends = bytearray(n)
        j = 0
        for m in legal:
            t = touches(s, m)
            size = _len(t)
            if size > k and (not k or _starts(t, path, k)):
                moves[j] = m
                nexts[j] = t[k]
                ends[j] = 1 if size == k + 1 else 0
                j += 1
        if j < n:
            del moves[j:]
            del nexts[j:]
        self.keep(s, moves, nexts, ends)
        return moves

    def keep(self, s, moves, nexts, ends):
        self.cached = moves
        self.nexts = nexts
        self.ends = ends
        self.cached_at = (s, s.nmoves, self.version)

    def drop(self):
        """The candidates and cells out of the heap now (a search needs the room); the
        next press works them out again."""
        self._drop_candidates()
        self._drop_cells()

    def forget(self):
        """Drop the candidates and cells once the position or the path has moved on
        (heap for the frames after); kept while the next press can still use them, so
        moving the cursor and choosing do not work out the legal moves again."""
        s = self.screen.s
        if not self.fresh():
            self._drop_candidates()
        at = self.cells_at
        if at is None or at[0] is not s or at[1] != s.nmoves or at[2] != self.version:
            self._drop_cells()

    def _drop_candidates(self):
        self.cached_at = None
        self.cached = []
        self.nexts = []
        self.ends = _NONE

    def _drop_cells(self):
        self.cells_at = None
        self.cells_cached = ()

    def cells(self, zone):
        """The screen's cells of the zone (`cells(zone)`: a function of the position and
        the path), asked once a press and zone."""
        s = self.screen.s
        at = self.cells_at
        if at is not None and at[0] is s and at[1] == s.nmoves and at[2] == self.version:
            if at[3] == zone:
                return self.cells_cached
        out = self.screen.cells(zone)
        self.cells_cached = out
        self.cells_at = (s, s.nmoves, self.version, zone)
        return out

    def legal(self, zone):
        """Indexes of the zone's cells where a candidate's next touch lies."""
        cells = self.cells(zone)
        marks = bytearray(len(cells))
        self.candidates()
        for touch in self.nexts:
            if touch[0] == zone:
                try:  # one scan of the cells (a Move's are 80), not a test and a scan
                    marks[cells.index(touch[1])] = 1
                except ValueError:  # a touch the screen shows no cell for
                    pass
        return marks

    def key_move(self, button):
        """The move made by pressing `button` now, or -1."""
        if self.path:
            return -1
        moves = self.candidates()
        nexts = self.nexts
        key = (KEY, button)
        for i in range(len(moves)):
            if nexts[i] == key:
                return moves[i]
        return -1

    # ---- the cursor ------------------------------------------------------------

    def item(self):
        cells = self.cells(self.zone) if self.zone else ()
        return cells[self.index] if 0 <= self.index < len(cells) else -1

    def place(self, zone, index):
        self.zone = zone
        self.index = index
        self.remembered[zone] = index
        self.screen.placed(zone, index)

    def reset(self, later=False):
        """A new step of the game: nothing chosen; the cursor where the screen wants it
        (`focus()`), else on the first cell a legal move starts from. later: placed at
        the next frame (settle), so a press's frame holds its move and the redraw, not
        the search for the next moves too; the cursor stays where it was until then."""
        self.path = []
        self.version += 1
        self.due = later
        if not later:
            self.enter(self.screen.focus())

    def settle(self, part=False):
        """A cursor due from reset(later=True) placed now; True if it moved. part: one
        part a calm frame: the next moves worked out on the first, the cursor placed
        (and drawn) on the next; a press in between settles whole."""
        if not self.due:
            return False
        if part and not self.fresh():
            self._search(self.screen.s)
            return False
        self.due = False
        self.enter(self.screen.focus())
        return True

    def clear(self):
        """A new step that is not a person's (a computer seat plays): nothing chosen
        and no cursor, without working out moves no one here will pick from."""
        self.path = []
        self.version += 1
        self.zone = None
        self.due = False

    def enter(self, focus=None):
        if focus is not None:
            self.place(focus[0], focus[1])
            return
        self.candidates()
        for touch in self.nexts:
            if touch[0] != KEY:
                zone = touch[0]
                marks = self.legal(zone)
                for i in range(len(marks)):
                    if marks[i]:
                        self.place(zone, i)
                        return
        self.zone = None

    def step(self, d):
        """LEFT (-1) or RIGHT (+1): the next cell, every cell or only legal ones."""
        zone = self.zone
        if zone is None:
            return
        n = len(self.cells(zone))
        if not n:
            return
        if self.screen.walk_all(zone, len(self.path)):
            self.place(zone, (self.index + d) % n)
            return
        marks = self.legal(zone)
        i = self.index
        for _ in range(n):
            i = (i + d) % n
            if marks[i]:
                self.place(zone, i)
                return

    def next_zone(self):
        """DOWN: the cursor to the next zone where a candidate's next touch lies (zones
        in the order the legal moves name them), on its remembered cell if a move
        starts there, else its first such cell. One zone only: nothing moves."""
        zones = []
        self.candidates()
        for touch in self.nexts:
            zone = touch[0]
            if zone != KEY and zone not in zones:
                zones.append(zone)
        if len(zones) < 2:
            return
        i = zones.index(self.zone) + 1 if self.zone in zones else 0
        zone = zones[i % len(zones)]
        marks = self.legal(zone)
        want = self.remembered.get(zone, 0)
        if want < len(marks) and marks[want]:
            self.place(zone, want)
            return
        for j in range(len(marks)):
            if marks[j]:
                self.place(zone, j)
                return

    def choose(self):
        """A on the cursor: a move to play, or -1 (narrowed, or nothing there: then
        `refused` holds the cell the screen should explain)."""
        self.refused = None
        if self.zone is None:
            return -1
        touch = (self.zone, self.item())
        moves = self.candidates()
        nexts = self.nexts
        ends = self.ends
        found = [i for i in range(len(moves)) if nexts[i] == touch]
        if not found:
            self.refused = touch
            return -1
        if len(found) == 1 and ends[found[0]]:
            return moves[found[0]]
        self.path.append(touch)
        self.version += 1
        self.narrow(moves, found, ends)
        self.enter()
        return -1

    def narrow(self, moves, found, ends):
        """The longer path's candidates: the moves found that go on past it, each with
        its touch after it (no new search of every legal move)."""
        s = self.screen.s
        touches = self.screen.rules.touches
        k = len(self.path)
        n = len(found)
        out = [0] * n  # sized once, as in _search
        nexts = [None] * n
        more = bytearray(n)
        j = 0
        for i in found:
            if not ends[i]:
                m = moves[i]
                t = touches(s, m)
                out[j] = m
                nexts[j] = t[k]
                more[j] = 1 if _len(t) == k + 1 else 0
                j += 1
        if j < n:
            del out[j:]
            del nexts[j:]
            more = more[:j]
        self.keep(s, out, nexts, more)

    def back(self):
        """B: one choice back; False when nothing was chosen."""
        if not self.path:
            return False
        zone, item = self.path.pop()
        self.version += 1
        self.place(zone, self.cells(zone).index(item))
        return True

    def point(self, move):
        """Put the cursor on the move's first touch (a hint)."""
        self.due = False
        self.path = []
        self.version += 1
        zone, item = self.screen.rules.touches(self.screen.s, move)[0]
        if zone != KEY:
            self.place(zone, self.cells(zone).index(item))

    def press(self, pressed):
        """What a person's press means: a move (>= 0) to play, or HINT (UP), PAUSE (B
        with nothing to take back), REFUSED (A on a cell no legal move touches: then
        `refused` says which) or NOTHING (the cursor moved or a choice was made).
        LEFT/RIGHT walk the zone's cells, DOWN goes on to the next zone."""
        self.settle()
        if pressed & btn.UP:
            return HINT
        for key in (btn.A, btn.B):
            if pressed & key:
                m = self.key_move(key)
                if m >= 0:
                    return m
        if pressed & btn.B:
            return NOTHING if self.back() else PAUSE
        if pressed & (btn.LEFT | btn.RIGHT):
            self.step(-1 if pressed & btn.LEFT else 1)
        elif pressed & btn.DOWN:
            self.next_zone()
        elif pressed & btn.A:
            m = self.choose()
            if m >= 0:
                return m
            if self.refused:
                return REFUSED
        return NOTHING

    def press_toward(self, move):
        """The press that takes the cursor one step toward playing `move`."""
        self.settle()
        t = self.screen.rules.touches(self.screen.s, move)
        k = len(self.path)
        if list(t[:k]) != self.path:
            return btn.B
        if t[k][0] == KEY:
            return t[k][1]
        if (self.zone, self.item()) == t[k]:
            return btn.A
        return btn.RIGHT if self.zone == t[k][0] else btn.DOWN
