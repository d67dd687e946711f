"""Disc Battle's setting up, text and records (imported when first needed): the levels'
table and its reading, the profile checked and settled after a match, the options' text,
a new match, the summary and the de-rez list (docs/rules/disc.md). Each is named in
disc.py and answers as disc.NAME. The moves' notation, log lines and touches are in
disc.py, so a match in play needs none of this; the parser, the inverse of move_text,
is in shared_rules/disc_save.py.
"""

from shared_rules import disc as g
from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text
from shared_rules.rng import Rng

# The advanced table: (points, action cards, may hold, most held at the start, discs).
TABLE = (
    (0, 4, 1, 1, 1),
    (8, 5, 1, 1, 1),
    (16, 5, 2, 1, 1),
    (32, 5, 2, 2, 1),
    (64, 6, 2, 2, 1),
    (128, 6, 3, 2, 2),
    (256, 6, 3, 3, 2),
    (512, 7, 3, 3, 2),
    (1024, 7, 4, 3, 2),
    (2048, 7, 4, 4, 2),
)

_BATTLE_N = {"duel": 2, "three": 3, "four": 4, "2v2": 4}

# ---- profiles ------------------------------------------------------------------------


def level_for_points(points):
    """(level, action_cards, may_hold, max_start_held, max_discs) from the text's table."""
    if type(points) is not int or points < 0:
        raise ValueError("disc points must be a whole number >= 0, got %r" % (points,))
    i = g.LEVEL_MAX - 1
    while TABLE[i][0] > points:
        i -= 1
    r = TABLE[i]
    return (i + 1, r[1], r[2], r[3], r[4])


def loadout(level, discs):
    """(action_cards, max_start_held) for a program of that level using 1 or 2 discs."""
    if type(level) is not int or not 1 <= level <= g.LEVEL_MAX:
        raise ValueError("disc level must be 1..%d, got %r" % (g.LEVEL_MAX, level))
    if type(discs) is not int or discs not in (1, 2):
        raise ValueError("a program uses 1 or 2 discs, got %r" % (discs,))
    r = TABLE[level - 1]
    if discs > r[4]:
        raise ValueError("two discs need level 6, this program is level %d" % level)
    extra = discs - 1
    return (r[1] - extra, max(1, r[3] - extra))


def check_profile(profile):
    """Raise ValueError unless profile holds points 0..999999 and a level they allow."""
    if not isinstance(profile, dict):
        raise ValueError("disc profile must be a record")
    for key in ("points", "level"):
        if key not in profile:
            raise ValueError("disc profile lacks %s" % key)
    p = profile["points"]
    lv = profile["level"]
    if type(p) is not int or not 0 <= p <= g.POINTS_MAX:
        raise ValueError("disc profile points out of range: %r" % (p,))
    if type(lv) is not int or not 1 <= lv <= g.LEVEL_MAX:
        raise ValueError("disc profile level out of range: %r" % (lv,))
    if lv > level_for_points(p)[0]:
        raise ValueError("disc profile level %d needs %d points" % (lv, TABLE[lv - 1][0]))


def settle(profile, s):
    """The profile after the finished match s: an advanced match adds the person's
    points, and the level rises as far as the points allow (D20)."""
    check_profile(profile)
    if s.phase != g.PH_OVER:
        raise ValueError("disc match is not over")
    out = dict(profile)
    if s.opts["rules"] == "advanced":
        p = min(g.POINTS_MAX, profile["points"] + s.saved[0])
        out["points"] = p
        out["level"] = max(profile["level"], level_for_points(p)[0])
    return out


# ---- options -------------------------------------------------------------------------


def option_text(key, v):
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
