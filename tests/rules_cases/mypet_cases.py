"""My Pet rule cases: clauses M1-M18 and decisions D1-D13 (docs/rules/mypet.md). Plain
functions, plain asserts: they run on CPython and inside the MicroPython VM. Positions
are built with new(1) and then overwritten (hand, cards in play, deck, pet card) and
validated with check(); moves are written in the notation ("age", "play", "fetch",
"end", "-train").
"""

from rules_cases.kit import raises
from shared_rules import mypet as p
from shared_rules.rng import Rng

AGE, PLAY, TR, BEG, SPEAK, FETCH, HEEL, DEAD, STAY, ROLL, PASSING = range(11)


def build(hand=None, table=None, deck=None, rules="older", stage=p.YOUNG, players=1):
    """A checked position, pet 0's turn begun (its draw done). hand, table: {kind: n}.
    deck: the exact deck, bottom first (drawn from the end); None: every card not in the
    hand or in play. The cards left over are in the discards."""
    s = p.new(1, {"rules": rules, "players": players})
    hand = hand or {}
    table = table or {}
    h = bytearray(p.KINDS)
    t = bytearray(p.KINDS)
    for k in hand:
        h[k] = hand[k]
    for k in table:
        t[k] = table[k]
    if stage == p.PASSED:
        t[PASSING] = 1
    top = p.KINDS if rules == "older" else PASSING
    rest = [0] * p.KINDS
    for k in range(top):
        rest[k] = p.DECK_COUNTS[k] - h[k] - t[k]
    if deck is None:
        deck = []
        for k in range(top - 1, -1, -1):
            deck.extend([k] * rest[k])
    else:
        deck = list(deck)
        if rules == "older" and stage != p.PASSED and PASSING not in deck:
            deck.insert(0, PASSING)
    d = bytearray(p.KINDS)
    for k in range(top):
        d[k] = rest[k] - deck.count(k)
    s.hands[0] = h
    s.table[0] = t
    s.discards[0] = d
    for i in range(len(deck)):
        s.decks[0][i] = deck[i]
    s.ndeck[0] = len(deck)
    s.stage[0] = stage
    s.turn = 0
    s.phase = p.PH_PLAY
    s.aged = s.carded = s.grew = s.auto = 0
    s.drew = -1
    p.check(s)
    return s


def mv(s, text):
    p.play(s, p.parse_move(s, text))


def texts(s):
    return [p.move_text(s, m) for m in p.moves(s)]


# ---- M1, M13, M3: the deck ------------------------------------------------------------


def case_M1_the_deck_has_fifty_cards():
    assert sum(p.DECK_COUNTS) + 2 == 50  # + Young Pet and Adult Pet
    assert p.DECK_COUNTS[AGE] == 20 and p.DECK_COUNTS[PLAY] == 10 and p.DECK_COUNTS[TR] == 10
    for k in (BEG, SPEAK, FETCH, HEEL, DEAD, STAY, ROLL, PASSING):
        assert p.DECK_COUNTS[k] == 1


def case_M18_points_and_needs_as_printed():
    assert p.POINTS[PLAY] == 1 and p.POINTS[TR] == 0 and p.POINTS[AGE] == 0
    for k in (BEG, SPEAK):
        assert p.POINTS[k] == 2 and p.NEEDS[k] == 1
    for k in (FETCH, HEEL, DEAD, STAY, ROLL):
        assert p.POINTS[k] == 3 and p.NEEDS[k] == 2


def case_M13_older_deals_five_and_shuffles_in_passing():
    for seed in range(1, 30):
        s = p.new(seed, {"rules": "older"})
        cards = p.hand_size(s.hands[0]) + s.table[0][AGE] + s.ndeck[0]
        assert cards + (1 if s.stage[0] else 0) == 48 or s.stage[0] == p.ADULT
        if s.stage[0] == p.YOUNG:
            # five dealt, one drawn for the first turn
            assert p.hand_size(s.hands[0]) == 6 and s.ndeck[0] == 42
            assert PASSING in bytes(s.decks[0][: s.ndeck[0]])


