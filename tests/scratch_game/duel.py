"""Duel: a scratch two-seat card game for the contract tests (rules and computer players).

It exists only under tests/: a small game of the "turns" kind with hidden hands, a claim
window, rounds, a profile and two computer baselines, so tests/test_contract.py has a
game that exercises every part of docs/contract.md (version 2). Pure logic; runs on
CPython and MicroPython.

The rules. 18 cards, ids 0..17, value id % 9 + 1 (two of each value 1..9), written
"1a".."9a" (ids 0..8) and "1b".."9b" (ids 9..17). Each round the deck is shuffled with
the state's Rng, 3 cards go to each seat (the round's first seat first), the rest is
the face-down stock (drawn from its end) and the table pile starts empty. Seat 0 starts
round 1, seat 1 round 2, and so on. A turn: play one card from the hand onto the pile,
1 point if its value is above the previous top card (the first card on an empty pile
scores nothing); if its value equals the previous top's, a claim window opens for the
other seat, which may SNAP (take both cards off the pile into the taken pile, 2 points)
or PASS. Then the player who played draws a card if the stock has one, and the other
seat plays. When both hands are empty the round is over; between rounds seat 0 plays
NEXT, which deals the next round. The rival (seat 1) starts the match with level - 1
points, the level coming from the profile.

Moves: PLAY + card (0..17), SNAP 32, PASS 33, NEXT 34. Notation "7a", "snap", "pass",
"next".
"""

from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "duel"
TITLE = "Duel"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 2
SEAT_NAMES = ("You", "Rival")
OPTIONS = (
    ("rounds", "Rounds", (1, 3), 1, "rounds in a match"),
    ("humans", "Players", (1, 0), 1, "0: watch two computers"),
)
LOW_WINS = False
CLEAN = None
SUMMARY = ("snaps",)
PROFILE = {"level": 1}

LEVEL_MIN = const(1)
LEVEL_MAX = const(9)
DECK = const(18)
HAND = const(3)
POINTS_MAX = const(35)  # a round's points for one seat: 17 plays + 9 snaps at most

# Moves.
PLAY = const(0)  # PLAY + card id
SNAP = const(32)
PASS = const(33)
NEXT = const(34)

# Phases.
PH_PLAY = const(0)  # the seat `turn` plays a card
PH_CLAIM = const(1)  # the other seat may snap the matched pair
PH_BETWEEN = const(2)  # a round is over, seat 0 deals the next
PH_OVER = const(3)
PHASE_NAMES = ("play", "claim", "between", "over")

KEY_A = const(16)
KEY_B = const(32)


class Duel:
    """The whole match: both hands, the stock, the pile, the rounds' points."""

    def __init__(self):
        self.opts = {"rounds": 1, "humans": 1}
        self.level = 1
        self.seed = 0
        self.rng = Rng(1)
        self.phase = PH_PLAY
        self.round = 0  # 0-based index of the current (or last finished) round
        self.turn = 0  # the seat playing (in a claim window: the seat that played)
        self.hands = [[], []]  # sorted card ids
        self.stock = []  # face down, drawn from the end
        self.pile = []  # face up, top card last
        self.taken = []  # snapped pairs, in the order taken
        self.rounds = []  # one [points seat 0, points seat 1, snaps] per round started
        self.nmoves = 0


# ---- cards ---------------------------------------------------------------


def value(card):
    return card % 9 + 1


def card_text(card):
    if type(card) is not int or not 0 <= card < DECK:
        raise ValueError("not a duel card: %r" % (card,))
    return "%d%s" % (card % 9 + 1, "a" if card < 9 else "b")


