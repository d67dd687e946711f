"""host_sim/tools/disc_compare: the counts add up, the seats alternate, the duels are
the ones disc_ai plays seat by seat, and the same seeds give the same figures (no
result checks: a few seeds decide nothing)."""

import pytest

from host_sim.tools import disc_compare
from shared_rules import disc, disc_ai

GAMES = 4


def without_times(rows):
    return [(r[0], r[1], r[2], r[4]) for r in rows]


@pytest.mark.parametrize("rules", disc_compare.RULES)
def test_counts_seats_and_same_twice(rules):
    for tested, other in disc_compare.LINES:
        rows = disc_compare.play_line(tested, other, rules, GAMES)
        assert [r[4] for r in rows] == [i % 2 for i in range(GAMES)]
        for result, turns, how, times, _ in rows:
            assert result in (1, 0, -1)
            assert 1 <= turns <= disc.TURNS_MAX
            assert how in (("attack", "disc") if result >= 0 else (None,))
            assert times and min(times) >= 0
        r = disc_compare.tally(tested, other, rules, rows)
        assert r["won"] + r["lost"] + r["drawn"] == r["games"] == GAMES
        assert r["by_attack"] + r["by_disc"] == r["won"] + r["lost"]
        assert r["seat0"] == GAMES // 2
        assert r["moves"] == sum(len(x[3]) for x in rows)
        again = disc_compare.play_line(tested, other, rules, GAMES)
        assert without_times(again) == without_times(rows)


def test_a_duel_is_disc_ai_at_each_seat():
    """The tool's result is the winner of the duel played with the tested level at seat
    seed % 2 and the other level at the other seat, on the profile of --level."""
    for rules, level in (("basic", 1), ("advanced", 1), ("advanced", 7)):
        for seed in range(GAMES):
            me = seed % 2
            levels = ("strong", "random") if me == 0 else ("random", "strong")
            prof = disc_compare.profile_for(level)
            s = disc.new(seed, {"rules": rules}, prof)
            while not disc.over(s):
                disc.play(s, disc_ai.choose(s, levels[disc.to_act(s)]))
            w = disc.winner(s)
            want = -1 if w < 0 else int(w == me)
            got = disc_compare.game((seed, "strong", "random", rules, level))
            assert got[0] == want, (rules, level, seed)
            if rules == "advanced":
                assert list(s.level) == [level, level]


def test_main_prints_a_line_per_rule_set(capsys):
    disc_compare.main(["--games", "2", "--only", "greedy:random", "--rules", "both"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 3 and out[0].startswith("Disc Battle")
    assert out[1].split()[:3] == ["basic", "greedy", "vs"]
    assert out[2].split()[:3] == ["advanced", "greedy", "vs"]
    for bad in (["--only", "strong"], ["--only", "strong:nobody"], ["--level", "11"]):
        with pytest.raises(SystemExit):
            disc_compare.main(["--games", "1"] + bad)
