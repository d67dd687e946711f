"""Hang 10: a surfing solitaire with a standard deck (pure rules, no I/O).

See docs/rules/hang10.md for the rules as implemented and every decision.
Moves are small ints (see the M_* ranges below); the state is a Hang10 object.
"""

from shared_rules import cards as _cards
from shared_rules.contract import options_with_defaults
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "hang10"
TITLE = "Hang 10"
VERSION = 1  # dump format version
KIND = "turns"
SEATS_MIN = 1
SEATS_MAX = 1
SEAT_NAMES = ("You",)
OPTIONS = ()
LOW_WINS = False
CLEAN = ("Clean", "no wipe-out")
SUMMARY = ("wipeouts", "wiped_cards", "kicks", "turns", "moves")
PROFILE = None
# Every card in the wipe-out pile (-52) to the most kick-outs could bank: at most 13
# waves of 4+ cards, each worth its cards + 2 (6+) + 1 (a ten), so 52 + 39 (D2: 72 is
# the best found; this bound is what stats are checked against).
SCORE_RANGE = (-52, 91)

HAND_SIZE = const(10)
WAVES = const(4)
SET_MAX = const(4)
SEQ_MAX = const(13)

# Move ranges.
M_DRAW = const(0)  # draw from the face-down pile
M_TAKE = const(1)  # 1..4: take the lone approaching card of wave 0..3
M_KICK = const(5)  # kick out the wave just played on
M_KEEP = const(6)  # keep surfin'
M_WIPE = const(8)  # 8..11: wipe out wave 0..3
M_PLACE = const(16)  # 16..67: place card c as a new approaching wave
M_PLAY = const(128)  # 128 + card*4 + wave: add card to wave

# Phases.
PH_DRAW = const(0)  # start of a turn: draw from the pile or take a lone wave card
PH_PLAY = const(1)  # drawn from the pile: add a card to a wave
PH_KICK = const(2)  # just added a card: kick out or keep surfin'
PH_WIPE = const(3)  # no card could be added: choose the wave that wipes out
PH_PLACE = const(4)  # place a hand card as the new approaching wave
PH_END = const(5)  # pile empty: add cards from the hand until none fits
PH_OVER = const(6)

PHASE_NAMES = ("draw", "play", "kick", "wipe", "place", "end", "over")

# Wave kinds.
K_EMPTY = const(0)  # slot left empty (only after a kick-out once the pile is gone)
K_LONE = const(1)  # a single approaching card
K_SEQ = const(2)  # surfin' in sequence
K_SET = const(3)  # surfin' in sets
KIND_NAMES = ("empty", "lone", "seq", "set")


class Hang10:
    """The whole game state. Lists of card ints; waves in play order."""

    def __init__(self):
        self.seed = 0
        self.pile = []  # face down, top card is the last
        self.hand = []  # sorted card ints
        self.waves = [[], [], [], []]  # cards in play order
        self.kind = bytearray(WAVES)
        self.lo = bytearray(WAVES)  # lowest rank of a sequence's range (cyclic)
        self.scored = []  # kicked-out cards (face-up pile off to the side)
        self.wiped = []  # the wipe-out pile
        self.points = 0  # points banked by kick-outs
        self.phase = PH_DRAW
        self.slot = -1  # wave awaiting a place (PH_PLACE) or a kick decision (PH_KICK)
        self.taken = -1  # card just taken from an approaching wave (it may go back: D3)
        self.drawn = -1  # last card drawn (for display)
        self.turn = 0
        self.kicks = 0
        self.wipeouts = 0
        self.nmoves = 0


def new(seed, options=None, profile=None):
    """A shuffled game: 10 cards dealt to the hand, 4 approaching waves, the rest the pile."""
    options_with_defaults(NAME, OPTIONS, options)
    s = Hang10()
    s.seed = int(seed)
    deck = list(range(52))
    Rng(s.seed).shuffle(deck)
    s.pile = deck  # dealt from the end, like the top of a face-down stack
    hand = []
    for _ in range(HAND_SIZE):
        hand.append(s.pile.pop())
    hand.sort()
    s.hand = hand
    for w in range(WAVES):
        _set_lone(s, w, s.pile.pop())
    return s


def _set_lone(s, w, card):
    s.waves[w] = [card]
    s.kind[w] = K_LONE
    s.lo[w] = card % 13


def _insert_sorted(hand, card):
    i = 0
    n = len(hand)
    while i < n and hand[i] < card:
        i += 1
    hand.insert(i, card)


