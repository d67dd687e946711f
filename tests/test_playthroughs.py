"""Golden playthroughs (tests/golden/make_playthroughs.py): every registered game, the
scratch game Duel included, plays its recorded games move for move."""

import os

import pytest
from golden import make_playthroughs as mp
from golden_files import first_difference

from firmware import games

GAME_IDS = games.ids() + [mp.SCRATCH[0]]


@pytest.fixture(scope="module", autouse=True)
def scratch_registered():
    games.register(*mp.SCRATCH)
    yield
    games.unregister(mp.SCRATCH[0])


@pytest.mark.parametrize("gid", GAME_IDS)
def test_playthroughs_match_golden(gid):
    path = mp.path_for(gid)
    assert os.path.exists(path), (
        "%s has no golden playthroughs: run .venv/bin/python tests/golden/make_playthroughs.py"
        % gid
    )
    with open(path) as f:
        want = f.read().rstrip("\n").split("\n")
    got = mp.lines_for(gid)
    assert got == want, first_difference(got, want)


def test_every_game_plays_to_its_end_in_the_golden_seeds():
    for gid in GAME_IDS:
        with open(mp.path_for(gid)) as f:
            text = f.read()
        assert text.count("\nsummary ") == len(mp.SEEDS), gid


def test_a_changed_rule_is_caught(monkeypatch):
    """A snap worth one point more (a rule change) changes the recorded lines."""
    rules = games.rules("duel")
    want = mp.lines_for("duel")
    real_play = rules.play

    def play(s, m):
        snap = s.phase == rules.PH_CLAIM and m == rules.SNAP
        real_play(s, m)
        if snap:  # the last round row: the snap happened in it
            s.rounds[-1][0] += 1

    monkeypatch.setattr(rules, "play", play)
    got = mp.lines_for("duel")
    assert got != want and "line" in first_difference(got, want)
