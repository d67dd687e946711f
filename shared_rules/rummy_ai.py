"""Three-Thirteen rummy's computer players: random, greedy and strong
(docs/rules/rummy.md). Each sees only what its seat may see (view): its hand, the
discard pile, the cards the others took from the pile, the melds of a seat that went
out, the counts and the scores. All of them use the exact meld search of the rules.

- random_move: any legal move.
- greedy: the least deadwood one card ahead: takes the top discard when it lowers its
  deadwood (a wild always), grabs a wild when that lowers it, goes out when it can,
  else throws the card that leaves the least deadwood.
- strong: goes out when it can; grabs every wild; takes the top discard only when the
  deadwood it leaves is below what a blind draw from the stock leaves on average (a
  card that melds nothing still replaces the dearest card left out when cheaper; a wild
  melds what it can); throws, of the cards its best arrangement leaves out, the one
  whose penalty is most likely to stay (a card with partners - a pair, two of a suit
  close together - is likely to be completed by the cards it has not seen), less what
  the next seats could use (cards near the ones they took from the pile), a wild only
  when nothing else may go; on its last turn after someone went out it throws for the
  least penalty after lay-offs on the melds laid down.
"""

from shared_rules import rummy as r
from shared_rules import rummy_melds as m

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Tuning (docs/rules/rummy.md has the measured effect).
DRAWS_AHEAD = const(3)  # draws a partner card may still come in
FEED_NEXT = const(6)  # points against throwing a card the next seat may use
FEED_OTHER = const(2)  # ... a card a later seat may use
_SCALE = const(100)


def random_move(s, rng):
    """A baseline: any legal move, chosen with rng."""
    ms = r.moves(s)
    if not ms:
        raise ValueError("rummy match is over")
    return ms[rng.below(len(ms))]


def _seat(s):
    seat = r.to_act(s)
    if seat < 0:
        raise ValueError("rummy match is over")
    return seat


def greedy(s):
    """The greedy baseline's move for the seat to act."""
    seat = _seat(s)
    ph = s.phase
    if ph == r.PH_BETWEEN:
        return r.NEXT
    wild = r.wild_of(s)
    hand = s.hands[seat]
    if ph == r.PH_DRAW:
        top = r.top(s)
        if not s.nstock:
            return r.PILE
        now = m.deadwood(hand, wild)  # a wild too only for a gain: each take lowers the
        after = m.best_discard(hand + [top], wild, top)[0]  # deadwood, so greedy seats
        return r.PILE if after < now else r.STOCK  # never pass cards round for ever
    if ph == r.PH_CLAIM:
        top = r.top(s)
        now = m.deadwood(hand, wild)
        after = m.best_discard(hand + [top], wild, top)[0]
        return r.GRAB if after < now else r.PASS
    if ph == r.PH_DISCARD:
        outs = r.out_cards(s)
        if outs:
            return r.OUT + _out_card(outs, wild)
    return m.best_discard(hand, wild, r.just_taken(s))[1]  # a card taken is kept


def _out_card(outs, wild):
    """Of the cards that go out, the one to throw: not a wild if it can help it, the
    most points."""
    best = outs[0]
    for c in outs:
        key = (r.is_wild(c, wild), -r.points(c, wild))
        if key < (r.is_wild(best, wild), -r.points(best, wild)):
            best = c
    return best


# ---- the strong player -------------------------------------------------------------


def strong(s):
    """The strong player's move for the seat to act."""
    seat = _seat(s)
    ph = s.phase
    if ph == r.PH_BETWEEN:
        return r.NEXT
    if ph == r.PH_CLAIM:
        return r.GRAB  # a wild for the worst card is never a loss
    wild = r.wild_of(s)
    hand = s.hands[seat]
    if ph == r.PH_DRAW:
        return _draw(s, seat, hand, wild)
    if ph == r.PH_DISCARD:
        outs = r.out_cards(s)
        if outs:
            return r.OUT + _out_card(outs, wild)
        if s.out >= 0:
            from shared_rules import rummy_last

            return rummy_last.last_throw(s, seat)
    return _throw(s, seat, hand, wild)


def _draw(s, seat, hand, wild):
    """The top discard when it is wild, or when the deadwood it leaves is below what a
    card from the stock leaves on average: a card that melds nothing still replaces the
    dearest card left out when it is cheaper, and a wild melds what it can. Not when the
    least deadwood with it comes from throwing a wild left out."""
    top = r.top(s)
    if not s.nstock or r.is_wild(top, wild):
        return r.PILE
    take, throw = m.best_discard(hand + [top], wild, top)
    if r.is_wild(throw, wild):  # the gain would be a wild thrown, which the throw below
        return r.STOCK  # keeps: the card melds nothing (and two seats could pass such
    now, left = m.leftovers(hand, wild)  # cards round for ever, the stock untouched)
    dearest = 0
    for c in left:
        p = r.points(c, wild)
        if p > dearest:
            dearest = p
    unseen = unseen_counts(s, seat)
    total = 0
    gain = 0  # the deadwood a stock card takes off, times the unseen cards
    wilds = 0
    for u in range(r.KINDS):
        k = unseen[u]
        if not k:
            continue
        total += k
        if r.is_wild(u, wild):
            wilds += k
        else:
            p = r.points(u, wild)
            if p < dearest:
                gain += k * (dearest - p)
    if wilds:
        gain += wilds * (now - m.best_discard(hand + [r.JOKER], wild)[0])
    return r.PILE if take * total < now * total - gain else r.STOCK


