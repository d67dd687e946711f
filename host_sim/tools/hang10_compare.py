"""Compare the Hang 10 computer players over seeds 0..N-1.

    python -m host_sim.tools.hang10_compare --games 500

Plays every game to the end with each player and prints, per player: mean
score, mean cards in the wipe-out pile, games without a wipe-out, and the mean
and max seconds one decision took. Decisions are timed in CPU seconds of this
process by default (steady on a busy machine); --clock wall times them by the
wall clock instead.
"""

import time

import host_sim
from shared_rules import hang10, hang10_ai
from shared_rules.rng import Rng

MOVE_CAP = 5000  # far above any real game: a player that cycles is reported, not waited on


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def play_game(seed, player, clock=time.process_time):
    """Play seed to the end with player(s, rng); return (state, per-call seconds list)."""
    s = hang10.new(seed)
    rng = Rng(seed)
    times = []
    while not hang10.over(s):
        if len(times) >= MOVE_CAP:
            raise RuntimeError("seed %d: no end after %d moves" % (seed, MOVE_CAP))
        t0 = clock()
        m = player(s, rng)
        times.append(clock() - t0)
        hang10.play(s, m)
    return s, times


PLAYERS = (
    ("choose", lambda s, rng: hang10_ai.choose(s)),
    ("greedy", lambda s, rng: hang10_ai.greedy(s)),
    ("random", hang10_ai.random_move),
)


def compare(games, first=0, clock=time.process_time):
    """Rows of (name, mean score, mean wiped cards, clean games, mean s, max s)."""
    rows = []
    for name, player in PLAYERS:
        total = 0
        wiped = 0
        clean = 0
        calls = 0
        spent = 0.0
        worst = 0.0
        for seed in range(first, first + games):
            s, times = play_game(seed, player, clock)
            total += hang10.score(s)
            wiped += len(s.wiped)
            if not s.wiped:
                clean += 1
            calls += len(times)
            spent += sum(times)
            worst = max(worst, max(times))
        rows.append((name, total / games, wiped / games, clean, spent / calls, worst))
    return rows


def format_table(rows, games, clock_name="cpu"):
    lines = [
        "Hang 10 players, seeds 0..%d (%d games), %s seconds per call"
        % (games - 1, games, clock_name),
        "%-8s %10s %12s %14s %12s %12s"
        % ("player", "mean score", "mean wiped", "no wipe-out", "mean s/call", "max s/call"),
    ]
    for name, mean, wiped, clean, avg, worst in rows:
        lines.append(
            "%-8s %10.2f %12.2f %8d (%2.0f%%) %12.6f %12.6f"
            % (name, mean, wiped, clean, 100.0 * clean / games, avg, worst)
        )
    return "\n".join(lines)


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500, help="games per player (seeds 0..N-1)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="how calls are timed")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    rows = compare(args.games, clock=CLOCKS[args.clock])
    print(format_table(rows, args.games, args.clock))


if __name__ == "__main__":
    main()
