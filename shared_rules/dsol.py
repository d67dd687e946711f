"""Double Solitaire: a race to empty your Pile onto four shared Stacks (docs/rules/dsol.md).

Two seats (seat 0 the person, seat 1 the computer). Two decks without jokers. Each
seat has a Pile of 13 (face down, its top face up), a Stock of four face-up columns
and a Hand of five; the rest is the shared Draw Pile. The Play Area holds four Stacks
built ace to king regardless of suit; a king completes a Stack, which goes to the
Discard Pile (shuffled into a new Draw Pile when a card must be drawn and the Draw
Pile is empty). A turn: draw up to five; play Pile top, Stock column tops and hand
cards to the Stacks as you like; fill empty columns from the hand; end by putting a
hand card on one of your four columns. A hand emptied during the turn draws five and
the turn goes on ("restarts"). Emptying your Pile wins the game; in a match the
winner scores the cards left in the other's Pile, and the first to the target wins.
Pure logic: runs on CPython, MicroPython and CircuitPython.

Cards are ints 0..51 (suit * 13 + rank, text "AS".."KC", "T" for ten), two of each.
Moves: PLAY + source * 4 + stack (source 0 the Pile's top, 1..4 a Stock column's top,
5 + card a hand card), FILL + card (the first empty column), CLOSE + card * 4 + column
(ends the turn), PASS (an empty hand and nothing to draw), NEXT (the next game of a
match). Notation: "pile>s1", "c2>s3", "7H>s4", "fill 7H", "7H>c2", "pass", "next".
"""

from shared_rules import cards as _cards
from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "dsol"
TITLE = "Double Solitaire"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 2
SEAT_NAMES = ("You", "Rival")
OPTIONS = (
    ("match", "Match", (0, 10, 20, 30), 0, "0: one game, else first to N"),
    ("first", "First", ("you", "rival"), "you", "who plays the first turn"),
    ("cpu", "Computer", ("strong", "greedy", "random"), "strong", "how the rival plays"),
)
LOW_WINS = False
CLEAN = ("Sweep", "won before a restart")
SUMMARY = ("winner", "pile_left", "points", "turns", "restarts")
SCORE_RANGE = (0, 42)  # a match to 30: 29 points, then a game won by 13
PROFILE = None
BENCH = (("dsol", None, None),)

CARDS = const(104)  # two decks
PILE_SIZE = const(13)
HAND_SIZE = const(5)
COLUMNS = const(4)
STACKS = const(4)
TURN_LIMIT = const(300)  # turns in one game: then the smaller Pile wins (D7)
GAMES_MAX = const(30)  # games in one match: then the most points win (D8)
_PIECE = const(24)  # cards a save writes at once (a line of up to 104 in pieces)

# Moves.
PLAY = const(0)  # PLAY + source * 4 + stack
SRC_PILE = const(0)
SRC_COLUMN = const(1)  # 1..4
SRC_HAND = const(5)  # 5 + card
FILL = const(256)  # FILL + card
CLOSE = const(320)  # CLOSE + card * 4 + column
PASS = const(600)
NEXT = const(601)

# Phases.
PH_PLAY = const(0)
PH_BETWEEN = const(1)  # a game of a match is over; seat 0 deals the next (NEXT)
PH_OVER = const(2)
PHASE_NAMES = ("play", "between", "over")

_KEY_A = const(16)  # firmware.buttons.A


class Game:
    """The whole match: both seats' Piles, Stocks and Hands, the Stacks, the Draw and
    Discard Piles, the turn, the points."""

    def __init__(self):
        self.opts = {"match": 0, "first": "you", "cpu": "strong"}
        self.seed = 0
        self.rng = Rng(1)
        self.phase = PH_PLAY
        self.turn = 0
        self.starter = 0  # the seat that played this game's first turn
        self.piles = [bytearray(PILE_SIZE), bytearray(PILE_SIZE)]  # the top last
        self.npile = [0, 0]
        self.cols = [[[], [], [], []], [[], [], [], []]]  # each column's top last
        self.hands = [[], []]  # sorted
        self.draw = bytearray(CARDS)  # face down: draw[:ndraw], drawn from the end
        self.ndraw = 0
        self.disc = bytearray(CARDS)  # completed Stacks: disc[:ndisc]
        self.ndisc = 0
        self.stacks = [[], [], [], []]  # ace first
        self.turns = 0  # turns played in this game
        self.passes = 0  # turns in a row ended by PASS
        self.restarts = [0, 0]  # this match: hands emptied and drawn again mid-turn
        self.points = [0, 0]
        self.games = []  # per finished game: [winner, pile left 0, pile left 1, turns]
        self.nmoves = 0


