"""Pret? Allez!: a foil bout on a piste of 9 spaces (docs/rules/fencing.md).

Two fencers, seat 0 on the left (starts on space 3, faces right, its last space is
1) and seat 1 on the right (starts on 7, its last space is 9). Each has an own foil
deck of 50 cards; cards of one kind are alike, so a hand and a discard pile are
counts per kind and a deck is a list of kinds (drawn from its end). A turn is one
play - a card with the cards it needs (LUNGE with an ATTACK, a RIPOSTE with a PARRY
and an ATTACK...), the board ADVANCE or RETREAT, or a pass - and, after an ADVANCE
or RETREAT (card or board), the discards it asks for, one move each (then the
draw). The turn's draw happens when the turn starts, and an attack the fencer to act
cannot avoid scores at once. Pure logic: runs on CPython, MicroPython and
CircuitPython.

Moves: an action 0..17 (A_ATTACK ... A_PASS), DISCARD + kind (20..29) and DONE (30).
Notation: "LU+AT", "PA+RI+AT", "AD", "RE", "BADV", "BRET", "pass", "-PA", "ok".
"""

from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "fencing"
TITLE = "Pret? Allez!"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 2
SEATS_MAX = 2
SEAT_NAMES = ("Left", "Right")
OPTIONS = (
    ("hits", "Hits", (3, 4, 5, 1, 2), 3, "hits that win the bout"),
    ("first", "Priority", ("left", "right"), "left", "who starts with priority"),
    ("humans", "Players", (1, 2, 0), 1, "2: pass and play, 0: watch"),
    ("cpu", "Computer", ("strong", "greedy", "random"), "strong", "how the computer fences"),
)
LOW_WINS = False
CLEAN = ("Clean", "won without a hit")
SUMMARY = ("hits", "winner", "touches", "corps_a_corps", "turns", "rounds")
SCORE_RANGE = (0, 5)
PROFILE = None
BENCH = (("fencing", None, None),)

LEFT = const(0)
RIGHT = const(1)
START = (3, 7)  # each fencer's starting space
LAST = (1, 9)  # each fencer's last space
FORWARD = (1, -1)
_HAND = const(5)

# Card kinds, in the order a hand shows them.
ATTACK = const(0)
FEINT = const(1)
PARRY = const(2)
RIPOSTE = const(3)
LUNGE = const(4)
BALESTRA = const(5)
BEAT = const(6)
STOP_HIT = const(7)
ADVANCE = const(8)
RETREAT = const(9)
KINDS = const(10)
CARD_CODES = ("AT", "FE", "PA", "RI", "LU", "BA", "BT", "SH", "AD", "RE")
CARD_NAMES = (
    "Attack",
    "Feint",
    "Parry",
    "Riposte",
    "Lunge",
    "Balestra",
    "Beat Attack",
    "Stop Hit",
    "Advance",
    "Retreat",
)
DECK_COUNTS = (14, 2, 12, 4, 4, 2, 2, 2, 4, 4)  # the foil deck: 50 cards
DECK_SIZE = const(50)

# Actions (a move is ACT * 2048 + discards).
A_ATTACK = const(0)
A_FEINT = const(1)
A_PARRY = const(2)
A_LUNGE = const(3)  # + ATTACK
_A_LUNGE_F = const(4)  # + FEINT
A_BALESTRA = const(5)
_A_BALESTRA_F = const(6)
A_BEAT = const(7)
_A_BEAT_F = const(8)
A_STOP = const(9)
_A_STOP_F = const(10)
A_RIPOSTE = const(11)  # PARRY + RIPOSTE + ATTACK
_A_RIPOSTE_F = const(12)
A_ADVANCE = const(13)  # then 1 to 3 discards
A_RETREAT = const(14)  # then 3 discards
A_BOARD_ADV = const(15)  # then 2 discards (the only card goes by itself)
A_BOARD_RET = const(16)
A_PASS = const(17)
ACTS = const(18)
DISCARD = const(20)  # DISCARD + kind: one discard of an ADVANCE or RETREAT
DONE = const(30)  # an ADVANCE card's discards end (after at least one)

