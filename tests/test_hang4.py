"""Hang Four (shared_rules/hang4.py): the conformance walks of tests/contract_walk.py run
on the module directly (it is not in the registry yet), on CPython and in the
MicroPython VM; the computer players; the sand dollars' table the strong one uses."""

import json

import contract_walk as cw
import pytest

from mpvm import compile_rules, require_vm, run_mp
from shared_rules import hang4, hang4_ai
from shared_rules.rng import Rng

GID = "hang4"
CAP = cw.MAX_MOVES


def seeds(n):
    return [5 + 7919 * i for i in range(n)]


def test_declarations_and_options():
    cw.check_declarations(hang4, GID)
    cw.check_bad_options(hang4)
    assert hang4.KIND == "turns" and (hang4.SEATS_MIN, hang4.SEATS_MAX) == (2, 4)
    assert hang4.SUMMARY == ("players", "winner", "dogs", "sand", "turns", "shack", "end")
    for rivals in (1, 2, 3):
        for cpu in ("strong", "greedy", "random"):
            for line in hang4.describe({"rivals": rivals, "cpu": cpu}):
                assert len(line) <= 16


def test_random_games():
    ended = 0
    for i, seed in enumerate(seeds(12)):
        rec, _ = cw.walk(hang4, seed, cw.cycled_options(hang4, i), None, CAP, 4)
        ended += rec[2]
    assert ended >= 6


def test_hidden_information():
    checked = 0
    for i, seed in enumerate(seeds(8)):
        checked += cw.walk_hidden(hang4, seed, cw.cycled_options(hang4, i), None, CAP, 3)
    assert checked >= 100


VM_CODE = r"""
import json
sys.path.insert(0, %(build)r)
import contract_walk as cw
from shared_rules import hang4
records = cw.run_game(hang4, "hang4", %(seeds)r, %(cap)d, %(best)d, %(hidden)d)
print(json.dumps(records))
"""


@pytest.fixture(scope="module")
def vm_build(tmp_path_factory):
    """contract_walk and every shared_rules module as .mpy in a fresh directory."""
    require_vm()
    return compile_rules(tmp_path_factory.mktemp("hang4_build"), [("tests", "contract_walk.py")])


def test_in_micropython(vm_build):
    """The whole of contract_walk.run_game in the VM (64 KB heap) gives the same games,
    the strong player's integer arithmetic included."""
    a = {"build": vm_build, "seeds": seeds(3), "cap": CAP, "best": 6, "hidden": 6}
    out = run_mp(VM_CODE % a, timeout=900)
    vm = json.loads(out.strip().splitlines()[-1])
    cp = cw.run_game(hang4, GID, a["seeds"], a["cap"], a["best"], a["hidden"])
    assert vm == json.loads(json.dumps(cp))


def play_out(seed, levels):
    s = hang4.new(seed, {"rivals": len(levels) - 1})
    while not hang4.over(s):
        hang4.play(s, hang4_ai.choose(s, levels[s.turn]))
    return s


def test_every_player_sees_only_its_view():
    """Each level's choice is the same when both decks are shuffled again."""
    for level in ("strong", "greedy", "random"):
        s = hang4.new(17, {"rivals": 2})
        for _ in range(150):
            if hang4.over(s):
                break
            m = hang4_ai.choose(s, level)
            for k in (1, 2):
                assert hang4_ai.choose(hang4.redeal(s, s.turn, Rng(k)), level) == m
            hang4.play(s, m)


def test_strong_beats_the_baselines_over_a_few_games():
    """A quick look (the figures over 500 games are the comparison tool's)."""
    for other in ("random", "greedy"):
        wins = 0
        for seed in range(20):
            levels = [other, other]
            levels[seed % 2] = "strong"
            wins += hang4.winner(play_out(seed, levels)) == seed % 2
        assert wins >= 12, other


def solve_sand_worth(top=30):
    """The average-reward problem behind hang4_ai.SAND_WORTH, by relative value iteration:
    each turn roll (a number 1-5 collects up to 9; the icon, 1 in 6, nothing here) or
    buy k cards at 3 each; the worth of holding s sand dollars relative to none."""
    h = [0.0] * (top + 1)
    for _ in range(5000):
        new = []
        for s in range(top + 1):
            e = h[s]
            for f in (1, 2, 3, 4, 5):
                e += h[min(top, s + max(0, min(f, 9 - s)))]
            best = e / 6
            for k in range(1, s // 3 + 1):
                best = max(best, k + h[s - 3 * k])
            new.append(best)
        gain = new[0]
        new = [x - gain for x in new]
        if max(abs(a - b) for a, b in zip(new, h, strict=True)) < 1e-12:
            return gain, new
        h = new
    raise AssertionError("no convergence")


def test_the_sand_dollars_table_is_the_problem_solved():
    gain, h = solve_sand_worth()
    assert abs(gain - 0.602) < 0.001
    assert hang4_ai.SAND_WORTH == tuple(round(1000 * x) for x in h)


def test_log_lines_fit_the_panel():
    s = hang4.new(3, {"rivals": 3})
    for seat in range(4):
        for other in range(4):
            if other != seat:
                assert len(hang4.move_log(s, seat, hang4.FROM + other)) <= 16
        for m in (hang4.ROLL, hang4.BUY + 9, hang4.SHACK, hang4.TAKE + 79, hang4.LOSE + 79):
            assert len(hang4.move_log(s, seat, m)) <= 16, hang4.move_log(s, seat, m)


def test_the_strong_player_reads_what_the_view_shows():
    """hang4_ai.seen (the player's own count, so that play does not load hang4_save)
    agrees with view() all through games."""
    from shared_rules import hang4_save

    for seed in range(6):
        s = hang4.new(seed, {"rivals": 1 + seed % 3})
        while not hang4.over(s):
            v = hang4_save.view(s, s.turn)
            mine = hang4_ai.seen(s)
            assert mine["deck_kinds"] == v["deck_kinds"] and sum(v["deck_kinds"]) == s.ndeck
            assert mine["shack_left"] == v["shack_left"] and mine["bank"] == v["bank"]
            hang4.play(s, hang4_ai.choose(s, "strong"))
