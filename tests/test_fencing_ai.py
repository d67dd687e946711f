"""Pret? Allez!'s greedy fencer (docs/rules/fencing.md, "Computer fencers")."""

from rules_cases.fencing_cases import AD, PA, RE, build
from shared_rules import fencing as f
from shared_rules import fencing_ai


def test_greedy_retreats_off_the_last_space_only_when_nothing_else_is_legal():
    """A RETREAT card off the last space gives the other a hit (F48): the greedy fencer
    plays anything else first, and that card when nothing else is legal (no pass: A17)."""
    s = build((1, 2), 1, 0, ({RE: 1, PA: 3}, {}))
    assert f.moves(s) == [f.A_RETREAT]
    assert fencing_ai.greedy(s) == f.A_RETREAT
    s = build((1, 3), 1, 0, ({RE: 1, PA: 3}, {}))
    assert f.moves(s) == [f.A_RETREAT, f.A_BOARD_ADV]
    assert fencing_ai.greedy(s) == f.A_BOARD_ADV


def test_greedy_retreats_when_nothing_else_is_legal():
    """Away from the last space a RETREAT card is a move like another: no pass then."""
    s = build((2, 3), 1, 0, ({RE: 1, PA: 3}, {}))
    assert f.moves(s) == [f.A_RETREAT, f.A_BOARD_RET]
    assert fencing_ai.greedy(s) == f.A_RETREAT


def test_greedy_closes_in_before_it_retreats():
    s = build((2, 5), 1, 0, ({RE: 1, AD: 1, PA: 2}, {}))
    assert fencing_ai.greedy(s) == f.A_ADVANCE
    s = build((2, 5), 1, 0, ({RE: 1, PA: 3}, {}))
    assert fencing_ai.greedy(s) == f.A_BOARD_ADV
