"""The smart Snafu trail's three searches as bytecode: rival map, territory, room.

snafu_ai runs them where snafu_native's machine code does not load (CPython,
CircuitPython, a .mpy of another architecture); both give the same results
(tests/test_snafu_native.py). Each works on the buffers snafu_ai passes in.
"""

from shared_rules import snafu as _s

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_SEEN = const(7)  # snafu_ai._SEEN: a cell marked by a search (board values are 0..6)
_RIVAL = const(8)  # snafu_ai._RIVAL: _RIVAL + trail marks a square that rival reaches first
_BR = const(8)  # snafu_ai._BR: _territory marks a square of side k with _BR + k
_K_MINE = const(2)  # snafu_ai._K_MINE
_K_TIE = const(1)  # snafu_ai._K_TIE
_OFF4 = (_s.OFFSET[0], _s.OFFSET[2], _s.OFFSET[4], _s.OFFSET[6])  # as snafu_ai's
_OFF8 = _s.OFFSET


def rivals(rw, rd, q, share, _offb, n, step):
    """Rival map: search on from the n heads queued, marking each square with the rival
    that reaches it first and the tick it does; count each rival's squares."""
    offs = _OFF8 if step == 1 else _OFF4
    i = 0
    end = n
    d = 1
    while i < n:
        if i == end:
            end = n
            d += 1
        x = q[i]
        i += 1
        o = rw[x]
        for off in offs:
            y = x + off
            if not rw[y]:
                rw[y] = o
                rd[y] = d
                q[n] = y
                n += 1
                share[o - _RIVAL] += 1


def territory(work, rw, rd, q, bm, bt, bp, _offb, c, step):
    """The search of _territory on the prepared board copy: its value * 2 + contact."""
    offs = _OFF8 if step == 1 else _OFF4
    n = 0
    contact = 0
    k = 0
    for off in offs:  # the sides: one per free square next to c, reached at time 2
        bm[k] = 0
        bt[k] = 0
        bp[k] = k
        y = c + off
        if not work[y]:
            work[y] = _SEEN
            if rw[y] >= _RIVAL:
                contact = 1
                e = rd[y]
                if e == 2:
                    bt[k] = 1
                if e <= 2:
                    k += 1
                    continue
            work[y] = _BR + k
            bm[k] = 1
            q[n] = y
            n += 1
        k += 1
    i = 0
    end = n
    d = 3
    while i < n:
        if i == end:
            end = n
            d += 1
        x = q[i]
        i += 1
        o = work[x]
        for off in offs:
            y = x + off
            v = work[y]
            if not v:
                work[y] = _SEEN
                if rw[y] >= _RIVAL:
                    contact = 1
                    e = rd[y]
                    if e < d:
                        continue
                    if e == d:
                        bt[o - _BR] += 1
                        continue
                work[y] = o
                bm[o - _BR] += 1
                q[n] = y
                n += 1
            elif v > _SEEN and v != o:
                # two sides meet through the trail's own squares: one side
                a = v - _BR
                while bp[a] != a:
                    a = bp[a]
                b = o - _BR
                while bp[b] != b:
                    b = bp[b]
                if a != b:
                    bp[a] = b
    best = 0
    while k > 0:
        k -= 1
        a = k
        while bp[a] != a:
            a = bp[a]
        if a != k:
            bm[a] += bm[k]
            bt[a] += bt[k]
    k = len(offs)
    while k > 0:
        k -= 1
        if bp[k] == k:
            v = _K_MINE * bm[k] + _K_TIE * bt[k]
            if v > best:
                best = v
    return (best + _K_MINE) * 2 + contact


def room(work, q, _offb, c, step, parity):
    """The search of _room on the prepared board copy."""
    offs = _OFF8 if step == 1 else _OFF4
    best = 0
    for f in offs:
        f += c
        if work[f]:
            continue
        work[f] = _SEEN
        q[0] = f
        n = 1
        i = 0
        odd = 0
        while i < n:
            x = q[i]
            i += 1
            odd += x & 1
            for off in offs:
                y = x + off
                if not work[y]:
                    work[y] = _SEEN
                    q[n] = y
                    n += 1
        if parity:
            # a straight path alternates colours (the parity of the cell index, W
            # being odd): from f it covers at most 2 * min(same, other) (+1)
            same = odd if f & 1 else n - odd
            other = n - same
            n = 2 * other + 1 if same > other else 2 * same
        if n > best:
            best = n
    return best + 1