def _throw(s, seat, hand, wild):
    """The card whose penalty is most likely to stay: of the cards the best arrangement
    leaves out, by penalty times the chance no card completes it, less what it would
    give the next seats; the least deadwood discard when no such card may go, or when,
    after a take from the pile, that card would leave no less deadwood than before it.
    The card just taken stays (throwing it back would lose the turn)."""
    taken = r.just_taken(s)
    v, left = m.leftovers(hand, wild)
    cands = [c for c in left if c != taken]
    if not cands:
        return m.best_discard(hand, wild, taken)[1]
    c = _riskiest(s, seat, left, cands)
    if taken >= 0 and s.phase == r.PH_DISCARD and _no_gain(hand, wild, taken, c):
        return m.best_discard(hand, wild, taken)[1]
    return c


def _no_gain(hand, wild, taken, c):
    """Throwing c after taking `taken` from the pile leaves no less deadwood than the
    hand had before the take. The throw is then the least deadwood one (below that, as
    the take was chosen for it): each take from the pile lowers the seat's deadwood, so
    two seats never pass cards round for ever with the stock untouched."""
    before = list(hand)
    before.remove(taken)
    after = list(hand)
    after.remove(c)
    return m.deadwood(after, wild) >= m.deadwood(before, wild)


def _riskiest(s, seat, left, cands):
    """Of the cards that may go, the one whose penalty is most likely to stay."""
    wild = r.wild_of(s)
    unseen = unseen_counts(s, seat)
    total = 0
    for k in range(r.KINDS):
        total += unseen[k]
    wilds = unseen[r.JOKER] + _rank_count(unseen, wild - 1)
    best = -1
    score = 0
    for c in cands:
        x = r.points(c, wild) * (_SCALE - _chance(c, left, unseen, wilds, total)) // _SCALE
        x -= _feed(s, seat, c)
        if best < 0 or x > score or (x == score and c > best):
            best = c
            score = x
    return best


def _chance(c, left, unseen, wilds, total):
    """Per hundred: the chance the card gets melded in the next few draws, from the
    unseen cards that would complete it with another card left out (or with a wild)."""
    if not total:
        return 0
    outs = 0
    rank = c % 13
    suit = c // 13
    for y in left:
        if y == c:
            continue
        ry = y % 13
        if ry == rank:
            outs += _rank_count(unseen, rank) + wilds
        elif y // 13 == suit:
            d = _gap(rank, ry)
            if d == 1:
                lo = min(_pos(rank, ry), _pos(ry, rank))
                outs += _at(unseen, suit, lo - 1) + _at(unseen, suit, lo + 2) + wilds
            elif d == 2:
                lo = min(_pos(rank, ry), _pos(ry, rank))
                outs += _at(unseen, suit, lo + 1) + wilds
    p = outs * DRAWS_AHEAD * _SCALE // total
    return p if p < 90 else 90


def _gap(a, b):
    """How far apart two ranks are in a run (the ace low or high)."""
    d = a - b if a > b else b - a
    if a == 0 or b == 0:
        e = 13 - (a + b)
        if e < d:
            d = e
    return d


def _pos(a, b):
    """a's position in a run with b: the ace high next to a queen or king."""
    if a == 0 and b >= 11:
        return 13
    return a


def _at(unseen, suit, pos):
    if pos < 0 or pos > 13:
        return 0
    return unseen[suit * 13 + (pos % 13)]


def _rank_count(counts, rank):
    return counts[rank] + counts[13 + rank] + counts[26 + rank] + counts[39 + rank]


def _feed(s, seat, c):
    """Points against throwing c: it lies near cards the next seats took from the pile
    (their rank, or their suit two ranks away or nearer)."""
    n = s.n
    out = 0
    for k in range(1, n):
        other = (seat + k) % n
        if other == s.out:
            continue
        weight = FEED_NEXT if k == 1 else FEED_OTHER
        for z in s.known[other]:
            if z == r.JOKER or c == r.JOKER:
                continue
            if z % 13 == c % 13 or (z // 13 == c // 13 and _gap(z % 13, c % 13) <= 2):
                out += weight
    return out


def unseen_counts(s, seat):
    """How many of each card `seat` has not seen: the decks less its hand, the pile, the
    cards the others took from the pile and the melds on the table."""
    out = r.deck_counts(s.n)
    for c in s.hands[seat]:
        out[c] -= 1
    for i in range(s.npile):
        out[s.pile[i]] -= 1
    for k in range(s.n):
        if k == seat:
            continue
        for c in s.hands[k] if k == s.out else s.known[k]:
            out[c] -= 1
    return out
