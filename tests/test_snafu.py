"""Snafu on CPython: the rules over many seeded rounds, the fairness of the classic
computer trail, and the firmware screen (firmware/play/snafu_screen.py) driven through the
app on the headless board. The rule clauses themselves are in
tests/rules_cases/snafu_cases.py (run on CPython and in the MicroPython VM)."""

import math
import os
import random

import pytest

import host_sim  # noqa: F401 - sys.path for the framebuf stand-in
from firmware import app as appmod
from firmware import buttons as btn
from firmware import gamescreen, launcher, reading, records
from firmware.play import snafu_screen
from host_sim import device
from shared_rules import snafu as sn

STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
ARROW = {0: btn.UP, 2: btn.RIGHT, 4: btn.DOWN, 6: btn.LEFT}


# ---- the rules over many rounds -------------------------------------------------------


def random_tick(s, rng):
    """A random legal tick, keeping each human trail on a free square when it can."""
    m = 0
    for t in sn.human_trails(s):
        if s.alive[t]:
            ok = [d for d in sn.directions(s) if d != (s.dir[t] + 4) % 8]
            free = [d for d in ok if s.board[s.head[t] + sn.OFFSET[d]] == sn.EMPTY]
            m |= rng.choice(free or ok) << (3 * t)
    return m


def trail_squares(s):
    """The squares of each trail, read off the board."""
    out = [set(), set(), set(), set()]
    for c, v in enumerate(s.board):
        if 1 <= v <= 4:
            out[v - 1].add(sn.col_row(c))
    return out


def play_checked(seed, options):
    """Play a round with random legal ticks, checking after every tick, independently of
    check(): each trail is the path of its heads, one king's (or rook's) step at a time,
    never entering a square twice; no square belongs to two trails; a crashed trail stays
    or vanishes; the winner is the last trail left. Returns the state."""
    rng = random.Random(seed)
    s = sn.new(seed, options)
    diagonal = s.opts["diagonal"]
    n = s.opts["trails"]
    paths = [[sn.col_row(s.head[t])] for t in range(n)]
    while not sn.over(s):
        m = random_tick(s, rng)
        assert m in sn.moves(s)
        sn.play(s, m)
        sn.check(s)
        owner = {}
        board = trail_squares(s)
        for t in range(n):
            if s.alive[t]:
                (x0, y0), (x1, y1) = paths[t][-1], sn.col_row(s.head[t])
                step = (x1 - x0, y1 - y0)
                assert step in STEP and (diagonal or 0 in step)
                assert (x1, y1) not in paths[t]
                paths[t].append((x1, y1))
            squares = board[t]
            if s.alive[t] or not s.opts["vanish"]:
                assert squares == set(paths[t]) and len(paths[t]) == s.length[t]
            else:
                assert squares == set()
            for q in squares:
                assert q not in owner
                owner[q] = t
        alive = [t for t in range(n) if s.alive[t]]
        assert (len(alive) >= 2) == (s.winner == -2)
        assert s.tick < 900
    alive = [t for t in range(n) if s.alive[t]]
    assert s.winner == (alive[0] if alive else -1)
    return s


@pytest.mark.parametrize("variant", range(1, 17))
def test_many_seeds_keep_the_invariants(variant):
    ends = set()
    for seed in range(16):
        options = {"variant": variant, "humans": seed % 3}
        s = play_checked(seed * 101 + variant, options)
        ends.add(sn.winner_name(s))
    assert len(ends) >= 2  # the rounds do not all end the same way


@pytest.mark.parametrize("variant", [1, 8, 12, 15])
def test_smart_trails_keep_the_invariants(variant):
    for seed in range(2):
        play_checked(seed + 500, {"variant": variant, "humans": 1, "others": "smart"})


def classic_wins(variant, rounds):
    wins = [0, 0, 0, 0]
    draws = 0
    for seed in range(rounds):
        s = sn.new(seed, {"variant": variant, "humans": 0})
        while not sn.over(s):
            sn.play(s, 0)
        if s.winner < 0:
            draws += 1
        else:
            wins[s.winner] += 1
    return wins, draws


