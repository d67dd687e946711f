"""Three-Thirteen's scoring when the run ends within the hand's reach outnumber the meld
search's slots beside its cards (docs/rules/rummy.md, D12): rare (late rounds of four
seats), so rummy_table imports this only then."""

from shared_rules import rummy_table as t
from shared_rules.rummy import is_wild


def apart(cards, wild, sets, runs, ends):
    """More run ends than the search's slots hold beside the hand (D12): the hand's
    natural cards and the ends in groups that share no meld (a rank, or a suit within
    the wilds' reach), each group's least for each number of the wilds it may take,
    then the best share of the wilds (spare wilds cost nothing: a table with run ends
    has room). One group alone: _fewer_ends."""
    wl = [c for c in cards if is_wild(c, wild)]
    w = len(wl)
    groups = _groups(cards, wild, ends, w)
    if len(groups) == 1:
        return _fewer_ends(cards, wild, sets, runs, ends)
    best = [0] * (w + 1)  # the groups so far, with at most k wilds between them
    for nat, own in groups:
        v = [t._penalty(nat + wl[:k], wild, sets, runs, own) for k in range(w + 1)]
        best = [min(best[k - j] + v[j] for j in range(k + 1)) for k in range(w + 1)]
    return best[w]


def _groups(cards, wild, ends, w):
    """(natural cards, ends) in groups that share no meld: cards of a rank, cards of a
    suit at most w + 1 apart (the ace low and high), an end and the cards of its suit
    within w + 1 past it; an end no card reaches takes wilds only (left out)."""
    nat = [c for c in cards if not is_wild(c, wild)]
    n = len(nat)
    group = list(range(n + len(ends)))

    def root(i):
        while group[i] != i:
            i = group[i]
        return i

    def join(i, j):
        group[root(i)] = root(j)

    for i in range(n):
        a = nat[i]
        for j in range(i):
            b = nat[j]
            if a % 13 == b % 13 or a // 13 == b // 13 and _apart_by(a, b) <= w + 1:
                join(i, j)
        for k in range(len(ends)):
            kind, r, suit, far = ends[k]
            if a // 13 == suit:
                for p in (a % 13, 13) if a % 13 == 0 else (a % 13,):
                    d = p - r if kind == 1 else r - p
                    if 0 < d <= w + 1:
                        join(n + k, i)
    out = {}
    for i in range(len(group)):
        g = out.setdefault(root(i), ([], []))
        if i < n:
            g[0].append(nat[i])
        else:
            g[1].append(ends[i - n])
    return [g for g in out.values() if g[0]]


def _apart_by(a, b):
    """Ranks between two cards of a suit, the ace low or high (whichever is nearer)."""
    d = abs(a % 13 - b % 13)
    return min(d, 13 - d) if a % 13 == 0 or b % 13 == 0 else d


def _fewer_ends(cards, wild, sets, runs, ends):
    """More run ends than the search's slots hold (D12), in one group: the first end
    either takes nothing, or its chain goes as far as the hand's nearest card past it
    (wilds in the cells before): whatever reaches a card there could hold that very
    card (a wild swaps places with it wherever it went), and wilds alone on an end gain
    nothing. The least of the two; each leaves one slot fewer, so this ends."""
    kind, r, suit, far = ends[0]
    rest = ends[1:]
    best = t._penalty(cards, wild, sets, runs, rest)
    if not best:
        return 0
    wl = [c for c in cards if is_wild(c, wild)]
    step = 1 if kind == 1 else -1
    for g in range(len(wl) + 1):  # g wilds before the card
        r += step
        if (r > far) if kind == 1 else (r < far):
            break  # the run's limit (13 cards, or one ace only)
        card = suit * 13 + r % 13
        if card in cards and not is_wild(card, wild):
            hand = list(cards)
            hand.remove(card)
            for c in wl[:g]:
                hand.remove(c)
            if r != far:
                rest = [[kind, r, suit, far]] + rest
            v = t._penalty(hand, wild, sets, runs, rest)
            return v if v < best else best
    return best
