"""Three-Thirteen rummy: eleven rounds of draw and discard (docs/rules/rummy.md).

Two to four seats (seat 0 the person, the others computers). One deck with two jokers
for two players, two such decks for three or four. Round r (1..11) deals r + 2 cards;
that rank and the jokers are wild. A turn: draw the stock's top card or the top
discard, then discard one card, or discard one and go out when every other card
forms separate melds. A wild card discarded opens a claim window: the other seats,
from the one after the discarder, may grab it (then discard one card) or pass. After
someone goes out every other seat has one more turn; then the round is scored: the
one who went out -r, the others what they cannot meld or lay off on the melds laid
down. The lowest total after the last round wins. Pure logic: runs on CPython,
MicroPython and CircuitPython.

Cards are ints: suit * 13 + rank (0..51, text "AS".."KC", "T" for ten) and JOKER (52,
"JK"); two decks hold two of each. Moves: a discard (the card, 0..52), OUT + card
(discard and go out), STOCK, PILE (draw), GRAB, PASS (a claim window), NEXT (deal the
next round). Notation: "7H", "out 7H", "draw", "take", "grab", "pass", "next".
"""

from shared_rules import cards as _cards
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "rummy"
TITLE = "Three-Thirteen"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 4
SEAT_NAMES = ("You", "West", "North", "East")
SEAT_KEYS = ("you", "west", "north", "east")  # each rival's own level option
LOW_WINS = True
SCORE_RANGE = (-66, 1760)  # out every round; every card of every round left at 20 (the
# stats read it as a game ends: kept here, not in rummy_more)
CLEAN = None
PROFILE = None

JOKER = const(52)
KINDS = const(53)  # card values 0..52
CARDS_MAX = const(108)  # two decks
JOKERS_PER_DECK = const(2)
JOKER_POINTS = const(20)
VALUES = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)  # penalty by rank: A 14 .. K 13
STOCK_REBUILDS = const(2)  # the third time the stock runs out, the round ends

# Moves.
OUT = const(64)  # OUT + card: discard it and go out
STOCK = const(120)
PILE = const(121)
GRAB = const(122)
PASS = const(123)
NEXT = const(124)

# Phases.
PH_DRAW = const(0)  # the seat `turn` draws
PH_DISCARD = const(1)  # the seat `turn` discards (or goes out)
PH_CLAIM = const(2)  # a wild card was discarded: `claim` lists who may still grab it
PH_GRAB = const(3)  # `grabber` grabbed the wild card and discards
PH_BETWEEN = const(4)  # a round is scored; seat 0 deals the next (NEXT)
PH_OVER = const(5)
PHASE_NAMES = ("draw", "discard", "claim", "grab", "between", "over")

_KEY_A = const(16)  # firmware.buttons.A, for the "key" zone
_KEY_B = const(32)


class Rummy:
    """The whole match: hands, stock, discard pile, the round's state and the totals."""

    def __init__(self):
        self.opts = {"cpus": 3, "level": "strong", "rounds": 11}
        for key in SEAT_KEYS[1:]:
            self.opts[key] = "same"
        self.seed = 0
        self.rng = Rng(1)
        self.n = 4  # seats
        self.first = 0  # the first round's dealer
        self.round = 0  # 0-based: round 0 (the first) deals 3 cards, threes wild
        self.phase = PH_DRAW
        self.turn = 0  # the seat whose turn it is (in a claim window: the discarder)
        self.out = -1  # the seat that went out this round
        self.taken = -1  # the card taken from the pile (or grabbed) this turn
        self.grabber = -1
        self.claim = []  # seats that may still grab, in the order they decide
        self.hands = [[], [], [], []]  # sorted cards
        self.known = [[], [], [], []]  # cards each seat took from the pile, still held
        self.stock = bytearray(CARDS_MAX)  # face down: stock[:nstock], drawn from the end
        self.nstock = 0
        self.pile = bytearray(CARDS_MAX)  # face up: pile[:npile], the top card last
        self.npile = 0
        self.rebuilds = 0  # stock rebuilt from the pile this round
        self.grabs = 0  # grabs this round
        self.totals = [0, 0, 0, 0]
        self.rounds = []  # per scored round: [out seat, grabs, points seat 0..n-1]
        self.nmoves = 0
        self.outs_at = -1  # cache of the cards that go out (moves), by nmoves
        self.outs = None


# ---- cards -------------------------------------------------------------------


def card_text(card):
    if card == JOKER:
        return "JK"
    return _cards.card_text(card)


def is_wild(card, wild):
    """Jokers and the rank of `wild` (3..13: the cards dealt this round)."""
    return card == JOKER or card % 13 == wild - 1


