"""Three-Thirteen's meld search (rummy_search._dfs) as MicroPython viper (machine) code.

Optional: rummy_melds uses it when this module loads (MicroPython with the viper
emitter, a .mpy built for the board's architecture) and its own bytecode search
otherwise (CPython, CircuitPython without native code, a .mpy of another
architecture). `dfs` walks the same tree in the same order as the bytecode `_dfs`, so
the values and the recorded choices are the same; tests/test_rummy_native.py compares
them inside the MicroPython VM. The tables are rummy_melds' (passed in: this module
holds no data); the memo is an open-addressed table of keys, values and choices.
"""

import sys
from array import array

import micropython

# MicroPython never frees machine code loaded from a .mpy (it keeps it on a root list
# so the GC cannot reclaim it): installed as a file, this module's 8.4 KB of code would
# stay in the heap for good, and Three-Thirteen's files install is over the heap budget
# already. So it is frozen into the uf2 only (its code in flash, no heap), and the
# device's files build leaves it out (host_sim/build.py): there the search runs as
# bytecode. Frozen or not, the app keeps it loaded once imported.
UF2_ONLY = True
RESIDENT = True

# the parameters (an array of ints, par): the node to search and the loaded hand's masks
P_SLOT = const(0)
P_MASK = const(1)
P_W = const(2)
P_SKIP = const(3)
P_FLAG = const(4)
P_ALPHA = const(5)
P_TWIN = const(6)
P_RUNNABLE = const(7)
P_NOSKIP = const(8)
P_OPTS = const(9)  # 1 a spare wild may be the discard, 2 the floor applies, 4 recording
P_COUNT = const(10)  # the memo's entries
P_SIZE = const(11)  # the memo's size (a power of two)
P_CLEAR = const(12)  # 1: empty the memo first
# the constants over 255, which the Cortex-M0+ code does not load from beside itself:
P_INF = const(13)  # rummy_melds.INF, the cost of a card that must be melded
P_BIG = const(14)  # rummy_melds.BIG, more than any hand's cost
P_BIAS = const(15)  # the memo's values are stored this much above (never negative)
P_FULL = const(16)  # the mask's bits in a memo key
P_OVER = const(17)  # set to 1 when the memo filled (the caller searches as bytecode)
P_LEN = const(18)
# (every value in the arrays is 0 or more: a 64-bit VM reads their words unsigned)

_NONE = const(255)
_MASK_BITS = const(21)
_FRAME = const(14)  # stack words a depth: key slot alpha best bound how phase e1..e5 add choice

_PH_SKIP = const(0)
_PH_SETS = const(1)
_PH_SUBSETS = const(2)
_PH_UP = const(3)
_PH_UP_NEXT = const(4)
_PH_HIGH = const(5)
_PH_HIGH_NEXT = const(6)
_PH_LEAVE = const(7)
_PH_DONE = const(8)
_PH_ALONE = const(9)
_PH_CHAIN = const(10)
_PH_CHAIN_NEXT = const(11)


# ---- in rummy_melds' place (bytecode: it sets the machine code up and calls it) ------
#
# Its memo is a table of NAT_SIZE entries made once. A search that fills three quarters
# of it runs again on an empty table, then as rummy_melds' bytecode (not seen in play:
# 12 whole four-seat matches' 11,577 searches kept 149 positions at most, 9 at the
# median). The buffers and the bytecode fallback are kept in the rummy_melds module
# they serve (`_nat`, `_own`), which these functions find in sys.modules, so they leave
# the heap with it: this module stays loaded for every game (RESIDENT) and holds
# nothing of a match. (Until this release it kept them, and with them the last
# rummy_melds module, its tables and memo, for every game played after.)
NAT_SIZE = const(256)
_DEPTH = const(24)  # the search's depth at most: a slot a level (rummy_search._DEPTH)
_MELDS = "shared_rules.rummy_melds"  # the module served, found where it is loaded


