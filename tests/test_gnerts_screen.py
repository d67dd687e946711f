"""G'nerts on the headless device: the rows (foundations, rivals' Piles, your Pile,
columns and flips), the cursor and the keys (A up, UP onto a column, DOWN flip), a press
played at the next tick, a card a rival put up first going back, a round's start and
end, a save in the middle of a round resumed exactly, a whole game by the computer's
presses."""

import pytest

from firmware import buttons as btn
from firmware import gfx
from firmware.ui import cardgfx
from host_sim import device
from rules_cases.gnerts_kit import build
from shared_rules import gnerts as g

GS = pytest.importorskip("firmware.play.gnerts_screen")


def open_game(tmp_path, options=None, seed=3):
    app, board, drv = device.make(str(tmp_path))
    drv.idle()
    screen = app.start_game("gnerts", seed=seed, options=options, resume=False)
    drv.idle()
    return app, board, drv, screen


def card_at(board, text, x, y, inverted=False):
    """Is the card (its rank and suit glyphs) drawn at x, y (inverted: the cursor)?"""
    import framebuf

    buf = bytearray(17)
    fb = framebuf.FrameBuffer(buf, 17, 8, framebuf.MONO_VLSB)
    cardgfx.card(fb, g.parse_card(text), 0, 0, inverted)
    panel = board.display.buf
    for dx in range(17):
        for dy in range(8):
            if device.pixel(panel, x + dx, y + dy) != device.pixel_w(buf, 17, dx, dy):
                return False
    return True


def put(app, screen, s, run=True):
    """Position s on the screen, in play (run) or before its round."""
    screen.s = s
    screen.mode = GS.RUN if run else GS.READY
    app.dirty = True
    app.frame(0, 0)
    screen.frames = 0  # the next tick two frames on


def press(app, mask):
    app.frame(mask, mask)


def tick(app):
    """Frames up to and through the next tick."""
    t = app.screen.s.tick
    for _ in range(g.TICK_FRAMES + 1):
        if app.screen.s.tick != t:
            return
        app.frame(0, 0)


def test_a_round_starts_on_a_and_the_rows_show_every_part(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 3})
    assert screen.mode == GS.READY and device.text_on_screen(board, "Round 1", 23)
    drv.keys("A")
    assert screen.mode == GS.RUN
    s = screen.s
    assert device.text_on_screen(board, "R1", 0)
    assert device.text_on_screen(board, "W13", 16) and device.text_on_screen(board, "E13", 16)
    assert device.text_on_screen(board, "P13", 32)
    assert card_at(board, g.card_text(s.piles[0][-1]), 0, 40, True)  # the cursor: the Pile
    for c in range(4):
        assert card_at(board, g.card_text(s.cols[0][c][-1]), GS.COL_X[c], 40)
    assert device.text_on_screen(board, "A up ^col v flip", 56)


