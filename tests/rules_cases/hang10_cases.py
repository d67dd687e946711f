"""Hang 10 rule cases: one or more per clause of docs/rules/hang10.md.

Plain functions named case_<clause>_<what>, plain asserts, no test framework: the same
module runs under pytest on CPython and inside the MicroPython VM (64 KB heap), so it
uses only what both have. Positions are built with new(seed) and then overwritten
(hand, pile, waves via _set_lone/_add, phase) and validated with check().
"""

from shared_rules import cards
from shared_rules import hang10 as h
from shared_rules.rng import Rng

SEEDS = (3, 17, 2024)  # seeded random games walked by several cases


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


def c1(text):
    return cards.parse_card(text)


def texts(seq):
    return " ".join([cards.card_text(c) for c in seq])


def add_move(card_text, w):
    """The move int adding a card to wave w (1-4)."""
    return h.M_PLAY + c1(card_text) * 4 + w - 1


def build(hand, waves, top="", phase=h.PH_DRAW, rest_to_pile=True):
    """A checked position: hand and waves from card texts, `top` the next pile cards
    (first drawn first). The remaining cards go under them in the pile, or to the
    scored pile when rest_to_pile is False."""
    s = h.new(1)
    used = cs(hand)
    s.hand = sorted(used)
    for w in range(4):
        wc = cs(waves[w]) if w < len(waves) else []
        used += wc
        if wc:
            h._set_lone(s, w, wc[0])
            for c in wc[1:]:
                assert h.fits(s, w, c), texts(wc)
                h._add(s, w, c)
        else:
            s.waves[w] = []
            s.kind[w] = h.K_EMPTY
            s.lo[w] = 0
    top_c = cs(top)
    used += top_c
    left = [c for c in range(52) if c not in used]
    top_c.reverse()
    s.scored = []
    s.wiped = []
    if rest_to_pile:
        s.pile = left + top_c
    else:
        s.scored = left
        s.pile = top_c
    s.phase = phase
    s.slot = -1
    s.taken = -1
    h.check(s)
    return s


def ref_fits(wave, c):
    """Independent reading of R6-R8: does wave (cards in play order) stay legal with c?"""
    if not wave or c in wave:
        return False
    r = c % 13
    su = c // 13
    same_rank = True
    same_suit = True
    for x in wave:
        if x % 13 != r:
            same_rank = False
        if x // 13 != su:
            same_suit = False
    if same_rank:
        return len(wave) < 4
    if not same_suit:
        return False
    mask = 1 << r
    for x in wave:
        mask |= 1 << (x % 13)
    starts = 0  # ranks whose cyclic predecessor is missing: one for a single run
    for k in range(13):
        if mask >> k & 1 and not mask >> ((k + 12) % 13) & 1:
            starts += 1
    return starts <= 1  # 0 only when all 13 ranks are present


def ref_points(wave):
    """Independent reading of R12, R13, D1: points of a wave kicked out now."""
    n = len(wave)
    if n < 2:
        return 0
    if wave[0] % 13 == wave[1] % 13:
        if n == 4 and wave[0] % 13 == cards.TEN:
            return 8
        return n
    p = 0 if n == 2 else (1 if n == 3 else n)
    if n >= 6:
        p += 2
    for x in wave:
        if x % 13 == cards.TEN:
            p += 1
    return p


def ref_adds(s):
    """Every add move the reference allows for s's hand and waves, ascending."""
    out = []
    for c in s.hand:
        for w in range(4):
            if ref_fits(s.waves[w], c):
                out.append(h.M_PLAY + c * 4 + w)
    return out


def surf(s, w, seq, kick=False):
    """Add the cards of `seq` to wave w (1-4) one by one, keeping surfin' between them;
    kick out after the last one if asked. For end-game positions (no draw between)."""
    seq = seq.split()
    for i in range(len(seq)):
        h.play(s, add_move(seq[i], w))
        h.play(s, h.M_KICK if kick and i == len(seq) - 1 else h.M_KEEP)


def pick(s, rng):
    """A random legal move, drawing from the pile half the time it may (shorter games)."""
    if s.phase == h.PH_DRAW and rng.below(2):
        return h.M_DRAW
    ms = h.moves(s)
    return ms[rng.below(len(ms))]


def walk(seed, visit):
    """Play a seeded random game; visit(s, m) runs before each move m is played."""
    s = h.new(seed)
    rng = Rng(seed * 31 + 7)
    n = 0
    while not h.over(s):
        m = pick(s, rng)
        visit(s, m)
        h.play(s, m)
        n += 1
        assert n < 5000, "game does not end"
    visit(s, -1)
    return s


# ---- R1 set-up -------------------------------------------------------------


def case_R1_deal_ten_four_and_pile():
    for seed in (0, 1, 99, 65535):
        s = h.new(seed)
        assert len(s.hand) == 10 and len(s.pile) == 38
        for w in range(4):
            assert len(s.waves[w]) == 1 and s.kind[w] == h.K_LONE
        assert s.scored == [] and s.wiped == [] and h.score(s) == 0
        assert s.phase == h.PH_DRAW
        h.check(s)


