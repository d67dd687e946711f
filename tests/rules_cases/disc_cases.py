"""Disc Battle rule cases: clauses C1-C29 (basic), A1-A13 (advanced) and decisions
D1-D29 of the review of the rule text (docs/rules/disc.md). Plain functions, plain
asserts: they run on CPython and inside the MicroPython VM. Positions are built with
new() and then overwritten (bases, cards, discs); dice are scripted with Dice (the
rules roll only through rng.die(), rng.below() and rng.shuffle()).
"""

from rules_cases.kit import raises, with_word
from shared_rules import disc as g


class Dice:
    """Scripted dice: die() and below() give the faces in order; shuffle keeps order."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.used = 0

    def die(self, sides=6):
        face = self.faces[self.used]
        self.used += 1
        return face

    def below(self, n):
        return self.die(n)

    def shuffle(self, seq, n=-1):
        pass


def setup(bases, actor=0, held=None, rules="basic", battle=None, deck=None, prof=None, **opts):
    """A position where `actor` has just flipped its card; bases as (x, y) per seat;
    held per seat; deck: the face-down owners after the flipped card."""
    n = len(bases)
    o = {"battle": battle or ("duel", "duel", "three", "four")[n - 1], "rules": rules}
    o.update(opts)
    s = g.new(1, o, prof)
    for p in range(n):
        s.bx[p], s.by[p] = bases[p]
        s.held[p] = 1 if held is None else held[p]
        s.prone[p] = 0
    rest = list(deck) if deck is not None else [q for q in range(n) for _ in range(2)]
    s.deck = bytearray([actor] + rest)
    s.top = 1
    s.actor = actor
    s.phase = g.PH_CARD
    s.cur = g.NO
    s.turn = 1
    fix(s)
    g.check(s)
    return s


def fix(s):
    """Used counts that make every living program's cards add up."""
    rest = [0] * s.n
    for i in range(s.top, len(s.deck)):
        rest[s.deck[i]] += 1
    for p in range(s.n):
        if s.alive[p]:
            out = 1 if s.phase == g.PH_CARD and p == s.actor else 0
            s.used[p] = s.cards[p] - s.held[p] - rest[p] - out


def fly(s, slot, x, y, d):
    s.dst[slot] = g.D_FLY
    s.hx[slot] = x
    s.hy[slot] = y
    s.hd[slot] = d


def act(s, text, faces=()):
    """Play a move in notation with scripted dice (all of them used)."""
    dice = Dice(faces)
    s.rng = dice
    g.play(s, g.parse_move(s, text))
    assert dice.used == len(dice.faces), (dice.used, len(dice.faces))


# ---- the table, the programs, the setup ----------------------------------------


def case_c1_c29_last_program_standing_wins():
    """Programs battle until one remains (free for all)."""
    s = setup([(2, 10), (5, 10)], held=[1, 0])
    act(s, "attack red")  # overlapping, Red holds no card: struck
    assert g.over(s) and g.winner(s) == 0 and g.to_act(s) == -1
    assert g.summary(s)["derez"] == [[0, 1, "attack"]]


def case_c1_c29_d21_teams_of_two():
    """2 v 2: seats 0 and 2 against 1 and 3; the match goes on while both teams stand;
    the winner is the lower seat of the winning team."""
    s = setup([(2, 18), (2, 2), (18, 2), (5, 18)], battle="2v2", held=[1, 0, 1, 0])
    assert g.team(s, 0) == g.team(s, 2) != g.team(s, 1) == g.team(s, 3)
    act(s, "attack blue")
    assert not g.over(s)
    s2 = setup([(2, 18), (2, 2), (18, 2), (5, 18)], battle="2v2", held=[1, 0, 1, 0])
    s2.alive[1] = 0
    s2.held[1] = 0
    s2.log = bytearray((0, 1, 0))
    s2.deck = bytearray([0] + [x for x in s2.deck[1:] if x != 1])
    fix(s2)
    act(s2, "attack blue")
    assert g.over(s2) and g.winner(s2) == 0


