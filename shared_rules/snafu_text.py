"""Snafu's text rule set (option `rules: text`, the default): rules 2 and 3 as written
(docs/rules/snafu.md, T1-T10). Imported with the first text tick, or by the screen when
a game opens."""

from shared_rules import snafu as sn

_locked = [-1, -1, -1, -1]  # squares won in this tick's contests (text rules)
_TURNS = (1, 2, 3, 4)  # how far from the heading an other square is, nearest first


def _open(s, c):
    """A square a trail may enter in this tick: empty and not won by another trail."""
    if s.board[c] != sn.EMPTY:
        return False
    for k in range(4):
        if _locked[k] == c:
            return False
    return True


def _free_around(s, c):
    n = 0
    for d in sn.directions(s):
        if s.board[c + sn.OFFSET[d]] == sn.EMPTY:
            n += 1
    return n


def nearest_open(s, t, d, back=-1):
    """Text rules, a person's or a smart trail's way round a taken square: `d` (the way
    it wants) if open, else the open square nearest it - the turns either side by 45,
    90, 135 and 180 degrees, those the variant allows, never `back` (straight back from
    the heading it came on). Two at the same angle: the one with more empty squares
    around it; if even, a d6 (1-3 the right-hand one, 4-6 the left). -1 when none is
    open (a collision)."""
    head = s.head[t]
    if _open(s, head + sn.OFFSET[d]):
        return d
    step = 1 if s.opts["diagonal"] else 2
    for k in _TURNS:
        if k * step > 4:
            break
        right = (d + k * step) & 7
        left = (d - k * step) & 7
        r_ok = right != back and _open(s, head + sn.OFFSET[right])
        l_ok = left != right and left != back and _open(s, head + sn.OFFSET[left])
        if r_ok and l_ok:
            r_n = _free_around(s, head + sn.OFFSET[right])
            l_n = _free_around(s, head + sn.OFFSET[left])
            if r_n != l_n:
                return right if r_n > l_n else left
            return right if s.rng.die() <= 3 else left
        if r_ok:
            return right
        if l_ok:
            return left
    return -1


def random_open(s, t):
    """Text rules, a classic trail's way round: a random open square (the state's
    dice, drawn even when only one is open), -1 when none."""
    head = s.head[t]
    n = 0
    free = sn._free_dirs
    for d in sn.directions(s):
        if _open(s, head + sn.OFFSET[d]):
            free[n] = d
            n += 1
    if n == 0:
        return -1
    return free[s.rng.below(n)]


def _way_round(s, t, humans):
    """The square trail t takes instead of its wanted one (text rules), or -1."""
    if t in humans or s.opts["others"] == "smart":  # never back the way it came (sn.came)
        return nearest_open(s, t, s.dir[t], (sn.came[t] + 4) & 7)
    return random_open(s, t)


def _go_round(s, t, want, humans):
    """Trail t takes its way round (want and heading updated); its crash bit if none."""
    d = _way_round(s, t, humans)
    if d < 0:
        return 1 << t
    s.dir[t] = d
    want[t] = s.head[t] + sn.OFFSET[d]
    return 0


def resolve(s, want, humans):
    """The text's tick (rules 2 and 3): a trail whose square is taken takes another open
    square and collides only when none is left; trails wanting one square roll, the
    single highest roll adds it and each other takes another open square by the same
    rule (and may meet another trail there: a new roll); a shared highest roll is a
    collision for those who rolled it (a lower roll goes round). Contests go in the
    order of the lowest trail in each.
    Returns the crashed trails' bits."""
    board = s.board
    locked = _locked
    for k in range(4):
        locked[k] = -1
    crashed = 0
    for t in range(4):
        if want[t] >= 0 and board[want[t]] != sn.EMPTY:
            crashed |= _go_round(s, t, want, humans)
    n_locked = 0
    while True:
        c = -1
        rivals = 0
        for t in range(4):
            if want[t] < 0 or crashed & (1 << t):
                continue
            for u in range(t + 1, 4):
                if want[u] == want[t] and not crashed & (1 << u):
                    rivals |= 1 << u
            if rivals:
                c = want[t]
                rivals |= 1 << t
                break
        if c < 0:
            return crashed
        below = sn.roll_below(s, rivals)
        locked[n_locked] = c  # won, or where the highest rolls met: open to no one else
        n_locked += 1
        top = rivals & ~below
        if top & (top - 1):  # the highest roll shared: a collision for those who
            crashed |= top  # rolled it; a lower roll is a loser as in any contest (D4)
        for u in range(4):
            if below & (1 << u):
                crashed |= _go_round(s, u, want, humans)
