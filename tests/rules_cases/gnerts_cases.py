"""G'nerts rule cases, the deal, the Scoring Area, the Stock, the Stack and standstills:
clauses C1-C14 and their decisions of the review of the rule text (docs/rules/gnerts.md);
the Pile, G'NERTS, scoring and the game's end are in gnerts_end_cases.py. Plain
functions, plain asserts: they run on CPython and inside the MicroPython VM (tools:
gnerts_kit.py).
"""

from rules_cases.gnerts_kit import STUCK, act, build, cards, flips
from rules_cases.kit import raises
from shared_rules import gnerts as g


def case_c1_c2_each_seat_deals_its_own_deck():
    """C1, C2, D1: every seat's own 52 cards: a Pile of 13 (its top the last), four
    one-card columns, the rest (35) its Stack; nothing flipped, nothing scored."""
    for rivals in (1, 2, 3):
        s = g.new(7, {"rivals": rivals})
        assert g.seats(s) == rivals + 1 and g.humans(s) == (0,)
        for seat in range(rivals + 1):
            assert len(s.piles[seat]) == 13 and len(s.stacks[seat]) == 35
            assert [len(c) for c in s.cols[seat]] == [1, 1, 1, 1]
            assert s.wastes[seat] == [] and s.scored[seat] == 0
            every = s.piles[seat] + s.stacks[seat] + [c[0] for c in s.cols[seat]]
            assert sorted(every) == list(range(52))
        assert s.piles[0] != s.piles[1]  # each deck shuffled on its own
        g.check(s)
    assert raises(g.new, 1, {"rivals": 4}) and raises(g.new, 1, {"jokers": 1})


def case_c3_foundations_by_suit_from_the_ace():
    """C3: an ace starts a foundation; a 2 of hearts goes only on the ace of hearts; a
    card never skips a rank."""
    s = build([{"pile": "5C 2H", "cols": ("3H", "2S", "9C", "AH")}, {}])
    assert not g.legal(s, 0, g.parse_move(s, "p-f"))  # 2H before its ace
    act(s, "4-f")  # AH starts a foundation (column 4 takes the Pile's 2H)
    assert list(s.ftop) == [1] and list(s.fsuit) == [1]
    assert s.cols[0][3] == cards("2H") and s.piles[0] == cards("5C")
    assert not g.legal(s, 0, g.parse_move(s, "2-f"))  # 2S: no ace of spades
    assert not g.legal(s, 0, g.parse_move(s, "1-f"))  # 3H: no 2H yet
    act(s, "4-f")  # 2H on AH; the Pile's last card fills column 4: G'nerts
    assert list(s.ftop) == [2]
    assert s.ender == 0


def case_c3_every_ace_starts_a_foundation():
    """C3: room for every ace in play: four aces of hearts, four foundations."""
    specs = [{"cols": ("AH", "9C", "9S", "9D"), "pile": "KS QS"} for _ in range(4)]
    s = build(specs)
    for seat in range(1, 4):
        g.set_seat(s, seat, "strong", 5)
        s.next_at[seat] = 1
    act(s, "1-f")
    assert len(s.ftop) == 4 and list(s.fsuit) == [1, 1, 1, 1] and s.scored == [1, 1, 1, 1]


def case_c4_anyone_plays_on_any_foundation():
    """C4: West's 2H goes on the ace of hearts the person played."""
    s = build(
        [{"cols": ("9C", "9S", "9D", "8S"), "scored": "AH"}, {"cols": ("2H", "9C", "9S", "9D")}],
        found="AH",
    )
    g.set_seat(s, 1, "strong", 5)
    s.next_at[1] = 1
    act(s, "wait")
    assert list(s.ftop) == [2] and s.scored == [1, 1]
    assert s.cols[1][0] == cards("KC")  # filled from West's Pile


def case_c5_the_same_card_at_once_the_first_stays():
    """C5, D2: the person and West both put a 2 of hearts on the one ace of hearts in the
    same tick: the seat first in that tick's order (tick % seats) keeps it, the other's
    card goes back where it was."""
    for first in (0, 1):
        s = build(
            [
                {"cols": ("2H", "9C", "9S", "9D"), "scored": "AH"},
                {"cols": ("2H", "9C", "9S", "9D")},
            ],
            found="AH",
        )
        s.tick = 1 - first  # the next tick is tick + 1: its first seat is (tick + 1) % 2
        g.set_seat(s, 1, "strong", 5)
        s.next_at[1] = s.tick + 1
        act(s, "1-f")
        assert list(s.ftop) == [2]
        winner, loser = first, 1 - first
        assert s.scored[winner] == (2 if winner == 0 else 1)
        assert s.bounced[loser] == 1 and s.bounced[winner] == 0
        assert s.cols[loser][0] == cards("2H")  # back where it was


