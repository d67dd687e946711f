"""My Pet's players: random, greedy, strong (the hint) and a seer (docs/rules/mypet.md).

Pets never meet, so a player looks at its own pet only: its hand, its cards in play,
its discards and the counts of its deck (the order is hidden).
- random_move: any legal move.
- greedy: an Age card whenever it may, then the card worth most (a trick, Play,
  Training); discards go Training first.
- strong: determinized Monte Carlo over the moves it has. Its deck is shuffled again
  DEALS times (fewer when it has many moves: about PLAYOUTS play-outs a decision);
  each move is played out in every deal by the `smart` policy for HORIZON turns, and
  the move with the most points (and points to come, `evaluate`) wins. Expected
  points, estimated by sampling what it cannot see.
- seer: the same search over the true deck order (it sees the future), each move
  played out to the end by `smart` and by greedy, the better kept: a ceiling for the
  figures, never used in play.
"""

from shared_rules import mypet as p
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


PLAYOUTS = const(24)  # play-outs a decision: deals x candidate moves (bounds its time)
DEALS_MIN = const(4)
DEALS_MAX = const(8)
HORIZON = const(12)  # turns played out after a candidate
FAVOURITE = const(3)  # tenths of a point a deal: the greedy move's head start

_AGE = const(0)
_PLAY = const(1)
_TRAIN = const(2)
_BEG = const(3)
_PASSING = const(10)
_KEEP = (99, 4, 1, 6, 6, 7, 7, 7, 7, 7)  # greedy: what goes first (Training)


def view_seed(s):
    """A seed made of what the pet to act can see (its choices depend on nothing
    hidden)."""
    seat = s.turn
    x = s.nmoves * 7919 + s.turns[seat] * 101 + s.ndeck[seat] * 13 + s.phase + 1
    for row in (s.hands[seat], s.table[seat], s.discards[seat]):
        for k in range(p.KINDS):
            x = (x * 31 + row[k]) & 0x3FFFFFFF
    return x or 1


def random_move(s, rng):
    """A baseline: any legal move, chosen with rng."""
    ms = p.moves(s)
    if not ms:
        raise ValueError("mypet game is over")
    return ms[rng.below(len(ms))]


# ---- greedy ------------------------------------------------------------------------


def greedy(s):
    """The greedy baseline's move for the pet to act."""
    if p.over(s):
        raise ValueError("mypet game is over")
    hand = s.hands[s.turn]
    if s.phase == p.PH_DISCARD:
        best = -1
        for k in range(_PLAY, _PASSING):
            if hand[k] and (best < 0 or _KEEP[k] < _KEEP[best]):
                best = k
        return p.DISCARD + best
    if p._card_ok(s, _AGE):
        return _AGE
    for k in (9, 8, 7, 6, 5, 4, 3, _PLAY, _TRAIN):
        if p._card_ok(s, k):
            return k
    return p.END


# ---- the smart policy (the strong player's play-outs) ----------------------------


def _tricks_to_come(s, seat):
    """Training cards the tricks not yet played (in hand or deck) would need."""
    table = s.table[seat]
    disc = s.discards[seat]
    need = 0
    for k in range(_BEG, _PASSING):
        if not table[k] and not disc[k]:
            need += p.NEEDS[k]
    return need


def _training_wanted(s, seat):
    return s.table[seat][_TRAIN] + s.hands[seat][_TRAIN] < _tricks_to_come(s, seat)


def _junk(s):
    """The card to let go of: Training nobody needs, a trick without Training left in
    reach, then Training, Play, the simple tricks, the tricks."""
    seat = s.turn
    hand = s.hands[seat]
    table = s.table[seat]
    train = table[_TRAIN] + hand[_TRAIN]
    best = -1
    low = 0
    for k in range(_PLAY, _PASSING):
        if not hand[k]:
            continue
        if k == _TRAIN:
            v = 3 if _training_wanted(s, seat) else 0
        elif k == _PLAY:
            v = 4
        else:
            v = 6 + p.POINTS[k] if p.NEEDS[k] <= train + 2 else 1
        if best < 0 or v < low:
            best = k
            low = v
    return best


def _want_age(s):
    """Older rules: always (Age cards only raise the limit). Younger rules: the 20th
    Age card ends the life, so only when a scoring card waits for room, when holding it
    would make the hand let go of a card, or when the deck is empty."""
    if p.older(s):
        return True
    seat = s.turn
    hand = s.hands[seat]
    table = s.table[seat]
    if not s.ndeck[seat]:
        return True
    if p.scoring(table) + 1 > table[_AGE] and not s.carded:
        if hand[_PLAY]:
            return True
        for k in range(_BEG, _PASSING):
            if hand[k] and table[_TRAIN] >= p.NEEDS[k]:
                return True
    left = p.hand_size(hand) - (0 if s.carded else 1)
    return left > p.HAND_LIMIT


def smart(s):
    """The strong player's play-out policy for the pet to act."""
    if s.phase == p.PH_DISCARD:
        return p.DISCARD + _junk(s)
    ok = p._card_ok
    for k in (9, 8, 7, 6, 5, 4, 3):
        if ok(s, k):
            return k
    if ok(s, _AGE) and _want_age(s):
        return _AGE
    if ok(s, _TRAIN) and _training_wanted(s, s.turn):
        return _TRAIN
    if ok(s, _PLAY):
        return _PLAY
    if ok(s, _TRAIN):
        return _TRAIN
    if p._end_ok(s):
        return p.END
    return _AGE


