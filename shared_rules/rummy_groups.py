"""Three-Thirteen's hand as the screen shows it: one best arrangement of the exact meld
search (shared_rules/rummy_melds.py) as lists of cards. A module of its own: the search
is needed everywhere, this only on the device's screen and in tests."""

from shared_rules.rummy import is_wild


def groups(cards, wild):
    """One best arrangement of the hand, as cards: (melds, left). Each meld is its
    natural cards in rank order (an ace high last) then the wild cards it uses; spare
    wilds join the first meld (or make a set of their own, three or more); left is
    the cards in no meld, sorted. Its points are deadwood(cards, wild)."""
    from shared_rules import rummy_melds as _m  # loaded by the rules already

    w = _m._prepare(cards, wild)[0]
    _v, found, left = _m._recorded(w, _m._dead(w))
    card = _m._CARD
    n = _m._n
    wilds = [c for c in cards if is_wild(c, wild)]
    wilds.sort()
    melds = []
    for grp, need, kind in found:
        meld = [card[i] for i in range(n) if (grp >> i) & 1]
        if kind & 3 == 2:  # a set: its cards, then the wilds
            for _ in range(need):
                meld.append(wilds.pop())
        else:
            meld = _run_cards(meld, need, kind & 64, wilds)
        melds.append(meld)
    if wilds and (melds or len(wilds) >= 3):
        if melds:
            melds[0].extend(wilds)
        else:
            melds.append(wilds)
        wilds = []
    out = [card[i] for i in range(n) if (left >> i) & 1]
    out.extend(wilds)
    return melds, out


def _run_cards(naturals, need, ace_high, wilds):
    """A run's cards in order: each gap filled with a wild from `wilds`, the wilds
    left over above its top (below its bottom when the top is the ace high)."""
    pos = [(13 if ace_high and not c % 13 else c % 13, c) for c in naturals]
    pos.sort()
    out = []
    for k in range(len(pos)):
        if k:
            for _ in range(pos[k][0] - pos[k - 1][0] - 1):
                out.append(wilds.pop())
                need -= 1
        out.append(pos[k][1])
    extra = [wilds.pop() for _ in range(need)]
    return extra + out if pos[-1][0] + len(extra) > 13 else out + extra
