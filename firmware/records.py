"""Stats per game (saves/ID.json) and profiles kept between matches (saves/ID.profile.json).

What a game's stats count follows its declarations (docs/contract.md): best is the
lowest score for a LOW_WINS game; wins are kept for games of more than one seat; the
CLEAN count where the game names one.
"""

DEFAULT_STATS = {"games": 0, "wins": 0, "clean": 0, "best": 0, "total": 0}
MAX_GAMES = 1000000
MAX_SCORE = 100000  # no game's score comes near this: a bigger one is damage


def score_range(rules):
    """(lowest, highest) score a game can end with: its SCORE_RANGE, else a wide guard."""
    return getattr(rules, "SCORE_RANGE", None) or (-MAX_SCORE, MAX_SCORE)


def check_stats(st, lo=-MAX_SCORE, hi=MAX_SCORE):
    """Raise ValueError unless the counts are possible for scores within lo..hi."""
    n = st["games"]
    if not 0 <= n <= MAX_GAMES:
        raise ValueError("games out of range")
    if not 0 <= st["wins"] <= n or not 0 <= st["clean"] <= n:
        raise ValueError("counts out of range")
    if n == 0:
        if st["best"] or st["total"]:
            raise ValueError("scores without games")
    elif not lo <= st["best"] <= hi or not lo * n <= st["total"] <= hi * n:
        raise ValueError("scores out of range")


def load_stats(store, gid, rules=None):
    """The game's stats; counts or scores its rules make impossible are set aside. A game
    that keeps its past lives (LIVES, My Pet) has them too: "age:points,..." oldest first."""
    lo, hi = score_range(rules)
    keep = getattr(rules, "LIVES", 0)
    default = DEFAULT_STATS
    if keep:
        default = dict(DEFAULT_STATS)
        default["lives"] = ""

    def check(st):
        check_stats(st, lo, hi)
        if keep:
            lives(st, keep, lo, hi)

    return store.load_json(gid + ".json", default, check)


def lives(st, keep=100, lo=-MAX_SCORE, hi=MAX_SCORE):
    """The past lives kept in the stats: [(age, points), ...], oldest first. Raises
    ValueError on damage."""
    text = st.get("lives", "")
    out = []
    if text:
        for part in text.split(","):
            age, _, pts = part.partition(":")
            age = int(age)
            pts = int(pts)
            if not 0 <= age <= 99 or not lo <= pts <= hi:
                raise ValueError("a life out of range")
            out.append((age, pts))
    if len(out) > keep or len(out) > st["games"]:
        raise ValueError("too many lives")
    return out


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


def tenths(total, count):
    """total/count with one decimal, '-' for no games."""
    if count <= 0:
        return "-"
    t = (abs(total) * 10 + count // 2) // count
    return "%s%d.%d" % ("-" if total < 0 else "", t // 10, t % 10)


def load_profile(store, gid, rules):
    """The game's profile (its default if none is saved or the saved one is damaged)."""
    if rules.PROFILE is None:
        return None
    return store.load_json(gid + ".profile.json", rules.PROFILE, rules.check_profile)


def settle_profile(store, gid, rules, profile, state):
    """After a finished match: the settled profile, saved."""
    if rules.PROFILE is None:
        return None
    new = rules.settle(profile, state)
    store.save_json(gid + ".profile.json", new)
    return new
