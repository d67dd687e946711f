"""The smart Snafu trail (pure Python, runs on CPython and MicroPython).

smart_dir(s, t) -> the direction for trail t, in the spirit of the best
light-cycle bots. Every free square c the trail can enter this tick is scored:

- Rival map: one breadth-first search from every rival head at once gives the
  tick at which a rival can first reach each square. Rivals keep this tick's
  move in hand: their heads are at time 0, c is at time 1.
- Territory: a search from c counts the squares the trail reaches strictly
  before every rival (ties at half weight). It stops at squares a rival reaches
  first, so it walks only the trail's own territory. Each free square beside c
  starts a side; sides that meet only through rival squares are counted apart
  and the best one is taken (one more move of look-ahead: a move that splits
  the trail's room counts one part only).
- Endgame: if the search meets no square a rival can reach, the move leaves the
  trail cut off and is scored by the squares it can still fill: c plus the
  biggest pocket beside it, capped by the checkerboard bound when moves are
  straight (a path alternates square colours). More room than every rival
  (with one rival: than that rival's own room, worked out the same way) ranks
  first; less room than the only rival ranks last.
- A square a rival head could also enter this tick is a dice roll. Arcade rules
  (15/36 lose and crash, 6/36 both crash): it ranks below every safe move; only
  moves into next to no room, or a certain loss, rank lower. Text rules (the
  loser turns to another free square; only a tie, 1 in 6, crashes): it keeps its
  rank at five sixths of its value, unless the move would win outright (a
  winning trail takes no gamble).
- In contact each blocked square next to c costs some territory (open ground is
  harder to trap); cut off, the move that hugs walls and trails is preferred
  (it fills the room in order). Remaining ties: up first, then clockwise.

The buffers are allocated once, here: a decision allocates nothing, and it
never changes the state (the board is only read). The three searches (rival map,
territory, room) run as snafu_native's machine code where that loads, else as
snafu_search's bytecode; use_native() tells which.
"""

from array import array

from shared_rules import snafu as _s

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_CELLS = const(897)
_NONE = const(-999999)  # no move scored yet
_SEEN = const(7)  # a cell marked by a search (board values are 0..6)
_RIVAL = const(8)  # rival map: _RIVAL + trail marks a square that rival reaches first

# Score tiers, higher is better; the value inside a tier breaks ties.
_T_LOSE = const(0)  # next to no room, or cut off with less room than the only rival
_T_RISK = const(1)  # a square a rival head could also enter this tick
_T_SAFE = const(2)  # territory while in contact, room once cut off
_T_WIN = const(3)  # cut off with more room than every rival

_OFF4 = (_s.OFFSET[0], _s.OFFSET[2], _s.OFFSET[4], _s.OFFSET[6])
_OFF8 = _s.OFFSET

_rw = bytearray(_CELLS)  # rival map: board copy, reached squares marked _RIVAL + trail
_rd = array("H", range(_CELLS))  # rival map: time of a reached square (read where marked)
_work = bytearray(_CELLS)  # board copy for the trail's own searches
_q = array("H", range(_CELLS))  # search queue: every cell enters at most once
_share = array("H", range(4))  # squares each rival reaches first among the rivals
_res = bytearray(1)  # last _territory: 1 if a rival can reach its squares
_BR = const(8)  # _territory marks a square of side k with _BR + k
_bm = array("H", range(8))  # per side: squares reached first
_bt = array("H", range(8))  # per side: squares reached with a rival
_bp = bytearray(8)  # per side: the side it joins (union-find)

# Weights of a move's value (set by simulation, host_sim/tools/snafu_compare.py).
_K_MINE = const(2)  # per square reached strictly first (and per square of room)
_K_TIE = const(1)  # per square reached at the same time as a rival
_K_HUG = const(4)  # in contact: cost per blocked square next to c (open squares are safer)
_K_DOOM = const(3)  # fewer squares than this ahead: as good as a crash


def _rivals(s, t, offs):
    """Fill the rival map for every living trail but t; return how many there are."""
    rw = _rw
    share = _share
    rw[:] = s.board
    n = 0
    for u in range(4):
        share[u] = 0
        if u != t and s.alive[u]:
            h = s.head[u]
            rw[h] = _RIVAL + u
            _rd[h] = 0
            _q[n] = h
            n += 1
    _kernel[0](_rw, _rd, _q, _share, _OFFB, n, 1 if offs is _OFF8 else 2)
    return n


def _territory(s, c, offs):
    """Territory of a trail stepping onto c: _K_MINE per square it reaches strictly
    before every rival (c included) + _K_TIE per square reached at the same time as
    one, on the best side of c (sides meeting only through rival squares count apart).

    Sets _res[0] to 1 if any square of the search can be reached by a rival."""
    _work[:] = s.board
    _work[c] = 6
    r = _kernel[1](_work, _rw, _rd, _q, _bm, _bt, _bp, _OFFB, c, 1 if offs is _OFF8 else 2)
    _res[0] = r & 1
    return r >> 1


