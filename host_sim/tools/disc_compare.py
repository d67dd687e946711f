"""Compare Disc Battle's computer players over whole duels on fixed seeds.

    python -m host_sim.tools.disc_compare --games 500 [--rules basic|advanced|both]
        [--jobs 2] [--only strong:greedy] [--level 1]

Lines, under each rule set: strong against random, strong against greedy, and greedy
against random as a reference. Every duel takes the defaults (the 24 grid, one disc,
the direction die) but the rules; game i uses seed i, and the player under test sits at
seat i % 2 (seat 0, the person's, in the even games), so it plays each seat half the
time (who flips the first card comes from the seed's shuffle). In the advanced game
every program has the profile's level and loadout (docs/rules/disc.md D19): the
profile is the default one, level 1 with 0 points, unless --level L gives level L with
the points it needs (the basic game is always level 1). Prints each line's wins, losses
and draws (a duel still on after TURNS_MAX turns ends without a winner, D17) from the
tested player's side, how the won and lost duels ended (the last de-rez by an attack or
a disc), the mean turns, and the tested player's decision time per move (CPython
wall-clock, every call of disc_ai.choose at its seat: a busy machine inflates it).
"""

import time

import host_sim
from host_sim.tools import map_in_order
from shared_rules import disc, disc_ai

LEVELS = ("strong", "greedy", "random")
LINES = (("strong", "random"), ("strong", "greedy"), ("greedy", "random"))
RULES = ("basic", "advanced")
MOVE_CAP = 100000  # a duel ends after TURNS_MAX turns: one this long would be a bug


def profile_for(level):
    """The profile of a program of that level: the points it needs, the level."""
    return {"points": disc.TABLE[level - 1][0], "level": level}


def game(args):
    """One duel: (1 won, 0 lost, -1 drawn from the tested player's side, turns, how
    the last de-rez was made ("attack", "disc" or None), the tested player's decision
    times, its seat)."""
    seed, tested, other, rules, level = args
    s = disc.new(seed, {"battle": "duel", "rules": rules}, profile_for(level))
    me = seed % 2
    names = (tested, other) if me == 0 else (other, tested)
    times = []
    n = 0
    while not disc.over(s):
        n += 1
        if n > MOVE_CAP:
            raise RuntimeError("%s seed %d: no end after %d moves" % (rules, seed, MOVE_CAP))
        seat = disc.to_act(s)
        t0 = time.perf_counter()
        m = disc_ai.choose(s, names[seat])
        if seat == me:
            times.append(time.perf_counter() - t0)
        disc.play(s, m)
    w = disc.winner(s)
    result = -1 if w < 0 else (1 if w == me else 0)
    log = disc.derez_list(s)
    how = log[-1][2] if w >= 0 and log else None
    turns = min(s.turn, disc.TURNS_MAX)
    return result, turns, how, times, me


def play_line(tested, other, rules, games, jobs=1, level=1):
    """The rows of game() for seeds 0..games-1, in seed order."""
    args = [(seed, tested, other, rules, level) for seed in range(games)]
    return map_in_order(game, args, jobs)


def tally(tested, other, rules, rows):
    """A line's figures from its rows."""
    n = len(rows)
    times = sorted(t for r in rows for t in r[3])
    return {
        "line": "%s vs %s" % (tested, other),
        "rules": rules,
        "games": n,
        "won": sum(1 for r in rows if r[0] == 1),
        "lost": sum(1 for r in rows if r[0] == 0),
        "drawn": sum(1 for r in rows if r[0] == -1),
        "by_attack": sum(1 for r in rows if r[2] == "attack"),
        "by_disc": sum(1 for r in rows if r[2] == "disc"),
        "seat0": sum(1 for r in rows if r[4] == 0),
        "turns": sum(r[1] for r in rows) / n if n else 0.0,
        "moves": len(times),
        "ms_mean": 1000 * sum(times) / len(times) if times else 0.0,
        "ms_p99": 1000 * times[len(times) * 99 // 100] if times else 0.0,
        "ms_max": 1000 * times[-1] if times else 0.0,
    }


def run_line(tested, other, rules, games, jobs=1, level=1):
    return tally(tested, other, rules, play_line(tested, other, rules, games, jobs, level))


def report(r, tested):
    n = r["games"]
    return (
        "%-8s %-16s %4d duels  won %4d lost %4d drawn %3d  %5.1f %% / %5.1f %% / %5.1f %%"
        "  ends: attack %d, disc %d  turns %4.1f  (%s: %.2f ms a move, p99 %.2f, worst %.1f)"
        % (
            r["rules"],
            r["line"],
            n,
            r["won"],
            r["lost"],
            r["drawn"],
            100.0 * r["won"] / n,
            100.0 * r["lost"] / n,
            100.0 * r["drawn"] / n,
            r["by_attack"],
            r["by_disc"],
            r["turns"],
            tested,
            r["ms_mean"],
            r["ms_p99"],
            r["ms_max"],
        )
    )


def main(argv=None):
    ap = host_sim.parser(prog="python -m host_sim.tools.disc_compare", description=__doc__)
    ap.add_argument("--games", type=int, default=500, help="duels per line (seeds 0..N-1)")
    ap.add_argument("--rules", choices=RULES + ("both",), default="both")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play duels in")
    ap.add_argument("--only", default="", help="one line, tested:other, e.g. strong:greedy")
    ap.add_argument("--level", type=int, default=1, help="advanced: every program's level (1..10)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("disc_compare: --games and --jobs must be 1 or more")
    if not 1 <= args.level <= disc.LEVEL_MAX:
        raise SystemExit("disc_compare: --level must be 1..%d" % disc.LEVEL_MAX)
    lines = LINES
    if args.only:
        parts = args.only.split(":")
        if len(parts) != 2 or parts[0] not in LEVELS or parts[1] not in LEVELS:
            raise SystemExit("disc_compare: --only takes tested:other (strong, greedy, random)")
        lines = ((parts[0], parts[1]),)
    rule_sets = RULES if args.rules == "both" else (args.rules,)
    print(
        "Disc Battle: duels on the 24 grid, seeds 0..%d, advanced at level %d"
        % (args.games - 1, args.level),
        flush=True,
    )
    for rules in rule_sets:
        for tested, other in lines:
            r = run_line(tested, other, rules, args.games, args.jobs, args.level)
            print(report(r, tested), flush=True)


if __name__ == "__main__":
    main()