# The lead card of each combination and the attack card it plays (-1: none).
_LEAD = (ATTACK, FEINT, PARRY, LUNGE, LUNGE, BALESTRA, BALESTRA, BEAT, BEAT, STOP_HIT, STOP_HIT)
_LEAD = _LEAD + (RIPOSTE, RIPOSTE, ADVANCE, RETREAT, -1, -1, -1)
_HIT_CARD = (ATTACK, FEINT, -1, ATTACK, FEINT, ATTACK, FEINT, ATTACK, FEINT, ATTACK, FEINT)
_HIT_CARD = _HIT_CARD + (ATTACK, FEINT, -1, -1, -1, -1, -1)
ACT_CODES = ("AT", "FE", "PA", "LU+AT", "LU+FE", "BA+AT", "BA+FE", "BT+AT", "BT+FE", "SH+AT")
ACT_CODES = ACT_CODES + ("SH+FE", "PA+RI+AT", "PA+RI+FE", "AD", "RE", "BADV", "BRET", "pass")
ACT_WORDS = ("attack", "feint", "parry", "lunge", "lunge+feint", "balestra", "balestra+feint")
ACT_WORDS = ACT_WORDS + ("beat attack", "beat+feint", "stop hit", "stop hit+feint", "riposte")
ACT_WORDS = ACT_WORDS + ("riposte+feint", "advance", "retreat", "board advance", "board retreat")
ACT_WORDS = ACT_WORDS + ("pass",)

# What the fencer to act faces from the opponent's last turn (pending).
P_NONE = const(0)
P_ATTACK = const(1)
P_FEINT = const(2)

PH_PLAY = const(0)
PH_OVER = const(1)
PH_DISCARD = const(2)  # the fencer to act discards for its ADVANCE or RETREAT

_KEY_A = const(16)  # firmware.buttons.A: a pass is made by pressing A
# The hand zone's items besides the kinds 0..9: the board's ADVANCE and RETREAT, and
# OK, which ends an ADVANCE card's discards.
ITEM_BOARD_ADV = const(10)
ITEM_BOARD_RET = const(11)
ITEM_OK = const(12)


class Bout:
    """The whole bout: both fencers' positions, cards, hits, priority."""

    def __init__(self):
        self.opts = {"hits": 3, "first": "left", "humans": 1, "cpu": "strong"}
        self.seed = 0
        self.rng = Rng(1)
        self.phase = PH_PLAY
        self.pos = [3, 7]
        self.prio = LEFT  # the fencer holding the priority counter
        self.turn = LEFT  # the fencer to act (its draw is done)
        self.hits = [0, 0]
        self.hands = [bytearray(KINDS), bytearray(KINDS)]  # counts per kind
        self.decks = [bytearray(DECK_SIZE), bytearray(DECK_SIZE)]  # kinds, drawn from the end
        self.ndeck = [0, 0]  # cards in each deck: decks[seat][:ndeck[seat]]
        self.discards = [bytearray(KINDS), bytearray(KINDS)]
        self.pending = P_NONE  # the opponent's last turn: an attack, a feint or nothing
        self.lead = -1  # the card that led that attack (ATTACK, LUNGE, RIPOSTE...)
        self.no_retreat = 0  # 1: that attack came from a BALESTRA exchange
        self.moved_adj = 0  # 1: the opponent moved adjacent last turn (without attacking)
        self.act = -1  # in the discard phase: the action being paid for
        self.discarded = 0  # ... and the cards discarded for it so far
        self.passes = 0  # passes in a row (the third with both decks empty: corps-a-corps)
        self.touches = []  # per hit: (seat that scored, the attack's lead card or RETREAT, turn)
        self.record = True  # False: a computer player's play-out, which keeps no touches
        self.corps = 0  # corps-a-corps so far
        self.turns = 0  # turns played in the bout
        self.nmoves = 0


# ---- cards and moves -------------------------------------------------------