def roughly_equal(a, b):
    """a and b could be two counts of one fair coin: within 3.5 standard deviations."""
    return abs(a - b) <= 3.5 * math.sqrt(a + b) + 1


@pytest.mark.parametrize("variant", [1, 5])
def test_classic_red_and_blue_roughly_fair(variant):
    wins, draws = classic_wins(variant, 600)
    red, blue = wins[0], wins[1]
    assert red + blue + draws == 600 and red > 100 and blue > 100
    assert roughly_equal(red, blue), (red, blue)


def test_classic_four_trails_roughly_fair():
    wins, draws = classic_wins(9, 600)
    assert min(wins) > 60
    assert roughly_equal(wins[0], wins[1]), wins  # left and right
    assert roughly_equal(wins[2], wins[3]), wins  # top and bottom


def test_fairness_check_can_fail():
    assert not roughly_equal(300, 200) and roughly_equal(260, 240)


def test_speed_ticks_match_the_frame_clock():
    assert [appmod.FRAME_MS * f for f in sn.TICK_FRAMES] == [300, 200, 150, 100]


# ---- the screen ---------------------------------------------------------------------------


def is_snafu(screen):
    """Is this the Snafu game screen? By name: the app unloads a game's modules when
    another game starts, so firmware.play.snafu_screen may be a fresh module by now."""
    return type(screen).__name__ == "SnafuScreen"


def make(path):
    return device.make(str(path))


def saves(path):
    return os.path.join(str(path), "saves")


def start(path, options=None, seed=11):
    """A match started with a known seed, still in the READY state."""
    app, board, d = make(path)
    d.idle()
    app.start_game("snafu", seed=seed, options=options or {"variant": 1}, resume=False)
    screen = app.screen
    assert is_snafu(screen) and screen.mode == snafu_screen.READY
    return app, board, d, screen


def to_tick(d, screen, limit=50):
    """Idle until the next tick; the number of frames it took."""
    tick = screen.s.tick
    for n in range(1, limit + 1):
        d.idle()
        if screen.s.tick != tick:
            return n
    raise AssertionError("no tick in %d frames" % limit)


def tap(app, mask):
    """A press and release within one frame, as the button latch reports it."""
    app.frame(mask, 0)


def bot_until_round(app, screen, r):
    """Let the screen's bot play until round r is ready to start."""
    while screen.s.round < r:
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    assert screen.mode == snafu_screen.READY


def test_launcher_to_options_to_ready_to_run(tmp_path):
    app, board, d = make(tmp_path)
    d.idle()
    d.keys("DOWN,A,A")
    assert isinstance(app.screen, launcher.OptionsScreen) and app.screen.gid == "snafu"
    d.keys("A")
    screen = app.screen
    assert is_snafu(screen)
    assert screen.mode == snafu_screen.READY and screen.s.tick == 0
    assert device.text_on_screen(board, "Round 1", 23)
    d.idle(30)
    assert screen.s.tick == 0  # nothing moves before A
    d.keys("A")
    assert screen.mode == snafu_screen.RUN
    to_tick(d, screen)
    assert screen.s.tick == 1 and sn.heads(screen.s)[0] != (6, 11, True)


@pytest.mark.parametrize("speed", [1, 2, 3, 4])
def test_a_tick_every_tick_frames(tmp_path, speed):
    app, board, d, screen = start(tmp_path, {"variant": 1, "speed": speed})
    period = sn.TICK_FRAMES[speed - 1]
    assert screen.period == period
    app.frame(btn.A, btn.A)  # the round starts on this frame
    assert to_tick(d, screen) == period
    assert to_tick(d, screen) == period and to_tick(d, screen) == period


def test_arrow_tapped_between_ticks_turns_at_next_tick(tmp_path):
    app, board, d, screen = start(tmp_path)
    d.keys("A")
    to_tick(d, screen)
    s = screen.s
    h = s.dir[0]
    turn = (h + 2) % 8
    d.idle(2)
    tap(app, ARROW[turn])
    assert s.dir[0] == h  # not before the tick
    col, row = sn.col_row(s.head[0])
    to_tick(d, screen)
    assert s.dir[0] == turn and s.alive[0]
    assert sn.col_row(s.head[0]) == (col + STEP[turn][0], row + STEP[turn][1])
    to_tick(d, screen)
    assert s.dir[0] == turn  # and it keeps the new heading


