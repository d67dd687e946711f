"""Double Solitaire on the headless device: what the panel shows (the rival's Pile and
column tops, the Stacks, your Pile, columns and hand), a play by the picker (a card,
then its Stack), a fill and the card that ends the turn, the rival's turn on the log
line, a match's next game, the end."""

import pytest

from firmware import buttons as btn
from firmware import gfx
from firmware.ui import cardgfx
from host_sim import device
from rules_cases.dsol_cases import COLS, P13, P13B, build
from shared_rules import dsol as d

DS = pytest.importorskip("firmware.play.dsol_screen")

play = device.press_move


def open_game(tmp_path, options=None, seed=3):
    app, board, drv = device.make(str(tmp_path))
    drv.idle()
    screen = app.start_game("dsol", seed=seed, options=options, resume=False)
    drv.idle()
    return app, board, drv, screen


def card_at(board, text, x, y):
    """Is the card (its rank and suit glyphs, ink on paper) drawn at x, y?"""
    import framebuf

    buf = bytearray(16)
    fb = framebuf.FrameBuffer(buf, 16, 8, framebuf.MONO_VLSB)
    cardgfx.card_label(fb, d.parse_card(text), 0, 0, 1)
    panel = board.display.buf
    for dx in range(16):
        for dy in range(8):
            if device.pixel(panel, x + dx, y + dy) != device.pixel_w(buf, 16, dx, dy):
                return False
    return True


def put(app, screen, s):
    screen.s = s
    screen.picker.reset()
    screen.app.dirty = True
    app.frame(0, 0)


def test_the_rows_show_both_sides_the_stacks_and_the_hand(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "", "", ""))
    put(app, screen, s)
    x = DS.COLS_X
    assert device.text_on_screen(board, "R13", 0) and card_at(board, "AC", DS.PILE_X, 0)
    assert card_at(board, "JC", x, 0) and card_at(board, "QC", x + 3 * DS.STEP, 0)
    assert device.text_on_screen(board, "Play", 8) and card_at(board, "AS", x, 8)
    assert device.text_on_screen(board, "-", 8)  # an open space
    assert device.text_on_screen(board, "Y13", 24) and card_at(board, "9C", x, 24)
    assert card_at(board, "6H", DS.HAND_X + DS.STEP, 40)  # (the cursor is on the 2H)
    assert card_at(board, "9H", DS.HAND_X + 4 * DS.STEP, 40)
    assert device.text_on_screen(board, "Draw %d" % s.ndraw, 48)
    assert device.text_on_screen(board, "A:pick  v:zone", 56)


def test_a_play_picks_the_card_then_its_stack(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "", "", ""))
    put(app, screen, s)
    screen.picker.place("hand", 0)  # 2H
    drv.keys("A")
    assert screen.picker.path == [("hand", d.parse_card("2H"))]
    assert device.text_on_screen(board, "A:put  B:back", 56)
    drv.keys("A")  # the cursor is on the only Stack it fits: the ace
    assert [c % 13 for c in s.stacks[0]] == [0, 1] and s.turn == 0
    assert card_at(board, "2H", DS.COLS_X, 8)
    assert device.text_on_screen(board, "You 2H>S1", 16)


def test_a_plays_frame_holds_the_move_and_the_cursor_comes_a_frame_later(tmp_path):
    """The press's frame shows the play; the next moves are worked out on the next
    frame and the cursor placed on the one after (a press in between finds it placed
    first)."""
    app, board, drv, screen = open_game(tmp_path)
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"), stacks=("AS", "", "", ""))
    put(app, screen, s)
    screen.picker.place("hand", 0)  # 2H
    drv.keys("A")
    app.frame(btn.A, btn.A)  # onto the ace: played
    assert [c % 13 for c in s.stacks[0]] == [0, 1]
    assert device.text_on_screen(board, "You 2H>S1", 16)  # on the panel in the press's frame
    assert screen.picker.due and screen.picker.path == []
    app.frame(0, 0)  # the next moves worked out; no cursor yet
    assert screen.picker.due and screen.picker.cached
    app.frame(0, 0)  # then the cursor placed and drawn
    assert not screen.picker.due and screen.picker.zone is not None
    assert screen.picker.legal(screen.picker.zone)[screen.picker.index]
    screen.picker.reset(later=True)
    assert screen.picker.press(btn.RIGHT) == -1 and not screen.picker.due


