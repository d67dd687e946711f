"""My Pet: the life of a dog, from puppy to passing (docs/rules/mypet.md).

Solo, or 2 to 4 people taking turns on one device, each with an own deck (the decks
never mix). A seat's cards are counts per kind (hand, in play, discards) and its deck
is a list of kinds drawn from its end. A turn: the draw happens when it starts (a
Passing card drawn takes effect at once; an adult pet's Age cards go into play at
once), then the person plays at most one Age card and at most one Play, Training or
Trick card, in any order, and ends the turn; a hand of more than five then discards
down to five, one card a move, never an Age card. Pure logic: runs on CPython,
MicroPython and CircuitPython.

Moves: a kind 0..9 (play that card from the hand), END (11), DISCARD + kind (16..25).
Notation: "age", "play", "train", "beg", "speak", "fetch", "heel", "dead", "stay",
"roll", "end", "-play".
"""

from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "mypet"
TITLE = "My Pet"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 1
SEATS_MAX = 4
SEAT_NAMES = ("Rex", "Bella", "Milo", "Daisy")  # each person's pet
OPTIONS = (
    ("rules", "Rules", ("older", "younger"), "older", "older: Passing is in the deck"),
    ("players", "Players", (1, 2, 3, 4), 1, "people taking turns, own decks"),
)
LOW_WINS = False
CLEAN = None
SUMMARY = ("rules", "points", "ages", "plays", "tricks", "turns", "life", "pets")
SCORE_RANGE = (0, 29)  # 10 Play cards and all seven tricks
PROFILE = None
LIVES = const(100)  # past pets the stats keep (records.py)
BENCH = (("mypet", None, None),)

# Card kinds, in the order a hand shows them.
AGE = const(0)
PLAY = const(1)
TRAINING = const(2)
BEG = const(3)
SPEAK = const(4)
FETCH = const(5)
HEEL = const(6)
PLAY_DEAD = const(7)
STAY = const(8)
ROLL_OVER = const(9)
PASSING = const(10)
AGAIN = const(-2)  # _draw while dealing: Passing went back into the deck
KINDS = const(11)
CARD_CODES = ("age", "play", "train", "beg", "speak", "fetch", "heel", "dead", "stay", "roll")
CARD_CODES = CARD_CODES + ("passing",)
CARD_NAMES = ("Age", "Play", "Training", "Beg", "Speak", "Fetch", "Heel", "Play Dead")
CARD_NAMES = CARD_NAMES + ("Stay", "Roll Over", "Passing")
DECK_COUNTS = (20, 10, 10, 1, 1, 1, 1, 1, 1, 1, 1)  # + Young Pet, Adult Pet: the 50 cards
NEEDS = (0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 0)  # Training cards a trick needs in play
POINTS = (0, 1, 0, 2, 2, 3, 3, 3, 3, 3, 0)
DECK_SIZE = const(48)
HAND_LIMIT = const(5)

# The pet card in play.
YOUNG = const(0)
ADULT = const(1)
PASSED = const(2)
STAGE_NAMES = ("Young Pet", "Adult Pet", "Passing")

END = const(11)
DISCARD = const(16)  # DISCARD + kind: one discard down to the hand limit

PH_PLAY = const(0)
PH_DISCARD = const(1)
PH_OVER = const(2)

ITEM_END = const(12)  # the hand zone's cell that ends the turn

# A pet's life in words, by its points: (fewest points, two lines of at most 15).
LIFE = (
    (0, "A quiet life,", "cosy and loved."),
    (4, "A gentle life,", "naps and walks."),
    (8, "A playful life,", "games each day."),
    (13, "A happy life of", "fun and tricks."),
    (19, "A wonderful,", "joyful life!"),
)


