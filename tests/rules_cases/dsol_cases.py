"""Double Solitaire rule cases: clauses C1-C20 and decisions D1-D11 of the review of the
rule text (docs/rules/dsol.md). Plain functions, plain asserts: they run on CPython and
inside the MicroPython VM. Positions are built with new(1) and then overwritten (Piles,
columns, hands, Stacks, the Draw Pile's top cards, the turn) and validated with
check(); moves are written in the notation ("pile>s1", "c2>s3", "7H>s4", "fill 7H",
"7H>c2", "pass", "next").
"""

from rules_cases.kit import raises
from shared_rules import dsol as d
from shared_rules.rng import Rng


def cards(text):
    return [d.parse_card(t) for t in text.split()]


def build(piles, cols, hands, stacks=("", "", "", ""), draw="", disc="", turn=0, options=None):
    """A checked position: piles (texts, the top last), each seat's four columns (texts,
    the top last), hands, the Stacks (from the ace), the Draw Pile's top cards (the
    first drawn first) over every card not placed, the Discard Pile."""
    s = d.new(1, options)
    counts = bytearray([2] * 52)
    placed = []
    for seat in (0, 1):
        p = cards(piles[seat])
        for i in range(len(p)):
            s.piles[seat][i] = p[i]
        s.npile[seat] = len(p)
        placed += p
        for c in range(4):
            col = cards(cols[seat][c]) if cols[seat][c] else []
            s.cols[seat][c] = col
            placed += col
        h = sorted(cards(hands[seat])) if hands[seat] else []
        s.hands[seat] = h
        placed += h
    for k in range(4):
        st = cards(stacks[k]) if stacks[k] else []
        s.stacks[k] = st
        placed += st
    gone = cards(disc) if disc else []
    for i in range(len(gone)):
        s.disc[i] = gone[i]
    s.ndisc = len(gone)
    top = cards(draw) if draw else []
    for c in placed + gone + top:
        counts[c] -= 1
    rest = []
    for c in range(52):
        for _ in range(counts[c]):
            rest.append(c)
    top.reverse()
    pile = rest + top
    for i in range(len(pile)):
        s.draw[i] = pile[i]
    s.ndraw = len(pile)
    s.turn = turn
    s.starter = turn
    s.turns = 0
    s.passes = 0
    d.check(s)
    return s


def run(s, line):
    """Play the moves of a notation line ('fill 7H' is one move), checking after each."""
    words = line.split()
    i = 0
    while i < len(words):
        t = words[i]
        if t == "fill":
            i += 1
            t = "fill " + words[i]
        d.play(s, d.parse_move(s, t))
        d.check(s)
        i += 1


def texts(s):
    return [d.move_text(s, m) for m in d.moves(s)]


P13 = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH"  # a Pile, its top (AH) last
P13B = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC"
COLS = (("9C", "9C", "TC", "TC"), ("JC", "JC", "QC", "QC"))


def case_c1_c5_the_deal():
    """C1-C5: two decks without jokers (two of each card); a Pile of 13, four columns of
    one card and a hand of five each; the other 60 cards are the Draw Pile."""
    s = d.new(7)
    seen = [0] * 52
    for seat in (0, 1):
        assert s.npile[seat] == 13 and len(s.hands[seat]) == 5
        assert [len(c) for c in s.cols[seat]] == [1, 1, 1, 1]
        for c in list(s.piles[seat]) + s.hands[seat] + [c[0] for c in s.cols[seat]]:
            seen[c] += 1
    for c in s.draw[: s.ndraw]:
        seen[c] += 1
    assert s.ndraw == 60 and seen == [2] * 52 and s.ndisc == 0
    assert d.dump(d.new(7)) == d.dump(s) and d.dump(d.new(8)) != d.dump(s)


def case_c2_c4_what_each_seat_sees():
    """C2, C4: the Pile's top is face up for both, the rest face down; the hand is seen
    by its owner only (the other sees its size)."""
    s = d.new(3)
    v = d.view(s, 1)
    assert v["pile_top"] == [s.piles[0][12], s.piles[1][12]] and v["pile_left"] == [13, 13]
    assert v["hand"] == s.hands[1] and v["other_hand"] == 5 and "hands" not in v
    assert s.piles[0][11] in v["unseen"] and s.hands[0][0] in v["unseen"]
    assert len(v["unseen"]) == 5 + 12 + 12 + 60


