"""Golden Snafu rounds (tests/golden/snafu_seed<N>.txt, made by make_snafu_golden.py).

Each file's ticks are replayed from its seed and variant with parse_move/play, and every
line (the tick and the state after it) must come out exactly as stored, on CPython and
in the MicroPython VM. A change to the rules, the chance, the PRNG or the notation shows
up here as the first differing line; if the change is meant, run
tests/golden/make_snafu_golden.py.
"""

import os
import subprocess

import pytest
from golden import make_snafu_golden as mk
from golden_files import GOLDEN_DIR, first_difference, golden_files, read_lines

from host_sim import build
from mpvm import require_vm, run_mp
from shared_rules import snafu as sn

FILES = golden_files("snafu_seed")


def test_golden_files_present():
    assert FILES == sorted("snafu_seed%d.txt" % seed for _v, seed, _r in mk.PAIRS)


def test_golden_variants_cover_every_rule():
    # 2 and 4 trails, straight and diagonal, staying and vanishing, obstacles or not
    kinds = set()
    for v, _seed, rules in mk.PAIRS:
        kinds.add(("rules", rules))
        trails, diagonal, vanish, obstacles = sn.variant_options(v)
        kinds |= {("trails", trails), ("diagonal", diagonal), ("vanish", vanish)}
        kinds.add(("obstacles", obstacles))
    assert len(kinds) == 10


@pytest.mark.parametrize("name", FILES)
def test_replay_matches_golden(name):
    lines = read_lines(name)
    p = lines[0].split()
    seed, v, rules = p[0], p[1], p[2] if len(p) > 2 else "arcade"
    assert name == "snafu_seed%s.txt" % seed and (int(v[1:]), int(seed), rules) in mk.PAIRS
    s = mk.start(lines[0])
    crashes_before_end = 0
    for i in range(1, len(lines)):
        assert not sn.over(s), "line %d: the round was already over" % (i + 1)
        text = lines[i].split(" ", 1)[0]
        m = sn.parse_move(s, text)
        assert m in sn.moves(s), "line %d: %s is not legal" % (i + 1, text)
        assert sn.move_text(s, m) == text
        sn.play(s, m)
        sn.check(s)
        got = text + " " + mk.summary(s)
        assert got == lines[i], "line %d:\n  got  %s\n  want %s" % (i + 1, got, lines[i])
        assert sn.dump(sn.load(sn.dump(s))) == sn.dump(s)
        crashes_before_end += not sn.over(s) and "x" in got
    assert sn.over(s), "the file ends before the round does"
    assert lines[-1].endswith(" w=" + sn.winner_name(s))
    if s.opts["trails"] == 4:
        assert crashes_before_end  # the round went on after a crash


@pytest.mark.parametrize("name", FILES)
def test_player_reproduces_golden(name):
    # the deterministic player still makes the same round from the seed
    lines = read_lines(name)
    p = lines[0].split()
    got = mk.playthrough(int(p[1][1:]), int(p[0]), p[2] if len(p) > 2 else "arcade")
    assert got == lines, first_difference(got, lines)


def test_golden_check_can_fail():
    lines = read_lines(FILES[0])
    bad = list(lines)
    k = len(bad) // 2
    bad[k] = bad[k].replace("t=", "t=1", 1)
    assert list(mk.replay(bad)) == lines != bad


@pytest.fixture(scope="module")
def golden_build(tmp_path_factory):
    """make_snafu_golden compiled to .mpy (the VM then only compiles the rules module)."""
    require_vm()
    out = str(tmp_path_factory.mktemp("golden_build"))
    subprocess.run(
        [
            build.mpy_cross(),
            "-o",
            os.path.join(out, "make_snafu_golden.mpy"),
            os.path.join(GOLDEN_DIR, "make_snafu_golden.py"),
        ],
        check=True,
    )
    return out


def test_replay_in_micropython_matches_golden(golden_build):
    for name in FILES:
        want = read_lines(name)
        code = (
            "sys.path.insert(0, %r)\n" % golden_build
            + "import make_snafu_golden\n"
            + "f = open(%r)\n" % os.path.join(GOLDEN_DIR, name)
            + "lines = f.read().split('\\n')[:-1]\n"
            + "f.close()\n"
            + "for line in make_snafu_golden.replay(lines):\n"
            + "    print(line)\n"
        )
        got = run_mp(code).splitlines()
        assert got == want, name + ": " + first_difference(got, want)
