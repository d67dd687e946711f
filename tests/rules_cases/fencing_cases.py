"""Pret? Allez! rule cases: clauses F1-F50 and decisions A1-A22 of the review of the
rule text (docs/rules/fencing.md). Plain functions, plain asserts: they run on CPython
and inside the MicroPython VM. Positions are built with new(1) and then overwritten
(squares, priority, hands, decks, the attack faced) and validated with check(); moves
are written in the notation ("LU+AT", "PA+RI+AT", "AD", "-PA", "ok", "pass"). An ADVANCE
or RETREAT (card or board ADVANCE) is one move, its discards one move each after it.
"""

from rules_cases.kit import played as kit_played
from rules_cases.kit import raises, with_word
from shared_rules import fencing as f
from shared_rules import fencing_more as fm

AT, FE, PA, RI, LU, BA, BT, SH, AD, RE = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9


def build(
    pos=(3, 7),
    prio=0,
    turn=0,
    hands=({}, {}),
    pending=f.P_NONE,
    lead=-1,
    no_retreat=0,
    moved_adj=0,
    hits=(0, 0),
    options=None,
    decks=(None, None),
):
    """A checked position, the turn of `turn` begun (its draw done). hands: {kind: count}
    per seat. A deck of None holds the seat's other cards, ATTACKs on top (drawn first);
    a list is the exact deck (bottom first) and the seat's other cards are discarded."""
    s = f.new(1, options)
    s.pos = [pos[0], pos[1]]
    s.prio = prio
    s.turn = turn
    s.pending = pending
    s.lead = lead
    s.no_retreat = no_retreat
    s.moved_adj = moved_adj
    s.hits = [hits[0], hits[1]]
    s.touches = [(0, AT, 0)] * hits[0] + [(1, AT, 0)] * hits[1]
    for seat in (0, 1):
        hand = bytearray(f.KINDS)
        for k in hands[seat]:
            hand[k] = hands[seat][k]
        rest = [f.DECK_COUNTS[k] - hand[k] for k in range(f.KINDS)]
        disc = bytearray(f.KINDS)
        if decks[seat] is None:
            deck = []
            for k in range(f.KINDS - 1, -1, -1):
                deck.extend([k] * rest[k])
        else:
            deck = list(decks[seat])
            for k in deck:
                rest[k] -= 1
            for k in range(f.KINDS):
                assert rest[k] >= 0
                disc[k] = rest[k]
        s.hands[seat] = hand
        fm.set_deck(s, seat, deck)
        s.discards[seat] = disc
    f.check(s)
    return s


def total(counts):
    n = 0
    for x in counts:
        n += x
    return n


def texts(s):
    """The legal moves as notation."""
    return [f.move_text(s, m) for m in f.moves(s)]


def acts(s):
    """The legal actions (outside the discard phase every move is an action)."""
    out = f.moves(s)
    for m in out:
        assert 0 <= m < f.ACTS, m
    return out


def discarding(s, seat, act, n):
    """`seat` is in the discard phase of `act`, n cards discarded so far."""
    assert s.phase == f.PH_DISCARD and s.turn == seat and f.to_act(s) == seat
    assert s.act == act and s.discarded == n and s.pending == f.P_NONE


def run(s, line):
    """Play the moves of a notation line, checking the state after each."""
    for t in line.split():
        f.play(s, f.parse_move(s, t))
        f.check(s)
    return s


def illegal(s, text):
    """The move is illegal: ValueError, and the state is unchanged."""
    d = f.dump(s)
    ok = raises(f.play, s, f.parse_move(s, text))
    return ok and f.dump(s) == d


# ---- setup, winning ---------------------------------------------------------


def case_F1_F3_A20_new_bout():
    """'third square from their end', five cards each; the first fencer draws (6)."""
    s = f.new(1)
    assert s.pos == [3, 7] and s.prio == 0 and s.turn == 0
    assert total(s.hands[0]) == 6 and total(s.hands[1]) == 5
    assert s.ndeck[0] == 44 and s.ndeck[1] == 45
    assert s.opts["hits"] == 3 and f.to_act(s) == 0


def case_F2_the_foil_deck():
    """'14 Atack, 12 Parry, 4 Advance, 4 Retreat, 4 Lunge, 2 Balestra, 2 Stop Hit...'"""
    assert f.CARD_CODES == ("AT", "FE", "PA", "RI", "LU", "BA", "BT", "SH", "AD", "RE")
    assert f.DECK_COUNTS == (14, 2, 12, 4, 4, 2, 2, 2, 4, 4) and total(f.DECK_COUNTS) == 50
    s = f.new(7)
    for seat in (0, 1):
        for k in range(f.KINDS):
            n = s.hands[seat][k] + s.discards[seat][k] + fm.deck_of(s, seat).count(k)
            assert n == f.DECK_COUNTS[k]


def case_F4_first_option_gives_priority_and_the_first_turn():
    """'The older player starts with priority and takes the first turn' (option first)."""
    s = f.new(1, {"first": "right"})
    assert s.prio == 1 and s.turn == 1
    assert total(s.hands[1]) == 6 and total(s.hands[0]) == 5


def case_F5_hits_option_1_to_5():
    """'Decide to how many hits you are playing - 1 to 5 (3 is standard)'."""
    for n in (1, 2, 3, 4, 5):
        assert f.new(1, {"hits": n}).opts["hits"] == n
    assert raises(f.new, 1, {"hits": 6})
    assert raises(f.new, 1, {"hits": 0})


def case_F6_reaching_the_hits_wins():
    """'When a player scores a hit and has reached the number of hits agreed ... they win'."""
    s = build((8, 9), 0, 0, ({AT: 1}, {AT: 1, AD: 1}), hits=(2, 1))
    run(s, "AT")
    assert f.over(s) and f.winner(s) == 0 and f.moves(s) == [] and f.to_act(s) == -1
    assert f.summary(s)["hits"] == [3, 1] and f.summary(s)["winner"] == 0
    s = build((8, 9), 0, 0, ({AT: 1}, {AT: 1}), options={"hits": 1})
    run(s, "AT")
    assert f.over(s) and f.winner(s) == 0 and f.summary(s)["clean"]


# ---- the turn --------------------------------------------------------------------