def points(card, wild):
    """What a card left in a hand costs: 2..10 at face, J 11, Q 12, K 13, A 14; a
    wild rank card its face value, a joker 20."""
    if card == JOKER:
        return JOKER_POINTS
    return VALUES[card % 13]


def wild_of(s):
    """The wild rank of the round being played: the number of cards dealt."""
    return s.round + 3


# ---- a round ----------------------------------------------------------------------


def deck_counts(n):
    """How many of each card value (0..52) the decks of an n-seat game hold."""
    d = 1 if n == 2 else 2
    out = bytearray([d] * KINDS)
    out[JOKER] = JOKERS_PER_DECK * d
    return out


def dealer(s):
    return (s.first + s.round) % s.n


def deal_round(s):
    """Shuffle every card, deal round r's r + 2 cards one at a time from the seat left
    of the dealer, turn the stock's top card up; the seat left of the dealer begins."""
    counts = deck_counts(s.n)
    stock = s.stock
    i = 0
    for c in range(KINDS):
        for _ in range(counts[c]):
            stock[i] = c
            i += 1
    s.rng.shuffle(stock, i)
    n = s.n
    d = dealer(s)
    for seat in range(n):
        s.hands[seat] = []
        s.known[seat] = []
    for _ in range(s.round + 3):
        for k in range(1, n + 1):
            i -= 1
            s.hands[(d + k) % n].append(stock[i])
    for seat in range(n):
        s.hands[seat].sort()
    i -= 1
    s.pile[0] = stock[i]
    s.npile = 1
    s.nstock = i
    s.turn = (d + 1) % n
    s.phase = PH_DRAW
    s.out = -1
    s.taken = -1
    s.grabber = -1
    s.claim = []
    s.rebuilds = 0
    s.grabs = 0


# ---- the contract --------------------------------------------------------------


def seats(s):
    return s.n


def humans(s):
    return (0,)


def to_act(s):
    ph = s.phase
    if ph == PH_DRAW or ph == PH_DISCARD:
        return s.turn
    if ph == PH_CLAIM:
        return s.claim[0]
    if ph == PH_GRAB:
        return s.grabber
    if ph == PH_BETWEEN:
        return 0
    return -1


def claimants(s):
    return tuple(s.claim) if s.phase == PH_CLAIM else ()


def over(s):
    return s.phase == PH_OVER


def scores(s):
    return list(s.totals)


def score(s):
    return s.totals[0]


def winner(s):
    """The seat with the lowest total once the match is over; -1 on a tie or before."""
    if s.phase != PH_OVER:
        return -1
    best = 0
    tie = False
    for seat in range(1, s.n):
        if s.totals[seat] < s.totals[best]:
            best = seat
            tie = False
        elif s.totals[seat] == s.totals[best]:
            tie = True
    return -1 if tie else best


def _distinct(hand, skip=-1):
    out = []
    last = -1
    for c in hand:
        if c != last and c != skip:
            out.append(c)
        last = c
    return out


def just_taken(s):
    """The card the seat to discard took from the pile this turn (or grabbed), unless its
    whole hand is that card; -1 for none. It may be thrown back (D8): the computers keep
    it (a take and return is a turn lost) and the screen's cursor starts elsewhere."""
    t = s.taken
    if t < 0:
        return -1
    hand = s.hands[s.grabber if s.phase == PH_GRAB else s.turn]
    return t if hand[0] != t or hand[-1] != t else -1


def out_cards(s):
    """The cards the seat to discard may go out with (sorted): any card whose discard
    leaves the rest of the hand melding completely (the card it took from the pile
    too). [] after someone went out, or grabbing."""
    if s.phase != PH_DISCARD or s.out >= 0:
        return []
    if s.outs_at == s.nmoves and s.outs is not None:
        return s.outs
    hand = s.hands[s.turn]
    wild = wild_of(s)
    out = []
    from shared_rules import rummy_melds as m  # the exact meld search

    if m.can_go_out(hand, wild):
        out = m.out_discards(hand, wild)
    s.outs = out
    s.outs_at = s.nmoves
    return out


def moves(s):
    """The legal moves of the seat to act, ascending; [] once the match is over."""
    ph = s.phase
    if ph == PH_DRAW:
        return [STOCK, PILE] if s.nstock else [PILE]
    if ph == PH_DISCARD:
        out = _distinct(s.hands[s.turn])
        for c in out_cards(s):
            out.append(OUT + c)
        return out
    if ph == PH_GRAB:
        return _distinct(s.hands[s.grabber])
    if ph == PH_CLAIM:
        return [GRAB, PASS]
    if ph == PH_BETWEEN:
        return [NEXT]
    return []


