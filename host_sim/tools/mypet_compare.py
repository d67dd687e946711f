"""Compare My Pet's computer players on the same seeds.

    python -m host_sim.tools.mypet_compare --seeds 1000 --rules both --jobs 2 [--first 1]

Every player (random, greedy, strong, seer) plays one pet on seeds first..first+N-1
under each rule set. Prints, per rule set and player: mean points, the standard error
of the mean, min, max, mean age (Age cards in play), mean turns, the share of seeds
where it scored at least the seer's points on that seed, and the CPU seconds its games
took (summed over games, whichever process played them). Then per rule set: the mean
gap seer - strong and the share of seeds where strong scored at least greedy.
--json prints one JSON object instead of the table.
"""

import json
import math
import time

import host_sim
from host_sim.tools import map_in_order
from shared_rules import mypet, mypet_ai
from shared_rules.rng import Rng

PLAYERS = ("random", "greedy", "strong", "seer")
MOVE_CAP = 5000  # far above any real game: a player that cycles is reported, not waited on


def game(args):
    """One game: (points, age, turns, CPU seconds)."""
    seed, rules, name = args
    s = mypet.new(seed, {"rules": rules})
    rng = Rng(seed * 7 + 1)
    t0 = time.process_time()
    n = 0
    while not mypet.over(s):
        if n >= MOVE_CAP:
            raise RuntimeError("%s %s seed %d: no end after %d moves" % (rules, name, seed, n))
        if name == "random":
            m = mypet_ai.random_move(s, rng)
        else:
            m = getattr(mypet_ai, name)(s)
        mypet.apply(s, m)
        n += 1
    spent = time.process_time() - t0
    return mypet.score(s), s.table[0][mypet.AGE], s.turns[0], spent


def compare(seeds, first=1, rule_sets=("older", "younger"), jobs=1):
    """{rules: {"players": {name: stats}, "seer_minus_strong": x, "strong_ge_greedy": x}}"""
    seed_range = range(first, first + seeds)
    tasks = [(seed, r, name) for r in rule_sets for name in PLAYERS for seed in seed_range]
    rows = map_in_order(game, tasks, jobs, max(1, len(tasks) // (jobs * 16)))
    got = {}  # (rules, player) -> its rows in seed order
    for i, key in enumerate((r, name) for r in rule_sets for name in PLAYERS):
        got[key] = rows[i * seeds : (i + 1) * seeds]
    out = {}
    for r in rule_sets:
        pts = {name: [row[0] for row in got[r, name]] for name in PLAYERS}
        seer, strong, greedy = pts["seer"], pts["strong"], pts["greedy"]
        players = {}
        for name in PLAYERS:
            xs = pts[name]
            mean = sum(xs) / seeds
            var = sum((x - mean) ** 2 for x in xs) / (seeds - 1) if seeds > 1 else 0.0
            players[name] = {
                "mean": mean,
                "sem": math.sqrt(var / seeds),
                "min": min(xs),
                "max": max(xs),
                "age": sum(row[1] for row in got[r, name]) / seeds,
                "turns": sum(row[2] for row in got[r, name]) / seeds,
                "at_seer": sum(1 for i in range(seeds) if xs[i] >= seer[i]) / seeds,
                "seconds": sum(row[3] for row in got[r, name]),
            }
        out[r] = {
            "players": players,
            "seer_minus_strong": sum(seer[i] - strong[i] for i in range(seeds)) / seeds,
            "strong_ge_greedy": sum(1 for i in range(seeds) if strong[i] >= greedy[i]) / seeds,
        }
    return out


def format_table(result, seeds, first):
    lines = ["My Pet players, seeds %d..%d (%d games each)" % (first, first + seeds - 1, seeds)]
    head = "%-8s %7s %6s %4s %4s %7s %7s %8s %9s"
    row = "%-8s %7.2f %6.3f %4d %4d %7.2f %7.2f %7.1f%% %9.2f"
    for r, res in result.items():
        lines.append("")
        lines.append("rules: %s" % r)
        lines.append(
            head % ("player", "mean", "sem", "min", "max", "age", "turns", ">=seer", "cpu s")
        )
        for name, st in res["players"].items():
            lines.append(
                row
                % (
                    name,
                    st["mean"],
                    st["sem"],
                    st["min"],
                    st["max"],
                    st["age"],
                    st["turns"],
                    100.0 * st["at_seer"],
                    st["seconds"],
                )
            )
        lines.append(
            "seer - strong: %.2f points a game; strong >= greedy on %.1f%% of seeds"
            % (res["seer_minus_strong"], 100.0 * res["strong_ge_greedy"])
        )
    return "\n".join(lines)


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=1000, help="games per player and rule set")
    ap.add_argument("--first", type=int, default=1, help="the first seed")
    ap.add_argument("--rules", choices=("older", "younger", "both"), default="both")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--json", action="store_true", help="print one JSON object, no table")
    args = ap.parse_args(argv)
    if args.seeds < 1:
        ap.error("--seeds must be at least 1")
    rule_sets = ("older", "younger") if args.rules == "both" else (args.rules,)
    t0 = time.perf_counter()
    result = compare(args.seeds, args.first, rule_sets, args.jobs)
    wall = time.perf_counter() - t0
    if args.json:
        doc = {"seeds": args.seeds, "first": args.first, "wall_seconds": wall, "rules": result}
        print(json.dumps(doc, sort_keys=True))
    else:
        print(format_table(result, args.seeds, args.first))
        print("\n%.1f s wall clock, %d jobs" % (wall, args.jobs))


if __name__ == "__main__":
    main()