def test_two_quick_turns_apply_on_successive_ticks(tmp_path):
    app, board, d, screen = start(tmp_path)
    d.keys("A")
    to_tick(d, screen)
    s = screen.s
    h = s.dir[0]
    first, second = (h + 2) % 8, (h + 4) % 8  # a quick U-turn
    tap(app, ARROW[first])
    d.idle(2)
    tap(app, ARROW[second])
    to_tick(d, screen)
    assert s.dir[0] == first
    to_tick(d, screen)
    assert s.dir[0] == second and s.alive[0]


def test_reverse_press_does_nothing(tmp_path):
    app, board, d, screen = start(tmp_path)
    d.keys("A")
    to_tick(d, screen)
    s = screen.s
    h = s.dir[0]
    col, row = sn.col_row(s.head[0])
    tap(app, ARROW[(h + 4) % 8])
    to_tick(d, screen)
    assert s.dir[0] == h and s.alive[0]
    assert sn.col_row(s.head[0]) == (col + STEP[h][0], row + STEP[h][1])
    assert screen.queue == [[], []]
    tap(app, ARROW[(h + 4) % 8])  # a reverse, then a turn: the turn is the next tick's
    d.idle(4)
    tap(app, ARROW[(h + 2) % 8])
    to_tick(d, screen)
    assert s.dir[0] == (h + 2) % 8 and screen.queue == [[], []]


def test_two_players_blue_turns_with_a_and_b(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 1, "humans": 2}, seed=5)
    d.keys("A")  # in READY, A starts the round
    assert screen.mode == snafu_screen.RUN
    to_tick(d, screen)
    s = screen.s
    red, blue = s.dir[0], s.dir[1]
    d.keys("A")
    to_tick(d, screen)
    assert s.dir[1] == (blue + 2) % 8 and s.dir[0] == red  # right, red untouched
    d.keys("B")
    to_tick(d, screen)
    assert s.dir[1] == blue  # and left again
    tap(app, ARROW[(red + 2) % 8])  # red still on the d-pad
    to_tick(d, screen)
    assert s.dir[0] == (red + 2) % 8 and s.dir[1] == blue
    assert screen.mode == snafu_screen.RUN and screen.pause < 0  # B did not pause


@pytest.mark.parametrize("gap", [5, 1])
def test_two_players_diagonal_eighth_turns_queue(tmp_path, gap):
    # blue on a diagonal heading: A, A is two eighth turns on two successive ticks
    for seed in range(1, 60):
        app, board, d, screen = start(tmp_path / str(seed), {"variant": 5, "humans": 2}, seed)
        if screen.s.dir[1] % 2:
            break
    d.keys("A")
    to_tick(d, screen)
    s = screen.s
    blue = s.dir[1]
    tap(app, btn.A)
    d.idle(gap - 1)
    tap(app, btn.A)
    to_tick(d, screen)
    assert s.dir[1] == (blue + 1) % 8
    to_tick(d, screen)
    assert s.dir[1] == (blue + 2) % 8 and s.alive[1]


def test_fast_forward_when_the_human_trail_has_crashed(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 9, "rules": "arcade"}, seed=4)
    d.keys("A")
    s = screen.s
    while s.alive[0]:  # red goes straight on into whatever is ahead
        to_tick(d, screen)
    assert not sn.over(s)  # D7: the computer trails play on
    while not sn.over(s):
        assert to_tick(d, screen) == 1  # a tick every frame
    assert sn.round_over(screen.s) and sum(screen.s.wins) + screen.s.draws == 1