def is_legal(s, m):
    if type(m) is not int:
        return False
    ph = s.phase
    if ph == PH_DRAW:
        return m == PILE or (m == STOCK and s.nstock > 0)
    if ph == PH_DISCARD:
        if 0 <= m <= JOKER:
            return m in s.hands[s.turn]
        if OUT <= m <= OUT + JOKER:
            return (m - OUT) in out_cards(s)
        return False
    if ph == PH_GRAB:
        return 0 <= m <= JOKER and m in s.hands[s.grabber]
    if ph == PH_CLAIM:
        return m == GRAB or m == PASS
    if ph == PH_BETWEEN:
        return m == NEXT
    return False


def play(s, m):
    """Apply move m for the seat to act. An illegal move raises ValueError and changes
    nothing."""
    if not is_legal(s, m):
        ms = moves(s)
        legal = " ".join([move_text(s, x) for x in ms[:8]]) + (" ..." if len(ms) > 8 else "")
        raise ValueError(
            "illegal rummy move %s in phase %s (legal: %s)"
            % (_safe_text(m), PHASE_NAMES[s.phase], legal or "none")
        )
    apply(s, m)


def apply(s, m):
    """play() without the legality check (the computer players' look-ahead)."""
    s.nmoves += 1
    ph = s.phase
    if ph == PH_DRAW:
        _draw(s, m)
    elif ph == PH_DISCARD:
        _discard(s, m)
    elif ph == PH_GRAB:
        seat = s.grabber
        _throw(s, seat, m)
        s.grabber = -1
        s.taken = -1
        _next_turn(s)
    elif ph == PH_CLAIM:
        seat = s.claim.pop(0)
        if m == GRAB:
            card = _pop_pile(s)
            _insert(s.hands[seat], card)
            s.known[seat].append(card)
            s.grabs += 1
            s.claim = []
            s.grabber = seat
            s.taken = card
            s.phase = PH_GRAB
        elif not s.claim:
            _next_turn(s)
    elif ph == PH_BETWEEN:
        s.round += 1
        deal_round(s)


def _insert(hand, card):
    i = 0
    n = len(hand)
    while i < n and hand[i] < card:
        i += 1
    hand.insert(i, card)


def _draw(s, m):
    seat = s.turn
    if m == PILE:
        card = _pop_pile(s)
        s.known[seat].append(card)
        s.taken = card
    else:
        s.nstock -= 1
        card = s.stock[s.nstock]
        _rebuild_if_out(s)
    _insert(s.hands[seat], card)
    s.phase = PH_DISCARD


def _rebuild_if_out(s):
    """The stock drawn out is rebuilt while rebuilds are left and the pile has a card
    besides its top (D13)."""
    if not s.nstock and s.rebuilds < STOCK_REBUILDS and s.npile > 1:
        _rebuild(s)


def _rebuild(s):
    """The stock ran out: the discard pile but its top card, shuffled, is the new stock."""
    n = s.npile - 1
    for i in range(n):
        s.stock[i] = s.pile[i]
    s.pile[0] = s.pile[n]
    s.npile = 1
    s.nstock = n
    s.rng.shuffle(s.stock, n)
    s.rebuilds += 1


def _pop_pile(s):
    s.npile -= 1
    return s.pile[s.npile]


def top(s):
    """The discard pile's top card, -1 when it is empty."""
    return s.pile[s.npile - 1] if s.npile else -1


def pile_cards(s):
    """The discard pile as a list, bottom first."""
    return list(s.pile[: s.npile])


def stock_cards(s):
    """The stock as a list, its top (drawn next) last."""
    return list(s.stock[: s.nstock])


def _throw(s, seat, card):
    """`seat` puts `card` from its hand on the discard pile."""
    s.hands[seat].remove(card)
    known = s.known[seat]
    if card in known:
        known.remove(card)
    s.pile[s.npile] = card
    s.npile += 1


def _discard(s, m):
    seat = s.turn
    going_out = m >= OUT
    card = m - OUT if going_out else m
    _throw(s, seat, card)
    s.taken = -1
    if going_out:
        s.out = seat
    elif s.out < 0 and is_wild(card, wild_of(s)):
        n = s.n
        s.claim = [(seat + k) % n for k in range(1, n)]
        s.phase = PH_CLAIM
        return
    _next_turn(s)


def _next_turn(s):
    """The next seat draws, or the round ends (_last_turn). A stock whose last card was
    drawn with no other card in the pile is rebuilt now, from the pile the turn's
    discard made (D13)."""
    _rebuild_if_out(s)
    last = _last_turn(s, s.out)
    s.turn = (s.turn + 1) % s.n
    s.phase = PH_DRAW
    if last:
        _end_round(s)