def case_R1_deal_uses_rng_shuffle():
    for seed in (0, 7, 123456):
        deck = list(range(52))
        Rng(seed).shuffle(deck)
        s = h.new(seed)
        dealt = s.hand + [s.waves[w][0] for w in range(4)]
        # the pile keeps the shuffled order, the dealt cards are one end of the deck
        assert s.pile == [c for c in deck if c not in dealt]
        d = sorted(dealt)
        assert d == sorted(deck[38:]) or d == sorted(deck[:14])
        assert h.dump(h.new(seed)) == h.dump(s)
    assert h.dump(h.new(1)) != h.dump(h.new(2))


def case_R1_no_options():
    assert raises(ValueError, h.new, 1, {"jokers": 1})
    assert h.dump(h.new(5, {})) == h.dump(h.new(5))


# ---- R2 four waves -------------------------------------------------------


def case_R2_four_slots_empty_only_in_end_game():
    def visit(s, m):
        assert len(s.waves) == 4
        for w in range(4):
            if not s.waves[w]:
                # emptied slot awaiting a card this turn, or the pile is gone (D6)
                assert (s.phase == h.PH_PLACE and w == s.slot) or not s.pile

    for seed in SEEDS:
        walk(seed, visit)


# ---- R3 a turn -------------------------------------------------------------


def case_R3_turn_is_draw_then_play():
    s = h.new(4)
    assert h.moves(s) == [h.M_DRAW, 1, 2, 3, 4]
    assert h.to_act(s) == 0
    h.play(s, h.M_DRAW)
    ms = h.moves(s)
    if s.phase == h.PH_WIPE:
        return  # a wipe-out turn is checked by the R11 cases
    assert s.phase == h.PH_PLAY and len(s.hand) == 11
    for m in ms:
        assert m >= h.M_PLAY
    h.play(s, ms[0])
    assert s.phase == h.PH_KICK and len(s.hand) == 10
    assert h.moves(s) == [h.M_KICK, h.M_KEEP]
    h.play(s, h.M_KEEP)
    assert s.phase == h.PH_DRAW and s.turn == 1


def case_R3_turns_in_random_games():
    # every turn is draw-add-kick/keep, take-place or draw-wipe-place; in the end game
    # add-kick/keep
    def visit(s, m):
        if s.turn != st[0]:
            assert st[1] in ("DAK", "TP", "DWP", "AK"), st[1]
            st[0] = s.turn
            st[1] = ""
        if m < 0:
            assert st[1] == ""
            return
        if m == h.M_DRAW:
            st[1] += "D"
        elif m < h.M_KICK:
            st[1] += "T"
        elif m < h.M_WIPE:
            st[1] += "K"
        elif m < h.M_PLACE:
            st[1] += "W"
        elif m < h.M_PLAY:
            st[1] += "P"
        else:
            st[1] += "A"

    for seed in SEEDS:
        st = [0, ""]
        walk(seed, visit)


# ---- R4 taking an approaching card -----------------------------------------


def case_R4_take_lone_card_and_replace():
    s = build("2S 3S 9S JH 4D 5D 6D 8C TC KC", ["7H", "AS", "QD", "4C"])
    pile = list(s.pile)
    h.play(s, h.M_TAKE + 0)  # T1
    assert s.phase == h.PH_PLACE and s.slot == 0 and s.waves[0] == []
    assert c1("7H") in s.hand and len(s.hand) == 11 and s.hand == sorted(s.hand)
    h.check(s)
    ms = h.moves(s)
    assert h.M_PLACE + c1("7H") not in ms
    assert len(ms) == 10
    h.play(s, h.M_PLACE + c1("JH"))
    assert s.waves[0] == [c1("JH")] and s.kind[0] == h.K_LONE
    assert c1("7H") in s.hand and c1("JH") not in s.hand and len(s.hand) == 10
    assert s.pile == pile  # no draw: the take is the whole turn
    assert s.phase == h.PH_DRAW and s.turn == 1
    h.check(s)


def case_R4_no_take_from_a_surfed_wave():
    s = build("2S 3S 9S JH 4D 5D 6D 8C TC KC", ["7H 8H", "AS", "QD QC", "4C"])
    ms = h.moves(s)
    assert ms == [h.M_DRAW, h.M_TAKE + 1, h.M_TAKE + 3]
    before = h.dump(s)
    assert raises(ValueError, h.play, s, h.M_TAKE + 0)
    assert raises(ValueError, h.play, s, h.M_TAKE + 2)
    assert h.dump(s) == before


def case_R4_take_only_at_turn_start():
    s = build("6H 3S 9S JH 4D 5D 6D 8C TC KC", ["7H", "AS", "QD", "4C"], "2C")
    h.play(s, h.M_DRAW)
    assert s.phase == h.PH_PLAY
    for w in range(4):
        assert raises(ValueError, h.play, s, h.M_TAKE + w)


# ---- R5 drawing from the pile ----------------------------------------------


def case_R5_draw_joins_hand_then_must_add():
    s = build("6H 3S 9S JH 4D 5D 6D 8C TC KC", ["7H", "AS", "QD", "4C"], "2C")
    n = len(s.pile)
    h.play(s, h.M_DRAW)
    assert len(s.pile) == n - 1 and len(s.hand) == 11 and c1("2C") in s.hand
    assert s.drawn == c1("2C") and s.hand == sorted(s.hand)
    assert s.phase == h.PH_PLAY
    assert h.moves(s) == ref_adds(s)
    assert add_move("6H", 1) in h.moves(s) and add_move("KC", 3) not in h.moves(s)