def case_c6_the_pile_top_plays_only_to_the_play_area():
    """C6: only the Pile's top, only onto a Stack (never to a column or the hand)."""
    s = build((P13, P13B), COLS, ("3H 4H 5H 6H 7H", "3C 4C 5C 6C 7C"))
    assert texts(s)[0] == "pile>s1"  # the ace on the first open space
    assert not [t for t in texts(s) if t.startswith("pile>c")]
    run(s, "pile>s1")
    assert s.npile[0] == 12 and s.stacks[0] == cards("AH")
    assert "pile>s1" not in texts(s)  # the new top (KS) does not play
    assert raises(d.parse_move, s, "pile>c1")


def case_c7_column_tops_play_again_and_again():
    """C7: a column's top plays to a Stack, then the card under it, as long as they fit."""
    cols = (("9C 3H 2H", "9C", "TC", "TC"), COLS[1])
    s = build((P13, P13B), cols, ("4H 5H 6H 7H 8H", "3C 4C 5C 6C 7C"), stacks=("AD", "", "", ""))
    run(s, "c1>s1 c1>s1")
    assert [c % 13 for c in s.stacks[0]] == [0, 1, 2] and s.cols[0][0] == cards("9C")


def case_c8_c9_c10_ending_a_turn():
    """C8-C10: the turn ends with a hand card on top of one of four columns (any card on
    any column); with an empty column the hand fills it first (no ending yet)."""
    cols = (("", "9C", "TC", "TC"), COLS[1])
    s = build((P13, P13B), cols, ("3H 8H KH", "3C 4C 5C 6C 7C"))
    t = texts(s)
    assert "fill 3H" in t and not [x for x in t if ">c" in x]
    run(s, "fill KH")
    assert s.cols[0][0] == cards("KH") and s.turn == 0
    t = texts(s)
    assert "3H>c1" in t and "8H>c4" in t and len([x for x in t if ">c" in x]) == 8
    run(s, "8H>c1")
    assert s.cols[0][0] == cards("KH 8H") and s.turn == 1 and s.turns == 1


def case_c11_four_spaces_and_aces():
    """C11: an ace starts a Stack in an open space; with four Stacks there is no fifth."""
    stacks = ("AS", "AD", "AS 2C", "AD")
    s = build((P13, P13B), COLS, ("AC 5H 6H 7H 8H", "3C 4C 5C 6C 7C"), stacks=stacks)
    assert not [t for t in texts(s) if t.startswith("AC>s")]
    assert raises(run, s, "AC>s1")


def case_c12_any_suit_in_sequence():
    """C12: A to K regardless of suit, from the Pile, a column or the hand; a Stack takes
    only its next rank."""
    stacks = ("AS 2H", "AD", "", "")
    s = build((P13, P13B), COLS, ("3C 3D 5H 2S 7H", "3C 4C 5C 6C 7C"), stacks=stacks)
    t = texts(s)
    assert "3C>s1" in t and "3D>s1" in t and "2S>s2" in t and "5H>s1" not in t
    run(s, "3D>s1")
    assert [c % 13 for c in s.stacks[0]] == [0, 1, 2]
    assert raises(run, s, "5H>s1")


def case_c13_a_king_completes_a_stack():
    """C13: the king completes a Stack, which goes to the Discard Pile; its space opens."""
    run13 = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"
    s = build((P13, P13B), COLS, ("KH 5H 6H 7H 8H", "3C 4C 5C 6C 7C"), stacks=(run13, "", "", ""))
    run(s, "KH>s1")
    assert s.stacks[0] == [] and s.ndisc == 13 and s.disc[12] == d.parse_card("KH")
    assert "pile>s1" in texts(s)  # the open space takes the Pile's ace


