"""Three-Thirteen rummy rule cases, going out and scoring: clauses R21-R30 and their
decisions of the review of the rule text (docs/rules/rummy.md), the notation, saves and
options; the deal, melds and turns are in rummy_cases.py. Plain functions, plain
asserts: they run on CPython and inside the MicroPython VM (tools: rummy_kit.py).
"""

from rules_cases.kit import raises
from rules_cases.rummy_kit import build, cards, hand, run, texts
from shared_rules import rummy as r
from shared_rules.rng import Rng


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


def case_D13_a_stock_drawn_out_beside_a_bare_pile_is_rebuilt_after_the_discard():
    """Decision D13: the stock's last card drawn with only the top in the pile is not
    the stock gone for good: the turn's discard gives the pile a card to rebuild from
    (a position made by hand: every other card set aside)."""
    s = build(["4S 8D KC", "5H 9C QD"], "2C", "7H")
    r.set_piles(s, r.stock_cards(s)[-1:], r.pile_cards(s))  # the 7H alone
    assert r.ends_round(s, r.parse_move(s, "draw")) is False
    r.play(s, r.parse_move(s, "draw"))
    assert not s.nstock and not r.ends_round(s, r.parse_move(s, "4S"))
    r.play(s, r.parse_move(s, "4S"))
    assert s.phase == r.PH_DRAW and r.to_act(s) == 1 and s.rebuilds == 1
    assert r.stock_cards(s) == cards("2C") and r.pile_cards(s) == cards("4S")
    s.rebuilds = 2  # none left: the stock's last card drawn ends the round after the turn
    r.play(s, r.parse_move(s, "draw"))
    assert r.ends_round(s, r.parse_move(s, "9C"))
    r.play(s, r.parse_move(s, "9C"))
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


def case_R26_D12_every_run_end_in_reach_takes_lay_offs():
    """'players are allowed to dispose of cards by adding them to other players' sets or
    runs': all of them, however many runs the table holds. Round 11 (kings wild), four
    seats: eleven three-card runs and a set of aces laid down; eleven of the hand's
    cards each continue a run, the 2S goes nowhere (an earlier release counted 8 run
    ends only, the meld search's room beside a 13-card hand, and charged 39)."""
    runs = [(3, 8, 10), (0, 3, 5), (1, 3, 5), (1, 0, 2), (1, 7, 9), (3, 3, 5), (0, 4, 6)]
    runs += [(3, 8, 10), (1, 6, 8), (0, 8, 10), (2, 9, 11)]
    mine = cards("2S 7S 8S QS 3H 4H 6H TH JH 9D 7C 8C QC")
    assert r.penalty(mine, 13, ([0], runs)) == 2
    assert r.penalty(mine + cards("JK"), 13, ([0], runs)) == 0  # the joker: 3S, then 2S
