"""Snafu on the 128x64 screen: 3 px per square (111 x 63), a side strip for round and score.

Solo: red on the d-pad. Two players: red on the d-pad, blue turns left with B
and right with A. A starts a round (the rules' next-round move between rounds);
the match, its rounds and wins, is in the rules. Drawing is incremental: a tick
draws only the new squares.
"""

from firmware import buttons as btn
from firmware import gamescreen, gfx
from firmware.ui.dpad import ARROWS, DIR_ARROWS, arrow_dir
from firmware.ui.grid import Grid
from shared_rules import snafu as sn

CELL = 3
STRIP_X = 113
POINTER = 6  # pixels of the line showing a player's starting way

READY = 0  # waiting for A before a round
RUN = 1


class SnafuScreen(gamescreen.GameScreen):
    RULES = sn
    PLAYERS = "shared_rules.snafu_ai"  # the smart trails (prepare loads them)
    PAUSE = ("Resume", "Help", "Save & exit", "New game")  # no hints in a real-time game
    SAVE_AT_START = True
    incremental = True

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.grid = Grid(sn.COLS, sn.ROWS, CELL, fill_cell)
        self.mode = READY
        self.frames = 0  # frames since the last tick
        self.queue = [[], []]  # pending turns for red and blue
        self.queued_at = [0, 0]
        self.drawn_heads = [-1, -1, -1, -1]
        self.pointers = [-1, -1, -1, -1]  # the way each player's pointer shows (-1: none)
        self.crash_shown = 0
        self.strip_due = True
        self.grid_due = False  # a new round: its grid drawn whole on the next frame
        self.period = sn.TICK_FRAMES[self.s.opts["speed"] - 1]

    # ---- match -------------------------------------------------------

    @classmethod
    def prepare(cls, options):
        """Load the smart player and the rule set's tick with the game, while the heap
        is still in one piece (not at the first tick)."""
        if (options or {}).get("others") == "smart":
            sn._smart()
        if (options or {}).get("rules", "text") == "text":
            sn._text()
        else:
            sn._arcade()

    def adopt(self, fields):
        """A save made before the match was in the rules kept it on a "meta" line:
        round, rounds, four wins, draws, screen mode."""
        if "meta" in fields:
            p = [int(x) for x in fields["meta"].split()]
            if len(p) != 8:
                raise ValueError("bad snafu match line")
            sn._save().adopt_match(self.s, self.seed, p[0], p[1], p[2:6], p[6])

    def next_round(self):
        """The rules set the round up now and the panel says so; the whole grid is drawn
        on the next frame (the two together are over a frame's budget on a Pico)."""
        self.rules.play(self.s, sn.M_NEXT)
        self.mode = READY
        self.queue = [[], []]
        self.grid_due = True
        self.autosave()

    def over_detail(self):
        return "%d of %d rounds" % (self.s.wins[sn.RED], self.s.opts["rounds"])

    # ---- input and ticks -------------------------------------------

    def wants_idle_frames(self):
        return self.mode == RUN or self.grid_due

    def handle(self, pressed, held):
        s = self.s
        if self.grid_due:  # the frame after the round was set up: its grid now
            self.grid_due = False
            self.repaint = True
            self.app.dirty = True
        two = self.s.opts["humans"] == 2
        if self.mode == RUN:
            self.steer(pressed, held, two)
            if pressed & btn.B and not two:
                self.open_pause()
                return
            self.frames += 1
            fast = True  # no human trail left: play the round out quickly
            for t in sn.human_trails(s):
                if s.alive[t]:
                    fast = False
            if self.frames < self.period and not fast:
                sn.plan_next(s)  # one smart trail's search a frame, between ticks
            elif not fast or not sn.plan_next(s):  # fast: a tick once every trail is planned
                self.frames = 0
                self.tick()
            return
        if not sn.round_over(s):  # READY
            self.steer(pressed, held, False)
            if pressed & ARROWS:  # the pointer follows the turn asked for
                self.app.dirty = True
            if pressed & btn.A:
                self.mode = RUN
                self.frames = 0
                self.app.dirty = True
                self.repaint = True
            elif pressed & btn.B:
                self.open_pause()
            return
        if pressed & btn.A:  # between rounds
            self.next_round()
            self.app.dirty = True
        elif pressed & btn.B:
            self.open_pause()

    def steer(self, pressed, held, two):
        s = self.s
        d = arrow_dir(pressed, held, s.opts["diagonal"])
        if d >= 0:
            self.enqueue(sn.RED, d, True)
        if two and pressed & (btn.A | btn.B):
            q = self.queue[sn.BLUE]
            base = q[-1] if q else s.dir[sn.BLUE]
            step = 1 if s.opts["diagonal"] else 2
            if pressed & btn.A:
                self.enqueue(sn.BLUE, (base + step) & 7, False)
            if pressed & btn.B:
                self.enqueue(sn.BLUE, (base - step) & 7, False)

    def enqueue(self, t, d, arrows):
        """Queue a turn (two at most). With arrows, a diagonal that follows one of its
        own arrows within 3 frames replaces it (the second arrow of a diagonal)."""
        q = self.queue[t]
        now = self.app.frame_no
        if arrows and q and now - self.queued_at[t] <= 3 and d & 1 and ((q[-1] - d) & 7) in (1, 7):
            q[-1] = d  # the second arrow of a diagonal, a moment after the first
        elif len(q) < 2:
            q.append(d)
        else:
            q[-1] = d
        self.queued_at[t] = now

    def tick(self):
        s = self.s
        m = 0
        for t in sn.human_trails(s):
            if s.alive[t]:
                d = s.dir[t]
                q = self.queue[t]
                while q:
                    nd = sn.steer(s, t, q.pop(0))
                    if nd != s.dir[t]:
                        d = nd
                        break
                m |= d << (3 * t)
        crashed_before = self.alive_mask()
        self.rules.play(s, m)
        self.app.dirty = True
        if s.opts["vanish"] and self.alive_mask() != crashed_before:
            self.repaint = True
        if sn.round_over(s):
            self.mode = READY
            self.strip_due = True  # the wins changed (the board stays: no full repaint)
            if not self.rules.over(s):
                self.autosave()

    def alive_mask(self):
        m = 0
        for t in range(4):
            if self.s.alive[t]:
                m |= 1 << t
        return m

    def bot_press(self):
        """The next press that follows the smart player (demo and tests)."""
        s = self.s
        if self.finished or self.ending or self.pause >= 0:
            return 0
        if self.mode != RUN or sn.round_over(s):
            return btn.A
        if not sn.human_trails(s) or not s.alive[sn.RED]:
            return 0  # a watched match: nothing to steer
        if self.queue[sn.RED] or self.frames != self.period - 1:
            return 0
        want = self.rules.best_move(s) & 7
        if want == s.dir[sn.RED]:
            return 0
        return DIR_ARROWS[want]

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s = self.s
        if self.grid_due and not self.repaint:  # the round is set up: its grid next frame
            gfx.banner(fb, "Round %d" % s.round, "")
            return
        if self.repaint:
            self.repaint = False
            fb.fill(0)
            self.grid.frame(fb)
            self.grid.repaint(fb, s.board, sn.W)
            for t in range(4):
                self.drawn_heads[t] = s.head[t]
                self.pointers[t] = -1
            self.crash_shown = 0
            self.strip_due = True
        else:
            for t in range(4):
                h = s.head[t]
                if s.playing[t] and h != self.drawn_heads[t]:
                    self.grid.cell(fb, h % sn.W, h // sn.W, t + 1)
                    self.drawn_heads[t] = h
        if self.strip_due:
            self.strip_due = False
            self.draw_strip(fb)
        for t in range(4):
            if s.playing[t] and not s.alive[t] and not self.crash_shown & (1 << t):
                self.crash_shown |= 1 << t
                draw_crash(fb, s.crash[t])
        if sn.round_over(s):
            if not self.finished:
                name = sn.winner_name(s)
                gfx.banner(fb, "Draw" if name == "draw" else name.upper() + " wins", "A: next")
        elif self.mode == READY:
            self.draw_pointers(fb)
            gfx.banner(fb, "Round %d" % s.round, "A: go")

    def draw_pointers(self, fb):
        """Before a round: a short line from each player's head the way it will start
        (its queued turn, if any), so nobody starts facing a wall unawares. A pointer
        that turned is erased and the squares under it painted again (no full repaint)."""
        s = self.s
        ways = self.pointers
        erased = False
        for t in sn.human_trails(s):
            if s.alive[t] and ways[t] >= 0 and ways[t] != self.pointer_way(t):
                self.pointer_line(fb, t, ways[t], 0)
                erased = True
        if erased:
            self.draw_strip(fb)  # a line near the edge crosses the frame and the strip
        for t in sn.human_trails(s):
            if s.alive[t] and (erased or ways[t] != self.pointer_way(t)):
                ways[t] = self.pointer_way(t)
                self.pointer_line(fb, t, ways[t], 1)

    def pointer_way(self, t):
        q = self.queue[t]
        return sn.steer(self.s, t, q[-1]) if q else self.s.dir[t]

    def pointer_line(self, fb, t, d, c):
        """Draw (c=1) or erase (c=0, then the squares it crossed painted again)."""
        s = self.s
        h = s.head[t]
        x = (h % sn.W - 1) * CELL + 1
        y = (h // sn.W - 1) * CELL + 1
        dx = sn.DX[d]
        dy = sn.DY[d]
        fb.line(x, y, x + dx * POINTER, y + dy * POINTER, c)
        if c:
            return
        for k in range(POINTER + 1):
            col = (x + dx * k) // CELL + 1
            row = (y + dy * k) // CELL + 1
            if 1 <= col <= sn.COLS and 1 <= row <= sn.ROWS:
                v = s.board[row * sn.W + col]
                if v:
                    self.grid.cell(fb, col, row, v)
        self.grid.frame(fb)

    def draw_strip(self, fb):
        s = self.s
        fb.fill_rect(STRIP_X - 1, 0, gfx.W - STRIP_X + 1, gfx.H, 0)
        rounds = s.opts["rounds"]
        fb.text("%d" % s.round, STRIP_X, 0, 1)
        fb.text("/%d" % rounds if rounds < 10 else "", STRIP_X, 8, 1)
        y = 22
        for t in range(4):
            if s.playing[t]:
                fill_cell(fb, STRIP_X, y + 2, t + 1)
                fb.text("%d" % min(9, s.wins[t]), STRIP_X + 5, y, 1)
                y += 10


def fill_cell(fb, x, y, v):
    """One square's pattern at pixel (x, y): red solid, blue ring, green X, yellow plus,
    obstacle stripes."""
    if v == 1:
        fb.fill_rect(x, y, 3, 3, 1)
    elif v == 2:
        fb.rect(x, y, 3, 3, 1)
    elif v == 3:
        fb.pixel(x, y, 1)
        fb.pixel(x + 2, y, 1)
        fb.pixel(x + 1, y + 1, 1)
        fb.pixel(x, y + 2, 1)
        fb.pixel(x + 2, y + 2, 1)
    elif v == 4:
        fb.hline(x, y + 1, 3, 1)
        fb.vline(x + 1, y, 3, 1)
    elif v == sn.OBSTACLE:
        fb.hline(x, y, 3, 1)
        fb.hline(x, y + 2, 3, 1)


def draw_crash(fb, c):
    """A 5x5 X over the square where a trail crashed."""
    x = (c % sn.W - 1) * CELL - 1
    y = (c // sn.W - 1) * CELL - 1
    fb.fill_rect(x + 1, y + 1, 3, 3, 0)
    fb.line(x, y, x + 4, y + 4, 1)
    fb.line(x + 4, y, x, y + 4, 1)


SCREEN = SnafuScreen