def test_the_keys_pick_a_card_and_play_it_at_the_next_tick(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 5H", "cols": ("6S", "AH", "9C", "9D"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    press(app, btn.UP)  # the Pile's 5H onto the 6S
    assert screen.pending == g.parse_move(s, "p-1") and s.cols[0][0] == [g.parse_card("6S")]
    tick(app)
    assert s.cols[0][0] == [g.parse_card("6S"), g.parse_card("5H")]
    press(app, btn.RIGHT)
    press(app, btn.RIGHT)
    assert screen.cursor == 2
    press(app, btn.A)  # the ace of hearts up; the Pile's KC fills the column: G'nerts
    tick(app)
    assert list(s.ftop) == [1] and g.round_over(s) and screen.mode == GS.RUN
    app.frame(0, 0)  # the round's banner on the frame after its last tick
    assert screen.mode == GS.READY
    assert device.text_on_screen(board, "G'NERTS!", 23)


def test_a_card_that_fits_two_columns_goes_onto_the_one_you_choose(tmp_path):
    """The text lets the Pile's top go onto any column it fits: UP asks which (the
    column it would go onto inverted too), RIGHT the next one, UP plays it there."""
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 8H", "cols": ("9S", "TD", "9C", "KD"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    press(app, btn.UP)
    assert screen.pending == g.WAIT and screen.carry == 0 and screen.target == 1
    assert device.text_on_screen(board, "<>col ^go v:back", 56)  # the keys while asked
    assert card_at(board, "9S", GS.COL_X[0], 40, True)  # aimed at
    assert card_at(board, "9C", GS.COL_X[2], 40, False)
    press(app, btn.RIGHT)  # the next column the 8H fits: the 9C (not the TD)
    assert screen.target == 3 and screen.cursor == 0
    assert card_at(board, "9C", GS.COL_X[2], 40, True)
    assert card_at(board, "9S", GS.COL_X[0], 40, False)
    press(app, btn.UP)
    assert screen.pending == g.parse_move(s, "p-3") and screen.carry < 0
    tick(app)
    assert [g.card_text(c) for c in s.cols[0][2]] == ["9C", "8H"]
    assert s.cols[0][0] == [g.parse_card("9S")]


def test_down_takes_back_a_card_whose_column_is_asked_for(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 8H", "cols": ("9S", "TD", "9C", "KD"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    press(app, btn.A)  # not up (no foundation for it): onto a column, asked which
    assert screen.carry == 0
    press(app, btn.LEFT)  # round the columns it fits: the 9C
    assert screen.target == 3
    press(app, btn.DOWN)
    assert screen.carry < 0 and screen.pending == g.WAIT
    assert card_at(board, "9C", GS.COL_X[2], 40, False)
    assert device.text_on_screen(board, "A up ^col v flip", 56)
    tick(app)
    assert [g.card_text(c) for c in s.wastes[0]] == []  # DOWN took it back, no flip


def test_a_column_asked_for_that_a_tick_took_away_is_shown_before_it_is_played(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 8H", "cols": ("9S", "TD", "9C", "KD"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    press(app, btn.UP)
    press(app, btn.RIGHT)
    assert screen.target == 3
    s.cols[0][2].append(g.parse_card("8D"))  # as if a tick had changed the column
    press(app, btn.UP)  # not played: the column it would go onto now, shown
    assert screen.pending == g.WAIT and screen.carry == 0 and screen.target == 1
    assert card_at(board, "9S", GS.COL_X[0], 40, True)
    press(app, btn.UP)
    tick(app)
    assert [g.card_text(c) for c in s.cols[0][0]] == ["9S", "8H"]


def test_the_hints_column_comes_first_when_a_column_is_asked_for(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 8H", "cols": ("9S", "TD", "9C", "KD"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    screen.hinted = g.parse_move(s, "p-3")
    press(app, btn.UP)
    assert screen.carry == 0 and screen.target == 3


def test_a_standstill_is_told_on_the_message_line(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 5H", "cols": ("6S", "AH", "9C", "9D"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    s.stills = 2
    tick(app)
    assert device.text_on_screen(board, "standstill 2/4", 24)


def test_a_flash_due_to_end_at_tick_zero_still_shows(tmp_path, monkeypatch):
    """A rival's card put up at tick 246 flashes (its end, tick 256, is 0 mod 256,
    which the flashes' table keeps for "no flash")."""
    app, board, drv, screen = open_game(tmp_path)
    s = build(
        [
            {"pile": "KC 5H", "cols": ("6S", "AH", "9C", "9D"), "stack": "3D 2S 4C"},
            {"scored": "AS 2S"},
        ],
        "2S",
    )

    def rival_puts_up(s, action):
        s.tick = 256 - GS.FLASH_TICKS
        s.plays = [1]  # seat 1 on foundation 0

    put(app, screen, s)
    monkeypatch.setattr(screen.rules, "play", rival_puts_up)
    tick(app)
    assert screen.flash[0] != 0 and device.text_on_screen(board, "West:", 24)


def test_the_result_line_fits_the_box(tmp_path):
    """over_detail() in the result box (14 characters inside its frame): the longest
    name, a two-digit round count."""
    app, board, drv, screen = open_game(tmp_path, {"rivals": 3})
    s = screen.s
    for seat in range(4):
        s.totals = [0, 0, 0, 0]
        s.totals[seat] = 104
        s.round = 12
        assert len(screen.over_detail()) <= 14, screen.over_detail()


def test_down_flips_three_and_a_press_with_no_play_says_so(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC QD", "cols": ("9S", "9H", "9C", "TD"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    press(app, btn.DOWN)
    tick(app)
    assert [g.card_text(c) for c in s.wastes[0]] == ["4C", "2S", "3D"]
    assert card_at(board, "3D", GS.WASTE_X + 34, 48)
    press(app, btn.A)  # the Pile's QD goes nowhere
    assert screen.pending == g.WAIT and device.text_on_screen(board, "no play for it", 24)


def test_a_standstill_held_up_by_the_persons_play_says_so(tmp_path):
    from rules_cases.gnerts_kit import STUCK

    app, board, drv, screen = open_game(tmp_path)
    s = build([dict(STUCK), dict(STUCK)])
    s.since[1] = 99  # West went through its pass long ago
    ace = g.parse_card("AS")
    i = s.piles[0].index(ace)
    s.piles[0][i], s.stacks[0][0] = s.stacks[0][0], ace  # the last flip turns the ace up
    for _ in range(12):  # 35 cards: the twelfth flip turns the ace up
        g.play(s, g.FLIP)
    assert s.wastes[0][-1] == ace and s.stills == 0
    put(app, screen, s)
    tick(app)
    assert device.text_on_screen(board, "you can play!", 24)
    for _ in range(20):
        tick(app)
    assert s.stills == 0  # the standstill waits for the person


def test_a_card_a_rival_put_up_first_goes_back(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build(
        [
            {"cols": ("2H", "9C", "9S", "9D"), "scored": "AH"},
            {"cols": ("2H", "9C", "9S", "9D")},
        ],
        found="AH",
    )
    g.set_seat(s, 1, "strong", 5)
    s.tick = 2  # the next tick is 3: seat 3 % 2 = 1, West, acts first
    s.next_at[1] = 3
    put(app, screen, s)
    press(app, btn.RIGHT)
    press(app, btn.A)
    tick(app)
    assert s.bounced[0] == 1 and s.scored == [1, 1]
    assert device.text_on_screen(board, "too late!", 24)


def test_a_rivals_card_flashes_on_its_foundation(tmp_path):
    app, board, drv, screen = open_game(tmp_path)
    s = build([{}, {"cols": ("AH", "9C", "9S", "9D")}])
    g.set_seat(s, 1, "strong", 5)
    s.next_at[1] = 1
    put(app, screen, s)
    tick(app)
    assert list(s.ftop) == [1] and screen.flash[0]
    x = GS.SUIT_X[1] + 9
    assert device.pixel(board.display.buf, x, 0) == 1  # inverted: ink around the A
    for _ in range(GS.FLASH_TICKS + 1):
        tick(app)
    assert not screen.flash[0]
    assert device.pixel(board.display.buf, x, 0) == 0


def test_a_save_in_the_middle_of_a_round_resumes_exactly(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 2, "speed": 5}, seed=9)
    drv.keys("A")
    for _ in range(120):
        m = screen.bot_press()
        app.frame(m, m)
    before = g.dump(screen.s)
    screen.save_and_exit()
    again = app.start_game("gnerts", resume=True)
    assert g.dump(again.s) == before


def test_a_whole_game_by_the_computer_presses(tmp_path):
    app, board, drv, screen = open_game(tmp_path, {"rivals": 1, "speed": 5})
    for _ in range(60000):
        if screen.finished:
            break
        m = screen.bot_press()
        app.frame(m, m)
    assert screen.finished and g.over(screen.s)
    while screen.files_pending():  # the journal a piece a frame
        app.frame(0, 0)
    assert app.store.exists("gnerts.last.rep") and not app.store.exists("gnerts.sav")


def test_every_frame_drawn_by_parts_equals_the_whole_panel_drawn_again(tmp_path):
    """A tick redraws only the parts it changed (the foundations, the rivals' Piles, the
    message, your rows): at every frame of a game by the computer's presses, three
    rivals at speed 5, the panel is what a whole redraw gives (but on a deal's frame:
    its banner, the panel on the next); the pause menu opened and closed on the way."""
    import framebuf

    app, board, drv, screen = open_game(tmp_path, {"rivals": 3, "speed": 5}, seed=4)
    parts = paused = deals = 0
    for i in range(4000):
        if screen.finished:
            break
        m = screen.bot_press()
        if i in (700, 702):
            m = btn.B if i == 700 else btn.A  # the pause menu, then Resume
        app.frame(m, m)
        parts += screen.drawn_for is screen.s
        panel = bytes(board.display.buf)
        buf = bytearray(len(panel))
        fb = framebuf.FrameBuffer(buf, gfx.W, gfx.H, framebuf.MONO_VLSB)
        kept = (screen.due, screen.shown_msg, screen.rival_cards)
        screen.draw_whole(fb)
        screen.due, screen.shown_msg, screen.rival_cards = kept
        if screen.pause >= 0:
            paused += 1
            continue
        if screen.dealt:  # A dealt the next round: its banner, the panel a frame later
            deals += 1
            continue
        assert bytes(buf) == panel, (i, screen.s.tick)
    assert parts > 1000 and screen.s.round > 1 and paused == 2 and deals == screen.s.round - 1


def test_a_rounds_inputs_go_to_the_journal_in_pieces_and_the_replay_is_exact(tmp_path):
    """The inputs go to the journal a piece at a time during a round (on frames without
    a tick), not all at the round's end; a game saved from the pause menu in the middle
    of a round, resumed and played to its end replays to the same state and panel."""
    from firmware import gamescreen, reading

    app, board, drv, screen = open_game(tmp_path, {"rivals": 2, "speed": 5}, seed=6)
    pieces = 0
    size = len(app.store.read_text("gnerts.in"))
    while pieces < 3:
        m = screen.bot_press()
        app.frame(m, m)
        assert screen.s.round == 1 and not g.round_over(screen.s)
        now = len(app.store.read_text("gnerts.in"))
        if now != size:
            pieces += 1
            assert screen.frames  # never on a tick's frame
        size = now
        assert screen.inputs.n <= gamescreen.JOURNAL_PIECE
    drv.keys("B,DOWN,DOWN,DOWN,A")  # the pause menu: Save & exit
    assert app.screen is not screen and app.store.exists("gnerts.sav")
    screen = app.start_game("gnerts", resume=True)
    assert drv.autoplay(200000) and screen.finished
    with open(app.store.path("gnerts.last.rep")) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app2, board2, drv2 = device.make(str(tmp_path / "again"))
    drv2.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
    assert g.dump(app2.screen.s) == g.dump(screen.s)
    assert bytes(board2.display.buf) == bytes(board.display.buf)


def test_a_press_right_after_a_rounds_end_does_not_deal_the_next(tmp_path):
    """A press meant for the round's last moment does not deal the next round: A deals
    it only half a second (OVER_GRACE frames) after the end; meanwhile the round's end
    is saved, and a save resumed there shows the end of that round."""
    from firmware import gamescreen

    app, board, drv, screen = open_game(tmp_path, {"rivals": 1, "speed": 5}, seed=2)
    s = screen.s
    while not g.round_over(s):
        m = screen.bot_press()
        app.frame(m, m)
    ended = app.frame_no
    press(app, btn.A)
    assert s.round == 1 and g.round_over(s) and screen.mode == GS.READY
    saved = app.store.read_text("gnerts.sav").split("\n--\n", 1)[1]
    assert g.round_over(g.load(saved)) and g.load(saved).round == 1
    while app.frame_no < ended + gamescreen.OVER_GRACE:
        app.frame(0, 0)
    press(app, btn.A)
    assert s.round == 2 and not g.round_over(s) and screen.mode == GS.RUN


def test_a_hint_puts_the_cursor_on_the_strong_players_card(tmp_path):
    """Pause, Hint: the strong player's action for you (it searches nothing), the cursor
    on its card and the key to press on the message line; that key plays it."""
    app, board, drv, screen = open_game(tmp_path)
    s = build([{"pile": "KC 5H", "cols": ("6S", "AH", "9C", "9D"), "stack": "3D 2S 4C"}, {}])
    put(app, screen, s)
    screen.cursor = 3
    drv.keys("B,DOWN,A")  # the pause menu: Hint
    assert screen.pause < 0 and screen.cursor == g.SRC_PILE
    assert screen.msg == "Hint: %s, UP" % cardgfx.card_char(g.parse_card("5H"))
    assert device.text_on_screen(board, "Hint:", 24)
    assert g.best_move(s) == g.parse_move(s, "p-1")
    press(app, btn.UP)  # the Pile's 5H onto the 6S, as the strong player would
    tick(app)
    assert s.cols[0][0] == [g.parse_card("6S"), g.parse_card("5H")]
