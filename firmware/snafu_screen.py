"""Snafu on the 128x64 screen: 3 px per square (111 x 63), a side strip for round and score.

Solo: red on the d-pad. Two players: red on the d-pad, blue turns left with B
and right with A. A starts a round; a match is several rounds with a running
score. Drawing is incremental: a tick draws only the new squares.
"""

from firmware import buttons as btn
from firmware import gamescreen, gfx
from shared_rules import snafu as sn

GAME = "snafu"
CELL = 3
BOARD_W = sn.COLS * CELL  # 111
BOARD_H = sn.ROWS * CELL  # 63
STRIP_X = 113

OPTIONS = (
    ("variant", "Variant", tuple(range(1, 17))),
    ("humans", "Players", (1, 2)),
    ("speed", "Speed", (2, 3, 4, 1)),
    ("others", "Others", ("classic", "smart")),
    ("rounds", "Rounds", (3, 5, 9, 1)),
)

READY = 0
RUN = 1
ROUND_OVER = 2

# Arrow buttons -> direction, and the diagonal made by two arrows held together.
ARROW_DIR = ((btn.UP, sn.UP), (btn.RIGHT, sn.RIGHT), (btn.DOWN, sn.DOWN), (btn.LEFT, sn.LEFT))
ARROWS = btn.UP | btn.DOWN | btn.LEFT | btn.RIGHT
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


def option_text(key, value):
    if key == "others":
        return value
    return str(value)


def describe(opts):
    """Two short lines describing a variant."""
    trails, diagonal, vanish, obstacles = sn.variant_options(opts["variant"])
    return (
        "%d trails %s" % (trails, "8-way" if diagonal else "4-way"),
        "%s %s" % ("vanish" if vanish else "stay", "obstacles" if obstacles else "open"),
    )


def rules_options(options):
    o = dict(options or {})
    o.pop("rounds", None)
    return o


def round_seed(seed, r):
    return (seed + 7919 * (r - 1)) & 0x7FFFFFFF


def arrow_dir(pressed, held, diagonal):
    """The direction asked for by a new arrow press (two arrows held: a diagonal)."""
    new = pressed & ARROWS
    if not new:
        return -1
    arrows = (held | pressed) & ARROWS
    if diagonal:
        vert = arrows & (btn.UP | btn.DOWN)
        horiz = arrows & (btn.LEFT | btn.RIGHT)
        if vert and horiz and vert != btn.UP | btn.DOWN and horiz != btn.LEFT | btn.RIGHT:
            if vert == btn.UP:
                return sn.UP_RIGHT if horiz == btn.RIGHT else sn.UP_LEFT
            return sn.DOWN_RIGHT if horiz == btn.RIGHT else sn.DOWN_LEFT
    for bit, d in ARROW_DIR:
        if new & bit:
            return d
    return -1