# ---- options -----------------------------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("dsol has no option %r" % (key,))
    v = check_option(NAME, row, v)
    if key == "match":
        return "1 game" if v == 0 else "to %d" % v
    return _option_text(OPTIONS, key, v)


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    m = o["match"]
    first = ("1 game" if m == 0 else "To %d" % m) + " vs " + o["cpu"]
    second = "You play first" if o["first"] == "you" else "Rival plays 1st"
    return (first, second)


# ---- a new match, a new game -------------------------------------------------------


def new(seed, options=None, profile=None):
    """A new match: the first game dealt, its first seat's turn begun."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("dsol seed must be a number, got %r" % (seed,))
    s = Game()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    s.starter = 0 if o["first"] == "you" else 1
    _deal(s)
    return s


def _deal(s):
    """Both decks shuffled; 13 to each Pile, one card to each of the four columns, five
    to each Hand, seat by seat from the starter; the rest is the Draw Pile."""
    d = s.draw
    for i in range(CARDS):
        d[i] = i % 52
    s.rng.shuffle(d, CARDS)
    n = CARDS
    order = (s.starter, 1 - s.starter)
    for seat in (0, 1):
        s.npile[seat] = 0
        s.hands[seat] = []
        for c in range(COLUMNS):
            s.cols[seat][c] = []
    for _ in range(PILE_SIZE):
        for seat in order:
            n -= 1
            s.piles[seat][s.npile[seat]] = d[n]
            s.npile[seat] += 1
    for c in range(COLUMNS):
        for seat in order:
            n -= 1
            s.cols[seat][c].append(d[n])
    for _ in range(HAND_SIZE):
        for seat in order:
            n -= 1
            s.hands[seat].append(d[n])
    for seat in (0, 1):
        s.hands[seat].sort()
    s.ndraw = n
    s.ndisc = 0
    for k in range(STACKS):
        s.stacks[k] = []
    s.turn = s.starter
    s.turns = 0
    s.passes = 0
    s.phase = PH_PLAY


def _draw_cards(s, seat, n):
    """Up to n cards from the Draw Pile into the seat's hand (D4: an emptied Draw Pile
    is replaced at once). Returns how many came."""
    hand = s.hands[seat]
    got = 0
    while got < n:
        _refill(s)
        if not s.ndraw:
            break
        s.ndraw -= 1
        _insert(hand, s.draw[s.ndraw])
        got += 1
    _refill(s)
    return got


def _refill(s):
    """When the Draw Pile is empty, the Discard Pile is shuffled and replaces it (D4)."""
    if not s.ndraw and s.ndisc:
        for i in range(s.ndisc):
            s.draw[i] = s.disc[i]
        s.ndraw = s.ndisc
        s.ndisc = 0
        s.rng.shuffle(s.draw, s.ndraw)


def _insert(hand, card):
    i = 0
    n = len(hand)
    while i < n and hand[i] < card:
        i += 1
    hand.insert(i, card)


def _begin_turn(s):
    """The seat to act draws up to five."""
    hand = s.hands[s.turn]
    if len(hand) < HAND_SIZE:
        _draw_cards(s, s.turn, HAND_SIZE - len(hand))


# ---- the contract --------------------------------------------------------------


def seats(s):
    return 2


def humans(s):
    return (0,)


def to_act(s):
    if s.phase == PH_PLAY:
        return s.turn
    if s.phase == PH_BETWEEN:
        return 0
    return -1


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def scores(s):
    return list(s.points)


def score(s):
    return s.points[0]


def winner(s):
    """The match's winner once it is over (the game's in a single game); -1 for a tie
    or before the end."""
    if s.phase != PH_OVER:
        return -1
    if s.opts["match"] == 0:
        return s.games[-1][0] if s.games else -1
    a, b = s.points
    return 0 if a > b else (1 if b > a else -1)


def clean(s):
    """A finished game counts as a sweep (CLEAN): the person won without a restart."""
    return winner(s) == 0 and s.restarts[0] == 0


def playable(s, card, k):
    """Whether `card` may go on Stack k: an ace on the first open space; else the next
    rank of a Stack (any suit)."""
    st = s.stacks[k]
    r = card % 13
    if not st:
        return r == 0 and k == _open_space(s)
    return len(st) == r


def _open_space(s):
    for k in range(STACKS):
        if not s.stacks[k]:
            return k
    return -1


def first_empty_column(cols):
    """The first empty column of a seat's four (a fill goes there), -1 for none."""
    for c in range(COLUMNS):
        if not cols[c]:
            return c
    return -1


