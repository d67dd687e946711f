"""Stats per game (saves/ID.json) and profiles kept between matches (saves/ID.profile.json):
reading them (the launcher's stats, a game's start). Counting a finished game is
firmware/result.py, loaded only at a game's end.

What a game's stats count follows its declarations (docs/contract.md): best is the
lowest score for a LOW_WINS game; wins are kept for games of more than one seat; the
CLEAN count where the game names one.
"""

from firmware import declared

DEFAULT_STATS = {"games": 0, "wins": 0, "clean": 0, "best": 0, "total": 0}
MAX_GAMES = 1000000
MAX_SCORE = 100000  # no game's score comes near this: a bigger one is damage


def score_range(rules):
    """(lowest, highest) score a game can end with: its SCORE_RANGE, else a wide guard."""
    return declared(rules, "SCORE_RANGE") or (-MAX_SCORE, MAX_SCORE)


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
    keep = declared(rules, "LIVES", 0)
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