def test_whole_match_by_the_bot_updates_stats(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 1, "rounds": 3})
    assert d.autoplay()
    assert app.screen is screen and screen.finished and screen.s.round == 3
    assert sum(screen.s.wins) + screen.s.draws == 3
    stats = records.load_stats(app.store, "snafu")
    assert stats["games"] == 1 and stats["total"] == screen.s.wins[0]
    assert stats["clean"] == int(screen.s.wins[0] > max(screen.s.wins[1:]))
    assert device.text_on_screen(board, "GAME OVER", 7)
    assert not os.path.exists(os.path.join(saves(tmp_path), "snafu.sav"))
    assert os.path.exists(os.path.join(saves(tmp_path), "snafu.last.rep"))
    d.keys("B")  # too soon: a steering press at the end does not skip the result
    assert app.screen is screen
    d.idle(gamescreen.OVER_GRACE)
    d.keys("B")
    assert isinstance(app.screen, launcher.Launcher)


def test_a_two_player_match_says_who_won_and_counts_in_no_solo_stats(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 1, "rounds": 3, "humans": 2})
    assert d.autoplay()
    assert screen.finished
    w = sn.winner(screen.s)
    text = "Draw" if w < 0 else sn.SEAT_NAMES[w] + " wins"
    assert device.text_on_screen(board, text, 18)
    assert device.text_on_screen(board, "-".join(str(x) for x in sn.scores(screen.s)), 28)
    assert records.load_stats(app.store, "snafu")["games"] == 0
    assert os.path.exists(os.path.join(saves(tmp_path), "snafu.last.rep"))


def test_chord_mid_round_saves_and_continue_resumes(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 9, "rounds": 5})
    d.keys("A")
    for _ in range(3):
        to_tick(d, screen)
    d.keys("A+B*%d" % appmod.CHORD_FRAMES)
    assert isinstance(app.screen, launcher.Launcher)
    assert screen.s.tick >= 3 and not sn.over(screen.s)
    before = sn.dump(screen.s)
    match = sn.dump(screen.s).split(chr(10))[4]  # the tick line holds the match
    assert os.path.exists(os.path.join(saves(tmp_path), "snafu.sav"))
    d.keys("DOWN,A")
    assert app.screen.labels()[0] == "Continue"
    d.keys("A")
    resumed = app.screen
    assert is_snafu(resumed) and resumed is not screen
    assert sn.dump(resumed.s) == before
    assert sn.dump(resumed.s).split(chr(10))[4] == match  # the same round and score
    assert (resumed.s.round, resumed.s.opts["rounds"], resumed.s.wins) == (1, 5, [0, 0, 0, 0])
    assert resumed.mode == snafu_screen.READY  # waits for A before the round goes on
    tick = resumed.s.tick
    d.keys("A")
    to_tick(d, resumed)
    assert resumed.s.tick == tick + 1


def test_chord_after_a_round_keeps_the_match_score(tmp_path):
    app, board, d, screen = start(tmp_path, {"variant": 1, "rounds": 3})
    bot_until_round(app, screen, 2)
    assert sum(screen.s.wins) + screen.s.draws == 1
    wins = list(screen.s.wins)
    before = sn.dump(screen.s)
    d.keys("A+B*%d" % appmod.CHORD_FRAMES)
    d.keys("DOWN,A,A")
    resumed = app.screen
    assert resumed.s.round == 2 and resumed.s.wins == wins and sn.dump(resumed.s) == before


def finished_replay(path, resume="none"):
    """A whole match by the bot; with resume "ready" it is saved with A+B before round 2
    and continued, with "running" in the middle of round 1. Returns (app, board, the
    replay file)."""
    app, board, d, screen = start(path, {"variant": 6, "rounds": 3}, seed=23)
    if resume != "none":
        if resume == "ready":
            bot_until_round(app, screen, 2)
        else:
            d.keys("A")
            for _ in range(4):
                to_tick(d, screen)
        d.keys("A+B*%d" % appmod.CHORD_FRAMES)
        d.keys("DOWN,A,A")  # Snafu -> Continue
        assert app.screen is not screen and app.screen.gid == "snafu"
    assert d.autoplay()
    return app, board, os.path.join(saves(path), "snafu.last.rep")


