"""Disc Battle's text and records (imported when first needed): the profile after a
match, the options' text, the summary and the de-rez list, the moves' notation, log
lines and touch zones (docs/rules/disc.md). The parser, the inverse of move_text, is in
shared_rules/disc_save.py.
"""

from shared_rules import disc as g
from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text

# ---- profiles ------------------------------------------------------------------------


def settle(profile, s):
    """The profile after the finished match s: an advanced match adds the person's
    points, and the level rises as far as the points allow (D20)."""
    g.check_profile(profile)
    if s.phase != g.PH_OVER:
        raise ValueError("disc match is not over")
    out = dict(profile)
    if s.opts["rules"] == "advanced":
        p = min(g.POINTS_MAX, profile["points"] + s.saved[0])
        out["points"] = p
        out["level"] = max(profile["level"], g.level_for_points(p)[0])
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


def move_text(s, m):
    if type(m) is not int or m < 0 or m >= g.MOVES_MAX:
        raise ValueError("not a disc move: %r" % (m,))
    if m == g.HOLD:
        return "hold"
    if m == g.STAND:
        return "stand"
    if m < g.THROW:
        if m - g.ATTACK >= g.SEATS_MAX:
            raise ValueError("not a disc move: %r" % (m,))
        return "attack " + g.SEAT_NAMES[m - g.ATTACK].lower()
    if m < g.MOVE:
        return "throw %s %d" % (g.DIR_NAMES[(m - g.THROW) >> 2], (m - g.THROW) & 3)
    if m < g.CATCH:
        c = m - g.MOVE
        return "move %d %d" % (c % 9 - g.BASE, c // 9 - g.BASE)
    if m < g.ARC:
        return ("catch", "pass", "block", "dodge", "fly", "recall")[m - g.CATCH]
    return "arc " + g.ARC_NAMES[m - g.ARC]


def move_log(s, seat, m):
    """The log line for a program's move, e.g. "Red throws ne"."""
    name = g.SEAT_NAMES[seat]
    t = move_text(s, m)
    if m == g.HOLD:
        return name + " holds a card"
    if m == g.STAND:
        return name + " stands up"
    if m < g.THROW:
        return name + " attacks " + g.SEAT_NAMES[m - g.ATTACK]
    if m < g.MOVE:
        return name + " throws " + g.DIR_NAMES[(m - g.THROW) >> 2]
    if m < g.CATCH:
        return name + " moves"
    if m == g.PASS:
        return name + " lets it go" if s.rkind != g.K_BLOCK else name + " passes"
    if m == g.CATCH:
        return name + (" catches" if s.held[seat] else " dives, catches")
    if m == g.DODGE:
        return name + (" dodges" if s.held[seat] else " dives aside")
    if m == g.BLOCK:
        return name + " blocks"
    if m == g.FLY:
        return name + "'s disc flies on"
    if m == g.RECALL:
        return name + " recalls the disc"
    return name + " " + t


def touches(s, m):
    """Active moves: ("act", kind), then the target ("seat"), the direction and lane
    ("dir", "lane") or the new base's cell ("grid", y * size + x); a window's answers:
    ("answer", move - CATCH)."""
    if type(m) is not int or m < 0 or m >= g.MOVES_MAX or g.ATTACK + g.SEATS_MAX <= m < g.THROW:
        raise ValueError("not a disc move: %r" % (m,))
    if m == g.HOLD:
        return (("act", 0),)
    if m == g.STAND:
        return (("act", 1),)
    if m < g.THROW:
        return (("act", 2), _SEAT[m - g.ATTACK])
    if m < g.MOVE:
        return (("act", 3), _DIR[(m - g.THROW) >> 2], _LANE[(m - g.THROW) & 3])
    if m < g.CATCH:
        c = m - g.MOVE
        p = s.actor
        x = s.bx[p] + c % 9 - g.BASE
        y = s.by[p] + c // 9 - g.BASE
        return (("act", 4), ("grid", y * s.size + x))
    return (_ANSWER[m - g.CATCH],)


# A card's moves are many (a throw: 8 directions, 3 or 4 lanes): their touches share
# these pairs, made once, so the picker's list of them takes half the heap.
_SEAT = (("seat", 0), ("seat", 1), ("seat", 2), ("seat", 3))
_DIR = (
    ("dir", 0),
    ("dir", 1),
    ("dir", 2),
    ("dir", 3),
    ("dir", 4),
    ("dir", 5),
    ("dir", 6),
    ("dir", 7),
)
_LANE = (("lane", 0), ("lane", 1), ("lane", 2), ("lane", 3))
_ANSWER = tuple([("answer", i) for i in range(g.MOVES_MAX - g.CATCH)])
