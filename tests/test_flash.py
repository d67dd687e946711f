"""Build and flash, end to end against the virtual board (python -m host_sim vboard).

The vboard is the real MicroPython unix port behind a pseudo-terminal; the
flash and the plain mpremote commands talk to it exactly as to a Pico.
"""

import hashlib
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time

import pytest

from firmware.version import VERSION
from host_sim import build, device, flash
from mpvm import ROOT, require_vm, run_mp

LAST_LINE = re.compile(r"^flash: (\d+) files copied, (\d+) bytes, (\d+\.\d) s$")
FILE_LINE = re.compile(r"^  (\S+) +(\d+) bytes  ok$")
SAVES = {
    "hang10.json": b'{"games": 4, "clean": 1, "best": 31, "total": 77}',
    "hang10.last.rep": b"PTREP 1\ngame hang10\nseed 7\n",
    "notes.bin": bytes(range(256)) * 3,
}


def sha(data):
    return hashlib.sha256(data).hexdigest()


def wait_for(check, timeout=10.0, what="condition"):
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for " + what)
        time.sleep(0.05)


# ---- builds -------------------------------------------------------------


@pytest.fixture(scope="module")
def new_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("new") / "device")
    build.build(out)
    return out


@pytest.fixture(scope="module")
def old_build(tmp_path_factory):
    """An older build: every module different, and one module the new build no longer has."""
    src = tmp_path_factory.mktemp("oldsrc")
    for pkg in build.PACKAGES:
        shutil.copytree(
            os.path.join(ROOT, pkg),
            src / pkg,
            ignore=shutil.ignore_patterns("__py*"),
            dirs_exist_ok=True,
        )
        for name in os.listdir(src / pkg):
            if name.endswith(".py"):
                with open(src / pkg / name, "a") as f:
                    f.write("\nOLD_BUILD = True\n")
    (src / "firmware" / "retired.py").write_text("GONE = 1\n")
    shutil.copyfile(os.path.join(ROOT, "main.py"), src / "main.py")
    out = str(tmp_path_factory.mktemp("old") / "device")
    build.build(out, root=str(src))
    return out


def test_manifest_lists_every_compiled_file_with_size_and_sha256(new_build):
    m = build.read_manifest(new_build)
    on_disk = set()
    for dirpath, _dirs, names in os.walk(new_build):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), new_build)
            on_disk.add(rel.replace(os.sep, "/"))
    assert on_disk == set(m["files"]) | {build.MANIFEST}
    for rel, entry in m["files"].items():
        with open(os.path.join(new_build, rel), "rb") as f:
            data = f.read()
        assert entry == {"size": len(data), "sha256": sha(data)}, rel
    expected = {"main.py"}
    for pkg in build.PACKAGES:
        for name in os.listdir(os.path.join(ROOT, pkg)):
            if name.endswith(".py") and not build.uf2_only(os.path.join(ROOT, pkg, name)):
                expected.add("%s/%s.mpy" % (pkg, name[:-3]))  # (UF2_ONLY: frozen only)
    if os.path.exists(os.path.join(ROOT, "boot.py")):
        expected.add("boot.py")
    assert set(m["files"]) == expected  # board.txt is device-local: never shipped
    assert re.match(r"^%s\+[0-9a-f]{8}$" % re.escape(VERSION), m["version"])
    require_vm()
    shown = run_mp("from firmware.version import VERSION\nprint(VERSION)", cwd=new_build)
    assert shown.strip() == m["version"]  # the About screen's version


def test_build_is_reproducible(new_build, tmp_path):
    again = str(tmp_path / "device")
    build.build(again)
    assert build.read_manifest(again) == build.read_manifest(new_build)


# ---- the virtual board --------------------------------------------------


