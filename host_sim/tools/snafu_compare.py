"""Compare the smart Snafu trail with baselines over seeds 0..N-1, every variant.

    python -m host_sim.tools.snafu_compare --rounds 300 [--rules text|arcade|both]
        [--against classic|flood] [--variants 1,5,9]

Red and blue are steered from outside the rules (humans=2): the smart player
(snafu_ai.smart_dir, through snafu.steer) in one seat and a baseline in the other -
the text's classic computer trail (snafu.classic_dir) or a flood-fill trail that
turns toward its largest reachable area (flood_dir). In 4-trail variants green and
yellow are the rules' classic computer trails. Each variant is played with the smart
trail as red and as blue. Prints the wins of every trail, the smart trail's share
(a fair share is 50 % with 2 trails, 25 % with 4) and the mean, 99th-percentile and
max milliseconds one smart decision took (wall-clock: a busy machine inflates it),
then checks that every variant plays to the end with smart computer trails everywhere.
"""

import time
from array import array

import host_sim
from shared_rules import snafu, snafu_ai

TICK_CAP = 2000  # a round fills at most 777 squares: more ticks would be a bug


def label(variant, red_smart, against):
    trails, diagonal, vanish, obstacles = snafu.variant_options(variant)
    kind = "%d trails%s%s%s" % (
        trails,
        " diag" if diagonal else "",
        " vanish" if vanish else "",
        " blocks" if obstacles else "",
    )
    who = "smart red" if red_smart else "smart blue"
    return "v%-2d %-28s %s vs %s" % (variant, kind, who, against)


_mark = array("I", bytes(4 * snafu.CELLS))  # per square: the search that last reached it
_stamp = [0]


def reach(s, start):
    """Empty squares reachable from `start` (counted with it), by the variant's moves."""
    return _reach(s, start, [snafu.OFFSET[d] for d in snafu.directions(s)])


def _reach(s, start, steps):
    if s.board[start] != snafu.EMPTY:
        return 0
    _stamp[0] += 1
    stamp = _stamp[0]
    mark = _mark
    board = s.board
    mark[start] = stamp
    queue = [start]
    for c in queue:
        for k in steps:
            nc = c + k
            if mark[nc] != stamp and board[nc] == snafu.EMPTY:
                mark[nc] = stamp
                queue.append(nc)
    return len(queue)


def flood_dir(s, t):
    """The flood-fill baseline: the open neighbouring square with the largest reachable
    area (ties: straight on first, then clockwise from up); straight on if none.
    Neighbours in one area share its count (one search per area)."""
    head = s.head[t]
    steps = [snafu.OFFSET[d] for d in snafu.directions(s)]
    best, best_n = s.dir[t], -1
    order = [s.dir[t]] + [d for d in snafu.directions(s) if d != s.dir[t]]
    areas = []  # (stamp of the search, its count)
    for d in order:
        if d == snafu.reverse(s.dir[t]):
            continue
        c = head + snafu.OFFSET[d]
        n = -1 if s.board[c] == snafu.EMPTY else 0
        for stamp, count in areas:
            if _mark[c] == stamp:
                n = count
        if n < 0:
            n = _reach(s, c, steps)
            areas.append((_stamp[0], n))
        if n > best_n:
            best, best_n = d, n
    return best


def play_round(seed, variant, red_smart, blue_smart, times=None, rules="arcade", against="classic"):
    """Play one round to the end; smart decisions' seconds are appended to times."""
    options = {"variant": variant, "humans": 2, "others": "classic", "rules": rules}
    s = snafu.new(seed, options)
    smart = (red_smart, blue_smart)
    baseline = flood_dir if against == "flood" else snafu.classic_dir
    clock = time.perf_counter
    while not snafu.over(s):
        if s.tick >= TICK_CAP:
            raise RuntimeError(
                "seed %d variant %d: no end after %d ticks" % (seed, variant, s.tick)
            )
        m = 0
        for t in (snafu.RED, snafu.BLUE):
            if not s.alive[t]:
                continue
            if smart[t]:
                t0 = clock()
                d = snafu_ai.smart_dir(s, t)
                if times is not None:
                    times.append(clock() - t0)
            else:
                d = baseline(s, t)
            m |= snafu.steer(s, t, d) << (3 * t)
        snafu.play(s, m)
    return s