def _distinct(hand):
    out = []
    last = -1
    for c in hand:
        if c != last:
            out.append(c)
        last = c
    return out


_NEED = [0, 0, 0, 0]  # what each Stack takes next (moves() fills it: no list a call)


def _fill_needs(s):
    """_NEED[k]: the rank Stack k takes (0: an ace, on the first open space), -1 none:
    playable() for the four Stacks at once."""
    open_k = _open_space(s)
    for k in range(STACKS):
        n = len(s.stacks[k])
        _NEED[k] = n if n else (0 if k == open_k else -1)


def _plays_of(src, card, out):
    r = card % 13
    for k in range(STACKS):
        if _NEED[k] == r:
            out.append(PLAY + src * 4 + k)


def moves(s):
    """The legal moves of the seat to act, ascending; [] once the match is over."""
    if s.phase == PH_BETWEEN:
        return [NEXT]
    if s.phase != PH_PLAY:
        return []
    t = s.turn
    out = []
    _fill_needs(s)
    if s.npile[t]:
        _plays_of(SRC_PILE, s.piles[t][s.npile[t] - 1], out)
    cols = s.cols[t]
    for c in range(COLUMNS):
        if cols[c]:
            _plays_of(SRC_COLUMN + c, cols[c][-1], out)
    hand = _distinct(s.hands[t])
    for x in hand:
        _plays_of(SRC_HAND + x, x, out)
    if hand:
        if first_empty_column(cols) >= 0:
            for x in hand:
                out.append(FILL + x)
        else:
            for x in hand:
                for c in range(COLUMNS):
                    out.append(CLOSE + x * 4 + c)
    elif not out and not s.ndraw and not s.ndisc:  # stuck: no play at all (D5)
        out.append(PASS)
    return out


def source_card(s, src):
    """The card a source offers: the Pile's top, a column's top or the hand card; -1
    for none."""
    t = s.turn
    if src == SRC_PILE:
        return s.piles[t][s.npile[t] - 1] if s.npile[t] else -1
    if src < SRC_HAND:
        col = s.cols[t][src - SRC_COLUMN]
        return col[-1] if col else -1
    card = src - SRC_HAND
    return card if card < 52 and card in s.hands[t] else -1


def is_legal(s, m):
    if type(m) is not int:
        return False
    if s.phase == PH_BETWEEN:
        return m == NEXT
    if s.phase != PH_PLAY:
        return False
    t = s.turn
    hand = s.hands[t]
    if PLAY <= m < FILL:
        src = m >> 2
        if src >= SRC_HAND + 52:
            return False
        card = source_card(s, src)
        return card >= 0 and playable(s, card, m & 3)
    if FILL <= m < FILL + 52:
        return (m - FILL) in hand and first_empty_column(s.cols[t]) >= 0
    if CLOSE <= m < CLOSE + 52 * 4:
        return ((m - CLOSE) >> 2) in hand and first_empty_column(s.cols[t]) < 0
    if m == PASS:
        return moves(s) == [PASS]  # stuck (D5): an empty hand, nothing to draw, no play
    return False


def play(s, m):
    """Apply move m for the seat to act. An illegal move raises ValueError and changes
    nothing."""
    if not is_legal(s, m):
        ms = moves(s)
        legal = " ".join([move_text(s, x) for x in ms[:6]]) + (" ..." if len(ms) > 6 else "")
        raise ValueError(
            "illegal dsol move %s in phase %s (legal: %s)"
            % (_safe_text(m), PHASE_NAMES[s.phase], legal or "none")
        )
    apply(s, m)


def apply(s, m):
    """play() without the legality check (the computer players' look-ahead)."""
    s.nmoves += 1
    if s.phase == PH_BETWEEN:
        s.starter = 1 - s.starter  # the games of a match alternate who starts (D6)
        _deal(s)
        return
    t = s.turn
    hand = s.hands[t]
    if m < PASS:
        s.passes = 0
    if m < FILL:
        src = m >> 2
        k = m & 3
        if src == SRC_PILE:
            s.npile[t] -= 1
            card = s.piles[t][s.npile[t]]
        elif src < SRC_HAND:
            card = s.cols[t][src - SRC_COLUMN].pop()
        else:
            card = src - SRC_HAND
            hand.remove(card)
        st = s.stacks[k]
        st.append(card)
        if len(st) == 13:  # a king: the Stack goes to the Discard Pile
            for c in st:
                s.disc[s.ndisc] = c
                s.ndisc += 1
            s.stacks[k] = []
            _refill(s)  # an empty Draw Pile takes it at once (D4)
        if not s.npile[t]:
            _end_game(s, t, True)
        elif not hand:  # emptied now, or empty with cards to draw again (a king)
            _restart(s, t)
    elif m < CLOSE:
        card = m - FILL
        hand.remove(card)
        s.cols[t][first_empty_column(s.cols[t])].append(card)
        if not hand:
            _restart(s, t)
    elif m < PASS:
        card = (m - CLOSE) >> 2
        hand.remove(card)
        s.cols[t][(m - CLOSE) & 3].append(card)
        _next_turn(s)
    else:  # PASS
        s.passes += 1
        if s.passes >= 2:  # both seats in a row: nothing can move (D5)
            _end_game(s, _smaller_pile(s), True)
        else:
            _next_turn(s)


