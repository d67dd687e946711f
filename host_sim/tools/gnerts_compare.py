"""Compare G'nerts' computer players over single rounds on fixed seeds.

    python -m host_sim.tools.gnerts_compare --rounds 500 [--jobs 2] [--only strong:random]

Every seat is a computer (no person): a round is dealt from seed i and played until
G'nerts or the last standstill. Duel lines put the tested policy against another at
the same speed (level 3), the tested player at seat i % 2 (the tick order turns, so
neither seat plays first), and count the rounds it scored more (ties apart). Level
lines put the strong player at each speed level 1..5 against the reference (the strong
player at level 3) and give the tested player's mean round score, so the levels can be
seen to be ordered. Prints each line's figures and the ticks a round took.
"""

import host_sim
from host_sim.tools import map_in_order
from shared_rules import gnerts

DUELS = (("strong", "random"), ("strong", "greedy"), ("greedy", "random"))
REFERENCE = ("strong", 3)
TICK_CAP = 200000  # a round takes a few thousand ticks: a longer one would be a bug


def one_round(args):
    """(tested points, other points, ender seat or -1, ticks) of one round."""
    seed, tested, other, players = args
    s = gnerts.new(seed, {"rivals": players - 1})
    me = seed % players
    for seat in range(players):
        pol, level = tested if seat == me else other
        gnerts.set_seat(s, seat, pol, level)
    while not gnerts.round_over(s):
        if s.tick > TICK_CAP:
            raise RuntimeError("seed %d: no end after %d ticks" % (seed, TICK_CAP))
        gnerts.play(s, gnerts.WAIT)
    scored, left, ender, ticks = gnerts.round_record(s, -1)
    pts = [scored[p] - 2 * left[p] for p in range(players)]
    other_best = max([pts[p] for p in range(players) if p != me])
    return pts[me], other_best, (-1 if ender < 0 else (1 if ender == me else 0)), ticks


def run_line(tested, other, rounds, players=2, jobs=1):
    args = [(seed, tested, other, players) for seed in range(rounds)]
    rows = map_in_order(one_round, args, jobs)
    won = sum(1 for r in rows if r[0] > r[1])
    lost = sum(1 for r in rows if r[0] < r[1])
    return {
        "tested": "%s@%d" % tested,
        "other": "%s@%d" % other,
        "rounds": rounds,
        "won": won,
        "lost": lost,
        "tied": rounds - won - lost,
        "win_pct": 100.0 * won / rounds,
        "mean_points": sum(r[0] for r in rows) / rounds,
        "other_points": sum(r[1] for r in rows) / rounds,
        "gnerts_by_tested": sum(1 for r in rows if r[2] == 1),
        "standstills": sum(1 for r in rows if r[2] == -1),
        "mean_ticks": sum(r[3] for r in rows) / rounds,
    }


def lines(only=None):
    out = [((a, 3), (b, 3)) for a, b in DUELS]
    out += [(("strong", level), REFERENCE) for level in range(1, 6)]
    if only:
        a, b = only.split(":")
        out = [x for x in out if x[0][0] == a and x[1][0] == b]
    return out


def main(argv=None):
    ap = host_sim.parser(prog="python -m host_sim.tools.gnerts_compare")
    ap.add_argument("--rounds", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", help="tested:other, e.g. strong:random")
    a = ap.parse_args(argv)
    if a.rounds < 1:
        ap.error("--rounds must be at least 1")
    for tested, other in lines(a.only):
        r = run_line(tested, other, a.rounds, jobs=a.jobs)
        print(
            "%-9s vs %-9s %4d rounds: won %5.1f %% (%d-%d-%d), mean points %6.1f vs %6.1f,"
            " G'nerts called %d, standstills %d, %.0f ticks a round"
            % (
                r["tested"],
                r["other"],
                r["rounds"],
                r["win_pct"],
                r["won"],
                r["lost"],
                r["tied"],
                r["mean_points"],
                r["other_points"],
                r["gnerts_by_tested"],
                r["standstills"],
                r["mean_ticks"],
            )
        )


if __name__ == "__main__":
    main()
