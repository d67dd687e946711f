"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

import pytest

from firmware import games
from host_sim import soak, soak_device
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    ids = games.ids()
    rounds = soak_device.WARM + 4
    r = soak.run(games=rounds * len(ids))  # make soak runs 1,000
    assert r["games"] == rounds * len(ids) and r["counts"] == {gid: rounds for gid in ids}
    # the heap's highest level after the warm-up rounds is the highest of the run, within
    # four GC blocks of late settling (the games share the launcher's state): no growth
    # per game. Measured with ten games: 80,096 bytes after 12 rounds at 160 K words
    # (host_sim/soak.py, HEAP: the name table's eighth block; 65,936 before it; with nine
    # games 65,456 bytes after 8, 11, 16 and 32 rounds).
    assert 0 <= r["heap_max"] - r["heap_warm_max"] <= 64
    for game in r["heap_last"]:
        assert r["heap_warm"][game] <= r["heap_last"][game] <= r["heap_max"]


def test_an_error_inside_a_game_ends_the_soak_with_it(tmp_path, monkeypatch):
    """The game's screen is not driven on once the app has left it for the error screen:
    the soak stops at once with the app's error (CPython, the device's app)."""
    from boards import headless
    from firmware import app as appmod
    from firmware import gamescreen

    app = appmod.App(headless.setup(fs_root=str(tmp_path)))
    app.frame(0, 0)
    presses = []
    handle = gamescreen.GameScreen.handle

    def failing(self, pressed, held):
        presses.append(pressed)
        if len(presses) == 3:
            raise ValueError("a bug in the game")
        handle(self, pressed, held)

    monkeypatch.setattr(gamescreen.GameScreen, "handle", failing)
    with pytest.raises(RuntimeError) as e:
        soak_device.play(app, "hang10", 5000, None)
    assert "hang10 seed 5000" in str(e.value) and "a bug in the game" in str(e.value)
    assert "did not finish" not in str(e.value)  # at once, not after 200,000 presses
    assert len(presses) == 3
    assert type(app.screen).__name__ == "ErrorScreen"
