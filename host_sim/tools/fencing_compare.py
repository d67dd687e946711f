"""Compare Pret? Allez!'s computer fencers over bouts on fixed seeds.

    python -m host_sim.tools.fencing_compare --bouts 500 [--hits 3] [--jobs 2]

Plays strong vs random, strong vs greedy and greedy vs random: bout i uses seed i,
the first player of the pair fences on the left in even bouts and on the right in
odd ones, and priority starts with the left fencer in bouts 0-1, 4-5, ... and with
the right one in the others, so each player starts with priority in half its bouts
on each side. Prints each pair's wins, hits for and against, corps-a-corps, turns
and the strong player's decision time (CPython wall-clock: a busy machine inflates
it).
"""

import time

import host_sim
from host_sim.tools import map_in_order
from shared_rules import fencing, fencing_ai
from shared_rules.rng import Rng

PAIRS = (("strong", "random"), ("strong", "greedy"), ("greedy", "random"))
TURN_CAP = 5000  # a bout this long would be a bug


def decide(name, s, rng, times):
    if name == "random":
        return fencing_ai.random_move(s, rng)
    if name == "greedy":
        return fencing_ai.greedy(s)
    t0 = time.perf_counter()
    m = fencing_ai.strong(s)
    times.append(time.perf_counter() - t0)
    return m


def bout(args):
    """One bout: (first player won, its hits, the other's hits, corps, turns, times)."""
    seed, first, second, hits = args
    first_left = seed % 2 == 0
    prio_left = (seed // 2) % 2 == 0
    options = {"hits": hits, "first": "left" if prio_left else "right", "humans": 0}
    s = fencing.new(seed, options)
    rng = Rng(seed * 2 + 1)
    names = (first, second) if first_left else (second, first)
    times = []
    while not fencing.over(s):
        if s.turns > TURN_CAP:
            raise RuntimeError("seed %d: no end after %d turns" % (seed, TURN_CAP))
        fencing.play(s, decide(names[s.turn], s, rng, times))
    me = 0 if first_left else 1
    return fencing.winner(s) == me, s.hits[me], s.hits[1 - me], s.corps, s.turns, times


def match(first, second, bouts, hits=3, jobs=1):
    jobs_args = [(seed, first, second, hits) for seed in range(bouts)]
    return map_in_order(bout, jobs_args, jobs)


def report(first, second, rows):
    n = len(rows)
    wins = sum(1 for r in rows if r[0])
    times = sorted(t for r in rows for t in r[5])
    line = "%-7s vs %-7s %4d bouts  wins %5.1f%%  hits %5.2f-%4.2f  corps %4.2f  turns %5.1f" % (
        first,
        second,
        n,
        100.0 * wins / n,
        sum(r[1] for r in rows) / n,
        sum(r[2] for r in rows) / n,
        sum(r[3] for r in rows) / n,
        sum(r[4] for r in rows) / n,
    )
    if times:
        line += "  decision ms mean %.1f p99 %.1f" % (
            1000 * sum(times) / len(times),
            1000 * times[len(times) * 99 // 100],
        )
    return line


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--bouts", type=int, default=500)
    ap.add_argument("--hits", type=int, default=3, choices=(1, 2, 3, 4, 5))
    ap.add_argument("--jobs", type=int, default=1, help="processes to play bouts in")
    args = ap.parse_args(argv)
    print("Pret? Allez!: bouts to %d hits, seeds 0..%d" % (args.hits, args.bouts - 1))
    for first, second in PAIRS:
        rows = match(first, second, args.bouts, args.hits, args.jobs)
        print(report(first, second, rows), flush=True)


if __name__ == "__main__":
    main()