def test_no_cursor_and_no_moves_worked_out_while_the_rival_plays(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build((P13, P13B), COLS, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    put(app, screen, s)
    play(app, screen, d.parse_move(s, "6H>c3"))
    assert s.turn == 1 and screen.picker.zone is None and screen.picker.cached == []
    for _ in range(200):
        if s.turn == 0:
            break
        app.frame(0, 0)
    app.frame(0, 0)
    assert s.turn == 0 and screen.picker.zone is not None  # the person's turn: a cursor


def test_a_fill_and_the_card_that_ends_the_turn(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    cols = (("", "9C", "TC", "TC"), COLS[1])
    s = build((P13, P13B), cols, ("2H 6H 7H 8H 9H", "3C 4C 5C 6C 7C"))
    put(app, screen, s)
    assert device.text_on_screen(board, "A:pick  fill col", 56)
    play(app, screen, d.parse_move(s, "fill 9H"))
    assert s.cols[0][0] == [d.parse_card("9H")] and s.turn == 0
    play(app, screen, d.parse_move(s, "6H>c3"))
    assert s.turn == 1 and s.cols[0][2] == [d.parse_card("TC"), d.parse_card("6H")]
    assert device.text_on_screen(board, "Rival's turn", 56)
    for _ in range(200):  # the rival's turn, move by move on the log line
        if s.turn == 0:
            break
        app.frame(0, 0)
    assert s.turn == 0 and device.text_on_screen(board, "Rival", 16)


def test_a_match_deals_the_next_game_on_A(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"match": 20})
    s = build(("AH", P13B), COLS, ("5H 6H 7H 8H 9H", "3C 4C"), options={"match": 20})
    put(app, screen, s)
    play(app, screen, d.parse_move(s, "pile>s1"))
    assert s.phase == d.PH_BETWEEN and device.text_on_screen(board, "You won", 16)
    assert device.text_on_screen(board, "A:next game", 56)
    drv.keys("A")
    assert s.phase == d.PH_PLAY and s.npile == [13, 13] and s.starter == 1


def test_a_whole_game_by_the_computers_presses_ends_on_its_result(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"cpu": "greedy"}, seed=5)
    assert drv.autoplay(40000)  # the computer's presses, to the result and its files
    s = screen.s
    assert screen.finished and d.over(s)
    w = d.winner(s)
    won = "Draw" if w < 0 else ("You win" if w == 0 else "Rival wins")
    assert device.text_on_screen(board, won, 18)
    assert device.text_on_screen(board, "Piles %d-%d" % (s.npile[0], s.npile[1]), 38)


def test_every_frame_drawn_by_rows_equals_the_whole_panel_drawn_again(tmp_path):
    """The screen redraws only the rows that changed (a cursor step: its rows; a move of
    yours that leaves you to play: all but the rival's row): at every frame of a game
    played by the computer's presses the panel is what a whole redraw gives."""
    import framebuf

    app, board, drv, screen = open_game(tmp_path, {"cpu": "greedy"}, seed=5)
    kept = 0
    for _ in range(6000):
        if screen.finished or app.screen is not screen:
            break
        mask = screen.bot_press()
        for m in (mask, 0):
            mine = screen.human_turn()
            before = screen.s.nmoves
            app.frame(m, m)
            panel = bytes(board.display.buf)
            buf = bytearray(len(panel))
            fb = framebuf.FrameBuffer(buf, gfx.W, gfx.H, framebuf.MONO_VLSB)
            screen.repaint = True
            screen.draw(fb)
            assert bytes(buf) == panel, (screen.s.nmoves, m)
            kept += mine and screen.human_turn() and screen.s.nmoves == before + 1
    assert screen.finished and kept > 20
