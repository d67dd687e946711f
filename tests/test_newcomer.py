"""What a newcomer trips over (the simulator and the device as first met)."""

import framebuf

import host_sim  # noqa: F401
from firmware import buttons as btn
from firmware import gfx
from firmware.ui import cardgfx
from host_sim import device
from shared_rules import snafu as sn


def lit(buf, x, y):
    return device.pixel(buf, x, y)


def visible(cells):
    """Those of `cells` on the board and not under the "Round N / A: go" banner."""
    return [
        (x, y)
        for x, y in cells
        if 0 <= x < 111 and 0 <= y < 64 and not (19 <= x < 93 and 20 <= y < 42)
    ]


def pointer_cells(screen, t):
    """The pixels of trail t's starting pointer as drawn (head centre outwards)."""
    s = screen.s
    q = screen.queue[t]
    d = sn.steer(s, t, q[-1]) if q else s.dir[t]
    h = s.head[t]
    x = (h % sn.W - 1) * 3 + 1
    y = (h // sn.W - 1) * 3 + 1
    return d, [(x + sn.DX[d] * k, y + sn.DY[d] * k) for k in range(2, 7)]


def test_snafu_shows_where_red_starts_before_a_go(tmp_path):
    app, board, d = device.make(str(tmp_path))
    screen = app.start_game("snafu", seed=9, resume=False)
    d.idle()
    buf = bytes(board.display.buf)
    start, cells = pointer_cells(screen, sn.RED)
    on_board = visible(cells)
    assert on_board and all(lit(buf, x, y) for x, y in on_board)
    # a turn asked for before the go moves the pointer with it
    turn = btn.RIGHT if start in (0, 4) else btn.UP
    app.frame(turn, turn)
    app.frame(0, 0)
    d2, cells2 = pointer_cells(screen, sn.RED)
    assert d2 != start
    buf2 = bytes(board.display.buf)
    assert all(lit(buf2, x, y) for x, y in visible(cells2))
    # the first pointer is gone (beyond the head's own square)
    assert not all(lit(buf2, x, y) for x, y in visible(cells[2:]))
    # and the panel is what a full repaint draws (the turn redraws only the pointer)
    for turn in (btn.LEFT, btn.DOWN, btn.RIGHT, btn.UP):
        app.frame(turn, turn)
        app.frame(0, 0)
        buf = bytes(board.display.buf)
        screen.repaint = True
        app.dirty = True
        app.frame(0, 0)
        assert bytes(board.display.buf) == buf, turn


def test_a_banner_holds_its_longest_line():
    """ "YELLOW wins" (11 characters) stays inside the round banner's frame."""
    for line in ("YELLOW wins", "GREEN wins", "RED wins", "Draw", "Round 3"):
        fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        gfx.banner(fb, line, "A: next")
        xs = [x for x in range(128) if fb.pixel(x, 21)]  # the frame's top edge
        left, right = min(xs), max(xs)
        inside = sum(fb.pixel(x, y) for x in range(left + 1, right) for y in range(23, 31))
        alone = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        alone.text(line, 0, 0, 1)
        whole = sum(alone.pixel(x, y) for x in range(128) for y in range(8))
        assert inside == whole, line  # every pixel of the line, none on or past the frame
        assert right < 113  # clear of Snafu's score strip


def _fb():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def _region(fb, x, y, w, h=8):
    return [fb.pixel(x + i, y + j) for i in range(w) for j in range(h)]


def test_rich_text_draws_cards_as_on_the_table_and_counts_their_columns():
    text = "drew " + cardgfx.card_char(9 + 13)  # the ten of hearts
    fb = _fb()
    assert cardgfx.rich_text(fb, text, 0, 0) == 7 == rich_len(text)
    want = _fb()
    want.text("drew ", 0, 0, 1)
    cardgfx.card_label(want, 9 + 13, 40, 0, 1)
    assert _region(fb, 0, 0, 128) == _region(want, 0, 0, 128)
    # a card that would run past 16 columns is left out whole, not cut in half
    fb = _fb()
    assert cardgfx.rich_text(fb, "x" * 15 + cardgfx.card_char(0), 0, 0) == 15
    assert not any(_region(fb, 120, 0, 8))


def test_hang10_messages_show_cards_with_the_tables_glyphs(tmp_path):
    """ "drew 10♥" as the cards on the table show it, not "drew TH"."""
    from firmware.play import hang10_screen as hs
    from shared_rules import hang10 as h

    for seed in range(1, 60):
        app, board, d = device.make(str(tmp_path / str(seed)))
        screen = app.start_game("hang10", seed=seed, resume=False)
        d.keys("A")  # draw
        s = screen.s
        if s.phase == h.PH_PLAY and s.drawn % 13 == 9:
            break
    else:
        raise AssertionError("no seed draws a ten first")
    buf = bytes(board.display.buf)
    want = _fb()
    cardgfx.card_label(want, s.drawn, 40, 0, 1)
    got = [device.pixel(buf, 40 + i, hs.INFO_Y + j) for i in range(16) for j in range(8)]
    assert got == _region(want, 40, 0, 16)


def test_settings_are_kept_however_they_are_left(tmp_path):
    """Esc in the simulator goes home without Back: the change is written anyway, once."""
    from firmware import launcher

    app, _board, d = device.make(str(tmp_path))
    d.idle()
    app.go(launcher.Settings(app))
    d.keys("A")  # contrast 3 -> 4
    writes = app.store.writes
    app.home()  # what Esc does on a screen that is not a game
    assert app.store.writes == writes + 1
    app2, _b2, _d2 = device.make(str(tmp_path))
    assert app2.settings["contrast"] == 4
    app2.go(launcher.Settings(app2))
    writes = app2.store.writes
    app2.home()  # nothing changed: nothing written
    assert app2.store.writes == writes


def test_the_launcher_keeps_its_cursor(tmp_path):
    from firmware import launcher

    app, _board, d = device.make(str(tmp_path))
    d.idle()
    d.keys("DOWN,DOWN,DOWN")
    at = app.screen.index
    d.keys("A,B")  # into an entry (Settings) and back
    assert isinstance(app.screen, launcher.Launcher) and app.screen.index == at == 3


def test_the_watchdog_says_it_takes_effect_at_the_next_start(tmp_path):
    from firmware import launcher

    app, board, d = device.make(str(tmp_path))
    if board.watchdog is None:
        import pytest

        pytest.skip("this board has no watchdog")
    d.idle()
    app.go(launcher.Settings(app))
    labels = app.screen.labels()
    d.keys("DOWN," * [i for i, x in enumerate(labels) if x.startswith("Watchdog")][0] + "A")
    assert app.toast == "From next start"


def test_stats_footer_is_never_cut(tmp_path):
    from firmware import launcher

    app, board, d = device.make(str(tmp_path))
    d.idle()
    for gid in ("hang10", "snafu"):
        app.go(launcher.StatsScreen(app, gid))
        d.idle()
        label, note = app.screen.clean or ("Won", "matches won")
        footer = "%s=%s" % (label, note)
        shown = footer if len(footer) <= 16 else note
        assert len(shown) <= 16 and shown in (footer, note)
        assert device.text_on_screen(board, shown, 55)


def test_new_game_asks_before_replacing_a_saved_game(tmp_path):
    from firmware import gamescreen, launcher

    app, _board, d = device.make(str(tmp_path))
    screen = app.start_game("hang10", seed=5, resume=False)
    d.keys("A")
    screen.save_now()
    saved = screen.rules.dump(screen.s)
    app.home()
    d.idle()
    app.go(launcher.GameMenu(app, "hang10"))
    labels = app.screen.labels()
    d.keys("DOWN," * labels.index("New game") + "A")
    assert app.screen.title == "Replace save?"
    d.keys("B")  # changed my mind: back to the game's menu, the save kept
    assert isinstance(app.screen, launcher.GameMenu) and app.store.exists("hang10.sav")
    d.keys("DOWN," * labels.index("New game") + "A")
    d.keys("A")  # No: continue
    assert isinstance(app.screen, gamescreen.GameScreen)
    assert app.screen.rules.dump(app.screen.s) == saved
    app.home()
    app.go(launcher.GameMenu(app, "hang10"))
    d.keys("DOWN," * labels.index("New game") + "A")
    d.keys("DOWN,A")  # Yes: new game
    assert isinstance(app.screen, gamescreen.GameScreen)
    assert app.screen.rules.dump(app.screen.s) != saved


def test_a_scale_option_stops_at_its_ends_and_choices_cycle(tmp_path):
    """Snafu's speed goes 2, 3, 4 and stays at 4 (not back to 1); Players cycles."""
    from firmware import games, launcher

    app, _board, d = device.make(str(tmp_path))
    d.idle()
    rules = games.rules("snafu")
    app.go(launcher.OptionsScreen(app, "snafu", rules))
    keys = [o[0] for o in rules.OPTIONS]
    d.keys("DOWN," * keys.index("speed"))
    seen = []
    for _ in range(4):
        d.keys("RIGHT")
        seen.append(app.screen.opts["speed"])
    assert seen == [3, 4, 4, 4]
    d.keys("UP," * keys.index("speed") + "DOWN," * keys.index("humans"))
    values = dict((o[0], o[2]) for o in rules.OPTIONS)["humans"]
    got = []
    for _ in range(len(values)):
        d.keys("RIGHT")
        got.append(app.screen.opts["humans"])
    assert sorted(got) == sorted(values)  # every choice, round again
    assert launcher.ordered((1, 2, 3, 4)) and not launcher.ordered((1, 2, 0))


def rich_len(text):
    """Columns `text` takes in cardgfx.rich_text (a card character takes two)."""
    return sum(2 if ord(ch) >= cardgfx.CARD_CODE else 1 for ch in text)
