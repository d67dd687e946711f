"""Disc Battle: programs on the Grid throwing discs, basic and advanced rules
(docs/rules/disc.md).

Two to four programs on a square grid of cells (1 cell = 1 inch): each stands on a 4x4
action base, holds a disc (two from level 6 in the advanced game) and owns a few action
cards. One card is flipped at a time; its program acts (Attack, Move, Stand, Throw) or
holds the card for a reaction (Block, Catch, Dodge). After every active action the
discs in flight move 8 cells (the 6-cell movement base and the 2-cell marker) in one of
8 directions, reflecting off the Grid's edge; a disc crossing a base asks that program
to react. The last program (or team) standing wins. Seat 0 is the person, the others
are computer programs. Pure logic: runs on CPython, MicroPython and CircuitPython.

Moves (small ints): HOLD, STAND, ATTACK + seat, THROW + dir * 4 + lane, MOVE + cell of
the 9x9 offsets, and the answers to the windows: CATCH, PASS, BLOCK, DODGE (a disc
crossing a base), FLY, RECALL, ARC + turn (a disc about to move). Notation: "hold",
"stand", "attack red", "throw ne 0", "move 2 -1", "catch", "pass", "block", "dodge",
"fly", "recall", "arc l90" .. "arc r90".
"""

from shared_rules.rng import Rng

# A card's moves' touches are worked out in a frame: a builtin's name costs a lookup
# in a table on MicroPython (10-20 us on the emulated Pico), a module's own a hash, so
# touches() uses these.
_type = type
_int = int

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "disc"
TITLE = "Disc Battle"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 4
SEAT_NAMES = ("You", "Red", "Gold", "Blue")
OPTIONS = (
    ("battle", "Battle", ("duel", "three", "four", "2v2"), "duel", "programs, or two teams of two"),
    ("rules", "Rules", ("basic", "advanced"), "basic", "advanced: levels, skill tests"),
    ("hold", "Hold", (3, 2), 3, "basic: most cards held"),
    ("grid", "Grid", (24, 12, 36, 48), 24, "grid side in cells (inches)"),
    ("dirdie", "Dir die", ("roll", "home"), "roll", "home: no die, back to the owner"),
    ("discs", "Discs", (1, 2), 1, "advanced: 2 discs from level 6"),
    ("start", "Start", ("most", "one"), "most", "advanced: cards held at start"),
    ("cpu", "Computer", ("strong", "greedy", "random"), "strong", "how the rivals play"),
)
LOW_WINS = False
CLEAN = None
SUMMARY = ("rules", "winner", "derez", "turns", "points", "levels")
PROFILE = {"points": 0, "level": 1}
POINTS_MAX = const(999999)

LEVEL_MAX = const(10)
BASIC_CARDS = const(5)

BASE = const(4)  # an action base: 4x4 cells
PATH = const(8)  # one disc movement: the 6-cell movement base, then the 2-cell marker
RECALL_BASIC = const(12)  # more than 3 action bases away (cells between)
RECALL_FAR = const(16)  # advanced: more than 4 action bases away, the test is 5
TURNS_MAX = const(50)  # a match still on after 50 turns ends without a winner (D17)

# The 8 directions, clockwise from north (y grows down the screen).
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (-1, -1, 0, 1, 1, 1, 0, -1)
DIR_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
_DIR_OF = (7, 0, 1, 6, -1, 2, 5, 4, 3)  # (dy + 1) * 3 + dx + 1 -> direction

# Moves.
HOLD = const(0)
STAND = const(1)
ATTACK = const(2)  # + seat
THROW = const(8)  # + dir * 4 + lane
MOVE = const(40)  # + (dy + 4) * 9 + dx + 4
CATCH = const(121)
PASS = const(122)
BLOCK = const(123)
DODGE = const(124)
FLY = const(125)
RECALL = const(126)
ARC = const(127)  # + 0..3: turn -2, -1, +1, +2 (eighths: 90 and 45 degrees)
MOVES_MAX = const(131)
ARC_TURNS = (-2, -1, 1, 2)
ARC_NAMES = ("l90", "l45", "r45", "r90")

