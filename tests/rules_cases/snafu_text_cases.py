"""Snafu rule cases, the text rule set (the default): rules 2 and 3 of the text as
written - a trail whose square is taken takes another and collides only when none is
left; the loser of a roll takes another square; a tied roll is a collision - and the
obstacle count 5 to 8 (T1-T9 in docs/rules/snafu.md). Plain functions, plain asserts:
they run on CPython and inside the MicroPython VM.
"""

from shared_rules import snafu as sn
from shared_rules.rng import Rng

U, UR, R, DR, D, DL, L, UL = 0, 1, 2, 3, 4, 5, 6, 7
STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def seg(col, row, d, n):
    dx, dy = STEP[d]
    return [(col + i * dx, row + i * dy) for i in range(n)]


def build(paths, dirs, options=None, marks=()):
    """A checked position with the text rules: trail t on paths[t] (head last), heading
    dirs[t]; marks are obstacle squares. Two human trails unless the options say."""
    o = {"humans": 2}
    for k in options or {}:
        o[k] = options[k]
    s = sn.new(1, o)
    board = s.board
    for c in range(sn.CELLS):
        if board[c] != sn.WALL:
            board[c] = 0
    for t in range(len(paths)):
        for col, row in paths[t]:
            board[sn.cell(col, row)] = t + 1
        s.head[t] = sn.cell(paths[t][-1][0], paths[t][-1][1])
        s.dir[t] = dirs[t]
        s.length[t] = len(paths[t])
        s.alive[t] = 1
    for col, row in marks:
        board[sn.cell(col, row)] = sn.OBSTACLE
    sn.check(s)
    return s


def head(s, t):
    return sn.col_row(s.head[t])


def next_dice(s, n):
    r = Rng(1)
    r.set_state(s.rng.get_state())
    return [r.die() for _ in range(n)]


def case_T1_text_is_the_default_and_arcade_an_option():
    assert sn.new(1).opts["rules"] == "text"
    assert sn.new(1, {"rules": "arcade"}).opts["rules"] == "arcade"
    assert sn.record_options({})["rules"] == "text"
    assert sn.record_options({"rules": "arcade", "variant": 3}) == {
        "rules": "arcade",
        "variant": 3,
    }
    assert sn.upgrade_options({})["rules"] == "arcade"  # a file from before the text rules
    assert sn.upgrade_options({"rules": "text"})["rules"] == "text"


def case_T2_the_issue_position_turns_instead_of_crashing():
    """new(1, humans 1), U until red's head is at (6, 1): U is legal and red takes a
    free side square (R or L), alive; under arcade the same tick kills it."""
    for rules in ("text", "arcade"):
        s = sn.new(1, {"humans": 1, "rules": rules})
        while head(s, 0)[1] > 1 and s.alive[0]:
            sn.play(s, U if s.dir[0] != D else R)
        assert head(s, 0) == (6, 1), rules
        assert U in [m & 7 for m in sn.moves(s)] or s.dir[0] == D
        before = head(s, 0)
        sn.play(s, U)
        if rules == "text":
            assert s.alive[0] and head(s, 0)[1] == 1 and abs(head(s, 0)[0] - before[0]) == 1
        else:
            assert not s.alive[0]


def case_T3_nearest_open_square_straight_then_the_turns():
    # red at (10, 10) going up into a wall of obstacles; R side open, L side taken
    marks = [(10, 9), (9, 10)]
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], marks=marks)
    sn.play(s, U | L << 3)
    assert s.alive[0] and head(s, 0) == (11, 10) and s.dir[0] == R
    # straight open: straight, whatever the sides
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L])
    sn.play(s, U | L << 3)
    assert head(s, 0) == (10, 9)


def case_T3_tie_break_more_room_then_a_d6():
    # both sides open: the side with more empty squares around it
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], marks=[(10, 9), (12, 10)])
    sn.play(s, U | L << 3)  # R side (11, 10) has (12, 10) taken: L has more room
    assert head(s, 0) == (9, 10)
    # even room: a d6, 1-3 the right-hand square, 4-6 the left
    seen = set()
    for k in range(1, 40):
        s = build([seg(10, 12, U, 3), seg(30, 5, R, 1)], [U, L], marks=[(10, 9)])
        s.rng = Rng(k)
        roll = next_dice(s, 1)[0]
        sn.play(s, U | L << 3)
        assert head(s, 0) == ((11, 10) if roll <= 3 else (9, 10)), k
        seen.add(head(s, 0))
    assert len(seen) == 2


def case_T3_a_turn_into_a_taken_square_never_goes_back_the_way_it_came():
    """Rule 2: 'if there are no squares for you to add to the end of your line you have
    a collision'. Red heads left; a person presses down into an obstacle, straight on is
    an obstacle too: the square above is open (a 90-degree turn from its heading, though
    straight back from the press), so it goes up and lives."""
    marks = [(10, 10), (11, 11)]
    s = build([seg(14, 10, L, 4), seg(30, 5, R, 1)], [L, R], marks=marks)
    sn.play(s, D | R << 3)
    assert s.alive[0] and head(s, 0) == (11, 9) and s.dir[0] == U
    o = {"diagonal": True}  # only UR open: 180 degrees from a press of DL, not back
    marks = [(10, 10), (11, 11), (10, 11), (10, 9), (12, 11), (11, 9)]
    s = build([seg(14, 10, L, 4), seg(30, 5, R, 1)], [L, R], o, marks=marks)
    sn.play(s, DL | R << 3)
    assert s.alive[0] and head(s, 0) == (12, 9)


