"""G'nerts: real-time Nerts against one to three computer players (docs/rules/gnerts.md).

Each seat has its own 52-card deck: a Pile of 13 (face down, its top face up), a Stock
of four face-up columns and the rest as its Stack, flipped in threes onto its waste.
The Scoring Area is shared: foundations by suit from ace to king, a new one for every
ace. Stock columns build down in alternating colours and move whole; an emptied column
takes the Pile's top at once. Playing the last Pile card calls G'nerts and ends the
round; so does the fourth standstill (nobody can play: three times everyone moves their
Stack's top card to its bottom and flips on). A round scores the cards each seat put in
the Scoring Area less twice the cards left in its Pile; the game goes to a target.

Real time: the move is one tick. Seat 0 (the person) packs one action into the tick
move; every computer seat acts on its own timer, kept in the state with its policy, so
a replay is exact. Each tick every acting seat decides on the state before the tick,
then the actions apply one by one in an order that turns each tick (fair to every
seat); an action no longer legal by then goes back (the same card played at once: the
first stays). Pure logic: runs on CPython, MicroPython and CircuitPython.

Cards are ints 0..51 (suit * 13 + rank, text "AS".."KC", "T" for ten), one deck a seat.
Actions: WAIT (0), FLIP (1), PLAY + source * 5 + target (source 0 the Pile's top, 1..4
a column, 5 the waste's top; target 0 the Scoring Area, 1..4 a column: a column onto a
column moves it whole). Notation: "wait", "flip", "p-f", "2-4", "w-f", "next".
"""

from shared_rules import cards as _cards
from shared_rules.contract import options_with_defaults
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "gnerts"
TITLE = "G'nerts"
VERSION = 1  # dump format version
KIND = "realtime"
SEATS_MIN = 2
SEATS_MAX = 4
SEAT_NAMES = ("You", "West", "North", "East")
OPTIONS = (
    ("rivals", "Rivals", (1, 2, 3), 1, "computer players at the table"),
    ("speed", "Speed", (1, 2, 3, 4, 5), 2, "1 gentle .. 5 fast computers"),
    ("target", "Target", (100, 200, 500), 100, "points that end the game"),
)
# each rival's own speed: keys "west", "north", "east" (made from the seats' names, so
# that the module adds no names of its own for them), "same" or a level
OPTIONS += tuple(
    (n.lower(), n, ("same", 1, 2, 3, 4, 5), "same", "its own speed") for n in SEAT_NAMES[1:]
)
LOW_WINS = False
CLEAN = None
SUMMARY = ("players", "target", "totals", "winner", "rounds")
_POINTS_PER_ROUND = const(2)  # a game stops after target / 2 rounds whatever the totals (D9)
MAX_ROUNDS = const(250)  # the most: a game to 500
SCORE_RANGE = (-26 * 250, 52 * 250)  # a tie on top plays on past the target (D9)
PROFILE = None
BENCH = (("gnerts", {"rivals": 3, "speed": 5, "target": 100}, None),)

PILE_SIZE = const(13)
COLUMNS = const(4)
FLIP_COUNT = const(3)
PAST = const(1 << 28)  # in s.since: the count began at a flip past a play (D6)
ROTATIONS = const(3)  # standstills that move a card; the next one ends the round
TICK_FRAMES = const(2)  # frames a tick on the device (20 ticks a second)
# ticks between two actions of a computer, by speed level 1..5 (2.0 s .. 0.3 s)
PERIODS = (40, 24, 16, 10, 6)

WAIT = const(0)
FLIP = const(1)
PLAY = const(2)  # PLAY + source * 5 + target
SRC_PILE = const(0)
SRC_WASTE = const(5)  # sources 1..4 are the columns
TO_SCORE = const(0)  # targets 1..4 are the columns
ACTIONS = const(32)  # 0 .. 31
NEXT = const(64)  # between rounds: the next deal

PLAYING = const(-2)  # s.ender while a round is played
STANDSTILL = const(-1)

