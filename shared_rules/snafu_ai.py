"""The smart Snafu trail (pure Python, runs on CPython and MicroPython).

smart_dir(s, t) -> direction for trail t. For each free square the trail can
enter this tick it runs one simultaneous breadth-first search from every head
(the candidate square at time 1, the rival heads at time 0: they still have
this tick's move in hand) and scores the move by territory, the squares this
trail reaches strictly before every rival, minus the best rival's. When a move
leaves the trail cut off from every rival the score becomes an endgame one:
how many squares the trail can still fill (the biggest pocket beyond the
candidate square, with the checkerboard bound when moves are straight) against
the rivals' room. A square a rival head could also enter this tick is only
taken when every other choice is a certain loss. Ties go to the move that
hugs walls and trails.

All buffers are allocated once, here; a decision allocates nothing and never
changes the state.
"""

from array import array

from shared_rules import snafu as _s

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_CELLS = const(897)
_MINE = const(8)  # visited cells hold _MINE + trail, or _TIE
_TIE = const(12)  # reached first by two owners at once: nobody's

# Score tiers (higher is better), then the value inside the tier.
_T_LOSE = const(0)  # cut off with less room than a rival
_T_RISK = const(1)  # a square a rival head could also enter this tick
_T_DRAW = const(2)  # cut off with exactly a rival's room
_T_PLAY = const(3)  # still in contact: territory
_T_WIN = const(4)  # cut off with more room than every rival

_OFF4 = (_s.OFFSET[0], _s.OFFSET[2], _s.OFFSET[4], _s.OFFSET[6])
_OFF8 = _s.OFFSET

_work = bytearray(_CELLS)  # the board, then the search marks
_dist = array("H", range(_CELLS))  # search time of a marked cell (read only where marked)
_q = array("H", range(_CELLS))  # search queue: every cell enters at most once
_cnt = array("H", range(6))  # squares per trail, ties, [5] = contact with a rival


def _voronoi(s, t, c, offs):
    """Territory after trail t steps onto c; returns its squares, _cnt holds the rest."""
    work = _work
    dist = _dist
    q = _q
    cnt = _cnt
    work[:] = s.board
    for u in range(6):
        cnt[u] = 0
    head = s.head
    alive = s.alive
    n = 0
    for u in range(4):
        if u != t and alive[u]:
            h = head[u]
            work[h] = _MINE + u
            dist[h] = 0
            q[n] = h
            n += 1
    me = _MINE + t
    work[c] = me
    dist[c] = 1
    q[n] = c
    n += 1
    cnt[t] = 1
    contact = 0
    i = 0
    while i < n:
        x = q[i]
        i += 1
        o = work[x]
        d = dist[x] + 1
        for off in offs:
            y = x + off
            v = work[y]
            if v == 0:
                work[y] = o
                dist[y] = d
                q[n] = y
                n += 1
                cnt[o - _MINE] += 1
            elif v >= _MINE and v != o:
                if (v == me) != (o == me):
                    contact = 1
                if v != _TIE and dist[y] == d:
                    cnt[v - _MINE] -= 1
                    cnt[4] += 1
                    work[y] = _TIE
    cnt[5] = contact
    return cnt[t]


def _room(s, c, offs, parity):
    """Squares a trail standing on c can still fill: c plus the best pocket next to it."""
    work = _work
    q = _q
    work[:] = s.board
    work[c] = 7
    best = 0
    for off in offs:
        f = c + off
        if work[f]:
            continue
        work[f] = 7
        q[0] = f
        n = 1
        i = 0
        odd = 0
        while i < n:
            x = q[i]
            i += 1
            odd += x & 1
            for o2 in offs:
                y = x + o2
                if not work[y]:
                    work[y] = 7
                    q[n] = y
                    n += 1
        if parity:
            # a straight path alternates colours (cell parity): from f, at most
            # 2 * min(same, other) + (1 if more of f's colour)
            same = odd if f & 1 else n - odd
            other = n - same
            n = 2 * other + 1 if same > other else 2 * same
        if n > best:
            best = n
    return best + 1


def smart_dir(s, t):
    """The smart player's direction for trail t (never a blocked square if one is free)."""
    cur = s.dir[t]
    if not s.alive[t]:
        return cur
    board = s.board
    head = s.head[t]
    diag = s.opts["diagonal"]
    offs = _OFF8 if diag else _OFF4
    step = 1 if diag else 2
    back = (cur + 4) & 7
    best = -1
    best_d = cur
    any_rival = 0
    for u in range(4):
        if u != t and s.alive[u]:
            any_rival = 1
    # straight on first, then clockwise: ties keep the heading
    for k in range(0, 8, step):
        d = (cur + k) & 7
        if d == back:
            continue
        c = head + _s.OFFSET[d]
        if board[c]:
            continue
        mine = _voronoi(s, t, c, offs)
        rival = 0
        for u in range(4):
            if u != t and _cnt[u] > rival:
                rival = _cnt[u]
        if _cnt[5]:
            tier = _T_PLAY
            value = mine - rival
        else:
            mine = _room(s, c, offs, not diag)
            value = mine
            if not any_rival or mine > rival:
                tier = _T_WIN
            elif mine == rival:
                tier = _T_DRAW
            else:
                tier = _T_LOSE
        if tier > _T_RISK and _contested(s, t, c, offs):
            tier = _T_RISK
        hug = 0
        for off in offs:
            if board[c + off]:
                hug += 1
        score = ((tier << 11) + value + 1024) * 16 + hug
        if score > best:
            best = score
            best_d = d
    if best < 0 and board[head + _s.OFFSET[back]] == 0:
        return back  # only at the first tick: the square behind a fresh trail
    return best_d


def _contested(s, t, c, offs):
    """True if a living rival head is next to c (it could enter c this tick)."""
    for u in range(4):
        if u != t and s.alive[u]:
            h = s.head[u]
            for off in offs:
                if h + off == c:
                    return True
    return False