def case_F7_draw_at_the_start_of_every_turn():
    """'At the start of your turn, draw a card from your deck'."""
    s = build(hands=({PA: 1, FE: 1}, {PA: 1}))
    run(s, "BADV -FE -PA")
    assert s.turn == 1 and total(s.hands[1]) == 2 and s.hands[1][AT] == 1
    assert s.ndeck[1] == 48


def case_F11_empty_deck_still_plays_from_hand():
    """'no more cards in your deck ... you can still play cards from your hand'."""
    s = build(hands=({AD: 1, PA: 1}, {}), decks=([], None))
    assert "AD" in texts(s)
    run(s, "AD")
    assert texts(s) == ["-PA"]
    run(s, "-PA")
    assert texts(s) == ["ok"]
    run(s, "ok")
    assert s.pos == [4, 7] and total(s.hands[0]) == 0 and s.discards[0][AD] == 4
    assert s.phase == f.PH_PLAY and s.turn == 1


def case_F12_no_cards_only_pass_and_priority_is_lost():
    """'no more cards in your deck and hand, the only thing you may do is pass'."""
    s = build(hands=({}, {PA: 1}), decks=([], None))
    assert texts(s) == ["pass"]
    run(s, "pass")
    assert s.prio == 1 and s.turn == 1 and s.corps == 0


# ---- board ADVANCE and RETREAT, the ADVANCE card ----------------------------------


def case_F34_board_advance_discards_two_chosen_cards():
    """Board ADVANCE: 'Move 1 space forward. Discard two cards ... draw two cards'."""
    s = build(hands=({AT: 2, PA: 2, FE: 1, RE: 1}, {}))
    assert "BADV" in texts(s)
    run(s, "BADV")
    assert s.pos == [4, 7]
    discarding(s, 0, f.A_BOARD_ADV, 0)
    assert texts(s) == ["-AT", "-FE", "-PA", "-RE"] and illegal(s, "ok")
    run(s, "-FE")
    discarding(s, 0, f.A_BOARD_ADV, 1)
    assert illegal(s, "-FE") and illegal(s, "ok") and "-AT" in texts(s)
    run(s, "-PA")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.act == -1 and s.discarded == 0
    assert s.pos == [4, 7] and total(s.hands[0]) == 6 and s.hands[0][AT] == 4
    assert s.discards[0][FE] == 1 and s.discards[0][PA] == 1 and s.ndeck[0] == 42
    assert s.turns == 1 and s.nmoves == 3


def case_F35_board_advance_with_one_card_and_a_short_deck():
    """'only 1 card ... discard it and draw two'; 'only 1 card in your deck ... only draw it'."""
    s = build(hands=({PA: 1}, {}))
    assert "BADV" in texts(s)
    run(s, "BADV")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.turns == 1 and s.nmoves == 1
    assert s.pos == [4, 7] and total(s.hands[0]) == 2 and s.discards[0][PA] == 1
    s = build(hands=({PA: 1}, {}), decks=([AT], None))
    run(s, "BADV")
    assert total(s.hands[0]) == 1 and s.ndeck[0] == 0 and s.turn == 1
    s = build(hands=({PA: 1}, {}), decks=([], None))
    run(s, "BADV")
    assert s.pos == [4, 7] and total(s.hands[0]) == 0 and s.turn == 1


def case_F15_F16_no_advance_when_adjacent():
    """'already adjacent ... you may not play an ADVANCE card - including the board ADVANCE'."""
    s = build((4, 6), 1, 0, ({AD: 1, PA: 2}, {}))
    run(s, "BADV")
    assert s.pos == [5, 6] and s.moved_adj == 1
    discarding(s, 0, f.A_BOARD_ADV, 0)
    run(s, "-AD -PA")
    assert s.pos == [5, 6] and s.moved_adj == 1 and s.turn == 1
    s = build((4, 5), 1, 0, ({AD: 1, PA: 2}, {}))
    a = acts(s)
    assert f.A_ADVANCE not in a and f.A_BOARD_ADV not in a
    assert illegal(s, "AD") and illegal(s, "BADV")


def case_F36_board_retreat_discards_the_hand_and_loses_priority():
    """Board RETREAT: 'Move 1 space back. Discard your hand and draw 5 cards. Lose priority'."""
    s = build(hands=({AT: 1, PA: 2, AD: 1}, {}))
    run(s, "BRET")
    assert s.pos == [2, 7] and s.prio == 1 and s.turn == 1
    assert total(s.hands[0]) == 5 and total(s.discards[0]) == 4


def case_F37_board_retreat_draws_what_the_deck_has():
    """'If you are unable to draw the entire 5 cards ... draw as many as you are able'."""
    s = build(hands=({AT: 1, PA: 2, AD: 1}, {}), decks=([AT, PA, AT], None))
    run(s, "BRET")
    assert total(s.hands[0]) == 3 and s.ndeck[0] == 0


def case_F18_no_board_retreat_from_the_last_space():
    """'unable to play the board RETREAT card while on the last space'."""
    s = build((1, 5), 0, 0, ({AT: 1}, {}))
    assert "BRET" not in texts(s) and illegal(s, "BRET")
    s = build((3, 9), 1, 1, ({}, {AT: 1}))
    assert "BRET" not in texts(s) and illegal(s, "BRET")


def case_F38_advance_card_discards_1_to_3_others():
    """ADVANCE: 'Discard 1 to 3 cards and draw the same number'; not counting itself (A15)."""
    s = build(hands=({AD: 1, PA: 1, AT: 1}, {}))
    assert "AD" in texts(s)
    run(s, "AD")
    assert s.pos == [4, 7] and s.discards[0][AD] == 1
    discarding(s, 0, f.A_ADVANCE, 0)
    assert texts(s) == ["-AT", "-PA"]
    run(s, "-AT")
    assert texts(s) == ["-PA", "ok"]
    run(s, "-PA")
    discarding(s, 0, f.A_ADVANCE, 2)
    assert texts(s) == ["ok"]
    run(s, "ok")
    assert s.pos == [4, 7] and total(s.hands[0]) == 2 and s.discards[0][AD] == 1
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.turns == 1 and s.nmoves == 4
    s = build(hands=({AD: 1}, {}))
    assert f.A_ADVANCE not in acts(s) and "BADV" in texts(s) and illegal(s, "AD")


