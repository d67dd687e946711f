"""Air Superiority rule cases: clauses C1-C20 and decisions D1-D14 of the review of the
rule text (docs/rules/airsup.md). Plain functions, plain asserts: they run on CPython
and inside the MicroPython VM. Positions are built with new(1) and then overwritten
(tracks, planes, the timeline); the dice of a resolution are scripted with Dice (the
rules roll only through rng.die()); orders are written in the notation ("buy 3",
"research", "raid 2", "commit").
"""

from rules_cases.kit import raises
from shared_rules import airsup as a
from shared_rules.rng import Rng


class Dice:
    """Scripted dice: die() gives the faces in order (an empty script is an error)."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.used = 0

    def die(self, sides=6):
        face = self.faces[self.used]
        self.used += 1
        return face


def build(tech=(1, 1), planes=((0,) * 5, (0,) * 5), res=(10, 10), research=(0, 0), half=0):
    s = a.new(1)
    s.tech = list(tech)
    s.planes = [bytearray(planes[0]), bytearray(planes[1])]
    s.res = list(res)
    s.research = list(research)
    s.half = half
    a.check(s)
    return s


def order(s, text):
    """Play a seat's steps ("buy 1, research, commit")."""
    for t in text.split(","):
        a.play(s, a.parse_move(s, t.strip()))


def resolve(s, first, second, faces):
    """Both orders (each ending in its commit), the second's commit resolving the turn
    with scripted dice, every one of them rolled."""
    order(s, first)
    assert s.turn == 1
    dice = Dice(faces)
    s.rng = dice
    order(s, second)
    assert dice.used == len(dice.faces), (dice.used, len(dice.faces))
    return s


def case_c1_c3_the_start():
    """Two sides, Germany and Britain; Fall 1914; resources 10, research 0,
    technology 1, no planes."""
    s = a.new(7)
    assert a.seats(s) == 2 and a.HALVES[s.half] == "Fall 1914"
    assert s.res == [10, 10] and s.research == [0, 0] and s.tech == [1, 1]
    assert list(s.planes[0]) == [0] * 5 and list(s.planes[1]) == [0] * 5
    assert a.country_name(s, 0) == "Germany" and a.country_name(s, 1) == "Britain"
    b = a.new(7, {"side": "britain"})
    assert a.country_name(b, 0) == "Britain" and a.country_name(b, 1) == "Germany"


def case_c2_c14_nine_turns_then_the_armistice():
    """One turn per six months: Fall 1914 .. Fall 1918 (9 turns), then the Armistice
    ends the game."""
    s = a.new(3)
    for i in range(9):
        assert not a.over(s) and s.half == i
        order(s, "commit")
        order(s, "commit")
    assert a.over(s) and a.HALVES[s.half] == "Armistice" and a.moves(s) == []
    assert a.summary(s)["turns"] == 9 and raises(a.play, s, a.COMMIT)


def case_c4_d1_orders_are_simultaneous_and_secret():
    """Both sides order each step at once: seat 0 commits first, then seat 1, who does
    not see seat 0's order; nothing happens until both have ordered."""
    s = build()
    order(s, "buy 1, buy 1, research, commit")
    assert a.to_act(s) == 1 and list(s.planes[0]) == [0] * 5  # not carried out yet
    v = a.view(s, 1)
    assert v["other_ordered"] and v["buy"] == [0] * 5 and v["planes"][0] == [0] * 5
    assert "raid" in v and v["raid"] == [0] * 4
    v0 = a.view(s, 0)
    assert v0["buy"] == [2, 0, 0, 0, 0] and v0["rolls_bought"] == 1
    resolve_rest = Dice([2])  # seat 0's one research die
    s.rng = resolve_rest
    order(s, "commit")
    assert list(s.planes[0]) == [2, 0, 0, 0, 0] and s.half == 1 and s.turn == 0


def case_c5_c19_plane_costs_and_levels():
    """Planes cost 1, 2, 2, 3, 3 (types 1-5) and can be bought at any level up to the
    technology level."""
    s = build(tech=(3, 1))
    assert a.COST == (1, 2, 2, 3, 3)
    legal = a.moves(s)
    assert a.BUY + 0 in legal and a.BUY + 2 in legal and a.BUY + 3 not in legal
    order(s, "buy 3, buy 3, buy 2, buy 2, buy 1, buy 1")  # 2+2+2+2+1+1 = 10
    assert a.spent(s, 0) == 10 and a.BUY + 0 not in a.moves(s)
    assert raises(a.parse_move, s, "buy 1")


