"""Three-Thirteen's exact meld search as bytecode (docs/rules/rummy.md): the search
rummy_melds runs where its machine code (rummy_native) does not load - CPython,
CircuitPython, a .mpy of another architecture - or when that one's memo fills. A
module of its own, so a Pico running the machine code does not hold this one too.

The hand is loaded by rummy_melds._prepare into its tables, read here as _m.NAME: the
module calling passes itself to each search (a module imported again, as the host's
tests and a game's unloading can make it, is a new one with tables of its own).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_m = None  # the rummy_melds module of the search under way (set by _dfs)

INF = const(1000)  # cost of a card that must be melded (going out)
BIG = const(30000)
_NONE = const(255)
_MASK_BITS = const(21)
# The memo (a dict) keeps at most this many positions: a dict's table grows by a bigger
# block when full (127 slots, 1,016 bytes, then 167, 1,336 bytes, while the old one is
# still held), and a long match's heap may not have the bigger block in one piece. A
# position not kept is worked out again when met again: the same value (the search
# stays exact) and, recording, the same choice (the first in the search's order that
# gives the least cost, whatever the bound it was searched with).
_MEMO_ROOM = const(127)

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


def _dfs(melds, i, mask, w, skip, flag, alpha):
    """The least cost of the slots in `mask` with `w` wilds (exact below alpha, else a
    value >= alpha), on the hand `melds` (the rummy_melds module calling) has loaded.
    skip: a slot must still be skipped (the discard); flag: in this rank a set was made
    (1, the others start runs) or a card left out (2, no set)."""
    global _m
    _m = melds  # the caller's tables: a module imported again is a new one
    memo = _m._MEMO
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
    rank = _m._RANK
    kind = _m._KIND
    nxt = _m._NXT
    popcount = _m._POP
    twins = _m._twin
    rmask = _m._RMASK
    runnable = _m._runnable
    noskip = _m._noskip
    cost = _m._COST
    dups = _m._DUPS
    rankset = _m._RANKSET
    suitset = _m._SUITSET
    suit_of = _m._SUIT
    far = _m._FAR
    prv = _m._PRV
    last_of = _m._LAST
    spare = _m._spare
    lb_on = _m._lb_on
    rec = _m._rec
    how_of = _m._HOW
    floor = _floor
    lone = _lone
    kept = len
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
                            if kept(memo) < _MEMO_ROOM:
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
            if kept(memo) < _MEMO_ROOM:
                memo[key] = best if best < alpha else -alpha - 1
            if best < alpha:
                if rec:
                    how_of[key] = how
                v = best
            else:
                v = alpha


def _lone(y, mask, rank):
    """Whether y (free cards of the suit a run reached, at the next rank) is one card
    and the only free card of its rank: a run ending short of it would do no worse going
    on through it (it could only be left out), unless a second copy of the run's end
    card waits to start another run (mask & _DUPS)."""
    return y and not y & (y - 1) and not (mask & _m._RANKSET[rank]) & ~y


def _floor(mask, w, skip):
    """A lower bound of _dfs with at most one wild: the cost of the free cards that
    have no free partner (with no wild, two) to meld with; a skip takes the dearest."""
    partners = _m._PARTNERS
    cost = _m._COST
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
