"""Disc Battle's computer players (docs/rules/disc.md, "Computer players").

Each reads only what its seat may see (the bases, the discs, the cards held and the
counts: never the face-down cards' order nor the dice to come), so a redeal gives the
same choice.

- random: a legal move drawn from a seed made of what the seat sees.
- greedy: kills at once when it can (an attack on a prone or cardless program), stands
  when prone, holds a card when it has none, throws along the lane whose first flight
  crosses an enemy, else moves toward the nearest enemy; blocks, catches, flies straight.
- strong: weighs every legal move by predicting the disc paths three movements ahead
  (each disc straight on, reflecting off the walls): the danger to its base from the
  other discs and from attacks in reach, the chances its own discs and attacks give
  against the enemies (a prone program is a kill, a cardless one goes prone, one with a
  card spends it; in the advanced game the opposed tests' odds), its held cards, its
  discs in hand and being prone; standing in the lines an enemy holding a disc could
  throw along costs the danger of a crossing (half of it for the throw's second flight
  only), times the chance the next card flipped is that enemy's (from the face-down
  cards' counts). In those lines it neither dives for its disc nor, when the enemy's
  card is likelier to come first, spends its card catching it.
"""

from shared_rules import disc as g
from shared_rules.rng import Rng

KILL = 100
WEIGHT = (1.1, 1.0, 0.55, 0.3)  # a crossing now (a throw), after 1, 2, 3 movements
HELD_VALUE = (0, 14, 22, 27, 30)
FAIL = 15 / 36  # the defender loses an opposed test of equal levels
THREAT = 0.8  # an enemy's throw on its next card (times the chance that card comes first)
FAR_LINES = 0.5  # standing only in the lines of an enemy throw's second flight

# The functions follow in order of their size, the largest first (the greedy level's
# choice at a card is in disc_ai_greedy). On the device this module is imported for each
# computer choice into a heap in pieces, and MicroPython places each function's code in
# the first hole it fits as the module loads: the largest pieces placed first find the
# larger holes (docs/rules/disc.md, "Budgets"). A new function goes where its size puts it.


def _strong_card(s, ms):
    me = s.actor
    flights = flight_paths(s)
    bx = s.bx[me]
    by = s.by[me]
    prone = s.prone[me]
    held = s.held[me]
    hand = 0
    for k in (2 * me, 2 * me + 1):
        hand += s.dst[k] == g.D_HAND
    zone = _throw_zone(s, me)
    tw = THREAT * _next_enemy(s, me) if zone is not None else 0
    best = ms[0]
    best_v = -1e9
    for m in ms:
        nx = bx
        ny = by
        if m == g.HOLD:
            v = judge(s, me, bx, by, prone, held + 1, hand, flights, None) - 3
        elif m == g.STAND:
            v = judge(s, me, bx, by, 0, held, hand, flights, None)
        elif m < g.THROW:
            q = m - g.ATTACK
            side = side_of(s, me, q)
            now = attackable(s, s.prone[q], s.held[q]) * 1.6 * side
            v = judge(s, me, bx, by, prone, held, hand, flights, None) + now
        elif m < g.MOVE:
            d = (m - g.THROW) >> 2
            x, y = g.launch(s, me, d, (m - g.THROW) & 3)
            cells = path(s, x - g.DX[d], y - g.DY[d], d, 3 * g.PATH)
            v = judge(s, me, bx, by, prone, held, hand - 1, flights, cells)
        else:
            c = m - g.MOVE
            nx = bx + c % 9 - g.BASE
            ny = by + c // 9 - g.BASE
            v = judge(s, me, nx, ny, prone, held, hand, flights, None)
        if tw:
            # in the lines of an enemy's throw: it may throw before this program acts
            f = _in_zone(s, zone, nx, ny)
            if f:
                pr = 0 if m == g.STAND else prone
                v -= f * tw * exposed(s, me, pr, held + (m == g.HOLD))
        if v > best_v + 1e-9:
            best_v = v
            best = m
    return best


def _answer(s, ms, strong):
    me = s.rseat
    slot = s.cur
    if not strong:
        return g.BLOCK if g.BLOCK in ms else g.CATCH
    rest = path(s, s.hx[slot], s.hy[slot], s.hd[slot], s.left, not s.alive[slot >> 1])
    gain = 0
    for q in range(s.n):
        if s.alive[q] and q != me and q != slot >> 1:
            if first_cross(rest, s.bx[q], s.by[q]) >= 0:
                gain += side_of(s, me, q) * exposed(s, q, s.prone[q], s.held[q])
    if g.BLOCK in ms:  # advanced: a dodge places the disc as a block does (A7)
        return g.DODGE if gain >= KILL / 2 and not g.advanced(s) else g.BLOCK
    if gain >= 20:
        return g.PASS
    zone = _throw_zone(s, me)
    aimed = zone is not None and _in_zone(s, zone, s.bx[me], s.by[me]) == 1
    if s.held[me]:
        # keep the card when an enemy is likelier than not to throw at it first
        return g.PASS if aimed and _next_enemy(s, me) > 0.5 else g.CATCH
    if aimed:
        return g.PASS  # no dive (prone) in the lines of an enemy's throw
    threat = 0
    for owner, cells in flight_paths(s):
        if owner != me and side_of(s, me, owner) > 0:
            t = first_cross(cells, s.bx[me], s.by[me])
            if 0 <= t <= 1:
                threat += 1
    return g.PASS if threat else g.CATCH