# ---- the discard phase of an ADVANCE or RETREAT ---------------------------------------


def case_F38_no_ok_before_the_first_advance_discard():
    """ADVANCE: 'Discard 1 to 3 cards': 'ok' only after one; no other play meanwhile."""
    s = build((3, 5), 0, 0, ({AD: 1, PA: 1, AT: 1, RE: 1}, {}))
    run(s, "AD")
    discarding(s, 0, f.A_ADVANCE, 0)
    assert f.DONE not in f.moves(s) and not f.is_legal(s, f.DONE) and illegal(s, "ok")
    for t in ("AT", "PA", "RE", "BRET", "BADV", "pass"):
        assert illegal(s, t), t
    run(s, "-RE")
    assert f.DONE in f.moves(s) and f.is_legal(s, f.DONE)
    run(s, "ok")
    assert s.phase == f.PH_PLAY and s.turn == 1 and illegal(s, "ok")


def case_F34_F38_F47_discard_phase_ends_by_itself_at_the_most():
    """ADVANCE: at most 3; RETREAT: 3; board ADVANCE: 2 - then the draw, the turn passes."""
    s = build(hands=({AD: 1, PA: 2, FE: 1, RE: 1}, {}))
    run(s, "AD -PA -PA")
    discarding(s, 0, f.A_ADVANCE, 2)
    run(s, "-FE")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.act == -1 and s.discarded == 0
    assert total(s.hands[0]) == 4 and s.hands[0][AT] == 3 and s.hands[0][RE] == 1
    assert s.turns == 1 and s.nmoves == 4
    s = build(hands=({RE: 1, PA: 2, AT: 1, FE: 1}, {}))
    run(s, "RE -PA -FE")
    discarding(s, 0, f.A_RETREAT, 2)
    run(s, "-AT")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.pos == [2, 7]
    assert total(s.hands[0]) == 4 and s.hands[0][PA] == 1 and s.nmoves == 4
    s = build(hands=({AT: 1, PA: 1, FE: 1}, {}))
    run(s, "BADV -AT")
    discarding(s, 0, f.A_BOARD_ADV, 1)
    run(s, "-FE")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.pos == [4, 7]
    assert total(s.hands[0]) == 3 and s.hands[0][PA] == 1 and s.nmoves == 3


def case_F34_F38_F47_draws_equal_the_discards():
    """'draw the same number' / 'draw to replace them' / 'draw two'; a short deck gives less."""
    for n in (1, 2, 3):
        s = build(hands=({AD: 1, PA: 3}, {}))
        run(s, "AD" + " -PA" * n + (" ok" if n < 3 else ""))
        assert s.ndeck[0] == 46 - n and total(s.hands[0]) == 3
        assert s.hands[0][AT] == n and s.discards[0][PA] == n and s.turn == 1
    s = build(hands=({RE: 1, PA: 3}, {}), decks=([AT], None))
    run(s, "RE -PA -PA -PA")
    assert total(s.hands[0]) == 1 and s.ndeck[0] == 0 and s.turn == 1
    s = build(hands=({PA: 2}, {}), decks=([FE], None))
    run(s, "BADV -PA -PA")
    assert total(s.hands[0]) == 1 and s.hands[0][FE] == 1 and s.ndeck[0] == 0


def case_F38_discard_of_a_card_not_in_hand_is_illegal():
    """Only cards in hand can be discarded; the ADVANCE card itself is already played."""
    s = build(hands=({AD: 1, PA: 1, AT: 2}, {}))
    run(s, "AD")
    for t in ("-AD", "-SH", "-RE", "-FE"):
        assert illegal(s, t), t
    run(s, "-PA")
    assert illegal(s, "-PA") and texts(s) == ["-AT", "ok"]
    assert not f.is_legal(s, f.DONE + 1) and not f.is_legal(s, f.DISCARD - 1)
    s = build(hands=({AD: 2, PA: 1}, {}))
    run(s, "AD")
    assert texts(s) == ["-PA", "-AD"]
    run(s, "-AD")
    assert s.discards[0][AD] == 2 and s.hands[0][AD] == 0


def case_F35_board_advance_with_one_card_has_no_discard_phase():
    """'only 1 card ... discard it and draw two' at once; with 2 cards both are chosen."""
    s = build((3, 5), 0, 0, ({SH: 1}, {PA: 1}))
    assert texts(s) == ["BADV", "BRET"]
    run(s, "BADV")
    assert s.phase == f.PH_PLAY and s.turn == 1 and s.act == -1 and s.discarded == 0
    assert s.pos == [4, 5] and s.moved_adj == 1 and s.discards[0][SH] == 1
    assert total(s.hands[0]) == 2 and s.hands[0][AT] == 2 and f.to_act(s) == 1
    assert s.turns == 1 and s.nmoves == 1
    s = build(hands=({SH: 1, PA: 1}, {}))
    run(s, "BADV")
    discarding(s, 0, f.A_BOARD_ADV, 0)


def case_F38_dump_load_in_the_discard_phase():
    """A save in the middle of the discards loads to the same state and plays on alike."""
    s = build(hands=({AD: 1, PA: 2, AT: 1}, {PA: 1}))
    run(s, "AD -PA")
    d = f.dump(s)
    t = f.load(d)
    f.check(t)
    assert f.dump(t) == d
    discarding(t, 0, f.A_ADVANCE, 1)
    assert f.moves(t) == f.moves(s) and f.view(t, 0) == f.view(s, 0)
    c = f.copy(s)
    assert f.dump(c) == d
    run(s, "-AT ok")
    run(t, "-AT ok")
    assert f.dump(t) == f.dump(s) and s.turn == 1 and s.phase == f.PH_PLAY
    s = build(hands=({RE: 1, PA: 3}, {}))
    run(s, "RE -PA -PA")
    d = f.dump(s)
    t = f.load(d)
    assert f.dump(t) == d and t.phase == f.PH_DISCARD and t.act == f.A_RETREAT
    assert texts(t) == ["-PA"] and illegal(t, "ok")


def case_F13_corps_a_corps_after_the_last_discards():
    """'no cards in both their decks and hands': the ADVANCE's last discard ends the cards."""
    s = build(hands=({AD: 1, PA: 1}, {}), decks=([], []))
    run(s, "AD -PA")
    discarding(s, 0, f.A_ADVANCE, 1)
    assert s.corps == 0 and texts(s) == ["ok"]
    run(s, "ok")
    assert s.corps == 1 and s.pos == [4, 7] and s.prio == 0 and s.turn == 0
    assert total(s.hands[0]) == 6 and total(s.hands[1]) == 5


