"""Disc Battle's resolution (docs/rules/disc.md): what follows a move until a seat must
decide again. The actions, the reactions and the flights; the discs in flight moving
cell by cell, reflecting off the Grid's edge and crossing bases; the dice placing a
disc; de-rezzes, the turns and the end of a match.

shared_rules/disc.py keeps the state, the moves and play(); it imports this module when
a match is dealt or a move is played (this module imports disc at its top).
"""

from shared_rules import disc as g

# ---- actions and answers -------------------------------------------------------------


def _active(s, m):
    p = s.actor
    if m == g.HOLD:
        s.held[p] += 1
        s.stage = g.ST_NEXT
        return
    s.used[p] += 1
    s.stage = g.ST_DISCS
    s.qi = 0
    s.skip = g.NO
    if m == g.STAND:
        s.prone[p] = 0
    elif m < g.THROW:
        _attack(s, p, m - g.ATTACK)
    elif m < g.MOVE:
        d = (m - g.THROW) >> 2
        x, y = g.launch(s, p, d, (m - g.THROW) & 3)
        slot = g.hand(s, p)
        s.dst[slot] = g.D_FLY
        s.hx[slot] = x - g.DX[d]  # the sweep starts on the base's edge cell
        s.hy[slot] = y - g.DY[d]
        s.hd[slot] = d
        s.skip = slot
        _start_sweep(s, slot)
    else:
        c = m - g.MOVE
        s.bx[p] += c % 9 - g.BASE
        s.by[p] += c // 9 - g.BASE
        s.stage = g.ST_MOVED


def _attack(s, p, q):
    """An attack: a prone target or one holding no card is struck; else it dodges with a
    held card (advanced: an opposed test, the target winning ties)."""
    if s.prone[q] or not s.held[q]:
        _derez(s, q, p, g.BY_ATTACK)
        return
    _spend(s, q)
    if g.advanced(s) and not _opposed(s, q, p):
        _derez(s, q, p, g.BY_ATTACK)


def _spend(s, p):
    s.held[p] -= 1
    s.used[p] += 1


def _test(s, p, need):
    """A skill test: a die plus the level, passed at need or more."""
    return s.rng.die() + s.level[p] >= need


def _opposed(s, defender, other):
    """An opposed test: the defender succeeds on a higher total or a tie."""
    a = s.rng.die() + s.level[defender]
    return a >= s.rng.die() + s.level[other]


def _start_sweep(s, slot):
    s.cur = slot
    s.left = g.PATH
    s.seen = 0


def _react(s, m):
    p = s.rseat
    slot = s.cur
    kind = s.rkind
    if m == g.PASS:
        if kind == g.K_MOVED:
            s.cur = g.NO
        return
    if m == g.CATCH:
        if s.held[p]:
            _spend(s, p)
        else:
            s.prone[p] = 1  # the dive
        s.dst[slot] = g.D_HAND
        s.cur = g.NO
        return
    if m == g.BLOCK:
        _spend(s, p)
        if g.advanced(s) and not _opposed(s, p, slot >> 1):
            _struck(s, p, slot)
            return
        if s.alive[slot >> 1]:
            _place(s, slot, p)
        else:
            _disc_gone(s, slot)
        s.cur = g.NO
        return
    _dodge(s, p, slot)


def _dodge(s, p, slot):
    """Dodge a disc: with a held card it passes by (advanced: an opposed test, failing
    it is struck, passing it places the disc by the die as a Block does, A7); without,
    the program dives prone (advanced: an opposed test first, failing it is struck)."""
    if s.held[p]:
        _spend(s, p)
        if g.advanced(s):
            if not _opposed(s, p, slot >> 1):
                _struck(s, p, slot)
            elif s.alive[slot >> 1]:
                _place(s, slot, p)
                s.cur = g.NO
            else:
                _disc_gone(s, slot)
                s.cur = g.NO
        return
    if g.advanced(s) and not _opposed(s, p, slot >> 1):
        _struck(s, p, slot)
        return
    s.prone[p] = 1


def _flight(s, m):
    slot = s.cur
    p = slot >> 1
    if m == g.RECALL:
        if not g.advanced(s) or _test(s, p, g.recall_need(s, slot)):
            hx = 2 * s.hx[slot]
            hy = 2 * s.hy[slot]
            s.hd[slot] = g.toward(hx, hy, 2 * s.bx[p] + g.BASE - 1, 2 * s.by[p] + g.BASE - 1)
            s.cur = g.NO
            return
    elif m != g.FLY:
        i = m - g.ARC
        if _test(s, p, 10 if i in (0, 3) else 6):
            s.hd[slot] = (s.hd[slot] + g.ARC_TURNS[i]) & 7
    _start_sweep(s, slot)