def _room(s, c, offs, parity):
    """Squares a trail standing on c can still fill: c plus the best pocket beside it."""
    _work[:] = s.board
    _work[c] = 6
    return _kernel[2](_work, _q, _OFFB, c, 1 if offs is _OFF8 else 2, 1 if parity else 0)


def _rival_room(s, t, rivals, offs, parity):
    """What the best rival can still fill once cut off from trail t: with one rival
    its room, else the biggest share of the rival map (rivals cut off together may
    still crash into each other)."""
    top = 0
    for u in range(4):
        if u != t and s.alive[u]:
            if rivals == 1:
                return _room(s, s.head[u], offs, parity) - 1
            if _share[u] > top:
                top = _share[u]
    return top


def _contested(c):
    """True if a living rival head is next to c (it could enter c this tick): on the
    rival map, the squares a rival reaches at time 1."""
    return _rw[c] >= _RIVAL and _rd[c] == 1


def _contested_score(tier, value, text):
    """A move's (tier << 12) + value when a rival head could enter its square too.
    Arcade rules: the loser crashes, so it ranks below every safe move. Text rules:
    the loser turns and only a tie (1 in 6) crashes, so a safe move keeps its tier
    at five sixths of its value; a winning move takes no gamble."""
    if tier > _T_RISK:
        if text and tier == _T_SAFE:
            value = value * 5 // 6
        else:
            tier = _T_RISK
    return (tier << 12) + value


def smart_dir(s, t):
    """The smart player's direction for trail t: never a blocked square if one is free."""
    cur = s.dir[t]
    if not s.alive[t]:
        return cur
    board = s.board
    head = s.head[t]
    diag = s.opts["diagonal"]
    offs = _OFF8 if diag else _OFF4
    rivals = _rivals(s, t, offs)
    text = s.opts["rules"] == "text"  # a contest's loser turns instead of crashing
    top = -1  # what the best rival can still fill: worked out when first needed
    alone = 1  # cut off already: no square next to the head is on the rival map
    for off in offs:
        if _rw[head + off] >= _RIVAL:
            alone = 0
    back = (cur + 4) & 7
    best = _NONE
    best_d = cur
    step = 1 if diag else 2
    d = -step
    while d < 8 - step:  # up first, then clockwise: ties go to the first
        d += step
        c = head + _s.OFFSET[d]
        if d == back or board[c]:
            continue
        hug = 0
        for off in offs:
            if board[c + off]:
                hug += 1
        contact = 0
        if not alone:
            value = _territory(s, c, offs)
            contact = _res[0]
        if contact:
            tier = _T_SAFE
            if value < _K_MINE * _K_DOOM:
                tier = _T_LOSE
            value -= _K_HUG * hug
            hug = 0
        else:
            room = _room(s, c, offs, not diag)
            value = _K_MINE * room
            if top < 0:
                top = _rival_room(s, t, rivals, offs, not diag)
            if room > top:
                tier = _T_WIN
            elif rivals == 1 and room < top:
                tier = _T_LOSE
            else:
                tier = _T_SAFE
            if room < _K_DOOM:
                tier = _T_LOSE
        if _contested(c):
            score = _contested_score(tier, value, text) * 16 + hug
        else:
            score = ((tier << 12) + value) * 16 + hug
        if score > best:
            best = score
            best_d = d
    if best == _NONE and not board[head + _s.OFFSET[back]]:
        return back  # only on the first tick: the square behind a fresh trail
    return best_d


# The searches: snafu_native's machine-code versions where they load (MicroPython
# with viper, a build for this board's architecture), else the bytecode ones above.
# Both give the same decisions (tests/test_snafu_native.py).
_BIAS = const(40)  # snafu_native._BIAS
_OFFB = bytearray(o + _BIAS for o in _OFF8)  # the offsets for viper (unsigned bytes)
_kernel = [None, None, None]  # the three searches in use (use_native)
_native = [None]


def py_kernel():
    """The searches as bytecode (shared_rules/snafu_search.py): imported only where the
    machine code does not load, so a Pico's heap does not hold both."""
    from shared_rules import snafu_search

    return (snafu_search.rivals, snafu_search.territory, snafu_search.room)


def _load_native():
    try:
        from shared_rules import snafu_native
    except Exception:  # CPython, no viper emitter, or a .mpy of another architecture
        return None
    return snafu_native


def use_native(on=True):
    """Run the searches as machine code (when available) or as bytecode; return which."""
    if on and _native[0] is None:
        _native[0] = _load_native() or False
    m = _native[0] if on else None
    if m:
        _kernel[0] = m.rivals
        _kernel[1] = m.territory
        _kernel[2] = m.room
        return "native"
    k = py_kernel()
    for i in range(3):
        _kernel[i] = k[i]
    return "bytecode"


use_native()


def greedy(s):
    """The baseline: the human trails steered like the text's classic computer trail."""
    if _s.round_over(s):
        return _s.M_NEXT
    m = 0
    for t in _s.human_trails(s):
        if s.alive[t]:
            m |= _s.steer(s, t, _s.classic_dir(s, t)) << (3 * t)
    return m


def random_move(s, rng):
    """Any legal tick."""
    ms = _s.moves(s)
    return ms[rng.below(len(ms))]