POLICIES = ("strong", "greedy", "random")
_HUMAN = const(-1)  # s.policy of a seat played from the device


class Game:
    """The whole game: every seat's Pile, columns, Stack and waste, the foundations,
    the timers, the round and the totals."""

    def __init__(self):
        self.opts = {"rivals": 1, "speed": 2, "target": 100}
        self.seed = 0
        self.rng = Rng(1)
        self.n = 2
        self.policy = [_HUMAN, 0]  # per seat: _HUMAN or an index into POLICIES
        self.period = [0, 24]  # per seat: ticks between a computer's actions
        self.next_at = [0, 0]  # per seat: the tick of its next action
        self.piles = []  # per seat, the top last
        self.cols = []  # per seat, four columns, each base first, top last
        self.stacks = []  # per seat, face down, the top last
        self.wastes = []  # per seat, face up, the top last
        self.fsuit = bytearray(0)  # per foundation: its suit
        self.ftop = bytearray(0)  # per foundation: its cards (1 = the ace alone)
        self.scored = [0, 0]  # this round: cards each seat put in the Scoring Area
        # flips since the seat's last play (+ PAST: since a flip past a play); below 0:
        # flips owed (_passed)
        self.since = [0, 0]
        self.bounced = [0, 0]  # this round: actions that went back
        self.plays = []  # this tick's plays to the Scoring Area: foundation * 4 + seat
        self.stills = 0  # standstills this round
        self.tick = 0  # ticks this round
        self.ticks = 0  # ticks this game
        self.round = 1
        self.ender = PLAYING
        self.totals = [0, 0]
        # per round, 2n + 5 bytes (round_record): each seat's cards scored, each seat's
        # Pile left, the ender + 1 (0 a standstill), the round's ticks (4 bytes, low first)
        self.history = bytearray()
        self.nmoves = 0
        self.touched = 0  # seats (bits) whose table the last tick changed (not saved:
        # the screen redraws their parts)


# ---- options -----------------------------------------------------------------------


def option_text(key, v):
    from shared_rules import gnerts_more

    return gnerts_more.option_text(key, v)


def describe(options):
    from shared_rules import gnerts_more

    return gnerts_more.describe(options)


# ---- a new game, a new round -------------------------------------------------------


def new(seed, options=None, profile=None):
    """A new game: its first round dealt."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("gnerts seed must be a number, got %r" % (seed,))
    s = Game()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    n = o["rivals"] + 1
    s.n = n
    s.policy = [_HUMAN] + [0] * (n - 1)
    s.period = [0] * n
    for p in range(1, n):
        v = o[SEAT_NAMES[p].lower()]  # the rival's own speed, else Speed's
        s.period[p] = PERIODS[(o["speed"] if v == "same" else v) - 1]
    s.totals = [0] * n
    _deal(s)
    return s


def set_seat(s, seat, policy, level):
    """Seat `seat` played by a computer `policy` ("strong", "greedy", "random") at speed
    `level` 1..5 (the comparison tools watch computers only; the device plays seat 0)."""
    _save().set_seat(s, seat, policy, level)


def _first_wait(s, seat):
    p = s.period[seat]
    return p + s.rng.below(p // 2 + 1)


def _deal(s):
    """Every seat's own deck shuffled: 13 to its Pile, one to each column, the rest to
    its Stack; the foundations empty; each computer's first action a period away."""
    n = s.n
    s.piles, s.cols, s.stacks, s.wastes = [], [], [], []
    for _ in range(n):
        deck = bytearray(range(52))
        s.rng.shuffle(deck)
        s.piles.append(list(deck[:PILE_SIZE]))
        s.cols.append([[deck[PILE_SIZE + c]] for c in range(COLUMNS)])
        s.stacks.append(list(deck[PILE_SIZE + COLUMNS :]))
        s.wastes.append([])
    s.fsuit = bytearray(0)
    s.ftop = bytearray(0)
    s.scored = [0] * n
    s.since = [0] * n
    s.bounced = [0] * n
    del s.plays[:]
    s.stills = 0
    s.tick = 0
    s.ender = PLAYING
    s.next_at = [0] * n
    for seat in range(n):
        if s.policy[seat] != _HUMAN:
            s.next_at[seat] = _first_wait(s, seat)


