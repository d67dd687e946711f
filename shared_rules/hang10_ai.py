"""Computer players for Hang 10 (pure Python, runs on CPython and MicroPython).

choose(s)            the strong player (hang10.best_move calls it)
greedy(s)            baseline: best immediate points, kick out as soon as a wave scores
random_move(s, rng)  baseline: a uniformly random legal move from an rng.Rng

choose() sees only what a player sees: the hand, the waves, the scored and
wipe-out piles, the pile's size and the set of unseen cards (never the pile's
order). It scores each candidate move with a static evaluation of the position
after the move and plays the best one.

The evaluation works on fixed-point integers (1024 = one point or probability 1)
held in small module-level arrays, so a decision allocates almost nothing and
gives bit-identical choices on every runtime. It never changes the state.
"""

from shared_rules import hang10 as _h

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ONE = const(1024)  # fixed point: 1.0

# Where a card is, as far as the player can tell.
_GONE = const(0)  # scored, wiped, or inside a wave being surfed
_HAND = const(1)
_UNSEEN = const(2)  # in the pile (order unknown)
_LONE = const(3)  # a lone approaching card (can be taken into the hand)

# Wave kinds in the evaluation: the rules' K_* plus one.
_K_EMPTY = const(0)
_K_LONE = const(1)
_K_SEQ = const(2)
_K_SET = const(3)
_K_FRESH = const(4)  # approaching card still to be turned up from the pile (after a kick)

# Points of a sequence wave of n cards, tens aside (seq_points(n, 0)).
_SEQP = bytes([_h.seq_points(n, 0) for n in range(15)])

# Tunable weights (fixed point unless noted), set by simulation.
P_QMAX = 0  # chance an unseen card is drawn in time, at most
P_QHALF = 1  # pile size at which that chance is half of P_QMAX (cards)
P_LONEP = 2  # discount on a card lying on another approaching wave
P_LONEW = 3  # weight of an approaching card's potential as a start
P_FRESH = 4  # value of an approaching card still to be turned up
P_WIPE = 5  # weight of the wipe-out risk
P_WEXTRA = 6  # extra cost of a wipe-out beyond the cards lost
P_PAIR = 7  # hand cards of one rank, per card beyond the first
P_RUN = 8  # hand cards next to each other in a suit, per link
P_FSAFE = 9  # wipe-out risk kept when an approaching card is still to come
P_TAKE = 10  # least gain for taking an approaching card (keeps the game moving)
P_SETW = 11  # weight of a set's potential against its points
P_STUCK = 12  # weight of a wave's potential when no hand card extends it
P_NOFIT = 13  # scale on the chance a draw fits nowhere, per turn of reserve
P_RESMAX = 14  # reserve (hand cards playable in turn) beyond which the risk is ignored (cards)
P_SLOT = 15  # value of an approaching wave as a free slot
P_SLOT1 = 16  # value of having at least one approaching wave

PARAMS = [522, 12, 900, 900, 600, 1024, 300, 202, 150, 400, 90, 1024, 1024, 1024, 6, 0, 0]

_loc = bytearray(52)
_wk = bytearray(4)  # kind
_wn = bytearray(4)  # cards in the wave
_wr = bytearray(4)  # sequence: lowest rank; set or lone: its rank
_ws = bytearray(4)  # suit (sequence or lone)
_wt = bytearray(4)  # tens in the wave

# Results of _walk besides the return value (kept as globals: no tuples).
_first = 0
_steps = 0
_tens = 0
_hrun = 0


def _load(s):
    """Fill the arrays from what the player can see of state s."""
    loc = _loc
    for i in range(52):
        loc[i] = _GONE
    for c in s.hand:
        loc[c] = _HAND
    for c in s.pile:  # as a set: order is never looked at
        loc[c] = _UNSEEN
    for w in range(4):
        wave = s.waves[w]
        k = s.kind[w]
        _wk[w] = k
        _wn[w] = len(wave)
        _wt[w] = 0
        if wave:
            top = wave[0]
            _ws[w] = top // 13
            _wr[w] = s.lo[w] if k == _K_SEQ else top % 13
            t = 0
            for c in wave:
                if c % 13 == 9:
                    t += 1
            _wt[w] = t
            if k == _K_LONE:
                loc[top] = _LONE


