"""Pret? Allez!'s computer fencers: random, greedy and strong (docs/rules/fencing.md).

Each sees only what its seat may see: its own hand, the discard piles, the piste.
- random_move: any legal move.
- greedy: a fixed order of wishes - avoid an attack (riposte, parry, retreat card,
  board retreat), attack when it may (balestra, lunge, beat, stop hit, attack), close
  in when apart (advance), else hold its ground; discards go lowest value first.
- strong: determinized Monte Carlo. The hidden cards (its own deck's order, the
  rival's hand and deck) are dealt again from the counts it can see, 50 / (candidate
  moves) times (6 to 16), so a decision costs about 50 play-outs whatever the hand;
  each candidate move is played out in every deal by both sides' greedy play until a
  hit or a horizon, and the move with the best total wins (a hit +-1000, else the
  piste and the cards left: who is pushed toward their end, priority, parries).
"""

from shared_rules import fencing as f
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


PLAYOUTS = const(50)  # play-outs a decision: deals x candidate moves (bounds its time)
DEALS_MIN = const(6)
DEALS_MAX = const(16)
HORIZON = const(14)  # turns played out after a candidate
_WIN = const(1000)

# How much a fencer wants to keep each kind (discards go lowest first).
KEEP = (9, 1, 8, 6, 7, 7, 4, 3, 2, 5)  # AT FE PA RI LU BA BT SH AD RE

_ATTACKS = (f.A_BALESTRA, f.A_LUNGE, f.A_BEAT, f.A_STOP, f.A_ATTACK)


def view_seed(s):
    """A seed made of what the fencer to act can see (so its choices depend on nothing
    hidden)."""
    seat = s.turn
    x = s.nmoves * 7919 + s.pos[0] * 101 + s.pos[1] * 13 + s.prio * 7 + seat + 1
    hand = s.hands[seat]
    for k in range(f.KINDS):
        x = (x * 31 + hand[k]) & 0x3FFFFFFF
    return x or 1


def random_move(s, rng):
    """A baseline: any legal move, chosen with rng."""
    ms = f.moves(s)
    if not ms:
        raise ValueError("fencing bout is over")
    return ms[rng.below(len(ms))]


def _junk(hand):
    """The kind a fencer discards first: the lowest KEEP it holds."""
    best = -1
    for k in range(f.KINDS):
        if hand[k] and (best < 0 or KEEP[k] < KEEP[best]):
            best = k
    return best


def _discard(s):
    """A discard for the ADVANCE or RETREAT being paid for: the lowest KEEP card; an
    ADVANCE card's discards stop at the first card worth keeping."""
    k = _junk(s.hands[s.turn])
    if s.discarded >= f.fewest_discards(s.act) and (k < 0 or KEEP[k] > 2):
        return f.DONE
    return f.DISCARD + k


def _wish(s):
    """The greedy act for the fencer to act (one that is allowed), or A_PASS."""
    ok = f._act_ok
    if s.pending == f.P_ATTACK:
        for act in (f.A_RIPOSTE, f.A_PARRY, f.A_RETREAT, f.A_BOARD_RET):
            if ok(s, act):
                return act
        return f.A_PASS
    for act in _ATTACKS:
        if ok(s, act):
            return act
    if ok(s, f.A_ADVANCE):
        return f.A_ADVANCE
    if ok(s, f.A_BOARD_ADV):
        return f.A_BOARD_ADV
    if ok(s, f.A_FEINT):
        return f.A_FEINT
    for act in range(f.A_PASS):
        if act != f.A_RETREAT and act != f.A_BOARD_RET and ok(s, act):
            return act
    for act in (f.A_RETREAT, f.A_BOARD_RET):  # off the last space a RETREAT card gives
        if ok(s, act):  # the hit, and nothing else may be played then (A17)
            return act
    return f.A_PASS


def greedy(s):
    """The greedy baseline's move for the fencer to act."""
    if f.over(s):
        raise ValueError("fencing bout is over")
    if s.phase == f.PH_DISCARD:
        return _discard(s)
    return _wish(s)