def install(melds, on=True):
    """rummy_melds' searches as machine code (on), or its own bytecode again; return which.
    The buffers and the module's own functions are kept in the module (`_nat`, `_own`)."""
    if melds.__dict__.get("_own") is None:  # its bytecode: the fallback, and for off
        melds._own = (melds._search, melds._how_of, melds._forget)
    if not on:
        melds._search, melds._how_of, melds._forget = melds._own
        melds._nat = None
        return "bytecode"
    if melds.__dict__.get("_nat") is None:
        melds._nat = (
            array("i", bytes(4 * 14 * _DEPTH)),  # the stack: 14 words a depth (of 24)
            array("i", bytes(4 * NAT_SIZE)),  # the memo's keys (0: empty)
            array("i", bytes(4 * NAT_SIZE)),  # its values (biased)
            array("i", bytes(4 * NAT_SIZE)),  # the choices (recording)
            array("i", bytes(4 * P_LEN)),  # the parameters (P_*)
        )
        par = melds._nat[4]
        par[P_SIZE] = NAT_SIZE
        par[P_CLEAR] = 1
        par[P_INF] = melds.INF  # the constants the machine code uses (none over 255)
        par[P_BIG] = melds.BIG
        par[P_BIAS] = 65536  # its memo's values are stored this much above (never negative)
        par[P_FULL] = (1 << _MASK_BITS) - 1  # the mask's bits in a memo key
    melds._search = search
    melds._how_of = how_of
    melds._forget = forget
    return "native"


def forget():
    """Empty the memo: rummy_melds' dict, and this table."""
    m = sys.modules[_MELDS]
    m._MEMO.clear()
    m._nat[4][P_CLEAR] = 1


def search(i, mask, w, skip, flag, alpha):
    """rummy_melds._search as machine code (same value, same recorded choices)."""
    m = sys.modules[_MELDS]
    buf = m._nat
    par = buf[4]
    for _try in range(2):
        par[P_SLOT] = i
        par[P_MASK] = mask
        par[P_W] = w
        par[P_SKIP] = skip
        par[P_FLAG] = flag
        par[P_ALPHA] = alpha
        par[P_TWIN] = m._twin
        par[P_RUNNABLE] = m._runnable
        par[P_NOSKIP] = m._noskip
        par[P_OPTS] = (1 if m._spare else 0) | (2 if m._lb_on else 0) | (4 if m._rec else 0)
        had = 0 if par[P_CLEAR] else par[P_COUNT]
        par[P_OVER] = 0
        v = dfs(
            m._RANK, m._SUIT, m._KIND, m._FAR, m._NXT, m._PRV, m._LAST, m._POP, m._COST,
            m._RMASK, m._DUPS, m._PARTNERS, m._RANKSET, m._SUITSET,
            buf[0], buf[1], buf[2], buf[3], par,
        )  # fmt: skip
        if not par[P_OVER]:
            return v
        par[P_CLEAR] = 1  # full: again on an empty table, else as bytecode
        if not had:
            break
    return m._own[0](i, mask, w, skip, flag, alpha)


def how_of(key):
    """The choice a recording search made at `key` (rummy_melds._walk): the bytecode's
    record if the search fell back to it, else this table's."""
    m = sys.modules[_MELDS]
    how = m._HOW.get(key)
    if how is not None:
        return how
    buf = m._nat
    keys = buf[1]
    top = buf[4][P_SIZE] - 1  # the table's size less one (a power of two)
    h = (key ^ (key >> 9) ^ (key >> 17)) & top
    while keys[h] != key:
        h = (h + 1) & top
    return buf[3][h]