def _walk(base, r, d, limit, q):
    """Expected run of cards of suit `base`//13 from rank r stepping d (1 or 12).

    Returns the expected number of cards (fixed point); sets _first (where the
    first card is), _steps (cards looked at) and _tens (expected tens).
    """
    global _first, _steps, _tens, _hrun
    loc = _loc
    lonep = PARAMS[P_LONEP] if q else 0  # no taking once the pile is gone
    p = ONE
    e = 0
    te = 0
    i = 0
    hrun = -1
    first = _GONE
    while i < limit:
        st = loc[base + r]
        if st == _GONE:
            break
        if st == _UNSEEN:
            p = p * q >> 10
        elif st == _LONE:
            p = p * lonep >> 10
        if st != _HAND and hrun < 0:
            hrun = i
        if p == 0:
            break
        if i == 0:
            first = st
        e += p
        if r == 9:
            te += p
        i += 1
        r = (r + d) % 13
    _first = first
    _hrun = i if hrun < 0 else hrun
    _steps = i
    _tens = te
    return e


def _seq_score(x):
    """Sequence points for a fixed-point length x, linear between whole lengths."""
    i = x >> 10
    if i >= 13:
        return _SEQP[13] << 10
    a = _SEQP[i]
    return (a << 10) + (_SEQP[i + 1] - a) * (x & 1023)


def _set_score(x, rank):
    """Set points for a fixed-point size x (1 point a card from two cards on)."""
    if x < 2 * ONE:
        return (x - ONE) * 2 if x > ONE else 0
    if rank == 9 and x > 3 * ONE:
        return 3 * ONE + (x - 3 * ONE) * 5
    return x


def _cash(pc, n, e):
    """Expected length given the wave can be cashed at all (fixed point)."""
    return (n << 10) + (e << 10) // pc


def _value(banked, pile, unseen):
    """Static value (fixed point) of the position in the arrays."""
    prm = PARAMS
    loc = _loc
    if pile > 0:
        q = prm[P_QMAX] * pile // (pile + prm[P_QHALF])
    else:
        q = 0
    v = banked << 10
    safe = False
    fit = 0
    res = 0
    slots = 0
    fresh = False
    cheapest = 1 << 20
    for w in range(4):
        k = _wk[w]
        if k == _K_EMPTY:
            continue
        if k == _K_FRESH:
            v += prm[P_FRESH] + prm[P_SLOT]
            fresh = True
            slots += 1
            if ONE + prm[P_FRESH] < cheapest:
                cheapest = ONE + prm[P_FRESH]
            continue
        n = _wn[w]
        r = _wr[w]
        base = _ws[w] * 13
        val = 0
        if k == _K_SET or k == _K_LONE:
            # same-rank cards that could join as a set
            h = 0
            u = 0
            lone = 0
            for su in range(0, 52, 13):
                st = loc[su + r]
                if st == _HAND:
                    h += 1
                elif st == _UNSEEN:
                    u += 1
                elif st == _LONE and pile > 0 and not (k == _K_LONE and su == base):
                    lone += 1
            room = 4 - n
            if room > 0:
                if h:
                    safe = True
                    res += h if h < room else room
                fit += u
                sure = h + lone
                if sure > room:
                    sure = room
                e = sure << 10
                more = u * q
                if more > (room - sure) << 10:
                    more = (room - sure) << 10
                e += more
                if sure:
                    pc = ONE
                else:
                    miss = ONE
                    for _ in range(u):
                        miss = miss * (ONE - q) >> 10
                    pc = ONE - miss
                if pc > 0:
                    val = pc * _set_score(_cash(pc, n, e), r) >> 10
                    val = val * prm[P_SETW] >> 10
        if k == _K_SEQ or k == _K_LONE:
            m = 13 - n
            lo = r
            eu = _walk(base, (lo + n) % 13, 1, m, q)
            fu = _first
            su = _steps
            tu = _tens
            hr = _hrun
            ed = _walk(base, (lo + 12) % 13, 12, m - su, q)
            fd = _first
            td = _tens
            res += hr + _hrun
            if fu == _HAND or fd == _HAND:
                safe = True
            if fu == _UNSEEN:
                fit += 1
            if fd == _UNSEEN:
                fit += 1
            if fu == _HAND or fu == _LONE or fd == _HAND or fd == _LONE:
                pc = ONE
            else:
                pu = q if fu == _UNSEEN else 0
                pd = q if fd == _UNSEEN else 0
                pc = ONE - ((ONE - pu) * (ONE - pd) >> 10)
            if pc > 0:
                e = eu + ed
                sv = _seq_score(_cash(pc, n, e))
                sv += (_wt[w] << 10) + ((tu + td) << 10) // pc
                sv = pc * sv >> 10
                if k == _K_LONE:
                    if sv > val:
                        val = sv
                else:
                    val = sv
                    if pc < ONE:
                        val = val * prm[P_STUCK] >> 10
        if k == _K_LONE:
            val = (val * prm[P_LONEW] >> 10) + prm[P_SLOT]
            slots += 1
        v += val
        cost = (n << 10) + val
        if cost < cheapest:
            cheapest = cost
    # hand structure: cards of one rank, and neighbours in a suit
    pairs = 0
    links = 0
    for c in range(52):
        if loc[c] == _HAND:
            rk = c % 13
            nb = c + 1 if rk < 12 else c - 12
            if loc[nb] == _HAND:
                links += 1
            j = c + 13
            while j < 52:
                if loc[j] == _HAND:
                    pairs += 1
                    break
                j += 13
    v += pairs * prm[P_PAIR] + links * prm[P_RUN]
    if slots:
        v += prm[P_SLOT1]
    if pile > 0 and unseen > 0:
        if fit > unseen:
            fit = unseen
        pn = ONE - (fit << 10) // unseen
        pn = pn * prm[P_NOFIT] >> 10
        pw = pn
        if res > prm[P_RESMAX]:
            res = prm[P_RESMAX]
        for _ in range(res):
            pw = pw * pn >> 10
        if fresh:
            pw = pw * prm[P_FSAFE] >> 10
        v -= (pw * (cheapest + prm[P_WEXTRA]) >> 10) * prm[P_WIPE] >> 10
    return v


