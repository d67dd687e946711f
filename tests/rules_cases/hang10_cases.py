"""Hang 10 rule cases: one or more per clause of docs/rules/hang10.md.

Plain functions named case_<clause>_<what>, plain asserts, no test framework: the same
module runs under pytest on CPython and inside the MicroPython VM at a 64 KB heap, so
it uses only what both have and stays small (MicroPython compiles the whole module at
once). Positions are built with new(seed) and then overwritten (hand, pile, waves via
_set_lone/_add, phase) and validated with check(); moves are written in the notation
(run(s, "D 9H>1 S")), which the notation cases check separately.
"""

from rules_cases.kit import played as kit_played
from shared_rules import cards
from shared_rules import hang10 as h
from shared_rules.rng import Rng

SEEDS = (3, 17, 2024, 5, 65535)  # seeded random games walked by several cases


def raises(exc, fn, *args):
    """True if fn(*args) raises exc."""
    try:
        fn(*args)
    except exc:
        return True
    return False


def cs(text):
    """'8H 7H' -> card ints."""
    return [cards.parse_card(t) for t in text.split()]


def texts(seq):
    return " ".join([cards.card_text(c) for c in seq])


def wt(s, w):
    """Wave w (1-4) as card texts in play order."""
    return texts(s.waves[w - 1])


def mv(s):
    """The legal moves as notation."""
    return " ".join([h.move_text(s, m) for m in h.moves(s)])


def run(s, line):
    """Play the moves of a notation line."""
    for t in line.split():
        h.play(s, h.parse_move(s, t))
    return s


def bad(s, line):
    """Each move of the line is illegal: ValueError, and the state is unchanged."""
    d = h.dump(s)
    for t in line.split():
        assert raises(ValueError, h.play, s, h.parse_move(s, t)), t
    assert h.dump(s) == d


def build(hand, waves, top="", last=False):
    """A checked position: hand and waves ("AS|5H 6H|..", waves in play order) from card
    texts; `top` the next pile cards, first drawn first. The other cards lie under them
    in the pile, or with last=True are already scored (then `top` is all the pile).
    The phase is draw, or the end game when the pile is empty."""
    s = h.new(1)
    used = cs(hand)
    s.hand = sorted(used)
    waves = waves.split("|")
    for w in range(4):
        wc = cs(waves[w])
        used += wc
        s.waves[w] = []
        s.kind[w] = h.K_EMPTY
        for c in wc:
            if s.waves[w]:
                assert h.fits(s, w, c), waves[w]
                h._add(s, w, c)
            else:
                h._set_lone(s, w, c)
    top = cs(top)
    top.reverse()
    rest = [c for c in range(52) if c not in used and c not in top]
    s.scored = rest if last else []
    s.pile = top if last else rest + top
    s.wiped = []
    s.phase = h.PH_DRAW if s.pile else h.PH_END
    h.check(s)
    return s


def ref_fits(wave, c):
    """Independent reading of R6-R8: does wave (cards in play order) stay legal with c?"""
    if not wave or c in wave:
        return False
    rank = True
    suit = True
    mask = 1 << c % 13
    for x in wave:
        rank = rank and x % 13 == c % 13
        suit = suit and x // 13 == c // 13
        mask |= 1 << x % 13
    if rank:
        return len(wave) < 4
    starts = 0  # ranks whose cyclic predecessor is missing: 1 for one run, 0 for 13 cards
    for k in range(13):
        if mask >> k & 1 and not mask >> (k + 12) % 13 & 1:
            starts += 1
    return suit and starts < 2


def ref_points(wave):
    """Independent reading of R12, R13, D1: points of a wave kicked out now."""
    n = len(wave)
    if n < 2:
        return 0
    if wave[0] % 13 == wave[1] % 13:
        return 8 if n == 4 and wave[0] % 13 == cards.TEN else n
    p = (0, 0, 0, 1)[n] if n < 4 else n + 2 * (n >= 6)
    for x in wave:
        p += x % 13 == cards.TEN
    return p


def ref_adds(s):
    """Every add move the reference allows for s's hand and waves, ascending."""
    return [h.M_PLAY + c * 4 + w for c in s.hand for w in range(4) if ref_fits(s.waves[w], c)]


def walk(seed, visit):
    """Play a seeded random game (drawing from the pile half the time it may);
    visit(s, m) runs before each move m is played, and with m = -1 at the end."""
    s = h.new(seed)
    rng = Rng(seed * 31 + 7)
    n = 0
    while not h.over(s):
        ms = h.moves(s)
        m = h.M_DRAW if s.phase == h.PH_DRAW and rng.below(2) else ms[rng.below(len(ms))]
        visit(s, m)
        h.play(s, m)
        n += 1
        assert n < 5000, "game does not end"
    visit(s, -1)
    return s


