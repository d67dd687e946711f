"""Disc Battle's rarely used parts (imported when first needed): move parsing, what a
seat may see, redeals and copies. Apart from the save's reading (disc_save.py): a
resume does not load them."""

from shared_rules import disc as g


def _bad(what):
    raise ValueError("disc: " + what)


# ---- notation ----------------------------------------------------------------------

_WORDS = ("catch", "pass", "block", "dodge", "fly", "recall")


def _number(w, lo, hi):
    if w[:1] == "-":
        v = w[1:]
        sign = -1
    else:
        v = w
        sign = 1
    if not v.isdigit() or len(v) > 2:
        return None
    x = sign * int(v)
    return x if lo <= x <= hi else None


def parse_move(s, text):
    """Inverse of move_text (any case); the move must be legal now."""
    if not isinstance(text, str):
        _bad("a move is text, got %r" % (text,))
    w = text.strip().lower().split()
    m = -1
    if len(w) == 1:
        if w[0] == "hold":
            m = g.HOLD
        elif w[0] == "stand":
            m = g.STAND
        elif w[0] in _WORDS:
            m = g.CATCH + _WORDS.index(w[0])
    elif len(w) == 2 and w[0] == "attack":
        for q in range(g.SEATS_MAX):
            if g.SEAT_NAMES[q].lower() == w[1]:
                m = g.ATTACK + q
    elif len(w) == 2 and w[0] == "arc" and w[1] in g.ARC_NAMES:
        m = g.ARC + g.ARC_NAMES.index(w[1])
    elif len(w) == 3 and w[0] == "throw" and w[1] in g.DIR_NAMES:
        k = _number(w[2], 0, 3)
        if k is not None:
            m = g.THROW + g.DIR_NAMES.index(w[1]) * 4 + k
    elif len(w) == 3 and w[0] == "move":
        dx = _number(w[1], -4, 4)
        dy = _number(w[2], -4, 4)
        if dx is not None and dy is not None and (dx or dy):
            m = g.MOVE + (dy + 4) * 9 + dx + 4
    if m < 0:
        _bad("not a move: %r" % text[:24])
    if not g.is_legal(s, m):
        _bad("%s is not legal now" % g.move_text(s, m))
    return m


# ---- hidden information -------------------------------------------------------------


def view(s, seat):
    """Everything on the table: the bases, the discs, the cards each program holds
    and has used (the flips are public), how many of each program's cards are still
    face down; not their order, nor the dice to come (D16)."""
    n = s.n
    rest = [0] * n
    for i in range(s.top, len(s.deck)):
        rest[s.deck[i]] += 1
    discs = []
    for k in range(2 * n):
        st = s.dst[k]
        if st == g.D_FLY:
            discs.append((st, s.hx[k], s.hy[k], s.hd[k]))
        else:
            discs.append((st,))
    return {
        "seat": seat,
        "to_act": g.to_act(s),
        "phase": s.phase,
        "window": (s.stage, s.actor, s.qi, s.skip, s.cur, s.left, s.seen, s.rseat, s.rkind),
        "turn": s.turn,
        "bases": [(s.bx[p], s.by[p]) for p in range(n)],
        "alive": list(s.alive),
        "prone": list(s.prone),
        "held": list(s.held),
        "used": list(s.used),
        "face_down": rest,
        "discs": discs,
        "points": [s.saved[p] + s.pend[p] for p in range(n)],
        "levels": list(s.level),
        "derez": g.derez_list(s),
    }


def copy(s):
    c = g.Game(s.n)
    c.opts = dict(s.opts)
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.size = s.size
    for name in ("bx", "by", "alive", "prone", "held", "used", "cards", "holdmax", "level"):
        setattr(c, name, bytearray(getattr(s, name)))
    for name in ("dst", "hx", "hy", "hd", "deck", "log"):
        setattr(c, name, bytearray(getattr(s, name)))
    c.saved = list(s.saved)
    c.pend = list(s.pend)
    for name in ("top", "turn", "phase", "stage", "actor", "qi", "skip", "cur", "left"):
        setattr(c, name, getattr(s, name))
    for name in ("seen", "rseat", "rkind", "nmoves"):
        setattr(c, name, getattr(s, name))
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the face-down cards in another order and other
    dice to come (the rng's state from rng)."""
    c = copy(s)
    rest = bytearray(c.deck[c.top :])
    rng.shuffle(rest)
    c.deck = bytearray(c.deck[: c.top]) + rest
    x = rng.next16() << 16 | rng.next16()
    c.rng.set_state(x or 1)
    return c