# ---- surfing rules -------------------------------------------------------


def _fits(s, w, card):
    """Can `card` be added to wave w of state s?"""
    kind = s.kind[w]
    if kind == K_EMPTY:
        return False
    top = s.waves[w][0]
    if kind == K_LONE:
        if card // 13 == top // 13:
            return (card - top) % 13 in (1, 12)
        return card % 13 == top % 13
    n = len(s.waves[w])
    if kind == K_SET:
        return n < SET_MAX and card % 13 == top % 13
    if n >= SEQ_MAX or card // 13 != top // 13:
        return False
    r = card % 13
    lo = s.lo[w]
    return r == (lo + n) % 13 or r == (lo + 12) % 13


def _fitting(s, w):
    """The cards that fit wave w (at most five), as _fits says: a lone card takes its
    suit's next or previous rank or its rank in another suit, a set its rank, a
    sequence its suit's next rank at either end."""
    kind = s.kind[w]
    if kind == K_EMPTY:
        return ()
    top = s.waves[w][0]
    suit = top - top % 13
    if kind == K_LONE:
        r = top % 13
        return (
            suit + (r + 1) % 13,
            suit + (r + 12) % 13,
            (top + 13) % 52,
            (top + 26) % 52,
            (top + 39) % 52,
        )
    n = len(s.waves[w])
    if kind == K_SET:
        return ((top + 13) % 52, (top + 26) % 52, (top + 39) % 52) if n < SET_MAX else ()
    if n >= SEQ_MAX:
        return ()
    lo = s.lo[w]
    return (suit + (lo + n) % 13, suit + (lo + 12) % 13)


def _add(s, w, card):
    """Add a card that fits (checked by the caller) and update kind and range."""
    wave = s.waves[w]
    kind = s.kind[w]
    r = card % 13
    if kind == K_LONE:
        r0 = wave[0] % 13
        if r == r0:
            s.kind[w] = K_SET
        else:
            s.kind[w] = K_SEQ
            s.lo[w] = r0 if r == (r0 + 1) % 13 else r
    elif kind == K_SEQ and r != (s.lo[w] + len(wave)) % 13:
        s.lo[w] = r  # grew at the low end
    wave.append(card)


def seq_points(n, tens):
    """Points for a sequence wave of n cards holding `tens` tens."""
    if n < 2:
        return 0
    if n == 2:
        base = 0
    elif n == 3:
        base = 1
    else:
        base = n
    if n >= 6:
        base += 2
    return base + tens


def set_points(n, rank_index):
    """Points for a set wave of n cards of one rank."""
    if n < 2:
        return 0
    if n == 4 and rank_index == _cards.TEN:
        return 8
    return n


def _wave_points(s, w):
    wave = s.waves[w]
    kind = s.kind[w]
    if kind == K_SET:
        return set_points(len(wave), wave[0] % 13)
    if kind == K_SEQ:
        tens = 0
        for c in wave:
            if c % 13 == _cards.TEN:
                tens += 1
        return seq_points(len(wave), tens)
    return 0


def _any_play(s):
    hand = s.hand
    for w in range(WAVES):
        for c in _fitting(s, w):
            if c in hand:
                return True
    return False


# ---- the contract --------------------------------------------------------


def to_act(s):
    """The seat to act: always 0 (solo); -1 once the game is over."""
    return -1 if s.phase == PH_OVER else 0


def moves(s):
    """Legal moves for the player, ascending; empty only when the game is over."""
    ph = s.phase
    out = []
    if ph == PH_DRAW:
        out.append(M_DRAW)
        for w in range(WAVES):
            if s.kind[w] == K_LONE:
                out.append(M_TAKE + w)
    elif ph == PH_PLAY or ph == PH_END:
        hand = s.hand
        for w in range(WAVES):  # the few cards a wave takes, looked up in the hand
            for c in _fitting(s, w):
                if c in hand:
                    out.append(M_PLAY + c * 4 + w)
        out.sort()
    elif ph == PH_KICK:
        out.append(M_KICK)
        out.append(M_KEEP)
    elif ph == PH_WIPE:
        for w in range(WAVES):
            if s.kind[w] != K_EMPTY:
                out.append(M_WIPE + w)
    elif ph == PH_PLACE:
        for c in s.hand:  # any hand card, the one just taken too (D3)
            out.append(M_PLACE + c)
    return out


