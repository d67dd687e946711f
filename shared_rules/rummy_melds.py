"""Three-Thirteen rummy's exact meld search (docs/rules/rummy.md), used by the rules
(going out, scoring) and the computer players.

Cards are ints: suit * 13 + rank (0..51) and JOKER (52); `wild` is the number of cards
dealt (3..13), whose rank is wild with the jokers.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


JOKER = const(52)
KINDS = const(53)  # card values 0..52
from shared_rules.rummy import JOKER_POINTS, VALUES, is_wild, points  # noqa: E402

# ---- the exact meld search ---------------------------------------------------------
#
# The hand's natural cards (not wild) are put in rank order (ace low first) as slots
# 0..n-1; the wild cards are a count. A depth-first search with memo takes the lowest
# slot still free and tries: a set with other cards of its rank (wilds to make three),
# a run up from it (each rank in the span taken once, the gaps filled with wilds; the
# ace also high), a free skip (the discard), or leaving it out (its penalty). Only the
# arrangements that can be best are tried: one set a rank (a card of the rank left out
# would as well join it), a run takes every free card of its span, and identical cards
# (two decks) are taken in slot order. Lay-offs at the end of a round add the ends of
# the runs on the table as extra slots ("anchors"): a chain of cards continuing a run.

INF = const(1000)  # cost of a card that must be melded (going out)
BIG = const(30000)
_NONE = const(255)
_SLOTS = const(24)
_MASK_BITS = const(21)

_RANK = bytearray(_SLOTS)
_SUIT = bytearray(_SLOTS)
_CARD = bytearray(_SLOTS)
_KIND = bytearray(_SLOTS)  # 0 a card of the hand, 1 a run's top end, 2 a run's bottom end
_FAR = bytearray(_SLOTS)  # an end's limit: the highest (top) or lowest (bottom) reach
_NXT = bytearray(_SLOTS)  # the next slot of the same suit (higher rank), _NONE
_PRV = bytearray(_SLOTS)
_LAST = bytearray(4)  # each suit's last slot
_COST = [0] * _SLOTS
_RMASK = [0] * _SLOTS  # the later slots of the same rank (hand cards)
_DUPS = [0] * _SLOTS  # the other slots holding the same card (hand cards)
_PARTNERS = [0] * _SLOTS  # slots that can share a meld with one wild (same rank, 2 apart)
_RANKSET = [0] * 14  # each rank's slots (hand cards)
_SUITSET = [0] * 4  # each suit's slots (hand cards)
_POS = [0] * 18  # _POS[p + 2]: the slots at run position p (-2..15; the ace at 0 and 13)
_MEMO = {}
_HOW = {}  # while recording: the choice made at each position (for _walk)

_n = 0
_w = 0  # the wilds of the loaded hand
_twin = 0  # slots holding the same card as the slot before
_runnable = 0  # slots that could start a run
_noskip = 0  # slots that may not be the discard
_rec = False
_spare = True  # a spare wild may be the discard
_lb_on = True  # _floor applies (no run ends on the table)


def _popcounts():
    out = bytearray(256)
    for i in range(1, 256):
        out[i] = out[i >> 1] + (i & 1)
    return bytes(out)


_POP = _popcounts()


# The search keeps its own stack, one entry a depth, in lists made once: no Python
# recursion (a Pico's C stack holds about thirty nested calls, and the app's own take a
# dozen) and no allocation while it runs. A node's phases, in the order it tries them:
_PH_SKIP = const(0)  # the slot as the discard
_PH_SETS = const(1)  # a set from it
_PH_SUBSETS = const(2)  # ... each subset of the later cards of its rank
_PH_UP = const(3)  # a run up from it
_PH_UP_NEXT = const(4)
_PH_HIGH = const(5)  # a run down to it as the ace high
_PH_HIGH_NEXT = const(6)
_PH_LEAVE = const(7)  # left out (its penalty)
_PH_DONE = const(8)
_PH_ALONE = const(9)  # a run's end on the table: left alone
_PH_CHAIN = const(10)  # ... or (a top end) a chain of cards continuing its run
_PH_CHAIN_NEXT = const(11)
_DEPTH = const(24)
_FULL = const(0x1FFFFF)  # the mask's bits in a memo key (_MASK_BITS)

_S_KEY = [0] * _DEPTH
_S_SLOT = bytearray(_DEPTH)
_S_ALPHA = [0] * _DEPTH
_S_BEST = [0] * _DEPTH
_S_BOUND = [0] * _DEPTH
_S_HOW = [0] * _DEPTH
_S_PHASE = bytearray(_DEPTH)
_S_E1 = [0] * _DEPTH  # a phase's place: the next subset or slot
_S_E2 = [0] * _DEPTH  # the rank's later cards, or a run's last rank
_S_E3 = [0] * _DEPTH  # the cards a set must take, or a run's count
_S_E4 = [0] * _DEPTH  # a run's slots
_S_E5 = [0] * _DEPTH  # a run passed a second copy of one of its cards
_S_ADD = [0] * _DEPTH  # the cost added to the child's value (a card left out)
_S_CHOICE = [0] * _DEPTH  # the choice the child stands for (recorded in _HOW)


def _dfs(i, mask, w, skip, flag, alpha):
    """The least cost of the slots in `mask` with `w` wilds (exact below alpha, else a
    value >= alpha). skip: a slot must still be skipped (the discard); flag: in this
    rank a set was made (1, the others start runs) or a card left out (2, no set)."""
    memo = _MEMO
    s_key = _S_KEY
    s_slot = _S_SLOT
    s_alpha = _S_ALPHA
    s_best = _S_BEST
    s_bound = _S_BOUND
    s_how = _S_HOW
    s_phase = _S_PHASE
    s_e1 = _S_E1
    s_e2 = _S_E2
    s_e3 = _S_E3
    s_e4 = _S_E4
    s_e5 = _S_E5
    s_add = _S_ADD
    s_choice = _S_CHOICE
    rank = _RANK
    kind = _KIND
    nxt = _NXT
    popcount = _POP
    twins = _twin
    rmask = _RMASK
    runnable = _runnable
    noskip = _noskip
    cost = _COST
    dups = _DUPS
    rankset = _RANKSET
    suitset = _SUITSET
    suit_of = _SUIT
    far = _FAR
    prv = _PRV
    last_of = _LAST
    spare = _spare
    lb_on = _lb_on
    rec = _rec
    how_of = _HOW
    floor = _floor
    lone = _lone
    d = 0
    key = best = bound = how = phase = e1 = e2 = e3 = e4 = e5 = rest = r = 0
    while True:
        # ---- enter the node (i, mask, w, skip, flag, alpha) ----
        v = -1
        if not mask:
            v = 0
            if skip:  # a spare wild can be the discard
                v = 0 if w and spare else INF
        else:
            r0 = rank[i - 1] if i else 99
            while not (mask >> i) & 1:
                i += 1
            r = rank[i]
            if r != r0:
                flag = 0
            key = (((flag << 1 | skip) << 4 | w) << _MASK_BITS) | mask
            got = memo.get(key)
            if got is not None:
                if got >= 0:
                    v = got
                elif -got - 1 >= alpha:
                    v = -got - 1
            if v < 0:
                rest = mask ^ (1 << i)
                best = BIG
                bound = alpha
                how = 0
                if kind[i]:
                    phase = _PH_ALONE
                else:
                    phase = _PH_SKIP
                    if w < 2 and lb_on and not rec:
                        lb = floor(mask, w, skip)
                        if lb >= alpha:
                            memo[key] = -lb - 1
                            v = lb
        # ---- go on in the node: take a child's value, try the next choice or finish ----
        while True:
            if v >= 0:
                if not d:
                    return v
                d -= 1
                key = s_key[d]
                i = s_slot[d]
                alpha = s_alpha[d]
                best = s_best[d]
                bound = s_bound[d]
                how = s_how[d]
                phase = s_phase[d]
                e1 = s_e1[d]
                e2 = s_e2[d]
                e3 = s_e3[d]
                e4 = s_e4[d]
                e5 = s_e5[d]
                mask = key & _FULL
                w = (key >> _MASK_BITS) & 15
                skip = (key >> 25) & 1
                flag = key >> 26
                rest = mask ^ (1 << i)
                r = rank[i]
                v += s_add[d]
                if v < best:
                    best = v
                    how = s_choice[d]
                    if v < bound:
                        bound = v
                        if not v:
                            phase = _PH_DONE
                v = -1
            # the next choice, in one pass through the phases from where the node is:
            # the child's mask, wilds, skip, flag, alpha, the cost added and the choice
            c_mask = -1
            if phase >= _PH_ALONE:  # a run's end on the table
                if phase == _PH_ALONE:
                    phase = _PH_CHAIN
                    c_mask = rest
                    c_w = w
                    c_skip = skip
                    c_flag = flag
                    c_alpha = bound
                    c_add = 0
                    c_how = 0
                else:
                    if phase == _PH_CHAIN:
                        phase = _PH_DONE
                        if kind[i] == 1:
                            e1 = nxt[i]
                            e2 = r
                            e3 = 1
                            e4 = 0
                            phase = _PH_CHAIN_NEXT
                    while phase == _PH_CHAIN_NEXT:
                        j = e1
                        if j == _NONE:
                            phase = _PH_DONE
                            break
                        e1 = nxt[j]
                        if not (mask >> j) & 1 or kind[j]:  # another run's end: passed by
                            continue
                        rj = rank[j]
                        if rj == e2:
                            continue
                        e2 = rj
                        e3 += 1
                        e4 |= 1 << j
                        need = rj - r + 1 - e3
                        if need > w or rj > far[i]:
                            phase = _PH_DONE
                        else:
                            c_mask = rest ^ e4
                            c_w = w - need
                            c_skip = skip
                            c_flag = flag
                            c_alpha = bound
                            c_add = 0
                            c_how = (e4 << 7) | (need << 2) | 3
                            break
            else:
                while True:  # once: a break as soon as a choice is found
                    if phase == _PH_SKIP:
                        phase = _PH_SETS
                        if skip and not (noskip >> i) & 1:
                            c_mask = rest
                            c_w = w
                            c_skip = 0
                            c_flag = flag
                            c_alpha = bound
                            c_add = 0
                            c_how = 1
                            break
                    if phase == _PH_SETS:
                        phase = _PH_UP
                        if not flag:
                            others = rest & rmask[i]
                            if others or w >= 2:
                                e1 = others
                                e2 = others
                                e3 = others & ~runnable  # cards that can join no run
                                phase = _PH_SUBSETS
                    while phase == _PH_SUBSETS:
                        sub = e1
                        if sub:
                            e1 = (sub - 1) & e2
                        else:
                            phase = _PH_UP
                        left = e3 & ~sub
                        if (not left or (skip and not left & (left - 1))) and not (
                            ((sub & twins) >> 1) & e2 & ~sub
                        ):
                            t = sub >> (i + 1)
                            size = 1 + popcount[t & 255] + popcount[t >> 8]
                            need = 3 - size if size < 3 else 0
                            if need <= w:
                                c_mask = rest ^ sub
                                c_w = w - need
                                c_skip = skip
                                c_flag = 1
                                c_alpha = bound
                                c_add = 0
                                c_how = (sub << 7) | (need << 2) | 2
                                break
                    if c_mask >= 0:
                        break
                    if phase == _PH_UP:
                        e1 = nxt[i]
                        e2 = r
                        e3 = 1
                        e4 = 0
                        e5 = 0
                        phase = _PH_UP_NEXT
                    while phase == _PH_UP_NEXT:
                        j = e1
                        if j == _NONE:
                            phase = _PH_HIGH
                            break
                        e1 = nxt[j]
                        if not (mask >> j) & 1:
                            continue
                        k = kind[j]
                        rj = rank[j]
                        if not k:
                            if rj == e2:
                                e5 = 1
                                continue
                            e2 = rj
                            e3 += 1
                            e4 |= 1 << j
                            span = rj - r + 1
                            need = (span if span > 3 else 3) - e3
                            if need > w:
                                if span >= 3:
                                    phase = _PH_HIGH
                            elif (
                                skip
                                or e5
                                or span > 11
                                or mask & dups[j]
                                or not lone(
                                    mask & rankset[rj + 1] & suitset[suit_of[j]], mask, rj + 1
                                )
                            ):
                                c_mask = rest ^ e4
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = (e4 << 7) | (need << 2) | 3
                                break
                        elif k == 2:  # a run's bottom end: a chain laid off below it
                            need = rj - r - e3
                            if need > w:
                                phase = _PH_HIGH
                            elif r >= far[j]:
                                c_mask = rest ^ e4 ^ (1 << j)
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = ((e4 | 1 << j) << 7) | (need << 2) | 3
                                break
                    if c_mask >= 0:
                        break
                    if phase == _PH_HIGH:
                        phase = _PH_LEAVE
                        if not r:
                            e1 = last_of[suit_of[i]]
                            e2 = 13
                            e3 = 1
                            e4 = 0
                            e5 = (rest >> (i + 1)) & (twins >> (i + 1)) & 1  # the ace's twin
                            phase = _PH_HIGH_NEXT
                    while phase == _PH_HIGH_NEXT:
                        j = e1
                        if j == _NONE or not rank[j]:
                            phase = _PH_LEAVE
                            break
                        e1 = prv[j]
                        if not (mask >> j) & 1:
                            continue
                        k = kind[j]
                        rj = rank[j]
                        if not k:
                            if rj == e2:
                                e5 = 1
                                continue
                            e2 = rj
                            e3 += 1
                            e4 |= 1 << j
                            span = 14 - rj
                            need = (span if span > 3 else 3) - e3
                            if need > w:
                                if span >= 3:
                                    phase = _PH_LEAVE
                            elif (
                                skip
                                or e5
                                or span > 11
                                or rj < 2
                                or mask & dups[j]
                                or not lone(
                                    mask & rankset[rj - 1] & suitset[suit_of[j]], mask, rj - 1
                                )
                            ):
                                c_mask = rest ^ e4
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = (e4 << 7) | 64 | (need << 2) | 3
                                break
                        elif k == 1:  # a run's top end: a chain up to the ace laid off on it
                            need = 13 - rj - e3
                            if need > w:
                                phase = _PH_LEAVE
                            elif far[j] >= 13:
                                c_mask = rest ^ e4 ^ (1 << j)
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = ((e4 | 1 << j) << 7) | 64 | (need << 2) | 3
                                break
                    if c_mask >= 0:
                        break
                    if phase == _PH_LEAVE:
                        phase = _PH_DONE
                        c = cost[i]
                        if flag != 1 and c < bound:
                            c_mask = rest
                            c_w = w
                            c_skip = skip
                            c_flag = 2
                            c_alpha = bound - c
                            c_add = c
                            c_how = 0
                    break
            if c_mask >= 0:
                s_key[d] = key
                s_slot[d] = i
                s_alpha[d] = alpha
                s_best[d] = best
                s_bound[d] = bound
                s_how[d] = how
                s_phase[d] = phase
                s_e1[d] = e1
                s_e2[d] = e2
                s_e3[d] = e3
                s_e4[d] = e4
                s_e5[d] = e5
                s_add[d] = c_add
                s_choice[d] = c_how
                d += 1
                i += 1
                mask = c_mask
                w = c_w
                skip = c_skip
                flag = c_flag
                alpha = c_alpha
                break
            # no choice left: the node's value
            if best < alpha:
                memo[key] = best
                if rec:
                    how_of[key] = how
                v = best
            else:
                memo[key] = -alpha - 1
                v = alpha


def _lone(y, mask, rank):
    """Whether y (free cards of the suit a run reached, at the next rank) is one card
    and the only free card of its rank: a run ending short of it would do no worse going
    on through it (it could only be left out), unless a second copy of the run's end
    card waits to start another run (mask & _DUPS)."""
    return y and not y & (y - 1) and not (mask & _RANKSET[rank]) & ~y


def _floor(mask, w, skip):
    """A lower bound of _dfs with at most one wild: the cost of the free cards that
    have no free partner (with no wild, two) to meld with; a skip takes the dearest."""
    partners = _PARTNERS
    cost = _COST
    lb = 0
    top = 0
    m = mask
    i = 0
    while m:
        if m & 1:
            p = partners[i] & mask
            if not p or (not w and not p & (p - 1)):
                c = cost[i]
                lb += c
                if c > top:
                    top = c
        m >>= 1
        i += 1
    if skip:
        lb -= top
    return lb


def _prepare(cards, wild, ends=()):
    """Load the search's slots with the natural cards of `cards` (and the run ends in
    `ends`: (kind, rank, suit, limit)); return (wilds, their penalty, natural total)."""
    global _n, _w, _twin, _runnable, _noskip, _lb_on
    rank = _RANK
    suit_of = _SUIT
    kind_of = _KIND
    far = _FAR
    card_of = _CARD
    nxt = _NXT
    prv = _PRV
    last_of = _LAST
    cost = _COST
    rankset = _RANKSET
    suitset = _SUITSET
    dups = _DUPS
    rmask = _RMASK
    partners = _PARTNERS
    pos = _POS
    wr = wild - 1
    keys = []
    w = 0
    wpen = 0
    for c in cards:
        if c == JOKER:
            w += 1
            wpen += JOKER_POINTS
        elif c % 13 == wr:
            w += 1
            wpen += VALUES[wr]
        else:
            keys.append(((c % 13) << 10) | ((c // 13) << 8) | 32)
    for e in ends:  # a bottom end sorts before a hand card of its rank and suit, a top after
        keys.append((e[1] << 10) | (e[2] << 8) | ((3 if e[0] == 1 else 1) << 4) | e[3])
    keys.sort()
    if w > 15:
        w = 15  # the search counts at most 15 wilds (a hand holds at most 12)
    n = len(keys)
    if n > _MASK_BITS:
        raise ValueError("too many cards for the meld search: %d" % n)
    for s in range(4):
        last_of[s] = _NONE
    twin = 0
    total = 0
    for i in range(n):
        k = keys[i]
        r = k >> 10
        s = (k >> 8) & 3
        kind = (0, 2, 0, 1)[(k >> 4) & 3]
        rank[i] = r
        suit_of[i] = s
        kind_of[i] = kind
        far[i] = k & 15
        card_of[i] = s * 13 + r
        nxt[i] = _NONE
        p = last_of[s]
        prv[i] = p
        if p != _NONE:
            nxt[p] = i
        last_of[s] = i
        if kind:
            cost[i] = 0
        else:
            v = VALUES[r]
            cost[i] = v
            total += v
            if i and keys[i - 1] == k:
                twin |= 1 << i
    runnable = 0
    for r in range(14):
        rankset[r] = 0
    for s in range(4):
        suitset[s] = 0
    for i in range(n):
        if not kind_of[i]:
            rankset[rank[i]] |= 1 << i
            suitset[suit_of[i]] |= 1 << i
    for p in range(14):
        pos[p + 2] = rankset[p % 13]
    for i in range(n):
        m = 0
        dups[i] = 0
        if not kind_of[i]:
            r = rank[i]
            dups[i] = rankset[r] & suitset[suit_of[i]] & ~(1 << i)
            j = i + 1
            while j < n and rank[j] == r:
                if not kind_of[j]:
                    m |= 1 << j
                j += 1
            j = nxt[i]
            while j != _NONE:
                d = rank[j] - r
                if d > w + 1:
                    break
                if d and kind_of[j] != 1:
                    runnable |= 1 << i
                    break
                j = nxt[j]
            if not r:
                j = last_of[suit_of[i]]
                if j != _NONE and rank[j] and 12 - rank[j] <= w:
                    runnable |= 1 << i
        rmask[i] = m
    for i in range(n):
        p = 0
        if not kind_of[i]:
            r = rank[i]
            near = rankset[r] | pos[r] | pos[r + 1] | pos[r + 3] | pos[r + 4]
            if not r:
                near |= pos[13] | pos[14]
            p = (rankset[r] | (near & suitset[suit_of[i]])) & ~(1 << i)
        partners[i] = p
    _n = n
    _w = w
    _lb_on = not ends
    _twin = twin
    _runnable = runnable
    _noskip = 0
    return w, wpen, total


def _run(w, skip, alpha, without=0):
    """The search from the top, on the loaded slots (but those in `without`)."""
    _MEMO.clear()
    return _dfs(0, ((1 << _n) - 1) & ~without, w, skip, 0, alpha)


def _check_hand(cards, wild):
    if type(wild) is not int or not 3 <= wild <= 13:
        raise ValueError("wild must be 3..13 (the cards dealt), got %r" % (wild,))
    if not isinstance(cards, (list, tuple)):
        raise ValueError("cards must be a list, got %r" % (cards,))
    for c in cards:
        if type(c) is not int or not 0 <= c <= JOKER:
            raise ValueError("not a card: %r" % (c,))


def deadwood(cards, wild):
    """The least penalty of the cards left out when the hand is split into separate
    melds (each card in one meld at most). Exact."""
    _check_hand(cards, wild)
    w, wpen, total = _prepare(cards, wild)
    dead = _dead(w)
    v = _cost_of(dead) + _run(w, 0, BIG, dead)
    _MEMO.clear()
    if v == total and 0 < w < 3:
        v += wpen  # no meld to put one or two wilds in
    return v


def can_go_out(cards, wild):
    """True when one card can be discarded and all the others form separate melds."""
    _check_hand(cards, wild)
    _prepare(cards, wild)
    return _fits(1)


def melds_all(cards, wild):
    """True when every card forms part of separate melds (nothing left over)."""
    _prepare(cards, wild)
    return _fits(0)


def _fits(skip):
    """On the loaded slots (no run ends): whether every card melds, `skip` of them (one
    natural or a spare wild) aside."""
    n = _n
    w = _w
    if n <= skip:  # nothing to meld but wilds: none, or a set of three or more
        return w - skip + n == 0 or w - skip + n >= 3
    dead = _dead(w)
    if dead:
        if not skip or dead & (dead - 1):
            return False
        skip = 0  # the one card that cannot meld is the discard
    for i in range(n):
        _COST[i] = INF
    ok = _run(w, skip, 1, dead) == 0
    _MEMO.clear()
    return ok


def out_discards(cards, wild, barred=-1):
    """The cards (sorted, each value once, not `barred`) whose discard leaves the rest of
    the hand melded completely. The searches share one memo (same cards loaded)."""
    w, wpen, total = _prepare(cards, wild)
    n = _n
    full = (1 << n) - 1
    dead = _dead(w)
    if dead & (dead - 1):
        return []
    for i in range(n):
        _COST[i] = INF
    _MEMO.clear()
    out = []
    for i in range(n):
        c = _CARD[i]
        if c == barred or (i and _CARD[i - 1] == c) or (dead and not (dead >> i) & 1):
            continue
        if n == 1:
            ok = w == 0 or w >= 3
        else:
            ok = _dfs(0, full ^ (1 << i), w, 0, 0, 1) == 0
        if ok:
            out.append(c)
    if w and not dead:
        ok = (w == 1 or w >= 4) if not n else _dfs(0, full, w - 1, 0, 0, 1) == 0
        if ok:
            for c in cards:
                if is_wild(c, wild) and c != barred and c not in out:
                    out.append(c)
    _MEMO.clear()
    out.sort()
    return out


def _dead(w):
    """The slots that can be in no meld at all (their penalty is certain): none with
    two wilds; with one, a card without another of its rank or of its suit two ranks
    away or nearer; with none, a card in no set of three and no run of three."""
    if w >= 2:
        return 0
    dead = 0
    for i in range(_n):
        if _KIND[i]:
            continue
        p = _PARTNERS[i]
        if w:
            ok = p
        else:
            r = _RANK[i]
            same = _RANKSET[r] & ~(1 << i)
            ok = same & (same - 1)  # two more of the rank
            suit = _SUITSET[_SUIT[i]]
            for pos in (r, 13) if not r else (r,):
                a = _POS[pos] & suit
                b = _POS[pos + 1] & suit
                c = _POS[pos + 3] & suit
                d = _POS[pos + 4] & suit
                ok = ok or (a and b) or (b and c) or (c and d)
        if not ok:
            dead |= 1 << i
    return dead


def _cost_of(mask):
    v = 0
    for i in range(_n):
        if (mask >> i) & 1:
            v += _COST[i]
    return v


def best_discard(cards, wild, keep=-1):
    """(the least deadwood after one discard, the card to discard) for a hand after its
    draw; `keep` may not be discarded (the card taken from the pile)."""
    global _noskip, _rec, _spare
    w, wpen, total = _prepare(cards, wild)
    for i in range(_n):
        if _CARD[i] == keep:
            _noskip |= 1 << i
    drop = _wild_to_drop(cards, wild, keep)
    _spare = drop >= 0
    _rec = True
    _HOW.clear()
    v = _run(w, 1, BIG)
    groups, left, skipped = _walk(w, 1)
    card = _CARD[skipped] if skipped >= 0 else drop
    _rec = False
    _spare = True
    _HOW.clear()
    _MEMO.clear()
    if not groups and w:  # no meld: the wilds may be left over, and cost their points
        best = -1
        for c in (card, drop):
            if c >= 0:
                rest = list(cards)
                rest.remove(c)
                d = deadwood(rest, wild)
                if best < 0 or d < v:
                    best = c
                    v = d
        card = best
    return v, card


def leftovers(cards, wild):
    """(deadwood, the natural cards left out) of one best arrangement of the hand."""
    global _rec
    w, wpen, total = _prepare(cards, wild)
    dead = _dead(w)
    _rec = True
    _HOW.clear()
    v = _cost_of(dead) + _run(w, 0, BIG, dead)
    left = _walk(w, 0, dead)[1] | dead
    _rec = False
    _HOW.clear()
    _MEMO.clear()
    out = []
    for i in range(_n):
        if (left >> i) & 1:
            out.append(_CARD[i])
    if v == total and 0 < w < 3:
        v += wpen
    return v, out


def _wild_to_drop(cards, wild, keep):
    """The wild card a hand would throw first (the cheapest to hold is kept longest:
    the one with the most points goes), not `keep`; -1 if none."""
    out = -1
    for c in cards:
        if is_wild(c, wild) and c != keep:
            if out < 0 or points(c, wild) > points(out, wild):
                out = c
    return out


def _walk(w, skip, without=0):
    """The arrangement the last recorded search chose: (groups, left, skipped) with
    groups as (slot mask, wilds needed, kind) - kind 2 a set, 3 a run, 3 | 64 a run
    with the ace high - left the mask of slots left out, skipped the skipped slot."""
    groups = []
    left = 0
    skipped = -1
    mask = ((1 << _n) - 1) & ~without
    i = 0
    flag = 0
    while mask:
        r0 = _RANK[i - 1] if i else 99
        while not (mask >> i) & 1:
            i += 1
        if _RANK[i] != r0:
            flag = 0
        key = (((flag << 1 | skip) << 4 | w) << _MASK_BITS) | mask
        how = _HOW[key]
        bit = 1 << i
        kind = how & 3
        if kind == 0:
            mask ^= bit
            if not _KIND[i]:
                left |= bit
                flag = 2
        elif kind == 1:
            mask ^= bit
            skipped = i
            skip = 0
        else:
            grp = (how >> 7) | bit
            need = (how >> 2) & 15
            groups.append((grp, need, how & 67))
            mask ^= grp
            w -= need
            if kind == 2:
                flag = 1
        i += 1
    return groups, left, skipped
