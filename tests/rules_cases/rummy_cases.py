"""Three-Thirteen rummy rule cases, the deal, melds and turns: clauses R1-R20 and their
decisions of the review of the rule text (docs/rules/rummy.md); going out and scoring
are in rummy_end_cases.py. Plain functions, plain asserts: they run on CPython and
inside the MicroPython VM (tools: rummy_kit.py).
"""

from rules_cases.kit import raises
from rules_cases.rummy_kit import build, cards, hand, illegal, run, texts, to_end_of_round
from shared_rules import rummy as r
from shared_rules.rng import Rng


def case_R1_D17_two_to_four_players():
    """'Two or more players': 2 to 4 seats (1 to 3 computer rivals), seat 0 the person."""
    assert r.SEATS_MIN == 2 and r.SEATS_MAX == 4
    for k in (1, 2, 3):
        s = r.new(3, {"cpus": k})
        assert r.seats(s) == k + 1 and len(s.hands) == k + 1 and r.humans(s) == (0,)
    assert raises(r.new, 1, {"cpus": 4}) and raises(r.new, 1, {"cpus": 0})
    assert r.SEAT_NAMES == ("You", "West", "North", "East")


def case_R2_D1_one_deck_for_two_two_for_more_jokers_wild():
    """'One 52 card deck for two players, two decks for three or more' (two jokers each)."""
    two = r.deck_counts(2)
    four = r.deck_counts(4)
    assert two[0] == 1 and two[51] == 1 and two[r.JOKER] == 2 and sum(two) == 54
    assert four[0] == 2 and four[r.JOKER] == 4 and sum(four) == 108
    assert sum(r.deck_counts(3)) == 108
    s = r.new(5, {"cpus": 1})
    assert s.nstock + s.npile + 6 == 54