# ---- what a seat may play ----------------------------------------------------------


def red(card):
    return 0 < card // 13 < 3  # hearts and diamonds


def goes_on_column(card, top):
    """card may go on a column whose top card is top: one rank lower, the other colour."""
    return card % 13 + 1 == top % 13 and red(card) != red(top)


def foundation_for(s, card):
    """The foundation card goes on (the first such), len(s.ftop) for an ace (a new
    one), -1 if none."""
    r = card % 13
    if r == 0:
        return len(s.ftop)
    su = card // 13
    fsuit = s.fsuit
    ftop = s.ftop
    for i in range(len(ftop)):
        if ftop[i] == r and fsuit[i] == su:
            return i
    return -1


def source_card(s, seat, src, whole=False):
    """The card an action moves from src: the Pile's top, a column's top (its base when
    the whole column moves: whole), the waste's top; -1 if there is none."""
    if src == SRC_PILE:
        pile = s.piles[seat]
        return pile[-1] if pile else -1
    if src == SRC_WASTE:
        w = s.wastes[seat]
        return w[-1] if w else -1
    col = s.cols[seat][src - 1]
    if not col:
        return -1
    return col[0] if whole else col[-1]


def legal(s, seat, a):
    """Whether action a is legal for seat now (WAIT always is)."""
    if a == WAIT:
        return True
    if a == FLIP:
        return bool(s.stacks[seat]) or bool(s.wastes[seat])
    if not PLAY <= a < ACTIONS:
        return False
    src, dst = divmod(a - PLAY, 5)
    if dst == TO_SCORE:
        card = source_card(s, seat, src)
        return card >= 0 and foundation_for(s, card) >= 0
    if src == dst:
        return False
    card = source_card(s, seat, src, True)
    col = s.cols[seat][dst - 1]
    return card >= 0 and bool(col) and goes_on_column(card, col[-1])


def actions(s, seat):
    """Every legal action of seat but WAIT, ascending."""
    return [a for a in range(FLIP, ACTIONS) if legal(s, seat, a)]


def _passed(s, seat):
    """The seat has flipped through its whole Stack (as many flips as it takes to see
    every three) since the last card anyone put up, its own last play and a flip past a
    play of its own (D6), or has no Stack left to flip. A count below 0 is the flips
    owed first: a card played off the flipped ones shifts the threes still in the Stack
    (_apply)."""
    n = len(s.stacks[seat]) + len(s.wastes[seat])
    k = s.since[seat]
    if k >= PAST:
        k -= PAST
    return not n or k >= (n + FLIP_COUNT - 1) // FLIP_COUNT


_want = [1, 1, 1, 1]  # wanted(): one list refilled, nothing new at a tick


def wanted(s):
    """Per suit, the ranks the foundations take next, as bits (an ace always goes up):
    worked out once a check, so each card's test is a shift, not a walk of them. The
    list is shared and refilled: use it before the next call."""
    want = _want
    want[0] = want[1] = want[2] = want[3] = 1
    fsuit = s.fsuit
    ftop = s.ftop
    for i in range(len(ftop)):
        want[fsuit[i]] |= 1 << ftop[i]
    return want