def match(variant, red_smart, blue_smart, rounds, rules="arcade", against="classic"):
    """(wins per trail red..yellow, draws, smart decision seconds)."""
    wins = [0, 0, 0, 0]
    draws = 0
    times = []
    for seed in range(rounds):
        s = play_round(seed, variant, red_smart, blue_smart, times, rules, against)
        if s.winner < 0:
            draws += 1
        else:
            wins[s.winner] += 1
    return wins, draws, times


def all_smart(variant, seeds):
    """Every trail smart (others=smart, humans=0): [(winner, ticks)] per seed."""
    out = []
    for seed in range(seeds):
        s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
        while not snafu.over(s):
            if s.tick >= TICK_CAP:
                raise RuntimeError("all-smart seed %d variant %d: no end" % (seed, variant))
            snafu.play(s, 0)
        snafu.check(s)
        out.append((s.winner, s.tick))
    return out


HEADINGS = (
    "match",
    "red",
    "blue",
    "green",
    "yell",
    "draw",
    "smart%",
    "mean ms",
    "p99 ms",
    "max ms",
)


def format_matches(rows, rounds, rules="arcade"):
    lines = [
        "Snafu, %s rules: the smart trail against a baseline, seeds 0..%d (%d rounds each)"
        % (rules, rounds - 1, rounds),
        "%-58s %5s %5s %5s %5s %5s %7s %8s %8s %8s" % HEADINGS,
    ]
    for label, red_smart, wins, draws, times in rows:
        smart_wins = wins[0] if red_smart else wins[1]
        ordered = sorted(times)
        lines.append(
            "%-58s %5d %5d %5d %5d %5d %6.1f%% %8.3f %8.3f %8.3f"
            % (
                label,
                wins[0],
                wins[1],
                wins[2],
                wins[3],
                draws,
                100.0 * smart_wins / rounds,
                1000.0 * sum(times) / len(times),
                1000.0 * ordered[len(ordered) * 99 // 100],
                1000.0 * ordered[-1],
            )
        )
    return "\n".join(lines)


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=300, help="seeds 0..N-1 per match-up")
    ap.add_argument("--smart-seeds", type=int, default=3, help="all-smart rounds per variant")
    ap.add_argument("--rules", choices=("text", "arcade", "both"), default="both")
    ap.add_argument("--against", choices=("classic", "flood"), default="classic")
    ap.add_argument("--variants", default="1-16", help="e.g. 1,5,9 or 1-8")
    args = ap.parse_args(argv)
    variants = parse_variants(args.variants)
    for rules in ("text", "arcade") if args.rules == "both" else (args.rules,):
        rows = []
        for variant in variants:
            for red_smart in (True, False):
                wins, draws, times = match(
                    variant, red_smart, not red_smart, args.rounds, rules, args.against
                )
                rows.append(
                    (label(variant, red_smart, args.against), red_smart, wins, draws, times)
                )
        print(format_matches(rows, args.rounds, rules))
        print()
    print("All trails smart (others=smart, humans=0), seeds 0..%d:" % (args.smart_seeds - 1))
    for variant in range(1, 17):
        res = all_smart(variant, args.smart_seeds)
        text = "  ".join(
            "%s@%d" % (snafu.COLORS[w] if w >= 0 else "draw", ticks) for w, ticks in res
        )
        print("  v%-2d %s" % (variant, text))


def parse_variants(text):
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return [v for v in out if 1 <= v <= 16]


if __name__ == "__main__":
    main()