# ---- the order of play ---------------------------------------------------------------


def _continue(s):
    """Resolve until a seat must decide or the match is over."""
    while s.phase == g.PH_RUN:
        if s.cur != g.NO:
            _sweep(s)
        elif s.stage == g.ST_MOVED:
            _moved(s)
        elif s.stage == g.ST_DISCS:
            _next_disc(s)
        else:
            g._flip(s)


def _moved(s):
    """After a Move: each own disc marker under the new base may be caught (C15)."""
    p = s.actor
    while s.qi < 2:
        slot = 2 * p + s.qi
        s.qi += 1
        if s.dst[slot] == g.D_FLY and _marker_on(s, slot, p):
            s.cur = slot
            s.left = 0
            _window(s, p, g.K_MOVED)
            return
    s.cur = g.NO
    s.stage = g.ST_DISCS
    s.qi = 0


def _marker_on(s, slot, p):
    d = s.hd[slot]
    x = s.hx[slot]
    y = s.hy[slot]
    return g.in_base(s, p, x, y) or g.in_base(s, p, x - g.DX[d], y - g.DY[d])


def _window(s, p, kind):
    s.rseat = p
    s.rkind = kind
    s.phase = g.PH_REACT


def _next_disc(s):
    """The next disc in flight moves: the actor's first, then clockwise (seat order)."""
    n = s.n
    while s.qi < 2 * n:
        i = s.qi
        s.qi += 1
        p = (s.actor + (i >> 1)) % n
        slot = 2 * p + (i & 1)
        if slot == s.skip or s.dst[slot] != g.D_FLY:
            continue
        if s.alive[p] and len(g.flight_moves(s, slot)) > 1:
            s.cur = slot
            s.left = 0
            s.phase = g.PH_FLIGHT
            return
        _start_sweep(s, slot)
        return
    s.stage = g.ST_NEXT


def _new_turn(s):
    """Every card flipped: the used cards are reshuffled, the points saved (C11, A12)."""
    if s.top:  # not the first deal
        s.turn += 1
        if s.turn > g.TURNS_MAX:
            _end(s, -1)
            return
    for p in range(s.n):
        if s.alive[p]:
            s.saved[p] += s.pend[p]
            s.pend[p] = 0
    deck = []
    for p in range(s.n):
        deck += [p] * s.used[p]
        s.used[p] = 0
    s.deck = bytearray(deck)
    s.top = 0
    s.rng.shuffle(s.deck)
    if not deck:
        _end(s, -1)  # no card left to flip (cannot happen with living programs)


# ---- a disc's movement ---------------------------------------------------------------


def _sweep(s):
    """The disc s.cur moves cell by cell; a base it crosses answers (or the move ends)."""
    slot = s.cur
    while True:
        if s.left < g.PATH:
            q = _crossed(s, slot)
            while q >= 0:
                s.seen |= 1 << q
                if _cross(s, q, slot):
                    return
                q = _crossed(s, slot)
        if s.left == 0:
            s.cur = g.NO
            return
        if _step(s, slot) and not s.alive[slot >> 1]:
            _disc_gone(s, slot)  # a de-rezzed program's disc hits the wall (C26)
            s.cur = g.NO
            return
        s.left -= 1


def _crossed(s, slot):
    x = s.hx[slot]
    y = s.hy[slot]
    for q in range(s.n):
        if s.alive[q] and not s.seen >> q & 1 and g.in_base(s, q, x, y):
            return q
    return -1


def _step(s, slot):
    """One cell on; off the Grid's edge the direction reflects (C22). True at a wall."""
    d = s.hd[slot]
    x = s.hx[slot] + g.DX[d]
    y = s.hy[slot] + g.DY[d]
    w = s.size
    if 0 <= x < w and 0 <= y < w:
        s.hx[slot] = x
        s.hy[slot] = y
        return False
    ux = g.DX[d]
    uy = g.DY[d]
    if not 0 <= x < w:
        ux = -ux
    if not 0 <= y < w:
        uy = -uy
    s.hd[slot] = g._DIR_OF[(uy + 1) * 3 + ux + 1]
    s.hx[slot] += ux
    s.hy[slot] += uy
    return True