def games(visit):
    for seed in SEEDS:
        walk(seed, visit)


# Positions used by several cases.
WIPE_HAND = "5S 6S 7S 8S 2D 3D 4D 2C 3C 4C"  # nothing fits WAVES, nor 8D, 8H or KH
LONE_HAND = "3S 5S 7S JD KD 2C 6C 8C TC 4D"  # same, and no two of its cards fit each other
WAVES = "AS|5H 6H|9D 9C 9S|QC"
TAKE = ("2S 3S 9S JH 4D 5D 6D 8C TC KC", "7H|AS|QD|4C")
SURF = ("9H JH QH 2S 3S 4S 5D 6D 7C 8C", "TH|KS|KD|AC")
END = ("2H 3H 4H 9S", "5H|KS|7D 7C|QC", "6H", True)  # the pile's last card is 6H


# ---- R1 set-up ---------------------------------------------------------------


def case_R1_deal_ten_four_and_pile():
    for seed in (0, 1, 99, 4294967295):
        s = h.new(seed)
        assert len(s.hand) == 10 and len(s.pile) == 38 and s.phase == h.PH_DRAW
        assert [len(w) for w in s.waves] == [1, 1, 1, 1] and list(s.kind) == [1, 1, 1, 1]
        assert s.scored == s.wiped == [] and h.score(s) == 0
        h.check(s)
    assert raises(ValueError, h.new, 1, {"jokers": 1})


def case_R1_deal_uses_rng_shuffle():
    for seed in (0, 7, 123456):
        deck = list(range(52))
        Rng(seed).shuffle(deck)
        s = h.new(seed)
        dealt = s.hand + [w[0] for w in s.waves]
        # the pile keeps the shuffled order; the dealt cards are one end of the deck
        assert s.pile == [c for c in deck if c not in dealt]
        assert sorted(dealt) in (sorted(deck[38:]), sorted(deck[:14]))
        assert h.dump(h.new(seed)) == h.dump(s)
    assert h.dump(h.new(1)) != h.dump(h.new(2))


# ---- R2 four waves -------------------------------------------------------------


def case_R2_four_slots_empty_only_in_end_game():
    def visit(s, m):
        assert len(s.waves) == 4
        for w in range(4):
            # empty: the slot awaits a card this turn, or the pile is gone (D6)
            assert s.waves[w] or (s.phase == h.PH_PLACE and w == s.slot) or not s.pile

    games(visit)


# ---- R3 a turn ---------------------------------------------------------------


def case_R3_turn_is_draw_then_play():
    s = build(*SURF, "JC")
    assert mv(s) == "D T1 T2 T3 T4" and h.to_act(s) == 0
    run(s, "D")
    assert s.phase == h.PH_PLAY and len(s.hand) == 11
    assert mv(s) == "9H>1 JH>1"
    run(s, "9H>1")
    assert mv(s) == "K S" and len(s.hand) == 10
    run(s, "S")
    assert s.phase == h.PH_DRAW and s.turn == 1


def case_R3_turns_in_random_games():
    # draw-add-kick/keep, take-place or draw-wipe-place; in the end game add-kick/keep
    def visit(s, m):
        if s.turn != st[0]:
            assert st[1] in ("DAK", "DAS", "TP", "DWP", "AK", "AS"), st[1]
            st[0] = s.turn
            st[1] = ""
        if m >= 0:
            t = h.move_text(s, m)
            st[1] += "A" if ">" in t else t[0]

    for seed in SEEDS:
        st = [0, ""]
        walk(seed, visit)


# ---- R4 taking an approaching card -------------------------------------------


def case_R4_take_lone_card_and_replace():
    s = build(*TAKE)
    pile = list(s.pile)
    run(s, "T1")
    assert s.phase == h.PH_PLACE and s.waves[0] == [] and len(s.hand) == 11
    assert texts(s.hand) == "2S 3S 9S 7H JH 4D 5D 6D 8C TC KC"
    assert "P7H" in mv(s) and len(h.moves(s)) == 11  # any hand card (D3)
    h.check(s)
    run(s, "PJH")
    assert wt(s, 1) == "JH" and s.kind[0] == h.K_LONE and len(s.hand) == 10
    assert s.pile == pile and s.phase == h.PH_DRAW and s.turn == 1  # the whole turn
    h.check(s)


