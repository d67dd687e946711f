"""Air Superiority on the headless device: the order screen (the timeline, both sides'
planes, the buy, raid and research cells, GO), steps taken and taken back, the
computer's order made at once, the reveal of every die and the turn's summary,
pass-and-play's hand-over box, a whole game to its result."""

import pytest

from host_sim import device
from shared_rules import airsup as a

AS = pytest.importorskip("firmware.play.airsup_screen")

play = device.press_move


def open_game(tmp_path, options=None, seed=3):
    app, board, drv = device.make(str(tmp_path))
    drv.idle()
    screen = app.start_game("airsup", seed=seed, options=options, resume=False)
    drv.idle()
    return app, board, drv, screen


def text_at(board, text, x, y):
    """Is `text` drawn (ink on paper) with its top left at x, y?"""
    import framebuf

    w = 8 * len(text)
    buf = bytearray(w)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB)
    fb.text(text, 0, 0, 1)
    panel = board.display.buf
    for dx in range(w):
        for dy in range(8):
            if device.pixel(panel, x + dx, y + dy) != device.pixel_w(buf, w, dx, dy):
                return False
    return True


def frames_until(app, cond, limit=400):
    for _ in range(limit):
        if cond():
            return
        app.frame(0, 0)
    raise AssertionError("not reached")


def test_the_order_screen_rows(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    assert device.text_on_screen(board, "Fall 1914", 0)
    assert device.text_on_screen(board, "10/10", 0)
    assert device.text_on_screen(board, "BRI T1", 8) and device.text_on_screen(board, "GER T1", 16)
    assert device.text_on_screen(board, "Buy", 24) and device.text_on_screen(board, "Raid", 32)
    assert device.text_on_screen(board, "Dice 0", 40) and device.text_on_screen(board, "GO", 40)
    assert device.text_on_screen(board, "A:buy B:back", 56)


def test_steps_of_an_order_and_b_takes_the_last_back(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"side": "britain"})
    s = screen.s
    assert device.text_on_screen(board, "GER T1", 8) and device.text_on_screen(board, "BRI T1", 16)
    drv.keys("A")  # buy a type 1
    assert list(s.buy[0]) == [1, 0, 0, 0, 0] and device.text_on_screen(board, "9/10", 0)
    play(app, screen, a.RAID)
    play(app, screen, a.RESEARCH)
    assert s.raid[0][0] == 1 and s.rolls_bought[0] == 1
    assert device.text_on_screen(board, "Dice 1", 40)
    drv.keys("B")  # the research roll back
    assert s.rolls_bought[0] == 0 and s.raid[0][0] == 1
    drv.keys("B,B")  # the raid, then the plane
    assert s.raid[0][0] == 0 and list(s.buy[0]) == [0] * 5
    drv.keys("B")  # nothing to take back: the pause menu
    assert screen.pause == 0


def test_the_cursor_stays_on_its_cell_while_a_again_can_take_a_step(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = screen.s
    drv.keys("A,A")  # two type 1 planes: the cursor stays on the buy cell
    assert list(s.buy[0]) == [2, 0, 0, 0, 0] and screen.picker.zone == "buy"
    screen.picker.place("research", 0)
    drv.keys("A,A,A")
    assert s.rolls_bought[0] == 3 and screen.picker.zone == "research"
    drv.keys("A,A,A,A,A")  # the last resource spent: no die left to add, the cursor
    assert s.rolls_bought[0] == 8 and screen.picker.zone == "raid"  # on the first step left


def test_a_type_above_the_technology_is_refused(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    screen.picker.place("buy", 2)
    drv.keys("A")
    assert device.text_on_screen(board, "needs tech 3", 56)


def test_the_commit_the_rivals_order_and_the_reveal(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = screen.s
    for _ in range(3):
        play(app, screen, a.RESEARCH)
    play(app, screen, a.COMMIT)
    assert s.turn == 1 and device.text_on_screen(board, "Rival orders", 56)
    frames_until(app, lambda: screen.revealing())
    assert s.half == 1 and s.turn == 0  # both ordered: the turn resolved
    assert device.text_on_screen(board, "Fall 1914", 0)
    assert device.text_on_screen(board, "GER research", 8)
    assert device.text_on_screen(board, "A:next B:skip", 56)
    shown = screen.group
    for _ in range(AS.GROUP_FRAMES + 1):  # the next group comes by itself
        app.frame(0, 0)
    assert screen.group == shown + 1 or screen.group == len(screen.groups)
    drv.keys("B")  # to the summary
    assert device.text_on_screen(board, "Turn summary", 8)
    assert device.text_on_screen(board, "A:go on", 56)
    drv.keys("A")
    assert not screen.revealing() and device.text_on_screen(board, "Spring 1915", 0)


def test_two_people_pass_the_device_between_orders(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"people": 2})
    s = screen.s
    assert screen.handoff and device.text_on_screen(board, "Pass to", 14)
    assert device.text_on_screen(board, "Germany", 26)
    drv.keys("A")
    assert not screen.handoff
    drv.keys("A")  # a type 1 plane for Germany
    play(app, screen, a.COMMIT)
    assert s.turn == 1 and screen.handoff and device.text_on_screen(board, "Britain", 26)
    drv.keys("A")
    assert s.buy[0][0] == 1 and text_at(board, "0", AS.COL_X + 6, 8)  # Germany's is secret
    assert device.text_on_screen(board, "BRI T1", 16)
    play(app, screen, a.COMMIT)
    assert screen.revealing() and s.half == 1
    assert screen.groups == [] and device.text_on_screen(board, "Turn summary", 8)  # no dice
    drv.keys("A")  # the next turn
    assert screen.handoff and device.text_on_screen(board, "Germany", 26)


def test_a_whole_game_by_the_computers_presses_ends_on_its_result(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"cpu": "random"}, seed=5)
    assert drv.autoplay(40000)  # the computer's presses, to the result and its files
    s = screen.s
    assert screen.finished and a.over(s)
    w = a.winner(s)
    won = "Draw" if w < 0 else ("You win" if w == 0 else "Rival wins")
    assert device.text_on_screen(board, won, 18)
    assert device.text_on_screen(board, "%d-%d" % (s.tech[0], s.tech[1]), 28)
    why = a.decided_by(s)
    detail = {"resources": "minor victory", "technology": "on technology"}.get(why)
    if why.startswith("type"):
        detail = "more type %ss" % why[5]
    assert detail and device.text_on_screen(board, detail, 38)  # what decided the war
