"""Air Superiority: Germany against Britain in the air, Fall 1914 to the Armistice
(docs/rules/airsup.md).

Two seats (seat 0 the person, playing Germany or Britain by the option side; seat 1
the computer, or a second person on the device). Nine turns of six months. Each turn
both sides order at once: each commits in turn (seat 0 first), hidden from the other
until the last commit, whose play() reveals and resolves the turn: purchases, research
rolls (any 6 advances technology one level), resource attacks from level 1 up (a hit
costs the other a resource next turn), then dogfights (a hit removes one of the other's
planes, the lowest type first); a 1 loses the rolling plane, and a plane lost of a
level above the other's technology gives the other a research roll. At the Armistice
the higher technology wins, then the planes of the level both reached, then the
resources (a minor victory), else a draw. Pure logic: runs on CPython, MicroPython and
CircuitPython.

An order is built by steps, each a move: BUY + t (a plane of type t + 1), SELL + t
(undo one), RESEARCH / UNRESEARCH (one research roll more or less), RAID + t and
RECALL + t (one more or one fewer type t + 1 plane on resource attacks, types 1-4),
COMMIT. Notation: "buy 3", "sell 3", "research", "unresearch", "raid 2", "recall 2",
"commit". The dice of the last resolved turn are kept (rolls()) for the screen.
"""

from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "airsup"
TITLE = "Air Superiority"
VERSION = 1  # dump format version
KIND = "simultaneous"
SEATS_MIN = 2
SEATS_MAX = 2
SEAT_NAMES = ("You", "Rival")
COUNTRIES = ("Germany", "Britain")
OPTIONS = (
    ("side", "Side", ("germany", "britain"), "germany", "the country you play"),
    ("people", "People", (1, 2), 1, "2: two people, one device"),
    (
        "cpu",
        "Computer",
        ("strong", "random", "research", "planes"),
        "strong",
        "how the rival orders",
    ),
)
LOW_WINS = False
CLEAN = ("Outright", "won, not a minor victory")
SUMMARY = ("winner", "minor", "tech", "resources", "planes", "turns")
SCORE_RANGE = (1, 5)  # the technology level reached
PROFILE = None
BENCH = (("airsup", None, None),)

TYPES = const(5)
RAIDERS = const(4)  # types 1-4 can attack resources
COST = (1, 2, 2, 3, 3)
RAID_NEED = (6, 5, 6, 6, 0)  # the least die face that hits, 0: cannot
FIGHT_NEED = (0, 0, 6, 5, 4)
TRACK_MAX = const(10)  # resources, research and each plane type: 0..10
TECH_MAX = const(5)
RESOURCES = const(10)
TURNS = const(9)  # Fall 1914 .. Fall 1918; then the Armistice
HALVES = ("Fall 1914", "Spring 1915", "Fall 1915", "Spring 1916", "Fall 1916")
HALVES += ("Spring 1917", "Fall 1917", "Spring 1918", "Fall 1918", "Armistice")

# Moves.
BUY = const(0)  # BUY + type index 0..4
SELL = const(5)
RESEARCH = const(10)
UNRESEARCH = const(11)
RAID = const(12)  # RAID + type index 0..3
RECALL = const(16)
COMMIT = const(20)
MOVES_MAX = const(21)

# Phases.
PH_ORDER = const(0)
PH_OVER = const(1)
PHASE_NAMES = ("order", "over")

# The dice of a resolved turn: two bytes a die. Byte 0: seat | step << 1 | type << 3;
# byte 1: the face | HIT | LOST | BONUS (the other gained a research roll).
STEP_RESEARCH = const(0)
STEP_RAID = const(1)
STEP_FIGHT = const(2)
STEP_SHOT = const(3)  # not a die: a plane shot down (its face byte is 0)
HIT = const(8)
LOST = const(16)
BONUS = const(32)
ADVANCE = const(64)  # research: this 6 advanced the technology
ROLLS_MAX = const(2 * (20 + 80 + 60 + 60))  # research, raids, dogfights, planes shot down