def case_R4_no_take_from_a_surfed_wave():
    s = build(TAKE[0], "7H 8H|AS|QD QC|4C")
    assert mv(s) == "D T2 T4"
    bad(s, "T1 T3")
    run(s, "D")
    bad(s, "T2 T4")  # and only at the start of a turn


# ---- R5 drawing from the pile ------------------------------------------------


def case_R5_draw_joins_hand_then_must_add():
    s = build("6H 3S 9S JH 4D 5D 6D 8C TC KC", "7H|AS|QD|4C", "2C")
    n = len(s.pile)
    run(s, "D")
    assert len(s.pile) == n - 1 and s.drawn == cs("2C")[0]
    assert texts(s.hand) == "3S 9S 6H JH 4D 5D 6D 2C 8C TC KC"
    assert s.phase == h.PH_PLAY and mv(s) == "6H>1 4D>4"


def case_R5_adds_match_reference_in_random_games():
    def visit(s, m):
        if s.phase in (h.PH_PLAY, h.PH_END):
            assert h.moves(s) == ref_adds(s)

    games(visit)


# ---- R6 sequences --------------------------------------------------------------


def case_R6_text_example_can_add():
    wave = ["8H", "7H", "9H", "6H", "5H"]
    assert h.can_add(wave, "4H") and h.can_add(wave, "TH") and h.can_add(wave, "10H")
    for t in ("JH", "3H", "4S", "TD", "8H"):
        assert not h.can_add(wave, t), t


def case_R6_grows_at_either_end():
    s = build("7H 9H 6H 5H 4H TH JH 2S 3S 4S", "8H|KS|QD|2C", "", True)
    run(s, "7H>1 S 9H>1 S 6H>1 S 5H>1 S")
    assert wt(s, 1) == "8H 7H 9H 6H 5H" and h.wave_info(s, 0) == (h.K_SEQ, 5, 4, 8)
    assert mv(s) == "2S>4 4H>1 TH>1"


def case_R6_same_suit_no_gap():
    assert not h.can_add(["5H"], "6S") and not h.can_add(["5H", "6H"], "7D")
    assert raises(ValueError, h.wave_score, ["5H", "6S"])
    assert raises(ValueError, h.wave_score, ["5H", "7H"])


def case_R6_every_add_matches_reference():
    for wave in ("8H", "8H 7H 9H 6H 5H", "KD AD", "2C AC KC QC", "7S 7H", "7S 7H 7D"):
        wc = cs(wave)
        for c in range(52):
            assert h.can_add(wave.split(), cards.card_text(c)) == ref_fits(wc, c), (wave, c)


# ---- R7 ace ----------------------------------------------------------------------


def case_R7_king_ace_two():
    assert h.can_add(["KH"], "AH") and h.can_add(["KH", "AH"], "2H")
    assert h.can_add(["2H", "AH"], "KH") and h.can_add(["QH", "KH", "AH"], "2H")
    assert h.can_add(["AH"], "KH") and h.can_add(["AH"], "2H")
    s = build("AH 2H JH 3S 4S 5S 6D 7D 8D 9C", "KH|QS|TD|3C", "", True)
    run(s, "AH>1 S 2H>1 S")
    assert h.wave_info(s, 0) == (h.K_SEQ, 3, 12, 1) and h.wave_points(s, 0) == 1
    assert h.fits(s, 0, cs("QH")[0]) and h.fits(s, 0, cs("3H")[0])


def case_R7_all_thirteen_of_a_suit():
    wave = "7S 8S 6S 9S 5S TS 4S JS 3S QS 2S KS".split()
    assert h.can_add(wave, "AS") and h.wave_score(wave + ["AS"]) == 13 + 2 + 1
    full = h._wave_from_texts(wave + ["AS"])
    assert h.wave_info(full, 0)[1] == 13
    assert [c for c in range(52) if h.fits(full, 0, c)] == []


# ---- R8 sets ---------------------------------------------------------------------


def case_R8_set_different_suits_max_four():
    assert h.can_add(["7H"], "7S") and h.can_add(["7H", "7S"], "7D")
    assert h.can_add(["7H", "7S", "7D"], "7C") and not h.can_add(["7H", "7S"], "7H")
    assert raises(ValueError, h.wave_score, ["7H", "7H"])
    four = h._wave_from_texts(["7H", "7S", "7D", "7C"])
    assert h.wave_info(four, 0) == (h.K_SET, 4, 6, 6)
    assert [c for c in range(52) if h.fits(four, 0, c)] == []
    assert not h.can_add(["7H", "7S"], "8H") and not h.can_add(["7H", "7S"], "6S")


# ---- R9 kind ---------------------------------------------------------------------


