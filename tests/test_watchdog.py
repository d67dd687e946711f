"""Watchdog: when enabled in settings, a hung game resets the device into the launcher."""

import os

import pytest

import host_sim  # noqa: F401
from boards import driver, headless
from firmware import app as appmod
from firmware import launcher
from firmware.app import App


def enable_watchdog(root):
    board = headless.setup(fs_root=root)
    app = App(board)
    d = driver.Driver(app)
    d.keys("UP,UP,A")  # Settings
    labels = app.screen.labels()
    i = [n for n, label in enumerate(labels) if label.startswith("Watchdog")][0]
    d.keys(",".join(["DOWN"] * i) + ",A,B")  # toggle it, leave (saves)
    return board


def test_watchdog_setting_is_saved(tmp_path):
    enable_watchdog(str(tmp_path))
    app = App(headless.setup(fs_root=str(tmp_path)))
    assert app.settings["watchdog"] is True


def test_hung_game_resets_into_launcher_and_keeps_the_save(tmp_path, monkeypatch):
    root = str(tmp_path)
    enable_watchdog(root)
    board = headless.setup(fs_root=root)
    app = App(board)
    screen = app.start_game("hang10", seed=3, resume=False)
    screen.save_now()

    def hang(pressed, held):
        while True:  # a game stuck in a loop (time passes, no frame ends)
            board.clock.sleep_ms(5)

    monkeypatch.setattr(screen, "handle", hang)
    board.held[0] = 16  # A is pressed: the game hangs on it
    with pytest.raises(headless.WatchdogReset):
        app.run()
    assert 8000 <= board.clock.now <= 8100 + appmod.FRAME_MS
    # the device restarts
    board2 = headless.setup(fs_root=root)
    app2 = App(board2)
    driver.Driver(app2).idle()
    assert isinstance(app2.screen, launcher.Launcher)
    assert os.path.exists(os.path.join(root, "saves", "hang10.sav"))


def run_for(board, app, ms):
    real = board.clock.sleep_ms

    def sleep(n):
        real(n)
        if board.clock.now >= ms:
            raise KeyboardInterrupt

    board.sleep_ms = sleep
    with pytest.raises(KeyboardInterrupt):
        app.run()


def test_no_watchdog_unless_enabled(tmp_path):
    board = headless.setup(fs_root=str(tmp_path))
    app = App(board)
    created = []
    board.watchdog = lambda ms: created.append(ms)
    run_for(board, app, 500)
    assert created == []


def test_ctrl_c_stops_the_watchdog(tmp_path):
    root = str(tmp_path)
    enable_watchdog(root)
    board = headless.setup(fs_root=root)
    app = App(board)
    run_for(board, app, 2000)
    assert board.clock.watchdogs == []  # stopped: the REPL is not reset later
    board.clock.sleep_ms(20000)  # long after: nothing fires


def test_healthy_loop_feeds_the_watchdog(tmp_path):
    root = str(tmp_path)
    enable_watchdog(root)
    board = headless.setup(fs_root=root)
    app = App(board)
    run_for(board, app, 30000)  # 30 s of frames: no reset