_KEY_B = const(32)  # firmware.buttons.B


class Game:
    """Both sides' tracks (resources, research, technology, planes), the orders being
    made, the timeline and the last turn's dice."""

    def __init__(self):
        self.opts = {"side": "germany", "people": 1, "cpu": "strong"}
        self.seed = 0
        self.rng = Rng(1)
        self.phase = PH_ORDER
        self.half = 0  # the timeline: 0 Fall 1914 .. 9 the Armistice
        self.turn = 0  # the seat ordering
        self.res = [RESOURCES, RESOURCES]  # to spend this turn
        self.research = [0, 0]  # research rolls held (planes lost by the other)
        self.tech = [1, 1]
        self.planes = [bytearray(TYPES), bytearray(TYPES)]
        self.buy = [bytearray(TYPES), bytearray(TYPES)]  # this turn's order
        self.rolls_bought = [0, 0]
        self.raid = [bytearray(RAIDERS), bytearray(RAIDERS)]
        self.log = bytearray(ROLLS_MAX)  # the last resolved turn's dice
        self.nlog = 0
        self.nmoves = 0


# ---- options -----------------------------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("airsup has no option %r" % (key,))
    v = check_option(NAME, row, v)
    if key == "side":
        return "Germany" if v == "germany" else "Britain"
    if key == "cpu" and v in ("research", "planes"):
        return "all res" if v == "research" else "all pln"
    return _option_text(OPTIONS, key, v)


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    first = "You are " + ("Germany" if o["side"] == "germany" else "Britain")
    second = "2 people, 1 box" if o["people"] == 2 else "vs %s" % option_text("cpu", o["cpu"])
    return (first, second)


# ---- a new game --------------------------------------------------------------------


def new(seed, options=None, profile=None):
    """Fall 1914: resources 10, research 0, technology 1 and no planes on both sides."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("airsup seed must be a number, got %r" % (seed,))
    s = Game()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    return s


def country(s, seat):
    """0 Germany, 1 Britain: the person's side is the option side."""
    return seat if s.opts["side"] == "germany" else 1 - seat


def country_name(s, seat):
    return COUNTRIES[country(s, seat)]


# ---- the contract --------------------------------------------------------------


def seats(s):
    return 2


def humans(s):
    return (0, 1) if s.opts["people"] == 2 else (0,)


def to_act(s):
    return s.turn if s.phase == PH_ORDER else -1


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def scores(s):
    return [s.tech[0], s.tech[1]]


def score(s):
    return s.tech[0]


def spent(s, seat):
    """Resources the seat's order spends so far."""
    b = s.buy[seat]
    n = s.rolls_bought[seat]
    for t in range(TYPES):
        n += b[t] * COST[t]
    return n


def can_buy(s, seat, t):
    return (
        t < s.tech[seat]
        and s.planes[seat][t] + s.buy[seat][t] < TRACK_MAX
        and spent(s, seat) + COST[t] <= s.res[seat]
    )


def can_research(s, seat):
    """A research roll more: within the track and the budget (at the top level too, where
    it is rolled for nothing: D13)."""
    n = s.research[seat] + s.rolls_bought[seat]
    return n < TRACK_MAX and spent(s, seat) < s.res[seat]


def moves(s):
    """The steps the seat ordering may take; COMMIT is always one of them."""
    if s.phase != PH_ORDER:
        return []
    seat = s.turn
    out = []
    b = s.buy[seat]
    r = s.raid[seat]
    p = s.planes[seat]
    for t in range(TYPES):
        if can_buy(s, seat, t):
            out.append(BUY + t)
    for t in range(TYPES):
        if b[t]:
            out.append(SELL + t)
    if can_research(s, seat):
        out.append(RESEARCH)
    if s.rolls_bought[seat]:
        out.append(UNRESEARCH)
    for t in range(RAIDERS):
        if r[t] < p[t] + b[t]:
            out.append(RAID + t)
    for t in range(RAIDERS):
        if r[t]:
            out.append(RECALL + t)
    out.append(COMMIT)
    return out


