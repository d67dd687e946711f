"""Snafu rule cases, the arcade rule set: one or more per clause (S1-S12) and decision
(D1-D9) of docs/rules/snafu.md, then the 16 variations, the notation, illegal ticks,
saves, options. Every position here is made with the arcade rules (new() below), the
cartridge's and every older save's; the text rules' own cases are in snafu_text_cases.

Plain functions named case_<clause>_<what>, plain asserts, no test framework: the same
module runs under pytest on CPython and inside the MicroPython VM at a 64 KB heap. There
it is compiled with mpy-cross and its bytecode stays in RAM while the VM compiles
shared_rules/snafu.py from source, so the module is kept small: few helpers, cases that
share positions, short messages. Positions are built with new(seed, options) and then
overwritten (board squares, heads, headings, lengths: see build()) and validated with
check(). Expected dice come from a second Rng started from the state's own Rng state,
and the text's tables (start direction, obstacle count and squares) are read again here
(ref_roll, ref_new) instead of being taken from the engine.
"""

from shared_rules import snafu as sn
from shared_rules.rng import Rng

# The text's directions, clockwise from up, and their (column, row) steps.
NAMES = ("U", "UR", "R", "DR", "D", "DL", "L", "UL")
STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
U, UR, R, DR, D, DL, L, UL = 0, 1, 2, 3, 4, 5, 6, 7
START = ((6, 11), (32, 11), (19, 5), (19, 17))  # S2 with D1: red, blue, green, yellow
OB = 5  # an obstacle square
FOUR = {"trails": 4}

# Seeded random games walked by several cases: (seed, variant, human trails).
GAMES = ((3, 1, 1), (17, 8, 1), (5, 12, 2), (2024, 15, 0), (41, 14, 1))


def new(seed, options=None):
    """sn.new with the arcade rule set unless the options name one."""
    o = {"rules": "arcade"}
    for k in options or {}:
        o[k] = options[k]
    return sn.new(seed, o)


def raises(exc, fn, *args):
    """True if fn(*args) raises exc."""
    try:
        fn(*args)
    except exc:
        return True
    return False


def mv(red, blue=0):
    """A tick for the human trails: red in bits 0-2, blue in bits 3-5."""
    return red | blue << 3


def seg(col, row, d, n):
    """n squares from (col, row) on, each one step in direction d; the last is the head."""
    dx, dy = STEP[d]
    return [(col + i * dx, row + i * dy) for i in range(n)]


def build(options, paths, dirs, dead=0, marks=()):
    """A checked position. Trail t covers paths[t] (1-based (col, row), tail first, head
    last) with heading dirs[t]; trails in the bit mask `dead` have crashed; marks are
    obstacle squares (col, row). Every other square is empty. Two human trails unless
    the options say otherwise."""
    o = {"humans": 2}
    for k in options:
        o[k] = options[k]
    s = new(1, o)
    assert len(paths) == s.opts["trails"]
    board = s.board
    for c in range(sn.CELLS):
        if board[c] != sn.WALL:
            board[c] = 0
    for t in range(len(paths)):
        for col, row in paths[t]:
            board[sn.cell(col, row)] = t + 1
        s.head[t] = sn.cell(paths[t][-1][0], paths[t][-1][1])
        s.dir[t] = dirs[t]
        s.length[t] = len(paths[t])
        s.alive[t] = 0 if dead >> t & 1 else 1
    for col, row in marks:
        board[sn.cell(col, row)] = OB
    sn.check(s)
    return s


def at(s, col, row):
    return s.board[sn.cell(col, row)]


def head(s, t):
    return sn.col_row(s.head[t])


def dice(s, n):
    """The next n dice of s's Rng, read from a copy of its state, and the state after."""
    r = Rng(1)
    r.set_state(s.rng.get_state())
    return [r.die() for _ in range(n)], r.get_state()


def owned(s, t):
    """How many squares hold trail t."""
    n = 0
    for v in s.board:
        n += v == t + 1
    return n


def ref_roll(rng, diagonal):
    """The text's start roll, read again: with diagonals a d6 first, 1-3 diagonal and
    4-6 not; then a d6 for the way, diagonal 1 up left, 2 up right, 3 down right,
    4 down left, straight 1 up, 2 right, 3 down, 4 left; 5-6 roll again.
    Returns (direction name, how many 5-6 re-rolls)."""
    diag = diagonal and rng.die() in (1, 2, 3)
    table = ("UL", "UR", "DR", "DL") if diag else ("U", "R", "D", "L")
    again = 0
    while True:
        r = rng.die()
        if r < 5:
            return table[r - 1], again
        again += 1