class Life:
    """Every pet's cards and stage, and whose turn it is."""

    def __init__(self, seats=1):
        self.opts = {"rules": "older", "players": seats}
        self.seed = 0
        self.rng = Rng(1)
        self.n = seats
        self.phase = PH_PLAY
        self.turn = 0  # the seat to act (its draw is done)
        self.hands = [bytearray(KINDS) for _ in range(seats)]
        self.table = [bytearray(KINDS) for _ in range(seats)]  # cards in play
        self.discards = [bytearray(KINDS) for _ in range(seats)]
        self.decks = [bytearray(DECK_SIZE) for _ in range(seats)]  # kinds, drawn from the end
        self.ndeck = [0] * seats
        self.stage = bytearray(seats)
        self.turns = [0] * seats  # turns each pet has had
        self.aged = 0  # this turn: an Age card played
        self.carded = 0  # ... a Play, Training or Trick card played
        self.drew = -1  # ... the card drawn (-1: none, the deck was empty)
        self.grew = 0  # ... 1: that card was Passing and the pet grew up; 2: it passed
        self.auto = 0  # ... Age cards an adult pet put into play at once
        self.nmoves = 0


# ---- options -----------------------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("mypet has no option %r" % (key,))
    return _option_text(OPTIONS, key, check_option(NAME, row, v))


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    if o["rules"] == "older":
        first = "Passing in deck"
    else:
        first = "20 Age: passing"
    p = o["players"]
    return (first, "one pet" if p == 1 else "%d pets, 1 box" % p)


def older(s):
    return s.opts["rules"] == "older"


# ---- a new game ----------------------------------------------------------------