def case_c2_d1_sizes_on_the_grid():
    """1 cell = 1 inch: a 4x4 action base, a disc movement of 6 + 2 cells, 8 directions."""
    assert g.BASE == 4 and g.PATH == 8 and len(g.DX) == 8
    s = g.new(1)
    assert g.in_base(s, 0, s.bx[0] + 3, s.by[0] + 3) and not g.in_base(s, 0, s.bx[0] + 4, s.by[0])


def case_c3_grid_sizes():
    """From the 12x12 duel to the 4' battle: options 12, 24, 36, 48."""
    for w in (12, 24, 36, 48):
        s = g.new(2, {"grid": w, "battle": "four"})
        assert s.size == w
        g.check(s)
    assert raises(g.new, 1, {"grid": 30})


def case_c4_d4_room_for_a_base_between():
    """Starting bases leave at least one base (4 cells) between any two."""
    for n in (2, 3, 4):
        for w in (12, 24, 36, 48):
            at = g.starts(n, w)
            for i in range(n):
                for j in range(i):
                    gap = max(abs(at[i][0] - at[j][0]), abs(at[i][1] - at[j][1])) - 4
                    assert gap >= 4, (n, w, at)


def case_c5_c6_five_cards_one_held_rest_shuffled():
    """Basic: 5 cards each, one held, the other four shuffled together; the first card
    is flipped and its program chooses."""
    s = g.new(5, {"battle": "three"})
    assert list(s.cards) == [5, 5, 5] and list(s.held) == [1, 1, 1]
    assert len(s.deck) == 12 and s.top == 1 and s.phase == g.PH_CARD
    assert g.to_act(s) == s.deck[0]
    for p in range(3):
        assert list(s.deck).count(p) == 4


def case_c7_hold_at_most_three_or_two():
    s = setup([(2, 10), (16, 10)], held=[3, 1], deck=[1, 1])
    assert g.HOLD not in g.moves(s)
    s = setup([(2, 10), (16, 10)], held=[1, 1], hold=2)
    act(s, "hold")
    assert s.held[0] == 2
    s = setup([(2, 10), (16, 10)], held=[2, 1], hold=2)
    assert g.HOLD not in g.moves(s)


def case_c8_c11_held_cards_stay_used_ones_reshuffle():
    """Holding is no action (discs do not move); at the deck's end the used cards are
    reshuffled, the held ones are not."""
    s = setup([(2, 10), (16, 10)], held=[1, 1], deck=[])
    fly(s, 2, 12, 2, 2)
    act(s, "hold", [])
    assert s.hx[2] == 12  # no active action: the disc did not move
    assert s.turn == 2 and s.held[0] == 2
    assert sorted(s.deck) == [0] * 3 + [1] * 4


def case_c9_c20_discs_move_after_active_actions_not_the_new_throw():
    s = setup([(2, 10), (16, 10)], held=[1, 1])
    act(s, "throw n 0")  # the throw sweeps from the base's edge: 8 cells north
    assert s.dst[0] == g.D_FLY and (s.hx[0], s.hy[0], s.hd[0]) == (2, 2, 0)
    s2 = setup([(2, 10), (16, 10)], held=[1, 1])
    fly(s2, 2, 22, 2, 4)
    act(s2, "move 1 0")
    assert (s2.hx[2], s2.hy[2]) == (22, 10)  # 8 cells on


def case_c10_discs_move_from_the_actor_clockwise():
    """After Red's action Red's disc moves first, then You's: each far enough to be
    recalled, so each owner is asked in that order."""
    s = setup([(0, 0), (20, 20)], actor=1)
    fly(s, 0, 20, 2, 4)
    fly(s, 2, 8, 2, 4)
    act(s, "move -1 0")
    assert g.to_act(s) == 1 and s.cur == 2 and s.phase == g.PH_FLIGHT
    act(s, "fly")
    assert g.to_act(s) == 0 and s.cur == 0 and (s.hx[2], s.hy[2]) == (8, 10)