def _cross(s, q, slot):
    """Program q's base is crossed; True when the movement stops here (a window opened,
    the disc caught, blocked or striking, the match over)."""
    owner = slot >> 1
    if q == owner:
        if s.prone[q]:
            return False  # a prone program does nothing but stand (D11)
        _window(s, q, g.K_OWN)
        return True
    if s.prone[q]:
        _struck(s, q, slot)
        return True
    if s.held[q] and g.hand(s, q) != g.NO:
        _window(s, q, g.K_BLOCK)
        return True
    _dodge(s, q, slot)  # the only answer: dodge with the card, or dive (D10)
    return s.cur == g.NO or s.phase != g.PH_RUN


def _struck(s, q, slot):
    """q is struck by the disc: de-rezzed; the disc lands by the die at q's base, or
    de-rezzes too if its owner is gone (C21, C26)."""
    owner = slot >> 1
    _derez(s, q, owner, g.BY_DISC)
    if not s.alive[owner]:
        _disc_gone(s, slot)
    elif s.phase != g.PH_OVER:
        _place(s, slot, q)
    s.cur = g.NO


def _place(s, slot, q):
    """The disc marker's small end against q's base in the die's direction (or, with the
    option home, toward the owner: D7); a direction with no room is rolled again."""
    owner = slot >> 1
    hx = s.hx[slot]
    hy = s.hy[slot]
    d = -1
    if s.opts["dirdie"] == "home":
        d = g.toward(s.bx[q], s.by[q], s.bx[owner], s.by[owner])
        if not _fits(s, q, d, hx, hy):
            d = -1
    tries = 0
    while d < 0 and tries < 24:
        d = s.rng.below(8)
        if not _fits(s, q, d, hx, hy):
            d = -1
        tries += 1
    if d < 0:
        d = 0
        while not _fits(s, q, d, hx, hy):
            d += 1
    x, y = _exit(s, q, d, hx, hy)
    s.hx[slot] = x + g.DX[d]
    s.hy[slot] = y + g.DY[d]
    s.hd[slot] = d


def _exit(s, q, d, hx, hy):
    """The cell just off q's base in direction d: a straight side at the disc's own row
    or column, a diagonal at the corner."""
    bx = s.bx[q]
    by = s.by[q]
    ux = g.DX[d]
    uy = g.DY[d]
    x = bx + g.BASE if ux > 0 else (bx - 1 if ux < 0 else min(max(hx, bx), bx + g.BASE - 1))
    y = by + g.BASE if uy > 0 else (by - 1 if uy < 0 else min(max(hy, by), by + g.BASE - 1))
    return x, y


def _fits(s, q, d, hx, hy):
    x, y = _exit(s, q, d, hx, hy)
    return g.on_grid(s, x, y) and g.on_grid(s, x + g.DX[d], y + g.DY[d])


# ---- de-rezzes and the end -----------------------------------------------------------


def _disc_gone(s, slot):
    """A de-rezzed program's disc de-rezzes; with no disc left in play its cards leave."""
    s.dst[slot] = g.D_NONE
    p = slot >> 1
    if not s.alive[p] and not g.flying(s, p):
        _purge(s, p)


def _purge(s, p):
    rest = bytearray([c for c in s.deck[s.top :] if c != p])
    s.deck = bytearray(s.deck[: s.top]) + rest
    s.used[p] = 0


def _derez(s, q, killer, how):
    """q is de-rezzed: its base, held cards and discs in hand leave; its points since
    the last save are lost; the killer earns q's level (C25, A11, A12)."""
    s.alive[q] = 0
    s.prone[q] = 0
    s.held[q] = 0
    s.pend[q] = 0
    for slot in (2 * q, 2 * q + 1):
        if s.dst[slot] == g.D_HAND:
            s.dst[slot] = g.D_NONE
    if killer != q and s.alive[killer] and g.team(s, killer) != g.team(s, q):
        s.pend[killer] += s.level[q]
    s.log += bytearray((killer, q, how))
    if not g.flying(s, q):
        _purge(s, q)
    sides = -1
    for p in range(s.n):
        if s.alive[p]:
            t = g.team(s, p)
            if sides == -1:
                sides = t
            elif sides != t:
                return
    _end(s, sides)


def _end(s, side):
    """The match is over: side (a seat, or a team in 2 v 2) won, -1 for none. Bonuses,
    the last save, and a program earning nothing gets its level (C29, A11)."""
    s.phase = g.PH_OVER
    s.cur = g.NO
    for p in range(s.n):
        if side >= 0 and g.team(s, p) == side:
            s.pend[p] += s.level[p] * (2 if g.teams(s) else 3)
        s.saved[p] += s.pend[p]
        s.pend[p] = 0
        if s.saved[p] == 0:
            s.saved[p] = s.level[p]
