"""Hang Four: surf dogs, sand dollars and the Surf Shack (docs/rules/hang4.md).

The person (seat 0) against 1 to 3 computer players, in seat order from a starting seat
drawn from the seed. A surf dog is a nose board (left), a surf-dog character (centre)
and a tail board (right); the first with four complete dogs wins, and when the Surf deck
runs out the most complete dogs win, ties by sand dollars. A turn is ONE action: roll
the die (a number collects sand dollars up to 9; the Shack icon draws a Shack card),
buy Surf cards at 3 sand dollars each, or pay 2 for the top Shack card. Shack cards:
Seagull (roll, take that many from each opponent; buy next turn), Grab a Board (roll,
take that many incomplete boards from one opponent), Wipe Out (roll, lose that many of
your incomplete boards). Pure logic: runs on CPython, MicroPython and CircuitPython.

Cards are kinds (NOSE, DOG, TAIL; boards are not tied to a dog: D2). A player's dogs are
slots, each the bits of the kinds it holds (COMPLETE = all three); a card bought or
grabbed is placed by the rule of D5. Moves: ROLL, BUY + k (k cards), SHACK, FROM + seat
(the opponent to grab from), TAKE / LOSE + 2 * slot + side (side 0 the nose, 1 the
tail; slots counted from 0). Notation: "roll", "buy 2", "shack", "from west",
"take 3n", "lose 1t" (slots counted from 1 in text).
"""

from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "hang4"
TITLE = "Hang Four"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 4
SEAT_NAMES = ("You", "West", "North", "East")
OPTIONS = (
    ("rivals", "Rivals", (1, 2, 3), 1, "computer players against you"),
    ("cpu", "Computer", ("strong", "greedy", "random"), "strong", "how the computers play"),
)
LOW_WINS = False
CLEAN = None
SUMMARY = ("players", "winner", "dogs", "sand", "turns", "shack", "end")
SCORE_RANGE = (0, 13)  # complete dogs
PROFILE = None
BENCH = (("hang4", {"rivals": 3, "cpu": "strong"}, None),)

# The cards (D1): 39 Surf cards, 13 of each kind; 12 Shack cards, 4 of each.
NOSE = const(0)
DOG = const(1)
TAIL = const(2)
KIND_BITS = (1, 2, 4)
COMPLETE = const(7)
PER_KIND = const(13)
SURF_CARDS = const(39)
SEAGULL = const(0)
GRAB = const(1)
WIPE = const(2)
SHACK_NAMES = ("Seagull", "Grab a Board", "Wipe Out")
PER_SHACK = const(4)
SHACK_CARDS = const(12)

# The die (D3): faces 1-5 and the Surf Shack icon.
ICON = const(6)
FACES = (1, 2, 3, 4, 5, ICON)

SAND_TOTAL = const(30)
START_SAND = const(3)
ROLL_CAP = const(9)  # no more than 9 by rolling
PRICE = const(3)  # a Surf card
SHACK_PRICE = const(2)
DOGS_TO_WIN = const(4)
SLOTS_MAX = const(40)  # a player's dogs, complete or not (39 cards at most)

# Moves.
ROLL = const(0)
BUY = const(0)  # BUY + k: k cards, 1 <= k <= 9 (moves 1..9)
BUY_MAX = const(9)  # 27 sand dollars at most after a Seagull: 9 cards
SHACK = const(10)
FROM = const(11)  # FROM + seat: grab from that opponent (11..14)
TAKE = const(16)  # TAKE + 2 * slot + side, from the opponent chosen
LOSE = const(100)  # LOSE + 2 * slot + side, your own
MOVES_END = const(180)

# Phases.
PH_TURN = const(0)  # the seat `turn` chooses its action
PH_FROM = const(1)  # Grab a Board: the opponent to take from
PH_TAKE = const(2)  # Grab a Board: `count` boards still to take from `victim`
PH_LOSE = const(3)  # Wipe Out: `count` boards still to lose
PH_OVER = const(4)
PHASE_NAMES = ("turn", "from", "take", "lose", "over")

# What the last action did (for the screen and the log): LAST_* indexes of s.last.
L_SEAT = const(0)
L_ACT = const(1)  # ROLL, SHACK or 1..9 cards bought; 255 none yet
L_DIE = const(2)  # the first die (0: none)
L_CARD = const(3)  # the Shack card drawn + 1 (0: none)
L_DIE2 = const(4)  # the Shack card's die (0: none)
L_GAIN = const(5)  # sand dollars collected, or boards taken or lost
LAST_LEN = const(6)

