"""Three-Thirteen at the end of a round: the melds the seat going out lays down, what
the others pay after their melds and lay-offs on them, and whether cards make one meld.
Imported when first needed (a round's last turns and its scoring): the meld search
(shared_rules/rummy_melds.py) stays in the heap through the whole round, this does not
need to (the device drops it between rounds).
"""

from shared_rules.rummy import JOKER, is_wild, points

_SLOTS = 21  # the meld search's slots: the hand's natural cards and the run ends (rummy_melds)

_m = None  # shared_rules.rummy_melds, imported when first needed (see _search)


def _search():
    """The meld search module: imported at the first call, so that this module also
    compiles from source in a 64 KB heap (the rules loaded, then the search)."""
    global _m
    if _m is None:
        from shared_rules import rummy_melds

        _m = rummy_melds
    return _m


def is_meld(cards, wild):
    """True when the cards form one set (3+ of a rank) or one run (3+ of a suit in
    sequence, ace low or high, each rank once, at most 13), wilds standing for any card;
    only wilds make a set."""
    _search()
    _m._check_hand(cards, wild)
    n = len(cards)
    if n < 3:
        return False
    rank = -1
    suit = -1
    same_rank = True
    same_suit = True
    seen = 0
    lo = 13
    hi = -1
    ace = False
    for c in cards:
        if is_wild(c, wild):
            continue
        r = c % 13
        if rank < 0:
            rank = r
            suit = c // 13
        same_rank = same_rank and r == rank
        same_suit = same_suit and c // 13 == suit
        if (seen >> r) & 1:
            same_suit = False  # a rank twice: no run
        seen |= 1 << r
        if r:
            lo = min(lo, r)
            hi = max(hi, r)
        else:
            ace = True
    if rank < 0 or same_rank:
        return True
    if not same_suit or n > 13:
        return False
    if not ace:
        return hi - lo + 1 <= n
    return hi + 1 <= n or 14 - lo <= n


def arrange(cards, wild):
    """The melds a fully melded hand lays down: (sets, runs) with sets a list of ranks
    (-1: a set of wilds only) and runs a list of (suit, low, high) positions (ace low
    0, ace high 13), each run's wilds placed above its cards where they fit; spare
    wilds go on the first set, else the first run with room. None if it does not meld."""
    _search()
    w, wpen, total = _m._prepare(cards, wild)
    if _m._n == 0:
        return ([-1], []) if w >= 3 or w == 0 else None
    for i in range(_m._n):
        _m._COST[i] = _m.INF
    _m._rec = True
    _m._HOW.clear()
    ok = _m._run(w, 0, 1) == 0
    groups = _m._walk(w, 0)[0] if ok else None
    _m._rec = False
    _m._HOW.clear()
    _m._MEMO.clear()
    if groups is None:
        return None
    return _laid(groups, w)


def _laid(groups, w):
    """The search's groups (_walk) as melds on the table: (set ranks, runs), the spare
    wilds on the first set, else the first run with room."""
    sets = []
    runs = []
    spare = w
    for grp, need, kind in groups:
        spare -= need
        rank = -1
        lo = 14
        hi = -1
        n = 0
        suit = 0
        for i in range(_m._n):
            if (grp >> i) & 1:
                n += 1
                rank = _m._RANK[i]
                suit = _m._SUIT[i]
                p = 13 if kind & 64 and not rank else rank
                lo = min(lo, p)
                hi = max(hi, p)
        if (kind & 3) == 2:
            sets.append(rank)
        else:
            runs.append(_widen([suit, lo, hi], n + need))
    while spare > 0:
        if sets:
            break
        grown = False
        for run in runs:
            if run[2] - run[1] < 12:
                _widen(run, run[2] - run[1] + 2)
                grown = True
                break
        if not grown:
            break
        spare -= 1
    return sets, [tuple(r) for r in runs]


def _widen(run, length):
    """Stretch run [suit, low, high] to `length` cards: upward while it can (never past
    the ace high, never both aces), then downward."""
    while run[2] - run[1] + 1 < length:
        hi = run[2] + 1
        if hi <= 13 and hi - run[1] <= 12 and not (run[1] == 0 and hi == 13):
            run[2] = hi
        else:
            run[1] -= 1
    return run


def penalty(cards, wild, table):
    """What the hand pays when someone went out with `table` (arrange()'s melds): its
    own melds and lay-offs (a set's rank; cards continuing a run at either end, wilds in
    its gaps; any wild on a set, or on a run while it has room) chosen for the least
    penalty of the cards left."""
    sets, runs = table
    k = sets.count(-1)
    if not k:
        return _penalty_at(cards, wild, sets, runs)
    # a set of wilds alone takes the cards of one rank (is_meld), each such set its own:
    # every choice of k of the hand's ranks (all of them when it has no more than k)
    others = [r for r in sets if r >= 0]
    ranks = sorted({c % 13 for c in cards if not is_wild(c, wild)})
    if len(ranks) <= k:
        return _penalty_at(cards, wild, others + (ranks or [-1]), runs)
    best = -1
    pick = list(range(k))  # the choice: indices into ranks, ascending
    while True:
        v = _penalty_at(cards, wild, others + [ranks[i] for i in pick], runs)
        if best < 0 or v < best:
            best = v
        i = k - 1
        while i >= 0 and pick[i] == len(ranks) - k + i:
            i -= 1
        if i < 0:
            return best
        pick[i] += 1
        for j in range(i + 1, k):
            pick[j] = pick[j - 1] + 1


