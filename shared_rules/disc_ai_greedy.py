"""Disc Battle's greedy player at a card (docs/rules/disc.md, "Computer players").

A module of its own: on the device the strong player's module (disc_ai) is imported for
each computer choice, and this code is not needed by it (its heap, docs/rules/disc.md,
"Budgets").
"""

from shared_rules import disc as g
from shared_rules import disc_ai as ai


def card(s, ms):
    """The greedy player's move at a card (docs/rules/disc.md, "Computer players")."""
    me = s.actor
    for m in ms:
        if g.ATTACK <= m < g.THROW:
            q = m - g.ATTACK
            if ai.side_of(s, me, q) > 0 and (s.prone[q] or not s.held[q]):
                return m
    if s.prone[me]:
        return g.STAND if s.held[me] or g.HOLD not in ms else g.HOLD
    if not s.held[me] and g.HOLD in ms:
        return g.HOLD
    best = -1
    best_v = 0
    for m in ms:
        if g.THROW <= m < g.MOVE:
            d = (m - g.THROW) >> 2
            x, y = g.launch(s, me, d, (m - g.THROW) & 3)
            cells = ai.path(s, x - g.DX[d], y - g.DY[d], d, g.PATH)
            v = 0
            for q in range(s.n):
                if (
                    s.alive[q]
                    and ai.side_of(s, me, q) > 0
                    and ai.first_cross(cells, s.bx[q], s.by[q]) >= 0
                ):
                    v += ai.exposed(s, q, s.prone[q], s.held[q])
            if v > best_v:
                best_v = v
                best = m
    if best >= 0:
        return best
    target = _nearest_enemy(s, me)
    best = ms[0]
    best_d = 1 << 20
    for m in ms:
        if m >= g.MOVE and target >= 0:
            c = m - g.MOVE
            nx = s.bx[me] + c % 9 - g.BASE
            ny = s.by[me] + c // 9 - g.BASE
            dist = max(abs(nx - s.bx[target]), abs(ny - s.by[target]))
            if dist < best_d:
                best_d = dist
                best = m
    return best


def _nearest_enemy(s, me):
    best = -1
    best_d = 1 << 20
    for q in range(s.n):
        if s.alive[q] and ai.side_of(s, me, q) > 0:
            d = max(abs(s.bx[q] - s.bx[me]), abs(s.by[q] - s.by[me]))
            if d < best_d:
                best_d = d
                best = q
    return best