def case_M3_younger_sets_the_pet_cards_aside_and_deals_three():
    for seed in range(1, 30):
        s = p.new(seed, {"rules": "younger"})
        assert p.hand_size(s.hands[0]) == 4  # three dealt, one drawn for the first turn
        assert s.ndeck[0] == 43
        assert PASSING not in bytes(s.decks[0][: s.ndeck[0]])
        assert s.stage[0] == p.YOUNG


def case_M2_each_pet_has_its_own_deck():
    s = p.new(5, {"players": 3})
    assert p.seats(s) == 3 and p.humans(s) == (0, 1, 2)
    for seat in range(3):
        total = p.hand_size(s.hands[seat]) + s.ndeck[seat] + p.hand_size(s.table[seat])
        total += p.hand_size(s.discards[seat])
        assert total == 48
    mv(s, "end") if "end" in texts(s) else None
    assert s.turn == 1 or p.over(s) or s.phase == p.PH_DISCARD


# ---- M4-M8: a turn -----------------------------------------------------------------


def case_M4_a_turn_starts_with_a_draw():
    s = build(hand={PLAY: 1}, table={AGE: 1}, deck=[AGE, TR, PLAY, FETCH])
    mv(s, "end")
    assert s.hands[0][PLAY] == 2 and s.drew == FETCH or s.hands[0][FETCH] == 1
    assert s.ndeck[0] == 4  # older: the Passing card under them
    assert s.turns[0] == 2


def case_M5_one_age_card_a_turn():
    s = build(hand={AGE: 3, PLAY: 1}, deck=[PLAY, PLAY])
    assert "age" in texts(s)
    mv(s, "age")
    assert "age" not in texts(s)
    assert raises(mv, s, "age")
    assert s.table[0][AGE] == 1


def case_M6_one_other_card_a_turn():
    s = build(hand={TR: 2, PLAY: 1}, table={AGE: 3}, deck=[PLAY, PLAY])
    mv(s, "train")
    assert texts(s) == ["end"]
    assert raises(mv, s, "play")
    assert raises(mv, s, "train")


def case_M6_age_and_other_card_in_one_turn():
    s = build(hand={AGE: 1, PLAY: 1}, deck=[PLAY, PLAY])
    mv(s, "age")
    mv(s, "play")
    assert s.table[0][AGE] == 1 and s.table[0][PLAY] == 1


def case_M7_never_more_scoring_cards_than_age_cards():
    s = build(hand={PLAY: 2, AGE: 1}, table={AGE: 1, PLAY: 1}, deck=[TR])
    assert "play" not in texts(s)
    assert raises(mv, s, "play")
    mv(s, "age")  # D3: then the Play card fits
    mv(s, "play")
    assert p.scoring(s.table[0]) == 2 == s.table[0][AGE]


def case_M7_tricks_count_as_scoring_cards():
    s = build(hand={BEG: 1}, table={AGE: 1, PLAY: 1, TR: 1}, deck=[TR])
    assert "beg" not in texts(s)
    s = build(hand={BEG: 1}, table={AGE: 2, PLAY: 1, TR: 1}, deck=[TR])
    assert "beg" in texts(s)


def case_D1_training_is_not_a_scoring_card():
    s = build(hand={TR: 1}, table={AGE: 0}, deck=[PLAY])
    assert "train" in texts(s)  # no Age card in play, still a Training card
    mv(s, "train")
    assert p.scoring(s.table[0]) == 0


def case_M8_a_trick_needs_its_training_in_play():
    s = build(hand={FETCH: 1, TR: 1}, table={AGE: 5, TR: 1}, deck=[PLAY])
    assert "fetch" not in texts(s)  # one Training in play, two needed
    s = build(hand={FETCH: 1, BEG: 1}, table={AGE: 5, TR: 2}, deck=[PLAY])
    assert "fetch" in texts(s) and "beg" in texts(s)


