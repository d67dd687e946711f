"""The simulator's command line: run, shot, replay, and the terminal screen."""

import json
import os
import subprocess
import sys

import pytest
from PIL import Image

from firmware import buttons as btn
from firmware import games
from host_sim import cli, terminal
from mpvm import ROOT


def sim(*args, check=True):
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if check and proc.returncode != 0:
        raise AssertionError(proc.stdout + proc.stderr)
    return proc


def test_run_auto_json_one_object_per_game():
    out = sim("run", "hang10", "--auto", "--games", "3", "--seed", "10", "--json").stdout
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["seed"] for r in rows] == [10, 11, 12]
    for r in rows:
        assert r["game"] == "hang10"
        for key in ("score", "wipeouts", "moves"):
            assert isinstance(r[key], int)
    # deterministic: the same seed gives the same game
    again = cli.autoplay("hang10", 11)
    assert again["score"] == rows[1]["score"] and again["moves"] == rows[1]["moves"]


@pytest.mark.parametrize("game", games.ids() + list(cli.PREVIEW))
def test_run_auto_json_has_the_common_keys_for_every_game(game):
    row = cli.autoplay(game, 3)
    for key in ("game", "seed", "options", "scores", "winner", "moves"):
        assert key in row, key
    assert row["game"] == game and row["seed"] == 3
    assert row["winner"] is None or row["winner"] in range(len(row["scores"]))
    json.dumps(row)  # one JSON object


@pytest.mark.parametrize("game", ["hang4", "disc", "airsup"])
def test_run_auto_plays_the_baseline_asked_for(game):
    """--player random (and greedy, where the game has one) plays that baseline, not the
    strong player under another name."""
    best = cli.autoplay(game, 3)
    rand = cli.autoplay(game, 3, player="random")
    assert rand["player"] == "random" and rand["moves"] != best["moves"]
    assert cli.autoplay(game, 3, player="random") == rand  # the same seed, the same game


def test_run_auto_json_says_null_for_a_draw():
    row = cli.autoplay("dsol", 205)  # both Piles left: a drawn game
    assert row["winner"] is None and row["scores"] == [0, 0]


def test_run_auto_json_has_the_keys_the_issues_name():
    """Disc Battle's keys and Three-Thirteen's."""
    out = sim("run", "disc", "--auto", "--json", "--seed", "5", "--opt", "rules=advanced")
    row = json.loads(out.stdout)
    assert row["rules"] == "advanced" and len(row["points"]) == len(row["levels"]) == 2
    assert isinstance(row["derez"], list) and row["turns"] >= 1
    assert row["winner"] is None or row["derez"][-1][0] == row["winner"]
    row = json.loads(sim("run", "rummy", "--auto", "--json", "--seed", "2").stdout)
    assert len(row["totals"]) == row["players"] and len(row["rounds"]) == 11
    low = min(row["totals"])
    tied = row["totals"].count(low) > 1  # a tie for the lowest total: no winner (D15)
    assert row["winner"] == (None if tied else row["totals"].index(low))
    for r in row["rounds"]:
        assert set(r) >= {"wild", "out", "points", "grabs"}
    assert [r["wild"] for r in row["rounds"]] == list(range(3, 14))


def test_run_speed_takes_each_games_own_levels():
    """--speed is the game's option: G'nerts has a fifth level, Snafu four."""
    row = json.loads(sim("run", "gnerts", "--auto", "--json", "--speed", "5").stdout)
    assert row["options"] == {"speed": 5}
    row = json.loads(sim("run", "snafu", "--auto", "--json", "--speed", "4").stdout)
    assert row["options"]["speed"] == 4


def test_run_gnerts_plays_every_seat_on_its_timer():
    """run gnerts --auto: the person's seat is a computer like the others, acting on its
    own timer at the game's speed (not at every tick, which won every game), so the
    figures are a game among equals: the same game as every seat set to its policy."""
    from shared_rules import gnerts

    for player, policy in (("best", "strong"), ("random", "random")):
        row = cli.autoplay("gnerts", 3, player, options={"rivals": 2, "speed": 4})
        s = gnerts.new(3, {"rivals": 2, "speed": 4})
        gnerts.set_seat(s, 0, policy, 4)
        n = 0
        while not gnerts.over(s):
            gnerts.play(s, gnerts.NEXT if gnerts.round_over(s) else gnerts.WAIT)
            n += 1
        assert row["totals"] == s.totals and row["moves"] == n
    winners = [cli.autoplay("gnerts", seed, options={"rivals": 2})["winner"] for seed in range(6)]
    assert set(winners) != {0}  # three strong seats at one speed: not seat 0 every time


