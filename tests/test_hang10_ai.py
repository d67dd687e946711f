"""Hang 10 computer players: legal, finishing, fair (no peeking), stronger than the
baselines, and playing the same games inside MicroPython."""

import pytest

from mpvm import run_mp
from shared_rules import cards, hang10, hang10_ai
from shared_rules.rng import Rng

MOVE_CAP = 2000  # a real game takes well under 200 moves


def _choose(s, rng):
    return hang10_ai.choose(s)


def _greedy(s, rng):
    return hang10_ai.greedy(s)


PLAYERS = {"choose": _choose, "greedy": _greedy, "random": hang10_ai.random_move}


def _play(seed, player, each=None):
    """Play seed to the end; each(s) is called at every decision point."""
    s = hang10.new(seed)
    rng = Rng(seed + 1)
    n = 0
    while not hang10.over(s):
        assert n < MOVE_CAP, "seed %d: no end after %d moves" % (seed, n)
        if each is not None:
            each(s)
        m = player(s, rng)
        assert m in hang10.moves(s), "seed %d: illegal move %r" % (seed, m)
        hang10.play(s, m)
        hang10.check(s)
        n += 1
    return s


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_players_play_legal_moves_to_the_end(name):
    for seed in range(12):
        s = _play(seed, PLAYERS[name])
        assert hang10.over(s)
        assert not s.pile
        assert hang10.moves(s) == []


def test_choose_takes_are_bounded():
    """Taking an approaching card gains evaluation each time, so it cannot cycle."""
    longest = 0
    for seed in range(12):
        s = hang10.new(seed)
        run = 0
        while not hang10.over(s):
            m = hang10_ai.choose(s)
            if s.phase == hang10.PH_DRAW:
                run = run + 1 if m != hang10.M_DRAW else 0
                longest = max(longest, run)
            hang10.play(s, m)
    assert longest <= 12


def test_choose_leaves_the_state_unchanged():
    def each(s):
        before = hang10.dump(s)
        hand = list(s.hand)
        hang10_ai.choose(s)
        assert hang10.dump(s) == before
        assert s.hand == hand

    for seed in range(6):
        _play(seed, _choose, each)


def test_choose_does_not_read_the_pile_order():
    def each(s):
        other = hang10.copy(s)
        other.pile.reverse()
        Rng(len(s.pile) + 7).shuffle(other.pile)
        assert sorted(other.pile) == sorted(s.pile)
        assert hang10_ai.choose(other) == hang10_ai.choose(s)

    for seed in range(6):
        _play(seed, _choose, each)


def test_choose_is_deterministic():
    a = _play(3, _choose)
    b = _play(3, _choose)
    assert hang10.dump(a) == hang10.dump(b)


def test_choose_raises_when_the_game_is_over():
    s = _play(0, _choose)
    with pytest.raises(ValueError):
        hang10_ai.choose(s)


def _clone(s):
    """A fast exact copy (the save format round trip is too slow for a search)."""
    t = hang10.Hang10()
    for key in ("seed", "phase", "slot", "taken", "drawn", "turn", "kicks", "wipeouts", "nmoves"):
        setattr(t, key, getattr(s, key))
    t.points = s.points
    t.pile = list(s.pile)
    t.hand = list(s.hand)
    t.waves = [list(w) for w in s.waves]
    t.kind = bytearray(s.kind)
    t.lo = bytearray(s.lo)
    t.scored = list(s.scored)
    t.wiped = list(s.wiped)
    return t


def _end_best(s, memo):
    """Most points still to bank from an end-game position, by trying every move."""
    if hang10.over(s):
        return 0
    key = (s.phase, tuple(s.hand), tuple(tuple(w) for w in s.waves), bytes(s.kind), bytes(s.lo))
    if key not in memo:
        best = 0
        for m in hang10.moves(s):
            t = _clone(s)
            hang10.play(t, m)
            best = max(best, t.points - s.points + _end_best(t, memo))
        memo[key] = best
    return memo[key]


def test_choose_plays_the_end_game_perfectly():
    """Once the pile is gone nothing is hidden: choose() banks the most there is."""
    checked = 0
    for seed in range(6):
        s = hang10.new(seed)
        while not hang10.over(s) and s.phase != hang10.PH_END:
            hang10.play(s, hang10_ai.choose(s))
        if hang10.over(s):
            continue
        best = s.points + _end_best(s, {})
        while not hang10.over(s):
            hang10.play(s, hang10_ai.choose(s))
        assert s.points == best, seed
        checked += 1
    assert checked >= 3