def parse_card(text):
    """'7a' -> 6, '7b' -> 15 (any case). Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("not a duel card: %r" % (text,))
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in "123456789" or t[1] not in "ab":
        raise ValueError("not a duel card: %r (1a..9a, 1b..9b)" % (text,))
    return int(t[0]) - 1 + (9 if t[1] == "b" else 0)


def _insert_sorted(hand, card):
    i = 0
    n = len(hand)
    while i < n and hand[i] < card:
        i += 1
    hand.insert(i, card)


def _by_value(card):
    return value(card) * DECK + card


# ---- options and profile ---------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("duel has no option %r" % (key,))
    return _option_text(OPTIONS, key, check_option(NAME, row, v))


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    first = "%d round%s" % (o["rounds"], "" if o["rounds"] == 1 else "s")
    return (first + ", snaps", "You vs Rival" if o["humans"] else "2 computers")


def check_profile(profile):
    """Raise ValueError unless profile is a dict with an int "level" in 1..9 (other keys
    are left alone: settle keeps them)."""
    if not isinstance(profile, dict):
        raise ValueError("duel profile must be a record")
    if "level" not in profile:
        raise ValueError("duel profile lacks level")
    level = profile["level"]
    if type(level) is not int or not LEVEL_MIN <= level <= LEVEL_MAX:
        raise ValueError("duel level must be %d..%d, got %r" % (LEVEL_MIN, LEVEL_MAX, level))


def settle(profile, s):
    """The profile after the finished match s: a level up for a win, down for a loss."""
    check_profile(profile)
    if not over(s):
        raise ValueError("duel match is not over")
    level = profile["level"]
    w = winner(s)
    if w == 0:
        level = min(LEVEL_MAX, level + 1)
    elif w == 1:
        level = max(LEVEL_MIN, level - 1)
    out = dict(profile)
    out["level"] = level
    return out


# ---- a new match ---------------------------------------------------------


def new(seed, options=None, profile=None):
    """A new match: round 1 dealt, seat 0 to play."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if profile is None:
        profile = PROFILE
    check_profile(profile)
    if type(seed) is not int:
        raise ValueError("duel seed must be a number, got %r" % (seed,))
    s = Duel()
    s.opts = o
    s.level = profile["level"]
    s.seed = seed
    s.rng = Rng(seed)
    _deal(s)
    return s


def _deal(s):
    """Deal the current round from a fresh shuffle of the whole deck."""
    deck = list(range(DECK))
    s.rng.shuffle(deck)
    start = s.round % 2
    hands = [[], []]
    for _ in range(HAND):
        hands[start].append(deck.pop())
        hands[1 - start].append(deck.pop())
    hands[0].sort()
    hands[1].sort()
    s.hands = hands
    s.stock = deck
    s.pile = []
    s.taken = []
    s.rounds.append([0, 0, 0])
    s.turn = start
    s.phase = PH_PLAY


# ---- the contract --------------------------------------------------------


def seats(s):
    return 2


def humans(s):
    return (0,) if s.opts["humans"] else ()


def to_act(s):
    ph = s.phase
    if ph == PH_PLAY:
        return s.turn
    if ph == PH_CLAIM:
        return 1 - s.turn
    if ph == PH_BETWEEN:
        return 0
    return -1


def claimants(s):
    return (1 - s.turn,) if s.phase == PH_CLAIM else ()


def moves(s):
    ph = s.phase
    if ph == PH_PLAY:
        return list(s.hands[s.turn])
    if ph == PH_CLAIM:
        return [SNAP, PASS]
    if ph == PH_BETWEEN:
        return [NEXT]
    return []


def is_legal(s, m):
    if type(m) is not int:
        return False
    ph = s.phase
    if ph == PH_PLAY:
        return m in s.hands[s.turn]
    if ph == PH_CLAIM:
        return m == SNAP or m == PASS
    if ph == PH_BETWEEN:
        return m == NEXT
    return False


def play(s, m):
    """Apply move m. An illegal move raises ValueError and changes nothing."""
    if not is_legal(s, m):
        raise ValueError(
            "illegal duel move %s in phase %s (legal: %s)"
            % (_safe_text(m), PHASE_NAMES[s.phase], " ".join([move_text(s, x) for x in moves(s)]))
        )
    s.nmoves += 1
    ph = s.phase
    if ph == PH_PLAY:
        pile = s.pile
        prev = pile[-1] if pile else -1
        s.hands[s.turn].remove(m)
        pile.append(m)
        if prev >= 0 and value(m) > value(prev):
            s.rounds[s.round][s.turn] += 1
        if prev >= 0 and value(m) == value(prev):
            s.phase = PH_CLAIM
        else:
            _end_turn(s)
    elif ph == PH_CLAIM:
        if m == SNAP:
            top = s.pile.pop()
            under = s.pile.pop()
            s.taken.append(under)
            s.taken.append(top)
            row = s.rounds[s.round]
            row[1 - s.turn] += 2
            row[2] += 1
        _end_turn(s)
    else:
        s.round += 1
        _deal(s)