# ---- ATTACK, hits, the reset ------------------------------------------------------


def case_F39_attack_adjacent_with_priority():
    """ATTACK: 'You must be adjacent to your opponent and have priority to play'."""
    s = build((4, 5), 0, 0, ({AT: 1}, {PA: 1}))
    run(s, "AT")
    assert s.turn == 1 and s.pending == f.P_ATTACK and s.lead == AT and s.hits == [0, 0]
    s = build((4, 6), 0, 0, ({AT: 1, FE: 1}, {}))
    assert f.A_ATTACK not in acts(s) and f.A_FEINT not in acts(s) and illegal(s, "AT")
    s = build((4, 5), 1, 0, ({AT: 1, FE: 1}, {}))
    assert f.A_ATTACK not in acts(s) and f.A_FEINT not in acts(s) and illegal(s, "FE")


def case_F19_unavoidable_attack_scores_at_once():
    """'unable to play a PARRY or RETREAT (including the board RETREAT)': a hit at once."""
    s = build((8, 9), 0, 0, ({AT: 1}, {AT: 1, AD: 1}))
    run(s, "AT")
    assert s.hits == [1, 0] and not f.over(s)
    t = f.summary(s)["touches"]
    assert t == [{"seat": 0, "card": "attack", "turn": 1}]


def case_F21_F24_reset_after_a_hit():
    """Back to the start, all cards reshuffled, five each; the hit fencer has priority, starts."""
    s = build((8, 9), 0, 0, ({AT: 1}, {AT: 1, AD: 1}))
    run(s, "AT")
    assert s.pos == [3, 7] and s.prio == 1 and s.turn == 1 and s.pending == f.P_NONE
    assert total(s.hands[0]) == 5 and total(s.hands[1]) == 6
    assert s.ndeck[0] == 45 and s.ndeck[1] == 44
    assert total(s.discards[0]) == 0 and total(s.discards[1]) == 0


def case_F46_A11_parry_avoids_and_changes_nothing_else():
    """PARRY: 'This prevents the ATTACK from scoring a hit'; the attacker keeps priority (A11)."""
    s = build((4, 5), 0, 0, ({AT: 1}, {PA: 1, AD: 1}))
    run(s, "AT")
    assert "PA" in texts(s)
    run(s, "PA")
    assert s.hits == [0, 0] and s.prio == 0 and s.pos == [4, 5]
    assert s.turn == 0 and s.pending == f.P_NONE


def case_A10_facing_an_attack_only_avoiding_moves():
    """A10: while an ATTACK is pending the only legal plays avoid it; no pass."""
    s = build((4, 5), 0, 0, ({AT: 1}, {PA: 1, RE: 1, AT: 2, BT: 1, SH: 1, AD: 1}))
    run(s, "AT")
    assert acts(s) == [f.A_PARRY, f.A_RETREAT, f.A_BOARD_RET]
    run(s, "RE")  # the RETREAT card avoids it: the move back at once, then 3 discards
    assert s.pos == [4, 6] and s.hits == [0, 0] and s.prio == 0
    discarding(s, 1, f.A_RETREAT, 0)
    run(s, "-AT -AT -SH")
    assert s.turn == 0 and s.phase == f.PH_PLAY and s.hits == [0, 0]


def case_F37_board_retreat_avoids_the_attack():
    """Board RETREAT: 'If your opponent played an attack ... this card avoids that attack'."""
    s = build((4, 5), 0, 0, ({AT: 1}, {AD: 1}))
    run(s, "AT")
    assert texts(s) == ["BRET"]
    run(s, "BRET")
    assert s.hits == [0, 0] and s.pos == [4, 6] and s.prio == 0
    assert total(s.hands[1]) == 5 and s.turn == 0


def case_A10_no_counter_attack_against_a_stop_hit():
    """A10: after the opponent's STOP HIT+ATTACK the priority holder must avoid, not ATTACK."""
    s = build((4, 5), 0, 1, ({AT: 1, PA: 1}, {SH: 1, AT: 1}), moved_adj=1)
    run(s, "SH+AT")
    assert s.prio == 0 and s.pending == f.P_ATTACK
    a = acts(s)
    assert f.A_ATTACK not in a and f.A_PARRY in a and illegal(s, "AT")


# ---- LUNGE and BALESTRA --------------------------------------------------------


def case_F45_lunge_from_one_space_away_steps_forward():
    """LUNGE: 'If you are 1 space away ... move your fencer counter forward 1 space' (A3)."""
    s = build((3, 5), 0, 0, ({LU: 1, AT: 1}, {PA: 1}))
    assert "LU+AT" in texts(s)
    run(s, "LU+AT")
    assert s.pos == [4, 5] and s.pending == f.P_ATTACK and s.lead == LU
    s = build((4, 5), 0, 0, ({LU: 1, AT: 1}, {PA: 1}))
    run(s, "LU+AT")
    assert s.pos == [4, 5] and s.pending == f.P_ATTACK


def case_F45_lunge_needs_range_attack_and_priority():
    """'1 space away from or adjacent'; 'able to play an ATTACK'; 'must have priority'."""
    s = build((3, 6), 0, 0, ({LU: 1, AT: 1}, {}))
    assert f.A_LUNGE not in acts(s) and illegal(s, "LU+AT")
    s = build((3, 5), 0, 0, ({LU: 1, PA: 1}, {}))
    assert f.A_LUNGE not in acts(s) and f.parse_move(None, "LU+FE") not in acts(s)
    s = build((3, 5), 1, 0, ({LU: 1, AT: 1}, {}))
    assert f.A_LUNGE not in acts(s) and illegal(s, "LU+AT")


def case_F42_balestra_attack_cannot_be_retreated_from():
    """BALESTRA: 'Your opponent may not play a RETREAT or board RETREAT to avoid your attack'."""
    s = build((3, 5), 0, 0, ({BA: 1, AT: 1}, {PA: 1, RE: 1, AT: 3}))
    run(s, "BA+AT")
    assert s.pos == [4, 5] and s.no_retreat == 1
    assert acts(s) == [f.A_PARRY]


