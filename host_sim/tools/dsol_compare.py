"""Compare Double Solitaire's computer players over whole games on fixed seeds.

    python -m host_sim.tools.dsol_compare --games 500 [--jobs 2]

Plays the strong player against the random one, the strong player against the greedy
one and the greedy player against the random one: game i uses seed i, and the player
under test plays the first turn in the even games, the other in the odd ones. Prints
each line's wins, losses and games without a winner (a standstill with equal Piles,
docs/rules/dsol.md D5), how many games ended with a Pile emptied, the mean turns, the
cards left in each Pile, and the strong player's decision time (CPython wall-clock: a
busy machine inflates it).
"""

import time

import host_sim
from host_sim.tools import map_in_order, timing_text
from shared_rules import dsol, dsol_ai
from shared_rules.rng import Rng

LINES = (("strong", "random"), ("strong", "greedy"), ("greedy", "random"))
MOVE_CAP = 100000  # a game this long would be a bug


def decide(name, s, rng, times):
    if name == "random":
        return dsol_ai.random_move(s, rng)
    if name == "greedy":
        return dsol_ai.greedy(s)
    t0 = time.perf_counter()
    m = dsol_ai.strong(s)
    times.append(time.perf_counter() - t0)
    return m


def game(args):
    """One game: (winner from the tested player's side: 1 won, 0 lost, -1 none, a Pile
    emptied, turns, its Pile left, the other's Pile left, decision times)."""
    seed, first, other = args
    s = dsol.new(seed, {"first": "you" if seed % 2 == 0 else "rival"})
    names = (first, other)  # the player under test at seat 0
    rng = Rng(seed * 2 + 1)
    times = []
    n = 0
    while not dsol.over(s):
        n += 1
        if n > MOVE_CAP:
            raise RuntimeError("seed %d: no end after %d moves" % (seed, MOVE_CAP))
        dsol.play(s, decide(names[dsol.to_act(s)], s, rng, times))
    w = dsol.winner(s)
    sm = dsol.summary(s)
    left = sm["pile_left"]
    result = -1 if w < 0 else (1 if w == 0 else 0)
    return result, min(left) == 0, sm["turns"], left[0], left[1], times


def play_line(first, other, games, jobs=1):
    jobs_args = [(seed, first, other) for seed in range(games)]
    return map_in_order(game, jobs_args, jobs)


def report(first, other, rows):
    n = len(rows)
    won = sum(1 for row in rows if row[0] == 1)
    lost = sum(1 for row in rows if row[0] == 0)
    line = "%-6s vs %-6s %4d games  wins %5.1f%%  losses %5.1f%%  no winner %5.1f%%" % (
        first,
        other,
        n,
        100.0 * won / n,
        100.0 * lost / n,
        100.0 * (n - won - lost) / n,
    )
    line += "  Pile emptied %5.1f%%  turns %5.1f  Pile left %4.1f vs %4.1f" % (
        100.0 * sum(1 for row in rows if row[1]) / n,
        sum(row[2] for row in rows) / n,
        sum(row[3] for row in rows) / n,
        sum(row[4] for row in rows) / n,
    )
    line += timing_text([t for row in rows for t in row[5]], "decision")
    return line


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--only", default="", help="one line to play, e.g. strong:greedy")
    args = ap.parse_args(argv)
    print("Double Solitaire: single games, seeds 0..%d" % (args.games - 1))
    for first, other in LINES:
        if args.only and args.only != "%s:%s" % (first, other):
            continue
        rows = play_line(first, other, args.games, args.jobs)
        print(report(first, other, rows), flush=True)


if __name__ == "__main__":
    main()