def case_c14_d4_the_discard_pile_becomes_the_draw_pile():
    """C14, D4: 'When the Draw Pile is empty, the Discard Pile is shuffled and replaces
    the Draw Pile': at once, as its last card is drawn, or as a king's Stack goes to the
    Discard Pile while the Draw Pile is empty."""
    run13 = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"
    s = build((P13, P13B), COLS, ("KH 5H 6H 7H 8H", "3C 4C 5C 6C 7C"), stacks=(run13, "", "", ""))
    n = s.ndraw  # all but the Draw Pile's top two go to the Discard Pile
    for i in range(n - 2):
        s.disc[i] = s.draw[i]
    s.draw[0] = s.draw[n - 2]
    s.draw[1] = s.draw[n - 1]
    s.ndisc = n - 2
    s.ndraw = 2
    d.check(s)
    run(s, "KH>s1 5H>c1")  # the king takes its Stack to the Discard Pile; the turn ends
    assert s.turn == 1 and s.ndisc == n - 2 + 13 and s.ndraw == 2  # the rival's hand was full
    run(s, "3C>c1")  # the person's turn begins with three cards: the last two are drawn
    assert s.turn == 0 and len(s.hands[0]) == 5
    assert s.ndisc == 0 and s.ndraw == n - 2 + 13  # replaced as the Draw Pile emptied
    s = build((P13, P13B), COLS, ("KH 5H", "3C"), stacks=(run13, "", "", ""))
    rest = list(s.draw[: s.ndraw])  # nothing to draw, nothing discarded
    s.ndraw = 0
    s.cols[1][0] = s.cols[1][0] + rest
    d.check(s)
    run(s, "KH>s1")  # the Stack goes to the Discard Pile, which becomes the Draw Pile
    assert s.ndisc == 0 and s.ndraw == 13 and s.stacks[0] == []


def case_c15_a_turn_begins_by_drawing_up_to_five():
    """C15: at the start of a turn the hand is filled up to five from the Draw Pile."""
    s = build((P13, P13B), COLS, ("5H 6H 7H", "3C 4C"), draw="2D 3D 4D")
    run(s, "5H>c1")
    assert s.turn == 1 and s.hands[1] == sorted(cards("3C 4C 2D 3D 4D"))


def case_c16_d3_an_emptied_hand_draws_five_and_the_turn_goes_on():
    """C16, D3: the hand emptied by plays to the Play Area: five more, the same turn."""
    s = build((P13, P13B), COLS, ("AS", "3C 4C 5C 6C 7C"), draw="2D 3D 4D 5D 6D")
    run(s, "AS>s1")
    assert s.turn == 0 and s.hands[0] == sorted(cards("2D 3D 4D 5D 6D"))
    assert s.restarts == [1, 0]
    run(s, "2D>s1 3D>s1")
    assert len(s.stacks[0]) == 3 and s.turn == 0


def case_c17_filling_columns_empties_the_hand():
    """C17: the hand emptied filling columns before the turn's last card: five more."""
    cols = (("", "", "TC", "TC"), COLS[1])
    s = build((P13, P13B), cols, ("5H 6H", "3C 4C 5C 6C 7C"), draw="2D 3D 4D 5D 6D")
    run(s, "fill 5H fill 6H")
    assert s.turn == 0 and len(s.hands[0]) == 5 and s.restarts[0] == 1
    run(s, "2D>c3")
    assert s.turn == 1


def case_c18_no_way_to_end_without_cards():
    """C18: a seat that cannot end its turn for want of cards draws five and goes on;
    with nothing left to draw (D5) it passes."""
    cols = (("", "9C", "TC", "TC"), COLS[1])
    s = build((P13, P13B), cols, ("5H", "3C 4C 5C 6C 7C"), draw="2D 3D 4D 5D 6D")
    run(s, "fill 5H")
    assert s.hands[0] == sorted(cards("2D 3D 4D 5D 6D")) and s.turn == 0


