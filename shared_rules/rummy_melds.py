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


import sys
from array import array

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
# The search itself is rummy_native.dfs (machine code) where it loads, else
# rummy_search._dfs (bytecode): the same walk, the same values.

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
# (arrays of 32-bit ints: the machine-code search, rummy_native, reads them too)
_COST = array("i", bytes(4 * _SLOTS))
_RMASK = array("i", bytes(4 * _SLOTS))  # the later slots of the same rank (hand cards)
_DUPS = array("i", bytes(4 * _SLOTS))  # the other slots holding the same card (hand cards)
_PARTNERS = array("i", bytes(4 * _SLOTS))  # slots that can share a meld with one wild
_RANKSET = array("i", bytes(4 * 14))  # each rank's slots (hand cards)
_SUITSET = array("i", bytes(4 * 4))  # each suit's slots (hand cards)
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
_lb_on = True  # the lower bound (rummy_search._floor) applies: no run ends on the table


def _popcounts():
    out = bytearray(256)
    for i in range(1, 256):
        out[i] = out[i >> 1] + (i & 1)
    return bytes(out)


_POP = _popcounts()


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
    if w > 15:  # the search counts wilds in 4 bits (two decks hold 12): not capped,
        raise ValueError("too many wild cards for the meld search: %d" % w)  # refused
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


# ---- the search: bytecode here, machine code where it loads -------------------------
#
# rummy_native (frozen into the uf2 only) puts its machine-code search in place of
# _search, _how_of and _forget below when it loads (use_native): the same walk, the
# same values and recorded choices (tests/test_rummy_native.py). Its set-up lives
# there, so a files install, where it never loads, holds none of it; its buffers and
# this module's own three (`_nat`, `_own`) are kept here, and leave with this module.


def use_native(on=True):
    """Search as machine code (where rummy_native loads) or as bytecode; return which."""
    try:
        from shared_rules import rummy_native
    except Exception:  # CPython, no viper emitter, a .mpy of another architecture, or
        return "bytecode"  # a files install (the machine code is in the uf2 only)
    return rummy_native.install(_SELF, on)


def _forget():
    """Empty the memo (a new hand or costs)."""
    _MEMO.clear()


def _search(i, mask, w, skip, flag, alpha):
    """rummy_search._dfs on the loaded slots (imported at the first search)."""
    dfs = _py[0]
    if dfs is None:
        dfs = _py[0] = _bytecode()._dfs
    return dfs(_SELF, i, mask, w, skip, flag, alpha)


_py = [None]  # the bytecode search, once imported


def _bytecode():
    """The search as bytecode (shared_rules/rummy_search.py), imported when first
    needed: on a Pico with the machine code, only if its memo ever fills."""
    from shared_rules import rummy_search

    return rummy_search


def _how_of(key):
    """The choice a recording search made at `key` (for _walk)."""
    return _HOW[key]


def _run(w, skip, alpha, without=0):
    """The search from the top, on the loaded slots (but those in `without`)."""
    _forget()
    return _search(0, ((1 << _n) - 1) & ~without, w, skip, 0, alpha)


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
    _forget()
    out = []
    for i in range(n):
        c = _CARD[i]
        if c == barred or (i and _CARD[i - 1] == c) or (dead and not (dead >> i) & 1):
            continue
        if n == 1:
            ok = w == 0 or w >= 3
        else:
            ok = _search(0, full ^ (1 << i), w, 0, 0, 1) == 0
        if ok:
            out.append(c)
    if w and not dead:
        ok = (w == 1 or w >= 4) if not n else _search(0, full, w - 1, 0, 0, 1) == 0
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


def _recorded(w, dead):
    """One best arrangement of the hand loaded (_prepare), its search recorded, then
    walked: (its value, its groups as _walk gives them, the slots left out)."""
    global _rec
    _rec = True
    _HOW.clear()
    v = _cost_of(dead) + _run(w, 0, BIG, dead)
    groups, left, _skipped = _walk(w, 0, dead)
    _rec = False
    _HOW.clear()
    _MEMO.clear()
    return v, groups, left | dead


def leftovers(cards, wild):
    """(deadwood, the natural cards left out) of one best arrangement of the hand."""
    w, wpen, total = _prepare(cards, wild)
    v, _groups, left = _recorded(w, _dead(w))
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
        how = _how_of(key)
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


_SELF = sys.modules[__name__]  # this module, whose tables the bytecode search reads
use_native()