def test_greedy_rules():
    s = hang10.new(5)
    assert hang10_ai.greedy(s) == hang10.M_DRAW
    kicks = 0
    plays = 0
    while not hang10.over(s):
        if s.phase in (hang10.PH_PLAY, hang10.PH_END):
            # the card scoring most once added, ties to the lowest move
            best = None
            for m in hang10.moves(s):
                t = _clone(s)
                hang10.play(t, m)
                p = hang10.wave_points(t, t.slot)
                if best is None or p > best[0]:
                    best = (p, m)
            assert hang10_ai.greedy(s) == best[1]
            plays += 1
        elif s.phase == hang10.PH_KICK:
            want = hang10.M_KICK if hang10.wave_points(s, s.slot) > 0 else hang10.M_KEEP
            assert hang10_ai.greedy(s) == want
            kicks += 1
        elif s.phase == hang10.PH_PLACE:
            assert hang10_ai.greedy(s) == hang10.moves(s)[0]
        elif s.phase == hang10.PH_WIPE:
            m = hang10_ai.greedy(s)
            sizes = [len(s.waves[w]) if s.waves[w] else 99 for w in range(hang10.WAVES)]
            assert sizes[m - hang10.M_WIPE] == min(sizes)
        hang10.play(s, hang10_ai.greedy(s))
    assert kicks > 0 and plays > 0


def test_greedy_counts_the_ten_on_a_two_card_wave():
    """D1: TH-9H kicks out for 1, so greedy adds the TH to a lone 9H rather than the 8H."""
    s = hang10._wave_from_texts(["9H"])
    s.hand = sorted([cards.parse_card("8H"), cards.parse_card("TH")])
    s.phase = hang10.PH_PLAY
    assert hang10_ai._points_after(s, 0, cards.parse_card("TH")) == 1
    assert hang10_ai._points_after(s, 0, cards.parse_card("TH")) == hang10.wave_score(["9H", "TH"])
    assert hang10_ai.greedy(s) == hang10.parse_move(s, "TH>1")


def test_greedy_scores_every_wave_as_the_rules_do():
    """Greedy's points for each card it may add equal the rules' points for that wave."""
    checked = 0
    lone_tens = 0

    def each(s):
        nonlocal checked, lone_tens
        if s.phase not in (hang10.PH_PLAY, hang10.PH_END):
            return
        before = hang10.dump(s)
        for m in hang10.moves(s):
            c = (m - hang10.M_PLAY) >> 2
            w = (m - hang10.M_PLAY) & 3
            t = _clone(s)
            hang10.play(t, m)
            assert hang10_ai._points_after(s, w, c) == hang10.wave_points(t, w), hang10.dump(s)
            if s.kind[w] == hang10.K_LONE and t.kind[w] == hang10.K_SEQ:
                if c % 13 == cards.TEN or s.waves[w][0] % 13 == cards.TEN:
                    lone_tens += 1
            checked += 1
        assert hang10.dump(s) == before

    for seed in range(40):
        _play(seed, hang10_ai.random_move, each)
    assert checked > 1000 and lone_tens > 20, (checked, lone_tens)


def test_random_move_follows_the_rng():
    a = _play(9, hang10_ai.random_move)
    b = _play(9, hang10_ai.random_move)
    assert hang10.dump(a) == hang10.dump(b)


def _mean_score(player, seeds):
    total = 0
    for seed in seeds:
        total += hang10.score(_play(seed, player))
    return total / len(seeds)


def test_choose_beats_the_baselines():
    seeds = range(100)
    strong = _mean_score(_choose, seeds)
    greedy = _mean_score(_greedy, seeds)
    rand = _mean_score(hang10_ai.random_move, seeds)
    assert greedy > rand
    assert strong > greedy + 5, (strong, greedy, rand)
    assert strong > rand + 10, (strong, greedy, rand)


MP_GAMES = """
from shared_rules import hang10, hang10_ai
for seed in range(5):
    s = hang10.new(seed)
    while not hang10.over(s):
        hang10.play(s, hang10_ai.choose(s))
    print(seed, hang10.score(s), s.nmoves, len(s.wiped))
"""


def test_choose_plays_the_same_games_in_micropython():
    want = []
    for seed in range(5):
        s = _play(seed, _choose)
        want.append("%d %d %d %d" % (seed, hang10.score(s), s.nmoves, len(s.wiped)))
    got = run_mp(MP_GAMES).split()
    assert got == " ".join(want).split()
