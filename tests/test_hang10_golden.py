"""Golden Hang 10 playthroughs (tests/golden/hang10_seed<N>.txt, made by make_golden.py).

Each file's moves are replayed from its seed with parse_move/play, and every line (the
move and the state after it) must come out exactly as stored, on CPython and in the
MicroPython VM. A change to the rules, the deal, the PRNG or the notation shows up here
as the first differing line; if the change is meant, run tests/golden/make_golden.py.
"""

import os

import pytest
from golden import make_golden
from golden_files import GOLDEN_DIR, first_difference, golden_files, read_lines

from mpvm import run_mp
from shared_rules import hang10 as h

FILES = golden_files("hang10_seed")


def test_golden_files_present():
    assert FILES == sorted("hang10_seed%d.txt" % s for s in make_golden.SEEDS)


@pytest.mark.parametrize("name", FILES)
def test_replay_matches_golden(name):
    lines = read_lines(name)
    seed = int(lines[0])
    assert name == "hang10_seed%d.txt" % seed
    s = h.new(seed)
    for i in range(1, len(lines)):
        assert not h.over(s), "line %d: the game was already over" % (i + 1)
        text = lines[i].split(" ", 1)[0]
        m = h.parse_move(s, text)
        assert m in h.moves(s), "line %d: %s is not legal" % (i + 1, text)
        assert h.move_text(s, m) == text
        h.play(s, m)
        h.check(s)
        got = text + " " + make_golden.summary(s)
        assert got == lines[i], "line %d:\n  got  %s\n  want %s" % (i + 1, got, lines[i])
        assert h.dump(h.load(h.dump(s))) == h.dump(s)
    assert h.over(s), "the file ends before the game does"
    tail = lines[-1].split(" | ")[0].split()
    assert tail[1] == "over" and tail[2] == "s=%d" % h.score(s)


@pytest.mark.parametrize("name", FILES)
def test_player_reproduces_golden(name):
    # the deterministic player still makes the same game from the seed
    lines = read_lines(name)
    got = make_golden.playthrough(int(lines[0]))
    assert got == lines, first_difference(got, lines)


def test_replay_in_micropython_matches_golden():
    name = FILES[0]
    want = read_lines(name)
    code = (
        "sys.path.insert(0, %r)\n" % GOLDEN_DIR
        + "import make_golden\n"
        + "f = open(%r)\n" % os.path.join(GOLDEN_DIR, name)
        + "lines = f.read().split('\\n')[:-1]\n"
        + "f.close()\n"
        + "for line in make_golden.replay(lines):\n"
        + "    print(line)\n"
    )
    got = run_mp(code).splitlines()
    assert got == want, first_difference(got, want)