def case_M8_a_trick_discards_its_training_from_play():
    s = build(hand={FETCH: 1}, table={AGE: 5, TR: 3}, deck=[PLAY])
    disc = s.discards[0][TR]
    mv(s, "fetch")
    assert s.table[0][TR] == 1 and s.table[0][FETCH] == 1
    assert s.discards[0][TR] == disc + 2
    assert p.score(s) == 3


def case_D2_the_tricks_training_does_not_count_afterwards():
    s = build(hand={BEG: 1, PLAY: 1}, table={AGE: 2, TR: 1}, deck=[PLAY, PLAY])
    mv(s, "beg")
    assert s.table[0][TR] == 0 and p.scoring(s.table[0]) == 1


def case_M18_points_add_up_play_and_tricks():
    s = build(table={AGE: 9, PLAY: 3, BEG: 1, FETCH: 1, ROLL: 1}, deck=[PLAY])
    assert p.score(s) == 3 + 2 + 3 + 3


# ---- M9, D4: the hand limit ----------------------------------------------------------


def case_M9_more_than_five_discards_one():
    s = build(hand={PLAY: 3, TR: 3}, table={AGE: 9, PLAY: 5}, deck=[PLAY, PLAY])
    mv(s, "end")
    assert s.phase == p.PH_DISCARD
    assert texts(s) == ["-play", "-train"]
    mv(s, "-train")
    assert s.phase == p.PH_PLAY and p.hand_size(s.hands[0]) == 6  # next turn's draw
    assert s.discards[0][TR] >= 1


def case_M9_never_an_age_card():
    s = build(hand={AGE: 4, PLAY: 2}, table={AGE: 1}, deck=[PLAY, PLAY])
    mv(s, "end")
    assert "-age" not in texts(s)
    assert raises(p.parse_move, s, "-age")
    assert raises(p.play, s, p.DISCARD + AGE)


def case_D4_six_age_cards_are_kept():
    s = build(hand={AGE: 6}, deck=[PLAY, PLAY], rules="younger")
    mv(s, "end")
    assert s.turns[0] == 2  # no discard asked for
    assert s.hands[0][AGE] == 6


def case_D4_down_to_five_one_card_a_move():
    s = build(hand={PLAY: 4, TR: 4}, table={AGE: 12, PLAY: 10 - 4}, deck=[TR, TR])
    mv(s, "end")
    n = 0
    while s.phase == p.PH_DISCARD:
        mv(s, "-train")
        n += 1
    assert n == 3


def case_M9_five_cards_need_no_discard():
    s = build(hand={PLAY: 5}, table={AGE: 4, PLAY: 3}, deck=[TR, TR])
    mv(s, "play")
    mv(s, "end")
    assert s.turns[0] == 2


# ---- M10, M11, D8: younger rules' life ---------------------------------------------


def case_M10_younger_adult_at_ten_age_cards():
    s = build(hand={AGE: 1}, table={AGE: 9}, deck=[PLAY, PLAY], rules="younger")
    mv(s, "age")
    assert s.stage[0] == p.YOUNG  # D8: at the turn's end
    mv(s, "end")
    assert s.stage[0] == p.ADULT


def case_M11_younger_passing_at_twenty():
    s = build(
        hand={AGE: 1, PLAY: 1}, table={AGE: 19, PLAY: 4}, deck=[PLAY], rules="younger", stage=1
    )
    mv(s, "age")
    mv(s, "play")  # D8: the last turn still plays its other card
    mv(s, "end")
    assert p.over(s) and s.stage[0] == p.PASSED
    sm = p.summary(s)
    assert sm["points"] == 5 and sm["ages"] == 20 and sm["rules"] == "younger"


def case_M11_younger_passing_ends_the_game_in_the_summary():
    s = p.new(11, {"rules": "younger"})
    from shared_rules import mypet_ai

    while not p.over(s):
        p.play(s, mypet_ai.greedy(s))
    assert s.table[0][AGE] == 20
    sm = p.summary(s)
    assert sm["ages"] == 20 and sm["points"] == p.score(s)
    assert sm["turns"] == s.turns[0] and isinstance(sm["tricks"], list)


