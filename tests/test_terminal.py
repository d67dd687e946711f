"""The terminal simulator's keys as a newcomer uses them: Esc and Q leave a game so
that its replay is exact, as the pause menu's Save & exit does."""

import pytest

import host_sim  # noqa: F401
from firmware import gamescreen, reading
from host_sim import cli, device, terminal

ESC = b"\x1b"
RIGHT = b"\x1b[C"


def play(root, game, seed, options, keys, idle=6):
    """`play GAME --seed S` in the terminal: each key then `idle` frames; then Q."""
    app, board, _ = device.make(str(root))
    app.start_game(game, seed=seed, options=options, resume=False)
    session = terminal.Session(app)
    app.frame(0, 0)
    for data in keys:
        assert session.frame(data)
        for _ in range(idle):
            session.frame(b"")
    assert not session.frame(b"q")
    session.quit()
    return app, board


def replay(path, root):
    with open(path) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app, board, d = device.make(str(root))
    d.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
    return app, board


CASES = {
    # the issue's own steps: A, Esc, A (Hang 10's menu), A (Continue), Right, A, Q
    "hang10": ("hang10", 7, None, [b"z", ESC, b"z", b"z", RIGHT, b"z"]),
    "hang10-twice": ("hang10", 3, None, [b"z", ESC, b"z", b"z", b"z", ESC, b"z", b"z", b"z"]),
    "snafu-2p": (
        "snafu",
        5,
        {"humans": 2},
        [b"z", b"", b"", ESC, b"z", b"z", b"z", b"w", b"", b"", b"d"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_esc_and_q_leave_a_game_whose_replay_is_exact(tmp_path, case):
    game, seed, options, keys = CASES[case]
    app, board = play(tmp_path / "play", game, seed, options, keys)
    screen = app.screen
    assert isinstance(screen, gamescreen.GameScreen), type(screen)
    rep = str(tmp_path / "r.rep")
    cli._write_record(app, rep)
    app2, board2 = replay(rep, tmp_path / "replay")
    assert app2.screen.rules.dump(app2.screen.s) == screen.rules.dump(screen.s)
    assert bytes(board2.display.buf) == bytes(board.display.buf)


def test_esc_in_a_game_holds_a_b_for_the_chord_and_saves(tmp_path):
    app, _board, _ = device.make(str(tmp_path))
    app.start_game("hang10", seed=7, resume=False)
    session = terminal.Session(app)
    session.frame(ESC)
    frames = 1
    while isinstance(app.screen, gamescreen.GameScreen):
        session.frame(b"")
        frames += 1
    assert frames == terminal.CHORD_FRAMES  # the device's 0.5 s hold, frame for frame
    assert app.store.exists("hang10.sav")


def braille_pixels(text):
    """The 128x64 pixels a compact view shows, read back from its braille cells."""
    rows = text.splitlines()[1:17]
    out = set()
    for cy, line in enumerate(rows):
        for cx, ch in enumerate(line[1:65]):
            bits = ord(ch) - 0x2800
            for dx, dy, bit in terminal._BRAILLE_BITS:
                if bits & bit:
                    out.add((2 * cx + dx, 4 * cy + dy))
    return out


def test_a_default_80x24_terminal_gets_the_compact_view_of_every_pixel(tmp_path):
    app, board, d = device.make(str(tmp_path))
    d.keys("A,A")  # a game, a screen full of detail
    buf = bytes(board.display.buf)
    text = terminal.view(buf, (80, 24))
    lines = text.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    assert lines[-1] == terminal.COMPACT_NOTE
    want = {(x, y) for x in range(128) for y in range(64) if device.pixel(buf, x, y)}
    assert braille_pixels(text) == want and want


def test_a_big_terminal_gets_the_full_view():
    buf = bytes(1024)
    text = terminal.view(buf, terminal.FULL_SIZE)
    lines = text.splitlines()
    assert len(lines) <= terminal.FULL_SIZE[1] - 1  # and the cursor's line
    assert max(len(line) for line in lines) <= terminal.FULL_SIZE[0]
    assert terminal.COMPACT_NOTE not in text
    assert terminal.view(buf, (129, 40)) != text  # one column short: compact


def test_play_keeps_its_files_apart_from_the_launchers(tmp_path, monkeypatch):
    """`play hang10 --seed 7` then Q must not replace the launcher's saved game."""
    monkeypatch.setattr(cli, "DEFAULT_ROOT", str(tmp_path / ".sim"))
    seen = {}

    def fake_run(app, board, on_quit=None):
        seen["root"] = app.store.dir

    monkeypatch.setattr(terminal, "run", fake_run)
    cli.main(["play", "hang10", "--seed", "7"])
    assert seen["root"].startswith(str(tmp_path / ".sim" / "play"))
    cli.main(["play", "hang10", "--seed", "7", "--root", str(tmp_path / "mine")])
    assert seen["root"].startswith(str(tmp_path / "mine"))


@pytest.mark.parametrize(
    "data, mask",
    [
        (b"7", terminal.btn.UP | terminal.btn.LEFT),
        (b"9", terminal.btn.UP | terminal.btn.RIGHT),
        (b"1", terminal.btn.DOWN | terminal.btn.LEFT),
        (b"3", terminal.btn.DOWN | terminal.btn.RIGHT),
        (b"\x1b[H", terminal.btn.UP | terminal.btn.LEFT),
        (b"\x1b[5~", terminal.btn.UP | terminal.btn.RIGHT),
        (b"\x1b[4~", terminal.btn.DOWN | terminal.btn.LEFT),
        (b"\x1b[6~", terminal.btn.DOWN | terminal.btn.RIGHT),
        (b"\x1bOA", terminal.btn.UP),  # arrows in application mode
        (b"\x1b[3~z", terminal.btn.A),  # Delete: not ours, skipped whole
    ],
)
def test_diagonal_keys_arrive_in_one_frame(data, mask):
    assert terminal.parse_terminal(data) == (mask, 0, None)


def test_a_diagonal_key_steers_a_diagonal_snafu_trail(tmp_path):
    """Variant 5 has diagonals: one key queues a diagonal turn for red (no two arrows
    that must land together)."""
    from shared_rules import snafu

    app, _board, _ = device.make(str(tmp_path))
    app.start_game("snafu", seed=2, options={"variant": 5}, resume=False)
    session = terminal.Session(app)
    session.frame(b"z")  # A: go
    for key, name in ((b"9", "UR"), (b"3", "DR"), (b"1", "DL"), (b"7", "UL")):
        app.screen.queue[snafu.RED][:] = []
        session.frame(key)
        assert app.screen.queue[snafu.RED] == [snafu.DIR_NAMES.index(name)], key


def test_shift_holds_a_button_for_a_second(tmp_path):
    """The button test's "hold B: back" from a terminal: Shift+X."""
    from firmware import launcher

    app, _board, d = device.make(str(tmp_path))
    d.idle()
    app.go(launcher.ButtonTest(app))
    session = terminal.Session(app)
    session.frame(b"x")  # a tap: still there
    for _ in range(5):
        session.frame(b"")
    assert isinstance(app.screen, launcher.ButtonTest)
    session.frame(b"X")
    for _ in range(terminal.HOLD_FRAMES):
        session.frame(b"")
    assert isinstance(app.screen, launcher.Settings)


def test_a_long_status_keeps_its_end_the_file_name():
    status = "saved /" + "deep/" * 40 + "shot-009.png"
    line = terminal.view(bytes(1024), (80, 24), status).split("\n")[-2]
    assert line.startswith("...") and line.endswith("/shot-009.png")
    assert len(line) == 79


def test_p_saves_a_screenshot_next_to_the_saves(tmp_path):
    from PIL import Image

    from host_sim import png

    app, board, _ = device.make(str(tmp_path))
    app.start_game("hang10", seed=7, resume=False)
    session = terminal.Session(app)
    session.frame(b"")
    session.frame(b"p")
    assert session.status == "saved " + str(tmp_path / "shot-001.png")
    got = Image.open(tmp_path / "shot-001.png").convert("RGB").tobytes()
    assert got == png.image(bytes(board.display.buf), 4).convert("RGB").tobytes()
    session.frame(b"p")
    assert (tmp_path / "shot-002.png").exists()  # never over an older one
    assert "shot-002" in terminal.view(bytes(board.display.buf), (80, 24), session.status)
    session.frame(b"z")
    assert session.status == ""