def option_text(key, v):
    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("fencing has no option %r" % (key,))
    return _option_text(OPTIONS, key, check_option(NAME, row, v))


def describe(options):
    o = options_with_defaults(NAME, OPTIONS, options)
    first = "%d hit%s, %s first" % (o["hits"], "" if o["hits"] == 1 else "s", o["first"][0].upper())
    h = o["humans"]
    if h == 2:
        second = "2 people, 1 box"
    elif h == 0:
        second = "2 %s cpus" % o["cpu"]
    else:
        second = "You vs %s" % o["cpu"]
    return (first, second)


# ---- a new bout ------------------------------------------------------------


def new(seed, options=None, profile=None):
    """A new bout: decks shuffled, five cards each, the first fencer's turn begun."""
    o = options_with_defaults(NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("fencing seed must be a number, got %r" % (seed,))
    s = Bout()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    s.prio = LEFT if o["first"] == "left" else RIGHT
    for seat in (LEFT, RIGHT):
        n = 0
        for k in range(KINDS):
            for _ in range(DECK_COUNTS[k]):
                s.decks[seat][n] = k
                n += 1
        s.ndeck[seat] = n
    _reset(s, True)
    return s


def _reset(s, gather):
    """Fencers back to the start (gather: every card back into the decks), five each,
    the fencer with priority to act."""
    for seat in (LEFT, RIGHT):
        deck = s.decks[seat]
        hand = s.hands[seat]
        disc = s.discards[seat]
        nd = s.ndeck[seat]
        for k in range(KINDS):
            n = disc[k] + (hand[k] if gather else 0)
            for _ in range(n):
                deck[nd] = k
                nd += 1
            disc[k] = 0
            if gather:
                hand[k] = 0
        s.ndeck[seat] = nd
        s.rng.shuffle(deck, nd)
        _draw(s, seat, _HAND)
    s.pending = P_NONE
    s.lead = -1
    s.no_retreat = 0
    s.moved_adj = 0
    s.passes = 0
    s.turn = s.prio
    _begin_turn(s)


def _draw(s, seat, n):
    deck = s.decks[seat]
    hand = s.hands[seat]
    nd = s.ndeck[seat]
    while n > 0 and nd:
        nd -= 1
        hand[deck[nd]] += 1
        n -= 1
    s.ndeck[seat] = nd


def _begin_turn(s):
    """The fencer to act draws; an attack it cannot avoid scores now; with no cards
    left on either side the bout is at a standstill (corps-a-corps)."""
    _draw(s, s.turn, 1)
    if s.pending == P_ATTACK and not _can_avoid(s):
        _hit(s, 1 - s.turn, s.lead)
    elif _out_of_cards(s, LEFT) and _out_of_cards(s, RIGHT):
        _corps(s)


def _out_of_cards(s, seat):
    return not s.ndeck[seat] and _total(s.hands[seat]) == 0


# ---- what a fencer may do ----------------------------------------------------


def _gap(s):
    """Empty spaces between the fencers (0: adjacent)."""
    return s.pos[RIGHT] - s.pos[LEFT] - 1


def _at_last(s, seat):
    return s.pos[seat] == LAST[seat]


def _can_avoid(s):
    """The fencer to act has an answer to the attack it faces: a parry or a retreat (from
    the last space only the RETREAT card, which gives the hit: A14); else it is hit."""
    hand = s.hands[s.turn]
    if hand[PARRY]:
        return True
    if s.no_retreat:
        return False
    if _at_last(s, s.turn):
        return hand[RETREAT] > 0 and _total(hand) >= 4
    return _total(hand) >= 1  # the board RETREAT (a RETREAT card needs even more)


def _total(hand):
    n = 0
    for k in range(KINDS):
        n += hand[k]
    return n


def _act_ok(s, act):
    """Whether the action itself (not its discards) is allowed now."""
    seat = s.turn
    hand = s.hands[seat]
    gap = _gap(s)
    prio = s.prio == seat
    pend = s.pending
    if pend == P_ATTACK:  # only what avoids the attack
        if act == A_PARRY:
            return hand[PARRY] > 0
        if act == A_RIPOSTE or act == _A_RIPOSTE_F:  # with a PARRY, adjacent
            return gap == 0 and hand[RIPOSTE] and hand[PARRY] and hand[_HIT_CARD[act]] > 0
        if s.no_retreat:
            return False
        if act == A_RETREAT:  # from the last space too: the opponent scores (A14)
            return hand[RETREAT] > 0 and _total(hand) >= 4
        if act == A_BOARD_RET:
            return _total(hand) >= 1 and not _at_last(s, seat)
        return False
    if act == A_ATTACK or act == A_FEINT:
        return hand[_HIT_CARD[act]] > 0 and gap == 0 and prio
    if act == A_PARRY:
        return hand[PARRY] > 0 and pend == P_FEINT
    if A_LUNGE <= act <= _A_BALESTRA_F:
        return prio and gap <= 1 and hand[_LEAD[act]] > 0 and hand[_HIT_CARD[act]] > 0
    if act == A_BEAT or act == _A_BEAT_F:
        if prio or gap != 0 or pend != P_NONE:
            return False
        return hand[BEAT] > 0 and hand[_HIT_CARD[act]] > 0
    if act == A_STOP or act == _A_STOP_F:
        if prio or not s.moved_adj or pend == P_ATTACK or gap != 0:
            return False
        return hand[STOP_HIT] > 0 and hand[_HIT_CARD[act]] > 0
    if act == A_ADVANCE:  # and at least one card to discard
        return gap > 0 and hand[ADVANCE] > 0 and _total(hand) >= 2
    if act == A_RETREAT:
        return hand[RETREAT] > 0 and _total(hand) >= 4
    if act == A_BOARD_ADV:
        return gap > 0 and _total(hand) >= 1
    if act == A_BOARD_RET:
        return _total(hand) >= 1 and not _at_last(s, seat)
    return False


_DISCARDS = (1, 3, 3, 3, 2, 2)  # A_ADVANCE, A_RETREAT, A_BOARD_ADV: (fewest, most)


def _discards(act):
    """(fewest, most) discards the action asks for."""
    return fewest_discards(act), _DISCARDS[2 * (act - A_ADVANCE) + 1]


def fewest_discards(act):
    return _DISCARDS[2 * (act - A_ADVANCE)]


def moves(s):
    """The legal moves of the fencer to act, ascending; [] once the bout is over. A pass
    only when nothing else can be played (A17)."""
    if s.phase == PH_DISCARD:
        hand = s.hands[s.turn]
        out = [DISCARD + k for k in range(KINDS) if hand[k]]
        if s.discarded >= fewest_discards(s.act):
            out.append(DONE)
        return out
    if s.phase != PH_PLAY:
        return []
    out = [act for act in range(A_PASS) if _act_ok(s, act)]
    if _may_pass(s):
        out.append(A_PASS)
    return out


def _may_pass(s):
    for act in range(A_PASS):
        if _act_ok(s, act):
            return False
    return True


def is_legal(s, m):
    if type(m) is not int:
        return False
    if s.phase == PH_DISCARD:
        if DISCARD <= m < DISCARD + KINDS:
            return s.hands[s.turn][m - DISCARD] > 0
        return m == DONE and s.discarded >= fewest_discards(s.act)
    if s.phase != PH_PLAY or not 0 <= m <= A_PASS:
        return False
    if m == A_PASS:
        return _may_pass(s)
    return _act_ok(s, m)


# ---- playing a move ------------------------------------------------------------


def play(s, m):
    """Apply move m for the fencer to act. An illegal move raises ValueError and
    changes nothing."""
    if not is_legal(s, m):
        ms = moves(s)
        legal = " ".join([move_text(s, x) for x in ms[:6]]) + (" ..." if len(ms) > 6 else "")
        what = move_text(s, m) if type(m) is int and (0 <= m < ACTS or DISCARD <= m <= DONE) else m
        raise ValueError("illegal fencing move %r (legal: %s)" % (what, legal or "none"))
    apply(s, m)


def apply(s, m):
    """play() without the legality check (computer players' play-outs of legal moves)."""
    s.nmoves += 1
    if s.phase == PH_DISCARD:
        _discard_move(s, m)
        return
    s.turns += 1
    seat = s.turn
    act = m
    hand = s.hands[seat]
    disc = s.discards[seat]
    lock = s.no_retreat
    was_lead = s.lead
    s.pending = P_NONE
    s.lead = -1
    s.no_retreat = 0
    s.moved_adj = 0
    if act == A_PASS:
        s.passes += 1
        if s.prio == seat:
            s.prio = 1 - seat
        if s.passes >= 3 and not s.ndeck[LEFT] and not s.ndeck[RIGHT]:
            _corps(s)  # the same pass would come round for ever: a standstill
            return
        s.turn = 1 - s.turn
        _begin_turn(s)
        return
    s.passes = 0
    lead = _LEAD[act]
    if lead >= 0:
        _spend(hand, disc, lead)
    if act == A_RIPOSTE or act == _A_RIPOSTE_F:
        _spend(hand, disc, PARRY)
    hit_card = _HIT_CARD[act]
    if hit_card >= 0 and hit_card != lead:
        _spend(hand, disc, hit_card)
    fwd = FORWARD[seat]
    moved = A_LUNGE <= act <= _A_BALESTRA_F and _gap(s) == 1
    if moved:
        s.pos[seat] += fwd
    if act == A_BEAT or act == _A_BEAT_F or act == A_RIPOSTE or act == _A_RIPOSTE_F:
        s.prio = seat
    if hit_card >= 0:
        s.pending = P_ATTACK if hit_card == ATTACK else P_FEINT
        s.lead = lead
        if act == A_BALESTRA or act == _A_BALESTRA_F:
            s.no_retreat = 1
        elif (act == A_RIPOSTE or act == _A_RIPOSTE_F) and lock and was_lead == BALESTRA:
            s.no_retreat = 1  # a riposte to a BALESTRA: its fencer may not retreat either
        if moved:
            s.moved_adj = 1  # moved adjacent (with a FEINT: not an attack, a STOP HIT may answer)
    elif act == A_ADVANCE or act == A_BOARD_ADV:
        s.pos[seat] += fwd
        s.moved_adj = 1 if _gap(s) == 0 else 0
        if act == A_BOARD_ADV and _total(hand) == 1:  # the only card goes, two are drawn
            for k in range(KINDS):
                if hand[k]:
                    _spend(hand, disc, k)
            _draw(s, seat, 2)
        else:
            s.phase = PH_DISCARD
            s.act = act
            s.discarded = 0
            return
    elif act == A_RETREAT or act == A_BOARD_RET:
        if s.prio == seat:
            s.prio = 1 - seat
        if _at_last(s, seat):  # off the end of the piste: the opponent scores
            _hit(s, 1 - seat, RETREAT)
            return
        s.pos[seat] -= fwd
        if act == A_RETREAT:
            s.phase = PH_DISCARD
            s.act = act
            s.discarded = 0
            return
        for k in range(KINDS):
            disc[k] += hand[k]
            hand[k] = 0
        _draw(s, seat, _HAND)
    s.turn = 1 - s.turn
    _begin_turn(s)


def _discard_move(s, m):
    """One discard (or DONE) of the ADVANCE or RETREAT being paid for; the last one draws
    as many (board ADVANCE: two) and ends the turn."""
    seat = s.turn
    if m != DONE:
        _spend(s.hands[seat], s.discards[seat], m - DISCARD)
        s.discarded += 1
        if s.discarded < _DISCARDS[2 * (s.act - A_ADVANCE) + 1]:
            return
    _draw(s, seat, 2 if s.act == A_BOARD_ADV else s.discarded)
    s.phase = PH_PLAY
    s.act = -1
    s.discarded = 0
    s.turn = 1 - s.turn
    _begin_turn(s)


def _spend(hand, disc, k):
    hand[k] -= 1
    disc[k] += 1


def _hit(s, seat, lead):
    """`seat` scores a hit (lead: the card that led the attack, RETREAT off the piste)."""
    s.hits[seat] += 1
    if s.record:
        s.touches.append((seat, lead, s.turns))
    if s.hits[seat] >= s.opts["hits"]:
        s.phase = PH_OVER
        s.turn = seat
        s.pending = P_NONE
        s.lead = -1
        s.no_retreat = 0
        s.moved_adj = 0
        return
    s.pos[LEFT] = START[LEFT]
    s.pos[RIGHT] = START[RIGHT]
    s.prio = 1 - seat
    _reset(s, True)


def corps_a_corps(left, right, priority=LEFT):
    """The squares (1..9) of the two fencers after a corps-a-corps, rules a) to e): set
    two spaces apart (two empty spaces between them); where b) or c) cannot tell them
    apart, the fencer without priority is moved. Raises ValueError."""
    return _more().corps_a_corps(left, right, priority)


def _set_apart(left, right, priority):
    """corps_a_corps on squares known to be good (play: no checks, no fencing_more)."""
    gap = right - left - 1  # empty spaces between the fencers
    if gap == 2:  # a) two spaces apart: they stay
        return left, right
    far_l = abs(left - 5)
    far_r = abs(right - 5)
    if gap > 2:  # b) the one farther from the centre moves forward
        if far_l > far_r or (far_l == far_r and priority == RIGHT):
            return right - 3, right
        return left, left + 3
    if gap == 1:  # c) one space apart: the one closer to the centre moves back one
        if far_l < far_r or (far_l == far_r and priority == RIGHT):
            return left - 1, right
        return left, right + 1
    if left > 1 and right < 9:  # d) adjacent, neither on its last space: both back one
        return left - 1, right + 1
    if left == 1:  # e) adjacent, one on its last space: the other back two
        return left, right + 2
    return left - 2, right


def _corps(s):
    """A standstill: discards shuffled into new decks, five cards each, the fencers set
    two spaces apart; priority stays, and its holder acts."""
    s.corps += 1
    s.pos[LEFT], s.pos[RIGHT] = _set_apart(s.pos[LEFT], s.pos[RIGHT], s.prio)
    _reset(s, False)


# ---- the contract --------------------------------------------------------


def seats(s):
    return 2


def humans(s):
    h = s.opts["humans"]
    return (LEFT,) if h == 1 else ((LEFT, RIGHT) if h == 2 else ())


def to_act(s):
    return -1 if s.phase == PH_OVER else s.turn


def claimants(s):
    return ()


def over(s):
    return s.phase == PH_OVER


def scores(s):
    return [s.hits[LEFT], s.hits[RIGHT]]


def score(s):
    return s.hits[LEFT]


def winner(s):
    if s.phase != PH_OVER:
        return -1
    return LEFT if s.hits[LEFT] > s.hits[RIGHT] else RIGHT


# ---- notation ------------------------------------------------------------


def move_text(s, m):
    """'LU+AT', 'PA', 'AD', 'BADV', 'BRET', 'pass', '-PA' (a discard), 'ok'."""
    if type(m) is int:
        if 0 <= m < ACTS:
            return ACT_CODES[m]
        if DISCARD <= m < DISCARD + KINDS:
            return "-" + CARD_CODES[m - DISCARD]
        if m == DONE:
            return "ok"
    raise ValueError("not a fencing move: %r" % (m,))


def move_log(s, seat, m):
    """'Right: lunge' - at most 32 characters."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("fencing has no seat %r" % (seat,))
    move_text(s, m)
    if m == DONE:
        word = "done discarding"
    elif m >= DISCARD:
        word = "discards " + CARD_NAMES[m - DISCARD]
    else:
        word = ACT_WORDS[m]
    return (SEAT_NAMES[seat] + ": " + word)[:32]


def touches(s, m):
    """What a person points at in the hand zone: the lead card, then the card it plays
    with; the board's moves and OK are cells of the zone too; a pass is A."""
    move_text(s, m)
    if m == A_PASS:
        return (("key", _KEY_A),)
    if m == DONE:
        return (("hand", ITEM_OK),)
    if m >= DISCARD:
        return (("hand", m - DISCARD),)
    if m == A_BOARD_ADV:
        return (("hand", ITEM_BOARD_ADV),)
    if m == A_BOARD_RET:
        return (("hand", ITEM_BOARD_RET),)
    if _HIT_CARD[m] >= 0 and _LEAD[m] != _HIT_CARD[m]:
        return (("hand", _LEAD[m]), ("hand", _HIT_CARD[m]))
    return (("hand", _LEAD[m]),)


# ---- hidden information ----------------------------------------------------


# ---- computer players (shared_rules/fencing_ai.py) -------------------------------


def best_move(s):
    """A computer seat's move at its chosen level (option cpu); for a person's seat (a
    hint) the strong player's. Each sees only view(s, to_act(s))."""
    seat = to_act(s)
    if seat < 0:
        raise ValueError("fencing bout is over")
    from shared_rules import fencing_ai as ai

    level = "strong" if seat in humans(s) else s.opts["cpu"]
    if level == "greedy":
        return ai.greedy(s)
    if level == "random":
        return ai.random_move(s, Rng(ai.view_seed(s)))
    return ai.strong(s)


# ---- rarely used parts (shared_rules/fencing_save.py, fencing_more.py) ----------


def _save():
    from shared_rules import fencing_save

    return fencing_save


def _more():
    from shared_rules import fencing_more

    return fencing_more


def parse_card(text):
    return _more().parse_card(text)


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    return _more().parse_move(s, text)


def clean(s):
    """A finished bout counts as clean (CLEAN): won without a hit."""
    return winner(s) == LEFT and s.hits[RIGHT] == 0


def summary(s):
    return _more().summary(s)


def view(s, seat):
    """What `seat` may see (docs/rules/fencing.md)."""
    return _more().view(s, seat)


def copy(s):
    return _more().copy(s)


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s (docs/contract.md)."""
    return _more().redeal(s, seat, rng)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to) a line or two a write: a
    save needs neither fencing_save nor one long string on the heap."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    put("fencing %d\n" % VERSION)
    put("opts %d %s %d %s\n" % (o["hits"], o["first"], o["humans"], o["cpu"]))
    put("seed %d\nrng %d\n" % (s.seed, s.rng.get_state()))
    at = (s.phase, s.turn, s.prio, s.pending, s.lead, s.no_retreat, s.moved_adj, s.passes)
    at = at + (s.turns, s.nmoves, s.corps, s.act, s.discarded)
    put("at %d %d %d %d %d %d %d %d %d %d %d %d %d\n" % at)
    put("pos %d %d\nhits %d %d\n" % (s.pos[0], s.pos[1], s.hits[0], s.hits[1]))
    for name, rows in (("hand", s.hands), ("disc", s.discards)):
        for seat in (LEFT, RIGHT):
            put("%s%d %s\n" % (name, seat, _digits(rows[seat], len(rows[seat]), 2)))
    for seat in (LEFT, RIGHT):
        put("deck%d %s\n" % (seat, _digits(s.decks[seat], s.ndeck[seat], 1) or "-"))
    touches = " ".join(["%d:%d:%d" % t for t in s.touches])
    put("touches %s\n" % (touches or "-"))


def _digits(kinds, n, step):
    """The first n numbers (0..99) as text, a space between them when step is 2:
    written into one buffer, not a string a number (a save's time)."""
    if not n:
        return ""
    out = bytearray(3 * n)
    i = 0
    for k in range(n):
        v = kinds[k]
        if v >= 10:
            out[i] = 48 + v // 10
            v %= 10
            i += 1
        out[i] = 48 + v
        i += 1
        if step == 2:
            out[i] = 32
            i += 1
    return str(memoryview(out)[: i - step + 1], "ascii")


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    return _save().load(text)