def new(seed, options=None, profile=None):
    """Every pet young, each deck shuffled, 5 cards each (older rules) or 3 (younger);
    the first pet's turn begun."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("mypet seed must be a number, got %r" % (seed,))
    s = Life(o["players"])
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    top = KINDS if older(s) else PASSING  # younger: Passing set aside
    for seat in range(s.n):
        deck = s.decks[seat]
        n = 0
        for k in range(top):
            for _ in range(DECK_COUNTS[k]):
                deck[n] = k
                n += 1
        s.ndeck[seat] = n
        s.rng.shuffle(deck, n)
    for seat in range(s.n):
        n = HAND_LIMIT if older(s) else 3
        while n:
            if _draw(s, seat, True) != AGAIN:  # Passing dealt twice goes back (D7)
                n -= 1
        if s.stage[seat] == ADULT:  # Passing dealt (D7): an adult's Age cards go in
            s.table[seat][AGE] += s.hands[seat][AGE]
            s.hands[seat][AGE] = 0
    _begin_turn(s)
    return s


def _draw(s, seat, dealing=False):
    """One card from the seat's deck into its hand; Passing takes effect instead (but
    dealt to an adult pet, it goes back into the reshuffled deck: AGAIN). Returns the
    kind drawn, or -1 for an empty deck."""
    nd = s.ndeck[seat]
    if nd == 0:
        return -1
    nd -= 1
    k = s.decks[seat][nd]
    s.ndeck[seat] = nd
    if k != PASSING:
        s.hands[seat][k] += 1
    elif s.stage[seat] == YOUNG:  # grown up: Passing back into a reshuffled deck
        s.stage[seat] = ADULT
        disc = s.discards[seat]
        disc[PASSING] += 1
        deck = s.decks[seat]
        for kind in range(KINDS):
            for _ in range(disc[kind]):
                deck[nd] = kind
                nd += 1
            disc[kind] = 0
        s.ndeck[seat] = nd
        s.rng.shuffle(deck, nd)
    elif dealing:  # dealt again: back into the deck, reshuffled (D7)
        s.ndeck[seat] = nd + 1
        s.rng.shuffle(s.decks[seat], nd + 1)
        return AGAIN
    else:  # drawn again: the pet's life ends
        s.stage[seat] = PASSED
        s.table[seat][PASSING] = 1
    return k


def _begin_turn(s):
    """The pet to act draws; an adult pet (older rules) puts its Age cards into play.
    A pet that passes on the draw ends its part of the game: the next pet goes on."""
    for _ in range(s.n + 1):
        seat = s.turn
        s.turns[seat] += 1
        s.aged = 0
        s.carded = 0
        s.grew = 0
        s.auto = 0
        stage = s.stage[seat]
        s.drew = _draw(s, seat)
        if s.stage[seat] != stage:
            s.grew = s.stage[seat]
        if s.stage[seat] == PASSED:
            if not _next_seat(s):
                return
            continue
        if s.stage[seat] == ADULT and older(s):
            hand = s.hands[seat]
            s.auto = hand[AGE]
            s.table[seat][AGE] += hand[AGE]
            hand[AGE] = 0
        return


def _next_seat(s):
    """Turn to the next pet still living; False (and the game over) when none is."""
    for i in range(1, s.n + 1):
        seat = (s.turn + i) % s.n
        if s.stage[seat] != PASSED:
            s.turn = seat
            return True
    s.phase = PH_OVER
    return False


# ---- what a pet may do -----------------------------------------------------------


def scoring(table):
    """Scoring cards in play: Play and Trick cards (the cards worth points)."""
    n = table[PLAY]
    for k in range(BEG, PASSING):
        n += table[k]
    return n


def points(table):
    n = 0
    for k in range(PASSING):
        n += POINTS[k] * table[k]
    return n


def hand_size(hand):
    n = 0
    for k in range(KINDS):
        n += hand[k]
    return n


def _card_ok(s, k):
    """Whether the card of kind k may be played from the hand now."""
    seat = s.turn
    hand = s.hands[seat]
    if not 0 <= k < PASSING or not hand[k]:
        return False
    table = s.table[seat]
    if k == AGE:
        return not s.aged
    if s.carded:
        return False
    if k == TRAINING:
        return True
    if scoring(table) + 1 > table[AGE]:
        return False  # never more scoring cards in play than Age cards
    return table[TRAINING] >= NEEDS[k]


def _end_ok(s):
    """A turn may end, except with an empty deck and an Age card still to play (the
    deck can no longer move the pet's life on)."""
    seat = s.turn
    return s.ndeck[seat] or s.aged or not s.hands[seat][AGE]


def must_discard(s):
    """The hand is over the limit and holds a card that may go (never an Age card)."""
    hand = s.hands[s.turn]
    return hand_size(hand) > HAND_LIMIT and hand_size(hand) > hand[AGE]


def moves(s):
    """The legal moves of the pet to act, ascending; [] once every pet has passed."""
    if s.phase == PH_OVER:
        return []
    hand = s.hands[s.turn]
    if s.phase == PH_DISCARD:
        return [DISCARD + k for k in range(1, PASSING) if hand[k]]
    out = [k for k in range(PASSING) if _card_ok(s, k)]
    if _end_ok(s):
        out.append(END)
    return out


def is_legal(s, m):
    if type(m) is not int or s.phase == PH_OVER:
        return False
    if s.phase == PH_DISCARD:
        return DISCARD + AGE < m < DISCARD + PASSING and s.hands[s.turn][m - DISCARD] > 0
    if m == END:
        return bool(_end_ok(s))
    return _card_ok(s, m)


# ---- playing a move ----------------------------------------------------------------


def play(s, m):
    """Apply move m for the pet to act. An illegal move raises ValueError and changes
    nothing."""
    if not is_legal(s, m):
        ms = moves(s)
        legal = " ".join([move_text(s, x) for x in ms])
        what = m
        if type(m) is int and (0 <= m < PASSING or m == END or DISCARD < m < DISCARD + PASSING):
            what = move_text(s, m)
        raise ValueError("illegal mypet move %r (legal: %s)" % (what, legal or "none"))
    apply(s, m)


def apply(s, m):
    """play() without the legality check (the computer players' play-outs)."""
    s.nmoves += 1
    seat = s.turn
    hand = s.hands[seat]
    if s.phase == PH_DISCARD:
        hand[m - DISCARD] -= 1
        s.discards[seat][m - DISCARD] += 1
        if not must_discard(s):
            _end_turn(s)
        return
    if m == END:
        if must_discard(s):
            s.phase = PH_DISCARD
        else:
            _end_turn(s)
        return
    table = s.table[seat]
    hand[m] -= 1
    table[m] += 1
    if m == AGE:
        s.aged = 1
        return
    s.carded = 1
    need = NEEDS[m]
    if need:  # the trick's Training cards leave play
        table[TRAINING] -= need
        s.discards[seat][TRAINING] += need


def _end_turn(s):
    """Younger rules: 10 Age cards in play make an Adult Pet, 20 the Passing. Then the
    next pet still living takes its turn."""
    seat = s.turn
    s.phase = PH_PLAY
    if not older(s):
        ages = s.table[seat][AGE]
        if ages >= 20:
            s.stage[seat] = PASSED
            s.table[seat][PASSING] = 1
        elif ages >= 10:
            s.stage[seat] = ADULT
    if _next_seat(s):
        _begin_turn(s)


# ---- the contract ----------------------------------------------------------------


def seats(s):
    return s.n


def humans(s):
    return tuple(range(s.n))


def to_act(s):
    return -1 if s.phase == PH_OVER else s.turn


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def scores(s):
    return [points(s.table[seat]) for seat in range(s.n)]


def score(s):
    return points(s.table[0])


def winner(s):
    """-1: a pet's life is not a race (docs/rules/mypet.md)."""
    return -1


def life_age(s):
    """The first pet's age: its Age cards in play (the stats' list of lives)."""
    return s.table[0][AGE]


def life_words(pts):
    """Two short lines saying what kind of life a pet with pts points had."""
    words = LIFE[0]
    for row in LIFE:
        if pts >= row[0]:
            words = row
    return words[1], words[2]


# ---- notation --------------------------------------------------------------------


def move_text(s, m):
    """'age', 'fetch', 'end', '-play' (a discard)."""
    if type(m) is int:
        if 0 <= m < PASSING:
            return CARD_CODES[m]
        if m == END:
            return "end"
        if DISCARD < m < DISCARD + PASSING:
            return "-" + CARD_CODES[m - DISCARD]
    raise ValueError("not a mypet move: %r" % (m,))


def move_log(s, seat, m):
    """'Rex plays Fetch' - at most 32 characters."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("mypet has no seat %r" % (seat,))
    move_text(s, m)
    name = SEAT_NAMES[seat]
    if m == END:
        return name + " rests"
    if m >= DISCARD:
        return name + " lets go of " + CARD_NAMES[m - DISCARD]
    return name + " plays " + CARD_NAMES[m]


def touches(s, m):
    """A card in the hand zone (to play it, or to discard it), or the END cell."""
    move_text(s, m)
    if m == END:
        return (("hand", ITEM_END),)
    return (("hand", m % DISCARD),)


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a mypet move: %r" % (text,))
    t = text.strip().lower()
    if t == "end":
        return END
    base = 0
    if t[:1] == "-":
        base = DISCARD
        t = t[1:]
    for k in range(PASSING):
        if CARD_CODES[k] == t and (base == 0 or k != AGE):
            return base + k
    raise ValueError("not a mypet move: %r (try age, play, train, fetch, end, -play)" % (text,))


# ---- the hint (shared_rules/mypet_ai.py) -----------------------------------------


def best_move(s):
    """The strong player's move for the pet to act (the hint, autoplay): it sees only
    view(s, to_act(s))."""
    if over(s):
        raise ValueError("mypet game is over")
    from shared_rules import mypet_ai

    return mypet_ai.strong(s)


# ---- rarely used parts (shared_rules/mypet_save.py) --------------------------------


def _save():
    from shared_rules import mypet_save

    return mypet_save


def summary(s):
    return _save().summary(s)


def view(s, seat):
    """What `seat` may see (docs/rules/mypet.md)."""
    return _save().view(s, seat)


def copy(s):
    return _save().copy(s)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s (docs/contract.md)."""
    return _save().redeal(s, seat, rng)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to) a line a write: a save
    needs neither mypet_save nor one long string on the heap."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    put("mypet %d\nopts %s %d\n" % (VERSION, o["rules"], o["players"]))
    put("seed %d\nrng %d\n" % (s.seed, s.rng.get_state()))
    at = (s.phase, s.turn, s.aged, s.carded, s.drew, s.grew, s.auto, s.nmoves)
    put("at %d %d %d %d %d %d %d %d\n" % at)
    for seat in range(s.n):
        put("pet %d %d\n" % (s.stage[seat], s.turns[seat]))
        for name, rows in (("hand", s.hands), ("table", s.table), ("disc", s.discards)):
            put("%s %s\n" % (name, " ".join([str(x) for x in rows[seat]])))
        deck = s.decks[seat]
        cards = "".join([DECK_CHARS[deck[i]] for i in range(s.ndeck[seat])])
        put("deck %s\n" % (cards or "-"))


DECK_CHARS = "0123456789P"  # a deck in a save: its kinds, bottom first


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    return _save().load(text)
