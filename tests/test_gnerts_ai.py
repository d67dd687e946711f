"""G'nerts' computer players (shared_rules/gnerts_ai.py): every choice legal, the strong
player's order of plays as documented (checked against g.legal asked in that order),
what it sees only its seat's, and the comparison tool's figures in their shape."""

import pytest

from host_sim.tools import gnerts_compare
from shared_rules import gnerts as g
from shared_rules import gnerts_ai as ai
from shared_rules.rng import Rng


def _play(src, dst):
    return g.PLAY + src * 5 + dst


def _top(cards):
    return cards[-1] if cards else -1


def _shown_by_a_rival(s, seat, card):
    for p in range(s.n):
        if p != seat:
            tops = [_top(s.piles[p]), _top(s.wastes[p])] + [_top(c) for c in s.cols[p]]
            if card in tops:
                return True
    return False


def strong_by_legal(s, seat):
    """docs/rules/gnerts.md's strong player, each play asked of g.legal in its order."""
    cols = s.cols[seat]
    sources = [_top(s.piles[seat]), _top(cols[0]), _top(cols[1]), _top(cols[2])]
    sources += [_top(cols[3]), _top(s.wastes[seat])]  # index = the source's number
    for src in (g.SRC_PILE, g.SRC_WASTE, 1, 2, 3, 4):  # a race for the same card
        card = sources[src]
        if card >= 0 and card % 13 and g.legal(s, seat, _play(src, 0)):
            if _shown_by_a_rival(s, seat, card):
                return _play(src, 0)
    order = [_play(g.SRC_PILE, dst) for dst in range(5)]  # the Pile up, then on a column
    order += [_play(c, 0) for c in range(1, 5) if len(cols[c - 1]) == 1]
    order += [_play(c, d) for c in range(1, 5) for d in range(1, 5) if c != d]
    order += [_play(g.SRC_WASTE, 0)] + [_play(c, 0) for c in range(1, 5)]
    order += [_play(g.SRC_WASTE, dst) for dst in range(1, 5)]
    for a in order:
        if g.legal(s, seat, a):
            return a
    return g.FLIP if g.legal(s, seat, g.FLIP) else g.WAIT


def _positions(seed, rivals=3, ticks=1500):
    """Positions of a round of computers (strong, greedy, random), one every 7 ticks."""
    s = g.new(seed, {"rivals": rivals, "speed": 5})
    for seat in range(rivals + 1):
        g.set_seat(s, seat, g.POLICIES[seat % 3], 5)
    for t in range(ticks):
        if g.round_over(s):
            break
        if t % 7 == 0:
            yield s
        g.play(s, g.WAIT)


def test_every_policy_chooses_a_legal_action():
    rng = Rng(5)
    seen = 0
    for seed in range(4):
        for s in _positions(seed):
            for seat in range(s.n):
                for a in (ai.strong(s, seat), ai.greedy(s, seat), ai.random_action(s, seat, rng)):
                    assert a == g.WAIT or g.legal(s, seat, a), (seed, seat, a)
                    seen += 1
    assert seen > 1000


def test_the_strong_player_plays_in_the_documented_order():
    plays = 0
    for seed in range(6):
        for s in _positions(seed):
            for seat in range(s.n):
                a = ai.strong(s, seat)
                assert a == strong_by_legal(s, seat), (seed, seat, a)
                plays += a >= g.PLAY
    assert plays > 100  # not only flips


def test_the_strong_player_puts_the_pile_first():
    """Of a Pile top and a flipped card that both go up, the Pile's goes first (no rival
    showing either)."""
    for seed in range(40):
        for s in _positions(seed, rivals=1):
            seat = 0
            if g.legal(s, seat, _play(g.SRC_PILE, 0)) and g.legal(s, seat, _play(g.SRC_WASTE, 0)):
                card = _top(s.wastes[seat])
                if not _shown_by_a_rival(s, seat, card):
                    assert ai.strong(s, seat) == _play(g.SRC_PILE, 0)
                    return
    raise AssertionError("no such position met")