def case_c5_d2_every_two_seats_win_a_race_as_often():
    """C5, D2 ('the tick order decides, fairly'): with two, three or four seats, two
    seats that put the same card up in the same tick each keep it in half of any 2 x
    seats consecutive ticks, whichever two they are."""
    for n in (2, 3, 4):
        for a in range(n):
            for b in range(a + 1, n):
                kept = [0, 0]
                for t in range(2 * n):
                    specs = [{} for _ in range(n)]
                    specs[0] = {"scored": "AH"}
                    for seat in (a, b):
                        specs[seat] = dict(specs[seat], cols=("2H", "9C", "9S", "9D"))
                    s = build(specs, found="AH")
                    s.tick = t
                    for seat in (a, b):
                        if seat:
                            g.set_seat(s, seat, "greedy", 5)
                            s.next_at[seat] = t + 1
                    act(s, "1-f" if a == 0 else "wait")
                    assert list(s.ftop) == [2]
                    kept[0 if s.cols[a][0] != cards("2H") else 1] += 1
                assert kept == [n, n], (n, a, b, kept)


def case_c6_columns_build_down_in_alternating_colours():
    """C6: a red 5 on a black 6; not a black 5, not a red 4, not on a red 6."""
    s = build([{"pile": "KC 5H", "cols": ("6S", "6H", "9C", "9D"), "waste": "5S 4H"}, {}])
    assert g.legal(s, 0, g.parse_move(s, "p-1"))
    assert not g.legal(s, 0, g.parse_move(s, "p-2"))  # red on red
    assert not g.legal(s, 0, g.parse_move(s, "w-1"))  # 4H: two below the 6
    act(s, "p-1")
    assert s.cols[0][0] == cards("6S 5H") and s.piles[0] == cards("KC")


def case_c7_whole_columns_move_never_split():
    """C7, C9, D12: a column moves whole by its base onto another column's top; a column
    whose top would fit but whose base does not stays; the emptied column takes the
    Pile's top."""
    s = build([{"pile": "KC QD", "cols": ("9S 8H", "TH", "7C", "9D 8C 7H")}, {}])
    assert g.legal(s, 0, g.parse_move(s, "1-2"))  # 9S on TH
    assert not g.legal(s, 0, g.parse_move(s, "4-1"))  # 7H would fit on 8H, 9D does not
    assert not g.legal(s, 0, g.PLAY + 2 * 5 + 2)  # a column onto itself
    act(s, "1-2")
    assert s.cols[0][1] == cards("TH 9S 8H") and s.cols[0][0] == cards("QD")
    assert s.piles[0] == cards("KC")


def case_c8_c9_a_column_top_scores_and_the_pile_fills_the_gap():
    """C8, C9, D4: a column's top card to the Scoring Area; when it was the column's
    last card the Pile's top fills the column at once and the next Pile card is up."""
    s = build([{"pile": "KC QD JS", "cols": ("AS", "9H 8C", "9C", "9D")}, {}])
    act(s, "1-f")
    assert s.cols[0][0] == cards("JS") and s.piles[0] == cards("KC QD")
    seat0 = {
        "pile": "KC QD JS",
        "cols": ("AS", "9H 8C", "9C", "9D"),
        "scored": "AC 2C 3C 4C 5C 6C 7C",
    }
    s2 = build([seat0, {}], found="7C")
    act(s2, "2-f")  # 8C on the clubs' 7
    assert s2.cols[0][1] == cards("9H") and s2.piles[0] == cards("KC QD JS")


def case_c10_c11_flips_of_three_and_the_cards_under_them():
    """C10, C11: a flip takes the Stack's top three, their order kept (the third from the
    top is the one face up); the cards under it play as they are revealed."""
    s = build([{"pile": "KC QD", "cols": ("9S", "9H", "9C", "TD"), "stack": "3D 2S AS"}, {}])
    act(s, "flip")
    assert flips(s, 0) == ["AS", "2S", "3D"]  # the packet turned over: 3D on top
    assert not g.legal(s, 0, g.parse_move(s, "w-f"))  # 3D: no diamonds out
    s.wastes[0] = cards("2S 3D AS")
    act(s, "w-f")
    assert flips(s, 0) == ["2S", "3D"]
    assert not g.legal(s, 0, g.parse_move(s, "w-f"))