def copy_into(c, s):
    """Make c the same bout as s in place (computer players' search: no new objects but
    the touches list's entries, shared)."""
    c.opts = s.opts  # never changed in play
    c.seed = s.seed
    c.rng.hi = s.rng.hi
    c.rng.lo = s.rng.lo
    c.phase = s.phase
    c.prio = s.prio
    c.turn = s.turn
    for seat in (f.LEFT, f.RIGHT):
        c.pos[seat] = s.pos[seat]
        c.hits[seat] = s.hits[seat]
        h = c.hands[seat]
        d = c.discards[seat]
        sh = s.hands[seat]
        sd = s.discards[seat]
        for k in range(f.KINDS):
            h[k] = sh[k]
            d[k] = sd[k]
        cd = c.decks[seat]
        sdk = s.decks[seat]
        n = s.ndeck[seat]
        for i in range(n):
            cd[i] = sdk[i]
        c.ndeck[seat] = n
    c.pending = s.pending
    c.lead = s.lead
    c.no_retreat = s.no_retreat
    c.moved_adj = s.moved_adj
    c.act = s.act
    c.discarded = s.discarded
    c.passes = s.passes
    if c.record:
        _copy_list(c.touches, s.touches)
    c.corps = s.corps
    c.turns = s.turns
    c.nmoves = s.nmoves


def _copy_list(dst, src):
    n = len(src)
    while len(dst) > n:
        dst.pop()
    for i in range(len(dst)):
        dst[i] = src[i]
    for i in range(len(dst), n):
        dst.append(src[i])


def determinize(c, s, seat, rng):
    """Make c a bout `seat` cannot tell from s, built from what it sees: its own deck and
    the other's hand and deck dealt from their counts with rng (in place)."""
    copy_into(c, s)
    other = 1 - seat
    _deal_counts(c, seat, rng)
    hand = c.hands[other]
    n = 0
    for k in range(f.KINDS):
        n += hand[k]
        hand[k] = 0
    _deal_counts(c, other, rng)
    f._draw(c, other, n)
    c.rng.set_state(rng.next16() * 65536 + rng.next16() or 1)


def _deal_counts(c, seat, rng):
    """The seat's deck := every card of its 50 not in its hand or discards, shuffled."""
    deck = c.decks[seat]
    hand = c.hands[seat]
    disc = c.discards[seat]
    n = 0
    for k in range(f.KINDS):
        for _ in range(f.DECK_COUNTS[k] - hand[k] - disc[k]):
            deck[n] = k
            n += 1
    c.ndeck[seat] = n
    rng.shuffle(deck, n)


def evaluate(s, seat):
    """The position for `seat`: hits first, then room behind each fencer, priority and
    the defence in hand."""
    other = 1 - seat
    v = _WIN * (s.hits[seat] - s.hits[other])
    if f.over(s):
        return v
    room = abs(s.pos[seat] - f.LAST[seat]) - abs(s.pos[other] - f.LAST[other])
    v += 40 * room
    if s.prio == seat:
        v += 30
    hand = s.hands[seat]
    v += 12 * min(hand[f.PARRY], 3) + 6 * min(hand[f.ATTACK], 3) + 8 * min(hand[f.BALESTRA], 1)
    opp = s.hands[other]
    v -= 12 * min(opp[f.PARRY], 3) + 6 * min(opp[f.ATTACK], 3)
    return v


def _rollout(c, seat):
    hits = c.hits[0] + c.hits[1]
    n = 0
    while n < HORIZON and not f.over(c) and c.hits[0] + c.hits[1] == hits:
        f.apply(c, greedy(c))
        n += 1
    return evaluate(c, seat)


_scratch = []  # two bouts the search reuses: a hidden deal and its play-out
_totals = [0] * f.ACTS


def strong(s):
    """The strong fencer's move for the fencer to act."""
    if f.over(s):
        raise ValueError("fencing bout is over")
    if s.phase == f.PH_DISCARD:
        return _discard(s)  # what goes is the greedy choice: lowest value first
    seat = s.turn
    cands = f.moves(s)
    if f._at_last(s, seat) and len(cands) > 1:  # a retreat off the end of the piste
        # gives the hit for sure: any other move is at least as good (a play-out's
        # noise could pick it)
        cands = [m for m in cands if m != f.A_RETREAT and m != f.A_BOARD_RET] or cands
    if len(cands) == 1:
        return cands[0]
    if not _scratch:
        for _ in range(2):
            b = f.Bout()
            b.record = False  # no touches list to grow in a play-out
            _scratch.append(b)
    base, work = _scratch
    rng = Rng(view_seed(s))
    totals = _totals
    for i in range(len(cands)):
        totals[i] = 0
    deals = max(DEALS_MIN, min(DEALS_MAX, PLAYOUTS // len(cands)))
    for _ in range(deals):
        determinize(base, s, seat, rng)
        for i in range(len(cands)):
            copy_into(work, base)
            f.apply(work, cands[i])
            totals[i] += _rollout(work, seat)
    best = 0
    for i in range(1, len(cands)):
        if totals[i] > totals[best]:
            best = i
    return cands[best]