def _restart(s, seat):
    """The hand is empty during the turn: five more, and the turn goes on (D3); with
    nothing to draw it stays empty until a king sends a Stack to the Discard Pile."""
    if _draw_cards(s, seat, HAND_SIZE):
        s.restarts[seat] += 1


def _next_turn(s):
    s.turns += 1
    if s.turns >= TURN_LIMIT:
        _end_game(s, _smaller_pile(s), False)
        return
    s.turn = 1 - s.turn
    _begin_turn(s)


def _smaller_pile(s):
    a, b = s.npile
    return 0 if a < b else (1 if b < a else -1)


def _end_game(s, w, mid_turn):
    """Game over: the winner (-1: none) scores the cards left in the other's Pile."""
    row = [w, s.npile[0], s.npile[1], s.turns + (1 if mid_turn else 0)]
    s.games.append(row)
    if w >= 0:
        s.points[w] += s.npile[1 - w]
    target = s.opts["match"]
    done = target == 0 or max(s.points) >= target or len(s.games) >= GAMES_MAX
    s.phase = PH_OVER if done else PH_BETWEEN


# ---- notation ----------------------------------------------------------------------


def card_text(card):
    return _cards.card_text(card)


def _is_move(m):
    """m is a move's number (legal or not), as move_text reads them."""
    if type(m) is not int or m < 0:
        return False
    if m < FILL:
        return (m >> 2) < SRC_HAND + 52
    return m < FILL + 52 or CLOSE <= m < CLOSE + 52 * 4 or m == PASS or m == NEXT


def move_text(s, m):
    """'pile>s1', 'c2>s3' (a column's top), '7H>s4' (a hand card), 'fill 7H', '7H>c2'
    (the card that ends the turn), 'pass', 'next'."""
    if type(m) is int and m >= 0:
        if m < FILL:
            src = m >> 2
            to = ">s%d" % ((m & 3) + 1)
            if src == SRC_PILE:
                return "pile" + to
            if src < SRC_HAND:
                return "c%d" % (src - SRC_COLUMN + 1) + to
            if src < SRC_HAND + 52:
                return card_text(src - SRC_HAND) + to
        elif m < FILL + 52:
            return "fill " + card_text(m - FILL)
        elif CLOSE <= m < CLOSE + 52 * 4:
            return card_text((m - CLOSE) >> 2) + ">c%d" % (((m - CLOSE) & 3) + 1)
        elif m == PASS:
            return "pass"
        elif m == NEXT:
            return "next"
    raise ValueError("not a dsol move: %r" % (m,))


def _safe_text(m):
    try:
        return move_text(None, m)
    except ValueError:
        return repr(m)