def case_R9_second_card_decides_kind():
    s = build("7S 8H 7D 9H 2C 3C 4C 5C JD QD", "7H|KS|KD|AC", "", True)
    t = h.copy(s)
    run(s, "7S>1 S")
    assert s.kind[0] == h.K_SET and mv(s) == "7D>1 QD>3 2C>4"
    run(t, "8H>1 S")
    assert t.kind[0] == h.K_SEQ and mv(t) == "9H>1 QD>3 2C>4"


# ---- R10 kick out or keep surfin' ----------------------------------------------


def case_R10_kick_out_scores_and_flips():
    s = build(*SURF, "JC 2D")
    run(s, "D 9H>1 S D JH>1")
    top = s.pile[-1]
    n = len(s.pile)
    run(s, "K")
    assert s.points == 2 and h.score(s) == 2 and s.kicks == 1  # 3 cards 1, the ten 1
    assert texts(s.scored) == "TH 9H JH" and s.waves[0] == [top] and len(s.pile) == n - 1
    assert s.kind[0] == h.K_LONE and s.phase == h.PH_DRAW
    h.check(s)


def case_R10_keep_or_kick_only_right_after_adding():
    s = build(*SURF, "JC KC")
    run(s, "D 9H>1 S")
    assert wt(s, 1) == "TH 9H" and s.points == 0 and s.scored == []
    bad(s, "K S")
    run(s, "D")
    bad(s, "K S")
    run(s, "KC>3 K")  # kicks the wave just played on, not wave 1
    assert texts(s.scored) == "KD KC" and wt(s, 1) == "TH 9H" and s.points == 2


def case_R10_kick_points_in_random_games():
    def visit(s, m):
        assert s.points == acc[0]
        if acc[1]:  # just kicked: the slot has the pile's top card, or stays empty
            assert s.waves[acc[2]] == acc[3:] and len(s.waves[acc[2]]) == s.kind[acc[2]]
        acc[1:] = [m == h.M_KICK, s.slot] + s.pile[-1:]
        if m == h.M_KICK:
            acc[0] += ref_points(s.waves[s.slot])

    for seed in SEEDS:
        acc = [0, 0]
        walk(seed, visit)


# ---- R11 wipe-out ------------------------------------------------------------------


def case_R11_wipe_out_when_nothing_fits():
    s = run(build(WIPE_HAND, WAVES, "8D"), "D")
    assert ref_adds(s) == [] and s.phase == h.PH_WIPE and mv(s) == "W1 W2 W3 W4"
    h.check(s)
    s = run(build(WIPE_HAND, WAVES, "7H"), "D")
    assert s.phase == h.PH_PLAY and mv(s) == "7H>2"
    bad(s, "W1 W2")


def case_R11_player_chooses_wave_hand_card_replaces():
    base = run(build(WIPE_HAND, WAVES, "8D"), "D")
    for w in range(4):
        s = run(h.copy(base), "W%d" % (w + 1))
        assert s.wiped == base.waves[w] and s.waves[w] == [] and s.phase == h.PH_PLACE
        assert h.moves(s) == [h.M_PLACE + c for c in s.hand] and len(s.hand) == 11
        run(s, "P8D")
        for v in range(4):
            assert s.waves[v] == (cs("8D") if v == w else base.waves[v])
        assert len(s.hand) == 10 and s.phase == h.PH_DRAW and s.wipeouts == 1
        assert h.score(s) == -len(base.waves[w])
        h.check(s)


def case_R11_wipe_only_when_nothing_fits_in_random_games():
    def visit(s, m):
        if st[0]:
            assert (s.phase == h.PH_WIPE) == (ref_adds(s) == [])
        st[0] = m == h.M_DRAW

    st = [0]
    games(visit)


# ---- R12 / R13 scoring -------------------------------------------------------------


def case_R12_sequence_points_by_length():
    run8 = "2C 3C 4C 5C 6C 7C 8C 9C".split()
    assert [h.wave_score(run8[:n]) for n in range(1, 9)] == [0, 0, 1, 4, 5, 8, 9, 10]


def case_R12_ten_adds_one():
    assert h.wave_score(["8D", "9D", "TD"]) == 2 and h.wave_score(["TD", "9D", "8D", "JD"]) == 5
    assert h.wave_score("TD 9D 8D JD 7D QD 6D KD".split()) == 11
    s = build("5H 6H 7H 8H 9H 2S 3S 4D 5D 6C", SURF[1], "", True)
    run(s, "9H>1 S 8H>1 S 7H>1 S 6H>1 S 5H>1 K")
    assert s.points == 6 + 2 + 1 and h.score(s) == 9


