"""Air Superiority (shared_rules/airsup.py): the conformance walks of
tests/contract_walk.py run on the module directly (it is not in the registry yet), on
CPython and in the MicroPython VM; the computer players against each other."""

import json

import contract_walk as cw
import pytest

from mpvm import compile_rules, require_vm, run_mp
from shared_rules import airsup, airsup_ai
from shared_rules.rng import Rng

GID = "airsup"
CAP = cw.MAX_MOVES


def seeds(n):
    return [3 + 7919 * i for i in range(n)]


def test_declarations_and_options():
    cw.check_declarations(airsup, GID)
    cw.check_bad_options(airsup)
    assert airsup.KIND == "simultaneous"
    assert airsup.SUMMARY == ("winner", "minor", "tech", "resources", "planes", "turns")


def test_random_games():
    ended = 0
    for i, seed in enumerate(seeds(12)):
        rec, _ = cw.walk(airsup, seed, cw.cycled_options(airsup, i), None, CAP, 4)
        ended += rec[2]
    assert ended >= 6


def test_hidden_information():
    checked = 0
    for i, seed in enumerate(seeds(8)):
        checked += cw.walk_hidden(airsup, seed, cw.cycled_options(airsup, i), None, CAP, 3)
    assert checked >= 100


VM_CODE = r"""
import json
sys.path.insert(0, %(build)r)
import contract_walk as cw
from shared_rules import airsup
records = cw.run_game(airsup, "airsup", %(seeds)r, %(cap)d, %(best)d, %(hidden)d)
print(json.dumps(records))
"""


@pytest.fixture(scope="module")
def vm_build(tmp_path_factory):
    """contract_walk and every shared_rules module as .mpy in a fresh directory."""
    require_vm()
    return compile_rules(tmp_path_factory.mktemp("airsup_build"), [("tests", "contract_walk.py")])


def test_in_micropython(vm_build):
    """The whole of contract_walk.run_game in the VM (64 KB heap) gives the same games."""
    a = {"build": vm_build, "seeds": seeds(3), "cap": CAP, "best": 4, "hidden": 6}
    out = run_mp(VM_CODE % a, timeout=900)
    vm = json.loads(out.strip().splitlines()[-1])
    cp = cw.run_game(airsup, GID, a["seeds"], a["cap"], a["best"], a["hidden"])
    assert vm == json.loads(json.dumps(cp))


def play_out(seed, levels, options=None):
    s = airsup.new(seed, options)
    while not airsup.over(s):
        airsup.play(s, airsup_ai.step(s, levels[airsup.to_act(s)]))
    return s


def test_every_player_sees_only_its_view():
    """Each level's step is the same after the other's order and the dice to come are
    made again."""
    for level in ("strong", "random", "research", "planes"):
        s = airsup.new(17)
        for _ in range(120):
            if airsup.over(s):
                break
            seat = airsup.to_act(s)
            m = airsup_ai.step(s, level)
            for k in (1, 2):
                assert airsup_ai.step(airsup.redeal(s, seat, Rng(k)), level) == m
            airsup.play(s, m)


def test_strong_beats_the_baselines_over_a_few_games():
    """A quick look (the figures over a thousand games are the comparison tool's)."""
    for other in ("random", "research", "planes"):
        wins = 0
        for seed in range(10):
            if seed % 2:
                wins += airsup.winner(play_out(seed, ("strong", other))) == 0
            else:
                wins += airsup.winner(play_out(seed, (other, "strong"))) == 1
        assert wins >= 6, other


def test_log_lines_fit_the_panel():
    """A side's step and its commit as the log line shows them: 16 characters at most."""
    for side in ("germany", "britain"):
        s = airsup.new(1, {"side": side})
        for seat in (0, 1):
            for m in (airsup.RESEARCH, airsup.COMMIT):
                assert len(airsup.move_log(s, seat, m)) <= 16
