"""G'nerts' options as the launcher shows them (imported by it only: a game in play, and
a save's reading, hold none of this)."""

from shared_rules import gnerts as g
from shared_rules.contract import check_option, find_option, options_with_defaults
from shared_rules.contract import text as _option_text


def option_text(key, v):
    row = find_option(g.OPTIONS, key)
    if row is None:
        raise ValueError("gnerts has no option %r" % (key,))
    v = check_option(g.NAME, row, v)
    if key == "target":
        return "to %d" % v
    return _option_text(g.OPTIONS, key, v)


def describe(options):
    o = options_with_defaults(g.NAME, g.OPTIONS, options)
    r = o["rivals"]
    first = "You + %d rival%s" % (r, "" if r == 1 else "s")
    speeds = []
    for p in range(1, r + 1):
        v = o[g.SEAT_NAMES[p].lower()]  # the rival's own speed, else Speed's
        speeds.append(o["speed"] if v == "same" else v)
    if speeds.count(speeds[0]) == r:
        return (first, "speed %d, to %d" % (speeds[0], o["target"]))
    return (first, "sp %s, to %d" % ("/".join([str(v) for v in speeds]), o["target"]))