def case_c12_an_empty_stack_takes_its_flips_back():
    """C12, D5: flipping an empty Stack picks the flipped cards up, order kept, and
    flips the first three again."""
    s = build([{"pile": "KC QD", "cols": ("9S", "9H", "9C", "TD"), "stack": "3D 2S AS"}, {}])
    s.wastes[0] = s.stacks[0][:-3]  # every other card already flipped
    s.stacks[0] = s.stacks[0][-3:]
    g.check(s)
    first = [g.card_text(c) for c in s.wastes[0][:3]]
    act(s, "flip")  # the last three
    assert s.stacks[0] == []
    act(s, "flip")  # picked up and flipped: the first three flipped come up again
    assert flips(s, 0) == first
    assert len(s.stacks[0]) + len(s.wastes[0]) == 52 - 2 - 4


def case_c14_standstills_move_a_card_then_end_the_round():
    """C14, D6, D7, D8: both seats flip through their whole Stacks and nobody can play:
    a standstill; the flipped cards go back and each Stack's top card to its bottom;
    three times; the fourth standstill ends the round."""
    s = build([dict(STUCK), dict(STUCK)])
    g.set_seat(s, 1, "strong", 5)
    s.next_at[1] = 1
    before = list(s.stacks[0])
    n = 0
    while s.stills == 0:
        act(s, "flip")
        n += 1
        assert n < 200
    assert s.wastes[0] == [] and s.wastes[1] == []
    assert s.stacks[0] == before[-1:] + before[:-1]  # the top card now at the bottom
    while not g.round_over(s):
        act(s, "flip")
        n += 1
        assert n < 2000
    assert s.stills == 4 and s.ender == g.STANDSTILL
    assert g.summary(s)["rounds"][0]["ender"] == "standstill"
    assert s.totals == [-26, -26]  # nothing played, 13 left in each Pile


def case_d6_a_standstill_needs_everyone_through_a_whole_pass():
    """C13, D6: no standstill while a seat has not flipped through its Stack since the
    last play; a card to the Scoring Area starts everyone's count again."""
    s = build([dict(STUCK), dict(STUCK)])
    assert not g.stuck(s, 0)
    for _ in range(11):  # 35 cards: 12 flips see every three
        act(s, "flip")
    assert not g.stuck(s, 0)
    act(s, "flip")
    assert g.stuck(s, 0) and not g.stuck(s, 1) and s.stills == 0
    s.since[0] = 0
    assert not g.stuck(s, 0)


# STUCK with the queen of hearts flipped (it goes onto the king of clubs) over two
# cards that go nowhere; the ten of spades in the Pile in its place.
SHIFTED = {
    "pile": "2H AH AD AC QS QD QC JS JH JD JC TS KS",
    "cols": ("KH", "KD", "KC", "2S"),
    "waste": "2C 3D QH",
}


def case_d6_a_card_played_off_the_flipped_ones_shifts_the_threes():
    """C13, D6: a card played off the flipped ones leaves two flipped, so the Stack's
    threes in this pass are not the next pass's: a card that is a top in the next pass
    (here the ace of spades, the sixth card of the pass) is never a top in this one.
    The seat has not seen every three until it has flipped to the end of this pass and
    then through a whole pass (11 + 12 flips, not 12): the ace comes up on the 13th."""
    s = build([dict(SHIFTED, stack="AS 3C 4C 5C"), dict(STUCK)])
    s.since[1] = 99  # West went through its pass long ago
    act(s, "w-3")
    assert flips(s, 0) == ["2C", "3D"] and len(s.stacks[0]) == 32
    assert s.since[0] == -11  # flips owed: the 32 cards' threes of this pass
    assert g.dump(g.load(g.dump(s))) == g.dump(s)  # kept by a save
    s.since[0] = -12  # more than this pass has left: damage
    assert raises(g.check, s)
    s.since[0] = -11
    for _ in range(12):  # the 12th flip picks the flipped cards up: 2C 3D 5C
        act(s, "flip")
        assert s.wastes[0][-1] != g.parse_card("AS")
    assert flips(s, 0) == ["2C", "3D", "5C"]
    assert s.stills == 0 and not g.stuck(s, 0)
    act(s, "flip")
    assert flips(s, 0)[-1] == "AS" and s.stills == 0
    act(s, "w-f")
    assert list(s.ftop) == [1]
    pile = SHIFTED["pile"].replace("2H", "AS")  # no ace to come: the standstill does
    s = build([dict(SHIFTED, pile=pile, stack="2H 3C 4C 5C"), dict(STUCK)])
    s.since[1] = 99
    act(s, "w-3")
    n = 0
    while s.stills == 0:
        act(s, "flip")
        n += 1
        assert n < 100
    assert n == 11 + 12  # the rest of this pass's threes, then a whole pass


