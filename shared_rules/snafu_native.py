"""The smart Snafu trail's three searches as MicroPython viper (machine) code.

Optional: snafu_ai uses these when this module loads (MicroPython with the viper
emitter, a .mpy built for the board's architecture) and its own bytecode versions
otherwise (CPython, CircuitPython without native code, a .mpy of another
architecture). Each function here does exactly what the bytecode search of the
same name in snafu_ai does, in the same order, on the same buffers (passed in: this
module holds no data), so the decisions are the same; tests/test_snafu_native.py
compares them search by search inside the MicroPython VM.

Neighbour offsets come in a bytearray biased by _BIAS (viper's pointers load
unsigned values).
"""

import micropython

# MicroPython never frees machine code loaded from a .mpy (it keeps it on a root list
# so the GC cannot reclaim it): importing this module again would take its memory
# again. The app therefore keeps it loaded once imported (firmware/app.unload_game).
RESIDENT = True

_BIAS = const(40)  # offs bytes: neighbour offset + _BIAS
_SEEN = const(7)
_RIVAL = const(8)
_BR = const(8)
_K_MINE = const(2)
_K_TIE = const(1)


@micropython.viper
def rivals(rw_buf, rd_buf, q_buf, share_buf, offs, n: int, step: int):
    """Rival map search from the n heads already queued (snafu_search.rivals)."""
    rw = ptr8(rw_buf)
    rd = ptr16(rd_buf)
    q = ptr16(q_buf)
    share = ptr16(share_buf)
    ob = ptr8(offs)
    i = 0
    end = n
    d = 1
    while i < n:
        if i == end:
            end = n
            d += 1
        x = int(q[i])
        i += 1
        o = int(rw[x])
        k = 0
        while k < 8:
            y = x + int(ob[k]) - _BIAS
            k += step
            if rw[y] == 0:
                rw[y] = o
                rd[y] = d
                q[n] = y
                n += 1
                share[o - _RIVAL] += 1


@micropython.viper
def territory(
    work_buf, rw_buf, rd_buf, q_buf, bm_buf, bt_buf, bp_buf, offs, c: int, step: int
) -> int:
    """Best side's territory of a step onto c, times 2, plus 1 on contact
    (snafu_search.territory)."""
    work = ptr8(work_buf)
    rw = ptr8(rw_buf)
    rd = ptr16(rd_buf)
    q = ptr16(q_buf)
    bm = ptr16(bm_buf)
    bt = ptr16(bt_buf)
    bp = ptr8(bp_buf)
    ob = ptr8(offs)
    n = 0
    contact = 0
    k = 0
    j = 0
    while j < 8:
        bm[k] = 0
        bt[k] = 0
        bp[k] = k
        y = c + int(ob[j]) - _BIAS
        j += step
        if work[y] == 0:
            work[y] = _SEEN
            if int(rw[y]) >= _RIVAL:
                contact = 1
                e = int(rd[y])
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
    sides = k
    i = 0
    end = n
    d = 3
    while i < n:
        if i == end:
            end = n
            d += 1
        x = int(q[i])
        i += 1
        o = int(work[x])
        j = 0
        while j < 8:
            y = x + int(ob[j]) - _BIAS
            j += step
            v = int(work[y])
            if v == 0:
                work[y] = _SEEN
                if int(rw[y]) >= _RIVAL:
                    contact = 1
                    e = int(rd[y])
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
                a = v - _BR
                while int(bp[a]) != a:
                    a = int(bp[a])
                b = o - _BR
                while int(bp[b]) != b:
                    b = int(bp[b])
                if a != b:
                    bp[a] = b
    while k > 0:
        k -= 1
        a = k
        while int(bp[a]) != a:
            a = int(bp[a])
        if a != k:
            bm[a] += bm[k]
            bt[a] += bt[k]
    best = 0
    k = sides
    while k > 0:
        k -= 1
        if int(bp[k]) == k:
            v = _K_MINE * int(bm[k]) + _K_TIE * int(bt[k])
            if v > best:
                best = v
    return (best + _K_MINE) * 2 + contact


@micropython.viper
def room(work_buf, q_buf, offs, c: int, step: int, parity: int) -> int:
    """Squares a trail on c can still fill (snafu_search.room)."""
    work = ptr8(work_buf)
    q = ptr16(q_buf)
    ob = ptr8(offs)
    best = 0
    j = 0
    while j < 8:
        f = c + int(ob[j]) - _BIAS
        j += step
        if work[f] != 0:
            continue
        work[f] = _SEEN
        q[0] = f
        n = 1
        i = 0
        odd = 0
        while i < n:
            x = int(q[i])
            i += 1
            odd += x & 1
            m = 0
            while m < 8:
                y = x + int(ob[m]) - _BIAS
                m += step
                if work[y] == 0:
                    work[y] = _SEEN
                    q[n] = y
                    n += 1
        if parity:
            same = odd if f & 1 else n - odd
            other = n - same
            n = 2 * other + 1 if same > other else 2 * same
        if n > best:
            best = n
    return best + 1