# Phases: who decides what. RUN is internal (never seen between moves).
PH_CARD = const(0)  # the flipped card's program chooses an active action or holds it
PH_REACT = const(1)  # a program answers a crossing (rkind)
PH_FLIGHT = const(2)  # a disc's owner chooses how it moves
PH_OVER = const(3)
PH_RUN = const(4)

# What the resolution does next (when no disc is sweeping).
ST_MOVED = const(0)  # the mover's own disc markers under its new base (qi: disc 0, 1)
ST_DISCS = const(1)  # the discs in flight move, from the actor on (qi: 0 .. 2n - 1)
ST_NEXT = const(2)  # the next card

# Windows of PH_REACT.
K_OWN = const(0)  # the program's own disc crosses its base: catch or pass
K_BLOCK = const(1)  # another's disc crosses: block or dodge
K_MOVED = const(2)  # the program moved onto its own disc marker: catch or pass

# Disc slots (two a program): empty, in hand, in flight.
D_NONE = const(0)
D_HAND = const(1)
D_FLY = const(2)
NO = const(255)

# How a program was de-rezzed.
BY_ATTACK = const(0)
BY_DISC = const(1)
HOW = ("attack", "disc")

_KEY_A = const(16)  # firmware.buttons.A


class Game:
    """The programs, their discs and cards, the deck and where the action stands."""

    def __init__(self, n=2):
        self.opts = {}
        self.seed = 0
        self.rng = Rng(1)
        self.n = n
        self.size = 24
        self.bx = bytearray(n)
        self.by = bytearray(n)
        self.alive = bytearray(n)
        self.prone = bytearray(n)
        self.held = bytearray(n)
        self.used = bytearray(n)  # cards used this turn (reshuffled at the turn's end)
        self.cards = bytearray(n)
        self.holdmax = bytearray(n)
        self.level = bytearray(n)
        self.dst = bytearray(2 * n)  # D_NONE, D_HAND, D_FLY
        self.hx = bytearray(2 * n)  # a flying disc: its marker's head cell and direction
        self.hy = bytearray(2 * n)
        self.hd = bytearray(2 * n)
        self.deck = bytearray(0)  # card owners; deck[top:] still face down
        self.top = 0
        self.turn = 1
        self.saved = [0] * n  # points saved at the end of each turn
        self.pend = [0] * n  # points earned since
        self.log = bytearray(0)  # de-rezzes: killer, victim, how
        self.phase = PH_RUN
        self.stage = ST_NEXT
        self.actor = 0
        self.qi = 0
        self.skip = NO  # the disc thrown by this action does not move again
        self.cur = NO  # the disc sweeping (or waiting for its flight)
        self.left = 0  # its cells still to go
        self.seen = 0  # programs it has crossed this movement (bits)
        self.rseat = 0
        self.rkind = 0
        self.nmoves = 0


# ---- the contract ------------------------------------------------------------------


def seats(s):
    return s.n


def humans(s):
    return (0,)


def to_act(s):
    ph = s.phase
    if ph == PH_CARD:
        return s.actor
    if ph == PH_REACT:
        return s.rseat
    if ph == PH_FLIGHT:
        return s.cur >> 1
    return -1


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def teams(s):
    return s.opts["battle"] == "2v2"


def team(s, p):
    """A program's side: its seat, or seat % 2 in teams of two (0 and 2 against 1 and 3)."""
    return p % 2 if teams(s) else p


def scores(s):
    return [s.saved[p] + s.pend[p] for p in range(s.n)]


def score(s):
    return s.saved[0] + s.pend[0]


def advanced(s):
    return s.opts["rules"] == "advanced"


# ---- the board -------------------------------------------------------------------


def in_base(s, p, x, y):
    """Whether cell (x, y) is on program p's action base."""
    return 0 <= x - s.bx[p] < BASE and 0 <= y - s.by[p] < BASE


def overlaps(s, p, q):
    """Whether two action bases overlap (a cell in common)."""
    return -BASE < s.bx[p] - s.bx[q] < BASE and -BASE < s.by[p] - s.by[q] < BASE