def case_c13_no_standstill_while_the_last_flip_turned_up_a_play():
    """C13, D6: 'without being able to play any cards from their Pile, Stock, or Stack':
    a seat through its whole pass whose last flip turns up an ace can still play, so
    no standstill comes until it has played it."""
    s = build([dict(STUCK), dict(STUCK)])
    s.since[1] = 99  # West went through its pass long ago
    stack = s.stacks[0]
    ace = g.parse_card("AS")
    i = s.piles[0].index(ace)
    s.piles[0][i], stack[0] = stack[0], ace  # the ace: the last flip's top card
    g.check(s)
    for _ in range(12):  # 35 cards: the twelfth flip turns the ace up
        act(s, "flip")
    assert s.wastes[0][-1] == ace and s.stills == 0
    assert not g.stuck(s, 0) and g.holds_up(s, 0)  # the screen says "you can play!"
    act(s, "wait")
    assert s.stills == 0 and g.holds_up(s, 0)  # the standstill waits
    act(s, "w-f")
    assert s.stills == 0 and list(s.ftop) == [1] and not g.holds_up(s, 0)


def case_d6_a_flip_past_a_play_means_a_whole_pass_again():
    """C13, C14, D6: 'As long as one player is able to play, keep flipping through the
    Stack': a seat that flips past a card it could play is not through its Stack until
    that card has come up again (a whole pass from the flip that went past it); flipping
    past it once more lets it go, and the standstill comes."""
    pile = "TS AS AH AD QS QH QD QC JS JH JD JC KS"  # the ace of clubs in the Stack
    s = build([dict(STUCK, pile=pile, stack="AC 5D 6D"), dict(STUCK)])
    s.since[1] = 99  # West went through its pass long ago
    ace = g.parse_card("AC")
    act(s, "flip")
    assert s.wastes[0][-1] == ace and g.legal(s, 0, g.parse_move(s, "w-f"))
    for _ in range(11):  # past the ace, then on: 35 cards, 12 flips a pass
        act(s, "flip")
        assert s.wastes[0][-1] != ace and s.stills == 0
    act(s, "flip")  # the pass from the flip past it is through: the ace is up again
    assert s.wastes[0][-1] == ace and s.stills == 0 and g.holds_up(s, 0)
    act(s, "flip")  # past it again: let go
    assert s.stills == 1


def case_d6_a_play_turned_up_by_a_pass_last_flip_comes_up_again():
    """D6: a play first turned up by the last flip of a pass (the seat through its Stack
    then) is not let go by one flip past it: the seat owes a whole pass from that flip,
    the play comes up again, and flipping past it then lets it go."""
    s = build([dict(STUCK), dict(STUCK)])
    s.since[1] = 99  # West went through its pass long ago
    stack = s.stacks[0]
    ace = g.parse_card("AS")
    i = s.piles[0].index(ace)
    s.piles[0][i], stack[0] = stack[0], ace  # the ace: the top of the pass's 12th flip
    g.check(s)
    for _ in range(12):
        act(s, "flip")
    assert s.wastes[0][-1] == ace and s.stills == 0
    act(s, "flip")  # past it: a whole pass is owed from here
    assert s.stills == 0 and s.wastes[0][-1] != ace
    assert s.since[0] == g.PAST + 1 and g.dump(g.load(g.dump(s))) == g.dump(s)  # saved
    for _ in range(11):
        act(s, "flip")
        assert s.stills == 0
    assert s.wastes[0][-1] == ace and g.holds_up(s, 0)  # up again
    act(s, "flip")  # past it again: let go
    assert s.stills == 1