END_NONE = const(0)
END_FOUR = const(1)
END_DECK = const(2)
END_NAMES = ("", "four dogs", "deck out")

_KEY_A = const(16)  # firmware.buttons.A


class Game:
    """Every player's dogs and sand dollars, the bank, both decks (top last), the
    discards, the turn and what the last action did."""

    def __init__(self):
        self.opts = {"rivals": 1, "cpu": "strong"}
        self.seed = 0
        self.rng = Rng(1)
        self.n = 2
        self.phase = PH_TURN
        self.turn = 0
        self.start = 0  # the seat that took the first turn
        self.count = 0  # boards still to take or lose
        self.victim = -1
        self.sand = bytearray(2)
        self.bank = SAND_TOTAL
        self.dogs = [[], []]  # per seat: slots, each its kinds' bits
        self.deck = bytearray(SURF_CARDS)  # Surf cards (kinds): deck[:ndeck], the top last
        self.ndeck = 0
        self.shack = bytearray(SHACK_CARDS)  # Shack cards: shack[:nshack], the top last
        self.nshack = 0
        self.used = bytearray(SHACK_CARDS)  # drawn, face up: used[:nused] (D8)
        self.nused = 0
        self.discard = bytearray(3)  # wiped-out boards by kind
        self.must_buy = bytearray(2)  # a Seagull's obligation for the next turn
        self.drawn = bytearray(3)  # Shack cards drawn, by kind (the summary)
        self.last = bytearray(LAST_LEN)
        self.last[L_ACT] = 255
        self.turns = 0  # turns completed
        self.end = END_NONE
        self.win = -1
        self.nmoves = 0


# ---- named function ------------------------------------------------------------


def collect_from_roll(have, roll):
    """Sand dollars a number roll collects holding `have`: the roll, but never above 9
    by rolling (0 when holding 9 or more); the bank's own limit aside (C7)."""
    if type(roll) is not int or not 1 <= roll <= 6:
        raise ValueError("a number roll is 1 to 6, got %r" % (roll,))
    if type(have) is not int or have < 0:
        raise ValueError("sand dollars held must be 0 or more, got %r" % (have,))
    room = ROLL_CAP - have
    if room <= 0:
        return 0
    return roll if roll < room else room


# ---- options -----------------------------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("hang4 has no option %r" % (key,))
    v = check_option(NAME, row, v)
    return _option_text(OPTIONS, key, v)


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    r = o["rivals"]
    return ("You + %d rival%s" % (r, "s" if r > 1 else ""), "%s play" % o["cpu"])


# ---- a new game --------------------------------------------------------------------


def new(seed, options=None, profile=None):
    """Set-up (C2-C4): a character face up for each player, the rest of the Surf deck
    and the Shack deck shuffled, 3 sand dollars each from the 30; the first player
    drawn from the seed (D9)."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("hang4 seed must be a number, got %r" % (seed,))
    s = Game()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    n = 1 + o["rivals"]
    s.n = n
    s.sand = bytearray([START_SAND] * n)
    s.bank = SAND_TOTAL - START_SAND * n
    s.dogs = [[KIND_BITS[DOG]] for _ in range(n)]
    s.must_buy = bytearray(n)
    k = 0
    for kind in (NOSE, DOG, TAIL):
        for _ in range(PER_KIND - n if kind == DOG else PER_KIND):
            s.deck[k] = kind
            k += 1
    s.ndeck = k
    s.rng.shuffle(s.deck, k)
    for i in range(SHACK_CARDS):
        s.shack[i] = i // PER_SHACK
    s.nshack = SHACK_CARDS
    s.rng.shuffle(s.shack)
    s.start = s.rng.below(n)
    s.turn = s.start
    return s


# ---- the contract --------------------------------------------------------------


def seats(s):
    return s.n


def humans(s):
    return (0,)


def to_act(s):
    return -1 if s.phase == PH_OVER else s.turn


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def complete(s, seat):
    """The seat's complete surf dogs."""
    n = 0
    for v in s.dogs[seat]:
        if v == COMPLETE:
            n += 1
    return n


def boards(s, seat):
    """The seat's boards in incomplete dogs (what Grab a Board and Wipe Out reach)."""
    n = 0
    for v in s.dogs[seat]:
        if v != COMPLETE:
            n += (v & 1) + ((v >> 2) & 1)
    return n


def scores(s):
    return [complete(s, seat) for seat in range(s.n)]


def score(s):
    return complete(s, 0)


def winner(s):
    return s.win if s.phase == PH_OVER else -1


def clean(s):
    return False