def is_legal(s, m):
    if type(m) is not int:
        return False
    ph = s.phase
    if ph == PH_DRAW:
        if m == M_DRAW:
            return len(s.pile) > 0
        return M_TAKE <= m < M_TAKE + WAVES and s.kind[m - M_TAKE] == K_LONE
    if ph == PH_PLAY or ph == PH_END:
        if m < M_PLAY or m >= M_PLAY + 52 * 4:
            return False
        c = (m - M_PLAY) >> 2
        return c in s.hand and _fits(s, (m - M_PLAY) & 3, c)
    if ph == PH_KICK:
        return m == M_KICK or m == M_KEEP
    if ph == PH_WIPE:
        return M_WIPE <= m < M_WIPE + WAVES and s.kind[m - M_WIPE] != K_EMPTY
    if ph == PH_PLACE:
        c = m - M_PLACE
        return 0 <= c < 52 and c in s.hand
    return False


def play(s, m):
    """Apply move m. An illegal move raises ValueError and changes nothing."""
    if not is_legal(s, m):
        raise ValueError("illegal move %s in phase %s" % (_safe_text(s, m), PHASE_NAMES[s.phase]))
    ph = s.phase
    s.nmoves += 1
    if ph == PH_DRAW:
        if m == M_DRAW:
            card = s.pile.pop()
            s.drawn = card
            _insert_sorted(s.hand, card)
            s.phase = PH_PLAY if _any_play(s) else PH_WIPE
        else:
            w = m - M_TAKE
            card = s.waves[w][0]
            s.waves[w] = []
            s.kind[w] = K_EMPTY
            s.drawn = card
            s.taken = card
            _insert_sorted(s.hand, card)
            s.slot = w
            s.phase = PH_PLACE
    elif ph == PH_PLAY or ph == PH_END:
        card = (m - M_PLAY) >> 2
        w = (m - M_PLAY) & 3
        s.hand.remove(card)
        _add(s, w, card)
        s.slot = w
        s.phase = PH_KICK
    elif ph == PH_KICK:
        if m == M_KICK:
            w = s.slot
            s.points += _wave_points(s, w)
            s.scored.extend(s.waves[w])
            s.waves[w] = []
            s.kind[w] = K_EMPTY
            s.kicks += 1
            if s.pile:
                _set_lone(s, w, s.pile.pop())
        _next_turn(s)
    elif ph == PH_WIPE:
        w = m - M_WIPE
        s.wiped.extend(s.waves[w])
        s.waves[w] = []
        s.kind[w] = K_EMPTY
        s.wipeouts += 1
        s.slot = w
        s.phase = PH_PLACE
    elif ph == PH_PLACE:
        card = m - M_PLACE
        s.hand.remove(card)
        _set_lone(s, s.slot, card)
        s.taken = -1
        _next_turn(s)


def _next_turn(s):
    s.turn += 1
    s.slot = -1
    if s.pile:
        s.phase = PH_DRAW
    elif _any_play(s):
        s.phase = PH_END
    else:
        s.phase = PH_OVER


def over(s):
    return s.phase == PH_OVER


def score(s):
    """Kick-out points less one per card in the wipe-out pile."""
    return s.points - len(s.wiped)


def scores(s):
    """Per-seat scores (one seat)."""
    return [score(s)]


def option_text(key, value):
    return str(value)


def describe(options):
    return ("Solo surfing:", "kick waves out")


def seats(s):
    return 1


def humans(s):
    return (0,)


def claimants(s):
    return ()


def winner(s):
    """A solo game has no winner."""
    return -1


def clean(s):
    """A finished game counts as clean (CLEAN): no wipe-out."""
    return s.wipeouts == 0


def summary(s):
    return {
        "score": score(s),
        "clean": clean(s),
        "wipeouts": s.wipeouts,
        "wiped_cards": len(s.wiped),
        "kicks": s.kicks,
        "turns": s.turn,
        "moves": s.nmoves,
    }


def move_log(s, seat, m):
    return "You: " + move_text(s, m)


_A = const(16)  # the buttons of firmware.buttons, for the "key" zone
_B = const(32)


def touches(s, m):
    """What a move points at: the pile (top 0), a wave (top 1..4), a hand card, a key."""
    if m == M_DRAW:
        return (("top", 0),)
    if M_TAKE <= m < M_TAKE + WAVES:
        return (("top", m - M_TAKE + 1),)
    if m == M_KICK:
        return (("key", _A),)
    if m == M_KEEP:
        return (("key", _B),)
    if M_WIPE <= m < M_WIPE + WAVES:
        return (("top", m - M_WIPE + 1),)
    if M_PLACE <= m < M_PLACE + 52:
        return (("hand", m - M_PLACE),)
    return (("hand", (m - M_PLAY) >> 2), ("top", ((m - M_PLAY) & 3) + 1))


