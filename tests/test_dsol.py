"""Double Solitaire (shared_rules/dsol.py): the conformance walks of
tests/contract_walk.py run on the module directly (it is not in the registry yet), on
CPython and in the MicroPython VM; the computer players against each other."""

import json

import contract_walk as cw
import pytest

from mpvm import compile_rules, require_vm, run_mp
from shared_rules import dsol, dsol_ai
from shared_rules.rng import Rng

GID = "dsol"
CAP = cw.MAX_MOVES


def seeds(n):
    return [5 + 7919 * i for i in range(n)]


def test_declarations_and_options():
    cw.check_declarations(dsol, GID)
    cw.check_bad_options(dsol)
    assert dsol.SUMMARY == ("winner", "pile_left", "points", "turns", "restarts")


def test_random_games():
    ended = 0
    for i, seed in enumerate(seeds(12)):
        rec, _ = cw.walk(dsol, seed, cw.cycled_options(dsol, i), None, CAP, 4)
        ended += rec[2]
    assert ended >= 2


def test_hidden_information():
    checked = 0
    for i, seed in enumerate(seeds(8)):
        checked += cw.walk_hidden(dsol, seed, cw.cycled_options(dsol, i), None, CAP, 4)
    assert checked >= 100


VM_CODE = r"""
import json
sys.path.insert(0, %(build)r)
import contract_walk as cw
from shared_rules import dsol
records = cw.run_game(dsol, "dsol", %(seeds)r, %(cap)d, %(best)d, %(hidden)d)
print(json.dumps(records))
"""


@pytest.fixture(scope="module")
def vm_build(tmp_path_factory):
    """contract_walk and every shared_rules module as .mpy in a fresh directory."""
    require_vm()
    return compile_rules(tmp_path_factory.mktemp("dsol_build"), [("tests", "contract_walk.py")])


def test_in_micropython(vm_build):
    """The whole of contract_walk.run_game in the VM (64 KB heap) gives the same games."""
    a = {"build": vm_build, "seeds": seeds(3), "cap": CAP, "best": 4, "hidden": 6}
    out = run_mp(VM_CODE % a, timeout=900)
    vm = json.loads(out.strip().splitlines()[-1])
    cp = cw.run_game(dsol, GID, a["seeds"], a["cap"], a["best"], a["hidden"])
    assert vm == json.loads(json.dumps(cp))


def play_out(seed, a, b, options=None):
    s = dsol.new(seed, options)
    while not dsol.over(s):
        f = a if dsol.to_act(s) == 0 else b
        dsol.play(s, f(s))
    return s


def test_the_players_see_only_their_view():
    """Each player's move is the same after the hidden cards are dealt again."""
    s = dsol.new(21)
    for _ in range(60):
        if dsol.over(s):
            break
        seat = dsol.to_act(s)
        for player in (dsol_ai.strong, dsol_ai.greedy, dsol_ai.random_move):
            m = player(s)
            for k in (1, 2):
                assert player(dsol.redeal(s, seat, Rng(k))) == m
        dsol.play(s, dsol_ai.greedy(s))


def test_strong_beats_greedy_and_random_over_a_few_games():
    """A quick look (the figures over hundreds of games are the comparison tool's)."""
    wins = 0
    for seed in range(12):
        first = "you" if seed % 2 == 0 else "rival"
        s = play_out(seed, dsol_ai.strong, dsol_ai.random_move, {"first": first})
        wins += dsol.winner(s) == 0
    assert wins >= 9  # (about 80 % over hundreds of games: docs/rules/dsol.md)


def test_compare_tool_runs():
    from host_sim.tools import dsol_compare

    rows = dsol_compare.play_line("strong", "greedy", 2)
    line = dsol_compare.report("strong", "greedy", rows)
    assert "strong vs greedy" in line and "2 games" in line and "decision ms" in line