def case_c12_derezzed_cards_leave_unless_disc_flies():
    s = setup([(2, 10), (5, 10), (16, 2)], held=[1, 0, 1], deck=[1, 1, 2, 0])
    act(s, "attack red")
    assert s.alive[1] == 0 and 1 not in list(s.deck[s.top :]) and s.used[1] == 0
    s = setup([(2, 10), (5, 10), (16, 2)], held=[1, 0, 1], deck=[2, 1, 1, 0])
    fly(s, 2, 20, 12, 4)
    act(s, "attack red")
    assert s.alive[1] == 0 and list(s.deck[s.top :]).count(1) == 2


def case_c13_d3_attack_needs_a_disc_and_overlap_target_dodges_with_card():
    s = setup([(2, 10), (5, 10)], held=[1, 1])
    assert g.ATTACK + 1 in g.moves(s)
    act(s, "attack red")
    assert s.alive[1] and s.held[1] == 0 and s.used[1] >= 1
    s = setup([(2, 10), (8, 10)], held=[1, 1])
    assert g.ATTACK + 1 not in g.moves(s)  # not overlapping
    s = setup([(2, 10), (5, 10)], held=[1, 1])
    fly(s, 0, 2, 2, 0)
    assert g.ATTACK + 1 not in g.moves(s)  # its disc is thrown


def case_c14_d18_block_places_the_disc_by_the_die():
    """Red's disc crosses You's base; You holds a card and its disc: block or dodge;
    the block places the disc against You's base in the die's direction."""
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])
    fly(s, 2, 12, 12, 6)  # heading west, along row 12
    act(s, "move 0 1")
    assert g.to_act(s) == 0 and g.moves(s) == [g.BLOCK, g.DODGE]
    act(s, "block", [2])  # the die: east
    assert s.held[0] == 0 and s.dst[2] == g.D_FLY
    assert (s.hx[2], s.hy[2], s.hd[2]) == (7, 12, 2)  # tail at x 6, head 7, row 12


def case_c15_catch_with_a_card_or_dive():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])
    fly(s, 0, 12, 12, 6)
    act(s, "move 0 1")
    assert g.moves(s) == [g.CATCH, g.PASS]
    act(s, "catch")
    assert s.dst[0] == g.D_HAND and s.held[0] == 0 and not s.prone[0]
    s = setup([(2, 10), (16, 10)], actor=1, held=[0, 1])
    fly(s, 0, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "catch")
    assert s.dst[0] == g.D_HAND and s.prone[0]


def case_c15_d15_moving_onto_own_marker():
    s = setup([(2, 10), (16, 10)], held=[0, 1])
    fly(s, 0, 7, 11, 2)
    act(s, "move 3 0")
    assert s.phase == g.PH_REACT and s.rkind == g.K_MOVED
    act(s, "catch")
    assert s.dst[0] == g.D_HAND and s.prone[0]


def case_c16_d5_dodge_with_a_card_the_disc_goes_on():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])
    fly(s, 2, 12, 12, 6)
    fly(s, 0, 2, 2, 2)  # You's disc is thrown: no block, the dodge is its only answer
    act(s, "move 0 1")
    assert s.held[0] == 0 and s.alive[0] and not s.prone[0]
    assert (s.hx[2], s.hy[2]) == (4, 12)


def case_c16_d10_dodge_without_a_card_goes_prone():
    s = setup([(2, 10), (16, 10)], actor=1, held=[0, 1])
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    assert s.prone[0] and s.alive[0] and (s.hx[2], s.hy[2]) == (4, 12)


def case_c17_d2_move_adjacent_or_partly_covering():
    s = setup([(8, 8), (20, 20)])
    ms = [m for m in g.moves(s) if m >= g.MOVE]
    assert len(ms) == 80
    assert g.parse_move(s, "move 4 -4") in ms and g.parse_move(s, "move 1 0") in ms
    assert raises(g.parse_move, s, "move 5 0")
    s = setup([(8, 8), (11, 8)])
    assert raises(g.parse_move, s, "move 2 0")  # the programs would stand together
    assert g.parse_move(s, "move 1 0") in g.moves(s)  # bases may overlap


def case_c18_d27_stand_is_the_only_action_when_prone():
    s = setup([(2, 10), (16, 10)], held=[1, 1])
    s.prone[0] = 1
    assert g.moves(s) == [g.HOLD, g.STAND]
    act(s, "stand")
    assert not s.prone[0]