def hand(s, p):
    """The slot of a disc p holds, or NO."""
    if s.dst[2 * p] == D_HAND:
        return 2 * p
    if s.dst[2 * p + 1] == D_HAND:
        return 2 * p + 1
    return NO


def flying(s, p):
    return s.dst[2 * p] == D_FLY or s.dst[2 * p + 1] == D_FLY


def lanes(d):
    """Throw lanes: 4 along a side (straight throws), 3 at a corner (diagonal)."""
    return 3 if d & 1 else 4


def launch(s, p, d, k):
    """The first cell of a throw's movement base: adjacent to p's base (D6)."""
    bx = s.bx[p]
    by = s.by[p]
    ux = DX[d]
    uy = DY[d]
    if d & 1:
        x = bx + BASE if ux > 0 else bx - 1
        y = by + BASE if uy > 0 else by - 1
        if k == 1:
            x -= ux
        elif k == 2:
            y -= uy
        return x, y
    if ux:
        return (bx + BASE if ux > 0 else bx - 1), by + k
    return bx + k, (by + BASE if uy > 0 else by - 1)


def on_grid(s, x, y):
    return 0 <= x < s.size and 0 <= y < s.size


def can_move_to(s, p, x, y):
    """A new base within the grid, one to four cells away, its program not on another's."""
    d = max(abs(x - s.bx[p]), abs(y - s.by[p]))
    if d < 1 or d > BASE or x < 0 or y < 0 or x > s.size - BASE or y > s.size - BASE:
        return False
    for q in range(s.n):
        if q != p and s.alive[q] and abs(s.bx[q] - x) < 2 and abs(s.by[q] - y) < 2:
            return False
    return True


def away(s, slot):
    """Cells between a flying disc's marker and its owner's base (Chebyshev, D9)."""
    p = slot >> 1
    d = s.hd[slot]
    best = 999
    for back in (0, 1):
        x = s.hx[slot] - back * DX[d]
        y = s.hy[slot] - back * DY[d]
        gx = max(s.bx[p] - x, x - s.bx[p] - BASE + 1, 0)
        gy = max(s.by[p] - y, y - s.by[p] - BASE + 1, 0)
        best = min(best, max(gx, gy) - 1)
    return best


def toward(fx, fy, tx, ty):
    """The one of the 8 directions nearest the line from (fx, fy) to (tx, ty)."""
    dx = tx - fx
    dy = ty - fy
    ax = abs(dx)
    ay = abs(dy)
    ux = 0 if 5 * ax < 2 * ay else (1 if dx > 0 else -1)
    uy = 0 if 5 * ay < 2 * ax else (1 if dy > 0 else -1)
    if ux == 0 and uy == 0:
        uy = -1
    return _DIR_OF[(uy + 1) * 3 + ux + 1]


def recall_need(s, slot):
    """The advanced recall test: 5 when more than 4 bases away, else 6."""
    return 5 if away(s, slot) > RECALL_FAR else 6


def flight_moves(s, slot):
    """What a living owner may do with its disc about to move (FLY always; in the advanced
    game a recall and every arc, each a skill test, even one its level cannot pass: D22)."""
    out = [FLY]
    if advanced(s):
        out.append(RECALL)
        for i in range(4):
            out.append(ARC + i)
    elif away(s, slot) > RECALL_BASIC:
        out.append(RECALL)
    return out


# ---- moves -------------------------------------------------------------------------


def moves(s):
    """The legal moves of the seat to act, ascending."""
    ph = s.phase
    if ph == PH_CARD:
        return active_moves(s, s.actor)
    if ph == PH_REACT:
        if s.rkind == K_BLOCK:
            return [BLOCK, DODGE]
        return [CATCH, PASS]
    if ph == PH_FLIGHT:
        return flight_moves(s, s.cur)
    return []


def active_moves(s, p):
    """Hold (room to hold), Stand (prone: nothing else), Attack, Throw, Move."""
    out = []
    if s.held[p] < s.holdmax[p]:
        out.append(HOLD)
    if s.prone[p]:
        out.append(STAND)
        return out
    if hand(s, p) != NO:
        for q in range(s.n):
            if q != p and s.alive[q] and overlaps(s, p, q):
                out.append(ATTACK + q)
        size = s.size
        for d in range(8):
            for k in range(3 if d & 1 else 4):  # lanes(d) and on_grid, written out:
                x, y = launch(s, p, d, k)  # a call costs the Pico about 10 us
                if 0 <= x < size and 0 <= y < size:
                    out.append(THROW + d * 4 + k)
    _new_bases(s, p, out)
    return out