def test_the_computers_see_only_their_seat():
    """The same choice on a copy where every card the seat cannot see is dealt again."""
    rng = Rng(11)
    for seed in range(3):
        for s in _positions(seed, ticks=600):
            for seat in range(s.n):
                t = g.redeal(s, seat, rng)
                assert ai.strong(t, seat) == ai.strong(s, seat)
                assert ai.greedy(t, seat) == ai.greedy(s, seat)
                same = (Rng(seat), Rng(seat))  # the same draws: the same blind choice
                assert ai.random_action(t, seat, same[0]) == ai.random_action(s, seat, same[1])


def test_the_compare_tool_measures_a_line():
    row = gnerts_compare.run_line(("strong", 5), ("strong", 1), 30)
    assert row["won"] + row["lost"] + row["tied"] == 30
    assert row["won"] > row["lost"]  # the fastest level beats the gentlest
    assert row["gnerts_by_tested"] + row["standstills"] <= 30 and row["mean_ticks"] > 0
    assert [x[0] for x in gnerts_compare.lines("strong:random")] == [("strong", 3)]


def test_a_whole_games_summary_sums_to_its_totals():
    """`run gnerts --auto`'s keys (docs/rules/gnerts.md, Headless runs): a round's points
    are its cards scored minus twice its Pile left, the totals their sum, the winner
    alone on top at or past the target."""
    s = g.new(7, {"rivals": 2, "speed": 5})
    for seat in range(3):
        g.set_seat(s, seat, "strong", 5)
    while not g.over(s):
        g.play(s, g.NEXT if g.round_over(s) else g.WAIT)
    sm = g.summary(s)
    assert sm["players"] == 3 and sm["target"] == 100 and sm["totals"] == s.totals
    for seat in range(3):
        points = [r["scored"][seat] - 2 * r["pile_left"][seat] for r in sm["rounds"]]
        assert sm["totals"][seat] == sum(points)
    for r in sm["rounds"]:
        assert r["ender"] == "standstill" or r["pile_left"][r["ender"]] == 0
        assert r["ticks"] > 0
    assert sm["winner"] == s.totals.index(max(s.totals)) and max(s.totals) >= 100


def test_a_long_game_to_500_ends_with_its_summary(capsys):
    """`run gnerts --auto` plays a game to 500 to its end however long: at speed 1 with
    three rivals seed 139 takes 127 rounds and 219,648 moves (the move cap was 200,000,
    and the run stopped with no summary)."""
    import json

    from host_sim import cli

    argv = ["run", "gnerts", "--auto", "--json", "--seed", "139", "--speed", "1"]
    cli.main(argv + ["--opt", "rivals=3", "--opt", "target=500"])
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == 219648 and len(out["rounds"]) == 127
    assert out["totals"][out["winner"]] == max(out["totals"]) >= 500


def test_each_rival_acts_at_its_own_speed():
    """The issue: each computer with a speed level. West, North and East have options of
    their own ("same": Speed's); the periods follow them, a save keeps them, and a save
    written before them (three options) loads with each at "same"."""
    s = g.new(3, {"rivals": 3, "speed": 2, "west": 5, "east": 1})
    assert s.period == [0, g.PERIODS[4], g.PERIODS[1], g.PERIODS[0]]
    assert g.describe(s.opts) == ("You + 3 rivals", "sp 5/2/1, to 100")
    assert g.describe({"rivals": 2, "speed": 3, "north": 3}) == (
        "You + 2 rivals",
        "speed 3, to 100",
    )
    for _ in range(300):
        g.play(s, g.WAIT)
    back = g.load(g.dump(s))
    assert back.opts == s.opts and g.dump(back) == g.dump(s)
    old = g.dump(s).replace("opts 3 2 100 5 0 1\n", "opts 3 2 100\n", 1)
    assert old != g.dump(s) and g.load(old).opts["west"] == "same"
    for bad in (0, 6, "fast", None):
        with pytest.raises(ValueError):
            g.new(1, {"west": bad})