def _last_turn(s, out, thrown=0):
    """The turn under way is the round's last: the next comes back to the seat that
    went out (`out`); with no one out, the stock is empty for good (D13: no rebuild
    left, or no card in the pile but its top once `thrown` more cards are on it). The
    last turns after a seat went out are played whatever the stock holds: with none
    left a seat draws the discard pile's top (D14)."""
    if out >= 0:
        return (s.turn + 1) % s.n == out
    return not s.nstock and (s.rebuilds >= STOCK_REBUILDS or s.npile + thrown < 2)


def ends_round(s, m):
    """True when the legal move m, played now, ends the round (and scores it): a screen
    shows the move first and the scoring on the next frame."""
    ph = s.phase
    if ph == PH_DISCARD:
        going_out = m >= OUT
        if not going_out and s.out < 0 and is_wild(m, wild_of(s)):
            return False  # the others may grab it first
        return _last_turn(s, s.turn if going_out else s.out, 1)
    if ph == PH_GRAB:
        return _last_turn(s, s.out, 1)
    if ph == PH_CLAIM and m != GRAB and len(s.claim) == 1:
        return _last_turn(s, s.out)
    return False


def _end_round(s):
    """Score the round: -r for the seat that went out, the others what their cards
    leave after their melds and lay-offs on every other seat's melds (D12)."""
    row = [s.out, s.grabs]
    from shared_rules import rummy_score

    pts = rummy_score.round_points(s.hands, s.out, wild_of(s))
    for seat in range(s.n):
        p = -(s.round + 1) if seat == s.out else pts[seat]
        row.append(p)
        s.totals[seat] += p
    s.rounds.append(row)
    s.claim = []
    s.taken = -1
    s.grabber = -1
    s.phase = PH_OVER if s.round + 1 >= s.opts["rounds"] else PH_BETWEEN


# ---- notation ----------------------------------------------------------------------


def move_text(s, m):
    """'7H' (discard), 'out 7H', 'draw' (the stock), 'take' (the top discard), 'grab',
    'pass', 'next'."""
    if type(m) is int:
        if 0 <= m <= JOKER:
            return card_text(m)
        if OUT <= m <= OUT + JOKER:
            return "out " + card_text(m - OUT)
        if STOCK <= m <= NEXT:
            return ("draw", "take", "grab", "pass", "next")[m - STOCK]
    raise ValueError("not a rummy move: %r" % (m,))


def _safe_text(m):
    try:
        return move_text(None, m)
    except ValueError:
        return repr(m)


def move_log(s, seat, m):
    """'West drew', 'West took 7H', 'West threw 7H', 'West grabbed 5S', 'West went out
    with 7H', 'West passed' - at most 32 characters."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("rummy has no seat %r" % (seat,))
    t = move_text(s, m)
    name = SEAT_NAMES[seat]
    if m == STOCK:
        line = name + " drew"
    elif m == PILE:
        line = name + " took " + (card_text(top(s)) if s.npile else "the discard")
    elif m == GRAB:
        line = name + " grabbed " + (card_text(top(s)) if s.npile else "the wild")
    elif m == PASS:
        line = name + " passed"
    elif m == NEXT:
        line = "Round %d dealt" % (s.round + 2)
    elif m >= OUT:
        line = name + " went out with " + t[4:]
    else:
        line = name + " threw " + t
    return line[:32]


def touches(s, m):
    """The draw row's two cells, 0 the stock and 1 the discard pile (draws), a hand
    card (discards), the OUT cell then the card (going out), A (grab, next round) and
    B (pass)."""
    move_text(s, m)
    if m == STOCK:
        return (("draw", 0),)
    if m == PILE:
        return (("draw", 1),)
    if m == GRAB or m == NEXT:
        return (("key", _KEY_A),)
    if m == PASS:
        return (("key", _KEY_B),)
    if m >= OUT:
        return (("out", 0), ("hand", m - OUT))
    return (("hand", m),)


# ---- computer players (shared_rules/rummy_ai.py) ---------------------------------------


def best_move(s):
    """A computer seat's move at the chosen level (option level); for the person's seat
    (a hint) the strong player's. Each sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("rummy match is over")
    if s.phase == PH_BETWEEN:  # the one move: no search (the players stay unloaded)
        return NEXT
    greedy = seat != 0 and level_of(s.opts, seat) == "greedy"
    if s.phase == PH_DISCARD and s.out >= 0 and not greedy and not out_cards(s):
        # the strong player's last turn (rummy_ai.strong's): without the rest of the
        # players beside the scoring code it needs
        from shared_rules import rummy_last

        return rummy_last.last_throw(s, seat)
    from shared_rules import rummy_ai as ai

    return ai.greedy(s) if greedy else ai.strong(s)