def case_D5_empty_deck_must_play_age():
    s = build(hand={AGE: 2, PLAY: 1}, table={AGE: 3}, deck=[], rules="younger")
    assert "end" not in texts(s)
    mv(s, "play")
    assert "end" not in texts(s)
    mv(s, "age")
    assert "end" in texts(s)


def case_D5_empty_deck_turn_draws_nothing():
    s = build(hand={AGE: 1}, table={AGE: 3}, deck=[TR], rules="younger")
    mv(s, "age")
    mv(s, "end")
    assert s.drew == TR and s.ndeck[0] == 0
    mv(s, "train")
    mv(s, "end")
    assert s.drew == -1 and s.turns[0] == 3


# ---- M15-M17, D6, D9: older rules' life --------------------------------------------


def case_M15_passing_drawn_makes_an_adult_and_reshuffles():
    s = build(hand={PLAY: 1}, table={AGE: 2}, deck=[AGE, TR, PASSING])
    before = s.ndeck[0] + p.hand_size(s.discards[0])
    mv(s, "end")
    assert s.stage[0] == p.ADULT and s.grew == 1 and s.drew == PASSING
    assert p.hand_size(s.discards[0]) == 0  # the discards went into the deck
    assert s.ndeck[0] == before  # with the Passing card back in it
    assert PASSING in bytes(s.decks[0][: s.ndeck[0]])
    assert s.hands[0][PASSING] == 0


def case_D6_no_card_replaces_the_passing_draw():
    s = build(hand={PLAY: 1}, table={AGE: 2}, deck=[TR, PASSING])
    mv(s, "end")
    assert p.hand_size(s.hands[0]) == 1


def case_M16_an_adult_plays_every_age_card():
    s = build(hand={PLAY: 1}, table={AGE: 2}, deck=[AGE, PLAY, AGE], stage=p.ADULT)
    assert "age" not in texts(s)
    mv(s, "end")  # the next turn draws an Age card: it goes into play at once
    assert s.hands[0][AGE] == 0 and s.table[0][AGE] == 3 and s.auto == 1


def case_D9_adult_age_cards_go_in_at_the_draw():
    s = build(hand={PLAY: 1}, table={AGE: 4}, deck=[PLAY, PASSING, AGE])
    s.hands[0][AGE] = 0
    mv(s, "end")  # draws AGE
    mv(s, "end")  # draws Passing: adult, and its Age cards go in at once
    assert s.stage[0] == p.ADULT
    assert s.hands[0][AGE] == 0 and s.table[0][AGE] == 5
    assert "age" not in texts(s)


def case_M17_passing_again_ends_the_game():
    s = build(hand={PLAY: 1}, table={AGE: 12, PLAY: 2}, deck=[TR, PASSING], stage=p.ADULT)
    mv(s, "end")
    assert p.over(s) and s.stage[0] == p.PASSED and p.to_act(s) == -1
    assert p.moves(s) == []
    assert p.summary(s)["ages"] == 12


def case_D10_older_rules_ignore_the_age_thresholds():
    s = build(hand={AGE: 1}, table={AGE: 19}, deck=[PLAY, PLAY])
    mv(s, "age")
    mv(s, "end")
    assert s.stage[0] == p.YOUNG and not p.over(s)


def case_D7_passing_in_the_opening_hand_makes_an_adult():
    found = 0
    for seed in range(1, 80):
        s = p.new(seed, {"rules": "older"})
        if s.stage[0] == p.ADULT:
            found += 1
            assert s.hands[0][AGE] == 0  # an adult's Age cards are in play
            p.check(s)
    assert found > 0


def case_D7_passing_dealt_twice_goes_back():
    """D7: Passing dealt a second time (the pet already grown up by the first) goes back
    into the deck, reshuffled: no life ends in the deal."""
    for seed in range(200):
        s = p.new(seed, {"rules": "older", "players": 2})
        assert s.stage[1] != p.PASSED  # dealt, its first turn to come
        p.check(s)
    s = p.new(64, {"rules": "older"})  # Passing dealt twice: an adult, its Age in play
    assert not p.over(s) and s.stage[0] == p.ADULT and s.hands[0][AGE] == 0