# ---- copies of one pet for the search --------------------------------------------

_OPTS = {"older": {"rules": "older", "players": 1}, "younger": {"rules": "younger", "players": 1}}


def copy_seat_into(c, s, seat):
    """Make the one-pet game c the pet `seat` of s, in place (no new objects)."""
    c.opts = _OPTS[s.opts["rules"]]
    c.seed = s.seed
    c.rng.hi = s.rng.hi
    c.rng.lo = s.rng.lo
    c.phase = s.phase if seat == s.turn else p.PH_PLAY
    c.turn = 0
    h = c.hands[0]
    t = c.table[0]
    d = c.discards[0]
    sh = s.hands[seat]
    st = s.table[seat]
    sd = s.discards[seat]
    for k in range(p.KINDS):
        h[k] = sh[k]
        t[k] = st[k]
        d[k] = sd[k]
    cd = c.decks[0]
    sdk = s.decks[seat]
    n = s.ndeck[seat]
    for i in range(n):
        cd[i] = sdk[i]
    c.ndeck[0] = n
    c.stage[0] = s.stage[seat]
    c.turns[0] = s.turns[seat]
    c.aged = s.aged
    c.carded = s.carded
    c.drew = s.drew
    c.grew = s.grew
    c.auto = s.auto
    c.nmoves = s.nmoves


def evaluate(s):
    """Points, in tenths, and what the pet holds toward more (Training in play that a
    trick to come needs, Play cards and tricks in hand with room to play them)."""
    table = s.table[0]
    v = 10 * p.points(table)
    if s.phase == p.PH_OVER:
        return v
    hand = s.hands[0]
    v += 6 * min(table[_TRAIN], _tricks_to_come(s, 0))
    v += 5 * hand[_PLAY]
    for k in range(_BEG, _PASSING):
        if hand[k] and table[_TRAIN] + hand[_TRAIN] >= p.NEEDS[k]:
            v += 5 * p.POINTS[k]
    if not p.older(s):  # Age cards still to play: turns of life to come
        v += 3 * (20 - table[_AGE])
    return v


def _rollout(c, end, policy=None):
    policy = policy or smart
    while c.phase != p.PH_OVER and c.turns[0] < end:
        p.apply(c, policy(c))
    return evaluate(c)


_scratch = []  # two one-pet games the search reuses: a deal and its play-out
_totals = [0] * 32


def _sort(deck, n):
    """deck[:n] in kind order (what the seat knows of it: the counts), in place."""
    counts = _counts
    for k in range(p.KINDS):
        counts[k] = 0
    for i in range(n):
        counts[deck[i]] += 1
    i = 0
    for k in range(p.KINDS):
        for _ in range(counts[k]):
            deck[i] = k
            i += 1


_counts = bytearray(p.KINDS)


def _worth_searching(s):
    """The moves worth a search. Under the older rules an Age card only raises the
    limit, and a card played beats none: the Age card first, and no end while a card
    can be played."""
    ms = p.moves(s)
    if s.phase != p.PH_PLAY or not p.older(s):
        return ms
    if ms[0] == _AGE:
        return [_AGE]
    if len(ms) > 1 and ms[-1] == p.END:
        ms.pop()
    return ms


def _search(s, see):
    if p.over(s):
        raise ValueError("mypet game is over")
    cands = _worth_searching(s)
    if len(cands) == 1:
        return cands[0]
    if not _scratch:
        _scratch.append(p.Life(1))
        _scratch.append(p.Life(1))
    base, work = _scratch
    seat = s.turn
    rng = Rng(view_seed(s))
    totals = _totals
    for i in range(len(cands)):
        totals[i] = 0
    deals = max(DEALS_MIN, min(DEALS_MAX, PLAYOUTS // len(cands)))
    for _ in range(deals):
        copy_seat_into(base, s, seat)
        if not see:  # the order it cannot see, dealt again from the counts
            _sort(base.decks[0], base.ndeck[0])
            rng.shuffle(base.decks[0], base.ndeck[0])
            base.rng.set_state(rng.next16() * 65536 + rng.next16() or 1)
        for i in range(len(cands)):
            copy_seat_into(work, base, 0)
            p.apply(work, cands[i])
            if not see:
                totals[i] += _rollout(work, base.turns[0] + HORIZON)
                continue
            v = _rollout(work, 1000)  # to the end, then the same by greedy: the better
            copy_seat_into(work, base, 0)
            p.apply(work, cands[i])
            totals[i] += max(v, _rollout(work, 1000, greedy))
        if see:
            break  # nothing left to chance: one play-out of each policy to the end
    if not see:  # the greedy choice keeps a small head start: sampling noise never
        favourite = greedy(s)  # moves it for less than a few tenths of a point a deal
        for i in range(len(cands)):
            if cands[i] == favourite:
                totals[i] += FAVOURITE * deals
    best = 0
    for i in range(1, len(cands)):
        if totals[i] > totals[best]:
            best = i
    return cands[best]


def strong(s):
    """The strong player's move (the hint) for the pet to act."""
    return _search(s, False)


def seer(s):
    """The same search over the true deck order (a ceiling for the figures)."""
    return _search(s, True)
