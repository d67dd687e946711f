"""make shots: the README pictures of every registered game, scratch games included."""

import os

import pytest
from test_scratch_app import ENTRY

from firmware import games
from host_sim import shots


def test_every_registered_game_has_its_pictures():
    names = [name for name, _caption, _fn in shots.scenes()]
    assert names[:2] == ["launcher.png", "settings.png"]
    for gid in games.ids():
        assert len([n for n in names if n.startswith(gid + "_")]) >= 2, gid
        assert (gid + "_options.png" in names) == bool(games.rules(gid).OPTIONS)
    assert len(names) == len(set(names))


def test_readme_shows_the_pictures_shots_makes():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    for name, _caption, _fn in shots.scenes():
        assert "docs/img/" + name in readme, name
        assert os.path.exists(os.path.join(root, "docs", "img", name)), name


@pytest.fixture
def duel():
    games.register(*ENTRY)
    yield
    games.unregister("duel")


def test_a_game_without_shots_gets_start_middle_and_end(duel, tmp_path):
    scenes = shots.game_scenes("duel")
    assert [n for n, _c, _f in scenes] == [
        "duel_options.png",
        "duel_start.png",
        "duel_play.png",
        "duel_over.png",
    ]
    from host_sim import device

    seen = []
    for name, caption, fn in scenes:
        assert caption.startswith("Duel: ")
        app, board, d = device.make(str(tmp_path / name))
        fn(app, d)
        seen.append(device.screen_bytes(board))
        if name == "duel_play.png":
            assert 0 < app.screen.s.nmoves and not app.screen.finished
        if name == "duel_over.png":
            assert app.screen.finished
    assert len(set(seen)) == 4