def ref_new(seed, trails, diagonal, obstacles):
    """The chance of a new game read from the docs (D8): start directions red..yellow,
    then 4 + ceil(d6 / 2) obstacles (D3), each at a random top-left square where a 2x2 box
    fits, drawn again when it touches a taken square, a start square or a first step.
    Returns (direction names, sorted box corners, Rng state after)."""
    rng = Rng(seed)
    names = [ref_roll(rng, diagonal)[0] for _ in range(trails)]
    boxes = []
    if obstacles:
        count = 4 + -(-rng.die() // 2)
        keep = []
        for t in range(trails):
            dx, dy = STEP[NAMES.index(names[t])]
            keep += [START[t], (START[t][0] + dx, START[t][1] + dy)]
        while len(boxes) < count:
            col = 1 + rng.below(36)
            row = 1 + rng.below(20)
            sq = [(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)]
            if not [q for q in sq if q in keep]:
                boxes.append((col, row))
                keep += sq
    boxes.sort()
    return names, boxes, rng.get_state()


def boxes_on(s):
    """The obstacle boxes on s's board as sorted top-left corners; every obstacle square
    must belong to exactly one 2x2 box (in reading order, the first square not yet
    claimed is a box's top-left corner)."""
    claimed = bytearray(sn.CELLS)
    out = []
    for c in range(sn.CELLS):
        if s.board[c] == OB and not claimed[c]:
            for q in (c, c + 1, c + sn.W, c + sn.W + 1):
                assert s.board[q] == OB and not claimed[q]
                claimed[q] = 1
            out.append(sn.col_row(c))
    out.sort()
    return out


def choose(s, rng):
    """A random legal tick: each living human trail keeps to a free square when it can,
    straight on two times in three."""
    m = 0
    for t in sn.human_trails(s):
        if s.alive[t]:
            ok = [d for d in sn.directions(s) if d != (s.dir[t] + 4) & 7]
            free = [d for d in ok if s.board[s.head[t] + sn.OFFSET[d]] == 0]
            if s.dir[t] in free and rng.below(3):
                d = s.dir[t]
            elif free:
                d = free[rng.below(len(free))]
            else:
                d = ok[rng.below(len(ok))]
            m |= d << (3 * t)
    return m


def walk(seed, options, visit, after=None):
    """Play a seeded random game; visit(s, m) runs before each tick m is played, and
    with m = -1 at the end; after(s), if given, right after each tick."""
    s = new(seed, options)
    rng = Rng(seed * 31 + 7)
    while not sn.over(s):
        m = choose(s, rng)
        visit(s, m)
        sn.play(s, m)
        if after:
            after(s)
        assert s.tick < 800
    visit(s, -1)
    return s


def games(visit, after=None, which=GAMES):
    for seed, v, humans in which:
        walk(seed, {"variant": v, "humans": humans}, visit, after)


def contest(k, n, trails, vanish=False):
    """Trails 0..n-1 one step from (11, 10), from the left, right, above and below; the
    others far off going straight on. One tick with the Rng at Rng(k), checked against
    the dice read from the Rng. Returns the winner of the square, or -1 for a tie."""
    paths = [seg(8, 10, R, 3), seg(14, 10, L, 3), seg(11, 7, D, 3), seg(11, 13, U, 3)][:n]
    paths += [seg(30, 18, L, 1), seg(30, 2, L, 1)][: trails - n]
    dirs = [R, L, D, U][:n] + [L, L][: trails - n]
    s = build({"trails": trails, "vanish": vanish}, paths, dirs)
    s.rng = Rng(k)
    want, after = dice(s, n)
    sn.play(s, mv(dirs[0], dirs[1]))
    assert s.rng.get_state() == after and list(s.rolls[:n]) == want
    top = [t for t in range(n) if want[t] == max(want)]
    w = top[0] if len(top) == 1 else -1
    c = sn.cell(11, 10)
    for t in range(n):
        if t == w:
            assert s.alive[t] and s.head[t] == c and s.length[t] == 4
        else:  # the losers crash into the square (D4)
            assert not s.alive[t] and s.crash[t] == c and s.length[t] == 3
            assert owned(s, t) == (0 if vanish else 3)
    for t in range(n, trails):
        assert s.alive[t] and s.length[t] == 2 and s.rolls[t] == 0
    assert at(s, 11, 10) == w + 1  # empty after a tie
    alive = [t for t in range(trails) if s.alive[t]]
    assert s.winner == (alive[0] if len(alive) == 1 else -1 if not alive else -2)
    sn.check(s)
    return w


# ---- S1 board ------------------------------------------------------------------------


def case_S1_board_37_by_21_walled_no_wrap():
    assert (sn.COLS, sn.ROWS) == (37, 21)
    rows = sn.dump(new(1)).split("\n")[9:-1]
    assert [len(r) for r in rows] == [37] * 21
    s = new(1)
    for c in range(sn.CELLS):
        col, row = sn.col_row(c)
        assert (s.board[c] == sn.WALL) != (1 <= col <= 37 and 1 <= row <= 21)
    # red at each edge heading out crashes into the wall; blue far off goes on
    for col, row, d in ((1, 11, L), (37, 11, R), (19, 1, U), (19, 21, D), (1, 1, UL)):
        s = build(
            {"diagonal": d == UL},
            [seg(col - STEP[d][0], row - STEP[d][1], d, 2), [(20, 15)]],
            [d, L],
        )
        sn.play(s, mv(d, L))
        assert not s.alive[0] and s.winner == 1 and head(s, 0) == (col, row)
        assert sn.col_row(s.crash[0]) == (col + STEP[d][0], row + STEP[d][1])
    s = build({}, [seg(1, 12, U, 2), [(20, 15)]], [U, L])
    sn.play(s, mv(U, L))  # along the edge is fine
    assert s.alive[0] and head(s, 0) == (1, 10)


# ---- S2 / S3 start squares, trails in play -------------------------------------------


def case_S2_start_squares_two_and_four_trails():
    assert sn.STARTS == START
    for v in range(1, 17):
        n = sn.variant_options(v)[0]
        for seed in (0, v):
            s = new(seed, {"variant": v})
            assert sn.heads(s) == [(c, r, True) for c, r in START[:n]]
            for t in range(4):
                assert at(s, START[t][0], START[t][1]) == (t + 1 if t < n else 0)


def case_S3_trails_in_play():
    for n in (2, 4):
        s = new(9, {"trails": n})
        assert list(s.playing) == [1] * n + [0] * (4 - n) and list(s.alive) == list(s.playing)
        assert len(sn.heads(s)) == len(sn.scores(s)) == n
        sn.play(s, sn.hold_move(s))  # every trail one step along its heading (S5)
        for t in range(n):
            dx, dy = STEP[s.dir[t]]
            assert head(s, t) == (START[t][0] + dx, START[t][1] + dy)
        assert [owned(s, t) for t in range(4)] == [2] * n + [0] * (4 - n)
        assert [s.length[t] for t in range(4)] == [2] * n + [0] * (4 - n)


# ---- S4 start direction ----------------------------------------------------------------


def case_S4_start_roll_matches_text():
    for diagonal in (False, True):
        names = []
        again = 0
        for seed in range(300):
            ref = Rng(seed)
            want, n = ref_roll(ref, diagonal)
            r = Rng(seed)
            assert NAMES[sn.roll_direction(r, diagonal)] == want
            assert r.get_state() == ref.get_state()
            names.append(want)
            again += n
        assert again > 30  # the 5-6 re-roll happens, often
        assert sorted(set(names)) == sorted(NAMES if diagonal else ("U", "R", "D", "L"))
        if diagonal:  # both branches, about as often
            assert 100 < len([x for x in names if len(x) == 2]) < 200


# ---- S5 a tick ---------------------------------------------------------------------------


def case_S5_ticks_in_random_games():
    # heads step along their headings (S5), the winner is the last trail left (S8),
    # crashed trails keep their squares or vanish (S11)
    def visit(s, m):
        was[:] = [(s.head[t], s.length[t], s.alive[t], s.tick) for t in range(4)]

    def after(s):
        for t in range(4):
            h, n, alive, tick = was[t]
            assert s.tick == tick + 1
            if not alive:
                assert not s.alive[t] and s.length[t] == n
                continue
            col, row = sn.col_row(h)
            to = sn.cell(col + STEP[s.dir[t]][0], row + STEP[s.dir[t]][1])
            if s.alive[t]:
                assert s.head[t] == to and s.length[t] == n + 1 and s.board[to] == t + 1
            else:
                assert s.crash[t] == to and s.length[t] == n
            if s.playing[t] and not s.alive[t]:
                assert owned(s, t) == (0 if s.opts["vanish"] else n)
        alive = [t for t in range(4) if s.alive[t]]
        if len(alive) > 1:
            assert s.winner == -2
        else:
            assert s.winner == (alive[0] if alive else -1)
            assert sn.scores(s) == [int(s.winner == t) for t in range(4) if s.playing[t]]
        sn.check(s)

    was = []
    games(visit, after)


# ---- S6 collisions -----------------------------------------------------------------------


def case_S6_crash_into_anything_taken():
    blue = seg(12, 4, D, 10)  # (12, 4) .. (12, 13), heading down into free squares
    for red, heading, d, hit in (
        (seg(8, 9, R, 4), R, R, 2),  # into blue's body at (12, 9)
        (seg(14, 13, L, 2), L, L, 2),  # into blue's head (12, 13)
        (seg(4, 15, D, 2), D, D, OB),  # into the box at (4, 17)
        (seg(3, 1, R, 2), R, U, sn.WALL),
        ([(3, 6), (4, 6), (5, 6), (5, 7), (4, 7)], L, U, 1),  # a hook: up into itself
    ):
        s = build({}, [red, blue], [heading, D], 0, [(4, 17), (5, 17), (4, 18), (5, 18)])
        sn.play(s, mv(d, D))
        assert not s.alive[0] and s.winner == 1 and s.board[s.crash[0]] == hit
        assert s.length[0] == owned(s, 0) == len(red)
        sn.check(s)
    # boxed in: whatever red chooses, it crashes
    for d in (U, R, D):
        s = build(
            {"humans": 1}, [seg(10, 10, R, 2), [(30, 3)]], [R, L], 0, [(12, 10), (11, 9), (11, 11)]
        )
        assert sn.moves(s) == [U, R, D]
        sn.play(s, mv(d))
        assert not s.alive[0] and s.winner == 1


def case_S6_head_on_swap_crashes_both():
    for n in (2, 4):
        paths = [seg(8, 10, R, 3), seg(13, 10, L, 3), [(19, 3)], [(19, 19)]]
        s = build({"trails": n}, paths[:n], [R, L, D, U][:n])
        st = s.rng.get_state()
        sn.play(s, mv(R, L))
        assert not s.alive[0] and not s.alive[1] and s.rng.get_state() == st
        assert head(s, 0) == (10, 10) and head(s, 1) == (11, 10)
        assert s.crash[0] == s.head[1] and s.crash[1] == s.head[0]
        assert s.winner == (-1 if n == 2 else -2)
    # two trails wanting one taken square roll no dice either
    s = build({}, [seg(8, 10, R, 3), seg(14, 10, L, 3)], [R, L], 0, [(11, 10)])
    st = s.rng.get_state()
    sn.play(s, mv(R, L))
    assert s.winner == -1 and s.rng.get_state() == st and list(s.rolls) == [0] * 4


# ---- S7 contested squares ----------------------------------------------------------------


def case_S7_contested_square_dice():
    for n, trails, ks in ((2, 2, 40), (3, 4, 80), (4, 4, 60), (2, 4, 30)):
        seen = [contest(k, n, trails) for k in range(1, ks)]
        for w in range(-1, n):
            assert w in seen, (n, w)


# ---- S8 winner -----------------------------------------------------------------------------


def case_S8_last_trail_wins_or_draw():
    s = build({"humans": 1}, [seg(3, 10, L, 3), [(30, 10)]], [L, L])
    sn.play(s, mv(L))
    assert s.winner == 1 and sn.over(s) and sn.winner_name(s) == "blue" and sn.to_act(s) == -1
    assert sn.score(s) == 0 and sn.scores(s) == [0, 1] and sn.moves(s) == []
    assert [m for m in range(64) if sn.is_legal(s, m)] == []
    s = build({"humans": 1}, [[(8, 10)], seg(35, 10, R, 3)], [R, R], 0, [(37, 9), (37, 11)])
    sn.play(s, mv(R))
    assert s.winner == 0 and sn.score(s) == 1 and sn.scores(s) == [1, 0]
    s = build({}, [seg(3, 10, L, 3), seg(35, 10, R, 3)], [L, R])
    sn.play(s, mv(L, R))
    assert s.winner == -1 and sn.winner_name(s) == "draw" and sn.scores(s) == [0, 0]
    # four trails: red and blue crash, the round goes on; the last two crash together
    paths = [seg(3, 10, L, 3), seg(35, 10, R, 3), seg(19, 3, U, 2), seg(19, 19, D, 2)]
    s = build(FOUR, paths, [L, R, U, D], 0, [(18, 1), (20, 1), (18, 21), (20, 21)])
    sn.play(s, mv(L, R))
    assert s.winner == -2 and list(s.alive) == [0, 0, 1, 1]
    assert head(s, 2) == (19, 1) and head(s, 3) == (19, 21)
    sn.play(s, 0)  # into the wall, nowhere else to go
    assert s.winner == -1 and sn.scores(s) == [0, 0, 0, 0]


# ---- S9 classic computer trail -------------------------------------------------------------


def classic(marks, k, diagonal=False):
    """Green (classic, heading down, head (20, 8)) among obstacle squares `marks`, the
    others far off; one tick with the Rng at Rng(k)."""
    paths = [[(3, 3)], [(35, 3)], seg(20, 6, D, 3), [(3, 19)]]
    s = build({"trails": 4, "diagonal": diagonal}, paths, [R, L, D, R], 0, marks)
    s.rng = Rng(k)
    sn.play(s, mv(R, L))
    return s


def case_S9_classic_straight_free_crash():
    for k in range(1, 12):
        s = classic([], k)  # straight on, no dice
        assert head(s, 2) == (20, 9) and s.rng.get_state() == Rng(k).get_state()
        assert head(s, 3) == (4, 19)
        s = classic([(20, 9), (19, 8)], k)  # the one free square
        r = Rng(k)
        r.below(1)
        assert head(s, 2) == (21, 8) and s.dir[2] == R and s.rng.get_state() == r.get_state()
        s = classic([(20, 9), (19, 8), (21, 8)], k)  # none: straight on, and crash
        assert not s.alive[2] and s.crash[2] == sn.cell(20, 9) and s.dir[2] == D
        assert s.rng.get_state() == Rng(k).get_state() and owned(s, 2) == 3
    seen = [0, 0]
    for k in range(1, 61):  # two free squares: either, uniformly, from the dice
        s = classic([(20, 9)], k)
        r = Rng(k)
        want = (R, L)[r.below(2)]  # the free squares in clockwise order from up
        assert s.dir[2] == want and s.rng.get_state() == r.get_state()
        assert head(s, 2) == ((21, 8) if want == R else (19, 8))
        seen[want == L] += 1
    assert min(seen) > 15


def case_S9_classic_in_random_games():
    # straight on when free, else a square free before the tick, else straight on
    def visit(s, m):
        plan[:] = []
        for t in range(4):
            if s.alive[t] and t not in sn.human_trails(s):
                h = s.head[t]
                free = [h + sn.OFFSET[d] for d in sn.directions(s)]
                free = [c for c in free if s.board[c] == 0]
                plan.append((t, h + sn.OFFSET[s.dir[t]], free))

    def after(s):
        for t, straight, free in plan:
            went = s.head[t] if s.alive[t] else s.crash[t]
            assert went == straight if straight in free or not free else went in free
            turns[0] += straight not in free

    plan = []
    turns = [0]
    games(visit, after)
    assert turns[0] > 5


# ---- S10 diagonal moves ---------------------------------------------------------------------


def case_S10_diagonal_neighbours():
    for diagonal in (False, True):
        s = build({"humans": 1, "diagonal": diagonal}, [seg(8, 10, R, 3), [(30, 10)]], [R, L])
        assert sn.moves(s) == ([U, UR, R, DR, D, DL, UL] if diagonal else [U, R, D])
        assert sn.directions(s) == tuple(range(0, 8, 2 - diagonal))
        assert sn.is_legal(s, mv(UR)) == diagonal and sn.steer(s, 0, UR) == (UR, R)[diagonal ^ 1]
    sn.play(s, mv(UR))
    sn.play(s, mv(DR))
    assert head(s, 0) == (12, 10)
    sn.check(s)  # diagonal steps keep a trail connected
    # a classic trail takes a diagonal square when nothing else is free
    for k in range(1, 8):
        s = classic([(20, 9), (19, 8), (21, 8), (19, 9), (19, 7)], k, True)
        assert head(s, 2) in ((21, 9), (21, 7)) and s.alive[2]


# ---- S11 vanishing trails -------------------------------------------------------------------


def case_S11_erased_at_end_of_tick():
    for vanish in (True, False):
        # red into the left wall, blue into red's trail, green along row 10 after them
        paths = [seg(3, 10, L, 3), seg(2, 13, U, 3), seg(6, 10, L, 2), [(30, 18)]]
        s = build({"trails": 4, "vanish": vanish}, paths, [L, U, L, L])
        sn.play(s, mv(L, U))
        # blue crashed into red's square: red's trail was still there during the tick
        assert list(s.alive) == [0, 0, 1, 1] and s.crash[1] == sn.cell(2, 10)
        assert owned(s, 0) == owned(s, 1) == (0 if vanish else 3)
        sn.play(s, 0)
        if vanish:
            sn.play(s, 0)
            assert head(s, 2) == (2, 10)  # on red's old squares
        else:
            assert head(s, 2) in ((4, 9), (4, 11)) and at(s, 3, 10) == 1
        assert s.alive[2]
        sn.check(s)


def case_S11_vanish_after_contest():
    for k in range(1, 30):
        contest(k, 2, 4, True)


# ---- S12 obstacles --------------------------------------------------------------------------


def case_S12_obstacle_boxes():
    counts = []
    for seed in range(40):
        v = 1 + seed % 16
        s = new(seed, {"variant": v})
        boxes = boxes_on(s)  # 2x2, never overlapping
        if not s.opts["obstacles"]:
            assert boxes == []
            continue
        assert 5 <= len(boxes) <= 7
        counts.append(len(boxes))
        cells = []
        for col, row in boxes:
            assert 1 <= col <= 36 and 1 <= row <= 20  # fully on the board
            cells += [(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)]
        for t in range(s.opts["trails"]):
            col, row = head(s, t)
            dx, dy = STEP[s.dir[t]]
            assert (col, row) not in cells and (col + dx, row + dy) not in cells
    assert sorted(set(counts)) == [5, 6, 7]


# ---- decisions ----------------------------------------------------------------------------


def case_D1_yellow_at_19_17():
    assert sn.heads(new(4, FOUR))[3] == (19, 17, True)
    assert 21 - 17 == 5 - 1  # as far from the bottom as green is from the top


def case_D2_start_dir_is_heading():
    for v in (9, 13):
        for seed in range(6):
            s = new(seed, {"variant": v, "humans": 0})
            dirs = list(s.dir)
            sn.play(s, 0)
            for t in range(4):
                dx, dy = STEP[dirs[t]]
                assert head(s, t) == (START[t][0] + dx, START[t][1] + dy)
    s = new(3, {"humans": 2})
    assert sn.hold_move(s) == mv(s.dir[0], s.dir[1])
    d0 = s.dir[0]
    sn.play(s, sn.hold_move(s))
    assert s.dir[0] == d0 and head(s, 0) == (6 + STEP[d0][0], 11 + STEP[d0][1])


def case_D3_obstacles_4_plus_half_d6_up():
    faces = {}
    for seed in range(60):
        face = Rng(seed).die()
        n = sn.obstacle_count(Rng(seed), False)  # arcade: the older reading
        assert n == 4 + -(-face // 2)
        faces[face] = n
    assert faces == {1: 5, 2: 5, 3: 6, 4: 6, 5: 7, 6: 7}


def case_D4_shared_top_crashes_all():
    for k in range(1, 300):
        s = build(
            FOUR, [seg(8, 10, R, 3), seg(14, 10, L, 3), seg(11, 7, D, 3), [(30, 18)]], [R, L, D, L]
        )
        s.rng = Rng(k)
        want = dice(s, 3)[0]
        if want.count(max(want)) == 2 and min(want) < max(want):
            break
    sn.play(s, mv(R, L))
    assert list(s.alive) == [0, 0, 0, 1] and at(s, 11, 10) == 0
    assert s.winner == 3 and sn.winner_name(s) == "yellow"


def case_D5_reverse_ignored():
    for diagonal in (False, True):
        for seed in range(8):
            s = new(seed, {"diagonal": diagonal, "humans": 2})
            for t in (0, 1):
                back = (s.dir[t] + 4) & 7
                # at the start the square behind is free, and still no reverse
                assert s.board[s.head[t] + sn.OFFSET[back]] == 0
                assert sn.steer(s, t, back) == s.dir[t]
                assert sn.steer(s, t, (back + 2) & 7) == (back + 2) & 7
                m = sn.hold_move(s) & (0o70 if t == 0 else 7) | back << 3 * t
                assert not sn.is_legal(s, m)
            assert len(sn.moves(s)) == (49 if diagonal else 9)

    def visit(s, m):
        for t in sn.human_trails(s):
            if s.alive[t]:
                back = (s.dir[t] + 4) & 7
                assert [x for x in sn.moves(s) if (x >> 3 * t) & 7 == back] == []

    games(visit)


def case_D6_diagonals_may_cross():
    # red head (10, 10) and blue head (11, 10) side by side, crossing diagonally
    s = build({"diagonal": True}, [seg(8, 10, R, 3), seg(13, 10, L, 3)], [DR, DL])
    sn.play(s, mv(DR, DL))
    assert s.alive[0] and s.alive[1] and head(s, 0) == (11, 11) and head(s, 1) == (10, 11)
    assert s.winner == -2


def case_D7_goes_on_without_humans():
    paths = [seg(3, 10, L, 3), [(30, 3)], [(19, 5)], [(19, 17)]]
    s = build({"trails": 4, "humans": 1}, paths, [L, L, D, U])
    sn.play(s, mv(L))
    assert not s.alive[0] and not sn.over(s)
    assert sn.moves(s) == [0] and sn.hold_move(s) == 0 and sn.move_text(s, 0) == "-"
    while not sn.over(s):
        sn.play(s, 0)
        assert s.tick < 400
    assert s.winner != 0 and sn.score(s) == 0


def case_D8_new_game_order():
    for seed in range(24):
        v = 1 + (seed * 5) % 16
        trails, diagonal, _vanish, obstacles = sn.variant_options(v)
        s = new(seed, {"variant": v})
        names, boxes, state = ref_new(seed, trails, diagonal, obstacles)
        assert [NAMES[s.dir[t]] for t in range(trails)] == names
        assert boxes_on(s) == boxes and s.rng.get_state() == state


def case_D8_tick_order():
    # red and green want (11, 10), blue and yellow (11, 14): the dice come square by
    # square, in the order of each square's first trail: red, green, then blue, yellow
    paths = [seg(8, 10, R, 3), seg(14, 14, L, 3), seg(11, 7, D, 3), seg(11, 17, U, 3)]
    for k in range(1, 40):
        s = build(FOUR, paths, [R, L, D, U])
        s.rng = Rng(k)
        want, after = dice(s, 4)
        sn.play(s, mv(R, L))
        assert [s.rolls[t] for t in (0, 2, 1, 3)] == want and s.rng.get_state() == after
    # green's random turn comes before the dice of red and blue's square
    paths = [seg(8, 10, R, 3), seg(14, 10, L, 3), seg(20, 6, D, 3), [(30, 18)]]
    for k in range(1, 20):
        s = build(FOUR, paths, [R, L, D, L], 0, [(20, 9)])
        s.rng = Rng(k)
        r = Rng(k)
        turn = (R, L)[r.below(2)]
        rolls = [r.die(), r.die()]
        sn.play(s, mv(R, L))
        assert s.dir[2] == turn and list(s.rolls[:2]) == rolls
        assert s.rng.get_state() == r.get_state()


def case_D9_speeds():
    assert [25 * f for f in sn.TICK_FRAMES] == [300, 200, 150, 100]
    assert [new(1, {"speed": v}).opts["speed"] for v in (1, 2, 3, 4)] == [1, 2, 3, 4]


# ---- the 16 variations -----------------------------------------------------------------

# docs/rules/snafu.md's table by column: trails, moves (straight / diagonal), trails
# after a crash (stay / vanish), obstacles (none / 5-7); one letter per variation 1..16.
TABLE = ("2222222244444444", "ssssddddssssdddd", "ssvvssvvssvvssvv", "n5n5n5n5n5n5n5n5")


def case_variants_table():
    for v in range(1, 17):
        col = [c[v - 1] for c in TABLE]
        want = (int(col[0]), col[1] == "d", col[2] == "v", col[3] == "5")
        assert sn.variant_options(v) == want and sn.variant_number(*want) == v
        o = new(v, {"variant": v}).opts
        assert (o["trails"], o["diagonal"], o["vanish"], o["obstacles"]) == want
    for v in (0, 17, -1):
        assert raises(ValueError, sn.variant_options, v)


def case_variants_play_to_end():
    def visit(s, m):
        sn.check(s)
        assert m < 0 or m in sn.moves(s)

    for v in range(1, 17):
        s = walk(v * 13, {"variant": v, "humans": 1 + v % 2}, visit)
        assert -1 <= s.winner < s.opts["trails"]


# ---- notation ----------------------------------------------------------------------------


def case_notation_texts():
    s = new(1, {"diagonal": True, "humans": 2})
    assert sn.DIR_NAMES == NAMES
    for m in range(64):
        t = sn.move_text(s, m)
        assert t == NAMES[m & 7] + "/" + NAMES[m >> 3] and sn.parse_move(s, t) == m
        assert sn.parse_move(s, " " + t.lower() + " ") == m
    assert sn.move_text(s, mv(U, DL)) == "U/DL" and sn.pack({0: U, 1: DL}) == mv(U, DL)
    s.alive[0] = 0  # a crashed trail is written '-'
    for d in range(8):
        assert sn.move_text(s, mv(0, d)) == "-/" + NAMES[d]
        assert sn.parse_move(s, "-/" + NAMES[d]) == mv(0, d)
    for bad in (64, -1, 1.5, "R", None):
        assert raises(ValueError, sn.move_text, s, bad)
    s1 = new(1, {"diagonal": True})
    for d in range(8):
        assert sn.move_text(s1, d) == NAMES[d] and sn.parse_move(s1, NAMES[d]) == d
    s0 = new(1, {"humans": 0})
    assert sn.moves(s0) == [0] and sn.move_text(s0, 0) == "." and sn.parse_move(s0, " . ") == 0
    # garbage, for two, one and no human trails
    for x, bad in ((s, "R|R/|R/L/U|R L|R/X|."), (s1, "|X|R/L|RR|UP|.|8"), (s0, "|R|-|..")):
        for t in bad.split("|"):
            assert raises(ValueError, sn.parse_move, x, t), t


def case_notation_inverse_in_games():
    def visit(s, m):
        for x in sn.moves(s):
            t = sn.move_text(s, x)
            assert sn.parse_move(s, t) == x and sn.move_text(s, sn.parse_move(s, t)) == t

    games(visit)


# ---- illegal ticks -------------------------------------------------------------------------


def case_illegal_ticks_change_nothing():
    def visit(s, m):
        n[0] += 1
        if n[0] % 5:
            return
        legal = sn.moves(s)
        d = sn.dump(s)
        for x in list(range(-3, 70)) + [1.5, "R", None]:
            assert sn.is_legal(s, x) == (x in legal)
            assert x in legal or raises(ValueError, sn.play, s, x)
        assert sn.dump(s) == d

    n = [0]
    games(visit)
    s = build({"humans": 1}, [seg(8, 10, R, 3), [(30, 10)]], [R, L])
    for m in (mv(L), mv(UR), mv(R, R), mv(U, D)):  # reverse, diagonal, blue's bits
        assert not sn.is_legal(s, m)
    s.alive[0] = 0  # a crashed human trail's bits must be 0
    assert sn.moves(s) == [0] and not sn.is_legal(s, mv(R))


# ---- save / load ----------------------------------------------------------------------------


def case_dump_load_every_tick():
    # dump(load(dump(s))) == dump(s), and the loaded copy plays on exactly like s
    def visit(s, m):
        d = sn.dump(s)
        assert mirror[0] is None or sn.dump(mirror[0]) == d
        t = sn.load(d)
        assert sn.dump(t) == d and sn.dump(sn.copy(s)) == d
        mirror[0] = None
        if m >= 0:
            sn.play(t, m)
            mirror[0] = t

    mirror = [None]
    games(visit, None, GAMES[1:4])


def mid_game_text():
    """A save in the middle of a four-trail round with obstacles and vanishing trails:
    blue crashed, three still moving."""
    s = new(6, {"variant": 12, "humans": 1})
    rng = Rng(4)
    while sum(s.alive) == 4:
        sn.play(s, choose(s, rng))
    assert list(s.alive) == [1, 0, 1, 1] and "#" in sn.dump(s)
    return sn.dump(s)


def case_load_rejects_truncated():
    text = mid_game_text()
    for k in range(len(text)):
        try:
            t = sn.load(text[:k])
        except ValueError:
            continue
        assert k == len(text) - 1 and sn.dump(t) == text  # only the final newline


# Damaged lines of mid_game_text(): "<line index>:<line>", '|' between them.
BAD_LINES = (
    "0:snafu 4|0:snafu 0|0:snafu|0:snafu 1 1|0:Snafu 1|0:hang10 1|1:opts 3 0 1 1 2 1 classic"
    "|1:opts 4 0 1 1 2 1 dumb|1:opts 4 0 1 1 2 1|1:opts 4 0 1 1 5 1 classic|2:seed x|3:rng 0"
    "|1:opts 4 0 1 1 2 1 classic 1 cartridge|1:opts 4 0 1 1 2 1 classic 1 text x"
    "|4:tick 1 5 1|4:tick 1|5:trail 1 1 400 0 1 -1|9:|9:x"
)


def case_load_rejects_damage():
    text = mid_game_text()
    lines = text.split("\n")
    assert sn.dump(sn.load(text)) == text

    def swap(i, line):
        return "\n".join(lines[:i] + [line] + lines[i + 1 :])

    for item in BAD_LINES.split("|"):
        i, _, line = item.partition(":")
        assert raises(ValueError, sn.load, swap(int(i), line)), item
    for i in (9, 19, 29):  # a board row a square short, or with a bad square
        row = lines[i]
        for bad in [row[:-1], row + "."] + [ch + row[1:] for ch in "xW6 R"]:
            assert raises(ValueError, sn.load, swap(i, bad))
    p = lines[5].split(" ")
    for k, v in ((4, "8"), (7, "7"), (3, "9999"), (5, "99")):  # dir, dice, head, length
        assert raises(ValueError, sn.load, swap(5, " ".join(p[:k] + [v] + p[k + 1 :])))
    for junk in ("", "\n", "garbage", "snafu 1\n" * 40, None, b"x", text.replace("\n", "\r\n")):
        assert raises(ValueError, sn.load, junk)
    for i in range(1, 30):  # each line left out in turn
        assert raises(ValueError, sn.load, "\n".join(lines[:i] + lines[i + 1 :]))
    s = sn.load(text)
    col, row = head(s, 0)
    assert raises(ValueError, sn.load, swap(8 + row, lines[8 + row][: col - 1] + "." * (38 - col)))
    # a red square apart from red; green not in play; red's head off its trail; the
    # right count of red squares but not connected
    for v, n, dh in ((1, 1, 0), (3, 1, 0), (0, 1, 1), (1, 2, 0)):
        t = new(3)
        t.board[sn.cell(1, 1)] = v
        t.length[0] = n
        t.head[0] += dh
        assert raises(ValueError, sn.load, sn.dump(t)), v


def case_check_rejects_damage():
    s = sn.load(mid_game_text())
    for i in range(5):
        t = sn.copy(s)
        if i == 0:
            t.board[0] = 0  # a hole in the wall
        elif i == 1:
            t.board[sn.cell(1, 1)] = 9
        elif i == 2:
            t.length[0] += 1
        elif i == 3:
            t.board[sn.cell(1, 21) if at(t, 1, 21) == 0 else sn.cell(37, 1)] = 2  # blue vanished
        else:
            t.playing[2] = 0
        assert raises(ValueError, sn.check, t), i


def retoken(text, i, k, v):
    """text with token k of line i replaced by v."""
    lines = text.split("\n")
    p = lines[i].split(" ")
    p[k] = str(v)
    lines[i] = " ".join(p)
    return "\n".join(lines)


def case_load_rejects_fields_that_disagree():
    # saves made by play, each with one token changed: every field in range, but not
    # what play makes (each of them loaded once, and some were a lost save later)
    s = new(11, {"others": "classic"})  # 4-way: blue (line 6) turning diagonal
    for _ in range(3):
        sn.play(s, sn.hold_move(s))
    text = sn.dump(s)
    blue = text.split("\n")[6].split(" ")
    assert sn.dump(sn.load(text)) == text and blue[4] in "0246" and blue[6] == "-1"
    for k, v in ((4, int(blue[4]) + 1), (4, (int(blue[4]) + 2) % 8), (6, blue[3])):
        # a diagonal heading; one that did not bring it to its head; a crash square
        assert raises(ValueError, sn.load, retoken(text, 6, k, v)), (k, v)
    s = new(2, {"humans": 0, "rounds": 3})
    while not sn.round_over(s):
        sn.play(s, 0)
    text = sn.dump(s)  # round 1 won by blue: "tick 33 1 33 ... 1:33"
    tick = text.split("\n")[4].split(" ")
    assert tick[1:4] == ["33", "1", "33"] and tick[-1] == "1:33" and sn.load(text)
    assert raises(ValueError, sn.load, retoken(text, 4, 11, "1:34"))  # the round's ticks
    red = text.split("\n")[5].split(" ")  # crashed: its crash square one ahead of its head
    assert red[2] == "0" and raises(ValueError, sn.load, retoken(text, 5, 6, int(red[6]) + 1))
    sn.play(s, sn.M_NEXT)
    for _ in range(6):
        sn.play(s, 0)
    text = sn.dump(s)  # round 2 under way: "tick 6 -2 40 ... 0 1 0 0 0 1:33"
    assert text.split("\n")[4].split(" ")[1:4] == ["6", "-2", "40"] and sn.load(text)
    assert raises(ValueError, sn.load, retoken(text, 4, 11, "0:33"))  # round 1's winner


def case_load_rejects_option_flags_that_are_not_0_or_1():
    """An on/off option is saved as 0 or 1 and nothing else (any other number loaded as
    on, `obstacles 9` among them)."""
    s = sn.new(5, {"variant": 1})
    sn.play(s, 0)
    text = sn.dump(s)
    opts = text.split("\n")[1].split(" ")
    assert opts[1:5] == ["2", "0", "0", "0"] and sn.dump(sn.load(text)) == text
    for k in (2, 3, 4):
        assert raises(ValueError, sn.load, retoken(text, 1, k, 9)), k
        assert raises(ValueError, sn.load, retoken(text, 1, k, -1)), k
        assert sn.load(retoken(text, 1, k, 1)), k  # on: a save play could make


# ---- options ---------------------------------------------------------------------------------


def case_options():
    o = new(1).opts
    want = [2, False, False, False, 2, 1, "classic", 1]
    assert (
        [o[k] for k in ("trails", "diagonal", "vanish", "obstacles", "speed", "humans")]
        + [
            o["others"],
            o["rounds"],
        ]
        == want
        and len(o) == 9
        and o["rules"] == "arcade"
    )
    assert sn.new(1).opts["rules"] == "text"  # the default: the board game as written
    assert new(1, {"others": "smart", "humans": 0}).opts["others"] == "smart"
    assert raises(ValueError, sn.new, 1, {"rules": "cartridge"})
    bad = "colour=red variant=0 variant=x trails=3 speed=0 speed=5 humans=3 humans=-1"
    for item in (bad + " others=dumb diagonal=2 vanish=yes obstacles=None").split():
        key, _, v = item.partition("=")
        v = int(v) if v.lstrip("-").isdigit() else None if v == "None" else v
        assert raises(ValueError, sn.new, 1, {key: v}), item
    for key in ("diagonal", "vanish", "obstacles"):
        assert new(1, {key: 1}).opts[key] is True and new(1, {key: 0}).opts[key] is False
