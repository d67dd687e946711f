"""A game opened across a soft reset (a board with soft_reset: MicroPython on a Pico):
the launcher writes its choice, the device starts again and the app opens that game in
a fresh heap; a choice that cannot be written, read or opened loses nothing."""

import json
import os

import pytest

import host_sim  # noqa: F401 - sys.path for the framebuf stand-in
from boards import driver, headless
from firmware import app as appmod
from firmware import launcher
from firmware.app import App


class Reset(BaseException):
    """What machine.soft_reset raises on the device (SystemExit): not an Exception."""


def start(root, soft_reset=True):
    """(app, board, driver) on a board that resets as a Pico does (the app stops)."""
    board = headless.setup(fs_root=str(root))
    if soft_reset:

        def reset():
            raise Reset()

        board.soft_reset = reset
    app = App(board)
    return app, board, driver.Driver(app)


def opening_path(root):
    return os.path.join(str(root), "saves", appmod.OPENING)


def choose_snafu(d, option_presses="RIGHT"):
    """Launcher -> Snafu -> New game -> an option changed -> Start."""
    d.keys("DOWN,A,A")
    assert isinstance(d.app.screen, launcher.OptionsScreen)
    if option_presses:
        d.keys(option_presses)
    chosen = dict(d.app.screen.opts)
    d.keys("A")
    return chosen


def test_new_game_opens_after_the_reset_with_its_options(tmp_path):
    app, board, d = start(tmp_path)
    with pytest.raises(Reset):
        choose_snafu(d)
    with open(opening_path(tmp_path)) as f:
        record = json.load(f)
    assert record["gid"] == "snafu" and record["home"] == 1 and record["resume"] is False
    assert shows_opening(board)  # on the panel through the reset
    app2, board2, d2 = start(tmp_path)  # main.py again: the game, not the launcher
    assert app2.screen.gid == "snafu"
    assert app2.screen.options == record["options"]
    assert not os.path.exists(opening_path(tmp_path))  # read once
    d2.keys("A+B*20")  # save and leave: the launcher's cursor where it was
    assert isinstance(app2.screen, launcher.Launcher)
    assert app2.screen.index == 1


def shows_opening(board):
    from host_sim import device

    return device.text_on_screen(board, "Opening...", 28)


def test_the_same_game_as_opened_in_place(tmp_path):
    """A seed in the record: the same screen as the game opened without a reset."""
    here, board_here, _ = start(tmp_path / "here", soft_reset=False)
    here.start_game("snafu", seed=7, options={"variant": 5}, resume=False)
    here.frame(0, 0)
    saves = tmp_path / "reset" / "saves"
    os.makedirs(str(saves))
    record = {"gid": "snafu", "home": 1, "resume": False, "seed": 7}
    record["options"] = {"variant": 5}
    (saves / appmod.OPENING).write_text(json.dumps(record))
    there, board_there, _ = start(tmp_path / "reset")
    there.frame(0, 0)
    assert bytes(board_there.display.buf) == bytes(board_here.display.buf)
    assert there.screen.s.seed == here.screen.s.seed == 7


def test_continue_resumes_the_save_after_the_reset(tmp_path):
    app, board, d = start(tmp_path, soft_reset=False)
    d.keys("A,A")  # Hang 10, new game (in place: no reset on this board)
    screen = app.screen
    while screen.s.turn < 3:
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    turn, moves = screen.s.turn, screen.s.nmoves
    d.keys("A+B*20")
    app, board, d = start(tmp_path)
    with pytest.raises(Reset):
        d.keys("A,A")  # Hang 10 -> Continue
    app, board, d = start(tmp_path)
    assert app.screen.gid == "hang10"
    assert (app.screen.s.turn, app.screen.s.nmoves) == (turn, moves)


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[1, 2]",
        '{"gid": "snafu"}',
        '{"gid": "nothing", "home": 0}',
        '{"gid": "snafu", "home": -1}',
        '{"gid": "snafu", "home": 0, "resume": 1}',
        '{"gid": "snafu", "home": 0, "options": [1]}',
        '{"gid": "snafu", "home": 0, "seed": "7"}',
        '{"gid": "snafu", "home": 0, "profile": "x"}',
    ],
)
def test_a_damaged_record_starts_the_launcher_with_a_notice(tmp_path, text):
    saves = tmp_path / "saves"
    os.makedirs(str(saves))
    (saves / appmod.OPENING).write_text(text)
    app, board, d = start(tmp_path)
    assert isinstance(app.screen, launcher.Launcher)
    assert app.store.notices and app.store.notices[0].startswith(appmod.OPENING)
    assert not os.path.exists(opening_path(tmp_path))
    assert os.path.exists(opening_path(tmp_path) + ".bad")
    app, board, d = start(tmp_path)  # and the next start is a plain one
    assert isinstance(app.screen, launcher.Launcher) and not app.store.notices


def test_a_game_that_cannot_open_shows_the_error_then_the_launcher(tmp_path):
    saves = tmp_path / "saves"
    os.makedirs(str(saves))
    record = {"gid": "snafu", "home": 1, "resume": False, "options": {"variant": "no"}}
    (saves / appmod.OPENING).write_text(json.dumps(record))
    app, board, d = start(tmp_path)
    assert isinstance(app.screen, launcher.ErrorScreen)
    assert not os.path.exists(opening_path(tmp_path))
    d.keys("A")
    assert isinstance(app.screen, launcher.Launcher)
    app, board, d = start(tmp_path)
    assert isinstance(app.screen, launcher.Launcher)


def test_no_room_for_the_record_opens_the_game_in_place(tmp_path):
    app, board, d = start(tmp_path)
    app.store.read_only = True  # every write refused
    choose_snafu(d)  # no Reset: opened here
    assert app.screen.gid == "snafu"
    assert not os.path.exists(opening_path(tmp_path))


def test_a_reset_that_returns_opens_the_game_in_place(tmp_path):
    app, board, d = start(tmp_path)
    resets = []
    board.soft_reset = lambda: resets.append(1)
    chosen = choose_snafu(d)
    assert resets == [1]
    assert app.screen.gid == "snafu" and app.screen.options == chosen
    assert not os.path.exists(opening_path(tmp_path))


def test_boards_without_a_reset_open_in_place(tmp_path):
    app, board, d = start(tmp_path, soft_reset=False)
    assert board.soft_reset is None
    choose_snafu(d)
    assert app.screen.gid == "snafu"
    assert not os.path.exists(opening_path(tmp_path))


def test_every_game_opens_across_the_reset_and_comes_back(tmp_path):
    """Each registered game chosen in the launcher (New game, Start on its options), the
    device reset, the game opened from the record, a few presses, then A+B home: the
    launcher's cursor on that game again; no error on the way."""
    from firmware import games

    ids = games.ids()
    for i, gid in enumerate(ids):
        app, board, d = start(tmp_path)
        assert isinstance(app.screen, launcher.Launcher)
        app.screen.index = 0
        with pytest.raises(Reset):
            d.keys("DOWN," * i + "A")  # the game's menu
            labels = app.screen.labels()
            d.keys("DOWN," * labels.index("New game") + "A")
            if isinstance(app.screen, launcher.OptionsScreen):
                d.keys("A")
        app, board, d = start(tmp_path)
        assert app.screen.gid == gid and app.last_error is None, gid
        d.keys("LEFT,RIGHT,DOWN,UP")
        d.keys("A+B*20")
        assert isinstance(app.screen, launcher.Launcher), gid
        assert app.screen.index == i and app.last_error is None, gid
