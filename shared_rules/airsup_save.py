"""Air Superiority's rarely used parts (imported when first needed): loading and
checking a save, move parsing, what a seat may see, redeals and copies.

The save is one line per field in a fixed order; load() accepts only what dump() writes.
"""

from shared_rules import airsup as a
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults

_GAME = "airsup"
_DIGITS = "0123456789a"


def _bad(what):
    _st.bad(_GAME, what)


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a game can reach."""
    if not isinstance(s.opts, dict) or options_with_defaults(a.NAME, a.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    _int_in(s.phase, a.PH_ORDER, a.PH_OVER, "phase")
    _int_in(s.half, 0, a.TURNS, "timeline")
    _int_in(s.turn, 0, 1, "turn")
    _int_in(s.nmoves, 0, 1 << 30, "moves")
    if (s.phase == a.PH_OVER) != (s.half == a.TURNS):
        _bad("the Armistice is the game's end")
    if s.phase == a.PH_OVER and s.turn:
        _bad("no order after the Armistice")
    for seat in (0, 1):
        _check_side(s, seat)
    if s.turn == 0 and (a.spent(s, 1) or any(s.raid[1])):
        _bad("the second order made before the first")
    _int_in(s.nlog, 0, a.ROLLS_MAX, "rolls")
    if s.nlog % 2:
        _bad("rolls come in pairs of bytes")
    for i in range(0, s.nlog, 2):
        _check_roll(s.log[i], s.log[i + 1])


def _check_last_turn(s):
    """A save's tracks agree with the last turn's dice (load: a position built for a
    rule case need not have come from play): a side holds one research roll for
    each plane the other lost above its technology (BONUS), has 10 resources less the
    raid hits it took, and gained one level of technology a turn at most; before the
    first turn there are no dice and no planes."""
    held = [0, 0]
    hits = [0, 0]
    for i in range(0, s.nlog, 2):
        other = 1 - (s.log[i] & 1)
        flags = s.log[i + 1]
        if flags & a.BONUS:
            held[other] += 1
        if (s.log[i] >> 1) & 3 == a.STEP_RAID and flags & a.HIT:
            hits[other] += 1
    for seat in (0, 1):
        name = a.country_name(s, seat)
        if s.research[seat] != held[seat]:
            _bad(
                "%s holds %d research rolls, the dice gave %d"
                % (name, s.research[seat], held[seat])
            )
        if s.res[seat] != max(0, a.RESOURCES - hits[seat]):
            _bad("%s has %d resources after %d raid hits" % (name, s.res[seat], hits[seat]))
        if s.tech[seat] > 1 + s.half:
            _bad("%s at technology %d in turn %d" % (name, s.tech[seat], s.half + 1))
        if s.half == 0 and any(s.planes[seat]):
            _bad("planes before the first turn")
    if s.half == 0 and s.nlog:
        _bad("dice before the first turn")


def _check_side(s, seat):
    name = a.country_name(s, seat)
    _int_in(s.res[seat], 0, a.RESOURCES, name + " resources")
    _int_in(s.research[seat], 0, a.TRACK_MAX, name + " research")
    _int_in(s.tech[seat], 1, a.TECH_MAX, name + " technology")
    _int_in(s.rolls_bought[seat], 0, a.TRACK_MAX - s.research[seat], name + " rolls bought")
    p = s.planes[seat]
    b = s.buy[seat]
    for t in range(a.TYPES):
        _int_in(p[t] + b[t], 0, a.TRACK_MAX, "%s type %d planes" % (name, t + 1))
        if b[t] and t >= s.tech[seat]:
            _bad("%s buys type %d above its technology" % (name, t + 1))
        if p[t] and t >= s.tech[seat]:
            _bad("%s holds type %d above its technology" % (name, t + 1))
    for t in range(a.RAIDERS):
        _int_in(s.raid[seat][t], 0, p[t] + b[t], "%s type %d raiders" % (name, t + 1))
    if a.spent(s, seat) > s.res[seat]:
        _bad("%s spends more than its resources" % name)


def _check_roll(b0, b1):
    step = (b0 >> 1) & 3
    t = b0 >> 3
    face = b1 & 7
    _int_in(t, 0, a.TYPES - 1, "roll's plane type")
    if step == a.STEP_SHOT:
        if face or not b1 & a.LOST:
            _bad("a plane shot down is a loss, not a die")
        return
    _int_in(face, 1, 6, "die face")
    if b1 & 0x80:
        _bad("unknown roll flag")


# ---- the save ----------------------------------------------------------------------


def _take(lines, i, key):
    return _st.take(_GAME, lines, i, key)


def _counts(text, n, what):
    if len(text) != n:
        _bad("save: %s must be %d counts" % (what, n))
    out = bytearray(n)
    for i in range(n):
        k = _DIGITS.find(text[i])
        if k < 0:
            _bad("save: bad count in %s" % what)
        out[i] = k
    return out


def _ints(text, n):
    try:
        return _st.ints(_GAME, text, n)
    except ValueError:
        _bad("save: expected %d numbers" % n)


def load(text):
    """Inverse of dump. Raises ValueError on any damage (a field out of range too)."""
    if not isinstance(text, str):
        _bad("save must be text")
    lines = text.rstrip("\n").split("\n")
    if len(lines) != 8:
        _bad("save must have 8 lines, got %d" % len(lines))
    if lines[0] != "airsup %d" % a.VERSION:
        _bad("unknown save version %r" % lines[0][:20])
    o = _take(lines, 1, "opts").split(" ")
    if len(o) != 3 or o[1] not in ("1", "2"):
        _bad("save: bad options")
    s = a.new(0, {"side": o[0], "people": int(o[1]), "cpu": o[2]})
    s.seed = _ints(_take(lines, 2, "seed"), 1)[0]
    s.rng.set_state(_ints(_take(lines, 3, "rng"), 1)[0])
    s.phase, s.half, s.turn, s.nmoves = _ints(_take(lines, 4, "at"), 4)
    for seat in (0, 1):
        f = _take(lines, 5 + seat, "side%d" % seat).split(" ")
        if len(f) != 7:
            _bad("save: side%d must have 7 fields" % seat)
        s.res[seat], s.research[seat], s.tech[seat] = _ints(" ".join(f[:3]), 3)
        s.planes[seat] = _counts(f[3], a.TYPES, "planes")
        s.buy[seat] = _counts(f[4], a.TYPES, "purchases")
        s.rolls_bought[seat] = _ints(f[5], 1)[0]
        s.raid[seat] = _counts(f[6], a.RAIDERS, "raids")
    hexed = _take(lines, 7, "rolls")
    if hexed != "-":
        if len(hexed) % 2 or len(hexed) // 2 > a.ROLLS_MAX:
            _bad("save: bad rolls")
        try:
            for i in range(len(hexed) // 2):
                s.log[i] = int(hexed[2 * i : 2 * i + 2], 16)
        except ValueError:
            _bad("save: bad rolls")
        s.nlog = len(hexed) // 2
    check(s)
    _check_last_turn(s)
    return s


# ---- notation ----------------------------------------------------------------------


def parse_move(s, text):
    """Inverse of move_text (any case); the move must be legal now."""
    if not isinstance(text, str):
        _bad("a move is text, got %r" % (text,))
    words = text.strip().lower().split()
    m = -1
    if len(words) == 1 and words[0] in ("research", "unresearch", "commit"):
        m = {"research": a.RESEARCH, "unresearch": a.UNRESEARCH, "commit": a.COMMIT}[words[0]]
    elif len(words) == 2 and words[1] in ("1", "2", "3", "4", "5"):
        t = int(words[1]) - 1
        if words[0] == "buy":
            m = a.BUY + t
        elif words[0] == "sell":
            m = a.SELL + t
        elif words[0] == "raid" and t < a.RAIDERS:
            m = a.RAID + t
        elif words[0] == "recall" and t < a.RAIDERS:
            m = a.RECALL + t
    if m < 0:
        _bad(
            "not a move: %r (buy N, sell N, research, unresearch, raid N, recall N, commit)"
            % text[:24]
        )
    if not a.is_legal(s, m):
        _bad("%s is not legal now" % a.move_text(s, m))
    return m


# ---- hidden information -------------------------------------------------------------


def view(s, seat):
    """Everything on both tracks (they are on the table), the timeline and the last
    turn's dice; of the orders only the seat's own (the other's is secret until the
    turn resolves)."""
    other = 1 - seat
    return {
        "seat": seat,
        "to_act": a.to_act(s),
        "half": s.half,
        "res": list(s.res),
        "research": list(s.research),
        "tech": list(s.tech),
        "planes": [list(s.planes[0]), list(s.planes[1])],
        "buy": list(s.buy[seat]),
        "rolls_bought": s.rolls_bought[seat],
        "raid": list(s.raid[seat]),
        "other_ordered": s.turn > other,
        "rolls": a.rolls(s),
    }


def copy(s):
    c = a.Game()
    c.opts = dict(s.opts)
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.phase = s.phase
    c.half = s.half
    c.turn = s.turn
    c.res = list(s.res)
    c.research = list(s.research)
    c.tech = list(s.tech)
    c.planes = [bytearray(s.planes[0]), bytearray(s.planes[1])]
    c.buy = [bytearray(s.buy[0]), bytearray(s.buy[1])]
    c.rolls_bought = list(s.rolls_bought)
    c.raid = [bytearray(s.raid[0]), bytearray(s.raid[1])]
    c.log = bytearray(s.log)
    c.nlog = s.nlog
    c.nmoves = s.nmoves
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the dice to come drawn again (the rng's state
    from rng) and the other's order, if made, made again at random."""
    c = copy(s)
    x = rng.next16() << 16 | rng.next16()
    c.rng.set_state(x or 1)
    other = 1 - seat
    if c.turn > other:  # the other has ordered: any order it could have made
        for t in range(a.TYPES):
            c.buy[other][t] = 0
        for t in range(a.RAIDERS):
            c.raid[other][t] = 0
        c.rolls_bought[other] = 0
        turn = c.turn
        c.turn = other
        while True:
            ms = a.moves(c)
            m = ms[rng.below(len(ms))]
            if m == a.COMMIT:
                break
            a.play(c, m)
        c.turn = turn
        c.nmoves = s.nmoves
    return c