def summary(s):
    w = winner(s)
    return {
        "score": complete(s, 0),
        "clean": False,
        "players": s.n,
        "winner": w if w >= 0 else None,
        "dogs": scores(s),
        "sand": list(s.sand),
        "turns": s.turns,
        "shack": {"seagull": s.drawn[0], "grab": s.drawn[1], "wipe": s.drawn[2]},
        "end": END_NAMES[s.end],
    }


# ---- legal moves -------------------------------------------------------------------


def buy_max(s, seat):
    """Most cards the seat can buy now: its sand dollars and the deck allow."""
    k = s.sand[seat] // PRICE
    if k > s.ndeck:
        k = s.ndeck
    return k if k < BUY_MAX else BUY_MAX


def must_buy(s, seat):
    """A Seagull's obligation (C10, D6): only purchases (Surf cards, or a Shack card for
    2), while one is affordable."""
    return s.must_buy[seat] and (buy_max(s, seat) > 0 or s.sand[seat] >= SHACK_PRICE)


def victims(s, seat):
    """Whom Grab a Board may take from (C11, D17): the opponents holding at least the
    roll's number (s.count) of boards in incomplete dogs; when none holds that many,
    every opponent holding one."""
    some = []
    enough = []
    for p in range(s.n):
        if p != seat:
            b = boards(s, p)
            if b:
                some.append(p)
                if b >= s.count:
                    enough.append(p)
    return enough or some


def _board_moves(out, base, dogs):
    for i in range(len(dogs)):
        v = dogs[i]
        if v != COMPLETE:
            if v & 1:
                out.append(base + 2 * i)
            if v & 4:
                out.append(base + 2 * i + 1)


def moves(s):
    out = []
    seat = s.turn
    ph = s.phase
    if ph == PH_TURN:
        if not must_buy(s, seat):
            out.append(ROLL)
        for k in range(1, buy_max(s, seat) + 1):
            out.append(BUY + k)
        if s.sand[seat] >= SHACK_PRICE:
            out.append(SHACK)
    elif ph == PH_FROM:
        for p in victims(s, seat):
            out.append(FROM + p)
    elif ph == PH_TAKE:
        _board_moves(out, TAKE, s.dogs[s.victim])
    elif ph == PH_LOSE:
        _board_moves(out, LOSE, s.dogs[seat])
    return out


def is_legal(s, m):
    if type(m) is not int:
        return False
    return m in moves(s)


# ---- play --------------------------------------------------------------------------


def play(s, m):
    """Apply a move in place; an illegal move raises ValueError and changes nothing."""
    if s.phase == PH_OVER:
        raise ValueError("hang4 game is over")
    if not is_legal(s, m):
        raise ValueError("illegal hang4 move %r in phase %s" % (m, PHASE_NAMES[s.phase]))
    seat = s.turn
    s.nmoves += 1
    if s.phase == PH_TURN:
        _new_last(s, seat, m)
        if m == ROLL:
            _roll(s, seat)
        elif m == SHACK:
            _pay(s, seat, SHACK_PRICE)
            _visit_shack(s, seat)
        else:
            s.must_buy[seat] = 0
            _pay(s, seat, PRICE * (m - BUY))
            for _ in range(m - BUY):
                s.ndeck -= 1
                _place(s, seat, s.deck[s.ndeck])
        if s.phase == PH_TURN:
            _end_turn(s, seat)
        return
    if s.phase == PH_FROM:
        s.victim = m - FROM
        _start_taking(s, seat)
        if s.phase == PH_TURN:
            _end_turn(s, seat)
    elif s.phase == PH_TAKE:
        _take(s, seat, s.victim, (m - TAKE) >> 1, (m - TAKE) & 1)
        if s.count and boards(s, s.victim) and complete(s, seat) < DOGS_TO_WIN:
            return
        _end_turn(s, seat)
    else:
        _lose(s, seat, (m - LOSE) >> 1, (m - LOSE) & 1)
        if s.count and boards(s, seat):
            return
        _end_turn(s, seat)


def _new_last(s, seat, m):
    last = s.last
    for i in range(LAST_LEN):
        last[i] = 0
    last[L_SEAT] = seat
    last[L_ACT] = m


def _die(s):
    return FACES[s.rng.below(6)]


def _pay(s, seat, n):
    s.sand[seat] -= n
    s.bank += n


def _roll(s, seat):
    """C6-C9: a number collects from the bank (up to 9, as the bank allows: D7); the
    icon visits the Surf Shack."""
    face = _die(s)
    s.last[L_DIE] = face
    if face == ICON:
        _visit_shack(s, seat)
        return
    got = collect_from_roll(s.sand[seat], face)
    if got > s.bank:
        got = s.bank
    s.sand[seat] += got
    s.bank -= got
    s.last[L_GAIN] = got