def case_c19_the_last_pile_card_wins_at_once():
    """C19: the first to play its Pile's last card wins, at once."""
    s = build(("AH", P13B), COLS, ("5H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    run(s, "pile>s1")
    assert d.over(s) and d.winner(s) == 0 and d.moves(s) == []
    assert d.scores(s) == [13, 0] and d.summary(s)["pile_left"] == [0, 13]


def case_c20_d8_a_match_scores_the_others_pile():
    """C20, D8: in a match the winner of a game scores the cards left in the other's
    Pile; the first to the target wins; the next game deals on NEXT."""
    s = build(("AH", P13B), COLS, ("5H 6H 7H 8H 9H", "3C 4C"), options={"match": 20})
    run(s, "pile>s1")
    assert not d.over(s) and d.moves(s) == [d.NEXT] and d.to_act(s) == 0
    assert s.points == [13, 0] and s.games == [[0, 0, 13, 1]]
    run(s, "next")
    assert s.npile == [13, 13] and s.turn == 1 and s.starter == 1  # D6: it alternates
    assert d.option_text("match", 0) == "1 game" and d.option_text("match", 20) == "to 20"


def case_d1_no_moves_between_columns():
    """D1: a column's cards go only to the Play Area, never to another column."""
    s = build((P13, P13B), COLS, ("5H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    for t in texts(s):
        assert not t.startswith("c") or ">s" in t
    assert raises(d.parse_move, s, "c1>c2")


def case_d2_plays_are_optional():
    """D2: a seat may end its turn while it could still play (keeping cards back)."""
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "", "", ""))
    assert "2H>s1" in texts(s) and "pile>s2" in texts(s)
    run(s, "6H>c1")
    assert s.turn == 1 and s.npile[0] == 13


def case_d5_nothing_to_draw_a_pass_only_when_stuck_and_the_stalemate():
    """D5: an empty hand with nothing to draw plays to the Stacks while it can and
    passes only when it cannot; two passes in a row (neither seat can move) end the
    game, the smaller Pile winning (a tie: no winner)."""
    stuck = ("AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S", "AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2D")
    for piles in (stuck, (P13, P13B)):
        s = build(piles, COLS, ("5H", "6H"))
        rest = list(s.draw[: s.ndraw])  # every other card into a column: nothing to draw
        s.ndraw = 0
        s.cols[1][0] = s.cols[1][0] + rest
        d.check(s)
        run(s, "5H>c2")
        assert s.turn == 1 and s.hands[0] == []
        run(s, "6H>c1")
        assert s.turn == 0
        if piles != stuck:  # the Pile's ace can go up: no pass while a play is there
            assert texts(s) == ["pile>s1"] and not d.is_legal(s, d.PASS)
            assert raises(d.play, s, d.PASS)
            continue
        assert texts(s) == ["pass"]
        run(s, "pass")
        assert s.turn == 1 and texts(s) == ["pass"] and s.passes == 1
        run(s, "pass")
        assert d.over(s) and d.winner(s) == -1 and s.games[-1][:3] == [-1, 13, 13]


def case_d6_who_starts():
    """D6: the option says who plays the first turn."""
    assert d.new(5).turn == 0 and d.new(5, {"first": "rival"}).turn == 1
    assert d.to_act(d.new(5, {"first": "rival"})) == 1


def case_d7_the_turn_limit():
    """D7: after 300 turns the game ends; the smaller Pile wins."""
    s = build(("2S 3S", P13B), COLS, ("5H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    s.turns = d.TURN_LIMIT - 1
    d.check(s)
    run(s, "5H>c1")
    assert d.over(s) and d.winner(s) == 0 and s.points == [13, 0]


def case_d9_stacks_of_one_height_are_two_moves():
    """D9: an ace goes on the first open space; two Stacks of one height both take the
    next card (two moves)."""
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "AD", "", ""))
    t = texts(s)
    assert "2H>s1" in t and "2H>s2" in t and "pile>s3" in t and "pile>s4" not in t


def case_notation_is_exact():
    """move_text and parse_move are inverses on every legal move; bad text is refused."""
    s = build((P13, P13B), (("", "9C", "TC", "TC"), COLS[1]), ("2H 6H 7H 8H 9H", "3C"))
    for m in d.moves(s):
        assert d.parse_move(s, d.move_text(s, m)) == m
        assert d.parse_move(s, d.move_text(s, m).upper()) == m
    for bad in ("", "pile", "x>s1", "2H>s5", "fill", "fill 1Z", "c5>s1", None, 3):
        assert raises(d.parse_move, s, bad)
    assert d.touches(s, d.parse_move(s, "pile>s1")) == (("pile", 0), ("stack", 0))
    assert d.touches(s, d.parse_move(s, "fill 2H")) == (("hand", d.parse_card("2H")), ("stock", 0))
    assert d.move_log(s, 1, d.parse_move(s, "pile>s1")) == "Rival pile AH>S1"
    assert d.move_log(s, 0, d.parse_move(s, "fill 2H")) == "You fill 2H"
    assert d.move_log(s, 1, d.CLOSE + d.parse_card("2H") * 4 + 1) == "Rival end 2H>c2"
    assert d.move_log(s, 1, d.PASS) == "Rival pass"


def case_illegal_moves_change_nothing():
    """An illegal move raises ValueError and leaves the position as it was."""
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    before = d.dump(s)
    for m in (-1, 1000, d.PASS, d.NEXT, d.FILL + 5, d.PLAY + 63 * 4, "pile>s1", None):
        assert raises(d.play, s, m)
        assert d.dump(s) == before


def case_save_round_trip_and_damage():
    """dump/load are exact inverses; load refuses damaged text."""
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "", "", ""))
    run(s, "2H>s1 6H>c2")
    t = d.dump(s)
    assert d.dump(d.load(t)) == t
    bad = [
        t.replace("dsol 1", "dsol 2"),
        t.replace("hand1 3C", "hand1 3S"),
        t[:-1],
        t.replace("points 0 0", "points 1 0"),
        t.replace("stack1 AS 2H", "stack1 AS 3H"),
        t.replace("opts 0", "opts 5"),
    ]
    for text in bad:
        assert text != t and raises(d.load, text)