def _end_turn(s):
    if s.stock:
        _insert_sorted(s.hands[s.turn], s.stock.pop())
    s.turn = 1 - s.turn
    s.phase = PH_PLAY
    if not s.hands[0] and not s.hands[1]:
        s.phase = PH_OVER if s.round == s.opts["rounds"] - 1 else PH_BETWEEN


def over(s):
    return s.phase == PH_OVER


def scores(s):
    """Both seats' match points (the rival's head start included)."""
    out = [0, s.level - 1]
    for row in s.rounds:
        out[0] += row[0]
        out[1] += row[1]
    return out


def score(s):
    return scores(s)[0]


def winner(s):
    if s.phase != PH_OVER:
        return -1
    a, b = scores(s)
    if a == b:
        return -1
    return 0 if a > b else 1


def _finished(s):
    """The rows of the finished rounds."""
    n = s.round + 1 if s.phase >= PH_BETWEEN else s.round
    return s.rounds[:n]


def summary(s):
    snaps = 0
    rounds = []
    for row in _finished(s):
        snaps += row[2]
        rounds.append({"scores": [row[0], row[1]], "snaps": row[2]})
    return {"score": score(s), "clean": False, "snaps": snaps, "rounds": rounds}


# ---- notation ------------------------------------------------------------


def move_text(s, m):
    if type(m) is int:
        if PLAY <= m < PLAY + DECK:
            return card_text(m - PLAY)
        if m == SNAP:
            return "snap"
        if m == PASS:
            return "pass"
        if m == NEXT:
            return "next"
    raise ValueError("not a duel move: %r" % (m,))


def _safe_text(m):
    try:
        return move_text(None, m)
    except ValueError:
        return repr(m)


def parse_move(s, text):
    """Inverse of move_text. Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a duel move: %r" % (text,))
    t = text.strip().lower()
    if t == "snap":
        return SNAP
    if t == "pass":
        return PASS
    if t == "next":
        return NEXT
    try:
        return PLAY + parse_card(t)
    except ValueError:
        raise ValueError("not a duel move: %r (try 7a, 2b, snap, pass, next)" % (text,))


def move_log(s, seat, m):
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("duel has no seat %r" % (seat,))
    name = SEAT_NAMES[seat]
    t = move_text(s, m)
    if m == SNAP:
        return name + " snapped"
    if m == PASS:
        return name + " passed"
    if m == NEXT:
        return "%s dealt round %d" % (name, s.round + 2)
    return name + " played " + t


def touches(s, m):
    move_text(s, m)  # ValueError for a non-move
    if m == SNAP or m == NEXT:
        return (("key", KEY_A),)
    if m == PASS:
        return (("key", KEY_B),)
    return (("hand", m - PLAY),)


# ---- hidden information ----------------------------------------------------


def view(s, seat):
    """What `seat` may see: its hand, the table, counts, the cards it cannot see."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("duel has no seat %r" % (seat,))
    other = s.hands[1 - seat]
    return {
        "hand": sorted(s.hands[seat]),
        "table": list(s.pile),
        "other_cards": len(other),
        "stock": len(s.stock),
        "unseen": sorted(other + s.stock),
        "scores": scores(s),
        "claim": s.phase == PH_CLAIM and seat == 1 - s.turn,
    }


def _copy(s):
    c = Duel()
    c.opts = dict(s.opts)
    c.level = s.level
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.phase = s.phase
    c.round = s.round
    c.turn = s.turn
    c.hands = [list(s.hands[0]), list(s.hands[1])]
    c.stock = list(s.stock)
    c.pile = list(s.pile)
    c.taken = list(s.taken)
    c.rounds = [list(row) for row in s.rounds]
    c.nmoves = s.nmoves
    return c


def copy(s):
    return _copy(s)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the other hand and the stock dealt again from
    their pooled cards with rng (same counts), and the state's Rng (the future deals,
    hidden from both seats) drawn from rng too."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("duel has no seat %r" % (seat,))
    c = _copy(s)
    other = 1 - seat
    n = len(c.hands[other])
    pool = c.hands[other] + c.stock
    rng.shuffle(pool)
    hand = pool[:n]
    hand.sort()
    c.hands[other] = hand
    c.stock = pool[n:]
    c.rng.set_state(rng.next32())
    return c


