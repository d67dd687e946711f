"""Disc Battle's setting up, text and records (imported when first needed): the options'
text, a new match, the summary and the de-rez list (docs/rules/disc.md; the levels and
the profile are in shared_rules/disc_levels.py). Each is named in disc.py and answers
as disc.NAME. The moves' notation, log lines and touches are in disc.py, so a match in
play needs none of this; the parser, the inverse of move_text, is in
shared_rules/disc_save.py.
"""

from shared_rules import disc as g
from shared_rules.disc_levels import TABLE, check_profile, loadout
from shared_rules.rng import Rng

# The options' code (shared_rules.contract) is imported by the calls that use it, not
# with this module (the opening has it in the heap anyway).

_BATTLE_N = {"duel": 2, "three": 3, "four": 4, "2v2": 4}

# ---- options -------------------------------------------------------------------------


def option_text(key, v):
    from shared_rules.contract import check_option, find_option
    from shared_rules.contract import text as _option_text

    row = find_option(g.OPTIONS, key)
    if row is None:
        raise ValueError("disc has no option %r" % (key,))
    v = check_option(g.NAME, row, v)
    if key == "rules":
        return "basic" if v == "basic" else "advnced"
    if key == "grid":
        return "%dx%d" % (v, v)
    return _option_text(g.OPTIONS, key, v)


def describe(options):
    from shared_rules.contract import options_with_defaults

    o = options_with_defaults(g.NAME, g.OPTIONS, options)
    b = o["battle"]
    first = {"duel": "Duel", "three": "3 free for all", "four": "4 free for all"}
    line = first.get(b, "Teams 2 v 2")
    rules = "Basic" if o["rules"] == "basic" else "Advanced"
    return (line, "%s %dx%d" % (rules, o["grid"], o["grid"]))


# ---- a new match -------------------------------------------------------------------


def starts(n, w):
    """The action bases' top-left cells, seats in clockwise order (D4)."""
    m = (w - 12) // 6
    lo = m
    hi = w - g.BASE - m
    mid = (w - g.BASE) // 2
    if n == 2:
        return ((lo, mid), (hi, mid))
    if n == 3:
        return ((mid, hi), (lo, lo), (hi, lo))
    return ((lo, hi), (lo, lo), (hi, lo), (hi, hi))


def new(seed, options=None, profile=None):
    """A new match: bases placed, discs in hand, the start-held cards held, the rest of
    everyone's cards shuffled into the deck, the first card flipped."""
    from shared_rules.contract import options_with_defaults

    o = options_with_defaults(g.NAME, g.OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("disc seed must be a number, got %r" % (seed,))
    if profile is None:
        profile = g.PROFILE
    check_profile(profile)
    n = _BATTLE_N[o["battle"]]
    s = g.Game(n)
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    s.size = o["grid"]
    if o["rules"] == "advanced":
        lv = profile["level"]
        discs = 2 if o["discs"] == 2 and lv >= 6 else 1
        cards, start = loadout(lv, discs)
        if o["start"] == "one":
            start = 1
        hold = TABLE[lv - 1][2]
    else:
        lv, discs, cards, start, hold = 1, 1, g.BASIC_CARDS, 1, o["hold"]
    deck = []
    at = starts(n, s.size)
    for p in range(n):
        s.bx[p], s.by[p] = at[p]
        s.alive[p] = 1
        s.level[p] = lv
        s.cards[p] = cards
        s.holdmax[p] = hold
        s.held[p] = start
        for k in range(discs):
            s.dst[2 * p + k] = g.D_HAND
        deck += [p] * (cards - start)
    s.deck = bytearray(deck)
    s.rng.shuffle(s.deck)
    g._continue(s)
    return s


# ---- the result ----------------------------------------------------------------------


def derez_list(s):
    """[[killer, victim, "attack" or "disc"], ...] in order."""
    lg = s.log
    return [[lg[i], lg[i + 1], g.HOW[lg[i + 2]]] for i in range(0, len(lg), 3)]


def summary(s):
    w = g.winner(s)
    return {
        "score": g.score(s),
        "clean": False,
        "rules": s.opts["rules"],
        "winner": w if w >= 0 else None,
        "derez": derez_list(s),
        "turns": s.turn if s.turn <= g.TURNS_MAX else g.TURNS_MAX,
        "points": g.scores(s),
        "levels": list(s.level),
    }


# ---- notation and the screen ---------------------------------------------------------
