"""A finished game counted: its stats and profile written (firmware/records.py reads
them). Loaded at a game's end in a frame of its own (firmware/gamescreen.py), after the
stats code: an import costs its frame about 20 ms on a Pico, two in one frame too much.
"""

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
    keep = getattr(rules, "LIVES", 0)
    if keep:
        add_life(st, keep, rules.life_age(state), points)
    if write:
        save_stats(store, gid, st)
    return st, new_best


def save_stats(store, gid, st):
    store.save_json(gid + ".json", st)


def settle_profile(store, gid, rules, profile, state):
    """After a finished match: the settled profile, saved."""
    if rules.PROFILE is None:
        return None
    new = rules.settle(profile, state)
    store.save_json(gid + ".profile.json", new)
    return new
