"""Compare Three-Thirteen rummy's computer players over whole matches on fixed seeds.

    python -m host_sim.tools.rummy_compare --matches 500 [--rounds 11] [--jobs 2]

Plays, at two seats and at four, the strong player against random players, the strong
player against greedy ones and the greedy player against random ones: match i uses
seed i (which also draws the first dealer), and the player under test sits at seat
i mod seats, the others at the other seats. Prints each line's wins of the player under
test (a tie for the lowest total is no win), its mean final total and the others',
the rounds it went out in, and the strong player's decision time (CPython wall-clock: a
busy machine inflates it).
"""

import time

import host_sim
from host_sim.tools import map_in_order, timing_text
from shared_rules import rummy, rummy_ai
from shared_rules.rng import Rng

LINES = (
    (2, "strong", "random"),
    (2, "strong", "greedy"),
    (2, "greedy", "random"),
    (4, "strong", "random"),
    (4, "strong", "greedy"),
    (4, "greedy", "random"),
)
MOVE_CAP = 200000  # a match this long would be a bug


def decide(name, s, rng, times):
    if name == "random":
        return rummy_ai.random_move(s, rng)
    if name == "greedy":
        return rummy_ai.greedy(s)
    t0 = time.perf_counter()
    m = rummy_ai.strong(s)
    times.append(time.perf_counter() - t0)
    return m


def match(args):
    """One match: (the player under test won, its total, the others' mean total, rounds
    it went out in, rounds, decision times)."""
    seed, seats, first, other, rounds = args
    s = rummy.new(seed, {"cpus": seats - 1, "rounds": rounds})
    me = seed % seats
    names = [other] * seats
    names[me] = first
    rng = Rng(seed * 2 + 1)
    times = []
    n = 0
    while not rummy.over(s):
        n += 1
        if n > MOVE_CAP:
            raise RuntimeError("seed %d: no end after %d moves" % (seed, MOVE_CAP))
        seat = rummy.to_act(s)
        rummy.play(s, decide(names[seat], s, rng, times))
    totals = rummy.scores(s)
    others = sum(totals) - totals[me]
    outs = sum(1 for row in s.rounds if row[0] == me)
    return rummy.winner(s) == me, totals[me], others / (seats - 1), outs, len(s.rounds), times


def play_line(seats, first, other, matches, rounds=11, jobs=1):
    jobs_args = [(seed, seats, first, other, rounds) for seed in range(matches)]
    return map_in_order(match, jobs_args, jobs)


def report(seats, first, other, rows):
    n = len(rows)
    wins = sum(1 for row in rows if row[0])
    line = "%d seats: %-6s vs %-6s %4d matches  wins %5.1f%%  total %7.1f vs %7.1f  out %4.1f%%" % (
        seats,
        first,
        other,
        n,
        100.0 * wins / n,
        sum(row[1] for row in rows) / n,
        sum(row[2] for row in rows) / n,
        100.0 * sum(row[3] for row in rows) / max(1, sum(row[4] for row in rows)),
    )
    line += timing_text([t for row in rows for t in row[5]], "decision")
    return line


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=11, choices=(11, 6, 3, 1))
    ap.add_argument("--jobs", type=int, default=1, help="processes to play matches in")
    ap.add_argument("--only", default="", help="lines to play, e.g. 4:strong:greedy")
    args = ap.parse_args(argv)
    print("Three-Thirteen: %d-round matches, seeds 0..%d" % (args.rounds, args.matches - 1))
    for seats, first, other in LINES:
        if args.only and args.only != "%d:%s:%s" % (seats, first, other):
            continue
        rows = play_line(seats, first, other, args.matches, args.rounds, args.jobs)
        print(report(seats, first, other, rows), flush=True)


if __name__ == "__main__":
    main()