def has_play(s, seat, want):
    """Some play (PLAY..ACTIONS-1) is legal for seat, want being wanted(s): the same
    answer as asking legal() for each, in line."""
    pile = s.piles[seat]
    top = pile[-1] if pile else -1
    waste = s.wastes[seat]
    flipped = waste[-1] if waste else -1
    if top >= 0 and want[top // 13] >> (top % 13) & 1:
        return True
    if flipped >= 0 and want[flipped // 13] >> (flipped % 13) & 1:
        return True
    cols = s.cols[seat]
    for col in cols:
        if col and want[col[-1] // 13] >> (col[-1] % 13) & 1:
            return True
    for dst in cols:
        if not dst:
            continue
        t = dst[-1]
        if top >= 0 and goes_on_column(top, t) or flipped >= 0 and goes_on_column(flipped, t):
            return True
        for src in cols:  # a whole column, by its base
            if src is not dst and src and goes_on_column(src[0], t):
                return True
    return False


def _flipped_plays(s, seat):
    """The seat's flipped card on top goes up or onto a column: a flip now goes past
    it (the Pile's and the columns' plays stay)."""
    waste = s.wastes[seat]
    if not waste:
        return False
    card = waste[-1]
    if wanted(s)[card // 13] >> (card % 13) & 1:
        return True
    for col in s.cols[seat]:
        if col and goes_on_column(card, col[-1]):
            return True
    return False


def stuck(s, seat):
    """The seat is at a standstill: through its Stack (_passed) and unable to play from
    its Pile, Stock or Stack (no legal play now, the card its last flip turned up
    included)."""
    return _passed(s, seat) and not has_play(s, seat, wanted(s))


def holds_up(s, seat):
    """Every other seat is at a standstill and this one is through its Stack too, but
    still has a play: the standstill waits for it (the screen says so)."""
    if not _passed(s, seat):
        return False
    want = wanted(s)
    for p in range(s.n):
        if p != seat and not (_passed(s, p) and not has_play(s, p, want)):
            return False
    return has_play(s, seat, want)


# ---- the contract ------------------------------------------------------------------


def seats(s):
    return s.n


def humans(s):
    return tuple([p for p in range(s.n) if s.policy[p] == _HUMAN])


def to_act(s):
    return -1 if over(s) else 0


def claimants(s):
    return ()


def round_over(s):
    return s.ender != PLAYING


def over(s):
    if s.ender == PLAYING:
        return False
    if rounds_done(s) >= max_rounds(s):
        return True
    top = max(s.totals)
    return top >= s.opts["target"] and s.totals.count(top) == 1


def scores(s):
    return list(s.totals)


def score(s):
    return s.totals[0]


def winner(s):
    """The seat with the highest total once the game is over; -1 for a tie or not over."""
    if not over(s):
        return -1
    top = max(s.totals)
    return s.totals.index(top) if s.totals.count(top) == 1 else -1


def moves(s):
    """Between rounds: NEXT. In play: WAIT and the person's legal actions."""
    if over(s):
        return []
    if round_over(s):
        return [NEXT]
    if s.policy[0] != _HUMAN:
        return [WAIT]
    return [WAIT] + actions(s, 0)


def is_legal(s, m):
    if type(m) is not int or over(s):
        return False
    if round_over(s):
        return m == NEXT
    if m == WAIT:
        return True
    return s.policy[0] == _HUMAN and legal(s, 0, m)


_decided = [0, 0, 0, 0]


def play(s, m):
    """One tick (every acting seat at once), or between rounds the next deal."""
    if not is_legal(s, m):
        raise ValueError("illegal gnerts move %r" % (m,))
    s.nmoves += 1
    if m == NEXT:
        s.round += 1
        s.touched = (1 << s.n) - 1
        _deal(s)
        return
    s.tick += 1
    s.ticks += 1
    s.touched = 0
    del s.plays[:]  # the same list every tick: no new one to collect
    n = s.n
    decided = _decided
    for seat in range(n):
        a = WAIT
        if s.policy[seat] == _HUMAN:
            a = m if seat == 0 else WAIT
        elif s.tick >= s.next_at[seat]:
            a = _decide(s, seat)
            p = s.period[seat]
            s.next_at[seat] = s.tick + p - p // 4 + s.rng.below(p // 2 + 1)
        decided[seat] = a
    # the first seat turns each tick, the order one way round for n ticks, then the
    # other: every two seats come in each order as often (D2), three or four seats too
    first = s.tick % n
    step = 1 if s.tick // n % 2 == 0 else n - 1
    for i in range(n):
        seat = (first + i * step) % n
        a = decided[seat]
        if a == WAIT:
            continue
        if not legal(s, seat, a):
            s.bounced[seat] += 1  # the same card was played first by another seat
            continue
        _apply(s, seat, a)
        if s.ender != PLAYING:
            return  # G'nerts: play freezes
    if _all_stuck(s):
        _standstill(s)


def _decide(s, seat):
    from shared_rules import gnerts_ai as ai

    pol = s.policy[seat]
    if pol == 0:
        return ai.strong(s, seat)
    if pol == 1:
        return ai.greedy(s, seat)
    return ai.random_action(s, seat, s.rng)


def _apply(s, seat, a):
    s.touched |= 1 << seat
    if a == FLIP:
        since = s.since[seat]
        # a flip past a play starts the pass the seat must go through again before it
        # lets the play go (D6); through that pass, flipping past it again lets it go
        past = 0 <= since and _flipped_plays(s, seat)
        if past and since >= PAST and _passed(s, seat):
            past = False
        _flip(s, seat)
        s.since[seat] = PAST + 1 if past else since + 1
        return
    src, dst = divmod(a - PLAY, 5)
    if dst == TO_SCORE:
        card = _take(s, seat, src)
        f = foundation_for(s, card)
        if f == len(s.ftop):
            s.fsuit.append(card // 13)  # bytearray: append works on all three ports
            s.ftop.append(1)
        else:
            s.ftop[f] += 1
        s.scored[seat] += 1
        s.plays.append(f * 4 + seat)
        since = s.since
        for p in range(s.n):  # a new card in the Scoring Area: everyone may play again
            if since[p] > 0:  # (flips owed stay owed)
                since[p] = 0
    else:
        target = s.cols[seat][dst - 1]
        if src == SRC_PILE or src == SRC_WASTE:
            target.append(_take(s, seat, src))
        else:
            col = s.cols[seat][src - 1]
            target.extend(col)
            del col[:]
        if s.since[seat] > 0:
            s.since[seat] = 0
    if src == SRC_WASTE:  # the Stack's cards left in this pass are flipped in threes
        # that start off the next pass's (but with a multiple of three flipped left), so
        # their tops are not the next pass's: the flips to the pass's end are owed first
        left = len(s.stacks[seat])
        s.since[seat] = (
            -((left + FLIP_COUNT - 1) // FLIP_COUNT)
            if left and len(s.wastes[seat]) % FLIP_COUNT
            else 0
        )
    if SRC_PILE < src < SRC_WASTE and not s.cols[seat][src - 1]:
        _fill(s, seat, src - 1)  # after the card has landed: G'nerts may end the round
    elif src == SRC_PILE and not s.piles[seat]:
        _end_round(s, seat)


def _take(s, seat, src):
    """The source's top card taken off."""
    if src == SRC_PILE:
        return s.piles[seat].pop()
    if src == SRC_WASTE:
        return s.wastes[seat].pop()
    return s.cols[seat][src - 1].pop()


def _fill(s, seat, c):
    """An empty column takes the Pile's top at once; the Pile's last card calls
    G'nerts."""
    pile = s.piles[seat]
    if pile:
        s.cols[seat][c].append(pile.pop())
        if not pile:
            _end_round(s, seat)


def _flip(s, seat):
    """Three cards (or what is left) from the Stack onto the waste, their order kept,
    so the last of them is on top; an empty Stack first takes the waste back."""
    stack = s.stacks[seat]
    waste = s.wastes[seat]
    if not stack:
        waste.reverse()
        stack.extend(waste)
        del waste[:]
    for _ in range(min(FLIP_COUNT, len(stack))):
        waste.append(stack.pop())


def _all_stuck(s):
    """Every seat is at a standstill (stuck), the foundations' needs worked out once."""
    for seat in range(s.n):
        if not _passed(s, seat):
            return False  # the cheap test first, for every seat
    want = wanted(s)
    for seat in range(s.n):
        if has_play(s, seat, want):
            return False
    return True


def _standstill(s):
    """Nobody can play: the fourth standstill ends the round; before it, every seat
    takes its waste back into its Stack (the order of its flips kept) and moves the
    Stack's top card to its bottom."""
    s.touched = (1 << s.n) - 1
    if s.stills >= ROTATIONS:
        s.stills += 1
        _end_round(s, STANDSTILL)
        return
    s.stills += 1
    for seat in range(s.n):
        stack = s.stacks[seat]
        waste = s.wastes[seat]
        waste.reverse()
        stack.extend(waste)  # the next flips go on where the last pass began
        del waste[:]
        if len(stack) > 1:
            stack.insert(0, stack.pop())
        s.since[seat] = 0


def _end_round(s, ender):
    """The round is scored: each seat's cards in the Scoring Area less twice its Pile."""
    if s.ender != PLAYING:
        return
    s.ender = ender
    left = [len(p) for p in s.piles]
    for seat in range(s.n):
        s.totals[seat] += s.scored[seat] - 2 * left[seat]
    s.history.extend(pack_round(s.scored, left, ender, s.tick))


def pack_round(scored, left, ender, ticks):
    """A round's record as s.history holds it (round_record reads it back)."""
    t = ticks
    return bytearray(scored + left + [ender + 1, t & 255, t >> 8 & 255, t >> 16 & 255, t >> 24])


def max_rounds(s):
    """The round after which the game stops whatever the totals (D9): target / 2."""
    return s.opts["target"] // _POINTS_PER_ROUND


def rounds_done(s):
    """The rounds played to their end (each one's record is in s.history)."""
    return len(s.history) // (2 * s.n + 5)


def round_record(s, x):
    """Round x's record (0 the first, -1 the last): (cards scored per seat, Pile left
    per seat, ender: a seat or STANDSTILL, ticks)."""
    n = s.n
    at = (x % rounds_done(s)) * (2 * n + 5)
    h = s.history[at : at + 2 * n + 5]
    ticks = h[-1] << 24 | h[-2] << 16 | h[-3] << 8 | h[-4]
    return list(h[:n]), list(h[n : 2 * n]), h[2 * n] - 1, ticks


def round_points(s, seat):
    """The seat's points in the round being played (or just ended)."""
    return s.scored[seat] - 2 * len(s.piles[seat])


# ---- notation ----------------------------------------------------------------------

_SRC = "p1234w"
_DST = "f1234"


def move_text(s, m):
    if m == WAIT:
        return "wait"
    if m == FLIP:
        return "flip"
    if m == NEXT:
        return "next"
    if PLAY <= m < ACTIONS:
        src, dst = divmod(m - PLAY, 5)
        return _SRC[src] + "-" + _DST[dst]
    raise ValueError("not a gnerts move: %r" % (m,))


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    return _save().parse_move(s, text)


def move_log(s, seat, m):
    return _save().move_log(s, seat, m)


def summary(s):
    return _save().summary(s)


def card_text(card):
    return _cards.card_text(card)


def parse_card(text):
    """'7H' -> 19 (any case, '10H' too). Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("not a card: %r" % (text,))
    return _cards.parse_card(text)


def touches(s, m):
    """The next round on A, a flip on DOWN; a play names its source (the cursor: 0 the
    Pile, 1..4 a column, 5 the flipped card), then its target (0 the foundations: A;
    1..4 a column: UP, the first the card fits); a tick without a press, "tick"."""
    if m == NEXT:
        return (("key", 16),)
    if m == WAIT:
        return (("tick", 0),)
    if m == FLIP:
        return (("key", 2),)
    src, dst = divmod(m - PLAY, 5)
    return (("src", src), ("dst", dst))


def best_move(s):
    """The person's best action now (hints, autoplay): the strong player's, from what
    seat 0 sees; NEXT between rounds; WAIT when seat 0 is a computer's (its actions
    come from its own timer, and WAIT is then the only move)."""
    if over(s):
        raise ValueError("gnerts game is over")
    if round_over(s):
        return NEXT
    if s.policy[0] != _HUMAN:
        return WAIT
    from shared_rules import gnerts_ai as ai

    return ai.strong(s, 0)


# ---- the save (kept here: a game in play saves without gnerts_save) --------------------


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


_INT_FORMATS = ("-", "%d", "%d %d", "%d %d %d", "%d %d %d %d")


def _ints(seq):
    """The numbers, a space between ('-' for none): a seat list in one format, not a
    string a number."""
    if len(seq) < len(_INT_FORMATS):
        return _INT_FORMATS[len(seq)] % tuple(seq)
    return " ".join([str(x) for x in seq])


_SEAT_HEADS = (b"pile", b"col", b"col", b"col", b"col", b"stack", b"waste")


def _seat_lines(s, seat):
    """A seat's lines of the save ("pile0 KS 4H", "col01 9D", .., "stack0 ..", "waste0
    -") written into one buffer: one string, not two a line and one a card."""
    cols = s.cols[seat]
    seqs = (s.piles[seat], cols[0], cols[1], cols[2], cols[3], s.stacks[seat], s.wastes[seat])
    size = 0
    for seq in seqs:
        size += 9 + 3 * len(seq)  # a head of at most 8 bytes and a newline
    out = bytearray(size)
    cb = _cards.CARD_BYTES
    i = 0
    for k in range(7):
        head = _SEAT_HEADS[k]
        for b in head:
            out[i] = b
            i += 1
        out[i] = 48 + seat
        i += 1
        if 1 <= k <= COLUMNS:
            out[i] = 48 + k
            i += 1
        out[i] = 32
        i += 1
        seq = seqs[k]
        if not seq:
            out[i] = 45  # "-"
            i += 2
        for c in seq:
            out[i] = cb[2 * c]
            out[i + 1] = cb[2 * c + 1]
            out[i + 2] = 32
            i += 3
        out[i - 1] = 10  # the newline over the last space
    return str(memoryview(out)[:i], "ascii")


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to) a line at a time."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    put("gnerts %d\n" % VERSION)
    put("opts %d %d %d" % (o["rivals"], o["speed"], o["target"]))
    own = [0 if o[k[0]] == "same" else o[k[0]] for k in OPTIONS[-3:]]  # 0: same
    put(" %d %d %d\n" % (own[0], own[1], own[2]))
    put("seed %d\nrng %d\n" % (s.seed, s.rng.get_state()))
    at = (s.n, s.round, s.ender, s.stills, s.tick, s.ticks, s.nmoves)
    put("at %d %d %d %d %d %d %d\n" % at)
    put("policy %s\nperiod %s\nnext %s\n" % (_ints(s.policy), _ints(s.period), _ints(s.next_at)))
    put("totals %s\nscored %s\n" % (_ints(s.totals), _ints(s.scored)))
    put("since %s\nbounced %s\n" % (_ints(s.since), _ints(s.bounced)))
    put("plays %s\n" % _ints(s.plays))
    put("found %s\n" % _ints([s.fsuit[i] * 16 + s.ftop[i] for i in range(len(s.ftop))]))
    for seat in range(s.n):
        put(_seat_lines(s, seat))
    done = rounds_done(s)  # a round a piece: a long game's line is not one string
    put("history" if done else "history %s\n" % "-")
    for x in range(done):
        a, b, ender, ticks = round_record(s, x)
        row = (",".join([str(v) for v in a]), ",".join([str(v) for v in b]), ender, ticks)
        put((" %s/%s/%d/%d\n" if x == done - 1 else " %s/%s/%d/%d") % row)


# ---- rarely used parts (shared_rules/gnerts_save.py) --------------------------------


def _save():
    from shared_rules import gnerts_save

    return gnerts_save


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    return _save().load(text)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def view(s, seat):
    """What seat may see (docs/rules/gnerts.md, "Hidden information")."""
    return _save().view(s, seat)


def redeal(s, seat, rng):
    """A copy seat cannot tell from s: the hidden cards dealt again."""
    return _save().redeal(s, seat, rng)