def case_F40_balestra_without_parry_is_a_hit():
    """F40-F42: one space away, step in; no PARRY and no retreat allowed: the hit scores."""
    s = build((3, 5), 0, 0, ({BA: 1, AT: 1}, {RE: 1, AT: 3, AD: 1}))
    run(s, "BA+AT")
    assert s.hits == [1, 0] and f.summary(s)["touches"][0]["card"] == "balestra"


def case_A16_balestra_lock_covers_the_riposte_only():
    """'(by using a RIPOSTE) you are not able to play a RETREAT'; later exchanges are free (A16)."""
    left = {BA: 1, AT: 2, PA: 1, RI: 1, RE: 1, AD: 2}
    s = build((4, 5), 0, 0, (left, {PA: 1, RI: 1, AT: 1, AD: 1}))
    run(s, "BA+AT PA+RI+AT")
    assert s.prio == 1 and s.pending == f.P_ATTACK and s.no_retreat == 1 and s.turn == 0
    a = acts(s)
    assert f.A_PARRY in a and f.A_BOARD_RET not in a and f.A_RETREAT not in a
    assert illegal(s, "BRET")
    run(s, "PA+RI+AT")
    assert s.no_retreat == 0 and s.prio == 0 and "BRET" in texts(s)


def case_A16_balestra_fencer_without_parry_is_hit_by_the_riposte():
    """F42: the balestra fencer may not retreat from the riposte: no PARRY, a hit."""
    s = build((3, 5), 0, 0, ({BA: 1, AT: 1, RE: 1, AD: 3}, {PA: 1, RI: 1, AT: 1}))
    run(s, "BA+AT PA+RI+AT")
    assert s.hits == [0, 1] and f.summary(s)["touches"][0]["card"] == "riposte"
    assert s.prio == 0 and s.turn == 0


def case_F9_no_hand_limit():
    """'There is no limit on the number of cards that you can hold': nine, then a draw."""
    s = build((4, 5), 0, 0, ({AT: 2, PA: 3, AD: 2, RE: 2}, {PA: 1, AD: 1}))
    assert total(s.hands[0]) == 9
    run(s, "AT PA")
    assert s.turn == 0 and s.phase != f.PH_DISCARD and total(s.hands[0]) == 9
    assert "pass" not in texts(s)


def case_F40_balestra_needs_priority_range_and_an_attack():
    """BALESTRA: 'only ... 1 space away from or adjacent'; 'must have priority'; 'need to
    play an ATTACK card with BALESTRA'; adjacent, it attacks without moving."""
    s = build((3, 6), 0, 0, ({BA: 1, AT: 1}, {}))
    assert f.A_BALESTRA not in acts(s) and illegal(s, "BA+AT")
    s = build((3, 5), 1, 0, ({BA: 1, AT: 1}, {}))
    assert f.A_BALESTRA not in acts(s) and illegal(s, "BA+AT")
    s = build((3, 5), 0, 0, ({BA: 1, PA: 1, AD: 1}, {}), decks=([PA, PA], None))
    assert illegal(s, "BA+AT") and illegal(s, "BA+FE")
    s = build((4, 5), 0, 0, ({BA: 1, AT: 1}, {PA: 1}))
    run(s, "BA+AT")
    assert s.pos == [4, 5] and s.pending == f.P_ATTACK and s.lead == BA and s.no_retreat == 1


def case_A4_feint_in_place_of_the_attack_with_balestra_stop_hit_riposte():
    """FEINT: 'If another card requires you to play an ATTACK card, you may play a FEINT
    instead': BALESTRA, STOP HIT and PARRY + RIPOSTE each take one (never scoring)."""
    s = build((3, 5), 0, 0, ({BA: 1, FE: 1}, {PA: 1, AD: 3}))
    run(s, "BA+FE")
    assert s.pos == [4, 5] and s.pending == f.P_FEINT and s.lead == BA and s.prio == 0
    s = build((4, 6), 1, 1, ({SH: 1, FE: 1}, {PA: 2, AT: 1}))
    run(s, "BADV -AT -PA")
    assert "SH+FE" in texts(s)
    run(s, "SH+FE")
    assert s.pending == f.P_FEINT and s.lead == SH and s.prio == 1  # STOP HIT gains nothing
    s = build((4, 5), 0, 0, ({AT: 1}, {PA: 1, RI: 1, FE: 1}))
    run(s, "AT")
    assert "PA+RI+FE" in texts(s)
    run(s, "PA+RI+FE")
    assert s.pending == f.P_FEINT and s.lead == RI and s.prio == 1 and s.hits == [0, 0]


def case_A22_a_balestra_feint_leaves_the_retreats_free():
    """A22: BALESTRA bans retreating 'to avoid your attack'; a FEINT in its place scores
    nothing to avoid, so the answer to it is a free turn (PARRY, a retreat, ...)."""
    s = build((3, 5), 0, 0, ({BA: 1, FE: 1}, {PA: 1, RE: 1, AT: 3}))
    run(s, "BA+FE")
    ts = texts(s)
    assert "PA" in ts and "RE" in ts and "BRET" in ts
    run(s, "BRET")
    assert s.pos == [4, 6] and s.hits == [0, 0]


# ---- BEAT ATTACK, FEINT, PARRY, RIPOSTE, STOP HIT --------------------------------


def case_F43_beat_attack_gains_priority():
    """BEAT ATTACK: 'they have priority but did not play an ATTACK or FEINT'; priority gained."""
    s = build((4, 5), 1, 0, ({BT: 1, AT: 1, FE: 1}, {PA: 1}))
    ts = texts(s)
    assert "BT+AT" in ts and "BT+FE" in ts
    run(s, "BT+AT")
    assert s.prio == 0 and s.pending == f.P_ATTACK and s.lead == BT


def case_F43_A2_no_beat_after_a_feint_or_with_priority():
    """A2: BEAT ATTACK is barred after a FEINT, with priority, and when not adjacent."""
    hands = ({BT: 1, AT: 1, PA: 1}, {})
    s = build((4, 5), 1, 0, hands, pending=f.P_FEINT, lead=FE)
    assert f.A_BEAT not in acts(s) and illegal(s, "BT+AT")
    s = build((4, 5), 0, 0, hands)
    assert f.A_BEAT not in acts(s) and illegal(s, "BT+AT")
    s = build((3, 5), 1, 0, hands)
    assert f.A_BEAT not in acts(s) and illegal(s, "BT+AT")


