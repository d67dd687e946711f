"""Compare Air Superiority's computer players over whole games on fixed seeds.

    python -m host_sim.tools.airsup_compare --games 1000 [--jobs 2] [--only strong:random]

Plays the strong player against the random one, against the all-research one and
against the all-planes one, and as reference lines the random player against the
all-research and the all-planes ones. Game i uses seed i; the player under test sits
at seat 0 in the even games and at seat 1 in the odd ones, and the option side turns
every second game, so that it plays Germany and Britain equally. Prints each line's
wins, losses and draws from the tested player's side, the minor victories (won on
resources) among them, the mean technology and planes each side ends with (and its
planes of its top type), and the strong player's decision time per planned order
(CPython wall-clock: a busy machine inflates it).
"""

import time

import host_sim
from host_sim.tools import map_in_order, timing_text
from shared_rules import airsup, airsup_ai

LINES = (
    ("strong", "random"),
    ("strong", "research"),
    ("strong", "planes"),
    ("random", "research"),
    ("random", "planes"),
)
MOVE_CAP = 2000  # an order takes at most ~60 steps: a longer game would be a bug


def decide(name, s, times):
    """The next step at this level; a strong step that planned anew is timed."""
    if name != "strong":
        return airsup_ai.step(s, name)
    key = airsup_ai._plan_key
    t0 = time.perf_counter()
    m = airsup_ai.step(s, name)
    dt = time.perf_counter() - t0
    if airsup_ai._plan_key != key:
        times.append(dt)
    return m


def game(args):
    """One game: (1 won, 0 lost, -1 drawn from the tested player's side, a minor
    victory, its technology, the other's, its planes, the other's, its planes of its
    top type, the other's, decision times)."""
    seed, tested, other = args
    me = seed % 2  # the tested player's seat
    side = ("germany", "britain")[(seed // 2) % 2]
    s = airsup.new(seed, {"side": side})
    names = [other, other]
    names[me] = tested
    times = []
    n = 0
    while not airsup.over(s):
        n += 1
        if n > MOVE_CAP:
            raise RuntimeError("seed %d: no Armistice after %d steps" % (seed, MOVE_CAP))
        airsup.play(s, decide(names[s.turn], s, times))
    w = airsup.winner(s)
    result = -1 if w < 0 else (1 if w == me else 0)
    minor = airsup.outcome(s).endswith("minor")
    you = 1 - me
    top = [s.planes[x][s.tech[x] - 1] for x in (me, you)]
    return (
        result,
        minor,
        s.tech[me],
        s.tech[you],
        sum(s.planes[me]),
        sum(s.planes[you]),
        top[0],
        top[1],
        times,
    )


def play_line(tested, other, games, jobs=1):
    jobs_args = [(seed, tested, other) for seed in range(games)]
    return map_in_order(game, jobs_args, jobs)


def _mean(rows, i):
    return sum(row[i] for row in rows) / len(rows)


def report(tested, other, rows):
    n = len(rows)
    won = sum(1 for row in rows if row[0] == 1)
    lost = sum(1 for row in rows if row[0] == 0)
    line = "%-6s vs %-8s %4d games  wins %5.1f%%  losses %5.1f%%  draws %5.1f%%" % (
        tested,
        other,
        n,
        100.0 * won / n,
        100.0 * lost / n,
        100.0 * (n - won - lost) / n,
    )
    line += "  minor %4.1f%% (won %4.1f%%)" % (
        100.0 * sum(1 for row in rows if row[1]) / n,
        100.0 * sum(1 for row in rows if row[1] and row[0] == 1) / n,
    )
    line += "  tech %3.2f vs %3.2f  planes %4.1f vs %4.1f  top %3.1f vs %3.1f" % (
        _mean(rows, 2),
        _mean(rows, 3),
        _mean(rows, 4),
        _mean(rows, 5),
        _mean(rows, 6),
        _mean(rows, 7),
    )
    line += timing_text([t for row in rows for t in row[8]], "plan")
    return line


def main(argv=None):
    ap = host_sim.parser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--only", default="", help="one line to play, e.g. strong:random")
    args = ap.parse_args(argv)
    print("Air Superiority: whole games, seeds 0..%d" % (args.games - 1))
    for tested, other in LINES:
        if args.only and args.only != "%s:%s" % (tested, other):
            continue
        rows = play_line(tested, other, args.games, args.jobs)
        print(report(tested, other, rows), flush=True)


if __name__ == "__main__":
    main()