# ---- M12, D11: several pets --------------------------------------------------------


def case_M12_turns_pass_in_order():
    s = p.new(3, {"players": 3, "rules": "younger"})
    seen = []
    for _ in range(6):
        seen.append(s.turn)
        while p.to_act(s) == seen[-1]:
            p.play(s, p.moves(s)[-1] if p.END in p.moves(s) else p.moves(s)[0])
    assert seen == [0, 1, 2, 0, 1, 2]


def case_D11_passed_pets_are_skipped_and_the_game_ends_with_the_last():
    s = p.new(9, {"players": 2, "rules": "younger"})
    s.table[0][AGE] = 20
    for k in range(p.KINDS):
        s.hands[0][k] = 0
    # pet 0's Age cards all in play: make the counts add up again from its deck
    left = []
    for i in range(s.ndeck[0]):
        if s.decks[0][i] != AGE:
            left.append(s.decks[0][i])
    for i in range(len(left)):
        s.decks[0][i] = left[i]
    s.ndeck[0] = len(left)
    s.discards[0] = bytearray(p.KINDS)
    for k in range(1, PASSING):
        s.discards[0][k] = p.DECK_COUNTS[k] - left.count(k)
    s.stage[0] = p.PASSED
    s.table[0][PASSING] = 1
    s.turn = 1
    p.check(s)
    while not p.over(s):
        assert p.to_act(s) == 1
        from shared_rules import mypet_ai

        p.play(s, mypet_ai.greedy(s))
    assert p.winner(s) == -1 and len(p.scores(s)) == 2


def case_D11_no_winner():
    s = build(table={AGE: 12, PLAY: 2}, deck=[PASSING], stage=p.ADULT, hand={PLAY: 1})
    mv(s, "end")
    assert p.over(s) and p.winner(s) == -1


# ---- notation, life in words -----------------------------------------------------------


def case_notation_round_trip():
    s = build(hand={AGE: 1, PLAY: 1, TR: 1, FETCH: 1}, table={AGE: 4, TR: 2}, deck=[PLAY])
    for m in p.moves(s):
        assert p.parse_move(s, p.move_text(s, m)) == m
    assert texts(s) == ["age", "play", "train", "fetch", "end"]
    assert p.parse_move(s, " FETCH ") == FETCH
    assert raises(p.parse_move, s, "bark")


def case_life_words_are_kind():
    for pts in range(0, 30):
        a, b = p.life_words(pts)
        assert 0 < len(a) <= 15 and 0 < len(b) <= 15
        for word in ("bad", "poor", "sad", "lose", "fail"):
            assert word not in (a + b).lower()
    assert p.life_words(0) != p.life_words(29)


# ---- the save ----------------------------------------------------------------------------


def case_save_fields_must_agree():
    """A save made by play (two pets, older rules, 24 moves), then one token changed:
    every field in range, but not what play makes. Each loaded once; a pet's turns
    set back to 0 made the next save fail."""
    s = p.new(11, {"players": 2})
    r = Rng(11)
    for _ in range(24):
        ms = p.moves(s)
        p.play(s, ms[r.below(len(ms))])
    t = p.dump(s)  # Rex (young) to act in its sixth turn, having drawn Heel
    assert "\nat 0 0 1 0 6 0 0 24\npet 0 6\n" in t and "\npet 0 5\n" in t and p.load(t)
    bad = [t.replace("\npet 0 6\n", "\npet 0 0\n"), t.replace("\npet 0 5\n", "\npet 0 6\n")]
    # the seat to act; Passing drawn without growing up; grown up without it; a young
    # pet's Age cards put into play at the draw
    for at in ("0 1 1 0 6 0 0", "0 0 1 0 10 0 0", "0 0 1 0 6 1 0", "0 0 1 0 6 0 1"):
        bad.append(t.replace("at 0 0 1 0 6 0 0 24", "at %s 24" % at))
    for text in bad:
        assert text != t and raises(p.load, text), text[:60]