def case_c6_research_rolls_cost_one_each():
    """Research rolls cost one resource each and move the research marker up one."""
    s = build()
    order(s, "research, research, research")
    assert s.rolls_bought[0] == 3 and a.spent(s, 0) == 3
    order(s, "unresearch")
    assert s.rolls_bought[0] == 2


def case_c7_d3_resources_cannot_be_saved():
    """What is not spent is lost: the next turn starts again from 10 (less the hits
    suffered, D2)."""
    s = resolve(build(), "buy 1, commit", "commit", [])
    assert s.res == [10, 10]


def case_c8_research_any_six_advances_once():
    """One die per research point; any 6 advances one level, once per turn; the marker
    goes back to 0."""
    s = resolve(
        build(),
        "research, research, research, commit",
        "research, research, commit",
        [6, 6, 2, 1, 5],
    )
    assert s.tech == [2, 1] and s.research == [0, 0]
    kinds = [r for r in a.rolls(s) if r[1] == a.STEP_RESEARCH]
    assert [r[3] for r in kinds] == [6, 6, 2, 1, 5]
    assert kinds[0][4] & a.ADVANCE and not kinds[1][4] & a.ADVANCE and kinds[1][4] & a.HIT


def case_c9_tracks_run_from_0_to_10():
    """Resources, research and each plane type run 0-10; technology 1-5."""
    s = build(planes=((10, 0, 0, 0, 0), (0,) * 5), research=(8, 0))
    assert a.BUY + 0 not in a.moves(s)  # type 1 at 10
    order(s, "research, research")
    assert a.RESEARCH not in a.moves(s)  # 8 + 2 = 10
    t = build(tech=(5, 1), research=(10, 0))
    t.rng = Dice([6] * 10)
    order(t, "commit")
    order(t, "commit")
    assert t.tech[0] == 5  # no sixth level


def case_d13_research_bought_at_the_top_level_is_rolled_for_nothing():
    """'You can also use the remaining resources to purchase rolls on the Research Track':
    at level 5 too (no exception in the text); there is no sixth level, so its 6s
    advance nothing, and the resources are spent."""
    s = build(tech=(5, 4))
    order(s, "research, research")
    assert s.rolls_bought[0] == 2 and a.check(s) is None
    order(s, "commit")
    assert a.RESEARCH in a.moves(s)  # Britain, at level 4, may as well
    s.rng = dice = Dice([6, 6])  # Germany's two research dice
    order(s, "commit")
    assert dice.used == 2 and s.tech == [5, 4] and s.research == [0, 0]
    bad = build()
    bad.planes[0][0] = 11
    assert raises(a.check, bad)
    bad = build()
    bad.tech[0] = 6
    assert raises(a.check, bad)


def case_c10_resource_attacks_hit_and_lose_on_one():
    """Raiding planes roll from level 1 up: a hit (the chart's value) costs the other
    a resource next turn; a 1 loses the plane."""
    s = build(tech=(2, 1), planes=((2, 2, 0, 0, 0), (1, 0, 0, 0, 0)))
    order(s, "raid 1, raid 1, raid 2, raid 2, commit")
    s.rng = Dice([6, 1, 5, 4, 6])  # G type 1: 6 hit, 1 lost; B type 1: 5 miss; G type 2: 4, 6
    order(s, "raid 1, commit")
    assert s.res == [10, 8]  # Germany hit twice, Britain missed
    assert list(s.planes[0]) == [1, 2, 0, 0, 0]
    rs = [r for r in a.rolls(s) if r[1] == a.STEP_RAID]
    assert [(r[0], r[2], r[3]) for r in rs] == [
        (0, 0, 6),
        (0, 0, 1),
        (1, 0, 5),
        (0, 1, 4),
        (0, 1, 6),
    ]


def case_c10_raiders_do_not_dogfight():
    """Planes that attack resources are not in the dogfights that turn."""
    s = build(tech=(3, 3), planes=((0, 0, 2, 0, 0), (0, 0, 1, 0, 0)))
    order(s, "raid 3, commit")
    s.rng = Dice([3, 2, 4])  # G raid (type 3): 3; G's other type 3 dogfights: 2; B: 4
    order(s, "commit")
    fights = [r for r in a.rolls(s) if r[1] == a.STEP_FIGHT]
    assert [(r[0], r[3]) for r in fights] == [(0, 2), (1, 4)]