def _new_bases(s, p, out):
    """Move's new bases, ascending, as can_move_to has them: the grid's cells one to
    four away whose program is not on another's; a row's others found once (a card's
    choices are worked out in a frame, and the searches ask for them often)."""
    bx = s.bx[p]
    by = s.by[p]
    top = s.size - BASE
    n = s.n
    alive = s.alive
    xs = s.bx
    ys = s.by
    x0 = max(bx - BASE, 0)
    x1 = min(bx + BASE, top) + 1
    for y in range(max(by - BASE, 0), min(by + BASE, top) + 1):
        near = 0  # the others whose program is within a row of y (a bit each)
        for q in range(n):
            if q != p and alive[q] and -2 < ys[q] - y < 2:
                near |= 1 << q
        row = MOVE + (y - by + BASE) * 9 + BASE - bx
        for x in range(x0, x1):
            if x == bx and y == by:
                continue
            if near:
                q = 0
                while q < n and not (near >> q & 1 and -2 < xs[q] - x < 2):
                    q += 1
                if q < n:
                    continue
            out.append(row + x)


def is_legal(s, m):
    if type(m) is not int or m < 0 or m >= MOVES_MAX:
        return False
    ph = s.phase
    if ph == PH_CARD:
        p = s.actor
        if m == HOLD:
            return s.held[p] < s.holdmax[p]
        if s.prone[p]:
            return m == STAND
        if m == STAND or m >= CATCH:
            return False
        if m < THROW:
            q = m - ATTACK
            if q >= s.n or q == p or not s.alive[q]:
                return False
            return hand(s, p) != NO and overlaps(s, p, q)
        if m < MOVE:
            d = (m - THROW) >> 2
            k = (m - THROW) & 3
            if k >= lanes(d) or hand(s, p) == NO:
                return False
            x, y = launch(s, p, d, k)
            return on_grid(s, x, y)
        c = m - MOVE
        return can_move_to(s, p, s.bx[p] + c % 9 - BASE, s.by[p] + c // 9 - BASE)
    return m in moves(s)


def play(s, m):
    """Apply a move and resolve until someone must decide. Raises ValueError, state
    untouched, if illegal."""
    if s.phase == PH_OVER:
        raise ValueError("disc match is over")
    if not is_legal(s, m):
        raise ValueError("illegal disc move %r for %s" % (m, SEAT_NAMES[to_act(s)]))
    s.nmoves += 1
    ph = s.phase
    s.phase = PH_RUN
    e = _engine()
    if ph == PH_CARD:
        e._active(s, m)
    elif ph == PH_REACT:
        e._react(s, m)
    else:
        e._flight(s, m)
    e._continue(s)


# ---- resolving (shared_rules/disc_flight.py) -------------------------------------


def _engine():
    """The resolution: actions, reactions, flights, sweeps, de-rezzes, turns, the end."""
    from shared_rules import disc_flight

    return disc_flight


def _continue(s):
    """Resolve until a seat must decide or the match is over. A living program's card
    flipped needs no more (a match's first card): the resolution loads only otherwise."""
    if s.phase == PH_RUN and s.cur == NO and s.stage == ST_NEXT:
        _flip(s)
    if s.phase == PH_RUN:
        _engine()._continue(s)


def _flip(s):
    """The next card: a living program's opens its choice; a de-rezzed program's (its
    disc still flying) moves the discs (D13)."""
    if s.top >= len(s.deck):
        _engine()._new_turn(s)
        if s.phase == PH_OVER:
            return
    p = s.deck[s.top]
    s.top += 1
    s.actor = p
    s.skip = NO
    if s.alive[p]:
        s.phase = PH_CARD
        return
    s.used[p] += 1
    s.stage = ST_DISCS
    s.qi = 0


def _derez(s, q, killer, how):
    """q is de-rezzed by killer (BY_ATTACK or BY_DISC); the match may end (C29)."""
    _engine()._derez(s, q, killer, how)


# ---- the result -------------------------------------------------------------------


def winner(s):
    """The winning seat (in teams the lower seat of the winning team), -1 for none."""
    if s.phase != PH_OVER:
        return -1
    return win_side(s)


def win_side(s):
    """The side standing alone at the end (a seat; in teams 0 or 1), -1 for none."""
    if s.phase != PH_OVER:
        return -1
    side = -1
    for p in range(s.n):
        if s.alive[p]:
            t = team(s, p)
            if side >= 0 and t != side:
                return -1
            side = t
    return side


# ---- notation and the screen -------------------------------------------------------


def move_text(s, m):
    if type(m) is not int or m < 0 or m >= MOVES_MAX:
        raise ValueError("not a disc move: %r" % (m,))
    if m == HOLD:
        return "hold"
    if m == STAND:
        return "stand"
    if m < THROW:
        if m - ATTACK >= SEATS_MAX:
            raise ValueError("not a disc move: %r" % (m,))
        return "attack " + SEAT_NAMES[m - ATTACK].lower()
    if m < MOVE:
        return "throw %s %d" % (DIR_NAMES[(m - THROW) >> 2], (m - THROW) & 3)
    if m < CATCH:
        c = m - MOVE
        return "move %d %d" % (c % 9 - BASE, c // 9 - BASE)
    if m < ARC:
        return ("catch", "pass", "block", "dodge", "fly", "recall")[m - CATCH]
    return "arc " + ARC_NAMES[m - ARC]


def move_log(s, seat, m):
    """The log line for a program's move, e.g. "Red throws ne"."""
    name = SEAT_NAMES[seat]
    t = move_text(s, m)
    if m == HOLD:
        return name + " holds a card"
    if m == STAND:
        return name + " stands up"
    if m < THROW:
        return name + " attacks " + SEAT_NAMES[m - ATTACK]
    if m < MOVE:
        return name + " throws " + DIR_NAMES[(m - THROW) >> 2]
    if m < CATCH:
        return name + " moves"
    if m == PASS:
        return name + " lets it go" if s.rkind != K_BLOCK else name + " passes"
    if m == CATCH:
        return name + (" catches" if s.held[seat] else " dives, catches")
    if m == DODGE:
        return name + (" dodges" if s.held[seat] else " dives aside")
    if m == BLOCK:
        return name + " blocks"
    if m == FLY:
        return name + "'s disc flies on"
    if m == RECALL:
        return name + " recalls the disc"
    return name + " " + t


def touches(s, m):
    """Active moves: ("act", kind), then the target ("seat"), the direction and lane
    ("dir", "lane") or the new base's cell ("grid", y * size + x); a window's answers:
    ("answer", move - CATCH)."""
    if _type(m) is not _int or m < 0 or m >= MOVES_MAX or ATTACK + SEATS_MAX <= m < THROW:
        raise ValueError("not a disc move: %r" % (m,))
    if m == HOLD:
        return (("act", 0),)
    if m == STAND:
        return (("act", 1),)
    if m < THROW:
        return (("act", 2), _SEAT[m - ATTACK])
    if m < MOVE:
        return (("act", 3), _DIR[(m - THROW) >> 2], _LANE[(m - THROW) & 3])
    if m < CATCH:
        return (("act", 4), ("grid", move_cell(s, m)))
    return (_ANSWER[m - CATCH],)


def move_cell(s, m):
    """The cell (y * size + x) of the new base a Move (MOVE <= m < CATCH) takes."""
    c = m - MOVE
    p = s.actor
    return (s.by[p] + c // 9 - BASE) * s.size + s.bx[p] + c % 9 - BASE


def move_touches(s, legal, found=None):
    """(moves, touches) of the Moves among legal (those at the indices found): each
    one's touch after ("act", 4), its new base's cell, as touches() gives it, in one
    loop (the picker's step after Move, about 80 moves on a Pico)."""
    idx = found if found is not None else range(len(legal))
    n = 0
    for i in idx:
        if MOVE <= legal[i] < CATCH:
            n += 1
    moves = [0] * n
    nexts = [None] * n
    size = s.size
    first = move_cell(s, MOVE)  # the cell of the move 0 cells right, 0 down of the corner
    j = 0
    for i in idx:
        m = legal[i]
        if MOVE <= m < CATCH:
            c = m - MOVE
            moves[j] = m
            nexts[j] = ("grid", first + c // 9 * size + c % 9)
            j += 1
    return moves, nexts


# A card's moves are many (a throw: 8 directions, 3 or 4 lanes): their touches share
# these pairs, made once, so the picker's list of them takes half the heap.
_SEAT = (("seat", 0), ("seat", 1), ("seat", 2), ("seat", 3))
_DIR = (
    ("dir", 0),
    ("dir", 1),
    ("dir", 2),
    ("dir", 3),
    ("dir", 4),
    ("dir", 5),
    ("dir", 6),
    ("dir", 7),
)
_LANE = (("lane", 0), ("lane", 1), ("lane", 2), ("lane", 3))
_ANSWER = tuple([("answer", i) for i in range(MOVES_MAX - CATCH)])


# ---- computer players (shared_rules/disc_ai.py) ------------------------------------


def best_move(s):
    """The strong player's choice for the seat to act (the option cpu for a computer
    seat); it sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("disc match is over")
    from shared_rules import disc_ai

    level = "strong" if seat in humans(s) else s.opts["cpu"]
    return disc_ai.choose(s, level)


def release_players():
    """The computer players keep nothing between moves."""


# ---- the save (kept here: a match in play saves without disc_save) ---------------


def _hex(b):
    return "".join(["%02x" % x for x in b]) or "-"


def dump(s):
    o = s.opts
    n = s.n
    at = (s.phase, s.stage, s.turn, s.top, s.actor, s.qi, s.skip, s.cur, s.left)
    at += (s.seen, s.rseat, s.rkind, s.nmoves)
    lines = [
        "disc %d" % VERSION,
        "opts %s %s %d %d %s %d %s %s"
        % (
            o["battle"],
            o["rules"],
            o["hold"],
            o["grid"],
            o["dirdie"],
            o["discs"],
            o["start"],
            o["cpu"],
        ),
        "seed %d" % s.seed,
        "rng %d" % s.rng.get_state(),
        "at %d %d %d %d %d %d %d %d %d %d %d %d %d" % at,
    ]
    for p in range(n):
        f = (s.bx[p], s.by[p], s.alive[p], s.prone[p], s.held[p], s.used[p])
        f += (s.cards[p], s.holdmax[p], s.level[p], s.saved[p], s.pend[p])
        lines.append("p%d %d %d %d %d %d %d %d %d %d %d %d" % ((p,) + f))
    for k in range(2 * n):
        lines.append("d%d %d %d %d %d" % (k, s.dst[k], s.hx[k], s.hy[k], s.hd[k]))
    lines.append("deck " + _hex(s.deck))
    lines.append("derez " + _hex(s.log))
    return "\n".join(lines) + "\n"


# ---- rarely used parts (disc_levels.py, disc_more.py, disc_save.py, disc_views.py) ---

# Named here, held there: each answers as disc.NAME (the module's __getattr__), so
# their code is in the heap only while used. disc_levels: the levels' table, profiles;
# disc_more: options' text, a new match, the result; disc_save: the save read back, the
# checks; disc_views: the parser, views and copies.
_PARTS = (
    (
        "shared_rules.disc_levels",
        ("TABLE", "level_for_points", "loadout", "check_profile", "settle"),
    ),
    (
        "shared_rules.disc_more",
        ("option_text", "describe", "starts", "new", "derez_list", "summary"),
    ),
    ("shared_rules.disc_save", ("load", "check")),
    ("shared_rules.disc_views", ("parse_move", "view", "redeal", "copy")),
)


def __getattr__(name):
    """The rarely used names, from the module that holds them (imported when asked)."""
    for module, names in _PARTS:
        if name in names:
            return getattr(__import__(module, None, None, (name,)), name)
    raise AttributeError(name)
