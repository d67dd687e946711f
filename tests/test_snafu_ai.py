"""The smart Snafu trail (shared_rules/snafu_ai.py): legality, safety, strength, the VM."""

import os
import shutil
import subprocess

import pytest

from host_sim import build
from host_sim.tools.snafu_compare import match, play_round
from mpvm import ROOT, run_mp
from shared_rules import snafu, snafu_ai
from shared_rules.rng import Rng


def free_dirs(s, t):
    """Directions of trail t onto an empty square, reverse excluded."""
    back = snafu.reverse(s.dir[t])
    return [
        d
        for d in snafu.directions(s)
        if d != back and s.board[s.head[t] + snafu.OFFSET[d]] == snafu.EMPTY
    ]


def random_positions(count, seed=7):
    """Positions from rounds played by random (mostly non-suicidal) red and blue trails,
    some with extra obstacle squares scattered next to the heads."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        variant = 1 + rng.below(16)
        s = snafu.new(rng.next16(), {"variant": variant, "humans": 2})
        stop = rng.below(150)
        while not snafu.over(s) and s.tick < stop:
            m = 0
            for t in (snafu.RED, snafu.BLUE):
                if s.alive[t]:
                    ok = free_dirs(s, t)
                    if ok and rng.below(20):
                        d = ok[rng.below(len(ok))]
                    else:
                        d = s.dir[t]
                    m |= snafu.steer(s, t, d) << (3 * t)
            snafu.play(s, m)
        if snafu.over(s):
            continue
        if rng.below(2):
            for _ in range(rng.below(12)):
                t = rng.below(4)
                if s.alive[t]:
                    c = s.head[t] + snafu.OFFSET[rng.below(8)] + snafu.OFFSET[rng.below(8)]
                    if 0 <= c < snafu.CELLS and s.board[c] == snafu.EMPTY:
                        s.board[c] = snafu.OBSTACLE
        out.append(s)
    return out


POSITIONS = random_positions(150)


def test_returns_an_allowed_direction():
    for s in POSITIONS:
        for t in range(4):
            if s.alive[t]:
                d = snafu_ai.smart_dir(s, t)
                assert d in snafu.directions(s)
                if free_dirs(s, t):
                    assert d != snafu.reverse(s.dir[t])


def test_picks_a_free_square_whenever_one_exists():
    forced = 0
    for s in POSITIONS:
        for t in range(4):
            if not s.alive[t]:
                continue
            ok = free_dirs(s, t)
            d = snafu_ai.smart_dir(s, t)
            if ok:
                assert d in ok, snafu.dump(s)
                forced += len(ok) == 1
    assert forced > 5  # the sample does hold positions with one way out


def test_first_tick_square_behind_is_a_last_resort():
    s = snafu.new(1, {"humans": 0})
    head = s.head[snafu.RED]
    for d in snafu.directions(s):
        if d != snafu.reverse(s.dir[snafu.RED]):
            s.board[head + snafu.OFFSET[d]] = snafu.OBSTACLE
    assert snafu_ai.smart_dir(s, snafu.RED) == snafu.reverse(s.dir[snafu.RED])


def test_dead_trail_keeps_its_heading():
    s = snafu.new(2, {"humans": 0})
    s.alive[snafu.BLUE] = 0
    assert snafu_ai.smart_dir(s, snafu.BLUE) == s.dir[snafu.BLUE]


def test_leaves_the_state_unchanged():
    for s in POSITIONS[:60]:
        before = snafu.dump(s)
        board = bytes(s.board)
        extra = (list(s.head), bytes(s.dir), bytes(s.alive), list(s.length), s.rng.get_state())
        for t in range(4):
            snafu_ai.smart_dir(s, t)
        assert snafu.dump(s) == before
        assert bytes(s.board) == board
        assert (list(s.head), bytes(s.dir), bytes(s.alive), list(s.length)) == extra[:4]
        assert s.rng.get_state() == extra[4]


def test_deterministic():
    for s in POSITIONS[:60]:
        twin = snafu.copy(s)
        for t in range(4):
            if s.alive[t]:
                d = snafu_ai.smart_dir(s, t)
                assert snafu_ai.smart_dir(s, t) == d
                assert snafu_ai.smart_dir(twin, t) == d
    a = play_round(5, 13, True, True)
    b = play_round(5, 13, True, True)
    assert snafu.dump(a) == snafu.dump(b)


def test_takes_the_safe_square_over_a_contested_one():
    # red heads right at (10, 11), blue heads left at (12, 11): red's straight-on
    # square (11, 11) is one blue could enter this tick; down is open and safe
    s = snafu.new(0, {"humans": 2})
    s.board[s.head[snafu.RED]] = snafu.EMPTY
    s.board[s.head[snafu.BLUE]] = snafu.EMPTY
    s.head[snafu.RED] = snafu.cell(10, 11)
    s.head[snafu.BLUE] = snafu.cell(12, 11)
    s.board[s.head[snafu.RED]] = 1
    s.board[s.head[snafu.BLUE]] = 2
    s.dir[snafu.RED] = snafu.RIGHT
    s.dir[snafu.BLUE] = snafu.LEFT
    s.board[snafu.cell(10, 10)] = snafu.OBSTACLE  # up is shut
    d = snafu_ai.smart_dir(s, snafu.RED)
    assert d == snafu.DOWN


def test_two_trails_smart_beats_classic():
    rounds = 60
    wins, draws, _ = match(1, True, False, rounds)
    assert wins[snafu.RED] >= 0.8 * rounds, (wins, draws)
    wins, draws, _ = match(1, False, True, 30)  # the colour does not matter
    assert wins[snafu.BLUE] >= 0.8 * 30, (wins, draws)


@pytest.mark.parametrize("variant,rounds", [(9, 60), (13, 40)])
def test_four_trails_smart_red_wins_most(variant, rounds):
    wins, draws, _ = match(variant, True, False, rounds)
    assert wins[snafu.RED] > max(wins[1:]), (wins, draws)
    assert wins[snafu.RED] >= rounds // 2, (wins, draws)


def test_every_variant_plays_to_the_end_with_smart_trails():
    for variant in range(1, 17):
        for seed in (variant,):
            s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
            while not snafu.over(s):
                assert s.tick < 800
                snafu.play(s, 0)
            snafu.check(s)


# ---- inside the MicroPython VM (64 KB heap) ----------------------------------

VM_ROUNDS = ((1, 0), (6, 3), (11, 4), (13, 2))

ROUND_CODE = r"""
from shared_rules import snafu
for variant, seed in ROUNDS:
    s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
    while not snafu.over(s):
        snafu.play(s, 0)
    print(variant, seed, s.winner, s.tick, s.rng.get_state())