def case_R13_set_points():
    assert h.wave_score(["4S", "4H"]) == 2 and h.wave_score(["4S", "4H", "4D"]) == 3
    assert h.wave_score(["4S", "4H", "4D", "4C"]) == 4 and h.wave_score(["TS", "TH", "TD"]) == 3


def case_R13_four_tens_score_eight():
    assert h.wave_score(["TH", "TS", "TD", "TC"]) == 8
    s = build("TS TD TC 2S 3S 4S 5D 6D 7C 8C", SURF[1], "", True)
    run(s, "TS>1 S TD>1 S TC>1 K")
    assert s.points == 8


# ---- R14 / R16 score -----------------------------------------------------------------


def case_R14_wipe_pile_minus_one_each():
    s = build(LONE_HAND, WAVES, "8H KH")
    s.points = 5
    run(s, "D W3 P3S")  # three cards
    assert h.score(s) == 5 - 3
    run(s, "D")  # KH fits nothing
    assert s.phase == h.PH_WIPE
    run(s, "W1 PKH")  # the lone AS
    assert h.score(s) == 5 - 4 and len(s.wiped) == 4 and h.scores(s) == [1]


def case_R16_score_is_points_less_wiped_in_random_games():
    def visit(s, m):
        assert h.score(s) == acc[0] - len(s.wiped) and h.scores(s) == [h.score(s)]
        if m == h.M_KICK:
            acc[0] += ref_points(s.waves[s.slot])

    for seed in SEEDS:
        acc = [0]
        walk(seed, visit)


# ---- R15 end of the game -----------------------------------------------------------


def case_R15_end_game_adds_until_none_fits():
    s = run(build(*END), "D")
    assert s.pile == [] and s.phase == h.PH_PLAY and mv(s) == "4H>1 6H>1"
    run(s, "6H>1 S")
    assert s.phase == h.PH_END and mv(s) == "4H>1"
    run(s, "4H>1 S 3H>1 S 2H>1 K")
    assert h.over(s) and h.moves(s) == [] and h.to_act(s) == -1
    assert h.score(s) == 5  # 9S in hand and the table do not count
    h.check(s)


def case_R15_game_over_when_nothing_fits():
    s = run(build(*END), "D 4H>1 K")  # 5H 4H: 0 points
    assert h.over(s) and h.score(s) == 0 and texts(s.hand) == "9S 2H 3H 6H"
    assert [m for m in range(400) if not raises(ValueError, h.play, s, m)] == []


def case_R15_games_end_with_no_fitting_card():
    def visit(s, m):
        assert m >= 0 or h.moves(s) == ref_adds(s) == s.pile == []

    games(visit)


# ---- decisions -----------------------------------------------------------------------


def case_D1_ten_bonus_on_short_sequences():
    assert h.wave_score(["TH", "9H"]) == 1 and h.wave_score(["9H", "TH"]) == 1
    assert h.wave_score(["TH", "JH", "QH"]) == 2 and h.wave_score(["8H", "9H"]) == 0


def case_D2_no_cap_and_ceiling_is_72():
    # best points for one suit cut into sequences of 2+ cards (cyclic, with its ten)
    best = 0
    for start in range(13):
        stack = [(0, 0)]  # (cards used, points so far)
        while stack:
            used, pts = stack.pop()
            best = max(best, pts) if used == 13 else best
            for n in range(2, 14 - used):
                ten = (cards.TEN - start - used) % 13 < n
                stack.append((used + n, pts + h.seq_points(n, ten)))
    assert best == 18 and 4 * best == 72
    s = build(LONE_HAND, WAVES)
    s.points = 80
    assert h.score(s) == 80  # nothing caps the score at 68


def case_D3_taken_card_may_go_back():
    """'replace it with any single card from your hand': the card just taken is one of
    them (a turn that changes nothing on the table but the pile's turn)."""
    s = run(build(*TAKE), "T3")
    assert "PQD" in mv(s) and "PKC" in mv(s)
    t = run(h.load(h.dump(s)), "PQD")
    assert t.taken == -1 and "QD" not in texts(t.hand) and t.phase == h.PH_DRAW
    run(s, "PKC")
    assert s.taken == -1 and "QD" in texts(s.hand)


def case_D4_take_and_place_forever_is_allowed():
    s = h.new(8)
    rng = Rng(8)
    pile = list(s.pile)
    for _ in range(60):
        ms = h.moves(s)
        assert ms[0] == h.M_DRAW and len(ms) > 1
        h.play(s, ms[1 + rng.below(len(ms) - 1)])
        ms = h.moves(s)
        h.play(s, ms[rng.below(len(ms))])
        h.check(s)
    assert s.pile == pile and s.turn == 60 and not h.over(s)