# ---- make / unmake on the arrays ----------------------------------------


def _wave_points(w):
    k = _wk[w]
    n = _wn[w]
    if k == _K_SEQ:
        return _SEQP[n] + _wt[w] if n >= 2 else 0
    if k == _K_SET:
        return _h.set_points(n, _wr[w])
    return 0


def _add(w, c):
    """Add card c to wave w in the arrays (mirrors the rules)."""
    k = _wk[w]
    r = c % 13
    if k == _K_LONE:
        r0 = _wr[w]
        _loc[_ws[w] * 13 + r0] = _GONE
        if r == r0:
            _wk[w] = _K_SET
        else:
            _wk[w] = _K_SEQ
            if r != (r0 + 1) % 13:
                _wr[w] = r
    elif k == _K_SEQ and r != (_wr[w] + _wn[w]) % 13:
        _wr[w] = r
    _wn[w] += 1
    if r == 9:
        _wt[w] += 1
    _loc[c] = _GONE


def _after_add(w, banked, pile, unseen):
    """Best value after a card was just added to wave w: kick out or keep."""
    keep = _value(banked, pile, unseen)
    k = _wk[w]
    pts = _wave_points(w)
    _wk[w] = _K_FRESH if pile > 0 else _K_EMPTY
    kick = _value(banked + pts, pile - 1 if pile > 0 else 0, unseen)
    _wk[w] = k
    if kick >= keep:
        return kick, True
    return keep, False


def _best_play(s):
    """(value, move) of the best card to add, judged after the kick decision."""
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    unseen = pile
    best = None
    bestm = -1
    for c in s.hand:
        for w in range(4):
            if not _h.fits(s, w, c):
                continue
            k = _wk[w]
            n = _wn[w]
            r = _wr[w]
            t = _wt[w]
            top = _ws[w] * 13 + r
            ltop = _loc[top]
            _add(w, c)
            val, _ = _after_add(w, banked, pile, unseen)
            _wk[w] = k
            _wn[w] = n
            _wr[w] = r
            _wt[w] = t
            _loc[top] = ltop
            _loc[c] = _HAND
            if best is None or val > best:
                best = val
                bestm = _h.M_PLAY + c * 4 + w
    return best, bestm