"""

HEAP_LOCK_CODE = r"""
import micropython
from shared_rules import snafu, snafu_ai


def locked(s):
    snafu_ai.smart_dir(s, 0)  # warm up
    micropython.heap_lock()
    try:
        d = snafu_ai.smart_dir(s, 0)
        e = snafu_ai.smart_dir(s, 1)
    finally:
        micropython.heap_unlock()
    return d, e


for variant in (1, 5, 9, 13):
    s = snafu.new(4, {"variant": variant, "humans": 0})
    while not snafu.over(s) and s.tick < 60:
        snafu.play(s, 0)
    d, e = locked(s)
    print(variant, d, e, s.alive[0], s.alive[1])
"""


@pytest.fixture(scope="module")
def rules_mpy(tmp_path_factory):
    """snafu, snafu_ai and rng compiled with mpy-cross into a temp folder."""
    out = str(tmp_path_factory.mktemp("mpy"))
    pkg = os.path.join(out, "shared_rules")
    os.makedirs(pkg)
    exe = build.mpy_cross()
    for name in (
        "__init__",
        "rng",
        "contract",
        "snafu",
        "snafu_save",
        "snafu_text",
        "snafu_arcade",
        "snafu_ai",
        "snafu_search",
    ):
        src = os.path.join(ROOT, "shared_rules", name + ".py")
        dst = os.path.join(pkg, name + ".mpy")
        subprocess.run([exe, "-O2", "-o", dst, src], check=True)
    yield out
    shutil.rmtree(out, ignore_errors=True)


def cpython_rounds():
    lines = []
    for variant, seed in VM_ROUNDS:
        s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
        while not snafu.over(s):
            snafu.play(s, 0)
        lines.append("%d %d %d %d %d" % (variant, seed, s.winner, s.tick, s.rng.get_state()))
    return lines


def test_smart_rounds_in_micropython_match_cpython(rules_mpy):
    code = "ROUNDS = %r\n" % (VM_ROUNDS,) + ROUND_CODE
    vm = run_mp(code, heap="64wK", cwd=rules_mpy).split()
    assert vm == " ".join(cpython_rounds()).split()


def test_smart_rounds_from_source_in_micropython():
    code = "ROUNDS = %r\n" % (VM_ROUNDS[:1],) + ROUND_CODE
    vm = run_mp(code, heap="64wK").split()
    assert vm == cpython_rounds()[0].split()


def test_smart_dir_allocates_nothing_in_micropython(rules_mpy):
    check_locked_decisions(run_mp(HEAP_LOCK_CODE, heap="64wK", cwd=rules_mpy))


def check_locked_decisions(out):
    """HEAP_LOCK_CODE's output: it ran to the end, and decided as CPython does."""
    rows = [line.split() for line in out.splitlines()]
    assert [r[0] for r in rows] == ["1", "5", "9", "13"], out
    assert any(r[3] == "1" for r in rows)  # decisions of living trails were locked
    for variant, d, e, _, _ in rows:
        s = snafu.new(4, {"variant": int(variant), "humans": 0})
        while not snafu.over(s) and s.tick < 60:
            snafu.play(s, 0)
        assert int(d) == snafu_ai.smart_dir(s, 0)
        assert int(e) == snafu_ai.smart_dir(s, 1)


def test_contested_square_ranks_by_rule_set():
    safe = snafu_ai._T_SAFE
    risk_rank = snafu_ai._T_RISK << 12
    safe_rank = safe << 12
    # arcade: a contest's loser crashes - below every safe move, whatever it is worth
    assert snafu_ai._contested_score(safe, 600, False) == risk_rank + 600
    assert snafu_ai._contested_score(safe, 600, False) < safe_rank + 1
    # text: the loser turns, only a tie crashes - safe at five sixths of its value
    assert snafu_ai._contested_score(safe, 600, True) == safe_rank + 500
    assert snafu_ai._contested_score(safe, 600, True) > safe_rank + 499
    # a winning move takes no gamble under either rule set; a losing one stays losing
    win = snafu_ai._T_WIN
    assert snafu_ai._contested_score(win, 600, True) == risk_rank + 600
    lose = snafu_ai._T_LOSE
    assert snafu_ai._contested_score(lose, 4, True) == (lose << 12) + 4