def case_c19_d6_throw_lanes():
    s = setup([(8, 8), (20, 20)])
    th = [m for m in g.moves(s) if g.THROW <= m < g.MOVE]
    assert len(th) == 4 * 4 + 4 * 3
    assert g.launch(s, 0, 2, 1) == (12, 9) and g.launch(s, 0, 1, 0) == (12, 7)
    s = setup([(0, 8), (20, 20)])
    assert raises(g.parse_move, s, "throw w 0")


def case_c21_a_prone_program_is_hit():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])
    s.prone[0] = 1
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    assert g.over(s) and g.winner(s) == 1 and g.summary(s)["derez"] == [[1, 0, "disc"]]


def case_c22_d8_reflection_off_the_edge():
    s = setup([(2, 2), (16, 16)], actor=1)
    fly(s, 2, 21, 10, 3)  # south-east, 2 cells from the east wall
    act(s, "move -4 0")
    assert (s.hx[2], s.hy[2], s.hd[2]) == (17, 18, 5)  # bounced: now south-west
    s = setup([(2, 2), (16, 16)], actor=1)
    fly(s, 2, 22, 10, 2)
    act(s, "move -4 0")
    assert (s.hx[2], s.hy[2], s.hd[2]) == (16, 10, 6)  # straight back


def case_c23_discs_ignore_discs():
    s = setup([(2, 2), (16, 16)], actor=1)
    fly(s, 0, 10, 10, 2)
    fly(s, 2, 14, 10, 6)
    act(s, "move -4 0")
    assert (s.hx[0], s.hy[0]) == (18, 10) and (s.hx[2], s.hy[2]) == (6, 10)


def case_c24_d9_d14_recall_more_than_three_bases_away():
    s = setup([(0, 0), (10, 18)], actor=1)
    fly(s, 0, 18, 3, 2)
    assert g.away(s, 0) == 13  # the marker's tail, 13 cells from the base
    act(s, "move 1 0")
    assert g.moves(s) == [g.FLY, g.RECALL] and g.to_act(s) == 0
    act(s, "recall")
    assert (s.hx[0], s.hy[0], s.hd[0]) == (18, 3, 6)  # re-aimed west, at its owner
    s = setup([(0, 0), (10, 18)], actor=1)
    fly(s, 0, 15, 3, 2)
    act(s, "move 1 0")
    assert s.hx[0] == 23 and s.phase == g.PH_CARD  # 10 between: no recall, it flew


def case_c25_struck_program_and_base_leave():
    s = setup([(2, 10), (5, 10)], held=[1, 0])
    act(s, "attack red")
    assert not s.alive[1] and g.hand(s, 1) == g.NO


def case_c26_a_derezzed_programs_disc():
    """Its disc flies on; it de-rezzes at a wall (its cards leave with it), or on
    striking a program (which de-rezzes first)."""
    s = setup([(2, 10), (5, 10), (16, 18)], held=[1, 0, 1], deck=[2, 1, 0])
    fly(s, 2, 20, 5, 2)
    act(s, "attack red")
    assert not s.alive[1] and s.dst[2] == g.D_NONE and 1 not in list(s.deck[s.top :])
    s = setup([(2, 10), (5, 10), (16, 16)], held=[1, 0, 0], deck=[2, 1, 0])
    s.prone[2] = 1
    fly(s, 2, 10, 17, 2)
    act(s, "attack red")
    assert not s.alive[1] and not s.alive[2] and g.over(s) and s.dst[2] == g.D_NONE
    assert g.summary(s)["derez"] == [[0, 1, "attack"], [1, 2, "disc"]]


def case_c27_d7_direction_home_without_a_die():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], dirdie="home")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "block", [])
    assert s.hd[2] == 2  # toward Red, its owner, no die rolled


def case_c28_a_prone_program_attacked_is_derezzed():
    s = setup([(2, 10), (5, 10)], held=[1, 1])
    s.prone[1] = 1
    act(s, "attack red")
    assert g.over(s) and g.winner(s) == 0