def case_R3_eleven_rounds_then_the_match_ends():
    """'This game has eleven rounds' (option rounds: the first N, 11 by default)."""
    assert r.new(1).opts["rounds"] == 11
    s = build(
        ["5S 6S 7S 9D 9H 9S KD AH 2H 3H TD QD QS", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"],
        "4D",
        "8S 2S 3S",
        rnd=10,
        turn=0,
    )
    run(s, "draw out QS")
    to_end_of_round(s)
    assert r.over(s) and r.to_act(s) == -1 and r.moves(s) == [] and len(s.rounds) == 11
    s = r.new(4, {"rounds": 3})
    assert s.opts["rounds"] == 3 and raises(r.new, 4, {"rounds": 4})


def case_R4_first_dealer_at_random_from_the_seed():
    """'The first dealer is chosen at random': drawn from the seed's Rng."""
    seen = []
    for seed in range(12):
        s = r.new(seed, {"cpus": 3})
        assert s.first == Rng(seed).below(4) and r.dealer(s) == s.first
        if s.first not in seen:
            seen.append(s.first)
    assert len(seen) >= 3


def case_R5_R6_deal_passes_left_round_r_deals_r_plus_2():
    """'the turn to deal passes to the left after each round'; 'three cards ... four'."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D", "8S", turn=0)
    d = r.dealer(s)
    run(s, "draw out 8S")
    to_end_of_round(s)
    assert s.phase == r.PH_BETWEEN and texts(s) == ["next"] and r.to_act(s) == 0
    run(s, "next")
    assert s.round == 1 and r.dealer(s) == (d + 1) % 2 and s.turn == (d + 2) % 2
    assert [len(h) for h in s.hands] == [4, 4] and r.wild_of(s) == 4
    s = r.new(8, {"cpus": 3})
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]


def case_R7_R8_stock_face_down_one_card_turned_up():
    """'The remainder ... form a stock pile'; 'The top card ... start the discard pile'."""
    s = r.new(2, {"cpus": 2})
    assert s.npile == 1 and s.nstock == 108 - 9 - 1
    v = r.view(s, 0)
    assert v["pile"] == r.pile_cards(s) and v["stock"] == s.nstock and len(v["unseen"]) == 104


# ---- melds -------------------------------------------------------------------------


def case_R9_sets_of_three_or_more_of_a_rank():
    """'a set or group of three or more cards of the same rank'."""
    assert r.is_meld(cards("7S 7H 7D"), 13)
    assert r.is_meld(cards("7S 7H 7D 7C"), 13)
    assert not r.is_meld(cards("7S 7H"), 13)
    assert not r.is_meld(cards("7S 7H 8D"), 13)


def case_R10_runs_of_three_or_more_of_a_suit():
    """'a run or sequence of three or more cards in the same suit'."""
    assert r.is_meld(cards("5S 6S 7S"), 13) and r.is_meld(cards("7S 5S 8S 6S"), 13)
    assert not r.is_meld(cards("5S 6S 7H"), 13)
    assert not r.is_meld(cards("5S 7S 8S"), 13)
    assert not r.is_meld(cards("5S 6S"), 13)


def case_R9_example_each_card_in_one_meld():
    """'5-6-7 of spades, 6, 6 is either a set of sixes ... or a run of spades'."""
    h = cards("5S 6S 7S 6H 6D")
    assert r.deadwood(h, 13) == 12  # 5+7 left, or 6+6 left: never 0
    assert r.deadwood(cards("5S 6S 7S 6H 6D 6C"), 13) == 0  # run + three sixes


def case_R11_ace_low_or_high_not_around_the_corner():
    """'A-2-3 or Q-K-A is a valid, but K-A-2 is not'."""
    assert r.is_meld(cards("AS 2S 3S"), 13 - 1) and r.is_meld(cards("QS KS AS"), 5)
    assert not r.is_meld(cards("KS AS 2S"), 5)
    assert r.deadwood(cards("KS AS 2S"), 5) == 29
    assert r.deadwood(cards("QH KH AH 2H 3H"), 5) == 5  # Q-K-A run, 2 and 3 left
    assert r.is_meld(cards("JC QC KC AC"), 5) and not r.is_meld(cards("QC KC AC 2C"), 5)


def case_R12_wild_rank_is_the_number_of_cards_dealt():
    """'the card equal to the number of cards dealt': threes in round 1 ... kings in 11."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D")
    assert r.wild_of(s) == 3 and r.is_wild(r.parse_card("3D"), 3)
    assert not r.is_wild(r.parse_card("4D"), 3)
    ranks = "3456789TJQK"
    for k in range(11):
        wild = k + 3
        assert r.is_wild(r.parse_card(ranks[k] + "C"), wild)
        assert r.is_wild(r.JOKER, wild)
    assert r.is_meld(cards("KS KH 5D"), 13) and r.is_meld(cards("9S QD JS"), 12)


def case_R13_R14_jokers_and_wilds_stand_for_any_card():
    """'Jokers are wild as well'; 'used in place of any other card'."""
    assert r.is_meld(cards("5S JK 7S"), 13) and r.is_meld(cards("5S 5H JK"), 13)
    assert r.is_meld(cards("5S JK JK"), 13) and r.is_meld(cards("5S 3D 7S"), 3)
    assert r.is_meld(cards("AS JK 3S JK"), 13) and r.is_meld(cards("JK QH KH"), 9)
    assert not r.is_meld(cards("5S JK 8S"), 13)  # a gap of two needs two wilds
    assert r.deadwood(cards("5S JK 8S 9S"), 13) == 5  # J-8-9 (the joker a 7); 5 left


def case_R15_a_set_of_wild_cards_only():
    """'You can even make a set that consists of only wild cards'."""
    assert r.is_meld(cards("JK JK 3S"), 3) and r.is_meld(cards("3S 3H 3D"), 3)
    assert r.deadwood(cards("JK JK JK"), 3) == 0
    assert r.can_go_out(cards("JK JK JK 9D"), 3)


def case_D2_wilds_left_in_a_hand_cost_points():
    """Decision D2: a wild no meld can take counts its face value, a joker 20."""
    assert r.points(r.JOKER, 3) == 20 and r.points(r.parse_card("3S"), 3) == 3
    assert r.deadwood(cards("JK 9S"), 3) == 29
    assert r.deadwood(cards("3S 9D"), 3) == 12
    assert r.deadwood(cards("JK 9S 9H"), 3) == 0
    assert r.deadwood(cards("JK 9S 5H"), 3) == 34