def _draw_shack(s):
    """The top Shack card, face up beside the deck; an empty deck is the face-up cards
    shuffled again first (D8)."""
    if not s.nshack:
        s.shack, s.used = s.used, s.shack
        s.nshack = s.nused
        s.nused = 0
        s.rng.shuffle(s.shack, s.nshack)
    s.nshack -= 1
    card = s.shack[s.nshack]
    s.used[s.nused] = card
    s.nused += 1
    s.drawn[card] += 1
    s.last[L_CARD] = card + 1
    return card


def _visit_shack(s, seat):
    card = _draw_shack(s)
    if card == SEAGULL:
        s.must_buy[seat] = 1  # C10: buy at least one card next turn (D6)
    face = _die(s)
    s.last[L_DIE2] = face
    if face == ICON:  # a second icon: nothing (Wipe Out: your cards are safe)
        return
    if card == SEAGULL:
        got = 0
        for p in range(s.n):
            if p != seat:
                t = face if face < s.sand[p] else s.sand[p]
                s.sand[p] -= t
                got += t
        s.sand[seat] += got
        s.last[L_GAIN] = got
    elif card == GRAB:
        s.count = face
        who = victims(s, seat)
        if len(who) == 1:
            s.victim = who[0]
            _start_taking(s, seat)
        elif who:
            s.phase = PH_FROM
    else:
        mine = boards(s, seat)
        if not mine:
            return
        if face >= mine:  # every one goes: no choice to make
            dogs = s.dogs[seat]
            i = len(dogs) - 1
            while i >= 0:
                v = dogs[i]
                if v != COMPLETE:
                    for side in (0, 1):
                        if v & (1 << (2 * side)):
                            _lose(s, seat, i, side)
                i -= 1
        else:
            s.count = face
            s.phase = PH_LOSE


def _start_taking(s, seat):
    """Grab a Board from the chosen opponent: all its boards at once when the roll
    reaches them (no choice), else one pick at a time."""
    p = s.victim
    if s.count >= boards(s, p):
        while boards(s, p) and complete(s, seat) < DOGS_TO_WIN:
            dogs = s.dogs[p]
            for i in range(len(dogs)):
                v = dogs[i]
                if v != COMPLETE and v & 5:
                    _take(s, seat, p, i, 0 if v & 1 else 1)
                    break
        s.phase = PH_TURN  # the caller ends the turn
        return
    s.phase = PH_TAKE


def _remove(s, seat, slot, side):
    dogs = s.dogs[seat]
    dogs[slot] &= ~(1 << (2 * side))
    if not dogs[slot]:
        dogs.pop(slot)


def _take(s, seat, p, slot, side):
    _remove(s, p, slot, side)
    _place(s, seat, TAIL if side else NOSE)
    s.count -= 1
    s.last[L_GAIN] += 1


def _lose(s, seat, slot, side):
    _remove(s, seat, slot, side)
    s.discard[TAIL if side else NOSE] += 1
    if s.count:
        s.count -= 1
    s.last[L_GAIN] += 1


def place_slot(dogs, kind):
    """Where a card of `kind` goes (D5): the incomplete dog lacking it that holds the
    most cards (the first such: it completes a dog when it can), else -1 (a new dog in
    an empty space)."""
    bit = KIND_BITS[kind]
    best = -1
    most = 0
    for i in range(len(dogs)):
        v = dogs[i]
        if v != COMPLETE and not v & bit:
            n = (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1)
            if n > most:
                best = i
                most = n
    return best


def _place(s, seat, kind):
    dogs = s.dogs[seat]
    i = place_slot(dogs, kind)
    if i < 0:
        dogs.append(KIND_BITS[kind])
    else:
        dogs[i] |= KIND_BITS[kind]


def _end_turn(s, seat):
    """The turn is over: four dogs win at once (C17); an empty Surf deck ends the game
    (C18); else the next seat in order plays."""
    s.phase = PH_TURN
    s.count = 0
    s.victim = -1
    s.turns += 1
    if s.last[L_ACT] == ROLL or s.last[L_ACT] == SHACK:
        if s.last[L_CARD] != SEAGULL + 1:
            s.must_buy[seat] = 0  # an obligation lasts one turn (D6)
    if complete(s, seat) >= DOGS_TO_WIN:
        _finish(s, END_FOUR, seat)
        return
    if not s.ndeck:
        _finish(s, END_DECK, _deck_out_winner(s))
        return
    s.turn = (seat + 1) % s.n