def judge(s, me, bx, by, prone, held, in_hand, flights, mine):
    """The value of me standing at (bx, by) with these cards and discs, the discs in
    flight on `flights` and me throwing along `mine` (a path from movement 0) or None."""
    v = HELD_VALUE[min(held, 4)] + 9 * in_hand - (12 if prone else 0)
    danger = exposed(s, me, prone, held)
    for owner, cells in flights:
        if owner == me:
            t = first_cross(cells, bx, by)
            if t >= 0 and not in_hand:
                v += 6 * WEIGHT[t + 1]
            v += _gains(s, me, cells, 1)
            continue
        t = first_cross(cells, bx, by)
        if t >= 0:
            v -= danger * WEIGHT[t + 1]
    if mine is not None:
        v += _gains(s, me, mine, 0)
    for q in range(s.n):
        if q == me or not s.alive[q]:
            continue
        far = max(abs(s.bx[q] - bx), abs(s.by[q] - by))
        reach = 0.9 if far < g.BASE else (0.5 if far <= 2 * g.BASE - 1 else 0)
        if not reach:
            continue
        side = side_of(s, me, q)
        if side > 0 and g.hand(s, q) != g.NO and not s.prone[q]:
            v -= reach * attackable(s, prone, held)
        if side > 0 and in_hand and not prone:
            v += 0.5 * reach * attackable(s, s.prone[q], s.held[q])
    return v


def _throw_zone(s, me):
    """The cells the enemies' throws sweep: a bit a cell (size * size bits) for their
    first flight, then as many for their second; None when no enemy could throw on its
    next card."""
    zone = None
    w = s.size
    half = (w * w + 7) >> 3
    for q in range(s.n):
        if not s.alive[q] or side_of(s, me, q) <= 0 or s.prone[q] or g.hand(s, q) == g.NO:
            continue
        if zone is None:
            zone = bytearray(2 * half)
        for d in range(8):
            for k in range(g.lanes(d)):
                x, y = g.launch(s, q, d, k)
                if not g.on_grid(s, x, y):
                    continue
                cells = path(s, x - g.DX[d], y - g.DY[d], d, 2 * g.PATH)
                for i in range(0, len(cells), 2):
                    c = cells[i + 1] * w + cells[i]
                    b = (c >> 3) + (half if i >= 2 * g.PATH else 0)
                    zone[b] |= 1 << (c & 7)
    return zone


def _flight(s, ms, strong):
    slot = s.cur
    me = slot >> 1
    if g.RECALL in ms and _homeward(s, slot):
        ms = [m for m in ms if m != g.RECALL]
    if not strong:
        return g.RECALL if g.RECALL in ms and g.hand(s, me) == g.NO else g.FLY
    lv = s.level[me]
    d0 = s.hd[slot]
    straight = _flight_value(s, me, slot, d0)
    best = g.FLY
    best_v = straight
    for m in ms:
        if m == g.FLY:
            continue
        if m == g.RECALL:
            need = g.recall_need(s, slot) if g.advanced(s) else 0
            p = _chance(lv, need)
            v = p * (8 if g.hand(s, me) == g.NO else 1) + (1 - p) * straight
        else:
            i = m - g.ARC
            p = _chance(lv, 10 if i in (0, 3) else 6)
            v = p * _flight_value(s, me, slot, (d0 + g.ARC_TURNS[i]) & 7) + (1 - p) * straight
        if v > best_v + 1e-9:
            best_v = v
            best = m
    return best


def path(s, x, y, d, cells, dies_at_wall=False):
    """The cells a disc at head (x, y) going d sweeps over the next `cells` cells,
    reflecting off the walls: x0, y0, x1, y1, ... as bytes (one allocation a path)."""
    w = s.size
    out = bytearray(2 * cells)
    i = 0
    for _ in range(cells):
        nx = x + g.DX[d]
        ny = y + g.DY[d]
        if not (0 <= nx < w and 0 <= ny < w):
            if dies_at_wall:
                break
            ux = g.DX[d] if 0 <= nx < w else -g.DX[d]
            uy = g.DY[d] if 0 <= ny < w else -g.DY[d]
            d = g._DIR_OF[(uy + 1) * 3 + ux + 1]
            nx = x + ux
            ny = y + uy
        x = nx
        y = ny
        out[i] = x
        out[i + 1] = y
        i += 2
    return out if i == len(out) else out[:i]