def case_D5_no_take_no_wipe_in_end_game():
    s = run(build(*END), "D 6H>1 S")
    assert s.phase == h.PH_END and mv(s) == "4H>1"
    bad(s, "D T2 T4 W1 W2")


def case_D5_end_game_moves_in_random_games():
    def visit(s, m):
        if not s.pile and s.phase in (h.PH_DRAW, h.PH_END):
            assert s.phase == h.PH_END and min(h.moves(s)) >= h.M_PLAY
            st[0] += 1

    st = [0]
    games(visit)
    assert st[0] > 0  # the games reached the end game


def case_D6_kick_with_empty_pile_leaves_slot_empty():
    s = run(build(*END), "D 6H>1 K")
    assert s.waves[0] == [] and h.wave_info(s, 0) == (h.K_EMPTY, 0, 0, 0)
    assert [c for c in range(52) if h.fits(s, 0, c)] == []
    assert h.over(s)  # 4H would have fitted the kicked wave
    h.check(s)


def case_D7_wipe_out_a_lone_card():
    s = run(build(WIPE_HAND, WAVES, "8D"), "D W4 P5S")
    assert texts(s.wiped) == "QC" and h.score(s) == -1 and wt(s, 4) == "5S"


def case_D8_keep_a_full_wave():
    s = run(build("7C 2S 3S 4S 5D 6D 8H 9H JC QC", "7H 7S 7D|KS|KD|AC", "", True), "7C>1 S")
    assert len(s.waves[0]) == 4 and [c for c in range(52) if h.fits(s, 0, c)] == []
    up = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH|KS|KD|AC"
    s = run(build("KH 2S 3S 4S 5D 6D 8C 9C JC QC", up, "", True), "KH>1 S")
    assert len(s.waves[0]) == 13 and [c for c in range(52) if h.fits(s, 0, c)] == []


def case_D9_last_draw_is_ordinary_turn():
    s = run(build(LONE_HAND, WAVES, "8H", True), "D")
    assert s.pile == [] and s.phase == h.PH_WIPE  # the wipe-out rule still applies
    run(s, "W2 P3S")
    assert h.score(s) == -2 and h.over(s)  # the end game: nothing fits
    s = run(build(WIPE_HAND, WAVES, "8D", True), "D W1 P5S")  # 6S fits 5S
    assert s.phase == h.PH_END and mv(s) == "6S>1"
    s = run(build(WIPE_HAND, WAVES, "7H", True), "D 7H>2 K")  # no card to flip
    assert s.waves[1] == [] and h.over(s) and h.score(s) == 1


def case_D10_computer_sees_no_pile_order():
    from shared_rules import hang10_ai

    def visit(s, m):
        st[0] += 1
        if st[0] % 23 or len(s.pile) < 2:
            return
        t = h.copy(s)
        t.pile.reverse()
        assert h.unseen(s) == h.unseen(t) == sorted(s.pile)
        d = h.dump(s)
        a = hang10_ai.choose(s)
        assert h.dump(s) == d and a in h.moves(s) and a == hang10_ai.choose(t)

    st = [0]
    walk(SEEDS[0], visit)


def case_D11_hand_sorted_suit_then_rank():
    def visit(s, m):
        assert s.hand == sorted(s.hand) and len(set(s.hand)) == len(s.hand)

    games(visit)
    s = build("KC AS 2H TS AD 3S QH 4C 9D JD", "AH|2S|3D|4H")
    assert texts(s.hand) == "AS 3S TS 2H QH AD 9D JD 4C KC"
    assert h.load(h.dump(s).replace("hand AS 3S TS", "hand TS 3S AS")).hand == s.hand


# ---- notation ----------------------------------------------------------------------


def case_notation_inverse_over_every_move_int():
    s = h.new(1)
    n = 0
    for m in range(-2, 400):
        if raises(ValueError, h.move_text, s, m):
            continue
        n += 1
        t = h.move_text(s, m)
        assert h.parse_move(s, t) == m and h.parse_move(s, " " + t.lower()) == m, t
    assert n == 1 + 4 + 2 + 4 + 52 + 208
    ms = (0, 2, 5, 6, 10, h.M_PLACE + 19, h.M_PLAY + 19 * 4 + 1)
    assert [h.move_text(s, m) for m in ms] == ["D", "T2", "K", "S", "W3", "P7H", "7H>2"]


