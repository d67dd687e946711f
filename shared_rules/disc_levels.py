"""Disc Battle's levels (imported when first needed): the text's table of levels and its
reading, a program's loadout, the person's profile checked and settled after a match
(docs/rules/disc.md, D20). Each is named in disc.py and answers as disc.NAME. Apart from
shared_rules/disc_more.py because a match's end settles the profile in a frame of its
own on the device: this module's import, not the whole of disc_more's.
"""

from shared_rules import disc as g

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
