"""Pret? Allez! on the headless device: what the panel shows whose turn it is, the hand
hidden between two people's turns, the computer's hand never shown, discards by the
picker, and a resume in the middle of a turn's discards."""

from firmware import buttons as btn
from host_sim import device
from shared_rules import fencing as f


def open_bout(tmp_path, options):
    app, board, d = device.make(str(tmp_path))
    d.idle()
    screen = app.start_game("fencing", seed=3, options=options, resume=False)
    d.idle()
    return app, board, d, screen


play = device.press_move


def test_two_people_pass_the_box_and_the_hand_is_hidden(tmp_path):
    app, board, d, screen = open_bout(tmp_path, {"humans": 2})
    assert screen.curtain == 0  # the first person is asked to take the box
    assert device.text_on_screen(board, "Pass the box to", 24)
    d.keys("A")
    assert screen.curtain == -1 and device.text_on_screen(board, "A:pick B:menu", 56)
    m = f.A_BOARD_RET if f.A_BOARD_RET in f.moves(screen.s) else f.moves(screen.s)[0]
    play(app, screen, m)
    while screen.s.phase == f.PH_DISCARD:  # a discard phase belongs to the same turn
        play(app, screen, f.moves(screen.s)[0])
    assert screen.s.turn == 1 and screen.curtain == 1
    assert device.text_on_screen(board, "Right", 34)
    assert not device.text_on_screen(board, "A:pick B:menu", 56)  # no hand on the panel
    d.keys("A")
    assert screen.curtain == -1


def test_solo_shows_the_persons_hand_on_the_computers_turn(tmp_path):
    app, board, d, screen = open_bout(tmp_path, {"first": "right"})
    s = screen.s
    assert s.turn == 1 and not screen.human_turn()
    assert screen.viewer() == 0
    mine = [k for k in range(f.KINDS) if s.hands[0][k]]
    first = f.CARD_CODES[mine[0]]
    assert device.text_on_screen(board, first, 40)
    assert device.text_on_screen(board, "Right's turn", 56)


def test_discards_one_at_a_time_then_the_draw_and_a_resume_between(tmp_path):
    app, board, d, screen = open_bout(tmp_path, {"humans": 2})
    d.keys("A")  # take the box
    s = screen.s
    play(app, screen, f.A_BOARD_RET)  # a whole turn: saved when the other person is to act
    saved = f.dump(s)
    d.keys("A")  # the right fencer takes the box
    assert f.A_BOARD_ADV in f.moves(s)
    play(app, screen, f.A_BOARD_ADV)
    assert s.phase == f.PH_DISCARD and s.pos[1] == 6
    assert device.text_on_screen(board, "discard 2 more", 56)
    play(app, screen, f.moves(s)[0])
    assert s.phase == f.PH_DISCARD and s.discarded == 1
    # the box is switched off here: the last save is the turn's start, resumed exactly
    app2, board2, d2 = device.make(str(tmp_path))
    d2.idle()
    resumed = app2.start_game("fencing", resume=True)
    assert f.dump(resumed.s) == saved
    assert resumed.curtain == 1  # the hand stays hidden until the right fencer is ready
    d2.keys("A")
    play(app2, resumed, f.A_BOARD_ADV)
    play(app2, resumed, f.moves(resumed.s)[0])
    play(app2, resumed, f.moves(resumed.s)[0])
    assert resumed.s.phase == f.PH_PLAY and resumed.s.turn == 0


def test_pressing_b_steps_back_from_a_partner_card(tmp_path):
    app, board, d, screen = open_bout(tmp_path, {"humans": 2})
    d.keys("A")
    s = screen.s
    s.pos[0], s.pos[1] = 4, 5  # adjacent, left holds priority: a lunge needs an attack
    s.hands[0][f.LUNGE] += 1
    s.decks[0][s.ndeck[0] - 1]  # (the deck is untouched)
    s.hands[0][f.ATTACK] += 0
    screen.picker.reset()
    if not s.hands[0][f.ATTACK]:
        return  # this seed's hand holds no attack: nothing to pair
    m = f.A_LUNGE
    assert m in f.moves(s)
    while screen.picker.path == []:
        key = screen.picker.press_toward(m)
        app.frame(key, key)
        app.frame(0, 0)
    assert screen.picker.path == [("hand", f.LUNGE)]
    assert device.text_on_screen(board, "with AT or FE", 56)
    app.frame(btn.B, btn.B)
    app.frame(0, 0)
    assert screen.picker.path == [] and s.nmoves == 0