def level_of(opts, seat):
    """A computer seat's level in these options: its own (west, north, east), else the
    Computer option's."""
    v = opts.get(SEAT_KEYS[seat], "same")
    return opts["level"] if v == "same" else v


# ---- the save (kept here: a game in play saves without rummy_save) ---------------------


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to) a line at a time."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    put("rummy %d\n" % VERSION)
    put("opts %d %s %d" % (o["cpus"], o["level"], o["rounds"]))
    put(" %s %s %s\n" % (o["west"], o["north"], o["east"]))
    put("seed %d\nrng %d\n" % (s.seed, s.rng.get_state()))
    at = (s.first, s.round, s.phase, s.turn, s.out, s.taken, s.grabber, s.rebuilds, s.grabs)
    put("at %d %d %d %d %d %d %d %d %d %d\n" % (at + (s.nmoves,)))
    put("claim %s\n" % (_numbers(s.claim, " ") or "-"))
    put("totals %s\n" % _numbers(s.totals, " "))
    for seat in range(s.n):
        put("hand%d %s\n" % (seat, _text(s.hands[seat], len(s.hands[seat]))))
        put("known%d %s\n" % (seat, _text(s.known[seat], len(s.known[seat]))))
    put("stock %s\n" % _text(s.stock, s.nstock))
    put("pile %s\n" % _text(s.pile, s.npile))
    put("rounds %s\n" % (_rows_text(s.rounds) or "-"))


def _numbers(seq, sep):
    """The ints of seq joined by sep, in one format (a str() a number costs a Pico
    four times as much)."""
    return sep.join(["%d"] * len(seq)) % tuple(seq)


def _rows_text(rows):
    """The scored rounds as '1/0/-6/12 2/1/3/-7': one format for every number."""
    if not rows:
        return ""
    flat = []
    for row in rows:
        flat.extend(row)
    return " ".join(["/".join(["%d"] * len(rows[0]))] * len(rows)) % tuple(flat)


_CARD_BYTES = bytes(_cards.CARD_CHARS + "JK", "ascii")


def _text(seq, n):
    """The first n cards as 'AS 7H JK' in one buffer; '-' for none."""
    return _cards.cards_text(seq, n, 0, _CARD_BYTES)


# ---- named here, held there -------------------------------------------------------
#
# Each answers as rummy.NAME (the module's __getattr__), so its code is in the heap only
# while used. rummy_melds: the exact meld search (the named functions among
# them); rummy_table: a meld, the melds a hand lays down, lay-offs; rummy_groups: the
# screen's arrangement; rummy_score: a hand's melds at a round's end; rummy_more: the
# options, the summary's keys, the bench's rows, a new match; rummy_save: the save read
# back, the checks, the card parsers; rummy_views: the move parser, views, redeals and
# copies, the summary.
_PARTS = (
    (
        "shared_rules.rummy_melds",
        ("deadwood", "can_go_out", "melds_all", "best_discard", "leftovers"),
    ),
    ("shared_rules.rummy_table", ("is_meld", "arrange", "penalty")),
    ("shared_rules.rummy_groups", ("groups",)),
    ("shared_rules.rummy_score", ("laid_down",)),
    (
        "shared_rules.rummy_more",
        ("OPTIONS", "SUMMARY", "BENCH", "option_text", "describe", "new"),
    ),
    (
        "shared_rules.rummy_save",
        ("load", "check", "parse_card", "parse_cards", "cards_text"),
    ),
    (
        "shared_rules.rummy_views",
        ("parse_move", "view", "redeal", "copy", "set_piles", "summary"),
    ),
)


def before_reading():
    """Before a resume reads a save (the app's opening, `declared`): the meld search's
    code, which the match holds throughout and the first frame after a resume needs (the
    bytecode search where the machine code is not installed). Loaded after the save's
    reading, its 2,177-byte function found no piece that size on the device."""
    import sys

    from shared_rules import rummy_melds  # noqa: F401 - the machine code installed

    if "shared_rules.rummy_native" not in sys.modules:  # where it loads (the uf2)
        __import__("shared_rules.rummy_search")


def __getattr__(name):
    """The rarely used names, from the module that holds them (imported when asked)."""
    for module, names in _PARTS:
        if name in names:
            return getattr(__import__(module, None, None, (name,)), name)
    raise AttributeError(name)
