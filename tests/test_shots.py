"""make shots: the README pictures of every registered game, scratch games included."""

import os

import pytest
from test_scratch_app import ENTRY

from firmware import games, reading
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


def pixels(path):
    """A picture's frames as RGB bytes (the encoder's bytes may differ between builds
    of Pillow and zlib; what is shown may not)."""
    from PIL import Image, ImageSequence

    with Image.open(path) as img:
        return [frame.convert("RGB").tobytes() for frame in ImageSequence.Iterator(img)]


def test_the_committed_pictures_are_what_shots_makes_now(tmp_path):
    """A rule or screen change that moves a picture shows here: run `make shots`."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shots.make_all(str(tmp_path))
    stale = [
        name
        for name in sorted(os.listdir(tmp_path))
        if pixels(tmp_path / name) != pixels(os.path.join(root, "docs", "img", name))
    ]
    assert not stale, "stale pictures (run make shots): %s" % ", ".join(stale)


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


def test_every_game_has_its_gif_in_the_readme():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    for name, _caption, _gid in shots.gifs():
        assert "docs/img/" + name in readme, name
        assert os.path.exists(os.path.join(root, "docs", "img", name)), name


def test_a_replay_gif_runs_at_the_devices_frame_rate(tmp_path, capsys):
    """replay --gif: the first frame is the game's start, the last its end, and the
    delays add up to the frames the replay ran (25 ms each) plus the held last one."""
    from PIL import Image

    from firmware.app import FRAME_MS
    from host_sim import cli, device

    app, board, d = device.make(str(tmp_path / "play"))
    app.start_game("hang10", seed=7, resume=False)
    start = device.screen_bytes(board)
    d.keys("A,RIGHT,A,LEFT,A,A")
    screen = app.screen
    screen.save_now()
    rep = tmp_path / "r.rep"
    rep.write_text(reading.replay_text(screen))
    out = str(tmp_path / "r.gif")
    cli.main(["replay", str(rep), "--gif", out, "--root", str(tmp_path / "replay")])
    assert "wrote %s" % out in capsys.readouterr().out
    im = Image.open(out)
    total = 0
    for i in range(im.n_frames):
        im.seek(i)
        total += im.info["duration"]
    from firmware import gamescreen

    with open(rep) as f:
        inputs = reading.read_header(f, gamescreen.REPLAY_HEAD)["inputs"]
    ran = sum(delta for delta, _p, _h in reading.events(inputs))  # frames the replay runs
    assert abs(total - (ran * FRAME_MS + 1500)) <= 3 * FRAME_MS  # + the held end
    im.seek(0)
    first = im.convert("RGB")
    from host_sim import gif

    want = gif.frame_image(start, 2).convert("RGB")
    assert first.tobytes() == want.tobytes()


def test_gif_path_is_checked_like_png(tmp_path, capsys):
    import pytest

    from host_sim import cli

    for bad in (str(tmp_path / "x.png"), str(tmp_path / "nofolder" / "x.gif"), str(tmp_path)):
        with pytest.raises(SystemExit) as e:
            cli.main(["shot", "hang10", "--gif", bad, "--root", str(tmp_path / "r")])
        assert e.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
