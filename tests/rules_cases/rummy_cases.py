"""Three-Thirteen rummy rule cases: clauses R1-R30 and decisions D1-D20 of the review of
the rule text (docs/rules/rummy.md). Plain functions, plain asserts: they run on CPython
and inside the MicroPython VM. Positions are built with new(1) and then overwritten
(hands, pile, the stock's top cards, the turn) and validated with check(); moves are
written in the notation ("draw", "take", "7H", "out 7H", "grab", "pass", "next").
"""

from shared_rules import rummy as r
from shared_rules.rng import Rng


def raises(fn, *args):
    """True if fn(*args) raises ValueError."""
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def cards(text):
    return r.parse_cards(text)


def hand(text):
    return sorted(cards(text))


def build(hands, pile, stock="", rnd=0, turn=0, phase=r.PH_DRAW, options=None):
    """A checked position in round rnd + 1: hands (texts, seat 0 first), the discard
    pile (bottom first), the stock's top cards (the first drawn first) over every other
    card; the dealer is the seat before `turn`."""
    o = {"cpus": len(hands) - 1}
    if options:
        for k in options:
            o[k] = options[k]
    s = r.new(1, o)
    n = s.n
    s.round = rnd
    s.rounds = [[-1, 0] + [0] * n for _ in range(rnd)]
    s.first = (turn - 1 - rnd) % n
    s.hands = [hand(h) for h in hands]
    s.known = [[] for _ in range(n)]
    piled = cards(pile)
    top = cards(stock)
    counts = r.deck_counts(n)
    for group in s.hands + [piled, top]:
        for c in group:
            counts[c] -= 1
    rest = []
    for c in range(r.KINDS):
        for _ in range(counts[c]):
            rest.append(c)
    top.reverse()
    r.set_piles(s, rest + top, piled)
    s.turn = turn
    s.phase = phase
    s.out = -1
    s.taken = -1
    s.grabber = -1
    s.claim = []
    s.rebuilds = 0
    s.grabs = 0
    s.totals = [0] * n
    s.outs_at = -1
    r.check(s)
    return s


def run(s, line):
    """Play the moves of a notation line ('out 7H' is one move), checking after each."""
    words = line.split()
    i = 0
    while i < len(words):
        t = words[i]
        if t == "out":
            i += 1
            t = "out " + words[i]
        r.play(s, r.parse_move(s, t))
        r.check(s)
        i += 1
    return s


def texts(s):
    return [r.move_text(s, m) for m in r.moves(s)]


def illegal(s, text):
    """The move is illegal: ValueError, and the state is unchanged."""
    d = r.dump(s)
    return raises(r.play, s, r.parse_move(s, text)) and r.dump(s) == d


def to_end_of_round(s):
    """Every seat plays the greedy computer player until the round is scored."""
    from shared_rules import rummy_ai

    while s.phase != r.PH_BETWEEN and s.phase != r.PH_OVER:
        r.play(s, rummy_ai.greedy(s))
    r.check(s)


# ---- players, cards, rounds -----------------------------------------------------


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


def case_R21_going_out_after_drawing_all_but_one_melded():
    """'after drawing ... arrange all the cards in your hand except one into separate
    sets, and then discard a card'."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D", "KS")
    assert "out" not in " ".join(texts(s))
    run(s, "draw")
    assert texts(s) == ["5S", "6S", "7S", "KS", "out KS"]
    assert r.touches(s, r.OUT + r.parse_card("KS")) == (("out", 0), ("hand", 12))
    assert r.move_log(s, 0, r.OUT + 12) == "You went out with KS"
    run(s, "out KS")
    assert s.out == 0 and s.turn == 1 and s.phase == r.PH_DRAW


def case_R22_D9_going_out_is_announced_not_forced():
    """'when discarding you announce that you are out': a move of its own; the plain
    discard stays legal."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D", "KS")
    run(s, "draw KS")
    assert s.out == -1 and s.turn == 1
    s = build(["5S 6S 7S", "2C 9H KD"], "4D", "8S")
    run(s, "draw")
    assert texts(s) == ["5S", "6S", "7S", "8S", "out 5S", "out 8S"]