# ---- advanced ----------------------------------------------------------------------


def case_a1_level_for_points():
    assert g.level_for_points(0) == (1, 4, 1, 1, 1)
    assert g.level_for_points(7) == (1, 4, 1, 1, 1)
    assert g.level_for_points(8) == (2, 5, 1, 1, 1)
    assert g.level_for_points(32) == (4, 5, 2, 2, 1)
    assert g.level_for_points(128) == (6, 6, 3, 2, 2)
    assert g.level_for_points(300) == (7, 6, 3, 3, 2)
    assert g.level_for_points(1023) == (8, 7, 3, 3, 2)
    assert g.level_for_points(99999) == (10, 7, 4, 4, 2)
    for bad in (-1, 1.5, "8", None):
        assert raises(g.level_for_points, bad)


def case_a2_a3_loadout_two_discs_cost_a_card():
    assert g.loadout(7, 1) == (6, 3) and g.loadout(7, 2) == (5, 2)
    assert g.loadout(6, 2) == (5, 1) and g.loadout(1, 1) == (4, 1)
    assert g.loadout(10, 2) == (6, 3)
    for lv, d in ((5, 2), (0, 1), (11, 1), (6, 3), (6, 0)):
        assert raises(g.loadout, lv, d)
    s = g.new(1, {"rules": "advanced", "discs": 2}, {"points": 300, "level": 7})
    assert s.cards[0] == 5 and s.held[0] == 2 and s.dst[1] == g.D_HAND
    s = g.new(1, {"rules": "advanced", "start": "one"}, {"points": 300, "level": 7})
    assert s.cards[0] == 6 and s.held[0] == 1 and s.dst[1] == g.D_NONE


def case_a4_a8_arcs_and_skill_tests():
    prof = {"points": 64, "level": 5}
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced", prof=prof)
    fly(s, 0, 12, 4, 2)
    act(s, "move 1 0")
    assert g.moves(s) == [g.FLY, g.RECALL, g.ARC, g.ARC + 1, g.ARC + 2, g.ARC + 3]
    act(s, "arc r90", [5])  # 5 + 5 = 10: passed, now south
    assert (s.hx[0], s.hy[0], s.hd[0]) == (12, 12, 4)
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced", prof=prof)
    fly(s, 0, 12, 4, 2)
    act(s, "move 1 0")
    act(s, "arc r90", [4])  # 4 + 5 < 10: failed, straight on
    assert (s.hx[0], s.hy[0], s.hd[0]) == (20, 4, 2)
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced")
    fly(s, 0, 12, 4, 2)
    act(s, "move 1 0")
    assert g.moves(s) == [g.FLY, g.RECALL, g.ARC, g.ARC + 1, g.ARC + 2, g.ARC + 3]  # D22
    act(s, "arc l45", [5])  # 5 + 1 = 6: passed, north-east, then off the top wall
    assert (s.hx[0], s.hy[0], s.hd[0]) == (20, 4, 3)
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced")
    fly(s, 0, 12, 4, 2)
    act(s, "move 1 0")
    act(s, "arc r90", [6])  # level 1: 6 + 1 < 10 whatever the die, straight on (D22)
    assert (s.hx[0], s.hy[0], s.hd[0]) == (20, 4, 2)


def case_a5_a6_block_is_an_opposed_test_ties_succeed():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly")  # Red's own disc in flight is asked first
    act(s, "block", [3, 3, 2])  # tie: blocked, the die says east
    assert s.alive[0] and s.hd[2] == 2
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly")
    act(s, "block", [2, 3])  # lost: struck, the disc lands by the die
    assert not s.alive[0] and g.over(s)


