"""Golden Hang 10 playthroughs: tests/golden/hang10_seed<N>.txt.

Each file holds the seed on its first line, then one line per move: the move in the
notation and a summary of the state after it:

    <move> <phase> s=<score> p=<pile cards> w=<wiped cards> | <hand> | <wave 1> | .. | <wave 4>

The moves come from a deterministic player driven by shared_rules.rng (a random legal
move, drawing from the pile half the time it may), not from the computer player, so the
files change only when the rules, the deal or the notation change.

Run from the project root to write the files again:  .venv/bin/python tests/golden/make_golden.py

The module also runs in MicroPython (test_hang10_golden.py replays a file in the VM).
"""

import os
import sys

if __name__ == "__main__":  # run as a script: the project root goes on the path
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from shared_rules import cards
from shared_rules import hang10 as h
from shared_rules.rng import Rng

SEEDS = (1, 42, 2024)


def _cards(seq):
    return " ".join([cards.card_text(c) for c in seq]) or "-"


def summary(s):
    parts = [
        "%s s=%d p=%d w=%d" % (h.PHASE_NAMES[s.phase], h.score(s), len(s.pile), len(s.wiped)),
        _cards(s.hand),
    ]
    for w in range(4):
        parts.append(_cards(s.waves[w]))
    return " | ".join(parts)


def step(s, text):
    """Play the move written `text`; return its golden line."""
    m = h.parse_move(s, text)
    t = h.move_text(s, m)
    h.play(s, m)
    return t + " " + summary(s)


def playthrough(seed):
    """The golden lines of one seeded game (seed line first)."""
    s = h.new(seed)
    rng = Rng(seed + 1)
    out = [str(seed)]
    while not h.over(s):
        ms = h.moves(s)
        if s.phase == h.PH_DRAW and rng.below(2):
            m = h.M_DRAW
        else:
            m = ms[rng.below(len(ms))]
        out.append(step(s, h.move_text(s, m)))
    return out


def replay(lines):
    """Replay the moves of a golden file's lines; return the lines they produce."""
    seed = int(lines[0])
    s = h.new(seed)
    out = [str(seed)]
    for line in lines[1:]:
        out.append(step(s, line.split(" ", 1)[0]))
    return out


def path_for(seed):
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "hang10_seed%d.txt" % seed)


def main():
    for seed in SEEDS:
        lines = playthrough(seed)
        with open(path_for(seed), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d moves" % (path_for(seed), len(lines) - 1))


if __name__ == "__main__":
    main()
