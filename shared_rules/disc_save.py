"""Disc Battle's save reading (imported when a save is read or a state checked):
loading and checking a save. Move parsing, what a seat may see, redeals and copies are
in disc_views.py, so a resume's reading holds none of them.

The save is one line per field in a fixed order; load() accepts only what dump() writes.
"""

from shared_rules import disc as g
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults

_GAME = "disc"


def _bad(what):
    _st.bad(_GAME, what)


def _programs(battle):
    """How many programs the battle option names (disc_more's table)."""
    from shared_rules.disc_more import _BATTLE_N

    return _BATTLE_N[battle]


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


def discs_each(s):
    """Discs each program has in this match: 2 in an advanced match at level 6 or more
    with the option discs 2."""
    o = s.opts
    if o["rules"] == "advanced" and o["discs"] == 2 and s.level[0] >= 6:
        return 2
    return 1


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a match can reach."""
    if not isinstance(s.opts, dict) or options_with_defaults(g.NAME, g.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    n = s.n
    if n != _programs(s.opts["battle"]) or s.size != s.opts["grid"]:
        _bad("programs or grid do not match the options")
    _int_in(s.phase, g.PH_CARD, g.PH_OVER, "phase")
    _int_in(s.stage, g.ST_MOVED, g.ST_NEXT, "stage")
    _int_in(s.turn, 1, g.TURNS_MAX + 1, "turn")
    _int_in(s.top, 0, len(s.deck), "deck top")
    _int_in(s.actor, 0, n - 1, "actor")
    _int_in(s.qi, 0, 2 * n, "disc order")
    _int_in(s.left, 0, g.PATH, "cells left")
    _int_in(s.seen, 0, (1 << n) - 1, "crossed bases")
    _int_in(s.rseat, 0, n - 1, "reacting program")
    _int_in(s.rkind, g.K_OWN, g.K_MOVED, "window")
    _int_in(s.nmoves, 0, 1 << 30, "moves")
    for x in (s.skip, s.cur):
        if x != g.NO:
            _int_in(x, 0, 2 * n - 1, "disc slot")
    lv = s.level[0]
    _int_in(lv, 1, g.LEVEL_MAX, "level")
    if s.opts["rules"] == "basic" and lv != 1:
        _bad("the basic game has no levels")
    for p in range(n):
        _check_program(s, p, lv)
    _check_discs(s)
    _check_cards(s)
    _check_log(s)
    _check_phase(s)


def _check_program(s, p, lv):
    w = s.size - g.BASE
    name = g.SEAT_NAMES[p]
    _int_in(s.bx[p], 0, w, name + " base x")
    _int_in(s.by[p], 0, w, name + " base y")
    _int_in(s.alive[p], 0, 1, name + " alive")
    _int_in(s.prone[p], 0, s.alive[p], name + " prone")
    if s.level[p] != lv or s.cards[p] != s.cards[0] or s.holdmax[p] != s.holdmax[0]:
        _bad("every program has the same level and cards")
    _int_in(s.holdmax[p], 1, 4, name + " most held")
    _int_in(s.cards[p], 2, 7, name + " cards")
    _int_in(s.held[p], 0, s.holdmax[p] if s.alive[p] else 0, name + " held")
    _int_in(s.used[p], 0, s.cards[p], name + " used")
    _int_in(s.saved[p], 0, g.POINTS_MAX, name + " points")
    _int_in(s.pend[p], 0, 100, name + " points since the save")
    for q in range(p):
        if s.alive[p] and s.alive[q]:
            if abs(s.bx[p] - s.bx[q]) < 2 and abs(s.by[p] - s.by[q]) < 2:
                _bad("two programs on one spot")


def _check_discs(s):
    each = discs_each(s)
    for k in range(2 * s.n):
        p = k >> 1
        st = s.dst[k]
        _int_in(st, g.D_NONE, g.D_FLY, "disc state")
        if k & 1 and each == 1 and st != g.D_NONE:
            _bad("a second disc below its level")
        if s.alive[p] and (k & 1 < each) and st == g.D_NONE:
            _bad("a living program lost its disc")
        if not s.alive[p] and st == g.D_HAND:
            _bad("a de-rezzed program holds a disc")
        if st == g.D_FLY:
            _int_in(s.hx[k], 0, s.size - 1, "disc x")
            _int_in(s.hy[k], 0, s.size - 1, "disc y")
        _int_in(s.hd[k], 0, 7, "disc direction")


def _check_cards(s):
    n = s.n
    rest = [0] * n
    for i in range(len(s.deck)):
        c = s.deck[i]
        _int_in(c, 0, n - 1, "card owner")
        if i >= s.top:
            rest[c] += 1
    for p in range(n):
        out = 1 if s.phase == g.PH_CARD and p == s.actor else 0
        have = rest[p] + s.used[p] + s.held[p] + out
        if s.alive[p]:
            if have != s.cards[p]:
                _bad("%s cards do not add up" % g.SEAT_NAMES[p])
        elif not g.flying(s, p):
            if have:
                _bad("a gone program's cards are still in play")
        elif have > s.cards[p]:
            _bad("%s has too many cards" % g.SEAT_NAMES[p])


def _check_log(s):
    lg = s.log
    if len(lg) % 3:
        _bad("de-rez log")
    dead = 0
    for p in range(s.n):
        dead += not s.alive[p]
    if len(lg) // 3 != dead:
        _bad("every de-rezzed program is in the log once")
    for i in range(0, len(lg), 3):
        _int_in(lg[i], 0, s.n - 1, "de-rezzer")
        _int_in(lg[i + 1], 0, s.n - 1, "de-rezzed")
        _int_in(lg[i + 2], 0, 1, "how")
        if s.alive[lg[i + 1]]:
            _bad("a de-rezzed program is alive")


def _check_phase(s):
    ph = s.phase
    sides = []
    for p in range(s.n):
        if s.alive[p] and g.team(s, p) not in sides:
            sides.append(g.team(s, p))
    if ph == g.PH_OVER:
        if len(sides) > 1 and s.turn <= g.TURNS_MAX:
            _bad("the match ended with two sides standing")
        return
    if len(sides) < 2:
        _bad("one side stands but the match goes on")
    if ph == g.PH_CARD:
        if not s.alive[s.actor] or s.cur != g.NO or s.top == 0:
            _bad("a card's choice")
        if s.deck[s.top - 1] != s.actor:
            _bad("the flipped card is not the actor's")
        return
    slot = s.cur
    if slot == g.NO or s.dst[slot] != g.D_FLY:
        _bad("a window without a disc in flight")
    owner = slot >> 1
    if ph == g.PH_FLIGHT:
        if not s.alive[owner] or len(g.flight_moves(s, slot)) < 2 or s.left:
            _bad("a flight choice")
        return
    p = s.rseat
    if not s.alive[p] or s.prone[p]:
        _bad("a window for a program that cannot answer")
    k = s.rkind
    if k == g.K_BLOCK:
        if owner == p or not s.held[p] or g.hand(s, p) == g.NO:
            _bad("a block window")
    elif owner != p:
        _bad("a catch window for another's disc")
    if (k == g.K_MOVED) != (s.stage == g.ST_MOVED) or (k == g.K_MOVED and s.left):
        _bad("a catch window out of place")
    if k != g.K_MOVED and not (s.seen >> p & 1 and g.in_base(s, p, s.hx[slot], s.hy[slot])):
        _bad("a window without the disc on the base")


# ---- the save ----------------------------------------------------------------------


def _take(lines, i, key):
    return _st.take(_GAME, lines, i, key)


def _ints(text, n):
    try:
        return _st.ints(_GAME, text, n)
    except ValueError:
        _bad("save: expected %d numbers" % n)


def _unhex(text, what):
    if text == "-":
        return bytearray(0)
    if len(text) % 2 or len(text) > 200:
        _bad("save: bad " + what)
    try:
        return bytearray([int(text[i : i + 2], 16) for i in range(0, len(text), 2)])
    except ValueError:
        _bad("save: bad " + what)


def load(text):
    """Inverse of dump. Raises ValueError on any damage (a field out of range too)."""
    if not isinstance(text, str) or not text.endswith("\n"):
        _bad("save must be text ending in a new line")
    lines = text[:-1].split("\n")
    if lines[0] != "disc %d" % g.VERSION:
        _bad("unknown save version %r" % lines[0][:20])
    o = _take(lines, 1, "opts").split(" ")
    if len(o) != 8 or o[2] not in ("2", "3") or o[3] not in ("12", "24", "36", "48"):
        _bad("save: bad options")
    if o[5] not in ("1", "2"):
        _bad("save: bad options")
    opts = {"battle": o[0], "rules": o[1], "hold": int(o[2]), "grid": int(o[3])}
    opts.update({"dirdie": o[4], "discs": int(o[5]), "start": o[6], "cpu": o[7]})
    opts = options_with_defaults(g.NAME, g.OPTIONS, opts)
    n = _programs(opts["battle"])
    if len(lines) != 7 + 3 * n:
        _bad("save must have %d lines" % (7 + 3 * n))
    s = g.Game(n)
    s.opts = opts
    s.size = opts["grid"]
    s.seed = _ints(_take(lines, 2, "seed"), 1)[0]
    try:
        s.rng.set_state(_ints(_take(lines, 3, "rng"), 1)[0])
    except ValueError:
        _bad("save: bad rng")
    at = _ints(_take(lines, 4, "at"), 13)
    s.phase, s.stage, s.turn, s.top, s.actor, s.qi, s.skip = at[:7]
    s.cur, s.left, s.seen, s.rseat, s.rkind, s.nmoves = at[7:]
    for p in range(n):
        f = _ints(_take(lines, 5 + p, "p%d" % p), 11)
        for i in range(9):
            _int_in(f[i], 0, 255, "program field")
        s.bx[p], s.by[p], s.alive[p], s.prone[p], s.held[p], s.used[p] = f[:6]
        s.cards[p], s.holdmax[p], s.level[p] = f[6:9]
        s.saved[p], s.pend[p] = f[9], f[10]
    for k in range(2 * n):
        f = _ints(_take(lines, 5 + n + k, "d%d" % k), 4)
        for i in range(4):
            _int_in(f[i], 0, 255, "disc field")
        s.dst[k], s.hx[k], s.hy[k], s.hd[k] = f
    s.deck = _unhex(_take(lines, 5 + 3 * n, "deck"), "deck")
    s.log = _unhex(_take(lines, 6 + 3 * n, "derez"), "log")
    check(s)
    _check_points(s)
    return s


def _check_points(s):
    """A save's points against the de-rez log (load: a rule case's made-up position may
    hold any): a program earns its victims' levels, a gone one holds none since the last
    save, and the match's end adds at most three times its level."""
    kills = [0] * s.n
    lg = s.log
    for i in range(0, len(lg), 3):
        if lg[i] != lg[i + 1]:
            kills[lg[i]] += 1
    end = 3 if s.phase == g.PH_OVER else 0
    for p in range(s.n):
        if s.pend[p] and not s.alive[p]:
            _bad("%s was de-rezzed with points since the save" % g.SEAT_NAMES[p])
        if s.saved[p] + s.pend[p] > s.level[p] * (kills[p] + end):
            _bad("%s has more points than its de-rezzes give" % g.SEAT_NAMES[p])