def is_legal(s, m):
    if s.phase != PH_ORDER or type(m) is not int:
        return False
    seat = s.turn
    if BUY <= m < SELL:
        return can_buy(s, seat, m - BUY)
    if SELL <= m < RESEARCH:
        return s.buy[seat][m - SELL] > 0
    if m == RESEARCH:
        return can_research(s, seat)
    if m == UNRESEARCH:
        return s.rolls_bought[seat] > 0
    if RAID <= m < RECALL:
        t = m - RAID
        return s.raid[seat][t] < s.planes[seat][t] + s.buy[seat][t]
    if RECALL <= m < COMMIT:
        return s.raid[seat][m - RECALL] > 0
    return m == COMMIT


def play(s, m):
    """Apply one step of the seat's order. Raises ValueError, state untouched, if illegal."""
    if s.phase == PH_OVER:
        raise ValueError("airsup game is over (the Armistice)")
    if not is_legal(s, m):
        raise ValueError("illegal airsup move %r for %s" % (m, country_name(s, s.turn)))
    seat = s.turn
    s.nmoves += 1
    if BUY <= m < SELL:
        s.buy[seat][m - BUY] += 1
    elif SELL <= m < RESEARCH:
        t = m - SELL
        s.buy[seat][t] -= 1
        owned = s.planes[seat][t] + s.buy[seat][t]
        if t < RAIDERS and s.raid[seat][t] > owned:
            s.raid[seat][t] = owned
    elif m == RESEARCH:
        s.rolls_bought[seat] += 1
    elif m == UNRESEARCH:
        s.rolls_bought[seat] -= 1
    elif RAID <= m < RECALL:
        s.raid[seat][m - RAID] += 1
    elif RECALL <= m < COMMIT:
        s.raid[seat][m - RECALL] -= 1
    elif seat == 0:
        s.turn = 1  # the first order is in: the other orders, not seeing it
    else:
        _resolve(s)


# ---- a turn resolved ---------------------------------------------------------------


def _note(s, seat, step, t, face):
    i = s.nlog
    s.log[i] = seat | step << 1 | t << 3
    s.log[i + 1] = face
    s.nlog = i + 2
    return i + 1


def _lose(s, seat, t, at):
    """The seat loses a type t + 1 plane; the other gains a research roll when that
    plane's level is above the other's technology (C13); at: the log byte to mark."""
    s.planes[seat][t] -= 1
    other = 1 - seat
    if t + 1 > s.tech[other] and s.research[other] < TRACK_MAX:
        s.research[other] += 1
        s.log[at] |= BONUS