def case_F44_feint_never_scores_and_forces_nothing():
    """FEINT: 'This is not a scoring ATTACK'; the other fencer may do anything legal."""
    s = build((4, 5), 0, 0, ({FE: 1}, {PA: 1, RE: 1, AT: 2}))
    run(s, "FE")
    assert s.pending == f.P_FEINT
    a = acts(s)
    assert f.A_PARRY in a and f.A_RETREAT in a and f.A_BOARD_RET in a
    run(s, "BRET")
    assert s.hits == [0, 0] and s.pos == [4, 6]


def case_F44_A17_feint_at_the_last_space_no_hit_just_a_pass():
    """A17: cornered, no PARRY, facing a FEINT: no hit; the only move is a pass."""
    s = build((8, 9), 0, 0, ({FE: 1}, {AT: 2}))
    run(s, "FE")
    assert s.hits == [0, 0] and texts(s) == ["pass"]
    run(s, "pass")
    assert s.prio == 0 and s.turn == 0 and s.hits == [0, 0]


def case_A7_parry_a_feint_but_no_riposte():
    """A7: PARRY is legal against a FEINT; RIPOSTE needs 'an ATTACK'."""
    s = build((4, 5), 0, 0, ({FE: 1}, {PA: 1, RI: 1, AT: 1}))
    run(s, "FE")
    ts = texts(s)
    assert "PA" in ts and "PA+RI+AT" not in ts and "PA+RI+FE" not in ts
    assert illegal(s, "PA+RI+AT")


def case_F46_no_parry_without_an_attack():
    """PARRY: 'You may not play a PARRY card if your opponent did not play an ATTACK (or FEINT)'."""
    s = build((4, 5), 0, 1, ({}, {PA: 1, AT: 1}))
    assert f.A_PARRY not in acts(s) and illegal(s, "PA")


def case_F49_riposte_with_parry_gains_priority():
    """RIPOSTE: 'must also have played a PARRY' and an ATTACK; 'You gain priority'."""
    s = build((3, 5), 0, 0, ({LU: 1, AT: 1}, {PA: 1, RI: 1, AT: 1}))
    run(s, "LU+AT")
    assert "PA+RI+AT" in texts(s)
    run(s, "PA+RI+AT")
    assert s.prio == 1 and s.turn == 0 and s.pending == f.P_ATTACK and s.lead == RI
    d = s.discards[1]
    assert d[PA] == 1 and d[RI] == 1 and d[AT] == 1 and s.hits == [0, 0]


def case_F49_riposte_needs_an_attack_card():
    """RIPOSTE: 'you need to play an ATTACK card with RIPOSTE'; PARRY alone stays legal."""
    s = build((4, 5), 0, 0, ({AT: 1}, {PA: 1, RI: 1}), decks=(None, [PA, PA]))
    run(s, "AT")
    a = acts(s)
    assert f.A_PARRY in a and f.A_RIPOSTE not in a and f.parse_move(None, "PA+RI+FE") not in a


def case_F50_stop_hit_after_a_board_advance():
    """STOP HIT: 'must have moved adjacent ... and did not play an ATTACK'; no priority gained."""
    s = build((4, 6), 1, 1, ({SH: 1, AT: 1}, {PA: 2, AT: 1}))
    run(s, "BADV -AT -PA")
    assert s.pos == [4, 5] and s.moved_adj == 1 and s.turn == 0
    assert "SH+AT" in texts(s)
    run(s, "SH+AT")
    assert s.prio == 1 and s.pending == f.P_ATTACK and s.lead == SH and s.turn == 1


def case_F50_no_stop_hit_without_a_move_or_with_priority():
    """'may not play this card if you have priority'; adjacent without moving does not count."""
    hands = ({SH: 1, AT: 1, PA: 1}, {})
    s = build((4, 5), 1, 0, hands)
    assert f.A_STOP not in acts(s) and illegal(s, "SH+AT")
    s = build((4, 5), 0, 0, hands, moved_adj=1)
    assert f.A_STOP not in acts(s) and illegal(s, "SH+AT")


def case_F50_stop_hit_after_lunge_feint_not_after_lunge_attack():
    """A12: LUNGE+FEINT moves adjacent without an ATTACK; LUNGE+ATTACK does not qualify."""
    s = build((3, 5), 1, 1, ({SH: 1, AT: 1, PA: 1}, {LU: 1, FE: 1}))
    run(s, "LU+FE")
    assert s.pos == [3, 4] and s.pending == f.P_FEINT and "SH+AT" in texts(s)
    s = build((3, 5), 1, 1, ({SH: 1, AT: 1, PA: 1}, {LU: 1, AT: 1}))
    run(s, "LU+AT")
    assert s.pos == [3, 4] and f.A_STOP not in acts(s) and illegal(s, "SH+AT")


# ---- the RETREAT card, passing ---------------------------------------------------


def case_F47_retreat_card_discards_three_and_loses_priority():
    """RETREAT: 'Move 1 space back. Discard 3 cards and draw to replace them. Lose priority'."""
    s = build(hands=({RE: 1, AT: 1, PA: 2}, {}))
    assert "RE" in texts(s)
    run(s, "RE")
    assert s.pos == [2, 7] and s.prio == 1
    discarding(s, 0, f.A_RETREAT, 0)
    assert texts(s) == ["-AT", "-PA"] and illegal(s, "ok")
    run(s, "-AT -PA")
    discarding(s, 0, f.A_RETREAT, 2)
    assert texts(s) == ["-PA"] and illegal(s, "ok")
    run(s, "-PA")
    assert s.phase == f.PH_PLAY and s.turn == 1 and total(s.hands[0]) == 3
    d = s.discards[0]
    assert d[RE] == 1 and d[AT] == 1 and d[PA] == 2
    s = build(hands=({RE: 1, AT: 1, PA: 1}, {}))
    assert f.A_RETREAT not in acts(s) and illegal(s, "RE")


