"""Compare the smart Snafu trail with the classic one over seeds 0..N-1.

    python -m host_sim.tools.snafu_compare --rounds 200

Red and blue are steered from outside the rules (humans=2), each by the smart
player (snafu_ai.smart_dir, through snafu.steer) or by the text's classic
computer trail (snafu.classic_dir); green and yellow, in 4-trail variants, are
the rules' classic computer trails. Prints the wins of every trail per match-up
and the mean, 99th-percentile and max milliseconds one smart decision took (the
max is wall-clock time: a busy machine inflates it), then checks that every
variant 1..16 plays to the end with smart computer trails everywhere.
"""

import argparse
import time

from shared_rules import snafu, snafu_ai

TICK_CAP = 2000  # a round fills at most 777 squares: more ticks would be a bug

# (label, variant, red is smart, blue is smart)
MATCHES = (
    ("v1  2 trails       smart red  vs classic blue", 1, True, False),
    ("v1  2 trails       classic red vs smart blue", 1, False, True),
    ("v5  2 trails diag  smart red  vs classic blue", 5, True, False),
    ("v5  2 trails diag  classic red vs smart blue", 5, False, True),
    ("v9  4 trails       smart red  vs 3 classic", 9, True, False),
    ("v9  4 trails       smart blue vs 3 classic", 9, False, True),
    ("v13 4 trails diag  smart red  vs 3 classic", 13, True, False),
    ("v13 4 trails diag  smart blue vs 3 classic", 13, False, True),
)


def play_round(seed, variant, red_smart, blue_smart, times=None):
    """Play one round to the end; smart decisions' seconds are appended to times."""
    s = snafu.new(seed, {"variant": variant, "humans": 2, "others": "classic"})
    smart = (red_smart, blue_smart)
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
                d = snafu.classic_dir(s, t)
            m |= snafu.steer(s, t, d) << (3 * t)
        snafu.play(s, m)
    return s


def match(variant, red_smart, blue_smart, rounds):
    """(wins per trail red..yellow, draws, smart decision seconds)."""
    wins = [0, 0, 0, 0]
    draws = 0
    times = []
    for seed in range(rounds):
        s = play_round(seed, variant, red_smart, blue_smart, times)
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


def format_matches(rows, rounds):
    lines = [
        "Snafu: smart vs classic trails, seeds 0..%d (%d rounds each)" % (rounds - 1, rounds),
        "%-46s %5s %5s %5s %5s %5s %7s %8s %8s %8s" % HEADINGS,
    ]
    for label, red_smart, wins, draws, times in rows:
        smart_wins = wins[0] if red_smart else wins[1]
        ordered = sorted(times)
        lines.append(
            "%-46s %5d %5d %5d %5d %5d %6.1f%% %8.3f %8.3f %8.3f"
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
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=200, help="seeds 0..N-1 per match-up")
    ap.add_argument("--smart-seeds", type=int, default=3, help="all-smart rounds per variant")
    args = ap.parse_args(argv)
    rows = []
    for label, variant, red_smart, blue_smart in MATCHES:
        wins, draws, times = match(variant, red_smart, blue_smart, args.rounds)
        rows.append((label, red_smart, wins, draws, times))
    print(format_matches(rows, args.rounds))
    print()
    print("All trails smart (others=smart, humans=0), seeds 0..%d:" % (args.smart_seeds - 1))
    for variant in range(1, 17):
        res = all_smart(variant, args.smart_seeds)
        text = "  ".join(
            "%s@%d" % (snafu.COLORS[w] if w >= 0 else "draw", ticks) for w, ticks in res
        )
        print("  v%-2d %s" % (variant, text))


if __name__ == "__main__":
    main()