def _resolve(s):
    """Both orders revealed and carried out: purchases, research rolls, resource
    attacks, dogfights; then the timeline advances (docs/rules/airsup.md)."""
    rng = s.rng
    s.nlog = 0
    fighters = [bytearray(TYPES), bytearray(TYPES)]  # planes in the dogfights (C11)
    for seat in (0, 1):  # purchases; the research marker takes the rolls bought
        p = s.planes[seat]
        b = s.buy[seat]
        for t in range(TYPES):
            p[t] += b[t]
            b[t] = 0
            if FIGHT_NEED[t]:  # not raiding this turn: in the dogfights
                fighters[seat][t] = p[t] - (s.raid[seat][t] if t < RAIDERS else 0)
        s.research[seat] += s.rolls_bought[seat]
        s.rolls_bought[seat] = 0
    for seat in (0, 1):  # research rolls: any 6 advances one level, once (C8)
        up = False
        for _ in range(s.research[seat]):
            face = rng.die()
            at = _note(s, seat, STEP_RESEARCH, 0, face)
            if face == 6 and not up and s.tech[seat] < TECH_MAX:
                up = True
                s.log[at] |= HIT | ADVANCE
            elif face == 6:
                s.log[at] |= HIT
        if up:
            s.tech[seat] += 1
        s.research[seat] = 0
    hits = [0, 0]  # resource hits suffered
    for t in range(RAIDERS):  # resource attacks, from level 1 up (C10)
        for seat in (0, 1):
            n = s.raid[seat][t]
            for _ in range(n):
                face = rng.die()
                at = _note(s, seat, STEP_RAID, t, face)
                if face >= RAID_NEED[t]:
                    hits[1 - seat] += 1
                    s.log[at] |= HIT
                elif face == 1:
                    s.log[at] |= LOST
                    _lose(s, seat, t, at)
    shots = [0, 0]  # planes each seat must remove
    for t in range(2, TYPES):  # all dice rolled before any plane falls (D5)
        for seat in (0, 1):
            for _ in range(fighters[seat][t]):
                face = rng.die()
                at = _note(s, seat, STEP_FIGHT, t, face)
                if face >= FIGHT_NEED[t]:
                    shots[1 - seat] += 1
                    s.log[at] |= HIT
                elif face == 1:
                    s.log[at] |= LOST
                    _lose(s, seat, t, at)
    for seat in (0, 1):  # the hits: the lowest type first (D6)
        p = s.planes[seat]
        for _ in range(shots[seat]):
            t = 0
            while t < TYPES and not p[t]:
                t += 1
            if t == TYPES:
                break  # nothing left to lose
            at = _note(s, seat, STEP_SHOT, t, 0)
            s.log[at] |= LOST
            _lose(s, seat, t, at)
    for seat in (0, 1):
        r = s.raid[seat]
        for t in range(RAIDERS):
            r[t] = 0
        s.res[seat] = max(0, RESOURCES - hits[seat])  # D2: 10 less the hits suffered
    s.half += 1
    s.turn = 0
    if s.half >= TURNS:
        s.phase = PH_OVER


def rolls(s):
    """The last resolved turn's dice in order: (seat, step, type index, face, flags)."""
    out = []
    for i in range(0, s.nlog, 2):
        a = s.log[i]
        b = s.log[i + 1]
        out.append((a & 1, (a >> 1) & 3, a >> 3, b & 7, b & ~7))
    return out


# ---- the Armistice -------------------------------------------------------------


def result(a, b):
    """The Armistice between sides a and b, each (tech, planes, resources) with planes
    five counts (types 1-5): "A", "B", "A minor", "B minor" or "draw" (C15-C17)."""
    if a[0] != b[0]:
        return "A" if a[0] > b[0] else "B"
    t = a[0] - 1  # the planes of the level both reached (D7), then the resources
    if a[1][t] != b[1][t]:
        return "A" if a[1][t] > b[1][t] else "B"
    if a[2] != b[2]:
        return "A minor" if a[2] > b[2] else "B minor"
    return "draw"


def _side(s, seat):
    return (s.tech[seat], list(s.planes[seat]), s.res[seat])


def outcome(s):
    """result() for seat 0 (A) against seat 1 (B), once over; None before."""
    if s.phase != PH_OVER:
        return None
    return result(_side(s, 0), _side(s, 1))


def decided_by(s):
    """What decided the Armistice (C15-C17): "technology", "type N planes" (N the level
    both reached, D7), "resources" (a minor victory), "" for a draw or before."""
    r = outcome(s)
    if r is None or r == "draw":
        return ""
    if s.tech[0] != s.tech[1]:
        return "technology"
    t = s.tech[0] - 1
    if s.planes[0][t] != s.planes[1][t]:
        return "type %d planes" % (t + 1)
    return "resources"


def winner(s):
    r = outcome(s)
    if r is None or r == "draw":
        return -1
    return 0 if r[0] == "A" else 1


def clean(s):
    r = outcome(s)
    return r == "A"