def case_F48_A14_retreat_card_off_the_last_space_gives_a_hit():
    """'at the last space you may still play the RETREAT card but your opponent will score'."""
    s = build((1, 4), 0, 0, ({RE: 1, AT: 3}, {}))
    assert "RE" in texts(s)
    run(s, "RE")
    assert s.hits == [0, 1] and s.phase == f.PH_PLAY and s.nmoves == 1
    assert f.summary(s)["touches"] == [{"seat": 1, "card": "retreat", "turn": 1}]
    assert s.pos == [3, 7] and s.prio == 0 and s.turn == 0


def case_A14_retreat_card_off_the_last_space_under_attack():
    """'If your opponent played an attack on their turn, this card avoids that attack. If
    you are at the last space you may still play the RETREAT card but your opponent will
    score a hit': under attack there too; a PARRY is the one answer that avoids it, and
    with neither the attack scores."""
    s = build((1, 2), 1, 1, ({RE: 1, AT: 3, PA: 1}, {AT: 1}))
    run(s, "AT")
    assert texts(s) == ["PA", "RE"]
    s = build((1, 2), 1, 1, ({RE: 1, AT: 3}, {AT: 1}))
    run(s, "AT")
    assert texts(s) == ["RE"] and s.hits == [0, 0]
    run(s, "RE")
    assert s.hits == [0, 1] and f.summary(s)["touches"][0]["card"] == "retreat"
    s = build((1, 2), 1, 1, ({AT: 3}, {AT: 1}))
    run(s, "AT")
    assert s.hits == [0, 1] and f.summary(s)["touches"][0]["card"] == "attack"


def case_A17_no_pass_beside_a_retreat_off_the_end():
    """A17: 'Then play a card from your hand' - 'If you have no more cards in your deck and
    hand, the only thing you may do is pass': with a RETREAT card off the last space to
    play and nothing else, it is played (the opponent scores), not passed."""
    s = build((1, 2), 1, 0, ({RE: 1, PA: 3}, {}))
    assert texts(s) == ["RE"] and illegal(s, "pass")
    run(s, "RE")
    assert s.hits == [0, 1] and f.summary(s)["touches"][0]["card"] == "retreat"


def case_A17_pass_by_the_priority_holder_loses_priority():
    """'the only thing you may do is pass - if you have priority you lose it to your opponent'."""
    s = build((1, 2), 0, 0, ({PA: 2}, {}))
    assert texts(s) == ["pass"]
    run(s, "pass")
    assert s.prio == 1 and s.turn == 1


def case_A17_no_pass_while_a_card_can_be_played():
    """A17: passing voluntarily is not allowed."""
    s = f.new(1)
    assert "pass" not in texts(s) and illegal(s, "pass")


# ---- corps-a-corps -------------------------------------------------------------


def case_F13_A19_corps_a_corps_when_all_cards_are_gone():
    """'If both players have no cards in both their decks and hands then see Corps-a-corps'."""
    s = build(hands=({PA: 1}, {}), decks=([], []))
    run(s, "BRET")  # left to 2, priority to right; right begins with nothing
    assert s.corps == 1 and f.summary(s)["corps_a_corps"] == 1
    assert s.pos == [4, 7] and s.prio == 1 and s.turn == 1
    assert total(s.hands[1]) == 6 and total(s.hands[0]) == 5
    assert s.ndeck[0] == 45 and s.ndeck[1] == 44
    assert total(s.discards[0]) == 0 and total(s.discards[1]) == 0


def case_A18_third_pass_with_empty_decks_is_corps_a_corps():
    """A18: both decks empty, three passes in a row: a standstill; hands are kept (A19)."""
    s = build((1, 2), 1, 0, ({PA: 2}, {}), decks=([], []))
    run(s, "pass pass")
    assert s.corps == 0 and s.prio == 0 and s.turn == 0
    run(s, "pass")  # left passes with priority: it goes to right, which then acts
    assert s.corps == 1 and s.pos == [1, 4] and s.prio == 1 and s.turn == 1
    assert s.hands[0][PA] >= 2 and total(s.hands[0]) == 7 and total(s.hands[1]) == 6
    assert s.passes == 0


def case_A18_passes_with_a_deck_left_are_no_standstill():
    """A18: passes while a deck still holds cards do not call corps-a-corps; the bout goes on."""
    s = build((1, 2), 1, 0, ({PA: 2}, {}), decks=([PA, PA], []))
    n = 0
    while s.corps == 0 and n < 12:
        assert f.moves(s) == [f.A_PASS]
        f.play(s, f.A_PASS)
        n += 1
        if s.corps == 0:
            f.check(s)
            assert f.dump(f.load(f.dump(s))) == f.dump(s)
    assert s.corps == 1 and n == 5


def case_F28_F32_corps_a_corps_squares():
    """a) stay; b) farther one forward; c) closer one back; d) both back; e) the other back two."""
    table = (
        ((3, 6), (3, 6)),
        ((4, 7), (4, 7)),
        ((1, 8), (5, 8)),
        ((2, 7), (4, 7)),
        ((1, 5), (2, 5)),
        ((3, 8), (3, 6)),
        ((5, 9), (5, 8)),
        ((2, 4), (2, 5)),
        ((6, 8), (5, 8)),
        ((1, 3), (1, 4)),
        ((4, 5), (3, 6)),
        ((2, 3), (1, 4)),
        ((7, 8), (6, 9)),
        ((1, 2), (1, 4)),
        ((8, 9), (6, 9)),
    )
    for before, after in table:
        assert f.corps_a_corps(before[0], before[1]) == after, before


def case_A21_corps_a_corps_ties_move_the_fencer_without_priority():
    """A21: equally far from the centre: the fencer without priority is moved."""
    table = (
        ((3, 7), (3, 6), (4, 7)),
        ((2, 8), (2, 5), (5, 8)),
        ((1, 9), (1, 4), (6, 9)),
        ((4, 6), (4, 7), (3, 6)),
    )
    for before, left, right in table:
        assert f.corps_a_corps(before[0], before[1]) == left, before
        assert f.corps_a_corps(before[0], before[1], 0) == left, before
        assert f.corps_a_corps(before[0], before[1], 1) == right, before


def case_A1_corps_a_corps_always_ends_two_spaces_apart():
    """A1: every result has right - left == 3 on squares 1..9."""
    for a in range(1, 9):
        for b in range(a + 1, 10):
            for p in (0, 1):
                x, y = f.corps_a_corps(a, b, p)
                assert 1 <= x and y <= 9 and y - x == 3, (a, b, p)


