"""Disc Battle (shared_rules/disc.py): the conformance walks of tests/contract_walk.py run
on the module directly (it is not in the registry yet), on CPython and in the
MicroPython VM; profiles; the computer players see only their view."""

import json

import contract_walk as cw
import pytest

from mpvm import compile_rules, require_vm, run_mp
from shared_rules import disc, disc_ai
from shared_rules.rng import Rng

GID = "disc"
CAP = cw.MAX_MOVES
HIGH = {"points": 300, "level": 7}  # a level 7 program: two discs, arcs of 90 degrees


def seeds(n):
    return [11 + 7919 * i for i in range(n)]


def test_declarations_options_and_profiles():
    cw.check_declarations(disc, GID)
    cw.check_bad_options(disc)
    cw.check_profiles(disc)
    assert disc.KIND == "turns" and (disc.SEATS_MIN, disc.SEATS_MAX) == (2, 4)
    assert disc.SUMMARY == ("rules", "winner", "derez", "turns", "points", "levels")


@pytest.mark.parametrize("profile", [disc.PROFILE, HIGH], ids=["level1", "level7"])
def test_random_games(profile):
    """Every position: check(), dump/load, notation, illegal moves raise and change
    nothing, best_move legal; the same moves without saves give the same match."""
    ended = 0
    for i, seed in enumerate(seeds(16)):
        rec, after = cw.walk(disc, seed, cw.cycled_options(disc, i), profile, CAP, 3)
        ended += rec[2]
        if after is not None:
            disc.check_profile(after)
    assert ended >= 10


def test_hidden_information():
    checked = 0
    for i, seed in enumerate(seeds(8)):
        prof = HIGH if i % 2 else disc.PROFILE
        checked += cw.walk_hidden(disc, seed, cw.cycled_options(disc, i), prof, CAP, 2)
    assert checked >= 100


def test_every_player_sees_only_its_view():
    """Each level's choice is the same after the face-down cards and the dice to come
    are dealt again."""
    for level in ("strong", "greedy", "random"):
        for opts in ({"rules": "basic"}, {"rules": "advanced", "battle": "four"}):
            s = disc.new(17, opts, HIGH)
            for _ in range(150):
                if disc.over(s):
                    break
                seat = disc.to_act(s)
                m = disc_ai.choose(s, level)
                for k in (1, 2):
                    assert disc_ai.choose(disc.redeal(s, seat, Rng(k)), level) == m
                disc.play(s, m)


def test_move_touches_are_the_moves_touches():
    """move_touches gives each legal Move's touch after ("act", 4) as touches() does,
    on every grid size, with and without a list of indices."""
    checked = 0
    for grid in (12, 24, 36, 48):
        s = disc.new(5 + grid, {"grid": grid, "battle": "four"}, disc.PROFILE)
        for _ in range(60):
            if disc.over(s):
                break
            legal = disc.moves(s)
            want = [(m, disc.touches(s, m)[1]) for m in legal if disc.MOVE <= m < disc.CATCH]
            moves, nexts = disc.move_touches(s, legal)
            assert list(zip(moves, nexts, strict=True)) == want
            odd = list(range(1, len(legal), 2))
            moves, nexts = disc.move_touches(s, legal, odd)
            assert moves == [m for m in (legal[i] for i in odd) if disc.MOVE <= m < disc.CATCH]
            checked += len(want)
            disc.play(s, disc.best_move(s))
    assert checked > 500


def test_profiles_settle_over_matches():
    """Advanced matches add the person's points and raise the level; basic ones leave
    the profile alone."""
    prof = dict(disc.PROFILE)
    for i, seed in enumerate(seeds(6)):
        opts = {"rules": "advanced" if i % 3 else "basic"}
        s = disc.new(seed, opts, prof)
        while not disc.over(s):
            disc.play(s, disc.best_move(s))
        after = cw.settled(disc, prof, s, " seed %d" % seed)
        if opts["rules"] == "basic":
            assert after == prof
        else:
            assert after["points"] == prof["points"] + disc.scores(s)[0] > prof["points"]
            assert after["level"] == disc.level_for_points(after["points"])[0]
        prof = after


def play_out(seed, levels, options=None, profile=None):
    s = disc.new(seed, options, profile)
    while not disc.over(s):
        disc.play(s, disc_ai.choose(s, levels[disc.to_act(s)]))
    return s


def test_strong_beats_the_baselines_over_a_few_duels():
    """A quick look (the figures over 500 duels are the comparison tool's)."""
    for rules in ("basic", "advanced"):
        for other in ("random", "greedy"):
            wins = 0
            for seed in range(12):
                if seed % 2:
                    wins += disc.winner(play_out(seed, (other, "strong"), {"rules": rules})) == 1
                else:
                    wins += disc.winner(play_out(seed, ("strong", other), {"rules": rules})) == 0
            assert wins >= 6, (rules, other, wins)


def test_a_cards_moves_are_every_new_base_can_move_to_allows():
    """The move list's new bases (worked out a row at a time) are the cells one to four
    away that can_move_to allows, ascending, on every grid size with programs crowded
    together, spread out, de-rezzed."""
    rng = Rng(5)
    for trial in range(3000):
        s = disc.new(trial, {"battle": ("duel", "three", "four")[trial % 3]})
        s.size = (12, 24, 36, 48)[rng.below(4)]
        top = s.size - disc.BASE
        for q in range(s.n):
            s.alive[q] = rng.below(5) > 0
            s.bx[q], s.by[q] = rng.below(top + 1), rng.below(top + 1)
            if q and rng.below(2):  # crowded about the first program
                s.bx[q] = max(0, min(top, s.bx[0] + rng.below(9) - 4))
                s.by[q] = max(0, min(top, s.by[0] + rng.below(9) - 4))
        p = rng.below(s.n)
        bx, by = s.bx[p], s.by[p]
        want = [
            disc.MOVE + (dy + 4) * 9 + dx + 4
            for dy in range(-4, 5)
            for dx in range(-4, 5)
            if disc.can_move_to(s, p, bx + dx, by + dy)
        ]
        got = []
        disc._new_bases(s, p, got)
        assert got == want, (trial, s.size, p)


def test_log_lines_fit():
    s = disc.new(3, {"battle": "four"})
    for seat in range(4):
        for m in disc.moves(s):
            assert len(disc.move_log(s, seat, m)) <= 32


VM_CODE = r"""
import json
sys.path.insert(0, %(build)r)
import contract_walk as cw
from shared_rules import disc
records = cw.run_game(disc, "disc", %(seeds)r, %(cap)d, %(best)d, %(hidden)d)
print(json.dumps(records))
"""


@pytest.fixture(scope="module")
def vm_build(tmp_path_factory):
    """contract_walk and every shared_rules module as .mpy in a fresh directory."""
    require_vm()
    return compile_rules(tmp_path_factory.mktemp("disc_build"), [("tests", "contract_walk.py")])


def test_in_micropython(vm_build):
    """The whole of contract_walk.run_game in the VM (64 KB heap) gives the same games."""
    a = {"build": vm_build, "seeds": seeds(3), "cap": 150, "best": 5, "hidden": 8}
    out = run_mp(VM_CODE % a, timeout=900)
    vm = json.loads(out.strip().splitlines()[-1])
    cp = cw.run_game(disc, GID, a["seeds"], a["cap"], a["best"], a["hidden"])
    assert vm == json.loads(json.dumps(cp))