def test_a_game_that_never_ends_is_one_line(monkeypatch, capsys):
    """run --auto stops a game at its move cap with one line and status 1, not a
    traceback (computer players going round in circles would be a bug to report)."""
    from shared_rules import hang10

    monkeypatch.setattr(hang10, "play", lambda s, m: None)  # moves that change nothing
    with pytest.raises(SystemExit) as e:
        cli.main(["run", "hang10", "--auto", "--seed", "4", "--player", "random"])
    assert str(e.value).startswith("host_sim: hang10 seed 4 did not end in")
    with pytest.raises(cli.NoEnd):
        cli.autoplay("hang10", 4, max_moves=50)


def test_run_without_auto_says_what_to_do():
    proc = sim("run", "hang10", check=False)
    assert proc.returncode != 0 and "--auto" in proc.stderr


def test_unknown_game_is_a_clear_error():
    proc = sim("run", "chess", "--auto", check=False)
    assert proc.returncode != 0 and "unknown game" in proc.stderr


def test_shot_writes_scaled_png(tmp_path):
    out = tmp_path / "shot.png"
    sim("shot", "hang10", "--seed", "4", "--keys", "RIGHT,A", "--png", str(out), "--scale", "3")
    img = Image.open(out)
    assert img.size == ((128 + 4) * 3, (64 + 4) * 3)
    colors = {c for _, c in img.getcolors(maxcolors=10)}
    assert len(colors) == 2  # crisp: only the two OLED colours