# ---- computer players ----------------------------------------------------


def best_move(s):
    """The strong player, from view(s, to_act(s)) only: snap whenever offered, else the
    lowest card that beats the top card, else the lowest card (NEXT between rounds)."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("duel match is over")
    v = view(s, seat)
    if v["claim"]:
        return SNAP
    hand = v["hand"]
    if not hand:
        return NEXT
    table = v["table"]
    top = value(table[-1]) if table else 10
    best = -1
    lowest = -1
    for c in hand:
        if lowest < 0 or _by_value(c) < _by_value(lowest):
            lowest = c
        if value(c) > top and (best < 0 or _by_value(c) < _by_value(best)):
            best = c
    return PLAY + (best if best >= 0 else lowest)


def greedy(s):
    """A baseline: snap when offered, else play the highest card."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("duel match is over")
    v = view(s, seat)
    if v["claim"]:
        return SNAP
    hand = v["hand"]
    if not hand:
        return NEXT
    high = hand[0]
    for c in hand:
        if _by_value(c) > _by_value(high):
            high = c
    return PLAY + high


def random_move(s, rng):
    """A baseline: any legal move, chosen with rng."""
    ms = moves(s)
    if not ms:
        raise ValueError("duel match is over")
    return ms[rng.below(len(ms))]


# ---- checks --------------------------------------------------------------


def _bad(what):
    raise ValueError("duel: " + what)


def _int_in(x, lo, hi, what):
    if type(x) is not int or not lo <= x <= hi:
        _bad("%s out of range: %r" % (what, x))