def case_R5_adds_match_reference_in_random_games():
    def visit(s, m):
        if s.phase in (h.PH_PLAY, h.PH_END):
            assert h.moves(s) == ref_adds(s)
        if m == h.M_DRAW:
            assert len(s.hand) == 10

    for seed in SEEDS:
        walk(seed, visit)


# ---- R6 sequences ------------------------------------------------------------


def case_R6_text_example_can_add():
    wave = ["8H", "7H", "9H", "6H", "5H"]
    assert h.can_add(wave, "4H")
    assert h.can_add(wave, "TH")
    assert h.can_add(wave, "10H")
    assert not h.can_add(wave, "JH")
    assert not h.can_add(wave, "3H")
    assert not h.can_add(wave, "4S") and not h.can_add(wave, "TD")
    assert not h.can_add(wave, "8H")  # already in the wave


def case_R6_grows_at_either_end():
    s = build("7H 9H 6H 5H 4H TH JH 2S 3S 4S", ["8H", "KS", "QD", "2C"], "", h.PH_END, False)
    surf(s, 1, "7H 9H 6H 5H")
    assert texts(s.waves[0]) == "8H 7H 9H 6H 5H"
    assert s.kind[0] == h.K_SEQ
    assert h.wave_info(s, 0) == (h.K_SEQ, 5, 4, 8)
    assert h.fits(s, 0, c1("4H")) and h.fits(s, 0, c1("TH"))
    assert not h.fits(s, 0, c1("JH")) and not h.fits(s, 0, c1("3H"))


def case_R6_same_suit_only():
    assert not h.can_add(["5H"], "6S")
    assert not h.can_add(["5H", "6H"], "7D")
    assert h.can_add(["5H", "6H"], "7H")
    assert raises(ValueError, h.wave_score, ["5H", "6S"])
    assert raises(ValueError, h.wave_score, ["5H", "7H"])  # a gap


def case_R6_every_add_matches_reference():
    # every one-card extension of a set of sample waves, against the reference reading
    waves = (
        ["8H"],
        ["8H", "7H", "9H", "6H", "5H"],
        ["KD", "AD"],
        ["2C", "AC", "KC", "QC"],
        ["7S", "7H"],
        ["7S", "7H", "7D"],
        ["TS", "TH", "TD", "TC"],
    )
    for wt in waves:
        wc = cs(" ".join(wt))
        for c in range(52):
            assert h.can_add(wt, cards.card_text(c)) == ref_fits(wc, c), (wt, c)


# ---- R7 ace ----------------------------------------------------------------------


def case_R7_king_ace_two():
    assert h.can_add(["KH"], "AH")
    assert h.can_add(["KH", "AH"], "2H")
    assert h.can_add(["2H", "AH"], "KH")
    assert h.can_add(["QH", "KH", "AH"], "2H")
    assert h.can_add(["AH"], "KH") and h.can_add(["AH"], "2H")
    assert h.wave_score(["KH", "AH", "2H"]) == 1


def case_R7_ranks_form_a_cycle():
    s = build("AH 2H JH 3S 4S 5S 6D 7D 8D 9C", ["KH", "QS", "TD", "3C"], "", h.PH_END, False)
    surf(s, 1, "AH 2H")
    assert h.wave_info(s, 0) == (h.K_SEQ, 3, 12, 1)
    assert h.fits(s, 0, c1("QH")) and h.fits(s, 0, c1("3H"))
    assert not h.fits(s, 0, c1("JH"))