@micropython.viper
def dfs(
    rank_b,
    suit_b,
    kind_b,
    far_b,
    nxt_b,
    prv_b,
    last_b,
    pop_b,
    cost_b,
    rmask_b,
    dups_b,
    partners_b,
    rankset_b,
    suitset_b,
    stack_b,
    keys_b,
    vals_b,
    hows_b,
    par_b,
) -> int:
    """rummy_search._dfs from the node in par; par[P_OVER] = 1 if the memo fills.

    No constant over 255 and no negative one in the code: a Cortex-M0+ loads such a
    constant from a word beside the code, which MicroPython's frozen code may leave
    unaligned (a fault, seen on the emulated Pico; the uf2's build now aligns it too,
    host_sim/pico_emulator/build_firmware.sh). They come in par; the loops use flags.
    """
    rank = ptr8(rank_b)
    suit_of = ptr8(suit_b)
    kind = ptr8(kind_b)
    far = ptr8(far_b)
    nxt = ptr8(nxt_b)
    prv = ptr8(prv_b)
    last_of = ptr8(last_b)
    popcount = ptr8(pop_b)
    cost = ptr32(cost_b)
    rmask = ptr32(rmask_b)
    dups = ptr32(dups_b)
    partners = ptr32(partners_b)
    rankset = ptr32(rankset_b)
    suitset = ptr32(suitset_b)
    st = ptr32(stack_b)
    keys = ptr32(keys_b)
    vals = ptr32(vals_b)
    hows = ptr32(hows_b)
    par = ptr32(par_b)
    i = int(par[P_SLOT])
    mask = int(par[P_MASK])
    w = int(par[P_W])
    skip = int(par[P_SKIP])
    flag = int(par[P_FLAG])
    alpha = int(par[P_ALPHA])
    twins = int(par[P_TWIN])
    runnable = int(par[P_RUNNABLE])
    noskip = int(par[P_NOSKIP])
    opts = int(par[P_OPTS])
    spare = opts & 1
    lb_on = (opts >> 1) & 1
    rec = (opts >> 2) & 1
    size = int(par[P_SIZE])
    hmask = size - 1
    limit = size - (size >> 2)
    inf = int(par[P_INF])
    big = int(par[P_BIG])
    vbias = int(par[P_BIAS])
    full = int(par[P_FULL])
    count = int(par[P_COUNT])
    if par[P_CLEAR]:
        par[P_CLEAR] = 0
        h = 0
        while h < size:
            keys[h] = 0
            h += 1
        count = 0
    d = 0
    key = 0
    best = 0
    bound = 0
    how = 0
    phase = 0
    e1 = 0
    e2 = 0
    e3 = 0
    e4 = 0
    e5 = 0
    rest = 0
    r = 0
    c_mask = 0
    hc = 0
    c_w = 0
    c_skip = 0
    c_flag = 0
    c_alpha = 0
    c_add = 0
    c_how = 0
    while True:
        # ---- enter the node (i, mask, w, skip, flag, alpha) ----
        hv = 0  # v holds the node's value
        v = 0
        if mask == 0:
            hv = 1
            if skip:  # a spare wild can be the discard
                v = inf
                if w != 0 and spare != 0:
                    v = 0
        else:
            r0 = 99
            if i:
                r0 = int(rank[i - 1])
            while ((mask >> i) & 1) == 0:
                i += 1
            r = int(rank[i])
            if r != r0:
                flag = 0
            key = (((flag << 1 | skip) << 4 | w) << _MASK_BITS) | mask
            h = (key ^ (key >> 9) ^ (key >> 17)) & hmask
            while True:
                kk = int(keys[h])
                if kk == 0:
                    break
                if kk == key:
                    got = int(vals[h]) - vbias
                    if got >= 0:
                        v = got
                        hv = 1
                    elif 0 - got - 1 >= alpha:
                        v = 0 - got - 1
                        hv = 1
                    break
                h = (h + 1) & hmask
            if hv == 0:
                rest = mask ^ (1 << i)
                best = big
                bound = alpha
                how = 0
                if kind[i]:
                    phase = _PH_ALONE
                else:
                    phase = _PH_SKIP
                    if w < 2 and lb_on != 0 and rec == 0:
                        # the floor: the free cards with no free partner (rummy_search._floor)
                        lb = 0
                        top = 0
                        m = mask
                        k = 0
                        while m:
                            if m & 1:
                                p = int(partners[k]) & mask
                                if p == 0 or (w == 0 and (p & (p - 1)) == 0):
                                    c = int(cost[k])
                                    lb += c
                                    if c > top:
                                        top = c
                            m = m >> 1
                            k += 1
                        if skip:
                            lb -= top
                        if lb >= alpha:
                            # memo[key] = -lb - 1
                            h = (key ^ (key >> 9) ^ (key >> 17)) & hmask
                            while keys[h] != 0 and keys[h] != key:
                                h = (h + 1) & hmask
                            if keys[h] == 0:
                                count += 1
                                if count > limit:
                                    par[P_COUNT] = count
                                    par[P_OVER] = 1
                                    return 0
                                keys[h] = key
                            vals[h] = vbias - lb - 1
                            v = lb
                            hv = 1
        # ---- go on in the node: take a child's value, try the next choice or finish ----
        while True:
            if hv:
                if d == 0:
                    par[P_COUNT] = count
                    return v
                d -= 1
                b = d * _FRAME
                key = int(st[b])
                i = int(st[b + 1])
                alpha = int(st[b + 2])
                best = int(st[b + 3])
                bound = int(st[b + 4])
                how = int(st[b + 5])
                phase = int(st[b + 6])
                e1 = int(st[b + 7])
                e2 = int(st[b + 8])
                e3 = int(st[b + 9])
                e4 = int(st[b + 10])
                e5 = int(st[b + 11])
                mask = key & full
                w = (key >> _MASK_BITS) & 15
                skip = (key >> 25) & 1
                flag = key >> 26
                rest = mask ^ (1 << i)
                r = int(rank[i])
                v += int(st[b + 12])
                if v < best:
                    best = v
                    how = int(st[b + 13])
                    if v < bound:
                        bound = v
                        if v == 0:
                            phase = _PH_DONE
                hv = 0
            hc = 0  # a child was chosen: c_mask ... c_how
            if phase >= _PH_ALONE:  # a run's end on the table
                if phase == _PH_ALONE:
                    phase = _PH_CHAIN
                    c_mask = rest
                    hc = 1
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
                            e1 = int(nxt[i])
                            e2 = r
                            e3 = 1
                            e4 = 0
                            phase = _PH_CHAIN_NEXT
                    while phase == _PH_CHAIN_NEXT:
                        j = e1
                        if j == _NONE:
                            phase = _PH_DONE
                            break
                        e1 = int(nxt[j])
                        if ((mask >> j) & 1) == 0 or kind[j]:  # another run's end: passed by
                            continue
                        rj = int(rank[j])
                        if rj == e2:
                            continue
                        e2 = rj
                        e3 += 1
                        e4 |= 1 << j
                        need = rj - r + 1 - e3
                        if need > w or rj > int(far[i]):
                            phase = _PH_DONE
                        else:
                            c_mask = rest ^ e4
                            hc = 1
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
                        if skip and ((noskip >> i) & 1) == 0:
                            c_mask = rest
                            hc = 1
                            c_w = w
                            c_skip = 0
                            c_flag = flag
                            c_alpha = bound
                            c_add = 0
                            c_how = 1
                            break
                    if phase == _PH_SETS:
                        phase = _PH_UP
                        if flag == 0:
                            others = rest & int(rmask[i])
                            if others or w >= 2:
                                e1 = others
                                e2 = others
                                e3 = others ^ (others & runnable)  # cards that can join no run
                                phase = _PH_SUBSETS
                    while phase == _PH_SUBSETS:
                        sub = e1
                        if sub:
                            e1 = (sub - 1) & e2
                        else:
                            phase = _PH_UP
                        left = e3 ^ (e3 & sub)
                        tw = ((sub & twins) >> 1) & e2
                        if (left == 0 or (skip and (left & (left - 1)) == 0)) and (
                            tw ^ (tw & sub)
                        ) == 0:
                            t = sub >> (i + 1)
                            size3 = 1 + int(popcount[t & 255]) + int(popcount[t >> 8])
                            need = 0
                            if size3 < 3:
                                need = 3 - size3
                            if need <= w:
                                c_mask = rest ^ sub
                                hc = 1
                                c_w = w - need
                                c_skip = skip
                                c_flag = 1
                                c_alpha = bound
                                c_add = 0
                                c_how = (sub << 7) | (need << 2) | 2
                                break
                    if hc:
                        break
                    if phase == _PH_UP:
                        e1 = int(nxt[i])
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
                        e1 = int(nxt[j])
                        if ((mask >> j) & 1) == 0:
                            continue
                        k = int(kind[j])
                        rj = int(rank[j])
                        if k == 0:
                            if rj == e2:
                                e5 = 1
                                continue
                            e2 = rj
                            e3 += 1
                            e4 |= 1 << j
                            span = rj - r + 1
                            need = 3 - e3
                            if span > 3:
                                need = span - e3
                            if need > w:
                                if span >= 3:
                                    phase = _PH_HIGH
                            else:
                                take = 0
                                if skip != 0 or e5 != 0 or span > 11 or (mask & int(dups[j])) != 0:
                                    take = 1
                                if take == 0:
                                    # not _lone(y, mask, rj + 1) (rummy_search._lone)
                                    y = mask & int(rankset[rj + 1]) & int(suitset[suit_of[j]])
                                    lone = 0
                                    if y and (y & (y - 1)) == 0:
                                        ry = mask & int(rankset[rj + 1])
                                        if (ry ^ (ry & y)) == 0:
                                            lone = 1
                                    take = 1 - lone
                                if take != 0:
                                    c_mask = rest ^ e4
                                    hc = 1
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
                            elif r >= int(far[j]):
                                c_mask = rest ^ e4 ^ (1 << j)
                                hc = 1
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = ((e4 | 1 << j) << 7) | (need << 2) | 3
                                break
                    if hc:
                        break
                    if phase == _PH_HIGH:
                        phase = _PH_LEAVE
                        if r == 0:
                            e1 = int(last_of[suit_of[i]])
                            e2 = 13
                            e3 = 1
                            e4 = 0
                            e5 = (rest >> (i + 1)) & (twins >> (i + 1)) & 1  # the ace's twin
                            phase = _PH_HIGH_NEXT
                    while phase == _PH_HIGH_NEXT:
                        j = e1
                        if j == _NONE or rank[j] == 0:
                            phase = _PH_LEAVE
                            break
                        e1 = int(prv[j])
                        if ((mask >> j) & 1) == 0:
                            continue
                        k = int(kind[j])
                        rj = int(rank[j])
                        if k == 0:
                            if rj == e2:
                                e5 = 1
                                continue
                            e2 = rj
                            e3 += 1
                            e4 |= 1 << j
                            span = 14 - rj
                            need = 3 - e3
                            if span > 3:
                                need = span - e3
                            if need > w:
                                if span >= 3:
                                    phase = _PH_LEAVE
                            else:
                                take = 0
                                if skip != 0 or e5 != 0 or span > 11 or rj < 2:
                                    take = 1
                                elif (mask & int(dups[j])) != 0:
                                    take = 1
                                if take == 0:
                                    y = mask & int(rankset[rj - 1]) & int(suitset[suit_of[j]])
                                    lone = 0
                                    if y and (y & (y - 1)) == 0:
                                        ry = mask & int(rankset[rj - 1])
                                        if (ry ^ (ry & y)) == 0:
                                            lone = 1
                                    take = 1 - lone
                                if take != 0:
                                    c_mask = rest ^ e4
                                    hc = 1
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
                            elif int(far[j]) >= 13:
                                c_mask = rest ^ e4 ^ (1 << j)
                                hc = 1
                                c_w = w - need
                                c_skip = skip
                                c_flag = flag
                                c_alpha = bound
                                c_add = 0
                                c_how = ((e4 | 1 << j) << 7) | 64 | (need << 2) | 3
                                break
                    if hc:
                        break
                    if phase == _PH_LEAVE:
                        phase = _PH_DONE
                        c = int(cost[i])
                        if flag != 1 and c < bound:
                            c_mask = rest
                            hc = 1
                            c_w = w
                            c_skip = skip
                            c_flag = 2
                            c_alpha = bound - c
                            c_add = c
                            c_how = 0
                    break
            if hc:
                b = d * _FRAME
                st[b] = key
                st[b + 1] = i
                st[b + 2] = alpha
                st[b + 3] = best
                st[b + 4] = bound
                st[b + 5] = how
                st[b + 6] = phase
                st[b + 7] = e1
                st[b + 8] = e2
                st[b + 9] = e3
                st[b + 10] = e4
                st[b + 11] = e5
                st[b + 12] = c_add
                st[b + 13] = c_how
                d += 1
                i += 1
                mask = c_mask
                w = c_w
                skip = c_skip
                flag = c_flag
                alpha = c_alpha
                break
            # no choice left: the node's value (memo[key], and the choice when recording)
            h = (key ^ (key >> 9) ^ (key >> 17)) & hmask
            while keys[h] != 0 and keys[h] != key:
                h = (h + 1) & hmask
            if keys[h] == 0:
                count += 1
                if count > limit:
                    par[P_COUNT] = count
                    par[P_OVER] = 1
                    return 0
                keys[h] = key
            if best < alpha:
                vals[h] = best + vbias
                if rec:
                    hows[h] = how
                v = best
            else:
                vals[h] = vbias - alpha - 1
                v = alpha
            hv = 1