@pytest.mark.parametrize(
    "resume",
    ["none", "ready", "running"],
)
def test_replay_gives_identical_screen(tmp_path, resume):
    app, board, rep = finished_replay(tmp_path / "play", resume)
    with open(rep) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    assert fields["game"] == "snafu" and fields["seed"] == 23
    assert fields["options"]["variant"] == 6
    app2, board2, d2 = make(tmp_path / "replay")
    d2.idle()
    d2.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
    assert app2.screen.finished
    assert sn.dump(app2.screen.s) == sn.dump(app.screen.s)
    assert sn.dump(app2.screen.s) == sn.dump(app.screen.s)
    assert bytes(board2.display.buf) == bytes(board.display.buf)


def test_replay_check_can_fail(tmp_path):
    # the same inputs from another seed give another screen
    app, board, rep = finished_replay(tmp_path / "play")
    with open(rep) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app2, board2, d2 = make(tmp_path / "replay")
    d2.idle()
    d2.replay(fields["game"], fields["seed"] + 1, fields["options"], fields["inputs"])
    assert bytes(board2.display.buf) != bytes(board.display.buf)


@pytest.mark.parametrize("variant", [1, 6, 13, 16])
def test_planned_smart_trails_choose_as_the_tick_would(variant):
    """plan_next between ticks (one smart trail's search a frame on the device) gives
    the very same rounds as working every trail out inside the tick."""
    from shared_rules.rng import Rng

    opts = {"variant": variant, "others": "smart", "humans": 1, "rounds": 3}
    inline = sn.new(11, opts)
    planned = sn.new(11, opts)
    rng = Rng(variant)
    plans = 0
    while not sn.over(inline):
        m = sn.best_move(inline)
        for _ in range(rng.below(4)):  # some trails planned, some not
            plans += sn.plan_next(planned)
        sn.play(inline, m)
        sn.play(planned, m)
        assert sn.dump(planned) == sn.dump(inline)
    assert sn.over(planned) and plans > 20
    assert not sn.plan_next(planned)  # nothing to plan once the match is over


def test_replays_carry_the_rule_set_and_older_ones_play_arcade(tmp_path):
    """A new game's replay and save say which rules it was played by; a replay made
    before the text rules (no rule set in its options) replays as it was made, arcade."""
    import json

    for rules in ("text", "arcade"):
        app, board, d, screen = start(tmp_path / rules, {"variant": 9, "rules": rules})
        assert d.autoplay()
        rep = os.path.join(saves(tmp_path / rules), "snafu.last.rep")
        with open(rep) as f:
            text = f.read()
        options = json.loads(text.split("\noptions ", 1)[1].split("\n", 1)[0])
        assert options["rules"] == rules
        if rules == "arcade":  # as an older file: no rule set at all
            del options["rules"]
            text = text.replace(
                text.split("\noptions ", 1)[1].split("\n", 1)[0], json.dumps(options)
            )
        with open(str(tmp_path / "old.rep"), "w") as f:
            f.write(text)
        with open(str(tmp_path / "old.rep")) as f:
            fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
        assert fields["options"]["rules"] == rules
        app2, _b2, d2 = device.make(str(tmp_path / ("replay-" + rules)))
        d2.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
        assert sn.dump(app2.screen.s) == sn.dump(screen.s)


def test_the_press_that_starts_a_round_shows_it_and_draws_the_grid_next_frame(tmp_path):
    """A between rounds: the rules set the round up and the panel says "Round 2" in the
    press's frame; the whole grid is drawn on the frame after (the two together were
    36 ms on the emulated Pico, over a frame's budget)."""
    app, board, d, screen = start(tmp_path, {"variant": 1, "rounds": 3})
    for _ in range(20000):  # the bot's presses up to the end of round 1
        if sn.round_over(screen.s) and screen.s.round == 1:
            break
        m = screen.bot_press()
        app.frame(m, m)
    d.idle(3)
    assert sn.round_over(screen.s)
    repaints = []
    real = screen.grid.repaint
    screen.grid.repaint = lambda *a: repaints.append(1) or real(*a)
    app.frame(btn.A, btn.A)
    assert screen.s.round == 2 and screen.grid_due and repaints == []
    assert device.text_on_screen(board, "Round 2", 23)
    app.frame(0, 0)
    assert repaints == [1] and not screen.grid_due
    assert device.text_on_screen(board, "A: go", 32)