def _deck_out_winner(s):
    """Most complete dogs, ties by most sand dollars; a tie on both is a draw (D10)."""
    best = -1
    key = (-1, -1)
    tied = False
    for p in range(s.n):
        k = (complete(s, p), s.sand[p])
        if k > key:
            key = k
            best = p
            tied = False
        elif k == key:
            tied = True
    return -1 if tied else best


def _finish(s, how, who):
    s.phase = PH_OVER
    s.end = how
    s.win = who


# ---- notation and the screen -------------------------------------------------------


def _slot_text(k):
    return "%d%s" % ((k >> 1) + 1, "t" if k & 1 else "n")


def move_text(s, m):
    if m == ROLL:
        return "roll"
    if type(m) is int and BUY < m <= BUY + BUY_MAX:
        return "buy %d" % (m - BUY)
    if m == SHACK:
        return "shack"
    if type(m) is int and FROM <= m < FROM + SEATS_MAX:
        return "from " + SEAT_NAMES[m - FROM].lower()
    if type(m) is int and TAKE <= m < TAKE + 2 * SLOTS_MAX:
        return "take " + _slot_text(m - TAKE)
    if type(m) is int and LOSE <= m < LOSE + 2 * SLOTS_MAX:
        return "lose " + _slot_text(m - LOSE)
    raise ValueError("not a hang4 move: %r" % (m,))


def move_log(s, seat, m):
    """The line for a seat's move (before it is played; the screen shows the dice):
    "West: buy 2", "North: grab East", at most 16 characters."""
    t = move_text(s, m)
    if FROM <= m < FROM + SEATS_MAX:
        t = "grab " + SEAT_NAMES[m - FROM]
    elif m == SHACK:
        t = "Shack"
    return SEAT_NAMES[seat] + ": " + t


def touches(s, m):
    """ROLL and SHACK: the "act" cells 0 and 1; a purchase: the "buy" cell k; the
    opponent to grab from: its "seat" row; a board taken: the "theirs" cell, one lost:
    the "mine" cell (2 * slot + side)."""
    move_text(s, m)
    if m == ROLL:
        return (("act", 0),)
    if m == SHACK:
        return (("act", 1),)
    if BUY < m <= BUY + BUY_MAX:
        return (("buy", m - BUY),)
    if FROM <= m < FROM + SEATS_MAX:
        return (("seat", m - FROM),)
    if TAKE <= m < TAKE + 2 * SLOTS_MAX:
        return (("theirs", m - TAKE),)
    return (("mine", m - LOSE),)


# ---- computer players (shared_rules/hang4_ai.py) ------------------------------------


def best_move(s):
    """The computer seat's move at the chosen level (option cpu); for the person's seat
    (a hint) the strong player's. Each sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("hang4 game is over")
    from shared_rules import hang4_ai as ai

    level = "strong" if seat in humans(s) else s.opts["cpu"]
    return ai.choose(s, level)


def release_players():
    """The computer players keep nothing between moves."""


# ---- the save (kept here: a game in play saves without hang4_save) ------------------


def _digits(seq):
    return "".join(["%d" % x for x in seq]) or "-"


def dump(s):
    o = s.opts
    lines = [
        "hang4 %d" % VERSION,
        "opts %d %s" % (o["rivals"], o["cpu"]),
        "seed %d" % s.seed,
        "rng %d" % s.rng.get_state(),
        "at %d %d %d %d %d %d %d %d %d"
        % (s.phase, s.turn, s.start, s.count, s.victim, s.nmoves, s.turns, s.end, s.win),
        "sand %s %d" % (" ".join(["%d" % x for x in s.sand]), s.bank),
        "deck " + _digits(s.deck[: s.ndeck]),
        "shack %s %s" % (_digits(s.shack[: s.nshack]), _digits(s.used[: s.nused])),
        "discard %d %d %d" % (s.discard[0], s.discard[1], s.discard[2]),
        "must " + _digits(s.must_buy),
        "drawn %d %d %d" % (s.drawn[0], s.drawn[1], s.drawn[2]),
        "last " + " ".join(["%d" % x for x in s.last]),
    ]
    for p in range(s.n):
        lines.append("dogs%d %s" % (p, _digits(s.dogs[p])))
    return "\n".join(lines) + "\n"


# ---- rarely used parts (shared_rules/hang4_save.py) -------------------------------


def _save():
    from shared_rules import hang4_save

    return hang4_save


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
    """What `seat` may see (docs/rules/hang4.md)."""
    return _save().view(s, seat)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: both decks shuffled again."""
    return _save().redeal(s, seat, rng)


def copy(s):
    return _save().copy(s)