def _best_place(s, w, banked, pile, taken):
    """(value, card) of the best hand card to place as the approaching card of wave w."""
    k = _wk[w]
    n = _wn[w]
    r = _wr[w]
    su = _ws[w]
    t = _wt[w]
    best = None
    bestc = -1
    for c in s.hand:
        if c == taken:
            continue
        _wk[w] = _K_LONE
        _wn[w] = 1
        _wr[w] = c % 13
        _ws[w] = c // 13
        _wt[w] = 1 if c % 13 == 9 else 0
        _loc[c] = _LONE
        val = _value(banked, pile, pile)
        _loc[c] = _HAND
        if best is None or val > best:
            best = val
            bestc = c
    _wk[w] = k
    _wn[w] = n
    _wr[w] = r
    _ws[w] = su
    _wt[w] = t
    return best, bestc


def _best_take(s):
    """(gain, wave) of the best take-and-place, or (0, -1) when none gains enough."""
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    base = _value(banked, pile, pile)
    best = base + PARAMS[P_TAKE]
    bestw = -1
    for w in range(4):
        if _wk[w] != _K_LONE:
            continue
        card = _ws[w] * 13 + _wr[w]
        _loc[card] = _HAND
        _wk[w] = _K_EMPTY
        val, _ = _best_place(s, w, banked, pile, card)
        _wk[w] = _K_LONE
        _loc[card] = _LONE
        if val is not None and val > best:
            best = val
            bestw = w
    return bestw


def choose(s):
    """The strong player's move for state s (left unchanged)."""
    ph = s.phase
    if ph == _h.PH_OVER:
        raise ValueError("the game is over")
    _load(s)
    if ph == _h.PH_DRAW:
        w = _best_take(s)
        if w >= 0:
            return _h.M_TAKE + w
        return _h.M_DRAW
    if ph == _h.PH_PLAY or ph == _h.PH_END:
        return _best_play(s)[1]
    if ph == _h.PH_KICK:
        w = s.slot
        pile = len(s.pile)
        _, kick = _after_add(w, s.points - len(s.wiped), pile, pile)
        return _h.M_KICK if kick else _h.M_KEEP
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    if ph == _h.PH_WIPE:
        best = None
        bestw = -1
        for w in range(4):
            if _wk[w] == _K_EMPTY:
                continue
            k = _wk[w]
            top = _ws[w] * 13 + _wr[w]
            ltop = _loc[top]
            _loc[top] = _GONE
            _wk[w] = _K_EMPTY
            val, _ = _best_place(s, w, banked - _wn[w], pile, -1)
            _wk[w] = k
            _loc[top] = ltop
            if best is None or val > best:
                best = val
                bestw = w
        return _h.M_WIPE + bestw
    # PH_PLACE: the slot is empty (after a take or a wipe-out)
    _, c = _best_place(s, s.slot, banked, pile, s.taken)
    return _h.M_PLACE + c


# ---- baselines -----------------------------------------------------------


def _points_after(s, w, c):
    """Points wave w would score with card c added (c fits)."""
    kind = s.kind[w]
    wave = s.waves[w]
    if kind == _h.K_LONE:
        return 2 if c % 13 == wave[0] % 13 else 0
    n = len(wave) + 1
    if kind == _h.K_SET:
        return _h.set_points(n, c % 13)
    tens = 1 if c % 13 == 9 else 0
    for x in wave:
        if x % 13 == 9:
            tens += 1
    return _h.seq_points(n, tens)


def greedy(s):
    """Baseline: draw, add the card scoring most now, kick out as soon as it scores."""
    ph = s.phase
    if ph == _h.PH_DRAW:
        return _h.M_DRAW
    if ph == _h.PH_PLAY or ph == _h.PH_END:
        best = -1
        bestm = -1
        for c in s.hand:
            for w in range(4):
                if _h.fits(s, w, c):
                    p = _points_after(s, w, c)
                    m = _h.M_PLAY + c * 4 + w
                    if p > best or (p == best and m < bestm):
                        best = p
                        bestm = m
        return bestm
    if ph == _h.PH_KICK:
        return _h.M_KICK if _h.wave_points(s, s.slot) > 0 else _h.M_KEEP
    if ph == _h.PH_WIPE:
        bestw = -1
        for w in range(4):
            n = len(s.waves[w])
            if n and (bestw < 0 or n < len(s.waves[bestw])):
                bestw = w
        return _h.M_WIPE + bestw
    if ph == _h.PH_PLACE:
        return _h.moves(s)[0]
    raise ValueError("the game is over")


def random_move(s, rng):
    """Baseline: a uniformly random legal move, drawn from rng (an rng.Rng)."""
    ms = _h.moves(s)
    if not ms:
        raise ValueError("the game is over")
    return ms[rng.below(len(ms))]