def case_notation_inverse_for_legal_moves_in_random_games():
    def visit(s, m):
        for x in h.moves(s):
            t = h.move_text(s, x)
            assert h.parse_move(s, t) == x and h.move_text(s, h.parse_move(s, t)) == t

    games(visit)


def case_notation_rejects_garbage():
    s = h.new(1)
    for t in ("", "X", "T0", "T5", "W9", "P", "PZZ", "P1H", "7H>5", "7H>0", "7H-1", "DD", "KS"):
        assert raises(ValueError, h.parse_move, s, t), t


# ---- illegal moves ---------------------------------------------------------------


def case_illegal_moves_raise_and_change_nothing():
    def visit(s, m):
        if m < 0:
            return
        legal = h.moves(s)
        d = h.dump(s)
        tries = [rng.below(400) - 20 for _ in range(5)]
        tries += [h.M_KICK, h.M_PLACE + max(s.taken, 0)]
        tries += [h.M_PLAY + c * 4 + rng.below(4) for c in s.hand[:1]]
        for x in tries:
            if x not in legal:
                assert raises(ValueError, h.play, s, x), x
                assert h.dump(s) == d

    rng = Rng(5)
    games(visit)


def case_illegal_moves_exhaustive_at_start():
    s = h.new(12)
    legal = h.moves(s)
    d = h.dump(s)
    for m in range(-5, 400):
        assert h.is_legal(s, m) == (m in legal) and (m in legal or raises(ValueError, h.play, s, m))
    assert h.dump(s) == d


# ---- save / load ---------------------------------------------------------------------


def case_dump_load_round_trip_every_step():
    # dump(load(dump(s))) == dump(s), and the loaded copy plays on exactly like s
    def visit(s, m):
        d = h.dump(s)
        assert mirror[0] is None or h.dump(mirror[0]) == d
        t = h.load(d)
        assert h.dump(t) == d
        if m >= 0:
            h.play(t, m)
        mirror[0] = t

    for seed in SEEDS:
        mirror = [None]
        walk(seed, visit)


def mid_game_text():
    """A save halfway through a game, with scored and wiped cards (draw phase)."""
    s = h.new(77)
    rng = Rng(77)
    while len(s.pile) > 20 or s.phase or not s.wiped or not s.scored:
        ms = h.moves(s)
        h.play(s, ms[rng.below(len(ms))])
    return h.dump(s)


def case_load_rejects_truncated():
    text = mid_game_text()
    for k in range(len(text)):
        try:
            t = h.load(text[:k])
        except ValueError:
            continue
        assert k == len(text) - 1 and h.dump(t) == text, k  # only the final newline


def case_load_rejects_card_twice_or_missing():
    text = mid_game_text()
    lines = text.split("\n")
    pile = lines[11].split()
    hand = lines[12].split()
    assert pile[0] == "pile" and hand[0] == "hand"
    for i, new in (
        (12, ["hand", pile[1]] + hand[2:]),  # a pile card also in the hand
        (12, hand + [pile[1]]),
        (11, pile[:-1]),  # a card missing
        (11, pile + ["1X"]),
    ):
        assert raises(ValueError, h.load, "\n".join(lines[:i] + [" ".join(new)] + lines[i + 1 :]))
    assert h.dump(h.load(text)) == text


def case_load_rejects_bad_version_and_garbage():
    text = mid_game_text()
    rest = text[text.index("\n") :]
    for head in ("hang10 2", "hang10 0", "hang10 x", "hang10", "hang11 1", "hang10 1 1"):
        assert raises(ValueError, h.load, head + rest), head
    for junk in ("", "\n", "garbage", "hang10 1\n", "hang10 1\nseed 1\n", rest[1:], None, b"x"):
        assert raises(ValueError, h.load, junk), junk
    for old, new in (
        ("phase 0", "phase 9"),
        ("phase 0", "phase -1"),
        ("\nseed ", "\nseed x"),
        ("\nturn", "\nturn 1\nturn"),
        ("\nwave1 ", "\nwave1 x"),
    ):
        assert raises(ValueError, h.load, text.replace(old, new, 1)), new
    lines = text.split("\n")
    w1 = lines[13].split(" ")
    for k, v in ((1, "4"), (2, "13")):  # a bad kind, a bad low rank
        assert raises(
            ValueError, h.load, text.replace(lines[13], " ".join(w1[:k] + [v] + w1[k + 1 :]))
        )
    for i in range(13, 17):  # a wave line whose kind does not match its cards
        w = lines[i].split(" ")
        w[1] = "3" if w[1] == "2" else "2"
        assert raises(ValueError, h.load, text.replace(lines[i], " ".join(w))), lines[i]
    for i in range(1, len(lines) - 1):  # each field left out in turn
        assert raises(ValueError, h.load, "\n".join(lines[:i] + lines[i + 1 :])), lines[i]