def case_a7_dodge_opposed_and_the_dive():
    s = setup([(2, 10), (16, 10)], actor=1, held=[0, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly", [4, 4])  # no card: the test passed, prone
    assert s.alive[0] and s.prone[0]
    s = setup([(2, 10), (16, 10)], actor=1, held=[0, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly", [1, 4])  # failed: struck
    assert not s.alive[0]


def case_a7_dodge_with_a_card_places_the_disc_as_a_block():
    # the advanced Dodge: "If you succeed or tie then you are successful - Roll the
    # Direction Die and place the small end of the Disc Marker against your Action Base"
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly")
    act(s, "dodge", [4, 4, 2])  # tie: dodged, the die says east
    assert s.alive[0] and not s.prone[0] and s.held[0] == 0
    assert (s.hx[2], s.hy[2], s.hd[2]) == (7, 12, 2)  # against the base, heading east
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], rules="advanced")
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "fly")
    act(s, "dodge", [2, 3])  # lost: struck
    assert not s.alive[0] and g.over(s)
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])  # basic: the disc goes on
    fly(s, 2, 12, 12, 6)
    act(s, "move 0 1")
    act(s, "dodge")
    assert s.alive[0] and s.hd[2] == 6


def case_a9_a_derezzed_programs_disc_cannot_arc():
    prof = {"points": 64, "level": 5}
    s = setup([(2, 10), (5, 10), (16, 18)], held=[1, 0, 1], rules="advanced", prof=prof)
    fly(s, 2, 20, 8, 4)
    act(s, "attack red")
    assert not s.alive[1]
    assert s.phase == g.PH_CARD and s.hy[2] == 16  # flew straight, no choice asked


def case_a10_recall_test_six_or_five_far_away():
    prof = {"points": 0, "level": 1}
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced", prof=prof)
    fly(s, 0, 6, 2, 2)
    assert g.recall_need(s, 0) == 6
    fly(s, 0, 22, 2, 2)
    assert g.away(s, 0) == 17 and g.recall_need(s, 0) == 5
    act(s, "move 1 0")
    act(s, "recall", [4])  # 4 + 1 = 5: passed
    assert s.hd[0] == 6
    s = setup([(0, 0), (10, 18)], actor=1, rules="advanced", prof=prof)
    fly(s, 0, 6, 2, 2)
    act(s, "move 1 0")
    act(s, "recall", [4])  # 4 + 1 < 6: flies straight on
    assert (s.hx[0], s.hd[0]) == (14, 2)


def case_a11_a12_points_saved_and_lost():
    s = setup([(2, 10), (5, 10), (16, 2)], held=[1, 0, 1], rules="advanced", deck=[2, 0])
    s.saved[0] = 3
    act(s, "attack red", [])
    assert s.pend[0] == 1
    s.pend[2] = 2
    s.saved[2] = 1
    # You is now struck: its points since the save are lost, the saved ones stay
    g._derez(s, 0, 2, g.BY_DISC)
    assert s.pend[0] == 0 and s.saved[0] == 3
    assert g.over(s) and g.scores(s) == [3, 1, 1 + 2 + 1 + 3]


def case_a11_a13_d20_settle_raises_the_level():
    s = setup([(2, 10), (5, 10)], held=[1, 0], rules="advanced")
    act(s, "attack red", [])
    assert g.scores(s) == [1 + 3, 1]
    p = g.settle({"points": 5, "level": 1}, s)
    assert p == {"points": 9, "level": 2}
    b = setup([(2, 10), (5, 10)], held=[1, 0])
    act(b, "attack red")
    assert g.settle({"points": 5, "level": 1}, b) == {"points": 5, "level": 1}
    assert raises(g.check_profile, {"points": 5, "level": 3})


# ---- decisions ---------------------------------------------------------------------


def case_d11_d12_a_prone_owner_lets_its_disc_pass():
    """A prone program does nothing but stand: its own disc passes it, and a disc
    never strikes its owner."""
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1])
    s.prone[0] = 1
    fly(s, 0, 12, 12, 6)
    act(s, "move 0 1")
    assert s.alive[0] and s.phase == g.PH_CARD and (s.hx[0], s.hy[0]) == (4, 12)


def case_d13_a_derezzed_programs_card_moves_the_discs():
    s = setup([(2, 10), (5, 10), (16, 18)], held=[1, 0, 1], deck=[1, 2, 0])
    fly(s, 2, 21, 2, 4)
    act(s, "attack red")
    assert s.actor == 2 and s.phase == g.PH_CARD and s.hy[2] == 18  # moved twice