def case_R7_all_thirteen_of_a_suit():
    wave = ["7S", "8S", "6S", "9S", "5S", "TS", "4S", "JS", "3S", "QS", "2S", "KS"]
    assert h.can_add(wave, "AS")
    assert h.wave_score(wave + ["AS"]) == 13 + 2 + 1
    full = h._wave_from_texts(wave + ["AS"])
    assert h.wave_info(full, 0)[1] == 13
    for c in range(52):
        assert not h.fits(full, 0, c)
    # twelve cards: the one missing rank joins at either end, it is the same rank
    assert h.can_add(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"], "QS")


# ---- R8 sets ---------------------------------------------------------------------


def case_R8_set_different_suits_max_four():
    assert h.can_add(["7H"], "7S")
    assert h.can_add(["7H", "7S"], "7D")
    assert h.can_add(["7H", "7S", "7D"], "7C")
    assert not h.can_add(["7H", "7S"], "7H")  # the same card again
    assert raises(ValueError, h.wave_score, ["7H", "7H"])
    four = h._wave_from_texts(["7H", "7S", "7D", "7C"])
    assert h.wave_info(four, 0) == (h.K_SET, 4, 6, 6)
    for c in range(52):
        assert not h.fits(four, 0, c)


def case_R8_set_takes_no_sequence_card():
    assert not h.can_add(["7H", "7S"], "8H")
    assert not h.can_add(["7H", "7S"], "6S")
    assert not h.can_add(["7H", "7S"], "8S")


# ---- R9 kind -----------------------------------------------------------------


def case_R9_second_card_decides_kind():
    s = build("7S 8H 7D 9H 2C 3C 4C 5C JD QD", ["7H", "KS", "KD", "AC"], "", h.PH_END, False)
    assert s.kind[0] == h.K_LONE and h.fits(s, 0, c1("7S")) and h.fits(s, 0, c1("8H"))
    t = h.copy(s)
    h.play(s, add_move("7S", 1))
    assert s.kind[0] == h.K_SET
    assert not h.fits(s, 0, c1("8H")) and h.fits(s, 0, c1("7D"))
    h.play(t, add_move("8H", 1))
    assert t.kind[0] == h.K_SEQ
    assert not h.fits(t, 0, c1("7D")) and h.fits(t, 0, c1("9H"))


# ---- R10 kick out or keep surfin' --------------------------------------------


def case_R10_kick_out_scores_and_flips():
    s = build("9H JH QH 2S 3S 4S 5D 6D 7C 8C", ["TH", "KS", "KD", "AC"], "JC 2D")
    h.play(s, h.M_DRAW)  # JC
    h.play(s, add_move("9H", 1))
    assert s.phase == h.PH_KICK and s.slot == 0
    h.play(s, h.M_KEEP)
    h.play(s, h.M_DRAW)  # 2D
    h.play(s, add_move("JH", 1))
    n = len(s.pile)
    top = s.pile[-1]
    h.play(s, h.M_KICK)
    assert s.points == 2 and h.score(s) == 2  # 3 cards 1 + the ten 1
    assert texts(s.scored) == "TH 9H JH"
    assert s.waves[0] == [top] and s.kind[0] == h.K_LONE and len(s.pile) == n - 1
    assert s.kicks == 1 and s.phase == h.PH_DRAW
    h.check(s)


def case_R10_keep_leaves_wave():
    s = build("9H JH QH 2S 3S 4S 5D 6D 7C 8C", ["TH", "KS", "KD", "AC"], "JC")
    h.play(s, h.M_DRAW)
    h.play(s, add_move("9H", 1))
    h.play(s, h.M_KEEP)
    assert texts(s.waves[0]) == "TH 9H" and s.points == 0 and s.scored == []


def case_R10_kick_only_right_after_adding():
    s = build("9H JH QH 2S 3S 4S 5D 6D 7C 8C", ["TH", "KS", "KD", "AC"], "JC KC")
    h.play(s, h.M_DRAW)
    h.play(s, add_move("9H", 1))
    h.play(s, h.M_KEEP)
    before = h.dump(s)
    assert h.M_KICK not in h.moves(s)
    assert raises(ValueError, h.play, s, h.M_KICK)
    assert h.dump(s) == before
    h.play(s, h.M_DRAW)  # KC
    assert raises(ValueError, h.play, s, h.M_KICK)
    h.play(s, add_move("KC", 3))
    h.play(s, h.M_KICK)  # kicks the wave just played on, not wave 1
    assert texts(s.scored) == "KD KC" and texts(s.waves[0]) == "TH 9H"
    assert s.points == 2


def case_R10_kick_points_in_random_games():
    def visit(s, m):
        assert s.points == acc[0]
        if m == h.M_KICK:
            w = s.slot
            acc[0] += ref_points(s.waves[w])
            acc[1] = len(s.scored) + len(s.waves[w])
            acc[2] = s.pile[-1] if s.pile else -1
            acc[3] = w
        elif acc[1] >= 0:
            assert len(s.scored) == acc[1]
            w = acc[3]
            if acc[2] >= 0:
                assert s.waves[w] == [acc[2]] and s.kind[w] == h.K_LONE
            else:
                assert s.waves[w] == [] and s.kind[w] == h.K_EMPTY
            acc[1] = -1

    for seed in SEEDS:
        acc = [0, -1, -1, -1]
        walk(seed, visit)


# ---- R11 wipe-out ----------------------------------------------------------------

WIPE_HAND = "5S 6S 7S 8S 2D 3D 4D 2C 3C 4C"
WIPE_WAVES = ["AS", "5H 6H", "9D 9C 9S", "QC"]


def case_R11_wipe_out_when_nothing_fits():
    s = build(WIPE_HAND, WIPE_WAVES, "8D")
    h.play(s, h.M_DRAW)
    assert ref_adds(s) == []
    assert s.phase == h.PH_WIPE
    assert h.moves(s) == [h.M_WIPE, h.M_WIPE + 1, h.M_WIPE + 2, h.M_WIPE + 3]
    h.check(s)


def case_R11_player_chooses_wave_hand_card_replaces():
    base = build(WIPE_HAND, WIPE_WAVES, "8D")
    h.play(base, h.M_DRAW)
    for w in range(4):
        s = h.copy(base)
        gone = list(s.waves[w])
        h.play(s, h.M_WIPE + w)
        assert s.wiped == gone and s.waves[w] == [] and s.phase == h.PH_PLACE
        for v in range(4):
            if v != w:
                assert s.waves[v] == base.waves[v]
        assert h.moves(s) == [h.M_PLACE + c for c in s.hand]  # any of the 11
        assert len(s.hand) == 11
        h.play(s, h.M_PLACE + c1("8D"))
        assert s.waves[w] == [c1("8D")] and s.kind[w] == h.K_LONE
        assert len(s.hand) == 10 and s.phase == h.PH_DRAW
        assert h.score(s) == -len(gone) and s.wipeouts == 1
        h.check(s)


def case_R11_wipe_only_when_nothing_fits_in_random_games():
    def visit(s, m):
        if st[0]:
            assert (s.phase == h.PH_WIPE) == (ref_adds(s) == [])
            st[0] = 0
        if m == h.M_DRAW:
            st[0] = 1
        if s.phase == h.PH_WIPE:
            st[1] += 1

    st = [0, 0]
    for seed in SEEDS:
        walk(seed, visit)


def case_R11_no_wipe_when_a_card_fits():
    s = build(WIPE_HAND, WIPE_WAVES, "7H")
    h.play(s, h.M_DRAW)
    assert s.phase == h.PH_PLAY and h.moves(s) == [add_move("7H", 2)]
    for w in range(4):
        assert raises(ValueError, h.play, s, h.M_WIPE + w)


# ---- R12 / R13 scoring -------------------------------------------------------------


def case_R12_sequence_points_by_length():
    run = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    want = {2: 0, 3: 1, 4: 4, 5: 5, 6: 8, 7: 9, 8: 10}
    for n in range(2, 9):
        assert h.wave_score(run[:n]) == want[n], n
    assert h.wave_score(["5C"]) == 0


def case_R12_ten_adds_one():
    assert h.wave_score(["8D", "9D", "TD"]) == 2
    assert h.wave_score(["TD", "9D", "8D", "JD"]) == 5
    assert h.wave_score(["TD", "9D", "8D", "JD", "7D", "QD", "6D", "KD"]) == 11


def case_R12_kick_banks_sequence_points():
    s = build("5H 6H 7H 8H 9H 2S 3S 4D 5D 6C", ["TH", "KS", "KD", "AC"], "", h.PH_END, False)
    surf(s, 1, "9H 8H 7H 6H 5H", True)
    assert s.points == 6 + 2 + 1 and h.score(s) == 9


def case_R13_set_points():
    assert h.wave_score(["4S", "4H"]) == 2
    assert h.wave_score(["4S", "4H", "4D"]) == 3
    assert h.wave_score(["4S", "4H", "4D", "4C"]) == 4
    assert h.wave_score(["TS", "TH", "TD"]) == 3
    assert h.wave_score(["TS", "TH"]) == 2


def case_R13_four_tens_score_eight():
    assert h.wave_score(["TH", "TS", "TD", "TC"]) == 8
    s = build("TS TD TC 2S 3S 4S 5D 6D 7C 8C", ["TH", "KS", "KD", "AC"], "", h.PH_END, False)
    surf(s, 1, "TS TD TC", True)
    assert s.points == 8


# ---- R14 / R16 score -----------------------------------------------------------------


def case_R14_wipe_pile_minus_one_each():
    s = build("3S 5S 7S JD KD 2C 6C 8C TC 4D", WIPE_WAVES, "8H KH")
    s.points = 5
    h.play(s, h.M_DRAW)
    assert s.phase == h.PH_WIPE
    h.play(s, h.M_WIPE + 2)  # three cards
    h.play(s, h.M_PLACE + c1("3S"))
    assert h.score(s) == 5 - 3
    h.play(s, h.M_DRAW)  # KH: fits nothing
    assert s.phase == h.PH_WIPE
    h.play(s, h.M_WIPE + 0)  # the lone AS
    h.play(s, h.M_PLACE + c1("KH"))
    assert h.score(s) == 5 - 4 and len(s.wiped) == 4 and h.scores(s) == [1]


def case_R16_score_is_points_less_wiped_in_random_games():
    def visit(s, m):
        assert h.score(s) == acc[0] - len(s.wiped)
        assert h.scores(s) == [h.score(s)]
        if m == h.M_KICK:
            acc[0] += ref_points(s.waves[s.slot])

    for seed in SEEDS:
        acc = [0]
        s = walk(seed, visit)
        assert h.score(s) == acc[0] - len(s.wiped)


# ---- R15 end of the game -----------------------------------------------------------

END_HAND = "2H 3H 4H 9S"
END_WAVES = ["5H", "KS", "7D 7C", "QC"]


def case_R15_end_game_adds_until_none_fits():
    s = build(END_HAND, END_WAVES, "6H", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)  # the last pile card
    assert s.pile == [] and s.phase == h.PH_PLAY
    assert h.moves(s) == [add_move("4H", 1), add_move("6H", 1)]
    h.play(s, add_move("6H", 1))
    h.play(s, h.M_KEEP)
    assert s.phase == h.PH_END
    assert h.moves(s) == [add_move("4H", 1)]
    h.play(s, add_move("4H", 1))
    h.play(s, h.M_KEEP)
    h.play(s, add_move("3H", 1))
    h.play(s, h.M_KEEP)
    h.play(s, add_move("2H", 1))
    h.play(s, h.M_KICK)  # 2H 3H 4H 5H 6H: 5 points
    assert s.phase == h.PH_OVER and h.over(s)
    assert h.moves(s) == [] and h.to_act(s) == -1
    assert h.score(s) == 5  # 9S in hand and the table do not count
    h.check(s)


def case_R15_game_over_when_nothing_fits():
    s = build(END_HAND, END_WAVES, "6H", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)
    h.play(s, add_move("4H", 1))
    h.play(s, h.M_KICK)  # 5H 4H: 0 points; the slot stays empty (D6)
    assert h.over(s) and s.points == 0 and h.score(s) == 0
    assert texts(s.hand) == "9S 2H 3H 6H"
    for m in range(400):
        assert raises(ValueError, h.play, s, m)


def case_R15_games_end_with_no_fitting_card():
    def visit(s, m):
        if m < 0:
            assert h.moves(s) == [] and ref_adds(s) == [] and s.pile == []

    for seed in SEEDS:
        walk(seed, visit)


# ---- decisions -------------------------------------------------------------------------


def case_D1_ten_bonus_on_short_sequences():
    assert h.wave_score(["TH", "9H"]) == 1
    assert h.wave_score(["9H", "TH"]) == 1
    assert h.wave_score(["TH", "JH", "QH"]) == 2
    assert h.wave_score(["8H", "9H"]) == 0


def case_D2_no_cap_and_ceiling_is_72():
    # best points for one suit cut into sequences of 2+ cards (cyclic, with its ten)
    best = 0
    for start in range(13):
        stack = [(0, 0)]  # (cards used, points so far)
        while stack:
            used, pts = stack.pop()
            if used == 13:
                best = max(best, pts)
                continue
            for n in range(2, 14 - used):
                tens = 0
                for i in range(n):
                    if (start + used + i) % 13 == cards.TEN:
                        tens = 1
                stack.append((used + n, pts + h.seq_points(n, tens)))
    assert best == 18 and 4 * best == 72
    s = build("2S 3S 4S 5S 6S 7S 8S 9S TS JS", ["AH", "2H", "3H", "4H"], "")
    s.points = 80
    assert h.score(s) == 80  # nothing caps the score at 68


def case_D3_taken_card_cannot_go_back():
    s = build("2S 3S 9S JH 4D 5D 6D 8C TC KC", ["7H", "AS", "QD", "4C"])
    h.play(s, h.M_TAKE + 2)
    before = h.dump(s)
    assert h.M_PLACE + c1("QD") not in h.moves(s)
    assert raises(ValueError, h.play, s, h.M_PLACE + c1("QD"))
    assert h.dump(s) == before
    h.play(s, h.M_PLACE + c1("KC"))
    assert s.taken == -1 and c1("QD") in s.hand


def case_D4_take_and_place_forever_is_allowed():
    s = h.new(8)
    rng = Rng(8)
    pile = list(s.pile)
    for i in range(60):
        ms = h.moves(s)
        takes = [m for m in ms if h.M_TAKE <= m < h.M_TAKE + 4]
        assert h.M_DRAW in ms and takes
        h.play(s, takes[rng.below(len(takes))])
        ms = h.moves(s)
        h.play(s, ms[rng.below(len(ms))])
        h.check(s)
    assert s.pile == pile and s.turn == 60 and not h.over(s)


def case_D5_no_take_no_wipe_in_end_game():
    s = build(END_HAND, END_WAVES, "6H", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)
    h.play(s, add_move("6H", 1))
    h.play(s, h.M_KEEP)
    assert s.phase == h.PH_END
    before = h.dump(s)
    for m in (h.M_DRAW, h.M_TAKE + 1, h.M_TAKE + 3, h.M_WIPE, h.M_WIPE + 1):
        assert m not in h.moves(s)
        assert raises(ValueError, h.play, s, m)
    assert h.dump(s) == before


def case_D5_end_game_moves_in_random_games():
    def visit(s, m):
        if not s.pile and s.phase in (h.PH_DRAW, h.PH_END, h.PH_OVER):
            assert s.phase != h.PH_DRAW
            for mv in h.moves(s):
                assert mv >= h.M_PLAY
        if not s.pile and s.phase == h.PH_END:
            st[0] += 1

    st = [0]
    for seed in SEEDS:
        walk(seed, visit)
    assert st[0] > 0  # the games reached the end game


def case_D6_kick_with_empty_pile_leaves_slot_empty():
    s = build(END_HAND, END_WAVES, "6H", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)
    h.play(s, add_move("6H", 1))
    h.play(s, h.M_KICK)
    assert s.waves[0] == [] and s.kind[0] == h.K_EMPTY
    assert h.wave_info(s, 0) == (h.K_EMPTY, 0, 0, 0)
    for c in range(52):
        assert not h.fits(s, 0, c)
    # 4H would have fitted the kicked wave; nothing else fits: the game is over
    assert h.over(s)
    h.check(s)


def case_D7_wipe_out_a_lone_card():
    s = build(WIPE_HAND, WIPE_WAVES, "8D")
    h.play(s, h.M_DRAW)
    h.play(s, h.M_WIPE + 3)  # the lone QC
    assert texts(s.wiped) == "QC"
    h.play(s, h.M_PLACE + c1("5S"))
    assert h.score(s) == -1 and texts(s.waves[3]) == "5S"


def case_D8_keep_a_full_wave():
    s = build("7C 2S 3S 4S 5D 6D 8H 9H JC QC", ["7H 7S 7D", "KS", "KD", "AC"], "", h.PH_END, False)
    h.play(s, add_move("7C", 1))
    h.play(s, h.M_KEEP)
    assert len(s.waves[0]) == 4 and s.kind[0] == h.K_SET
    for c in range(52):
        assert not h.fits(s, 0, c)
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    s = build("KH 2S 3S 4S 5D 6D 8C 9C JC QC", [run, "KS", "KD", "AC"], "", h.PH_END, False)
    h.play(s, add_move("KH", 1))
    h.play(s, h.M_KEEP)
    assert len(s.waves[0]) == 13
    for c in range(52):
        assert not h.fits(s, 0, c)


def case_D9_last_draw_is_ordinary_turn():
    # the last card fits nothing: the wipe-out rule still applies
    s = build("3S 5S 7S JD KD 2C 6C 8C TC 4D", WIPE_WAVES, "8H", h.PH_DRAW, False)
    assert len(s.pile) == 1
    h.play(s, h.M_DRAW)
    assert s.pile == [] and s.phase == h.PH_WIPE
    h.play(s, h.M_WIPE + 1)
    h.play(s, h.M_PLACE + c1("3S"))
    assert h.score(s) == -2
    # the end game starts with the next turn: here nothing fits, so the game is over
    assert ref_adds(s) == [] and h.over(s)


def case_D9_end_game_follows_last_turn():
    s = build(WIPE_HAND, WIPE_WAVES, "8D", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)
    assert s.phase == h.PH_WIPE
    h.play(s, h.M_WIPE + 0)
    h.play(s, h.M_PLACE + c1("5S"))  # 6S fits the new lone 5S
    assert s.phase == h.PH_END and h.moves(s) == ref_adds(s)
    assert add_move("6S", 1) in h.moves(s)
    s = build(WIPE_HAND, WIPE_WAVES, "7H", h.PH_DRAW, False)
    h.play(s, h.M_DRAW)
    assert s.phase == h.PH_PLAY
    h.play(s, add_move("7H", 2))
    h.play(s, h.M_KICK)  # no card to flip: the slot stays empty
    assert s.waves[1] == [] and h.over(s) and h.score(s) == 1


def case_D10_computer_sees_no_pile_order():
    from shared_rules import hang10_ai

    def visit(s, m):
        st[0] += 1
        if st[0] % 23 or not s.pile or m < 0:
            return
        t = h.copy(s)
        t.pile.reverse()
        h.check(t)
        assert h.unseen(s) == h.unseen(t) == sorted(s.pile)
        before = h.dump(s)
        a = hang10_ai.choose(s)
        assert h.dump(s) == before
        assert a == hang10_ai.choose(t) and a in h.moves(s)

    st = [0]
    walk(SEEDS[0], visit)


def case_D11_hand_sorted_suit_then_rank():
    def visit(s, m):
        hand = s.hand
        for i in range(1, len(hand)):
            assert hand[i - 1] < hand[i]

    for seed in SEEDS:
        walk(seed, visit)
    s = build("KC AS 2H TS AD 3S QH 4C 9D JD", ["AH", "2S", "3D", "4H"])
    assert texts(s.hand) == "AS 3S TS 2H QH AD 9D JD 4C KC"
    t = h.load(h.dump(s).replace("hand AS 3S TS", "hand TS 3S AS"))
    assert t.hand == s.hand


# ---- notation ----------------------------------------------------------------------


def case_notation_inverse_over_every_move_int():
    s = h.new(1)
    n = 0
    for m in range(400):
        try:
            t = h.move_text(s, m)
        except ValueError:
            continue
        n += 1
        assert h.parse_move(s, t) == m, t
        assert h.parse_move(s, t.lower()) == m
    assert n == 1 + 4 + 2 + 4 + 52 + 208
    assert h.move_text(s, h.M_DRAW) == "D" and h.move_text(s, 2) == "T2"
    assert h.move_text(s, 10) == "W3" and h.move_text(s, h.M_PLACE + c1("7H")) == "P7H"
    assert h.move_text(s, add_move("7H", 2)) == "7H>2"


def case_notation_inverse_for_legal_moves_in_random_games():
    def visit(s, m):
        for mv in h.moves(s):
            t = h.move_text(s, mv)
            assert h.parse_move(s, t) == mv
            assert h.move_text(s, h.parse_move(s, t)) == t

    for seed in SEEDS:
        walk(seed, visit)


def case_notation_rejects_garbage():
    s = h.new(1)
    for t in ("", "X", "T0", "T5", "W9", "P", "PZZ", "P1H", "7H>5", "7H>0", "7H-1", "DD", "KS"):
        assert raises(ValueError, h.parse_move, s, t), t
    for m in (-1, 7, 12, 15, 68, 127, 128 + 208, 1000):
        assert raises(ValueError, h.move_text, s, m), m


# ---- illegal moves ---------------------------------------------------------------


def case_illegal_moves_raise_and_change_nothing():
    def visit(s, m):
        if m < 0:
            return
        legal = h.moves(s)
        before = h.dump(s)
        tries = [rng.below(400) - 20 for _ in range(5)]
        if s.phase == h.PH_PLAY and s.hand:
            tries.append(h.M_PLAY + s.hand[rng.below(len(s.hand))] * 4 + rng.below(4))
        if s.phase == h.PH_PLACE and s.taken >= 0:
            tries.append(h.M_PLACE + s.taken)
        tries.append(h.M_KICK)
        tries.append(h.M_PLACE + (s.pile[0] if s.pile else 0))
        for x in tries:
            if x not in legal:
                assert raises(ValueError, h.play, s, x), x
                assert h.dump(s) == before

    rng = Rng(5)
    for seed in SEEDS:
        walk(seed, visit)


def case_illegal_moves_exhaustive_at_start():
    s = h.new(12)
    legal = h.moves(s)
    before = h.dump(s)
    for m in range(-5, 400):
        assert h.is_legal(s, m) == (m in legal)
        if m not in legal:
            assert raises(ValueError, h.play, s, m)
    assert h.dump(s) == before


# ---- save / load ---------------------------------------------------------------------


def case_dump_load_round_trip_every_step():
    # dump(load(dump(s))) == dump(s), and the loaded copy plays on exactly like s
    def visit(s, m):
        d = h.dump(s)
        if mirror[0] is not None:
            assert h.dump(mirror[0]) == d
        t = h.load(d)
        assert h.dump(t) == d
        if m >= 0:
            h.play(t, m)
        mirror[0] = t

    for seed in SEEDS:
        mirror = [None]
        walk(seed, visit)


def _mid_game_text():
    s = h.new(77)
    rng = Rng(77)
    while len(s.pile) > 20 or s.phase != h.PH_DRAW or not s.wiped or not s.scored:
        h.play(s, pick(s, rng))
        assert not h.over(s)
    return h.dump(s)


def case_load_rejects_truncated():
    text = _mid_game_text()
    bad = 0
    for k in range(len(text)):
        try:
            t = h.load(text[:k])
        except ValueError:
            bad += 1
            continue
        # only cutting the final newline or trailing blanks may still load
        assert h.dump(t) == text, k
    assert bad >= len(text) - 1


def case_load_rejects_card_twice_or_missing():
    text = _mid_game_text()
    lines = text.split("\n")
    pile_i = 0
    hand_i = 0
    for i in range(len(lines)):
        if lines[i].startswith("pile "):
            pile_i = i
        if lines[i].startswith("hand "):
            hand_i = i
    pile = lines[pile_i].split()
    hand = lines[hand_i].split()
    twice = list(lines)
    twice[hand_i] = " ".join(["hand", pile[1]] + hand[2:])  # a pile card also in hand
    assert raises(ValueError, h.load, "\n".join(twice))
    missing = list(lines)
    missing[pile_i] = " ".join(pile[:-1])
    assert raises(ValueError, h.load, "\n".join(missing))
    extra = list(lines)
    extra[hand_i] = lines[hand_i] + " " + pile[1]
    assert raises(ValueError, h.load, "\n".join(extra))
    badcard = list(lines)
    badcard[pile_i] = lines[pile_i] + " 1X"
    assert raises(ValueError, h.load, "\n".join(badcard))
    assert h.dump(h.load(text)) == text


def case_load_rejects_bad_version_and_garbage():
    text = _mid_game_text()
    rest = text[text.index("\n") :]
    for head in ("hang10 2", "hang10 0", "hang10 x", "hang10", "hang11 1", "hang10 1 1"):
        assert raises(ValueError, h.load, head + rest), head
    assert h.dump(h.load("hang10 1" + rest)) == text
    for junk in ("", "\n", "garbage", "hang10 1\n", "hang10 1\nseed 1\n", text[::-1]):
        assert raises(ValueError, h.load, junk), junk
    assert raises(ValueError, h.load, None)
    assert raises(ValueError, h.load, b"hang10 1")
    for old, new in (
        ("phase 0", "phase 9"),
        ("phase 0", "phase x"),
        ("phase 0", "phase -1"),
        ("\nseed ", "\nseed x"),
        ("\nturn", "\nturn 1\nturn"),
    ):
        assert old in text
        assert raises(ValueError, h.load, text.replace(old, new, 1)), new
    lines = text.split("\n")
    for i in range(len(lines)):
        if lines[i].startswith("wave1 "):
            parts = lines[i].split(" ")
            for k, v in ((1, "7"), (1, "x"), (2, "13"), (2, "-1")):
                bad = list(parts)
                bad[k] = v
                damaged = lines[:i] + [" ".join(bad)] + lines[i + 1 :]
                assert raises(ValueError, h.load, "\n".join(damaged)), v
    for i in range(1, len(lines) - 1):  # each field left out in turn
        assert raises(ValueError, h.load, "\n".join(lines[:i] + lines[i + 1 :])), lines[i]


# ---- check() ---------------------------------------------------------------------------


def case_check_after_every_move():
    def visit(s, m):
        h.check(s)
        assert len(s.pile) + len(s.hand) + len(s.scored) + len(s.wiped) + sum(
            [len(w) for w in s.waves]
        ) == 52

    for seed in SEEDS:
        walk(seed, visit)


def case_check_rejects_damage():
    s = h.new(3)
    t = h.copy(s)
    t.hand[0] = t.pile[0]
    assert raises(ValueError, h.check, t)
    t = h.copy(s)
    t.pile.pop()
    assert raises(ValueError, h.check, t)
    t = h.copy(s)
    t.pile.append(52)
    assert raises(ValueError, h.check, t)
    t = h.copy(s)
    t.hand.append(t.pile.pop())  # 11 cards at the start of a turn
    assert raises(ValueError, h.check, t)
    t = h.copy(s)
    t.kind[2] = h.K_SEQ  # a lone card marked as a sequence
    assert raises(ValueError, h.check, t)
    h.check(s)


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
    assert a == b and a != list(range(52))


def case_rng_below_in_range():
    rng = Rng(123)
    for n in (1, 2, 3, 7, 52, 1000, 40000, 65535, 65536):
        seen_top = False
        for _ in range(200):
            x = rng.below(n)
            assert 0 <= x < n
            if x >= n - 1 - n // 4:
                seen_top = True
        assert seen_top
    for n in (0, -1, 65537):
        assert raises(ValueError, rng.below, n)
    for _ in range(100):
        assert 1 <= rng.die() <= 6
