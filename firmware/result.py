"""A finished game's result: counted (its stats in saves/ID.json, which
firmware/records.py reads) and shown (the result box); the end's steps
(firmware/ending.py) write the stats and settle the profile.
Imported in a frame of its own at a game's end, between the stats code and the end's
steps (firmware/ending.py): an import's cost on a Pico is its file lookups (about
12 ms in firmware/) and its code's load (about 5 ms a KB of .mpy), so the end's code
is in two modules of about 1 KB each, loaded a frame apart.
"""

from firmware import declared, gfx
from firmware.records import load_stats


def add_life(st, keep, age, pts):
    """One more life at the end of the list; the oldest goes beyond `keep`."""
    parts = st["lives"].split(",") if st["lives"] else []
    parts.append("%d:%d" % (age, pts))
    st["lives"] = ",".join(parts[-keep:])


def record_result(store, gid, rules, state, counted_at, write=True):
    """Count one finished game; returns (stats, new_best). With write=False the stats
    are counted but not saved yet (the caller saves them: save_stats).

    `counted_at` is the number of games counted when this game started: if the stats
    already count more, this game was counted before a power cut kept its save, and
    it is not counted again.
    """
    st = load_stats(store, gid, rules)
    if st["games"] > counted_at:
        return st, False
    points = rules.score(state)
    clean = bool(rules.CLEAN) and rules.clean(state)  # not summary(): it may import code
    if st["games"] == 0:
        new_best = True
    elif rules.LOW_WINS:
        new_best = points < st["best"]
    else:
        new_best = points > st["best"]
    st["games"] += 1
    st["total"] += points
    if clean:
        st["clean"] += 1
    if rules.SEATS_MAX > 1 and rules.winner(state) == 0:
        st["wins"] += 1
    if new_best:
        st["best"] = points
    keep = declared(rules, "LIVES", 0)
    if keep:
        add_life(st, keep, rules.life_age(state), points)
    if write:
        save_stats(store, gid, st)
    return st, new_best


def save_stats(store, gid, st):
    store.save_json(gid + ".json", st)


def draw_over(scr, fb):
    """The result box: who won and every seat's score (a duel, pass-and-play), or
    the person's score and best."""
    stats, new_best = scr.result
    gfx.box(fb, 6, 3, 116, 60)
    gfx.center(fb, "GAME OVER", 7)
    rules = scr.rules
    duel = rules.KIND != "realtime" and rules.SEATS_MAX > 1  # against the computer
    if stats is None or duel:
        w = rules.winner(scr.s)
        if w < 0:
            won = "Draw"
        elif w == 0 and stats is not None:
            won = "You win"
        else:
            won = rules.SEAT_NAMES[w] + " wins"
        gfx.center(fb, won, 18)
        gfx.center(fb, "-".join([str(x) for x in rules.scores(scr.s)]), 28)
    else:
        gfx.center(fb, "Score %d" % scr.points(), 18)
        gfx.center(fb, ("NEW BEST!" if new_best else "Best %d" % stats["best"]), 28)
    gfx.center(fb, scr.over_detail(), 38)
    gfx.center(fb, "A:new B:menu", 51)