def case_D3_two_decks_sets_may_repeat_runs_may_not():
    """Decision D3: a set may hold two of the same card; a run holds each rank once and
    at most 13 cards."""
    assert r.is_meld(cards("7S 7S 7H"), 13)
    assert not r.is_meld(cards("5S 6S 6S 7S"), 13)
    assert r.deadwood(cards("5S 6S 6S 7S 7S 8S"), 13) == 0  # 5-6-7 and 6-7-8
    run13 = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert r.is_meld(run13, 3) and not r.is_meld(run13 + [r.JOKER], 3)


def case_named_functions_parse_cards_deadwood_can_go_out():
    """The named functions on parse_cards() lists (AS..KC, T for ten, JK)."""
    assert cards("AS TD JK") == [0, 35, 52] and cards("kc 10h") == [51, 22]
    assert raises(r.parse_cards, "ZZ") and raises(r.parse_cards, "1S")
    assert r.deadwood(cards("AS 2S 3S 9H 9D KC QC 7H JK"), 5) == 25
    assert r.deadwood([], 3) == 0 and r.deadwood(cards("KD"), 3) == 13
    assert r.can_go_out(cards("AS 2S 3S 9H"), 3) and not r.can_go_out(cards("AS 2S 4S 9H"), 5)
    assert r.can_go_out(cards("AS 2S 4S 9H"), 4)  # the 4 is wild
    assert r.can_go_out(cards("5S 6S 7S 6H 6D 6C 2D"), 13)
    assert not r.can_go_out(cards("5S 6S 7S 6H 6D 2D 2C"), 13)
    assert raises(r.deadwood, cards("AS"), 2) and raises(r.can_go_out, [53], 3)


# ---- the play ------------------------------------------------------------------------


def case_R16_left_of_the_dealer_begins_clockwise():
    """'The player to dealer's left begins, and players take turns clockwise'."""
    s = r.new(6, {"cpus": 3})
    assert r.to_act(s) == (r.dealer(s) + 1) % 4 == s.turn
    first = s.turn
    m = r.moves(s)[0]
    r.play(s, m)
    r.play(s, r.moves(s)[0])
    if s.phase == r.PH_CLAIM:
        while s.phase == r.PH_CLAIM:
            r.play(s, r.PASS)
    assert r.to_act(s) == (first + 1) % 4 and s.phase == r.PH_DRAW


def case_R17_a_turn_draws_one_card_then_discards_one():
    """'drawing one card - the stock or the top discard - and then discarding one'."""
    s = build(["5S 9S KH", "2C 9H KD"], "4D", "8S")
    assert texts(s) == ["draw", "take"]
    run(s, "draw")
    assert s.hands[0] == hand("5S 8S 9S KH") and s.phase == r.PH_DISCARD
    assert texts(s) == ["5S", "8S", "9S", "KH"]
    run(s, "KH")
    assert r.pile_cards(s) == cards("4D KH") and s.turn == 1 and len(s.hands[0]) == 3
    assert illegal(s, "KH") and illegal(s, "out 5S")


def case_R18_only_the_top_discard_can_be_taken():
    """'Only the top card of the discard pile can be taken'."""
    s = build(["5S 9S KH", "2C 9H KD"], "4D 7H 6C", "8S")
    assert r.move_log(s, 0, r.PILE) == "You took 6C"
    run(s, "take")
    assert s.hands[0] == hand("5S 6C 9S KH") and r.pile_cards(s) == cards("4D 7H")
    assert r.view(s, 1)["known"][0] == cards("6C")


def case_R17_D8_the_card_taken_may_be_thrown_back():
    """'drawing one card - either the top card of the face down stock pile or the top
    card of the discard pile - and then discarding one card': any card, the one just
    taken too (D8)."""
    s = build(["5S 9S KH", "2C 9H KD"], "4D 6C", "8S")
    run(s, "take")
    assert texts(s) == ["5S", "9S", "KH", "6C"]
    run(s, "6C")
    assert r.pile_cards(s) == cards("4D 6C") and s.hands[0] == hand("5S 9S KH")
    assert s.turn == 1 and s.phase == r.PH_DRAW