class SnafuScreen(gamescreen.GameScreen):
    GAME = GAME
    PAUSE = ("Resume", "Save & exit", "New game")  # no hints in a real-time game
    incremental = True

    def __init__(self, app, rules, state, seed, options, inputs=None):
        gamescreen.GameScreen.__init__(self, app, rules, state, seed, options, inputs)
        self.rounds = int(self.options.get("rounds", 3))
        self.round = 1
        self.wins = [0, 0, 0, 0]
        self.draws = 0
        self.mode = READY
        self.frames = 0  # frames since the last tick
        self.queue = [[], []]  # pending turns for red and blue
        self.queued_at = [0, 0]
        self.drawn_heads = [-1, -1, -1, -1]
        self.crash_shown = 0
        self.period = sn.TICK_FRAMES[self.s.opts["speed"] - 1]

    # ---- match -------------------------------------------------------

    def meta(self):
        w = self.wins
        return "%d %d %d %d %d %d %d %d" % (
            self.round,
            self.rounds,
            w[0],
            w[1],
            w[2],
            w[3],
            self.draws,
            self.mode,
        )

    def set_meta(self, text):
        p = [int(x) for x in text.split()]
        if len(p) != 8 or not 1 <= p[0] <= p[1]:
            raise ValueError("bad snafu match line")
        self.round, self.rounds = p[0], p[1]
        self.wins = p[2:6]
        self.draws = p[6]
        # a round resumed mid-play waits for A, as a new round does
        self.mode = ROUND_OVER if p[7] == ROUND_OVER else READY

    def game_over(self):
        return self.mode == ROUND_OVER and self.round >= self.rounds

    def points(self):
        return self.wins[sn.RED]

    def clean(self):
        """A match won: red took more rounds than any other trail."""
        best_other = max(self.wins[1:])
        return self.wins[sn.RED] > best_other

    def next_round(self):
        self.round += 1
        self.s = self.rules.new(round_seed(self.seed, self.round), rules_options(self.options))
        self.mode = READY
        self.queue = [[], []]
        self.repaint = True
        self.autosave()

    def over_detail(self):
        return "%d of %d rounds" % (self.wins[sn.RED], self.rounds)

    # ---- input and ticks -------------------------------------------

    def wants_idle_frames(self):
        return self.mode == RUN

    def handle(self, pressed, held):
        s = self.s
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
            if self.frames >= self.period or fast:
                self.frames = 0
                self.tick()
            return
        if self.mode == READY:
            self.steer(pressed, held, False)
            if pressed & btn.A:
                self.mode = RUN
                self.frames = 0
                self.app.dirty = True
                self.repaint = True
            elif pressed & btn.B:
                self.open_pause()
            return
        if pressed & btn.A:  # ROUND_OVER
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
        if self.rules.over(s):
            self.mode = ROUND_OVER
            if s.winner < 0:
                self.draws += 1
            else:
                self.wins[s.winner] += 1
            self.repaint = True
            if self.round < self.rounds:
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
        if self.finished or self.pause >= 0:
            return 0
        if self.mode != RUN:
            return btn.A
        if not s.alive[sn.RED] or self.queue[sn.RED] or self.frames != self.period - 1:
            return 0
        want = self.rules.best_move(s) & 7
        if want == s.dir[sn.RED]:
            return 0
        return DIR_ARROWS[want]

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s = self.s
        if self.repaint:
            self.repaint = False
            fb.fill(0)
            fb.vline(BOARD_W, 0, BOARD_H + 1, 1)
            fb.hline(0, BOARD_H, BOARD_W + 1, 1)
            board = s.board
            for row in range(1, sn.ROWS + 1):
                for col in range(1, sn.COLS + 1):
                    v = board[row * sn.W + col]
                    if v:
                        draw_cell(fb, col, row, v)
            for t in range(4):
                self.drawn_heads[t] = s.head[t]
            self.crash_shown = 0
            self.draw_strip(fb)
        else:
            for t in range(4):
                h = s.head[t]
                if s.playing[t] and h != self.drawn_heads[t]:
                    draw_cell(fb, h % sn.W, h // sn.W, t + 1)
                    self.drawn_heads[t] = h
        for t in range(4):
            if s.playing[t] and not s.alive[t] and not self.crash_shown & (1 << t):
                self.crash_shown |= 1 << t
                draw_crash(fb, s.crash[t])
        if self.mode == READY:
            self.banner(fb, "Round %d" % self.round, "A: go")
        elif self.mode == ROUND_OVER and not self.finished:
            name = sn.winner_name(s)
            self.banner(fb, "Draw" if name == "draw" else name.upper() + " wins", "A: next")

    def draw_strip(self, fb):
        s = self.s
        fb.fill_rect(STRIP_X - 1, 0, gfx.W - STRIP_X + 1, gfx.H, 0)
        fb.text("%d" % self.round, STRIP_X, 0, 1)
        fb.text("/%d" % self.rounds if self.rounds < 10 else "", STRIP_X, 8, 1)
        y = 22
        for t in range(4):
            if s.playing[t]:
                fill_cell(fb, STRIP_X, y + 2, t + 1)
                fb.text("%d" % min(9, self.wins[t]), STRIP_X + 5, y, 1)
                y += 10

    def banner(self, fb, line1, line2):
        gfx.box(fb, 19, 20, 74, 22)
        gfx.center(fb, line1, 23, 1, 19, 74)
        gfx.center(fb, line2, 32, 1, 19, 74)


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


def draw_cell(fb, col, row, v):
    fill_cell(fb, (col - 1) * CELL, (row - 1) * CELL, v)


def draw_crash(fb, c):
    """A 5x5 X over the square where a trail crashed."""
    x = (c % sn.W - 1) * CELL - 1
    y = (c // sn.W - 1) * CELL - 1
    fb.fill_rect(x + 1, y + 1, 3, 3, 0)
    fb.line(x, y, x + 4, y + 4, 1)
    fb.line(x + 4, y, x, y + 4, 1)


def preload(options):
    """Load the smart player with the game when it is needed, while the heap is still
    in one piece (not at the first tick)."""
    if (options or {}).get("others") == "smart":
        sn._smart()


def start(app, seed, options=None):
    opts = dict(options or {})
    preload(opts)
    s = sn.new(round_seed(seed, 1), rules_options(opts))
    screen = SnafuScreen(app, sn, s, seed, opts)
    app.store.remove(GAME + ".sav")
    screen.autosave()
    return screen


def resume(app):
    screen = gamescreen.resume(app, SnafuScreen, sn)
    if screen is not None:
        preload(screen.options)
    return screen