# ---- check() ---------------------------------------------------------------------------


def case_check_after_every_move():
    def visit(s, m):
        h.check(s)
        n = len(s.pile) + len(s.hand) + len(s.scored) + len(s.wiped)
        assert n + sum([len(w) for w in s.waves]) == 52

    games(visit)


def case_check_rejects_damage():
    s = h.new(3)
    h.check(s)
    for i in range(5):
        t = h.copy(s)
        if i == 0:
            t.hand[0] = t.pile[0]  # twice
        elif i == 1:
            t.pile.pop()  # missing
        elif i == 2:
            t.pile.append(52)
        elif i == 3:
            t.hand.append(t.pile.pop())  # 11 cards at the start of a turn
        else:
            t.kind[2] = h.K_SEQ  # a lone card marked as a sequence
        assert raises(ValueError, h.check, t), i


# ---- PRNG ----------------------------------------------------------------------------


def case_rng_shuffle_is_permutation():
    for seed in (0, 1, 42, 4294967295):
        rng = Rng(seed)
        for n in (0, 1, 2, 5, 52):
            seq = list(range(n))
            rng.shuffle(seq)
            assert sorted(seq) == list(range(n))
    a = list(range(52))
    b = list(range(52))
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b != list(range(52))


def case_rng_below_in_range():
    rng = Rng(123)
    for n in (1, 2, 3, 7, 52, 1000, 40000, 65535, 65536):
        xs = [rng.below(n) for _ in range(200)]
        assert min(xs) >= 0 and max(xs) < n and max(xs) >= n - 1 - n // 4
    for n in (0, -1, 65537):
        assert raises(ValueError, rng.below, n)


def case_notation_accepts_10_for_ten():
    s = build("TH 2S 3S 4S 5S 6S 7S 8S 9S JC", "9H|KD|QC|AC", top="2C")
    run(s, "D")
    assert h.parse_move(s, "10H>1") == h.parse_move(s, "TH>1")
    assert h.parse_move(s, "P10H") == h.M_PLACE + h._cards.parse_card("TH")


def case_load_rejects_phase_that_does_not_fit():
    s = h.new(5)
    text = h.dump(s)
    for phase in (
        "phase 2",  # kick with no wave played
        "phase 6",  # over with a full pile
        "phase 4",  # place into a full slot
        "phase 5",  # end game with a pile
    ):
        assert raises(ValueError, h.load, text.replace("phase 0", phase))


def played(seed, stop):
    """A game played by Rng(seed)'s moves until stop(s) holds (kit.played)."""
    return kit_played(h, seed, stop)


def case_load_rejects_fields_that_do_not_fit_the_phase():
    """The card taken and the wave in hand (slot) only while their move is under way;
    every wave full until the pile is gone but the one to place into; wipe-outs counted
    when the pile holds cards, a card drawn once a move is made. Each edit of a save
    made by play would leave a game that cannot go on, or that reads wrong."""
    text = mid_game_text()  # the draw phase
    assert "\nphase 0\n" in text and "\nwipeouts 4\n" in text and "\ndrawn 16\n" in text
    for old, new in (
        ("\ntaken -1\n", "\ntaken 8\n"),  # a stale taken: after a wipe-out, a lost save
        ("\nslot -1\n", "\nslot 2\n"),
        ("\nwipeouts 4\n", "\nwipeouts 0\n"),  # a clean game with cards wiped out
        ("\ndrawn 16\n", "\ndrawn -1\n"),
    ):
        assert raises(ValueError, h.load, text.replace(old, new)), new
    s = played(1, lambda s: s.phase == h.PH_PLACE and s.taken == -1)  # after a wipe-out
    text = h.dump(s)
    assert h.dump(h.load(text)) == text and "\nphase 4\n" in text
    assert raises(ValueError, h.load, text.replace("\nphase 4\n", "\nphase 3\n"))
    wipe = text.replace("\nphase 4\nslot %d\n" % s.slot, "\nphase 3\nslot -1\n")
    assert wipe != text and raises(ValueError, h.load, wipe)  # a wave left empty for ever
    s = played(1, lambda s: s.phase == h.PH_PLACE and s.taken >= 0)  # taken from a wave
    other = s.hand[0] if s.hand[0] != s.taken else s.hand[1]
    text = h.dump(s)
    assert h.dump(h.load(text)) == text
    old = "\ntaken %d\n" % s.taken
    assert raises(ValueError, h.load, text.replace(old, "\ntaken %d\n" % other))