def case_R21_D10_only_on_your_own_turn():
    """'You can go out only on your turn': not from a grab, not in the last turns."""
    s = build(["5S 9S JK", "7C 8C 2H", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK grab")
    assert s.phase == r.PH_GRAB and "out" not in " ".join(texts(s))
    s = build(["5S 6S 7S", "2C 3C 9H"], "4D", "KS 4C")
    run(s, "draw out KS draw")
    assert texts(s) == ["9H", "2C", "3C", "4C"]


def case_R23_D14_every_other_player_one_more_turn():
    """'Each of the other players is allowed one more turn. When the turn to play comes
    back to you the round is over'."""
    s = build(["5S 6S 7S", "2C 9H KD", "3C 4H 8D", "4S 6C TH"], "4D", "KS 2D 5D 6D", turn=1)
    run(s, "draw KD")
    assert s.turn == 2
    s = build(["5S 6S 7S", "2C 9H KD", "3C 4H 8D", "4S 6C TH"], "4D", "KS 2D 5D 6D", turn=0)
    run(s, "draw out KS")
    for seat in (1, 2, 3):
        assert r.to_act(s) == seat and texts(s) == ["draw", "take"]
        run(s, "draw")
        run(s, r.move_text(s, r.moves(s)[0]))
    assert s.phase == r.PH_BETWEEN and len(s.rounds) == 1 and s.rounds[0][0] == 0


def case_D7_no_grab_after_someone_went_out():
    """Decision D7: no window on the going-out discard or in the last turns."""
    s = build(["5S 6S 7S", "2C 9H JK", "3C 4H 8D"], "4D", "3D 2D", turn=0)
    run(s, "draw out 3D")
    assert s.phase == r.PH_DRAW and r.to_act(s) == 1
    run(s, "draw JK")
    assert s.phase == r.PH_DRAW and r.to_act(s) == 2


# ---- scoring ---------------------------------------------------------------------------


def case_R24_going_out_scores_minus_the_round():
    """'the player that went out is awarded negative points in the amount of the round
    being played (example: round six -6pt)'."""
    s = build(["4S 5S 6S 7S 9S 9H 9D 9C", "2D 3D 4D 5D 6D 7D 8D QH"], "4C", "KS TC", rnd=5)
    run(s, "draw out KS draw TC")
    assert s.phase == r.PH_BETWEEN
    assert s.rounds[5] == [0, 0, -6, 12] and s.totals == [-6, 12]


def case_R25_R28_the_others_pay_for_cards_left():
    """'The other players arranges as much as possible ... Any cards that are not included
    in a set or run are counted as penalty points' (2..10 at face, J 11 ... A 14)."""
    assert r.VALUES == (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    s = build(["5S 6S 7S", "AH JC TD", "9C 9D 9H"], "4D", "KS 2C 3C", turn=0)
    run(s, "draw out KS draw AH draw 3C")
    assert s.rounds[0] == [0, 0, -1, 23, 0]


def case_R26_D12_a_run_laid_off_on_reaches_one_ace_only():
    """A run on the table takes cards at either end, never an ace at both (D3, D12: a
    run is at most 13 cards)."""
    table = ([], [(0, 1, 12)])  # 2S..KS laid down
    assert r.penalty(cards("AS AS"), 3, table) == 14  # one ace goes on, one is left
    assert r.penalty(cards("AS"), 3, table) == 0
    assert r.penalty(cards("AS AS 7D"), 3, table) == 21
    assert r.penalty(cards("AS AS"), 3, ([], [(0, 1, 12), (0, 1, 12)])) == 0  # one each
    table = ([], [(1, 1, 12)])  # 2H..KH: the spades' aces find no place
    assert r.penalty(cards("AS AS"), 3, table) == 28


def case_R26_D12_cards_laid_off_on_the_melds_laid_down():
    """'players are allowed to dispose of cards by adding them to other players' sets or
    runs': onto the melds of the seat that went out (sets by rank, runs at either end,
    wilds filling gaps), exactly the least penalty."""
    table = r.arrange(cards("5S 6S 7S 9H 9D 9C"), 13)
    assert table == ([8], [(0, 4, 6)])
    assert r.penalty(cards("9S 4S 8S QD"), 13, table) == 12
    assert r.penalty(cards("2S JK 9S QD"), 13, table) == 14  # the 2 needs two wilds
    assert r.penalty(cards("3S JK 9S QD"), 13, table) == 12  # 3 and joker on the 5-6-7
    assert r.penalty(cards("3S TS QD"), 13, table) == 25
    assert r.penalty(cards("AS 2S 3S 4S"), 13, table) == 0  # 4 laid off, or A-2-3-4 melded
    assert r.penalty(cards("JK 5H"), 13, table) == 5  # the joker laid off
    s = build(["5S 6S 7S 9H 9D 9C", "8S 9S KD QD JD 2C"], "4D", "TS 2H", rnd=3, turn=0)
    run(s, "draw out TS draw 2H")
    assert s.rounds[3][3] == 2


def case_R26_D12_cards_laid_off_on_every_other_seats_melds():
    """'The other players arranges as much as possible of their hand into sets and
    runs, players are allowed to dispose of cards by adding them to other players' sets
    or runs': a seat that did not go out lays down its melds too, and the others lay
    off on them (here the nine of spades on the nines of the seat that did not go out)."""
    assert r.laid_down(cards("9H 9D 9C KD"), 3) == ([8], [])
    assert r.laid_down(cards("5H 6H 8H 3D QS"), 3) == ([], [(1, 4, 7)])  # 3D in the gap
    assert r.laid_down(cards("5H 9C QS"), 3) == ([], [])
    s = build(["5S 6S 7S", "9H 9D 9C", "9S KD 2C"], "4D", "KH 2H 2D", turn=0)
    run(s, "draw out KH draw 2H draw 2D")
    assert s.rounds[0][2:] == [-1, 0, 15]  # 9S laid off: KD and 2C left
    s = build(["5S 6S 7S", "9H 9D 9C", "9S 8S KD"], "4D", "KH 2H 2D", turn=0)
    run(s, "draw out KH draw 2H draw 2D")
    assert s.rounds[0][2:] == [-1, 0, 13]  # 8S on the spades' run, 9S on the nines


def case_R26_D12_each_set_of_wilds_alone_takes_a_rank_of_its_own():
    """D12: a set of wilds alone takes the cards of one rank; two such sets on the
    table take two ranks, one each."""
    assert r.penalty(r.parse_cards("AS 6S 8S KS"), 3, ([-1], [])) == 27  # the ace
    assert r.penalty(r.parse_cards("AS 6S 8S KS"), 3, ([-1, -1], [])) == 14  # ace, king
    assert r.penalty(r.parse_cards("AS 6S 8S KS"), 3, ([-1, -1, -1, -1, -1], [])) == 0
    s = build(["JK JK 3S", "3H 3D JK", "9S 9D KC", "2C 5D 7H"], "4D", "8S 8H 8D 8C", turn=0)
    run(s, "draw out 8S draw 8H draw 8D draw 8C")
    # You and East lay down a set of wilds each: North lays the nines on one and the
    # king on the other; West the 5D and the 7H, the 2C left
    assert s.rounds[0][2:] == [-1, 0, 0, 2]


def case_R26_D12_a_spare_wild_needs_room_on_the_table():
    """D3, D12: a run is at most 13 cards, never an ace at both ends, so a wild laid off
    needs a set or a run with room left after the hand's other lay-offs; a set of wilds
    alone takes the cards of one rank."""
    table = r.arrange(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"), 12)
    assert table == ([], [(1, 0, 11)])  # A-Q of hearts: one more card at most
    assert r.penalty(cards("KH JK"), 12, table) == 13  # the joker on, the king left
    assert r.penalty(cards("KH"), 12, table) == 0
    table = ([], [(1, 1, 12)])  # 2-K of hearts: an ace at one end, or a wild
    assert r.penalty(cards("AH 7H JK"), 6, table) == 21
    assert r.penalty(cards("AH 7H JK"), 6, ([5], [(1, 1, 12)])) == 7  # the set takes it
    assert r.penalty(cards("7H 7D 9S"), 3, ([-1], [])) == 9  # the sevens on the wilds


def case_R27_a_zero_round_when_everything_is_played():
    """'It is possible to get a 0 score for the round if all cards can be played'."""
    s = build(["5S 6S 7S", "8S 4S 9S"], "4D", "KS 9D", turn=0)
    run(s, "draw out KS draw 9D")
    assert s.rounds[0] == [0, 0, -1, 0]


def case_R29_R30_totals_add_up_lowest_wins_D15_ties():
    """'The scores are accumulated ... whoever has the lowest score at the end of the
    eleventh round is the winner' (a tie for the lowest: no winner)."""
    hands = ["5S 6S 7S 8S 9S", "2C 3C 4C 9H 9D"]
    s = build(hands, "4D", "KS TD", rnd=2, turn=0, options={"rounds": 3})
    s.rounds = [[1, 0, 5, -1], [0, 0, -2, 7]]
    s.totals = [3, 6]
    r.check(s)
    run(s, "draw out KS draw TD")
    assert r.over(s) and s.totals == [0, 6 + 18] and r.winner(s) == 0 and r.score(s) == 0
    sm = r.summary(s)
    assert sm["totals"] == [0, 24] and sm["winner"] == 0 and sm["players"] == 2
    assert [x["points"] for x in sm["rounds"]] == [[5, -1], [-2, 7], [-3, 18]]
    assert [x["wild"] for x in sm["rounds"]] == [3, 4, 5] and sm["rounds"][2]["out"] == 0
    s.totals = [5, 5]
    assert r.winner(s) == -1


def case_D13_the_stock_is_rebuilt_then_the_round_ends():
    """Decision D13: an empty stock takes the pile but its top card, shuffled (twice a
    round); the third time, the round ends with nobody out."""
    s = build(["5S 9S KH", "2C 9H KD"], "4D", "8S")
    stock = r.stock_cards(s)
    r.set_piles(s, stock[-1:], stock[:-1] + r.pile_cards(s))
    r.check(s)
    run(s, "draw")
    assert s.rebuilds == 1 and s.npile == 1 and s.nstock > 40
    s.rebuilds = 2
    stock = r.stock_cards(s)
    r.set_piles(s, stock[-1:], stock[:-1] + r.pile_cards(s))
    r.check(s)
    run(s, "9S")
    run(s, "draw")
    assert not s.nstock and s.rebuilds == 2
    run(s, "KD")
    assert s.phase == r.PH_BETWEEN and s.rounds[0][0] == -1


def case_R23_D14_last_turns_take_the_pile_top_when_the_stock_is_gone():
    """'Each of the other players is allowed one more turn', the stock gone for good
    (D13) or not: a last turn draws the discard pile's top (the going-out discard, then
    each one's)."""
    s = build(["5S 6S 9D", "2C 9H KD", "4C 8H QD"], "4D", "7S", turn=0)
    s.rebuilds = 2
    stock = r.stock_cards(s)
    r.set_piles(s, stock[-1:], stock[:-1] + r.pile_cards(s))
    r.check(s)
    run(s, "draw out 9D")  # the stock's last card drawn, and out
    assert not s.nstock and s.phase == r.PH_DRAW and r.to_act(s) == 1
    assert texts(s) == ["take"]
    run(s, "take 2C")
    assert r.to_act(s) == 2 and texts(s) == ["take"]
    run(s, "take 4C")
    assert s.phase == r.PH_BETWEEN and s.rounds[0][0] == 0
    assert s.rounds[0][2:] == [-1, 31, 22]  # 9H 9D KD, 8H QD 2C: nothing melds


def case_D16_the_next_round_is_dealt_by_a_move():
    """Decision D16: between rounds seat 0 deals the next round (A)."""
    s = build(["5S 6S 7S", "8S 2C 9H"], "4D", "KS 9D", turn=0)
    run(s, "draw out KS draw 9D")
    assert r.moves(s) == [r.NEXT] and r.touches(s, r.NEXT) == (("key", 16),)
    assert r.move_log(s, 0, r.NEXT) == "Round 2 dealt"
    assert r.view(s, 1)["shown"][0] == s.hands[0]
    run(s, "next")
    assert s.round == 1 and s.phase == r.PH_DRAW and s.npile == 1 and not s.known[0]


# ---- what a seat sees, notation, saves -------------------------------------------------


def case_D11_D19_view_and_redeal_keep_what_is_seen():
    """Decision D11: the seat that went out shows its melds; others' hidden cards and the
    stock are all a seat cannot see (redeal deals them again)."""
    s = build(["5S 6S 7S", "2C 9H KD", "3C 4H 8D"], "4D 6H", "KS 2D", turn=0)
    run(s, "take 5S")
    v = r.view(s, 1)
    assert v["known"][0] == cards("6H") and v["counts"] == [3, 3, 3] and v["table"] is None
    assert len(v["unseen"]) == s.nstock + 2 + 3
    for k in range(5):
        c = r.redeal(s, 1, Rng(k))
        r.check(c)
        assert r.view(c, 1) == v and c.hands[1] == s.hands[1] and r.parse_card("6H") in c.hands[0]
    s = build(["5S 6S 7S", "2C 9H KD", "3C 4H 8D"], "4D", "KS 2D", turn=0)
    run(s, "draw out KS")
    v = r.view(s, 2)
    assert v["table"] == hand("5S 6S 7S")
    assert r.redeal(s, 2, Rng(3)).hands[0] == s.hands[0]


def case_notation_and_log_lines():
    """Moves as text: '7H', 'out 7H', 'draw', 'take', 'grab', 'pass', 'next'."""
    s = build(["5S 6S 7S", "2C 9H KD"], "4D", "KS")
    for m in (r.STOCK, r.PILE, r.GRAB, r.PASS, r.NEXT, 0, 51, r.JOKER, r.OUT + 9):
        assert r.parse_move(s, r.move_text(s, m)) == m
    assert r.move_text(s, r.OUT + 9) == "out TS" and r.parse_move(s, "OUT ts") == r.OUT + 9
    assert raises(r.parse_move, s, "out") and raises(r.parse_move, s, "zz9")
    assert r.move_log(s, 1, r.STOCK) == "West drew"
    assert r.move_log(s, 1, r.PASS) == "West passed"
    assert r.move_log(s, 1, 22) == "West threw TH"
    assert r.touches(s, r.STOCK) == (("draw", 0),) and r.touches(s, r.PILE) == (("draw", 1),)


def case_save_round_trip_and_damage():
    """dump/load are exact inverses; load refuses damaged text."""
    s = build(["5S 9S JK", "2C 9H KD", "3C 4H 8D"], "4D", "8S", turn=0)
    run(s, "draw JK")
    d = r.dump(s)
    assert r.dump(r.load(d)) == d
    bad = [
        d.replace("rummy 1", "rummy 2"),
        d.replace("claim 1 2", "claim 2 1"),
        d.replace("hand0 5S 8S 9S", "hand0 5S 8S 8S"),
        d[:-1],
        d.replace("opts 2", "opts 3"),
        d.replace("totals 0 0 0", "totals 0 0 1"),
    ]
    for text in bad:
        assert text != d and raises(r.load, text)


def case_options_and_describe():
    """Options: rivals 3/2/1, the computer's level, rounds 11/6/3/1."""
    assert r.describe({"cpus": 1, "rounds": 3}) == ("You + 1 strong", "3 rounds, 3-5")
    assert r.describe(None) == ("You + 3 strong", "11 rounds, 3-K")
    assert r.describe({"rounds": 1, "level": "greedy"}) == ("You + 3 greedy", "1 round, 3 cards")
    assert r.option_text("level", "greedy") == "greedy" and raises(r.option_text, "x", 1)
