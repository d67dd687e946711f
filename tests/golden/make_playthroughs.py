"""Golden playthroughs of every registered game, from its rules alone (contract v2).

One file per game in tests/golden/playthroughs/: for a few seeds with the default
options, every move of a game played by a fixed mix of best_move and random legal moves
(drawn from a fixed Rng), with the seat that made it, the move's text and a hash of the
save after it (every 20th move for G'nerts, whose games take thousands of ticks: LONG);
then the scores, the winner and the summary. A new game gets its file by
registering and running, from the project root:

    .venv/bin/python tests/golden/make_playthroughs.py

(tests/test_playthroughs.py fails for a registered game without a file.) A change to a
game's rules or computer player that is meant to keep its games must keep every line.
"""

import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
    sys.path.insert(0, os.path.dirname(HERE))

from scratch_game import ENTRY  # noqa: E402

from firmware import games  # noqa: E402
from shared_rules.rng import Rng  # noqa: E402

SEEDS = (1, 42, 2024)
MAX_MOVES = 3000  # a playthrough stops here (real-time games have a move a tick)
# games whose whole game takes more ticks: (moves at most, a line every n-th move)
LONG = {"gnerts": (20000, 20)}
SCRATCH = ENTRY  # the scratch game Duel (tests/scratch_game)


def digest(text):
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def playthrough(gid, seed):
    rules = games.rules(gid)
    s = rules.new(seed, None, rules.PROFILE)
    rng = Rng(seed * 31 + 7)
    out = ["game %s seed %d" % (gid, seed), "start " + digest(rules.dump(s))]
    n = 0
    cap, every = LONG.get(gid, (MAX_MOVES, 1))
    while not rules.over(s) and n < cap:
        seat = rules.to_act(s)
        ms = rules.moves(s)
        m = rules.best_move(s) if rng.below(3) else ms[rng.below(len(ms))]
        text = rules.move_text(s, m)
        rules.play(s, m)
        n += 1
        if n % every == 0 or rules.over(s):
            out.append("%d %s %s" % (seat, text, digest(rules.dump(s))))
    w = rules.winner(s) if rules.over(s) else None
    out.append("scores %s winner %s" % (json.dumps(rules.scores(s)), w))
    if rules.over(s):
        out.append("summary " + json.dumps(rules.summary(s), sort_keys=True))
    return out


def lines_for(gid):
    out = []
    for seed in SEEDS:
        out.extend(playthrough(gid, seed))
    return out


def path_for(gid):
    return os.path.join(HERE, "playthroughs", gid + ".txt")


def main(ids=None):
    if SCRATCH[0] not in games.ids():
        games.register(*SCRATCH)
    for gid in ids or games.ids():
        lines = lines_for(gid)
        with open(path_for(gid), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d lines" % (gid, len(lines)))


if __name__ == "__main__":
    main(sys.argv[1:])