def move_log(s, seat, m):
    """'Rival 6D>S2' (a hand card to Stack 2), 'Rival pile 6D>S2', 'Rival col2 6D>S2',
    'Rival fill 9C', 'Rival end 9C>c2', 'Rival pass': at most a panel's 16."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("dsol has no seat %r" % (seat,))
    if not _is_move(m):
        raise ValueError("not a dsol move: %r" % (m,))
    name = SEAT_NAMES[seat]
    if m == PASS:
        line = name + " pass"
    elif m == NEXT:
        line = "Game %d dealt" % (len(s.games) + 1)
    elif m >= CLOSE:
        line = "%s end %s>c%d" % (name, card_text((m - CLOSE) >> 2), ((m - CLOSE) & 3) + 1)
    elif m >= FILL:
        line = "%s fill %s" % (name, card_text(m - FILL))
    else:
        src = m >> 2
        card = source_card(s, src) if s is not None else -1
        what = card_text(card) if card >= 0 else "?"
        if src == SRC_PILE:
            what = "pile " + what
        elif src < SRC_HAND:
            what = "col%d %s" % (src, what)
        line = "%s %s>S%d" % (name, what, (m & 3) + 1)
    return line  # 16 characters at most ("Rival col4 TH>S4")


def touches(s, m):
    """A play: its source (the "pile", a "stock" column, a "hand" card), then the
    "stack"; a fill or the turn's last card: the "hand" card, then the "stock" column;
    a pass and the next game: A."""
    if not _is_move(m):
        raise ValueError("not a dsol move: %r" % (m,))
    if m == PASS or m == NEXT:
        return (("key", _KEY_A),)
    if m >= CLOSE:
        return (("hand", (m - CLOSE) >> 2), ("stock", (m - CLOSE) & 3))
    if m >= FILL:
        return (("hand", m - FILL), ("stock", first_empty_column(s.cols[s.turn])))
    src = m >> 2
    if src == SRC_PILE:
        first = ("pile", 0)
    elif src < SRC_HAND:
        first = ("stock", src - SRC_COLUMN)
    else:
        first = ("hand", src - SRC_HAND)
    return (first, ("stack", m & 3))


# ---- the end of a match ------------------------------------------------------------


def summary(s):
    """The common keys and the game's (SUMMARY); kept here: the end of a game needs it
    without the save module's code on the heap."""
    last = s.games[-1] if s.games else [-1, s.npile[0], s.npile[1], s.turns]
    turns = 0
    for row in s.games:
        turns += row[3]
    return {
        "score": s.points[0],
        "clean": clean(s),
        "winner": winner(s),
        "pile_left": [last[1], last[2]],
        "points": list(s.points),
        "turns": turns,
        "restarts": list(s.restarts),
        "rounds": [
            {"winner": row[0], "pile_left": [row[1], row[2]], "turns": row[3]} for row in s.games
        ],
    }


# ---- computer players (shared_rules/dsol_ai.py) -------------------------------------


def best_move(s):
    """The computer seat's move at the chosen level (option cpu); for the person's seat
    (a hint) the strong player's. Each sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("dsol match is over")
    from shared_rules import dsol_ai as ai

    level = "strong" if seat == 0 else s.opts["cpu"]
    if level == "greedy":
        return ai.greedy(s)
    if level == "random":
        return ai.random_move(s)
    return ai.strong(s)


# ---- the save (kept here: a game in play saves without dsol_save) --------------------


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to) a line at a time."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    put("dsol %d\n" % VERSION)
    put("opts %d %s %s\n" % (o["match"], o["first"], o["cpu"]))
    put("seed %d\nrng %d\n" % (s.seed, s.rng.get_state()))
    at = (s.phase, s.turn, s.starter, s.turns, s.passes, s.nmoves)
    put("at %d %d %d %d %d %d\n" % at)
    put("points %d %d\nrestarts %d %d\n" % (s.points[0], s.points[1], s.restarts[0], s.restarts[1]))
    for seat in (0, 1):
        put("pile%d %s\n" % (seat, _cards.cards_text(s.piles[seat], s.npile[seat])))
        put("hand%d %s\n" % (seat, _cards.cards_text(s.hands[seat], len(s.hands[seat]))))
        for c in range(COLUMNS):
            col = s.cols[seat][c]
            put("col%d%d %s\n" % (seat, c + 1, _cards.cards_text(col, len(col))))
    for k in range(STACKS):
        put("stack%d %s\n" % (k + 1, _cards.cards_text(s.stacks[k], len(s.stacks[k]))))
    _put_cards(put, "draw ", s.draw, s.ndraw)
    _put_cards(put, "disc ", s.disc, s.ndisc)
    rows = ["/".join([str(x) for x in row]) for row in s.games]
    put("games %s\n" % (" ".join(rows) or "-"))


def _put_cards(put, head, seq, n):
    """A line of up to 104 cards written in pieces of _PIECE cards: no string or buffer
    of 300 bytes needed in one piece (a save late in a game, on a fragmented heap)."""
    put(head)
    if not n:
        put("-\n")
        return
    for i in range(0, n, _PIECE):
        j = min(n, i + _PIECE)
        put(_cards.cards_text(seq, j, i) + ("\n" if j == n else " "))


# ---- rarely used parts (shared_rules/dsol_save.py, dsol_views.py) ----------------


def _save():
    from shared_rules import dsol_save

    return dsol_save


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    return _save().load(text)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def parse_card(text):
    """'7H' -> 19 (any case, '10H' too). Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("not a card: %r" % (text,))
    return _cards.parse_card(text)


def _views():
    from shared_rules import dsol_views

    return dsol_views


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    return _views().parse_move(s, text)


def view(s, seat):
    """What `seat` may see (docs/rules/dsol.md)."""
    return _views().view(s, seat)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: what is hidden from it dealt again."""
    return _views().redeal(s, seat, rng)


def copy(s):
    return _views().copy(s)