def check(s):
    """Raise ValueError unless the state is one a match can reach (cards, counts, phase)."""
    if not isinstance(s.opts, dict) or len(s.opts) != len(OPTIONS):
        _bad("bad options")
    if options_with_defaults(NAME, OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    _int_in(s.level, LEVEL_MIN, LEVEL_MAX, "level")
    _int_in(s.rng.get_state(), 1, 0xFFFFFFFF, "rng state")
    _int_in(s.phase, PH_PLAY, PH_OVER, "phase")
    last = s.opts["rounds"] - 1
    _int_in(s.round, 0, last, "round")
    _int_in(s.turn, 0, 1, "turn")
    _int_in(s.nmoves, 0, 1 << 30, "move count")
    if type(s.seed) is not int:
        _bad("seed is not a number")
    if len(s.rounds) != s.round + 1:
        _bad("%d rounds scored in round %d" % (len(s.rounds), s.round + 1))
    for row in s.rounds:
        if len(row) != 3:
            _bad("bad round row")
        _int_in(row[0], 0, POINTS_MAX, "round points")
        _int_in(row[1], 0, POINTS_MAX, "round points")
        _int_in(row[2], 0, DECK // 2, "snaps")
    # every card exactly once
    seen = bytearray(DECK)
    for group in (s.hands[0], s.hands[1], s.stock, s.pile, s.taken):
        for c in group:
            _int_in(c, 0, DECK - 1, "card")
            if seen[c]:
                _bad("card %s appears twice" % card_text(c))
            seen[c] = 1
    for c in range(DECK):
        if not seen[c]:
            _bad("card %s is missing" % card_text(c))
    for h in s.hands:
        for i in range(1, len(h)):
            if h[i - 1] >= h[i]:
                _bad("a hand is not sorted")
    # the taken pile: matched pairs, one snap each
    taken = s.taken
    if len(taken) % 2 or len(taken) // 2 != s.rounds[s.round][2]:
        _bad("%d cards taken for %d snaps" % (len(taken), s.rounds[s.round][2]))
    for i in range(0, len(taken), 2):
        if value(taken[i]) != value(taken[i + 1]):
            _bad("taken cards %s %s do not match" % (card_text(taken[i]), card_text(taken[i + 1])))
    # the counts follow from the number of cards played this round
    plays = len(s.pile) + len(taken)
    start = s.round % 2
    ph = s.phase
    if ph == PH_BETWEEN or ph == PH_OVER:
        if plays != DECK or s.turn != start:
            _bad("round over with cards left")
        if (ph == PH_OVER) != (s.round == last):
            _bad("phase %s in round %d of %d" % (PHASE_NAMES[ph], s.round + 1, last + 1))
        return
    done = plays if ph == PH_PLAY else plays - 1
    if ph == PH_PLAY and plays >= DECK:
        _bad("every card played but the round goes on")
    if done < 0:
        _bad("a claim before any card was played")
    sizes = [HAND, HAND]
    stock = DECK - 2 * HAND
    for i in range(done):
        seat = (start + i) % 2
        sizes[seat] -= 1
        if stock:
            sizes[seat] += 1
            stock -= 1
    if s.turn != (start + done) % 2:
        _bad("seat %d to play after %d cards" % (s.turn, done))
    if ph == PH_CLAIM:
        sizes[s.turn] -= 1
        pile = s.pile
        if len(pile) < 2 or value(pile[-1]) != value(pile[-2]):
            _bad("a claim window without a matched pair")
    if len(s.hands[0]) != sizes[0] or len(s.hands[1]) != sizes[1] or len(s.stock) != stock:
        _bad("hands of %d and %d and a stock of %d" % (sizes[0], sizes[1], stock))


# ---- save / resume -------------------------------------------------------
# One line per field in a fixed order; cards as text. load() accepts only what dump()
# writes (the text must come back exactly).

_KEYS = ("opts", "seed", "rng", "level", "at", "rounds", "hand0", "hand1", "stock", "pile", "taken")


def _cards_line(key, seq):
    if not seq:
        return key
    return key + " " + " ".join([card_text(c) for c in seq])


def dump(s):
    rows = "|".join(["%d %d %d" % (r[0], r[1], r[2]) for r in s.rounds])
    lines = [
        "duel %d" % VERSION,
        "opts %d %d" % (s.opts["rounds"], s.opts["humans"]),
        "seed %d" % s.seed,
        "rng %d" % s.rng.get_state(),
        "level %d" % s.level,
        "at %d %d %d %d" % (s.phase, s.round, s.turn, s.nmoves),
        "rounds " + rows,
        _cards_line("hand0", s.hands[0]),
        _cards_line("hand1", s.hands[1]),
        _cards_line("stock", s.stock),
        _cards_line("pile", s.pile),
        _cards_line("taken", s.taken),
    ]
    return "\n".join(lines) + "\n"


def _ints(text, n):
    parts = text.split(" ")
    if len(parts) != n:
        _bad("save: expected %d numbers, got %r" % (n, text))
    return [int(p) for p in parts]


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    if not isinstance(text, str):
        _bad("save must be text")
    lines = text.split("\n")
    if lines[0] != "duel %d" % VERSION:
        if lines[0].split(" ")[0] == "duel":
            _bad("save version %r, expected %d" % (lines[0][5:], VERSION))
        _bad("not a duel save")
    if len(lines) != len(_KEYS) + 2 or lines[-1] != "":
        _bad("save has %d lines" % len(lines))
    f = {}
    for i in range(len(_KEYS)):
        key, _, rest = lines[i + 1].partition(" ")
        if key != _KEYS[i]:
            _bad("save: expected %s, got %r" % (_KEYS[i], lines[i + 1][:12]))
        f[key] = rest
    s = Duel()
    try:
        o = _ints(f["opts"], 2)
        s.opts = options_with_defaults(NAME, OPTIONS, {"rounds": o[0], "humans": o[1]})
        s.seed = int(f["seed"])
        s.rng.set_state(int(f["rng"]))
        s.level = int(f["level"])
        s.phase, s.round, s.turn, s.nmoves = _ints(f["at"], 4)
        s.rounds = [_ints(r, 3) for r in f["rounds"].split("|")]
        s.hands = [_parse_cards(f["hand0"]), _parse_cards(f["hand1"])]
        s.stock = _parse_cards(f["stock"])
        s.pile = _parse_cards(f["pile"])
        s.taken = _parse_cards(f["taken"])
    except (IndexError, TypeError, KeyError):
        _bad("save is damaged")
    check(s)
    if dump(s) != text:
        _bad("save is not in the form dump() writes")
    return s


def _parse_cards(text):
    if not text:
        return []
    return [parse_card(t) for t in text.split(" ")]
