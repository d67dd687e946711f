"""Computer players for Hang 10 (pure Python, runs on CPython and MicroPython).

choose(s)            the strong player (hang10.best_move calls it)
greedy(s)            baseline: best immediate points, kick out as soon as a wave scores
random_move(s, rng)  baseline: a uniformly random legal move from an rng.Rng

choose() sees only what a player sees: the hand, the waves, the scored and
wipe-out piles, the pile's size and the set of unseen cards (never the pile's
order). It tries every move of the current step (for an added card, with the
kick-out decision that follows) and keeps the one whose resulting position
evaluates best:

* while the pile lasts, a static evaluation: banked points; for each wave the
  points it can be expected to reach, from the hand cards that extend it in a
  chain (sure) and the unseen cards that could (each drawn in time with a
  chance that shrinks with the pile); the same for each approaching card as the
  start of a wave; pairs and suit neighbours in the hand; and the risk of a
  wipe-out, from how many turns the hand can keep playing and how many unseen
  cards fit, times the cost of the cheapest wave to lose;
* once the pile is gone, nothing is hidden and the evaluation is exact: a small
  search gives the most points the hand can still bank (see _end_search).

Taking an approaching card is played only when it raises the evaluation by a
margin, so the evaluation strictly grows along a run of takes and the game
cannot cycle.

The evaluation works on fixed-point integers (1024 = one point or a chance of 1)
in small module-level arrays: a decision allocates almost nothing and makes
bit-identical choices on every runtime. The state itself is only read.
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

# Tunable weights, indices into PARAMS (fixed point unless noted); values set by
# simulation (seeds 1000..1399, coordinate search).
P_QMAX = const(0)  # chance an unseen card is drawn in time, at most
P_QHALF = const(1)  # pile size at which that chance is half of P_QMAX (cards)
P_LONEP = const(2)  # discount on a card lying on another approaching wave
P_LONEW = const(3)  # weight of an approaching card's potential as a start
P_FRESH = const(4)  # value of an approaching card still to be turned up
P_WIPE = const(5)  # weight of the wipe-out risk
P_WEXTRA = const(6)  # extra cost of a wipe-out beyond the cards lost
P_PAIR = const(7)  # hand cards of one rank, per card beyond the first
P_RUN = const(8)  # hand cards next to each other in a suit, per link
P_FSAFE = const(9)  # wipe-out risk kept when an approaching card is still to come
P_TAKE = const(10)  # least gain for taking an approaching card (> 0: no cycles)
P_SETW = const(11)  # weight of a set's potential against its points
P_STUCK = const(12)  # weight of a wave's potential when no hand card extends it
P_NOFIT = const(13)  # scale on the chance a draw fits nowhere
P_RESMAX = const(14)  # reserve (hand cards playable in turn) beyond which risk is ignored
P_SLOT = const(15)  # value of each approaching wave as a free slot

PARAMS = [783, 12, 194, 900, 216, 1024, 375, 121, 150, 400, 54, 614, 1024, 1024, 6, -77]

_loc = bytearray(52)
_pool = bytearray(16)  # hand and lone cards: every card that can be in the hand during a search
_npool = 0
_claim = bytearray(52)  # end game: how many waves could use each hand card
_tmp = bytearray(16)  # end game: same-rank cards, four per wave
_wk = bytearray(4)  # kind
_wn = bytearray(4)  # cards in the wave
_wr = bytearray(4)  # sequence: lowest rank; set or lone: its rank
_ws = bytearray(4)  # suit (sequence or lone)
_wt = bytearray(4)  # tens in the wave

# Results besides a return value (globals rather than tuples: no allocation).
_first = 0  # _walk: where the first card is
_steps = 0  # _walk: cards looked at
_tens = 0  # _walk: expected tens
_hrun = 0  # _walk: hand cards in a row from the start
_kick = False  # _after_add: kicking out is the better choice
_card = -1  # _best_place: the card to place


def _load(s):
    """Fill the arrays from what the player can see of state s."""
    global _npool
    loc = _loc
    for i in range(52):
        loc[i] = _GONE
    n = 0
    for c in s.hand:
        loc[c] = _HAND
        _pool[n] = c
        n += 1
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
                _pool[n] = top
                n += 1
    _npool = n


def _walk(base, r, d, limit, q):
    """Expected run of cards of suit `base`//13 from rank r stepping d (1 or 12).

    Returns the expected number of cards (fixed point) and sets _first, _steps,
    _tens and _hrun.
    """
    global _first, _steps, _tens, _hrun
    loc = _loc
    lonep = PARAMS[P_LONEP]
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


# ---- the end game: exact ----------------------------------------------
# With the pile gone nothing is hidden: the hand cards are added to the waves
# and each wave that gets at least one more card is kicked out after its last
# one (a wave that gets none scores nothing). Adding cards to one wave never
# changes what fits another, so the search settles the waves one at a time,
# choosing how far each grows; a wave stops short of a card only when another
# wave could use that card.


def _end_claims():
    """Count in _claim, for each hand card, the waves that could use it."""
    loc = _loc
    cl = _claim
    for i in range(_npool):
        cl[_pool[i]] = 0
    for w in range(4):
        k = _wk[w]
        if k == _K_EMPTY or k == _K_FRESH:
            continue
        n = _wn[w]
        r = _wr[w]
        base = _ws[w] * 13
        if (k == _K_SET or k == _K_LONE) and n < 4:
            for su in range(0, 52, 13):
                if loc[su + r] == _HAND:
                    cl[su + r] += 1
        if k == _K_SEQ or k == _K_LONE:
            m = 13 - n
            i = 0
            rr = (r + n) % 13
            while i < m and loc[base + rr] == _HAND:
                cl[base + rr] += 1
                i += 1
                rr = (rr + 1) % 13
            j = 0
            rr = (r + 12) % 13
            while j < m - i and loc[base + rr] == _HAND:
                cl[base + rr] += 1
                j += 1
                rr = (rr + 12) % 13


def _end_search(w):
    """Most points the waves w..3 can still bank from the hand (whole points)."""
    if w == 4:
        return 0
    k = _wk[w]
    if k == _K_EMPTY or k == _K_FRESH:
        return _end_search(w + 1)
    loc = _loc
    cl = _claim
    n = _wn[w]
    r = _wr[w]
    base = _ws[w] * 13
    best = -1
    free = False  # some card only this wave can use: leaving the wave alone is never best
    if (k == _K_SET or k == _K_LONE) and n < 4:
        # same-rank hand cards, in _tmp[4w ..]
        cnt = 0
        must = 0
        for su in range(0, 52, 13):
            c = su + r
            if loc[c] == _HAND:
                if cl[c] < 2:
                    must |= 1 << cnt
                    free = True
                _tmp[4 * w + cnt] = c
                cnt += 1
        room = 4 - n
        for mask in range(1, 1 << cnt):
            if mask & must != must:
                continue
            used = 0
            for i in range(cnt):
                if mask >> i & 1:
                    used += 1
            if used > room:
                continue
            for i in range(cnt):
                if mask >> i & 1:
                    loc[_tmp[4 * w + i]] = _GONE
            v = _h.set_points(n + used, r) + _end_search(w + 1)
            for i in range(cnt):
                if mask >> i & 1:
                    loc[_tmp[4 * w + i]] = _HAND
            if v > best:
                best = v
    if k == _K_SEQ or k == _K_LONE:
        m = 13 - n
        up = 0
        rr = (r + n) % 13
        while up < m and loc[base + rr] == _HAND:
            up += 1
            rr = (rr + 1) % 13
        dn = 0
        rr = (r + 12) % 13
        while dn < m and loc[base + rr] == _HAND:
            dn += 1
            rr = (rr + 12) % 13
        if up and cl[base + (r + n) % 13] < 2 or dn and cl[base + (r + 12) % 13] < 2:
            free = True
        a = 0
        ta = 0
        while a <= up:
            ca = base + (r + n + a) % 13  # the next card up, when a < up
            if a == up or cl[ca] >= 2:
                b = 0
                tb = 0
                while b <= dn and a + b <= m:
                    cb = base + (r + 12 * (b + 1)) % 13  # the next card down, when b < dn
                    if (a or b) and (b == dn or a + b == m or cl[cb] >= 2):
                        v = _h.seq_points(n + a + b, _wt[w] + ta + tb) + _end_search(w + 1)
                        if v > best:
                            best = v
                    if b == dn or a + b == m:
                        break
                    loc[cb] = _GONE
                    if cb % 13 == 9:
                        tb += 1
                    b += 1
                for i in range(b):
                    loc[base + (r + 12 * (i + 1)) % 13] = _HAND
            if a == up:
                break
            loc[ca] = _GONE
            if ca % 13 == 9:
                ta += 1
            a += 1
        for i in range(up):
            loc[base + (r + n + i) % 13] = _HAND
    if not free or best < 0:
        v = _end_search(w + 1)
        if v > best:
            best = v
    return best


def _value(banked, pile, unseen):
    """Value (fixed point) of the position in the arrays: exact once the pile is gone."""
    if pile == 0:
        _end_claims()
        return (banked + _end_search(0)) << 10
    prm = PARAMS
    loc = _loc
    # chance that a given unseen card comes in time to be used
    q = prm[P_QMAX] * pile // (pile + prm[P_QHALF])
    v = banked << 10
    fit = 0
    res = 0
    fresh = False
    cheapest = 1 << 16
    for w in range(4):
        k = _wk[w]
        if k == _K_EMPTY:
            continue
        if k == _K_FRESH:
            v += prm[P_FRESH] + prm[P_SLOT]
            fresh = True
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
                elif st == _LONE and not (k == _K_LONE and su == base):
                    lone += 1
            room = 4 - n
            if room > 0:
                if h:
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
            # the suit's run from both ends: hand cards sure, unseen ones with chance q
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
            if fu == _UNSEEN:
                fit += 1
            if fd == _UNSEEN:
                fit += 1
            # pc: chance the wave gets one more card at all (else it cannot be kicked out)
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
        v += val
        cost = (n << 10) + val
        if cost < cheapest:
            cheapest = cost
    # hand structure: cards of one rank, and neighbours in a suit
    pairs = 0
    links = 0
    pool = _pool
    for i in range(_npool):
        c = pool[i]
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
    # wipe-out risk: draws that fit nowhere, more of them than the hand can answer
    # (res: hand cards playable in turn), costing the cheapest wave
    if unseen > 0:
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
    """Value after a card was just added to wave w, kicked out or kept (sets _kick)."""
    global _kick
    keep = _value(banked, pile, unseen)
    k = _wk[w]
    pts = _wave_points(w)
    _wk[w] = _K_FRESH if pile > 0 else _K_EMPTY
    kick = _value(banked + pts, pile - 1 if pile > 0 else 0, unseen)
    _wk[w] = k
    _kick = kick >= keep
    return kick if _kick else keep


def _best_play(s):
    """The best card to add to a wave, judged after the kick-out decision."""
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    best = 0
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
            val = _after_add(w, banked, pile, pile)
            _wk[w] = k
            _wn[w] = n
            _wr[w] = r
            _wt[w] = t
            _loc[top] = ltop
            _loc[c] = _HAND
            if bestm < 0 or val > best:
                best = val
                bestm = _h.M_PLAY + c * 4 + w
    return bestm


def _best_place(s, w, banked, pile, taken):
    """Value of the best hand card (not `taken`) placed as the approaching card of
    the empty wave w; the card goes to _card (-1 when there is none)."""
    global _card
    k = _wk[w]
    n = _wn[w]
    r = _wr[w]
    su = _ws[w]
    t = _wt[w]
    best = 0
    _card = -1
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
        if _card < 0 or val > best:
            best = val
            _card = c
    _wk[w] = k
    _wn[w] = n
    _wr[w] = r
    _ws[w] = su
    _wt[w] = t
    return best


def _best_take(s):
    """The wave whose approaching card is worth taking, or -1 (then draw)."""
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    best = _value(banked, pile, pile) + PARAMS[P_TAKE]
    bestw = -1
    for w in range(4):
        if _wk[w] != _K_LONE:
            continue
        card = _ws[w] * 13 + _wr[w]
        _loc[card] = _HAND
        _wk[w] = _K_EMPTY
        val = _best_place(s, w, banked, pile, card)
        _wk[w] = _K_LONE
        _loc[card] = _LONE
        if _card >= 0 and val > best:
            best = val
            bestw = w
    return bestw


def _best_wipe(s):
    """The wave to wipe out: the least lost once the best card is placed there."""
    banked = s.points - len(s.wiped)
    pile = len(s.pile)
    best = 0
    bestw = -1
    for w in range(4):
        k = _wk[w]
        if k == _K_EMPTY:
            continue
        top = _ws[w] * 13 + _wr[w]
        ltop = _loc[top]
        _loc[top] = _GONE
        _wk[w] = _K_EMPTY
        val = _best_place(s, w, banked - _wn[w], pile, -1)
        _wk[w] = k
        _loc[top] = ltop
        if bestw < 0 or val > best:
            best = val
            bestw = w
    return bestw


def choose(s):
    """The strong player's move for state s (s is left unchanged)."""
    ph = s.phase
    if ph == _h.PH_OVER:
        raise ValueError("the game is over")
    _load(s)
    if ph == _h.PH_DRAW:
        w = _best_take(s)
        return _h.M_DRAW if w < 0 else _h.M_TAKE + w
    if ph == _h.PH_PLAY or ph == _h.PH_END:
        return _best_play(s)
    if ph == _h.PH_KICK:
        pile = len(s.pile)
        _after_add(s.slot, s.points - len(s.wiped), pile, pile)
        return _h.M_KICK if _kick else _h.M_KEEP
    if ph == _h.PH_WIPE:
        return _h.M_WIPE + _best_wipe(s)
    # PH_PLACE: the slot is empty (after a take or a wipe-out)
    _best_place(s, s.slot, s.points - len(s.wiped), len(s.pile), s.taken)
    return _h.M_PLACE + _card


# ---- baselines -----------------------------------------------------------


def _points_after(s, w, c):
    """Points wave w would score with card c added (c fits), by the rules' own scoring."""
    t = _h.Hang10()
    t.waves[0] = list(s.waves[w])
    t.kind[0] = s.kind[w]
    t.lo[0] = s.lo[w]
    _h._add(t, 0, c)
    return _h.wave_points(t, 0)


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