class VBoard:
    def __init__(self, root, log):
        self.root = str(root)
        self.log = log
        self.logf = open(log, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "host_sim", "vboard", "--dir", self.root, "-v"],
            cwd=ROOT,
            stdout=self.logf,
            stderr=subprocess.STDOUT,
        )
        first = wait_for(self._first_line, 10, "the vboard's port line")
        assert first.startswith("port: /dev/pts/"), first
        self.port = first.split(" ", 1)[1]

    def _first_line(self):
        assert self.proc.poll() is None, open(self.log).read()
        with open(self.log) as f:
            line = f.readline()
        return line.strip() if line.endswith("\n") else None

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def read(self, *parts):
        with open(self.path(*parts), "rb") as f:
            return f.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.logf.close()


def start_vboard(tmp_path, name):
    require_vm()
    root = tmp_path / name
    (root / "saves").mkdir(parents=True)
    for fname, data in SAVES.items():
        (root / "saves" / fname).write_bytes(data)
    return VBoard(root, str(tmp_path / (name + ".log")))


@pytest.fixture(scope="module")
def vb(tmp_path_factory):
    board = start_vboard(tmp_path_factory.mktemp("vb"), "dev")
    yield board
    board.stop()


@pytest.fixture
def vb2(tmp_path):
    board = start_vboard(tmp_path, "dev2")
    yield board
    board.stop()