def case_A1_corps_a_corps_rejects_bad_squares():
    """corps_a_corps raises ValueError off the piste or unless left < right."""
    for a, b in ((0, 5), (5, 10), (5, 5), (6, 4)):
        assert raises(f.corps_a_corps, a, b), (a, b)
    assert raises(f.corps_a_corps, 3, 7, 2)


# ---- notation, illegal moves, summary ----------------------------------------------


def case_A4_notation_round_trip():
    """A4: a combination is one play: 'LU+AT', 'PA+RI+AT'; a discard '-PA', its end 'ok'."""
    codes = ("AT", "FE", "PA", "LU+AT", "LU+FE", "BA+AT", "BA+FE", "BT+AT", "BT+FE", "SH+AT")
    codes = codes + ("SH+FE", "PA+RI+AT", "PA+RI+FE", "AD", "RE", "BADV", "BRET", "pass")
    assert f.ACTS == 18 and f.A_PASS == 17
    for m in range(f.ACTS):
        assert f.move_text(None, m) == codes[m] and f.parse_move(None, codes[m]) == m
    for k in range(f.KINDS):
        t = "-" + f.CARD_CODES[k]
        assert f.move_text(None, f.DISCARD + k) == t and f.parse_move(None, t) == f.DISCARD + k
    assert f.move_text(None, f.DONE) == "ok" and f.parse_move(None, "ok") == f.DONE
    assert f.parse_move(None, "ad") == f.A_ADVANCE and f.parse_move(None, "OK") == f.DONE
    assert f.parse_move(None, "-pa") == f.DISCARD + PA and f.parse_move(None, "badv") == 15
    for t in ("XX", "AD/AT,PA", "BADV/FE,PA", "RE/AT,AT,AT", "-ZZ", "-", ""):
        assert raises(f.parse_move, None, t), t
    for m in (-1, f.ACTS, f.DISCARD - 1, f.DONE + 1):
        assert raises(f.move_text, None, m), m


def case_F8_illegal_moves_raise_and_change_nothing():
    """An illegal move raises ValueError and leaves the bout as it was."""
    s = f.new(1)
    for t in ("AT", "PA", "LU+AT", "pass", "PA+RI+AT", "-AT", "-PA", "ok"):
        assert illegal(s, t), t
    d = f.dump(s)
    assert raises(f.play, s, -1) and raises(f.play, s, 99999999) and f.dump(s) == d
    assert raises(f.play, s, "AT") and raises(f.play, s, f.DONE + 1) and f.dump(s) == d
    assert f.dump(f.load(d)) == d


def case_F20_summary_keys():
    """The summary: hits, winner, touches, corps_a_corps, turns, and a round a hit."""
    s = build((8, 9), 0, 0, ({AT: 1}, {AT: 1, AD: 1}))
    run(s, "AT")
    sm = f.summary(s)
    for k in ("hits", "winner", "touches", "corps_a_corps", "turns"):
        assert k in sm and k in f.SUMMARY, k
    assert sm["hits"] == [1, 0] and sm["winner"] == -1 and sm["turns"] == 1
    assert sm["corps_a_corps"] == 0 and len(sm["touches"]) == 1
    assert "rounds" in f.SUMMARY and sm["rounds"] == [
        {"seat": 0, "card": sm["touches"][0]["card"], "turn": 1, "hits": [1, 0]}
    ]


# ---- the save: fields that must agree ---------------------------------------------


def played(seed, stop):
    """A bout played by Rng(seed)'s moves until stop(s) holds (kit.played)."""
    return kit_played(f, seed, stop)


def edited(s, key, i, word):
    """The save of s with word i of its line `key` (the key is word 0) set to `word`."""
    return with_word(f.dump(s), key, i, word)


def paying(act, hand=0, adjacent=None, prio=None):
    """A stop() for played: the discard phase of `act`, nothing discarded yet, `hand`
    cards or more held (exactly 2 with hand=2), the fencers adjacent or not, priority
    with the fencer paying or not (None: either)."""

    def stop(s):
        if s.phase != f.PH_DISCARD or s.act != act or s.discarded:
            return False
        n = total(s.hands[s.turn])
        if n < hand or (hand == 2 and n != 2):
            return False
        if adjacent is not None and (f._gap(s) == 0) != adjacent:
            return False
        return prio is None or (s.prio == s.turn) == prio

    return stop


AT_ACT = 12  # the words of the "at" line: act, then moved_adj
AT_MOVED = 7


def case_F47_save_discards_owed_from_the_hand():
    """A board ADVANCE holding two cards read as a RETREAT card (three discards owed) is
    damage: the hand cannot pay, and the bout would stop with no move."""
    s = played(4, paying(f.A_BOARD_ADV, 2, False, False))
    assert f.dump(f.load(f.dump(s))) == f.dump(s)
    assert raises(f.load, edited(s, "at", AT_ACT, str(f.A_RETREAT)))


def case_F47_F50_save_the_move_flag_and_priority_follow_the_action():
    """After an ADVANCE the fencers are adjacent exactly when the move flag says so (a STOP
    HIT may answer); a RETREAT card clears it and gives up priority."""
    s = played(1, paying(f.A_BOARD_ADV, 3, True))
    assert s.moved_adj == 1 and f.dump(f.load(f.dump(s))) == f.dump(s)
    assert raises(f.load, edited(s, "at", AT_MOVED, "0"))
    assert raises(f.load, edited(s, "at", AT_ACT, str(f.A_RETREAT)))
    t = played(1, paying(f.A_ADVANCE, 3, False, True))
    assert f.dump(f.load(f.dump(t))) == f.dump(t)
    assert raises(f.load, edited(t, "at", AT_ACT, str(f.A_RETREAT)))


def case_F6_save_hits_per_fencer_match_the_touches():
    """hits 0 1 read as 1 0 is damage: the touches record says who scored."""
    s = played(1, lambda s: s.phase == f.PH_PLAY and s.hits == [0, 1])
    assert f.dump(f.load(f.dump(s))) == f.dump(s)
    lines = f.dump(s).split("\n")
    assert lines[6] == "hits 0 1"
    lines[6] = "hits 1 0"
    assert raises(f.load, "\n".join(lines))
