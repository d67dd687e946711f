"""The screens, step by step, as recorded in tests/golden/screens/ (make_screen_golden.py).

A change to a screen's code that is meant to leave what a person sees unchanged must
leave every recorded hash unchanged; the first differing step is reported. Every
registered game has a session (the scratch game Duel too); one without its file fails.
"""

import os

import pytest
from golden import make_screen_golden as msg
from golden_files import GOLDEN_DIR, first_difference, read_lines

from firmware import games


def all_sessions():
    """Every session, the scratch game's included (without registering it here: pytest
    collects every module before running any, and unregistering unloads its modules)."""
    return sorted(msg.sessions(games.ids() + [msg.SCRATCH[0]]))


@pytest.mark.parametrize("name", all_sessions())
def test_screens_match_golden(name):
    path = os.path.join(GOLDEN_DIR, "screens", name + ".txt")
    assert os.path.exists(path), (
        "no golden screens for %s: run .venv/bin/python tests/golden/make_screen_golden.py %s"
        % (name, name)
    )
    want = read_lines("screens/%s.txt" % name)
    scratch = name.startswith(msg.SCRATCH[0] + "_")
    if scratch:  # in the launcher only for its own session (the others show the launcher)
        games.register(*msg.SCRATCH)
    try:
        got = msg.run(name)
    finally:
        if scratch:
            games.unregister(msg.SCRATCH[0])
    assert got == want, first_difference(got, want)


def test_every_registered_game_has_a_session():
    ids = games.ids() + [msg.SCRATCH[0]]
    played = set(game for game, _seed, _opts, _steps, _mode in msg.sessions(ids).values())
    assert played == set(ids)  # Duel included, by the default session
