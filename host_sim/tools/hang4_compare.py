"""Compare Hang Four's computer players over whole games on fixed seeds.

    python -m host_sim.tools.hang4_compare --games 500 [--jobs 2] [--only strong:greedy]

Two-player lines: strong against random, strong against greedy, and greedy against
random as a reference; four-player lines: one strong against three greedy, and one
greedy against three greedy (the fair share a seat has: about 25 %). Game i uses seed
i (the first seat drawn from it); the tested player sits at seat i % players. Prints
each line's wins, losses and draws from the tested player's side, its mean complete
dogs and sand dollars at the end, how the games ended (four dogs or the deck out), and
the strong player's decision time per move (CPython wall-clock).
"""

import time

import host_sim
from host_sim.tools import map_in_order
from shared_rules import hang4, hang4_ai

LINES = (
    ("strong", "random", 2),
    ("strong", "greedy", 2),
    ("greedy", "random", 2),
    ("strong", "greedy", 4),
    ("greedy", "greedy", 4),
)
MOVE_CAP = 5000  # a game takes a few hundred moves: a longer one would be a bug


def game(args):
    """One game: (1 won, 0 lost, -1 drawn, the tested seat's dogs, its sand, the end,
    the tested player's decision times)."""
    seed, tested, other, players = args
    s = hang4.new(seed, {"rivals": players - 1})
    me = seed % players
    times = []
    n = 0
    while not hang4.over(s):
        n += 1
        if n > MOVE_CAP:
            raise RuntimeError("seed %d: no end after %d moves" % (seed, MOVE_CAP))
        level = tested if s.turn == me else other
        t0 = time.perf_counter()
        m = hang4_ai.choose(s, level)
        if s.turn == me:
            times.append(time.perf_counter() - t0)
        hang4.play(s, m)
    w = hang4.winner(s)
    result = -1 if w < 0 else (1 if w == me else 0)
    return result, hang4.complete(s, me), s.sand[me], s.end, times


def run_line(tested, other, players, games, jobs=1):
    args = [(seed, tested, other, players) for seed in range(games)]
    rows = map_in_order(game, args, jobs)
    won = sum(1 for r in rows if r[0] == 1)
    lost = sum(1 for r in rows if r[0] == 0)
    drawn = sum(1 for r in rows if r[0] == -1)
    times = [t for r in rows for t in r[4]]
    return {
        "line": "%s vs %s (%d players)" % (tested, other, players),
        "games": games,
        "won": won,
        "lost": lost,
        "drawn": drawn,
        "win_rate": won / games,
        "dogs": sum(r[1] for r in rows) / games,
        "sand": sum(r[2] for r in rows) / games,
        "four_dogs": sum(1 for r in rows if r[3] == hang4.END_FOUR),
        "deck_out": sum(1 for r in rows if r[3] == hang4.END_DECK),
        "ms_mean": 1000 * sum(times) / len(times) if times else 0.0,
        "ms_max": 1000 * max(times) if times else 0.0,
    }


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim.tools.hang4_compare", description=__doc__)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", default=None, help="one line, tested:other[:players]")
    args = p.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("hang4_compare: --games and --jobs must be 1 or more")
    lines = LINES
    if args.only:
        parts = args.only.split(":")
        levels = ("strong", "greedy", "random")
        if len(parts) not in (2, 3) or parts[0] not in levels or parts[1] not in levels:
            raise SystemExit("hang4_compare: --only takes tested:other[:players]")
        players = int(parts[2]) if len(parts) == 3 and parts[2] in ("2", "3", "4") else 2
        lines = ((parts[0], parts[1], players),)
    for tested, other, players in lines:
        r = run_line(tested, other, players, args.games, args.jobs)
        print(
            "%-34s won %4d lost %4d drawn %3d  %5.1f %%  dogs %.2f  sand %.1f  "
            "four dogs %d, deck out %d  (%s: %.1f ms a move, worst %.1f)"
            % (
                r["line"],
                r["won"],
                r["lost"],
                r["drawn"],
                100 * r["win_rate"],
                r["dogs"],
                r["sand"],
                r["four_dogs"],
                r["deck_out"],
                tested,
                r["ms_mean"],
                r["ms_max"],
            )
        )


if __name__ == "__main__":
    main()
