"""The host command line under random and hostile arguments and files: every case ends
with exit status 0, 1 or 2 and at most a line of complaint — never a traceback, never
a hang (each case is timed)."""

import os
import time

import pytest

from host_sim import cli
from shared_rules.rng import Rng

CASES = int(os.environ.get("PT_CLI_FUZZ_CASES") or 160)  # make fuzz-cli runs thousands
SEED = int(os.environ.get("PT_CLI_FUZZ_SEED") or 2026)
SECONDS = 20  # a case that takes longer is a hang

VALUES = (
    "",
    "-1",
    "0",
    "1",
    "7",
    "99999999999999999999",
    "1e999",
    "nan",
    "-*40",
    "A*0",
    "A++B",
    "+",
    "FOO",
    "RIGHT,A,A",
    "A+B*30",
    "é",
    "x" * 300,
    "{}",
    '{"variant": 99}',
    "[[[[",
    "variant=99",
    "humans=0",
    "speed=9",
    "rounds=x",
)


def hostile_files(root):
    """Files a replay or --root might be pointed at."""
    os.makedirs(root, exist_ok=True)
    files = {
        "garbage.rep": b"\x83\xff\x00" * 100,
        "empty.rep": b"",
        "head.rep": b"pocket-table replay 1\n",
        "badopts.rep": b'pocket-table replay 1\ngame snafu\nseed 3\noptions {"variant": 0}\n',
        "badgame.rep": b"pocket-table replay 1\ngame chess\nseed 3\noptions {}\n",
        "badtok.rep": b"pocket-table replay 1\ngame hang10\nseed 3\noptions {}\nin 9:Q 0:A\n",
        "afile": b"x",
    }
    for name, data in files.items():
        with open(os.path.join(root, name), "wb") as f:
            f.write(data)
    os.makedirs(os.path.join(root, "adir.png"), exist_ok=True)
    return [os.path.join(root, n) for n in files] + [os.path.join(root, "adir.png")]


def other_case(rng, paths):
    """flash, fuzz and vboard with hostile ports, folders and counts (never a real board:
    a vboard only ever gets a path that is a file, so it refuses at once)."""
    cmd = ("flash", "fuzz", "vboard")[rng.below(3)]
    files = [p for p in paths if not p.endswith("adir.png")]
    if cmd == "flash":
        args = ["flash", "--no-build"]
        if rng.below(4):
            args += ["--port", ("/dev/ttyACM97", "", "/dev/null", files[0])[rng.below(4)]]
        if rng.below(2):
            args += ["--build-dir", paths[rng.below(len(paths))]]
        return args
    if cmd == "fuzz":
        args = ["fuzz"]
        for flag in ("--presses", "--jobs", "--seed"):
            if rng.below(2):
                args += [
                    flag,
                    ("-5", "0", "x", "1e999", "3", "", "99999999999999999999")[rng.below(7)],
                ]
        if "--presses" not in args:
            args += ["--presses", "-1"]
        return args
    return ["vboard", "--dir", files[rng.below(len(files))]]


def case(rng, paths):
    if rng.below(5) == 0:
        return other_case(rng, paths)
    cmd = ("shot", "run", "replay")[rng.below(3)]
    args = [cmd]
    if cmd == "replay":
        args.append(paths[rng.below(len(paths))])
    else:
        args.append(("hang10", "snafu", "nosuchgame", "")[rng.below(4)])
        if cmd == "run":
            args.append("--auto")
    flags = ["--seed", "--keys", "--variant", "--rounds", "--speed", "--opt", "--scale"]
    flags += ["--games", "--png", "--root", "--others", "--trails"]
    for _ in range(rng.below(4)):
        flag = flags[rng.below(len(flags))]
        if flag in ("--png", "--root") and rng.below(2):
            value = paths[rng.below(len(paths))]
        else:
            value = VALUES[rng.below(len(VALUES))]
        args += [flag, value]
    return args


def test_random_and_hostile_command_lines(tmp_path, capsys, monkeypatch):
    paths = hostile_files(str(tmp_path / "files"))
    monkeypatch.chdir(tmp_path / "files")  # a relative --root or --png lands here
    rng = Rng(SEED)
    statuses = {}
    for i in range(CASES):
        args = case(rng, paths)
        if args[0] in ("shot", "run", "replay") and "--root" not in args:
            args += ["--root", str(tmp_path / ("root%d" % i))]
        if "--games" in args:  # whole games: a few at most
            k = args.index("--games") + 1
            if args[k].isdigit() and int(args[k]) > 3:
                args[k] = "3"
        start = time.time()
        try:
            cli.main(args)
            status = 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
        except Exception as e:  # noqa: BLE001 - the failure being looked for
            pytest.fail("%r raised %r" % (args, e))
        assert time.time() - start < SECONDS, args
        assert status in (0, 1, 2), (args, status)
        err = capsys.readouterr().err
        assert "Traceback" not in err, (args, err)
        statuses[status] = statuses.get(status, 0) + 1
    with capsys.disabled():
        print(
            "\ncli fuzz: %d command lines (seed %d), exit statuses %s, 0 tracebacks, 0 hangs"
            % (CASES, SEED, dict(sorted(statuses.items())))
        )
    assert statuses.get(2, 0) > 20 and statuses.get(1, 0) + statuses.get(0, 0) > 5, statuses