def _penalty_at(cards, wild, sets, runs):
    ends = []
    both = []  # runs whose ends reach both aces (14 cards, one too many, D12): where
    # their two ends are in `ends`
    wilds = 0
    near = 0  # per suit, the positions (ace 0 and 13) of the hand's natural cards, as bits
    for c in cards:
        if is_wild(c, wild):
            wilds += 1
        elif c != JOKER:
            r = c % 13
            near |= ((1 | (r == 0) << 13) << r) << (14 * (c // 13))
    full = not sets  # every run may be filled: a spare wild may find no room
    for suit, lo, hi in runs:
        top = 12 if lo == 0 else min(13, lo + 12)
        bottom = 1 if hi == 13 else max(0, hi - 12)
        n = _suited(cards, wild, suit) + wilds
        full = full and n >= 13 - (hi - lo + 1)
        # ends no card of the hand can reach take only wilds, which the melds' room
        # takes as well: left out
        reach = (near >> (14 * suit)) & 16383
        up = reach >> (hi + 1) & ((1 << (min(top, hi + 1 + wilds) - hi)) - 1) if hi < top else 0
        low = max(bottom, lo - 1 - wilds)
        down = reach >> low & ((1 << (lo - low)) - 1) if low < lo else 0
        top_at = -1
        if up:
            top_at = len(ends)
            ends.append([1, hi, suit, top])
        if down:
            ends.append([2, lo, suit, bottom])
            if top_at >= 0 and n >= 14 - (hi - lo + 1):
                both.append(top_at)  # the hand may reach both aces: its two ends' places
    best = -1
    for way in range(1 << len(both)):  # each such run: no ace high, or no ace low
        limited = [list(e) for e in ends]
        for k in range(len(both)):
            if (way >> k) & 1:
                limited[both[k] + 1][3] = 1  # the high ace, not the low one
            else:
                limited[both[k]][3] = 12  # the low ace, not the high one
        v = _penalty(cards, wild, sets, runs, limited)
        if best < 0 or v < best:
            best = v
    # best let a spare wild onto a full run: a least bound only; laying nothing off is
    # one way to play, so where that pays best, best is exact
    if wilds and full and best < _search().deadwood(cards, wild):
        return _filled(cards, wild, runs)
    return best


def _filled(cards, wild, runs):
    """The least penalty when no set is laid down and each run could be filled to 13
    cards: every way to lengthen each run (each cell its own card from the hand or a
    wild, the dearest wilds first), the rest of the hand scored by its own melds. Rare
    (long runs late in a match); no recursion (the Pico's C stack)."""
    nat = sorted(c for c in cards if not is_wild(c, wild))
    wl = sorted((c for c in cards if is_wild(c, wild)), key=lambda c: -points(c, wild))
    states = {(tuple(nat), 0)}  # (the naturals left, the wilds laid off)
    for suit, lo, hi in runs:
        grown = set()
        for left, used in states:
            for a in range(lo, max(-1, hi - 13), -1):
                for b in range(hi, min(13, a + 12) + 1):
                    cells = [suit * 13 + p % 13 for p in range(a, lo)]
                    cells += [suit * 13 + p % 13 for p in range(hi + 1, b + 1)]
                    have = [c for c in cells if c in left]
                    for mask in range(1 << len(have)):
                        rest = list(left)
                        w = used + len(cells)
                        for k in range(len(have)):
                            if (mask >> k) & 1:
                                rest.remove(have[k])
                                w -= 1
                        if w <= len(wl):
                            grown.add((tuple(rest), w))
        states = grown
    return min(_search().deadwood(list(left) + wl[used:], wild) for left, used in states)


def _suited(cards, wild, suit):
    """The hand's cards of the suit that are not wild."""
    n = 0
    for c in cards:
        if c != JOKER and c // 13 == suit and not is_wild(c, wild):
            n += 1
    return n


def _penalty(cards, wild, sets, runs, ends):
    if ends:
        nat = 0
        for c in cards:
            if not is_wild(c, wild):
                nat += 1
        if nat + len(ends) > _SLOTS:  # rare: late rounds of four seats (D12)
            from shared_rules import rummy_ends

            return rummy_ends.apart(cards, wild, sets, runs, ends)
    _search()
    w, wpen, total = _m._prepare(cards, wild, ends)
    room = False
    for r in sets:
        room = True
        if r >= 0:
            for i in range(_m._n):
                if not _m._KIND[i] and _m._RANK[i] == r:
                    total -= _m._COST[i]
                    _m._COST[i] = 0
    for run in runs:
        if run[2] - run[1] < 12:
            room = True
    v = _m._run(w, 0, _m.BIG)
    _m._MEMO.clear()
    if not room and v == total and 0 < w < 3:
        v += wpen
    return v