# ---- notation ------------------------------------------------------------
# D = draw, T1..T4 = take lone wave card, K = kick out, S = keep surfin',
# W1..W4 = wipe out wave, P7H = place 7H as the new wave, 7H>2 = add 7H to wave 2.


def move_text(s, m):
    if m == M_DRAW:
        return "D"
    if M_TAKE <= m < M_TAKE + WAVES:
        return "T%d" % (m - M_TAKE + 1)
    if m == M_KICK:
        return "K"
    if m == M_KEEP:
        return "S"
    if M_WIPE <= m < M_WIPE + WAVES:
        return "W%d" % (m - M_WIPE + 1)
    if M_PLACE <= m < M_PLACE + 52:
        return "P" + _cards.card_text(m - M_PLACE)
    if M_PLAY <= m < M_PLAY + 52 * 4:
        return "%s>%d" % (_cards.card_text((m - M_PLAY) >> 2), ((m - M_PLAY) & 3) + 1)
    raise ValueError("not a hang10 move: %r" % (m,))


def _safe_text(s, m):
    try:
        return move_text(s, m)
    except (ValueError, TypeError):
        return repr(m)


# ---- helpers exposed for tests -------------------------------------------


def wave_info(s, w):
    """(kind, length, low rank, high rank) of wave w, for display."""
    n = len(s.waves[w])
    kind = s.kind[w]
    if kind == K_SEQ:
        return kind, n, s.lo[w], (s.lo[w] + n - 1) % 13
    if n:
        r = s.waves[w][0] % 13
        return kind, n, r, r
    return kind, 0, 0, 0


def wave_points(s, w):
    """Points wave w would score if kicked out now."""
    return _wave_points(s, w)


def fits(s, w, card):
    """Public form of the surfing rule for the screen module."""
    return _fits(s, w, card)


def unseen(s):
    """Cards the player has not seen (the pile, as a sorted list: its order is hidden)."""
    return sorted(s.pile)


_INT_FIELDS = (
    "seed",
    "phase",
    "slot",
    "taken",
    "drawn",
    "turn",
    "kicks",
    "wipeouts",
    "nmoves",
    "points",
)


def _cards_text(seq):
    """The cards as "AS 7H ..." in one buffer ("" for none)."""
    return _cards.cards_text(seq, len(seq)) if len(seq) else ""


def dump(s):
    lines = ["hang10 %d" % VERSION]
    for key in _INT_FIELDS:
        lines.append("%s %d" % (key, getattr(s, key)))
    lines.append("pile " + _cards_text(s.pile))
    lines.append("hand " + _cards_text(s.hand))
    for w in range(WAVES):
        lines.append("wave%d %d %d %s" % (w + 1, s.kind[w], s.lo[w], _cards_text(s.waves[w])))
    lines.append("scored " + _cards_text(s.scored))
    lines.append("wiped " + _cards_text(s.wiped))
    lines.append("")  # the last newline, without copying the whole text again
    return "\n".join(lines)


def copy(s):
    """An independent copy (via the save format, so it is exact)."""
    return load(dump(s))


# ---- the rarer parts, in hang10_save (imported when first needed) ------------


def _save():
    from shared_rules import hang10_save

    return hang10_save


def view(s, seat=0):
    """What the player sees: everything but the pile's order."""
    return _save().view(s, seat)


def redeal(s, seat, rng):
    """A copy with the pile in another order: the player cannot tell it from this one."""
    return _save().redeal(s, seat, rng)


def parse_move(s, text):
    """Inverse of move_text. Raises ValueError on text that is not a move."""
    return _save().parse_move(s, text)


def can_add(wave, card):
    """can_add(["8H","7H","9H","6H","5H"], "4H") -> True. `wave` lists texts in play order."""
    return _save().can_add(wave, card)


def wave_score(wave):
    return _save().wave_score(wave)


def _wave_from_texts(texts):
    return _save()._wave_from_texts(texts)


def check(s):
    """Raise ValueError if an invariant is broken."""
    _save().check(s)


def load(text):
    """Inverse of dump. Raises ValueError with a clear message on any damage."""
    return _save().load(text)


# ---- computer players ----------------------------------------------------


def best_move(s):
    """The computer's choice (hints and autoplay). Uses only what the player can see."""
    from shared_rules import hang10_ai

    return hang10_ai.choose(s)