def case_d16_the_view_hides_the_deck_order_and_dice():
    from shared_rules.rng import Rng

    s = g.new(9, {"battle": "four"})
    r = g.redeal(s, 0, Rng(3))
    assert g.view(r, 0) == g.view(s, 0)
    assert bytes(r.deck[s.top :]) != bytes(s.deck[s.top :]) or len(s.deck) - s.top < 3
    assert sum(g.view(s, 0)["face_down"]) == len(s.deck) - s.top


def case_d17_a_match_ends_after_fifty_turns():
    s = setup([(2, 10), (16, 10)], held=[1, 1], deck=[])
    s.turn = g.TURNS_MAX
    act(s, "hold")
    assert g.over(s) and g.winner(s) == -1 and g.scores(s) == [1, 1]


def case_d19_d24_every_program_shares_the_level_and_loadout():
    s = g.new(4, {"rules": "advanced", "battle": "three", "discs": 2}, {"points": 64, "level": 5})
    assert list(s.level) == [5, 5, 5] and list(s.cards) == [6, 6, 6]
    assert list(s.holdmax) == [2, 2, 2] and s.dst[1] == g.D_NONE  # two discs need 6
    s = g.new(4, {"rules": "advanced", "hold": 2})
    assert s.holdmax[0] == 1 and s.cards[0] == 4


def case_d21_d25_team_points_and_friendly_fire():
    s = setup([(2, 18), (2, 2), (18, 2), (5, 18)], battle="2v2", held=[1, 1, 1, 0])
    s.bx[2], s.by[2] = 5, 15
    s.held[2] = 0
    fix(s)
    assert g.ATTACK + 2 in g.moves(s)  # a teammate can be attacked
    act(s, "attack gold")
    assert not s.alive[2] and s.pend[0] == 0  # no points for a teammate


def case_d23_two_discs_both_fly():
    prof = {"points": 300, "level": 7}
    s = setup([(0, 0), (20, 20)], rules="advanced", prof=prof, discs=2)
    assert s.dst[0] == s.dst[1] == g.D_HAND
    act(s, "throw e 1")
    assert s.dst[0] == g.D_FLY and s.dst[1] == g.D_HAND
    assert g.hand(s, 0) == 1


def case_d26_catching_needs_no_test():
    s = setup([(2, 10), (16, 10)], actor=1, held=[1, 1], rules="advanced")
    fly(s, 0, 12, 12, 6)
    act(s, "move 0 1", [])
    act(s, "fly", [])
    act(s, "catch", [])
    assert s.dst[0] == g.D_HAND


def case_d29_no_pass_a_card_is_acted_on_or_held():
    s = g.new(2)
    for m in g.moves(s):
        assert m == g.HOLD or m < g.CATCH


def case_save_points_follow_the_derez_log():
    """load holds the points to the de-rez log (A11, A12): a program earns its victims'
    levels, a gone program keeps none since the last save, the end adds at most three
    times the level; forged points would go into the profile when the match is over."""
    s = g.new(3, {"rules": "advanced", "cpu": "random"})
    t = g.dump(s)
    assert g.dump(g.load(t)) == t
    for k, v in ((11, 100), (10, 5), (11, 1)):  # points since the save, saved, one point
        assert raises(g.load, with_word(t, "p0", k, v)), (k, v)
    from shared_rules.rng import Rng

    rng = Rng(5)
    while not len(s.log) and not g.over(s):
        ms = g.moves(s)
        g.play(s, ms[rng.below(len(ms))])
    t = g.dump(s)
    assert g.dump(g.load(t)) == t and len(s.log) == 3
    killer, gone = s.log[0], s.log[1]
    points = s.saved[killer] + s.pend[killer]
    assert points <= s.level[killer] * (1 + 3 * g.over(s))
    bad = with_word(t, "p%d" % killer, 10, s.level[killer] * 4 + 1 - s.pend[killer])
    assert raises(g.load, bad)
    assert raises(g.load, with_word(t, "p%d" % gone, 11, 1))  # gone, yet points pending