def case_c11_d8_a_lost_plane_above_the_others_level_gives_it_research():
    """Losing a plane of a level above the other's technology gives the other one
    research roll (next turn's marker)."""
    s = build(tech=(3, 1), planes=((0, 0, 1, 0, 0), (0,) * 5))
    order(s, "raid 3, commit")
    s.rng = Dice([1])  # the type 3 raider rolls 1: lost
    order(s, "commit")
    assert s.planes[0][2] == 0 and s.research == [0, 1]
    assert a.rolls(s)[0][4] & a.BONUS
    t = build(tech=(2, 2), planes=((0, 1, 0, 0, 0), (0,) * 5))
    order(t, "raid 2, commit")
    t.rng = Dice([1])
    order(t, "commit")
    assert t.research == [0, 0]  # level 2 is not above Britain's 2


def case_c12_dogfights_remove_the_others_planes():
    """Dogfight-capable planes not raiding roll: a hit makes the other remove one
    plane, of any type, even one that did not dogfight (the lowest type first, D6); a 1
    loses the rolling plane."""
    s = build(tech=(5, 3), planes=((0, 0, 0, 0, 1), (3, 0, 1, 0, 0)))
    order(s, "commit")
    s.rng = Dice([2, 4])  # B's type 3: 2 (miss); G's type 5: 4 (hit: 4-6)
    order(s, "commit")
    assert list(s.planes[1]) == [2, 0, 1, 0, 0]  # a type 1 removed, not the fighter
    assert list(s.planes[0]) == [0, 0, 0, 0, 1]
    t = build(tech=(5, 3), planes=((0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    order(t, "commit")
    t.rng = Dice([1, 6])  # B's type 3 rolls 1 (lost); G's fighter hits: nothing left
    order(t, "commit")
    assert list(t.planes[1]) == [0] * 5 and list(t.planes[0]) == [0, 0, 0, 0, 1]


def case_c12_d5_dogfight_dice_are_rolled_before_planes_fall():
    """Both sides' dogfight dice are rolled from the planes in the air, then the
    planes hit come down: a plane shot down still rolled."""
    s = build(tech=(5, 5), planes=((0, 0, 0, 0, 1), (0, 0, 0, 0, 1)))
    order(s, "commit")
    s.rng = Dice([5, 6])
    order(s, "commit")
    assert list(s.planes[0]) == [0] * 5 and list(s.planes[1]) == [0] * 5
    shot = [r for r in a.rolls(s) if r[1] == a.STEP_SHOT]
    assert [(r[0], r[2]) for r in shot] == [(0, 4), (1, 4)]


def case_c13_d8_a_plane_shot_down_gives_research_too():
    """A plane lost in a dogfight (shot down) of a level above the other's technology
    gives the other a research roll."""
    t = build(tech=(5, 4), planes=((0, 0, 0, 0, 1), (0, 0, 0, 1, 0)))
    order(t, "commit")
    t.rng = Dice([6, 2])  # B's type 4 hits (5-6); G's fighter misses (2)
    order(t, "commit")
    assert list(t.planes[0]) == [0] * 5 and t.research == [0, 1]  # level 5 above 4


def case_c15_the_highest_technology_wins():
    assert a.result((3, [9, 9, 9, 0, 0], 10), (4, [0, 0, 0, 0, 0], 0)) == "B"
    assert a.result((5, [0] * 5, 0), (4, [10] * 4 + [0], 10)) == "A"


def case_c16_d7_then_the_planes_of_the_highest_type():
    """Tied technology: the most planes at the highest level, the one both reached (one
    level 3 plane beats four level 2 planes); the lower levels' planes decide nothing:
    'if it is still tied', the resources (C17)."""
    assert a.result((3, [0, 4, 0, 0, 0], 10), (3, [0, 0, 1, 0, 0], 0)) == "B"
    assert a.result((3, [5, 0, 2, 0, 0], 0), (3, [0, 0, 1, 0, 0], 10)) == "A"
    assert a.result((3, [0, 3, 1, 0, 0], 0), (3, [0, 2, 1, 0, 0], 10)) == "B minor"
    assert a.result((3, [5, 0, 2, 0, 0], 0), (3, [0, 0, 2, 0, 0], 10)) == "B minor"
    assert a.result((3, [0, 4, 0, 0, 0], 4), (3, [0, 1, 0, 0, 0], 4)) == "draw"


def case_c17_c18_then_resources_a_minor_victory_else_a_draw():
    assert a.result((2, [1, 1, 0, 0, 0], 9), (2, [1, 1, 0, 0, 0], 7)) == "A minor"
    assert a.result((2, [1, 1, 0, 0, 0], 6), (2, [1, 1, 0, 0, 0], 7)) == "B minor"
    assert a.result((2, [1, 1, 0, 0, 0], 7), (2, [1, 1, 0, 0, 0], 7)) == "draw"


def case_c15_c18_the_game_result_and_summary():
    """The Armistice decides winner(), the summary's winner (None for a draw) and
    minor."""
    s = build(tech=(2, 2), planes=((1, 0, 0, 0, 0), (1, 0, 0, 0, 0)), res=(10, 8), half=8)
    order(s, "commit")
    order(s, "commit")
    assert a.over(s) and a.outcome(s) == "draw" and a.winner(s) == -1
    sm = a.summary(s)
    assert sm["winner"] is None and not sm["minor"] and sm["turns"] == 9
    assert a.decided_by(s) == ""
    t = build(tech=(2, 2), planes=((1, 0, 0, 0, 0), (1, 0, 0, 0, 0)), half=8)
    order(t, "raid 1, commit")
    t.rng = Dice([6])
    order(t, "commit")
    sm = a.summary(t)
    assert a.outcome(t) == "A minor" and sm["winner"] == 0 and sm["minor"]
    assert sm["resources"] == [10, 9] and sm["tech"] == [2, 2]
    assert sm["planes"] == [[1, 0, 0, 0, 0], [1, 0, 0, 0, 0]] and not a.clean(t)
    assert a.decided_by(t) == "resources"
    u = build(tech=(3, 3), planes=((0, 4, 0, 0, 0), (0, 0, 1, 0, 0)), half=8)
    order(u, "commit")
    order(u, "commit")
    assert a.outcome(u) == "B" and a.decided_by(u) == "type 3 planes"
    v = build(tech=(4, 3), half=8)
    order(v, "commit")
    order(v, "commit")
    assert a.outcome(v) == "A" and a.decided_by(v) == "technology"


def case_c19_the_technology_chart():
    """Type 1 raids on 6; type 2 raids on 5-6; type 3 raids on 6 and dogfights on 6;
    type 4 raids on 6 and dogfights on 5-6; type 5 dogfights on 4-6."""
    assert a.RAID_NEED == (6, 5, 6, 6, 0) and a.FIGHT_NEED == (0, 0, 6, 5, 4)
    s = build(tech=(5, 5), planes=((0, 0, 0, 0, 3), (0,) * 5))
    assert [m for m in a.moves(s) if a.RAID <= m < a.COMMIT] == []  # fighters cannot raid
    order(s, "commit")
    s.rng = Dice([4, 3, 6])
    order(s, "commit")
    assert [r[4] & a.HIT for r in a.rolls(s) if r[1] == a.STEP_FIGHT] == [a.HIT, 0, a.HIT]


def case_c20_starting_planes_only_raid():
    """Types 1 and 2 never dogfight: without a raid they do nothing that turn."""
    s = build(tech=(2, 2), planes=((3, 2, 0, 0, 0), (3, 2, 0, 0, 0)))
    order(s, "commit")
    order(s, "commit")
    assert a.rolls(s) == [] and list(s.planes[0]) == [3, 2, 0, 0, 0]


def case_d2_resource_hits_carry_into_the_next_turn():
    """Next turn's resources are 10 less the hits suffered (not below 0)."""
    s = build(tech=(2, 1), planes=((10, 10, 0, 0, 0), (0,) * 5))
    order(s, "%s, commit" % ", ".join(["raid 1"] * 10 + ["raid 2"] * 10))
    s.rng = Dice([6] * 20)
    order(s, "commit")
    assert s.res == [10, 0] and s.turn == 0
    order(s, "commit")
    assert a.to_act(s) == 1 and a.moves(s) == [a.COMMIT]  # Britain has nothing to spend


def case_d4_planes_bought_fly_this_turn():
    """Planes bought this turn can raid and dogfight this turn; research comes before
    the attacks."""
    s = build()
    order(s, "buy 1, raid 1, commit")
    s.rng = Dice([6])
    order(s, "commit")
    assert s.res == [10, 9] and list(s.planes[0]) == [1, 0, 0, 0, 0]


def case_d4_a_new_level_is_bought_next_turn():
    s = build()
    order(s, "research, commit")
    s.rng = Dice([6])
    order(s, "commit")
    assert s.tech[0] == 2 and a.BUY + 1 in a.moves(s)


def case_d9_selling_back_a_plane_recalls_its_raid():
    """Undoing a purchase keeps the raids within the planes owned."""
    s = build()
    order(s, "buy 1, raid 1, sell 1")
    assert s.raid[0][0] == 0 and a.spent(s, 0) == 0


def case_d14_what_each_seat_sees():
    """Both sides' tracks, the timeline and the last turn's dice; the other's order is
    secret; redeal changes only the other's order and the dice to come."""
    s = build(tech=(2, 2), planes=((2, 1, 0, 0, 0), (1, 1, 0, 0, 0)))
    order(s, "buy 2, research, raid 1, commit")
    v = a.view(s, 1)
    r = a.redeal(s, 1, Rng(9))
    a.check(r)
    assert a.view(r, 1) == v
    assert a.best_move(r) == a.best_move(s)


def case_illegal_moves_leave_the_state_unchanged():
    s = build()
    before = a.dump(s)
    for m in (-1, a.BUY + 1, a.SELL, a.UNRESEARCH, a.RAID, a.RECALL, a.MOVES_MAX, "x"):
        assert raises(a.play, s, m)
        assert a.dump(s) == before
    for text in ("fly 3", "buy 6", "raid 5", "", "buy"):
        assert raises(a.parse_move, s, text)


def case_save_round_trip_and_damage():
    """dump/load are exact inverses; load refuses damaged text."""
    s = build(tech=(3, 2), planes=((1, 2, 1, 0, 0), (2, 0, 0, 0, 0)), half=2)
    order(s, "buy 3, research, raid 2")
    t = a.dump(s)
    assert a.dump(a.load(t)) == t
    bad = [
        t.replace("airsup 1", "airsup 2"),
        t.replace("opts germany", "opts france"),
        t.replace("side0 10 0 3 1210", "side0 10 0 1 1210"),
        t.replace("side0 10", "side0 11"),
        t[:-1].rsplit("\n", 1)[0],
        t.replace("rolls -", "rolls 0"),
    ]
    for text in bad:
        assert text != t and raises(a.load, text)
    u = a.new(4)
    order(u, "research, research, commit")
    order(u, "buy 1, raid 1, commit")
    t = a.dump(u)
    assert u.nlog == 6 and a.dump(a.load(t)) == t and a.load(t).nlog == u.nlog


def case_save_whose_tracks_disagree_with_the_dice_is_refused():
    """load checks the tracks against the last turn's dice too: research rolls held are
    the planes the other lost above its technology, resources 10 less the raid hits,
    one level of technology a turn at most, nothing before the first turn."""
    t = a.dump(a.new(5))
    assert a.dump(a.load(t)) == t
    start = "side0 10 0 1 00000 00000 0 0000"
    assert start in t
    bad = [
        t.replace(start, "side0 10 0 5 00000 00000 0 0000"),  # technology 5 in 1914
        t.replace(start, "side0 3 0 1 00000 00000 0 0000"),  # resources 3, no raid
        t.replace(start, "side0 10 9 1 00000 00000 0 0000"),  # research rolls from nothing
        t.replace(start, "side0 10 0 1 a0000 00000 0 0000"),  # planes before any turn
        t.replace("rolls -", "rolls 0006"),  # dice before any turn
    ]
    u = a.new(4)
    order(u, "research, research, commit")
    order(u, "buy 1, raid 1, commit")
    t = a.dump(u)
    assert a.dump(a.load(t)) == t
    for seat in (0, 1):
        line = [x for x in t.split("\n") if x.startswith("side%d " % seat)][0]
        f = line.split(" ")
        more = list(f)
        more[2] = str(int(f[2]) + 1)  # a research roll the dice did not give
        bad.append(t.replace(line, " ".join(more)))
        less = list(f)
        less[1] = str(int(f[1]) - 1)  # a resource the raids did not take
        bad.append(t.replace(line, " ".join(less)))
    for text in bad:
        assert text != t and raises(a.load, text), text