def summary(s):
    r = outcome(s)
    w = winner(s)
    return {
        "score": s.tech[0],
        "clean": clean(s),
        "winner": w if w >= 0 else None,
        "minor": r is not None and r.endswith("minor"),
        "tech": list(s.tech),
        "resources": list(s.res),
        "planes": [list(s.planes[0]), list(s.planes[1])],
        "turns": s.half,
        "countries": [country_name(s, 0), country_name(s, 1)],
    }


# ---- notation and the screen -------------------------------------------------------


def move_text(s, m):
    if BUY <= m < SELL:
        return "buy %d" % (m - BUY + 1)
    if SELL <= m < RESEARCH:
        return "sell %d" % (m - SELL + 1)
    if m == RESEARCH:
        return "research"
    if m == UNRESEARCH:
        return "unresearch"
    if RAID <= m < RECALL:
        return "raid %d" % (m - RAID + 1)
    if RECALL <= m < COMMIT:
        return "recall %d" % (m - RECALL + 1)
    if m == COMMIT:
        return "commit"
    raise ValueError("not an airsup move: %r" % (m,))


def move_log(s, seat, m):
    """The line shown for a seat's step. An order is secret until the turn resolves:
    only its commit is shown."""
    move_text(s, m)
    name = country_name(s, seat)
    if m == COMMIT:
        return name + " ordered"
    return name + " ordering"


def touches(s, m):
    """A purchase: its "buy" cell (the type); a research roll: the "research" cell; a
    raid: its "raid" cell; the commit: the "go" cell. The undoing steps are B (the
    screen takes back the last step first)."""
    move_text(s, m)
    if BUY <= m < SELL:
        return (("buy", m - BUY),)
    if m == RESEARCH:
        return (("research", 0),)
    if RAID <= m < RECALL:
        return (("raid", m - RAID),)
    if m == COMMIT:
        return (("go", 0),)
    return (("key", _KEY_B),)


# ---- computer players (shared_rules/airsup_ai.py) -----------------------------------


def best_move(s):
    """The next step of the computer seat's order at the chosen level (option cpu); for a
    person's seat (a hint) the strong player's. Each sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("airsup game is over")
    from shared_rules import airsup_ai as ai

    level = "strong" if seat in humans(s) else s.opts["cpu"]
    return ai.step(s, level)


def release_players():
    """The computer players' planned order is kept in airsup_ai; nothing to release."""


# ---- the save (kept here: a game in play saves without airsup_save) ------------------


def dump(s):
    o = s.opts
    at = (s.phase, s.half, s.turn, s.nmoves)
    lines = [
        "airsup %d" % VERSION,
        "opts %s %d %s" % (o["side"], o["people"], o["cpu"]),
        "seed %d" % s.seed,
        "rng %d" % s.rng.get_state(),
        "at %d %d %d %d" % at,
    ]
    for seat in (0, 1):
        lines.append(
            "side%d %d %d %d %s %s %d %s"
            % (
                seat,
                s.res[seat],
                s.research[seat],
                s.tech[seat],
                _digits(s.planes[seat]),
                _digits(s.buy[seat]),
                s.rolls_bought[seat],
                _digits(s.raid[seat]),
            )
        )
    lines.append("rolls " + ("".join(["%02x" % s.log[i] for i in range(s.nlog)]) or "-"))
    return "\n".join(lines) + "\n"


def _digits(seq):
    """Counts 0..10 as one character each ('a' for 10)."""
    return "".join(["0123456789a"[x] for x in seq])


# ---- rarely used parts (shared_rules/airsup_save.py) -------------------------------


def _save():
    from shared_rules import airsup_save

    return airsup_save


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    return _save().load(text)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    return _save().parse_move(s, text)


def view(s, seat):
    """What `seat` may see (docs/rules/airsup.md)."""
    return _save().view(s, seat)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the other's order, if made, made again."""
    return _save().redeal(s, seat, rng)


def copy(s):
    return _save().copy(s)
