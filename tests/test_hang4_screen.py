"""Hang Four on the headless device: the rows (deck and bank, each player's sand dollars,
complete dogs and dogs under way), an action by the cursor, Grab a Board's choices of
rival and boards, Wipe Out's, the computers' turns on the log line, a whole game to its
result."""

import pytest
import unlisted

from host_sim import device
from rules_cases.hang4_cases import D, Dice, N, T, build
from shared_rules import hang4 as h

HS = pytest.importorskip("firmware.play.hang4_screen")


def open_game(tmp_path, options=None, seed=3):
    return unlisted.open_game(tmp_path, "hang4", options, seed)


def on_my_turn(app, screen, state):
    """The screen on a built position, the person to act."""
    screen.s = state
    screen.picker.reset()
    app.dirty = True
    app.frame(0, 0)


def test_the_rows(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 3})
    s = screen.s
    assert device.text_on_screen(board, "Deck %d" % s.ndeck, 0)
    assert device.text_on_screen(board, "Bank %d" % s.bank, 0)
    for seat, y in ((1, 8), (2, 16), (3, 24), (0, 32)):
        assert HS.row_y(s, seat) == y
    assert device.text_on_screen(board, "Roll", 40) and device.text_on_screen(board, "Shk", 40)


def test_a_purchase_by_the_cursor(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    on_my_turn(app, screen, build([[D], [D]], [7, 3]))
    s = screen.s
    assert device.text_on_screen(board, "A:roll B:menu", 56)
    drv.keys("DOWN")  # the purchases
    assert screen.picker.zone == "buy" and device.text_on_screen(board, "A:buy 1 (3$)", 56)
    drv.keys("RIGHT,A")
    assert s.sand[0] == 1 and len(s.dogs[0]) + h.complete(s, 0) >= 1
    assert device.text_on_screen(board, "You bought 2", 48)
    assert s.turn == 1


def test_grab_a_board_picks_the_rival_then_each_board(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 2})
    s = build([[D], [N | D, T], [D | T, N]], [4, 2, 2])
    s.shack[s.nshack - 1] = h.GRAB
    on_my_turn(app, screen, s)
    s.rng = Dice([1])
    drv.keys("RIGHT,A")  # Shk: pay 2, Grab a Board, its die 1
    assert s.phase == h.PH_FROM and device.text_on_screen(board, "A:grab from", 56)
    assert device.text_on_screen(board, "You Grab 1", 48)
    assert screen.picker.zone == "seat"
    drv.keys("RIGHT,A")  # North
    assert s.victim == 2 and s.phase == h.PH_TAKE
    assert device.text_on_screen(board, "A:take (1 left)", 56)
    drv.keys("A")  # its first board: the tail of its first dog
    assert s.dogs[2] == [D, N] and s.dogs[0] == [D | T] and s.turn == 1


def test_wipe_out_picks_your_boards(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([[D | N, T, N], [D]], [4, 2])
    s.shack[s.nshack - 1] = h.WIPE
    on_my_turn(app, screen, s)
    s.rng = Dice([2])
    drv.keys("RIGHT,A")
    assert s.phase == h.PH_LOSE and screen.picker.zone == "mine"
    assert device.text_on_screen(board, "A:lose (2 left)", 56)
    drv.keys("RIGHT,RIGHT,A,A")  # the lone nose, then the first board left
    assert s.dogs[0] == [D, T] and s.turn == 1


def test_a_rival_turn_is_shown_on_the_log_line(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    on_my_turn(app, screen, build([[D], [D]], [0, 7]))
    s = screen.s
    s.rng = Dice([3, 4])
    drv.keys("A")  # roll 3
    assert device.text_on_screen(board, "You 3: +3$", 48)
    assert device.text_on_screen(board, "West's turn", 56)
    for _ in range(40):
        if s.turn == 0:
            break
        app.frame(0, 0)
    assert s.turn == 0 and s.last[h.L_SEAT] == 1
    assert device.text_on_screen(board, HS.outcome(s), 48)


def test_outcome_lines_fit_the_panel():
    s = h.new(1, {"rivals": 3})
    for seat in range(4):
        for act, card, die2 in ((h.ROLL, 0, 0), (h.BUY + 9, 0, 0), (h.ROLL, 3, 6), (h.SHACK, 2, 5)):
            s.last = bytearray([seat, act, 6 if card else 5, card, die2, 27])
            assert len(HS.outcome(s)) <= 16, HS.outcome(s)


def test_a_whole_game_by_the_computers_presses_ends_on_its_result(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 3}, seed=8)
    assert drv.autoplay(40000)  # the computer's presses, to the result and its files
    s = screen.s
    assert screen.finished and h.over(s)
    w = h.winner(s)
    won = "Draw" if w < 0 else ("You win" if w == 0 else h.SEAT_NAMES[w] + " wins")
    assert device.text_on_screen(board, won, 18)
    assert device.text_on_screen(board, "-".join(str(x) for x in h.scores(s)), 28)
    assert device.text_on_screen(board, h.END_NAMES[s.end], 38)


def test_help_pages_fit_the_panel():
    """The checks tests/test_help.py makes of a registered game's pages."""
    from firmware.play import hang4_help

    assert hang4_help.PAGES and all(isinstance(p, tuple) for p in hang4_help.PAGES)
    for page in hang4_help.PAGES:
        assert len(page[0]) <= 12 and 1 <= len(page) - 1 <= 6  # 12: the page number
        for line in page[1:]:
            assert len(line) <= 16 and line == line.rstrip() and line.isascii()
    words = " ".join(" ".join(p) for p in hang4_help.PAGES)
    for control in ("LEFT", "RIGHT", "DOWN", "UP", "A:", "B:"):
        assert control in words


def test_more_dogs_under_way_than_fit_end_in_a_plus(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    on_my_turn(app, screen, build([[D, N, N, T, T, N | T], [D]], [0, 0]))
    assert device.text_on_screen(board, "+", 32)  # four pictures, then "+"
    on_my_turn(app, screen, build([[D, N, N, T, T], [D]], [0, 0]))
    assert not device.text_on_screen(board, "+", 32)  # five fit