def case_save_fields_must_agree():
    """Saves made by play, each with one token changed: every field in range, but not
    what play makes. Each loaded once; a finished game came back into play, or a game
    in play was left without a result."""
    s = d.new(1, {"match": 30})
    r = Rng(1)
    while s.phase == d.PH_PLAY:
        ms = d.moves(s)
        d.play(s, ms[r.below(len(ms))])
    a = d.dump(s)  # game 1 ended by two passes, the smaller Pile winning
    assert "\nat 1 1 0 69 2 80\n" in a and "\ngames 1/12/11/70\n" in a and d.load(a)
    bad = [a.replace("at 1 1 0 69 2 80", "at 0 1 0 69 2 80")]  # passes 2 in play
    bad.append(a.replace("games 1/12/11/70", "games 1/12/11/69"))  # not the table's turns
    d.play(s, d.NEXT)
    for _ in range(12):
        ms = d.moves(s)
        d.play(s, ms[r.below(len(ms))])
    b = d.dump(s)  # game 2 in play: the rival started it
    assert "\nat 0 1 1 10 0 93\n" in b and d.load(b)
    for at in ("1 1 1", "0 0 1", "0 1 0"):  # between games; the turn; the starter
        bad.append(b.replace("at 0 1 1 10", "at %s 10" % at))
    bad.append(b.replace("at 0 1 1 10 0 93", "at 0 1 1 10 1 93"))  # a pass, cards to draw
    bad.append(b.replace("games 1/12/11/70", "games 1/12/13/70"))  # the larger Pile won
    bad.append(b.replace("games 1/12/11/70", "games 1/12/11/0"))  # a game of no turns
    for text in bad:
        assert text not in (a, b) and raises(d.load, text), text[-40:]


def case_redeal_keeps_what_the_seat_sees():
    """redeal(s, seat, rng) changes only what the seat cannot see."""
    s = d.new(11)
    for seat in (0, 1):
        r = d.redeal(s, seat, Rng(5))
        d.check(r)
        assert d.view(r, seat) == d.view(s, seat)
        assert r.hands[1 - seat] != s.hands[1 - seat] or r.draw != s.draw