def view_seed(s, seat):
    """A seed made of what the seat may see."""
    x = s.nmoves * 7919 + seat * 104729 + s.turn + 1
    for p in range(s.n):
        x = (x * 31 + s.bx[p] * 7 + s.by[p] * 3 + s.held[p] + s.prone[p] * 5) & 0xFFFFFF
    for k in range(2 * s.n):
        x = (x * 13 + s.dst[k] + s.hx[k] * 3 + s.hy[k] * 5 + s.hd[k]) & 0xFFFFFF
    return x or 1


def choose(s, level):
    """The move of the seat to act at this level."""
    ms = g.moves(s)
    if len(ms) == 1:
        return ms[0]
    if level == "random":
        return ms[Rng(view_seed(s, g.to_act(s))).below(len(ms))]
    if s.phase == g.PH_CARD:
        if level == "greedy":  # its own module: the strong player's import stays small
            from shared_rules import disc_ai_greedy

            return disc_ai_greedy.card(s, ms)
        return _strong_card(s, ms)
    if s.phase == g.PH_REACT:
        return _answer(s, ms, level == "strong")
    return _flight(s, ms, level == "strong")


def _in_zone(s, zone, bx, by):
    """How much of an enemy's throw the base at (bx, by) stands in the lines of: 1 its
    first flight, FAR_LINES only its second, else 0."""
    w = s.size
    half = (w * w + 7) >> 3
    far = 0
    for y in range(by, by + g.BASE):
        row = y * w + bx
        for c in range(row, row + g.BASE):
            bit = 1 << (c & 7)
            if zone[c >> 3] & bit:
                return 1
            if zone[half + (c >> 3)] & bit:
                far = FAR_LINES
    return far


def _gains(s, me, cells, t0):
    v = 0
    for q in range(s.n):
        if not s.alive[q] or q == me:
            continue
        t = first_cross(cells, s.bx[q], s.by[q])
        if t >= 0:
            v += side_of(s, me, q) * exposed(s, q, s.prone[q], s.held[q]) * WEIGHT[t + t0]
    return v


def flight_paths(s):
    """[(owner, cells of the next 3 movements)] for every disc in flight."""
    out = []
    for k in range(2 * s.n):
        if s.dst[k] == g.D_FLY:
            o = k >> 1
            cells = path(s, s.hx[k], s.hy[k], s.hd[k], 3 * g.PATH, not s.alive[o])
            out.append((o, cells))
    return out


def _next_enemy(s, me):
    """The chance the next card flipped is an enemy's: the face-down cards' counts by
    program (what every seat sees, D16; their order is never used)."""
    mine = 0
    rest = 0
    for i in range(s.top, len(s.deck)):
        c = s.deck[i]
        if c == me:
            mine += 1
        elif s.alive[c] and side_of(s, me, c) > 0:
            rest += 1
    if mine + rest == 0:
        return 0.5
    return rest / (mine + rest)


def first_cross(cells, bx, by):
    """The movement (0, 1, 2 ..) in which the path first crosses the base at (bx, by),
    or -1."""
    for i in range(0, len(cells), 2):
        if 0 <= cells[i] - bx < g.BASE and 0 <= cells[i + 1] - by < g.BASE:
            return i // (2 * g.PATH)
    return -1


def _homeward(s, slot):
    """The disc already points the way a recall would turn it (D14): a recall would
    leave it lying where it is, so it is never worth one."""
    p = slot >> 1
    hx = 2 * s.hx[slot]
    hy = 2 * s.hy[slot]
    home = g.toward(hx, hy, 2 * s.bx[p] + g.BASE - 1, 2 * s.by[p] + g.BASE - 1)
    return s.hd[slot] == home


def exposed(s, q, prone, held):
    """What a disc crossing program q is worth to its enemies."""
    adv = g.advanced(s)
    if prone:
        return KILL
    if not held:
        return FAIL * KILL + (1 - FAIL) * 25 if adv else 25
    return FAIL * KILL + 6 if adv else 6


def _flight_value(s, me, slot, d):
    cells = path(s, s.hx[slot], s.hy[slot], d, 3 * g.PATH)
    return _gains(s, me, cells, 1)


def attackable(s, prone, held):
    """What an attack on a program is worth to the attacker."""
    if prone or not held:
        return KILL
    return FAIL * KILL + 6 if g.advanced(s) else 6


def _chance(level, need):
    """The chance a die plus the level makes need."""
    k = 0
    for face in range(1, 7):
        k += face + level >= need
    return k / 6


def side_of(s, p, q):
    """+1 for an enemy, -1 for a teammate, 0 for itself."""
    if p == q:
        return 0
    return 1 if g.team(s, p) != g.team(s, q) else -1
