"""Golden screens: the panel's bytes after every step of scripted whole-app sessions.

Each session starts a game on the headless board and presses buttons chosen by a fixed
Rng (and, for some, the game's own computer player); every registered game has at least
one session (the scratch game Duel from tests/ too). After every step the screen's 1,024
bytes are hashed; the file holds one line per step: the buttons pressed and the hash.
A port of a screen onto new parts must leave every line unchanged. When a screen is
meant to change, run from the project root:

    .venv/bin/python tests/golden/make_screen_golden.py
"""

import hashlib
import os
import sys
import tempfile

if __name__ == "__main__":
    HERE = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
    sys.path.insert(0, os.path.dirname(HERE))

from scratch_game import ENTRY  # noqa: E402

import host_sim  # noqa: F401,E402 - the framebuf stand-in on the path
from firmware import buttons as btn  # noqa: E402
from firmware import games  # noqa: E402
from host_sim import device  # noqa: E402
from shared_rules.rng import Rng  # noqa: E402

KEYS = (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT, btn.A, btn.B)

# name: (game, seed, options, steps, mode). mode "random": one random press then one idle
# frame per step; "bot": the screen's computer presses, a random press every 7th step;
# "frames": one frame per step, an arrow pressed now and then (real time).
# A registered game with no session here gets DEFAULT_SESSION as "ID_bot".
SESSIONS = {
    "hang10_random": ("hang10", 7, None, 700, "random"),
    "hang10_bot": ("hang10", 11, None, 900, "bot"),
    "snafu_solo": ("snafu", 5, {"variant": 13, "others": "smart", "rounds": 3}, 2500, "frames"),
    "snafu_two": ("snafu", 9, {"variant": 6, "humans": 2, "rounds": 3}, 2000, "frames"),
    "mypet_bot": ("mypet", 11, None, 600, "bot"),
    "mypet_two": ("mypet", 5, {"players": 2, "rules": "younger"}, 900, "bot"),
}
DEFAULT_SESSION = (11, None, 600, "bot")
SCRATCH = ENTRY  # the scratch game Duel (tests/scratch_game)


def sessions(ids=None):
    """SESSIONS, and a default session for every registered game (or every game in
    `ids`) that has none."""
    out = dict(SESSIONS)
    named = set(s[0] for s in SESSIONS.values())
    for gid in ids or games.ids():
        if gid not in named:
            out[gid + "_bot"] = (gid,) + DEFAULT_SESSION
    return out


def digest(board):
    return hashlib.sha1(device.screen_bytes(board)).hexdigest()[:16]


def in_game(app):
    return hasattr(app.screen, "bot_press")


def run(name):
    game, seed, options, steps, mode = sessions()[name]
    root = tempfile.mkdtemp(prefix="pt-golden-")
    app, board, _driver = device.make(root)
    app.start_game(game, seed=seed, options=options, resume=False)
    rng = Rng(seed + 99)
    out = []
    for i in range(steps):
        if not in_game(app):
            app.start_game(game, seed=seed, options=options, resume=True)
            out.append("resume " + digest(board))
        if mode == "random":
            mask = KEYS[rng.below(6)]
        elif mode == "bot":
            mask = app.screen.bot_press() if i % 7 else KEYS[rng.below(6)]
        else:
            r = rng.below(40)
            mask = KEYS[r] if r < 6 else 0
        app.frame(mask, mask)
        if mode != "frames":
            app.frame(0, 0)
        out.append("%s %s" % (btn.mask_text(mask), digest(board)))
    return out


def path_for(name):
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "screens", name + ".txt")


def main(names=None):
    every = sessions(games.ids() + [SCRATCH[0]])
    for name in names or every:
        scratch = every[name][0] == SCRATCH[0]
        if scratch:  # in the launcher only for its own session
            games.register(*SCRATCH)
        lines = run(name)
        if scratch:
            games.unregister(SCRATCH[0])
        with open(path_for(name), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d steps, %d distinct screens" % (name, len(lines), len(set(lines))))


if __name__ == "__main__":
    main(sys.argv[1:])
