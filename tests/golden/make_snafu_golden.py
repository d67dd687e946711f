"""Golden Snafu rounds: tests/golden/snafu_seed<N>.txt.

Each file holds "<seed> v<variant>" on its first line, and " text" after it for the
text rule set (without it, the arcade rules the older files were made with; one human
trail, red; the others classic computer trails), then one line per tick: the tick in
the notation and a summary of the state after it:

    <tick> t=<tick number> <trail><col>,<row>[x] .. w=<winner or ->

with one head per trail in play (r b g y; x after a crashed trail's head) and the winner
as winner_name() gives it (red, blue, green, yellow or draw). The ticks come from a
deterministic player driven by shared_rules.rng (a random legal direction for red that
keeps to free squares when it can, straight on two times in three), not from the smart
player, so the files change only when the rules, the chance, or the notation change.

Run from the project root to write the files again:
    .venv/bin/python tests/golden/make_snafu_golden.py

The module also runs in MicroPython (test_snafu_golden.py replays a file in the VM).
"""

import os
import sys

if __name__ == "__main__":  # run as a script: the project root goes on the path
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from shared_rules import snafu as sn
from shared_rules.rng import Rng

# (variant, seed, rule set): 2 trails diagonal with obstacles; 4 trails straight,
# vanishing, with obstacles; 4 trails diagonal, vanishing, open board - each under both
# rule sets.
PAIRS = (
    (6, 7, "arcade"),
    (12, 2024, "arcade"),
    (15, 99, "arcade"),
    (6, 8, "text"),
    (12, 2025, "text"),
    (15, 100, "text"),
)


def options(variant, rules="arcade"):
    return {"variant": variant, "humans": 1, "rules": rules}


def summary(s):
    parts = ["t=%d" % s.tick]
    for t in range(4):
        if s.playing[t]:
            col, row = sn.col_row(s.head[t])
            parts.append("%s%d,%d%s" % ("rbgy"[t], col, row, "" if s.alive[t] else "x"))
    parts.append("w=" + (sn.winner_name(s) or "-"))
    return " ".join(parts)


def step(s, text):
    """Play the tick written `text`; return its golden line."""
    m = sn.parse_move(s, text)
    t = sn.move_text(s, m)
    sn.play(s, m)
    return t + " " + summary(s)


def choose(s, rng):
    """Red's direction: straight on two times in three when that square is free, else a
    random free square, else any legal direction (and a crash)."""
    if not s.alive[sn.RED]:
        return 0
    h = s.head[sn.RED]
    d = s.dir[sn.RED]
    ok = [x for x in sn.directions(s) if x != sn.reverse(d)]
    free = [x for x in ok if s.board[h + sn.OFFSET[x]] == sn.EMPTY]
    if d in free and rng.below(3):
        return d
    if free:
        return free[rng.below(len(free))]
    return ok[rng.below(len(ok))]


def header(variant, seed, rules):
    return "%d v%d" % (seed, variant) + (" text" if rules == "text" else "")


def playthrough(variant, seed, rules="arcade"):
    """The golden lines of one seeded round (header line first)."""
    s = sn.new(seed, options(variant, rules))
    rng = Rng(seed + 1)
    out = [header(variant, seed, rules)]
    while not sn.over(s):
        out.append(step(s, sn.move_text(s, choose(s, rng))))
    return out


def start(header):
    """The state a golden file's header line starts from."""
    p = header.split()
    return sn.new(int(p[0]), options(int(p[1][1:]), p[2] if len(p) > 2 else "arcade"))


def replay(lines):
    """Replay the ticks of a golden file's lines; yield the lines they produce, one at a
    time (in the VM a growing list of them would need ever larger blocks of a heap the
    rules module's compilation has fragmented)."""
    s = start(lines[0])
    yield lines[0]
    for i in range(1, len(lines)):
        yield step(s, lines[i].split(" ", 1)[0])


def path_for(seed):
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "snafu_seed%d.txt" % seed)


def main():
    for variant, seed, rules in PAIRS:
        lines = playthrough(variant, seed, rules)
        with open(path_for(seed), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d ticks" % (path_for(seed), len(lines) - 1))


if __name__ == "__main__":
    main()