def case_T4_no_open_square_is_a_collision():
    marks = [(10, 9), (9, 10), (11, 10)]
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], marks=marks)
    sn.play(s, U | L << 3)
    assert not s.alive[0] and s.winner == 1


def case_T5_diagonal_turns_go_45_degrees_first():
    o = {"diagonal": True}
    # up blocked: up-right open before right
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], o, marks=[(10, 9), (9, 9)])
    sn.play(s, U | L << 3)
    assert head(s, 0) == (11, 9)
    # up, up-right, up-left blocked: the 90 degree turns next
    marks = [(10, 9), (9, 9), (11, 9), (9, 10)]
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], o, marks=marks)
    sn.play(s, U | L << 3)
    assert head(s, 0) == (11, 10)


def case_T6_contest_loser_takes_another_square():
    """red (10, 10) going right, blue (12, 10) going left: both want (11, 10); the loser
    takes another open square (U or D of its head), the winner (11, 10); a tie kills
    both."""
    seen = set()
    for k in range(1, 80):
        s = build([seg(8, 10, R, 3), seg(14, 10, L, 3)], [R, L])
        s.rng = Rng(k)
        a, b = next_dice(s, 2)
        sn.play(s, R | L << 3)
        if a == b:
            assert not s.alive[0] and not s.alive[1] and s.winner == -1
            seen.add("tie")
            continue
        win, lose = (0, 1) if a > b else (1, 0)
        assert s.alive[0] and s.alive[1], k
        assert head(s, win) == (11, 10)
        lc, lr = head(s, lose)
        assert lr in (9, 11) and lc == (10 if lose == 0 else 12), (k, head(s, lose))
        seen.add(win)
    assert seen == {0, 1, "tie"}


def case_T6_D4_a_lower_roll_beside_a_shared_top_goes_round():
    """Three trails want (11, 10): red and green share the highest roll and collide ('a
    tie would mean that both trails have a collision'), the square stays empty; blue
    rolled lower, so it is a loser like any other and takes another open square (T6)."""
    for k in range(1, 400):
        paths = [seg(8, 10, R, 3), seg(14, 10, L, 3), seg(11, 7, D, 3), seg(30, 18, R, 1)]
        s = build(paths, [R, L, D, R], {"trails": 4, "humans": 2})
        s.rng = Rng(k)
        r, b, g = next_dice(s, 3)
        if r == g > b:
            break
    sn.play(s, R | L << 3)
    assert list(s.alive) == [0, 1, 0, 1] and s.board[sn.cell(11, 10)] == 0
    assert head(s, 1) in ((12, 9), (12, 11))


def case_T6_arcade_loser_crashes():
    for k in range(1, 40):
        s = build([seg(8, 10, R, 3), seg(14, 10, L, 3)], [R, L], {"rules": "arcade"})
        s.rng = Rng(k)
        a, b = next_dice(s, 2)
        sn.play(s, R | L << 3)
        assert s.alive[0] + s.alive[1] == (0 if a == b else 1)


def case_T7_loser_meets_another_trail_and_rolls_again():
    """Four trails: red and blue contest (11, 10); green's head is at (10, 8) going down
    to (10, 9). If red loses, its nearest open square is up (10, 9)... where green goes:
    a second roll. Every trail that ends alive stands on a square of its own."""
    for k in range(1, 120):
        paths = [seg(8, 10, R, 3), seg(14, 10, L, 3), seg(10, 6, D, 3), seg(30, 18, R, 1)]
        s = build(paths, [R, L, D, R], {"trails": 4, "humans": 2, "others": "classic"})
        s.rng = Rng(k)
        sn.play(s, R | L << 3)
        heads = [s.head[t] for t in range(4) if s.alive[t]]
        assert len(heads) == len(set(heads)), k
        for t in range(4):
            if s.alive[t]:
                assert s.board[s.head[t]] == t + 1


def case_T8_classic_random_open_square_or_collision():
    o = {"humans": 0}
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], o, marks=[(10, 9)])
    sn.play(s, 0)
    assert s.alive[0] and head(s, 0) in ((9, 10), (11, 10))
    s = build([seg(10, 12, U, 3), seg(30, 10, R, 1)], [U, L], o, marks=[(10, 9), (9, 10), (11, 10)])
    sn.play(s, 0)
    assert not s.alive[0]


def case_T9_obstacles_5_to_8_by_rerolling_5_and_6():
    counts = set()
    for seed in range(80):
        r = Rng(seed)
        faces = []
        while True:
            f = r.die()
            faces.append(f)
            if f <= 4:
                break
        n = sn.obstacle_count(Rng(seed))
        assert n == 4 + faces[-1]
        counts.add(n)
    assert counts == {5, 6, 7, 8}
    for seed in range(6):
        s = sn.new(seed, {"variant": 2})
        boxes = sum(1 for v in s.board if v == sn.OBSTACLE) // 4
        assert 5 <= boxes <= 8


def case_T10_saves_carry_the_rule_set():
    for rules in ("text", "arcade"):
        s = sn.new(5, {"variant": 6, "rules": rules, "humans": 0})
        for _ in range(5):
            sn.play(s, 0)
        text = sn.dump(s)
        assert text.split("\n")[1].split()[-1] == rules
        assert sn.dump(sn.load(text)) == text
    # a version 2 save (before the text rules) loads as arcade
    lines = sn.dump(sn.new(5, {"rules": "arcade"})).split("\n")
    lines[0] = "snafu 2"
    lines[1] = " ".join(lines[1].split()[:-1])
    assert sn.load("\n".join(lines)).opts["rules"] == "arcade"