def case_D8_R21_the_card_taken_may_go_out():
    """D8: 'after drawing ... the top discard, you are able to arrange all the cards ...
    except one into separate sets, and then discard a card': the card taken too."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D 9D", "8S")
    run(s, "take")
    assert texts(s) == ["5S", "6S", "7S", "9D", "out 9D"]
    run(s, "out 9D")
    assert s.out == 0 and s.turn == 1 and r.pile_cards(s) == cards("4D 9D")
    s = build(["5S 6S 7S", "2C 9H KD"], "4D 8S", "KS")
    run(s, "take")  # the taken card melds: going out with either end of the run
    assert texts(s) == ["5S", "6S", "7S", "8S", "out 5S", "out 8S"]


def case_R19_D5_a_wild_discarded_opens_a_claim_window():
    """'If a player discards a wild card ... another player ... may grab it out of turn'."""
    s = build(["5S 9S JK", "2C 9H KD", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK")
    assert s.phase == r.PH_CLAIM and r.claimants(s) == (1, 2) and r.to_act(s) == 1
    assert texts(s) == ["grab", "pass"]
    assert r.touches(s, r.GRAB) == (("key", 16),) and r.touches(s, r.PASS) == (("key", 32),)
    run(s, "pass")
    assert r.claimants(s) == (2,) and r.to_act(s) == 2
    run(s, "pass")
    assert r.claimants(s) == () and r.to_act(s) == 1 and s.phase == r.PH_DRAW
    assert texts(s) == ["draw", "take"]


def case_R20_D6_the_grabber_discards_then_play_resumes():
    """'Should they grab the wild card they will need to discard and play resumes back with
    player that would have gone next'."""
    s = build(["5S 9S JK", "2C 9H KD", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK pass")
    assert r.move_log(s, 2, r.GRAB) == "North grabbed JK"
    run(s, "grab")
    assert s.phase == r.PH_GRAB and r.to_act(s) == 2 and s.hands[2] == hand("3C 4H 8D JK")
    assert texts(s) == ["4H", "8D", "3C", "JK"]  # any card (D6)
    run(s, "8D")
    assert s.turn == 1 and r.to_act(s) == 1 and s.phase == r.PH_DRAW and s.grabs == 1
    assert r.pile_cards(s) == cards("4D 8D")


def case_D5_the_first_seat_to_claim_gets_it():
    """Decision D5: seats decide one after another from the discarder's left; the first to
    grab takes the card, the others lose their chance."""
    s = build(["5S 9S 2D", "2C 9H KD", "3C 4H JK", "4S 6S TH"], "4D", "8S", turn=2)
    run(s, "draw JK")
    assert r.claimants(s) == (3, 0, 1)
    run(s, "pass grab")
    assert s.grabber == 0 and r.claimants(s) == () and s.hands[0] == hand("2D 5S 9S JK")
    run(s, "9S")
    assert s.turn == 3 and r.to_act(s) == 3


def case_D6_the_grabbers_discard_opens_no_window():
    """Decision D6: the grabber's discard, even a wild, opens no new window (the wild
    it grabbed thrown back too: no chain of grabs)."""
    s = build(["5S 9S JK", "2C 9H 3D", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK grab 3D")
    assert s.phase == r.PH_DRAW and r.to_act(s) == 1 and r.pile_cards(s) == cards("4D 3D")
    s = build(["5S 9S JK", "2C 9H 3D", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK grab JK")
    assert s.phase == r.PH_DRAW and r.to_act(s) == 1 and r.pile_cards(s) == cards("4D JK")
    assert s.hands[1] == hand("2C 3D 9H") and s.grabs == 1


def case_D20_the_card_turned_up_opens_no_window():
    """Decision D20: the first card turned up is not a discard: no grab; the first
    player may take it."""
    s = build(["5S 9S 2D", "2C 9H KD"], "JK", "8S", turn=0)
    assert s.phase == r.PH_DRAW and texts(s) == ["draw", "take"]
    run(s, "take")
    assert r.JOKER in s.hands[0]


# ---- going out ------------------------------------------------------------------------
