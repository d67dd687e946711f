"""Input fuzz: the whole app under random presses, on CPython and in the VM at the heap cap."""

import os
import shutil
import subprocess
import sys
import tempfile

import pytest

import host_sim
from firmware import reading
from host_sim import build, fuzz_device
from mpvm import ROOT, require_vm


def run_cpython(fs, seed, presses, session):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, host_sim.MPSTUBS])
    return subprocess.run(
        [sys.executable, "host_sim/fuzz_device.py", fs, str(seed), str(presses), session],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("fuzzbuild") / "device")
    build.build(out, march=build.HOST_MARCH)
    with open(os.path.join(ROOT, "host_sim", "fuzz_device.py")) as a:
        with open(os.path.join(out, "fuzz_device.py"), "w") as b:
            b.write(a.read())
    return out


def vm_workdir():
    """A directory of a fixed-length name for the VM's run: at the heap cap the
    MicroPython heap's layout depends on the length of the working directory's path
    (pytest's numbered temp dirs moved a seed between passing and a MemoryError), so
    the run is the same on every machine."""
    root = "/tmp" if os.path.isdir("/tmp") else None
    return tempfile.mkdtemp(prefix="ptfuzz-", dir=root)


@pytest.mark.parametrize("seed", [11, 12])
def test_fuzz_same_on_cpython_and_in_vm_at_64k(tmp_path, device_build, seed):
    exe = require_vm()
    cp_fs = tmp_path / "cp"
    cp_fs.mkdir()
    cp = run_cpython(str(cp_fs), seed, 1500, str(tmp_path / "cp.session"))
    work = vm_workdir()
    try:
        shutil.copytree(device_build, work, dirs_exist_ok=True)
        os.mkdir(os.path.join(work, "vm"))
        vm = subprocess.run(
            [exe, "-X", "heapsize=" + host_sim.APP_HEAP, "fuzz_device.py"]
            + ["vm", str(seed), "1500", "vm.session"],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert cp.returncode == 0, cp.stdout + cp.stderr
        assert vm.returncode == 0, "in %s: %s%s" % (work, vm.stdout, vm.stderr)
        assert cp.stdout.startswith("ok seed %d: 1500 presses" % seed)
        assert vm.stdout == cp.stdout  # same presses, frames, reboots, checks, games
        with open(os.path.join(work, "vm.session")) as f:
            assert (tmp_path / "cp.session").read_text() == f.read()
    except AssertionError:
        raise  # the directory is kept: its session replays the failure
    else:
        shutil.rmtree(work)


def test_failure_gives_a_session_that_replays_to_it(tmp_path, monkeypatch):
    from shared_rules import hang10

    real_play = hang10.play

    def buggy_play(s, m):
        real_play(s, m)
        if s.nmoves == 6:
            s.hand.append(s.hand[0])  # a bug: a card is duplicated

    monkeypatch.setattr(hang10, "play", buggy_play)
    from firmware import games

    real_drop = games.drop_module

    def keep_the_bug(name):  # going home unloads the game: keep the patched module
        if name != "shared_rules.hang10":
            real_drop(name)

    monkeypatch.setattr(games, "drop_module", keep_the_bug)
    session = str(tmp_path / "fail.session")
    fs = tmp_path / "fs"
    fs.mkdir()
    rc = fuzz_device.main(str(fs), 5, 5000, session)
    assert rc == 1
    with open(session) as f:
        fields = reading.read_header(f, fuzz_device.SESSION_HEAD)
    fs2 = tmp_path / "fs2"
    fs2.mkdir()
    app, board = fuzz_device.replay_session(str(fs2), fields["inputs"])
    with pytest.raises(ValueError, match="twice"):
        app.screen.rules.check(app.screen.s)


def test_replay_command_plays_a_session(tmp_path):
    session = str(tmp_path / "ok.session")
    fs = tmp_path / "fs"
    fs.mkdir()
    assert fuzz_device.main(str(fs), 3, 300, session) == 0
    proc = subprocess.run(
        [sys.executable, "-m", "host_sim", "replay", session],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("session seed 3:")
    assert "error" not in proc.stdout.splitlines()[0]