def run_flash(port, build_dir, env=None):
    return subprocess.run(
        [sys.executable, "-m", "host_sim", "flash", "--port", port]
        + ["--build-dir", build_dir, "--no-build"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def flash_ok(board, build_dir):
    proc = run_flash(board.port, build_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    m = LAST_LINE.match(lines[-1])
    assert m, lines[-1]
    copied = [FILE_LINE.match(line).group(1) for line in lines if FILE_LINE.match(line)]
    assert len(copied) == int(m.group(1))
    return copied, int(m.group(2)), float(m.group(3))


def mpremote(port, *args, timeout=30):
    proc = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def launcher_screen(tmp_path):
    _app, board, driver = device.make(str(tmp_path / "sim"))
    driver.idle()
    return bytes(board.display.buf)


def temp_files(board):
    return [
        os.path.join(d, n)
        for d, _dirs, names in os.walk(board.root)
        for n in names
        if n.endswith(flash.TEMP_SUFFIX)
    ]


def assert_installed(board, build_dir, temps_allowed=False, own=()):
    """The device holds exactly the build (and the user's own files `own`): manifest
    equal, every sha256 matching, no temp files."""
    m = build.read_manifest(build_dir)
    assert board.read(build.MANIFEST) == open(os.path.join(build_dir, build.MANIFEST), "rb").read()
    for rel, entry in m["files"].items():
        data = board.read(rel)
        assert (len(data), sha(data)) == (entry["size"], entry["sha256"]), rel
    for pkg in build.PACKAGES:
        for name in os.listdir(board.path(pkg)):
            if temps_allowed and name.endswith(flash.TEMP_SUFFIX):
                continue
            if "%s/%s" % (pkg, name) in build.PACKAGES:
                continue  # a package inside a package (firmware/ui)
            rel = "%s/%s" % (pkg, name)
            assert rel in m["files"] or rel in own, "left on the device: %s" % rel
    if not temps_allowed:
        assert temp_files(board) == []


def assert_saves_kept(board):
    for name, data in SAVES.items():
        assert board.read("saves", name) == data, name
    assert board.read("board.txt") == b"vboard\n"


def screen(board):
    try:
        return board.read("screen.bin")
    except OSError:
        return None


def test_full_flash_boots_the_launcher_and_a_second_flash_copies_nothing(vb, new_build, tmp_path):
    want = launcher_screen(tmp_path)
    m = build.read_manifest(new_build)
    copied, nbytes, _s = flash_ok(vb, new_build)
    assert sorted(copied) == sorted(list(m["files"]) + [build.MANIFEST])
    assert copied[-1] == build.MANIFEST  # written last
    assert nbytes == sum(e["size"] for e in m["files"].values()) + len(vb.read(build.MANIFEST))
    assert_installed(vb, new_build)
    assert_saves_kept(vb)
    wait_for(lambda: screen(vb) == want, 15, "the launcher on the vboard's screen")

    os.remove(vb.path("screen.bin"))
    copied, nbytes, seconds = flash_ok(vb, new_build)
    assert (copied, nbytes) == ([], 0) and 0 < seconds < 30
    assert json.loads(vb.read(build.MANIFEST)) == m
    assert_installed(vb, new_build)
    assert_saves_kept(vb)
    wait_for(lambda: screen(vb) == want, 15, "the launcher after the second flash")


def test_killed_flash_leaves_the_old_build_then_the_next_flash_completes(
    vb2, old_build, new_build, tmp_path
):
    flash_ok(vb2, old_build)
    assert_installed(vb2, old_build)
    env = dict(os.environ, **{flash.TEST_DELAY_ENV: "0.3"})
    proc = subprocess.Popen(
        [sys.executable, "-m", "host_sim", "flash", "--port", vb2.port]
        + ["--build-dir", new_build, "--no-build"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    seen = []
    try:
        for line in proc.stdout:
            seen.append(line.rstrip("\n"))
            if len([s for s in seen if FILE_LINE.match(s)]) == 3:
                proc.send_signal(signal.SIGKILL)
                break
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
    assert len([s for s in seen if FILE_LINE.match(s)]) == 3, seen
    assert not any(LAST_LINE.match(s) for s in seen)
    # killed during the upload: the old build is untouched, only temp files were added
    assert len(temp_files(vb2)) >= 3
    assert_installed(vb2, old_build, temps_allowed=True)
    assert_saves_kept(vb2)

    # a flash killed earlier while it uploaded main.py (not changed this time) left this one
    with open(vb2.path("main.py" + flash.TEMP_SUFFIX), "wb") as f:
        f.write(b"half a main")
    copied, _n, _s = flash_ok(vb2, new_build)
    old_files = build.read_manifest(old_build)["files"]
    differ = [r for r, e in build.read_manifest(new_build)["files"].items() if old_files[r] != e]
    assert len(differ) > 20  # every module (not main.py)
    assert sorted(copied) == sorted(differ + [build.MANIFEST])
    assert_installed(vb2, new_build)  # also: firmware/retired.mpy and every temp file are gone
    assert not os.path.exists(vb2.path("firmware", "retired.mpy"))
    assert_saves_kept(vb2)
    want = launcher_screen(tmp_path)
    wait_for(lambda: screen(vb2) == want, 15, "the launcher after the repair")


def test_plain_mpremote_commands_work_against_the_vboard(vb, new_build, tmp_path):
    flash_ok(vb, new_build)
    listing = mpremote(vb.port, "ls")
    for name in ("main.py", "manifest.json", "board.txt", "firmware/", "saves/"):
        assert re.search(r"\s%s$" % re.escape(name), listing, re.M), listing

    local = tmp_path / "hello.txt"
    local.write_bytes(b"hello\x00pico\n")
    mpremote(vb.port, "cp", str(local), ":hello.txt")
    assert vb.read("hello.txt") == b"hello\x00pico\n"
    back = tmp_path / "back.txt"
    mpremote(vb.port, "cp", ":saves/notes.bin", str(back))
    assert back.read_bytes() == SAVES["notes.bin"]
    mpremote(vb.port, "rm", ":hello.txt")
    assert not os.path.exists(vb.path("hello.txt"))

    script = tmp_path / "show.py"
    script.write_text(
        "from firmware.version import VERSION\nimport os\nprint(VERSION, os.getcwd(), 6 * 7)\n"
    )
    out = mpremote(vb.port, "run", str(script))
    assert out.split() == [build.read_manifest(new_build)["version"], "/", "42"]

    assert mpremote(vb.port, "exec", "A = 1", "exec", "print('A' in globals())").split() == ["True"]
    out = mpremote(vb.port, "exec", "A = 1", "soft-reset", "exec", "print('A' in globals())")
    assert out.split() == ["False"]
    mpremote(vb.port, "soft-reset")
    out = mpremote(vb.port, "fs", "cat", ":saves/hang10.json")
    assert out.strip() == SAVES["hang10.json"].decode()
    assert_saves_kept(vb)


@pytest.mark.parametrize("broken", ["firmware/app.mpy", "firmware/main.mpy"])
def test_broken_module_shows_the_boot_message_frees_the_repl_and_the_next_flash_repairs(
    vb, new_build, broken
):
    import serial

    from boards import headless
    from firmware import main as fwmain

    flash_ok(vb, new_build)
    with open(vb.path(broken), "wb") as f:
        f.write(b"not a module")
    if os.path.exists(vb.path("screen.bin")):  # the app may not have drawn yet
        os.remove(vb.path("screen.bin"))
    with serial.Serial(vb.port, 115200, timeout=0.1, exclusive=True) as s:

        def read_until(marker, timeout=10):
            data = b""
            end = time.monotonic() + timeout
            while marker not in data:
                assert time.monotonic() < end, data
                data += s.read(4096)
            return data

        for _ in range(
            4
        ):  # stop the app; a Ctrl-C while the VM starts may be missed, as on a board
            s.write(b"\r\x03")
            try:
                read_until(b">>> ", timeout=2)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError("no REPL prompt after four Ctrl-C: " + open(vb.log).read()[-2000:])
        s.write(b"\x04")  # soft reset from the friendly REPL: boot runs main.py
        boot = read_until(b">>> ").decode()
        assert "MPY: soft reboot" in boot
        m = re.search(r"Pocket Table cannot start: (.*)\n", boot)
        assert m, boot
        s.write(b"print(6 * 7)\r")  # main.py returned: the REPL is free
        assert b"42" in read_until(b"42\n>>> ")
    assert m.group(1).startswith("ValueError: "), boot
    board = headless.setup(fs_root="unused")
    fwmain.show_message(board.display, m.group(1))
    want = bytes(board.display.buf)
    if broken == "firmware/main.mpy":  # main.py's own message: the same first line
        wait_for(lambda: (screen(vb) or b"")[:128] == want[:128], 10, "the plain message")
    else:
        wait_for(lambda: screen(vb) == want, 10, "the plain message on the screen")

    copied, _n, _s = flash_ok(vb, new_build)
    assert copied == [broken]
    assert_installed(vb, new_build)
    assert_saves_kept(vb)


# ---- one-line errors ------------------------------------------------------


def one_line_error(proc):
    assert proc.returncode not in (0, None)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_own_board_files_stay_and_a_damaged_manifest_is_rewritten(vb, new_build):
    """A flash deletes only what an earlier build's manifest lists: a board file of
    one's own stays; a manifest that is not one (a list of files, bytes that are not
    text) is taken as no earlier build and written anew."""
    os.makedirs(vb.path("boards"), exist_ok=True)
    with open(vb.path("boards", "my_board.py"), "w") as f:
        f.write("# my own pins\n")
    for damage in (b'{"files": [1]}', b"\xff\xfe"):
        with open(vb.path(build.MANIFEST), "wb") as f:
            f.write(damage)
        flash_ok(vb, new_build)
        assert_installed(vb, new_build, own=("boards/my_board.py",))
        assert vb.read("boards", "my_board.py") == b"# my own pins\n"
        assert_saves_kept(vb)


OWN = ("boards/my_board.py",)  # left by the test before, on the same board


def test_flash_moves_aside_what_blocks_a_path_of_the_build(vb, new_build):
    """A folder where a file of the build goes (/main.py, /firmware/app.mpy) or a file
    where a folder goes (/firmware) is moved aside to NAME.bad, never deleted, and the
    flash installs the build; the device's own "flash it again" is then true."""
    flash_ok(vb, new_build)
    for rel in ("main.py", "firmware/app.mpy"):
        os.remove(vb.path(rel))
        os.makedirs(vb.path(rel))
        with open(vb.path(rel, "notes.txt"), "w") as f:
            f.write("mine")
    copied, _n, _s = flash_ok(vb, new_build)
    assert sorted(copied) == ["firmware/app.mpy", "main.py"]
    for rel in ("main.py", "firmware/app.mpy"):
        assert vb.read(rel + ".bad", "notes.txt") == b"mine"
        shutil.rmtree(vb.path(rel + ".bad"))
    assert_installed(vb, new_build, own=OWN)

    shutil.rmtree(vb.path("firmware"))
    with open(vb.path("firmware"), "w") as f:
        f.write("a file where a folder goes")
    copied, _n, _s = flash_ok(vb, new_build)
    assert vb.read("firmware.bad") == b"a file where a folder goes"
    assert all(rel.startswith("firmware/") for rel in copied) and copied
    os.remove(vb.path("firmware.bad"))
    assert_installed(vb, new_build, own=OWN)
    assert_saves_kept(vb)


def test_a_port_that_does_not_exist_is_one_clear_line(new_build):
    line = one_line_error(run_flash("/dev/ttyACM97", new_build))
    assert line.startswith("flash: no such port /dev/ttyACM97"), line
    assert "PORT=" in line


def test_a_busy_port_is_one_clear_line(vb, new_build):
    import serial

    with serial.Serial(vb.port, 115200, exclusive=True):
        line = one_line_error(run_flash(vb.port, new_build))
    assert line.startswith("flash: port %s is busy" % vb.port), line


class FakePort:
    def __init__(self, device):
        self.device = device
        self.vid = 0x2E8A
        self.pid = 0x0005


@pytest.mark.parametrize(
    "ports, start",
    [
        ([], "flash: no board found: plug the Pico in"),
        ([FakePort("/dev/ttyACM0"), FakePort("/dev/ttyACM1")], "flash: several boards found"),
    ],
)
def test_no_board_or_several_boards_is_one_clear_line(monkeypatch, capsys, new_build, ports, start):
    import serial.tools.list_ports

    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda *a, **k: list(ports))
    with pytest.raises(SystemExit) as e:
        flash.main(None, new_build, do_build=False)
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(start), err
    assert "PORT=" in err


def test_no_permission_is_one_clear_line(monkeypatch, capsys, vb, new_build):
    monkeypatch.setattr(flash.os, "access", lambda path, mode: False)
    with pytest.raises(SystemExit):
        flash.main(vb.port, new_build, do_build=False)
    err = capsys.readouterr().err
    assert err.startswith("flash: no permission to open %s: add yourself to" % vb.port), err
    assert len(err.strip().splitlines()) == 1


# ---- the vboard never waits forever ------------------------------------


@pytest.mark.parametrize("raw", [False, True])
def test_vboard_passes_input_on_when_the_vm_never_shows_a_sign(tmp_path, monkeypatch, raw):
    """A VM that never prints the start marker or the raw-REPL banner (killed at the
    wrong moment, or broken) does not leave the board deaf: after START_WAIT_S the
    host's bytes reach the VM and its output reaches the host."""
    import threading

    from host_sim import vboard

    fake = tmp_path / "fake_vm.sh"
    marker = "" if not raw else vboard.UP.decode().replace("\x00", "\\000")
    marker += vboard.REPL.decode().replace("\x00", "\\000") if raw else ""
    fake.write_text("#!/bin/sh\nprintf '%s'\nexec cat\n" % marker)  # echoes, never a banner
    fake.chmod(0o755)
    monkeypatch.setattr(vboard, "START_WAIT_S", 0.5)
    bridge = vboard.Bridge(str(tmp_path), str(fake))
    bridge.raw = raw
    thread = threading.Thread(target=bridge.run, daemon=True)
    thread.start()
    fd = os.open(bridge.port, os.O_RDWR | os.O_NOCTTY)
    try:
        os.write(fd, b"hello\n")
        got = b""
        end = time.monotonic() + 10
        while b"hello" not in got and time.monotonic() < end:
            r, _w, _x = select.select([fd], [], [], 0.2)
            if r:
                got += os.read(fd, 4096)
        assert b"hello" in got
    finally:
        os.close(fd)
        bridge.running = False
        thread.join(5)
        bridge.close()