def test_shot_same_keys_same_png(tmp_path):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    sim("shot", "hang10", "--seed", "4", "--keys", "A,RIGHT,A", "--png", str(a))
    sim("shot", "hang10", "--seed", "4", "--keys", "A,RIGHT,A", "--png", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_shot_in_terminal_prints_half_blocks():
    out = sim("shot", "hang10", "--seed", "4").stdout
    lines = out.splitlines()
    assert len(lines) == 34 and all(len(line) == 130 for line in lines)
    assert any(ch in out for ch in "▀▄█")


def test_replay_command_reproduces_recorded_game(tmp_path):
    from host_sim import device

    app, board, d = device.make(str(tmp_path / "dev"))
    d.keys("A,A")
    d.autoplay()
    rep = os.path.join(str(tmp_path / "dev"), "saves", "hang10.last.rep")
    out = tmp_path / "replay.png"
    proc = sim("replay", rep, "--png", str(out))
    score = app.screen.rules.score(app.screen.s)
    assert "score %d (game over)" % score in proc.stdout
    from host_sim import png

    png.save(bytes(board.display.buf), str(tmp_path / "orig.png"))
    assert out.read_bytes() == (tmp_path / "orig.png").read_bytes()


def test_replay_rejects_missing_and_bad_files(tmp_path):
    proc = sim("replay", str(tmp_path / "nope.rep"), check=False)
    assert proc.returncode != 0 and "cannot read" in proc.stderr
    bad = tmp_path / "bad.rep"
    bad.write_text("hello\n")
    proc = sim("replay", str(bad), check=False)
    assert proc.returncode != 0 and "not a replay" in proc.stderr


def test_root_option_holds_the_device_files(tmp_path):
    root = tmp_path / "devroot"
    sim("shot", "hang10", "--seed", "2", "--keys", "A", "--root", str(root))
    assert (root / "saves").is_dir()


def test_interactive_sim_needs_a_terminal():
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", "--root", "/tmp/pt-noterm"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert proc.returncode != 0 and "needs a terminal" in proc.stderr


def test_terminal_render_shape_and_pixels():
    buf = bytearray(1024)
    buf[0] = 0b11  # (0,0) and (0,1): a full block
    buf[1] = 0b01  # (1,0): upper half
    buf[2] = 0b10  # (2,1): lower half
    lines = terminal.render(buf).splitlines()
    assert len(lines) == 34
    assert lines[1][1:4] == "█▀▄"


@pytest.mark.parametrize(
    "data,mask,action",
    [
        (b"\x1b[A", btn.UP, None),
        (b"\x1b[C\x1b[D", btn.RIGHT | btn.LEFT, None),
        (b"wasd", btn.UP | btn.LEFT | btn.DOWN | btn.RIGHT, None),
        (b"zj", btn.A, None),
        (b"XK", btn.B, None),
        (b"\x1b", 0, "home"),
        (b"q", 0, "quit"),
    ],
)
def test_terminal_keys(data, mask, action):
    assert terminal.parse_keys(data) == (mask, action)


@pytest.mark.parametrize("size", [(140, 40), (80, 24)], ids=["full", "compact"])
def test_interactive_terminal_session_in_a_pty(tmp_path, size):
    """Drive the real terminal UI through a pseudo-terminal: keys in, screen out; a
    big terminal gets half-blocks, a default 80x24 one the compact braille view."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # child: the simulator straight into a game
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        os.environ["COLUMNS"] = str(size[0])  # what a shell exports for its size
        os.environ["LINES"] = str(size[1])
        os.chdir(ROOT)
        os.execv(
            sys.executable,
            [
                sys.executable,
                "-m",
                "host_sim",
                "play",
                "hang10",
                "--seed",
                "3",
                "--root",
                str(tmp_path),
            ],
        )
    out = b""

    def read_for(seconds):
        nonlocal out
        end = time.time() + seconds
        while time.time() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    return

    read_for(1.5)
    started = time.time() + 60  # a loaded machine starts the simulator slowly
    while len(out) < 200 and time.time() < started:  # its first frame on the terminal
        read_for(0.2)
    os.write(fd, b"z")  # A: draw
    read_for(0.8)
    os.write(fd, b"q")
    read_for(1.0)
    quit_by = time.time() + 60
    while os.waitpid(pid, os.WNOHANG)[0] == 0:  # never a test that waits for ever
        if time.time() > quit_by:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the simulator did not quit on q: %r" % out[-300:])
        read_for(0.1)
    text = out.decode("utf-8", "replace")
    if size[0] >= 130:
        assert "▀" in text or "█" in text
    else:
        assert "compact view" in text and any(0x2801 <= ord(c) <= 0x28FF for c in text)
    saved = (tmp_path / "saves" / "hang10.sav").read_text()  # quitting saved the game
    assert "\nphase 1\n" in saved or "\nphase 3\n" in saved  # after Z (A) the card was drawn


@pytest.mark.parametrize(
    "args, says",
    [
        (["shot", "hang10", "--keys", "FOO"], "unknown button 'FOO'"),
        (["shot", "hang10", "--keys", "A*x"], "the count after * must be"),
        (["shot", "hang10", "--keys", "A*0"], "the count after * must be"),
        (["shot", "hang10", "--keys", "A++B"], "key 'A++B'"),
        (["shot", "hang10", "--keys", "+"], "key '+'"),
        (["shot", "hang10", "--scale", "0"], "--scale: 0 is not in 1..16"),
        (["shot", "hang10", "--scale", "100000"], "--scale: 100000 is not in 1..16"),
        (["run", "hang10", "--auto", "--games", "-1"], "--games: -1 is not in"),
        (["run", "hang10", "--auto", "--seed", "-3"], "--seed: -3 is not in"),
        (["shot", "snafu", "--variant", "17"], "variant must be one of"),
        (["run", "snafu", "--auto", "--variant", "99"], "variant must be one of"),
        (["run", "snafu", "--auto", "--variant", "0"], "variant must be one of"),
        (["run", "snafu", "--auto", "--rounds", "0"], "rounds must be one of"),
        (["run", "snafu", "--auto", "--speed", "5"], "speed must be one of 1, 2, 3, 4"),
        (["run", "gnerts", "--auto", "--speed", "6"], "speed must be one of 1, 2, 3, 4, 5"),
        (["shot", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["run", "airsup", "--auto", "--player", "greedy"], "airsup has no greedy player"),
        (["fuzz", "--presses", "-5"], "--presses: -5 is not in"),
        (["run", "rummy", "--auto", "--speed", "3"], "rummy has no --speed (its options:"),
        (["run", "gnerts", "--auto", "--rounds", "3"], "gnerts has no --rounds"),
        (["run", "rummy", "--auto", "--red", "classic"], "--red is Snafu's"),
        (["run", "snafu", "--auto", "--opt", "rounds=1", "--rounds", "3"], "rounds given twice"),
        (["run", "hang10", "--auto", "--seed", "2147483647", "--games", "2"], "past the last"),
        (["run", "hang10", "--auto", "--games", "abc"], "--games: 'abc' is not a whole"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["vboard", "--dir", "{file}"], "is a file, not a folder"),
    ],
)
def test_bad_arguments_end_in_one_line(tmp_path, args, says):
    (tmp_path / "afile").write_text("x")
    args = [a.format(file=tmp_path / "afile") for a in args]
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc  # usage: as argparse
    assert "Traceback" not in proc.stderr and says in proc.stderr, proc.stderr
    assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


REPLAY_HEAD = "pocket-table replay 1\ngame snafu\nseed 3\noptions %s\nin 1:A\n"


@pytest.mark.parametrize(
    "content, says",
    [
        (b"\x83\xff\x00garbage" * 50, "is not a replay (not text)"),
        ((REPLAY_HEAD % '{"variant": 99}').encode(), "cannot be played: snafu variant"),
        ((REPLAY_HEAD % '{"zzz": 1}').encode(), "has no option 'zzz'"),
        ((REPLAY_HEAD % '{"variant": 1e999}').encode(), "got inf"),
        ((REPLAY_HEAD % ("[" * 5000 + "]" * 5000)).encode(), "is not a replay"),
        (b"pocket-table replay 1\n" + b"in 1:A\n" * 700000, "is over 4 MB"),
    ],
)
def test_bad_replay_files_end_in_one_line(tmp_path, content, says):
    path = tmp_path / "bad.rep"
    path.write_bytes(content)
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1 and proc.stdout == "", proc
    assert "Traceback" not in proc.stderr and says in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    "args, says",
    [
        (["--root", "{file}"], "is a file, not a folder"),
        (["--root", ""], "--root needs a folder name"),
        (["--png", "{tmp}/no/such/folder/x.png"], "does not exist"),
        (["--png", "{tmp}"], "must end in .png"),
        (["--png", "{tmp}/dir.png"], "is a folder"),
    ],
)
def test_bad_shot_paths_end_in_one_line(tmp_path, args, says):
    (tmp_path / "afile").write_text("x")
    (tmp_path / "dir.png").mkdir()
    args = [a.format(file=tmp_path / "afile", tmp=tmp_path) for a in args]
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", "shot", "hang10", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == "", proc  # usage
    assert "Traceback" not in proc.stderr and says in proc.stderr, proc.stderr


def test_keys_may_start_with_a_dash_and_root_may_come_first(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", "--root", str(tmp_path / "dev"), "shot", "hang10"]
        + ["--keys", "-*40", "--png", str(tmp_path / "x.png")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "dev" / "saves").is_dir() and (tmp_path / "x.png").exists()


def test_install_cp_takes_a_drive_path_with_a_space():
    """macOS names a second drive "CIRCUITPY 1": the Makefile passes it as one argument."""
    import shlex

    out = subprocess.run(
        ["make", "-n", "install-cp", "DRIVE=/Volumes/CIRCUITPY 1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    line = [ln for ln in out.splitlines() if "host_sim.install_cp" in ln][0]
    assert shlex.split(line)[-1] == "/Volumes/CIRCUITPY 1"
    out = subprocess.run(
        ["make", "-n", "install-cp"], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    line = [ln for ln in out.splitlines() if "host_sim.install_cp" in ln][0]
    assert shlex.split(line)[-1] == "host_sim.install_cp"  # no drive: it finds one itself


def cpython_own(err):
    """The signal landed while CPython itself was starting (loading runpy, or runpy
    finding the module), before any of the project's code ran."""
    if "Could not import runpy module" in err:
        return True
    return "KeyboardInterrupt" in err and "<frozen runpy>" in err and ROOT not in err


@pytest.mark.parametrize("delay", [0.05, 0.3])
def test_ctrl_c_at_any_moment_is_one_line(tmp_path, delay):
    """SIGINT while the command is still starting or already running: no traceback.
    On a busy machine the signal can land before CPython has loaded runpy, before any
    of the project's code: that case is CPython's own and is tried again."""
    import signal
    import time

    for _ in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "host_sim", "run", "hang10", "--auto", "--games", "200"]
            + ["--root", str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        if not cpython_own(err):
            break
    assert "Traceback" not in err, err
    # 130 from host_sim's own handler; on a busy machine CPython may end by the signal
    # itself after the line is out (-2 here, 130 in a shell, as for any Ctrl-C)
    assert proc.returncode in (0, 130, -signal.SIGINT), (proc.returncode, err)
