"""Disc Battle on the headless device: what the panel shows (the Grid, the bases and
programs, the turn, the held cards, the choices), the person's moves by the picker
(a move's new base, a throw's direction and lane), the hint, the log of what each
computer did, the dice of the advanced tests, a save and resume at any point, a whole
match by the computer's presses to the result box, and the help pages."""

import sys

import pytest
import unlisted

from firmware import buttons as btn
from host_sim import device
from shared_rules import disc as g

play = device.press_move
pixel = device.pixel


def open_match(tmp_path, options=None, seed=3):
    return unlisted.open_game(tmp_path, "disc", options, seed)


def until(app, done, limit=3000):
    for _ in range(limit):
        if done():
            return
        app.frame(0, 0)
    raise AssertionError("not reached")


def person_to_act(app, screen):
    until(app, lambda: screen.human_turn() and not screen.picker.due and screen.picker.zone)


def person_card(app, screen):
    """Play the computer's choices for the person until the person's card is flipped."""
    for _ in range(200):
        person_to_act(app, screen)
        if screen.s.phase == g.PH_CARD:
            return
        play(app, screen, g.best_move(screen.s))
    raise AssertionError("no card of the person's")


def test_the_grid_the_programs_and_the_choices(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    s, buf = screen.s, board.display.buf
    assert screen.c == 2  # the 24 grid, 2 pixels a cell, in a frame 50 pixels square
    assert pixel(buf, 0, 0) and pixel(buf, 49, 49) and pixel(buf, 49, 0) and pixel(buf, 0, 49)
    for p in (0, 1):
        x, y = 1 + 2 * s.bx[p], 1 + 2 * s.by[p]
        assert pixel(buf, x, y) and pixel(buf, x + 7, y + 7)  # the base's outline
        assert pixel(buf, x + 2, y + 2)  # the program's edge
        assert pixel(buf, x + 3, y + 3) == (1 if p == 0 else 0)  # yours solid, Red a ring
    assert device.text_on_screen(board, "T%d You" % s.turn, 0)
    assert device.text_on_screen(board, "You", 8) and device.text_on_screen(board, "Red", 16)
    assert device.text_on_screen(board, "move", 32) or device.text_on_screen(board, "move", 40)
    assert screen.picker.zone == "act"


def test_a_move_by_the_grid_cursor(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    s = screen.s
    bx, by = s.bx[0], s.by[0]
    m = [m for m in g.moves(s) if m >= g.MOVE and m < g.CATCH][0]
    screen.picker.place("act", 4)
    d.keys("A")
    assert screen.picker.zone == "grid"
    assert device.text_on_screen(board, "A:move", 40)
    play(app, screen, m)
    c = m - g.MOVE
    assert (s.bx[0], s.by[0]) == (bx + c % 9 - 4, by + c // 9 - 4)
    assert device.text_on_screen(board, "You: " + g.move_text(s, m)[:11], 56)


def test_a_throw_by_direction_and_lane(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    s = screen.s
    throws = [m for m in g.moves(s) if g.THROW <= m < g.MOVE]
    m = throws[len(throws) // 2]
    screen.picker.place("act", 3)
    d.keys("A")
    assert screen.picker.zone == "dir"
    assert any(device.text_on_screen(board, "NW", y) for y in (32, 40, 48))  # the compass
    play(app, screen, m)
    assert s.nmoves and device.text_on_screen(board, "You: throw", 56)


def test_the_hint_points_at_the_strong_move(tmp_path):
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    want = g.best_move(screen.s)
    d.keys("UP")
    assert screen.log.text == "Hint: " + g.move_text(screen.s, want)
    assert screen.picker.zone == g.touches(screen.s, want)[0][0]


def test_the_log_says_what_each_computer_did(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"battle": "three"})
    s = screen.s
    seen = []
    for _ in range(4000):
        if screen.human_turn():
            play(app, screen, g.best_move(s))
        else:
            app.frame(0, 0)
        text = screen.log.text
        if text and (not seen or seen[-1] != text):
            seen.append(text)
        if len(seen) > 16 or g.over(s):
            break
    assert any(t.startswith(("Red ", "Gold ")) and not t.endswith("thinking") for t in seen), seen
    assert any(t.endswith("thinking") for t in seen), seen
    assert any(t.startswith("You: ") for t in seen), seen


def test_the_dice_of_an_advanced_test_are_shown(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"rules": "advanced"}, seed=5)
    s = screen.s
    for _ in range(30000):
        if s.rng.n and s.rng.at == s.nmoves and not screen.finished:
            break
        m = screen.bot_press()
        app.frame(m, m)
    else:
        pytest.skip("no test rolled in this match")
    app.frame(0, 0)
    buf = board.display.buf
    assert pixel(buf, 52, 24) and pixel(buf, 58, 30)  # the first die's 7-pixel face


def press_until_left_to_act(app, screen, also, cleared):
    """The person's moves (the strong choice, pressed) until one leaves the person to
    act again with also() true; cleared is emptied before each press."""
    pk = screen.picker
    for _ in range(20):
        person_to_act(app, screen)
        move, before = g.best_move(screen.s), screen.s.nmoves
        while screen.s.nmoves == before:
            key = pk.press_toward(move)
            del cleared[:]
            app.frame(key, key)
            if screen.s.nmoves == before:
                app.frame(0, 0)
        if screen.human_turn() and also():
            return
    raise AssertionError("no move leaving the person to act")


def test_a_press_that_leaves_the_person_to_act_searches_the_next_step_after_its_frame(
    tmp_path,
):
    """The person's move whose next step is the person's again: the press's frame plays
    the move and redraws without working out the next step's moves (the choices' marks
    wait); a calm frame works them out and the next one places and draws the cursor."""
    app, board, d, screen = open_match(tmp_path, seed=2)
    pk, searches = screen.picker, []
    search = pk._search
    pk._search = lambda s: searches.append(s.nmoves) or search(s)
    press_until_left_to_act(app, screen, lambda: pk.zone not in (None, "grid"), searches)
    assert pk.due and searches == []  # the move and its redraw only
    assert not choices_shown(board, pk.zone)
    app.frame(0, 0)
    assert searches == [screen.s.nmoves] and pk.due  # the next moves, on a calm frame
    app.frame(0, 0)
    assert not pk.due and len(searches) == 1 and choices_shown(board, pk.zone)


def test_on_the_device_the_heap_question_and_the_next_candidates_take_two_frames(
    tmp_path, monkeypatch
):
    """On the device a position whose heap was not asked yet (your move left you to
    act, the heap without room to spare): one calm frame asks (gc.mem_free walks the
    heap, 9 ms on a Pico), the next works out the candidates, the next places the
    cursor; the two costly ones never share a frame."""
    import gc

    from firmware import gamescreen
    from firmware.app import LOW_HEAP

    asked = []
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    monkeypatch.setattr(gc, "mem_free", lambda: asked.append(1) or LOW_HEAP + 1, raising=False)
    app, board, d, screen = open_match(tmp_path, seed=2)
    pk, searches = screen.picker, []
    search = pk._search
    pk._search = lambda s: searches.append(s.nmoves) or search(s)
    press_until_left_to_act(app, screen, lambda: screen.heap_ok_at != screen.s.nmoves, [])
    del searches[:], asked[:]
    app.frame(0, 0)
    assert asked == [1] and searches == [] and pk.due  # the question alone
    app.frame(0, 0)
    assert asked == [1] and searches == [screen.s.nmoves]  # the candidates alone
    until(app, lambda: not pk.due)
    assert asked == [1]


def choices_shown(board, zone):
    """Any of the zone's labels in the choice rows."""
    from firmware.play.disc_screen import LABELS

    rows = (40, 48) if zone == "lane" or zone == "answer" else (32, 40, 48)
    return any(device.text_on_screen(board, x, y) for x in LABELS[zone] for y in rows)


def test_a_save_mid_match_resumes_exactly(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"rules": "advanced", "battle": "three"})
    for _ in range(6):  # a few of the person's moves into the match
        person_to_act(app, screen)
        play(app, screen, g.best_move(screen.s))
    person_to_act(app, screen)
    screen.save_now()
    want = g.dump(screen.s)
    app.home()
    d.idle()
    again = app.start_game("disc", resume=True)
    d.idle()
    assert g.dump(again.s) == want and again.human_turn()
    assert hasattr(again.s.rng, "faces")  # the dice kept for the panel again
    assert device.text_on_screen(board, "You", 8)


def test_a_save_in_a_computers_turn_resumes_that_turn(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"battle": "four"})
    for _ in range(20):
        if not screen.human_turn():
            break
        person_to_act(app, screen)
        play(app, screen, g.best_move(screen.s))
    assert not screen.human_turn()
    want = g.dump(screen.s)
    screen.save_now()
    app.home()
    d.idle(1)
    again = app.start_game("disc", resume=True)
    assert g.dump(again.s) == want and not again.human_turn()


def test_a_whole_match_by_the_computer_presses_ends_with_the_result(tmp_path):
    app, board, d, screen = open_match(tmp_path, {"grid": 12})
    assert d.autoplay(60000)
    s = screen.s
    assert screen.finished and g.over(s)
    w = g.winner(s)
    won = "Draw" if w < 0 else ("You win" if w == 0 else g.SEAT_NAMES[w] + " wins")
    assert device.text_on_screen(board, "GAME OVER", 7)
    assert device.text_on_screen(board, won, 18)
    assert device.text_on_screen(board, "A:new B:menu", 51)
    d.keys("B")
    assert app.screen is not screen


def test_the_help_pages_fit_and_open_from_the_pause_menu(tmp_path):
    from firmware.play import disc_help

    for page in disc_help.PAGES:
        assert len(page[0]) <= 14 and 1 <= len(page) - 1 <= 6
        assert all(len(line) <= 16 for line in page[1:]), page
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    before = g.dump(screen.s)
    app.frame(btn.B, btn.B)
    assert screen.pause == 0
    d.keys("DOWN," * screen.PAUSE.index("Help") + "A")
    assert screen.help is not None
    assert device.text_on_screen(board, disc_help.PAGES[0][1], 10)
    d.keys("B")
    assert screen.help is None and g.dump(screen.s) == before


@pytest.mark.parametrize("dropping", [False, True])
def test_a_hint_while_placing_a_move_puts_the_cursor_on_the_new_base(
    tmp_path, monkeypatch, dropping
):
    """dropping: as on the device, where the picker's candidates leave for the search."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: dropping)
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    screen.picker.place("act", 4)
    d.keys("A")
    assert screen.picker.zone == "grid"
    want = g.best_move(screen.s)
    d.keys("UP")
    t = g.touches(screen.s, want)
    if t[0] == ("act", 4):  # the strong move is a move: its base under the cursor
        assert (screen.picker.zone, screen.picker.item()) == t[1]
    else:
        assert screen.picker.path == [] and screen.picker.zone == t[0][0]


def test_the_press_for_you_finds_the_candidates_worked_out(tmp_path, monkeypatch):
    """On the device the search behind the press for you (demo, bench) drops the
    picker's candidates for its room; they are worked out again before the press, so
    its frame does the work a person's press does (calm frames work them out first)."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    app, board, d, screen = open_match(tmp_path)
    pk, searches = screen.picker, []
    search = pk._search
    pk._search = lambda s: searches.append(s.nmoves) or search(s)
    for _ in range(6):  # presses of the person's cards: the first steps and the next
        person_card(app, screen)
        m = screen.bot_press()
        assert m and pk.fresh()
        del searches[:]
        app.frame(m, m)
        assert searches == []


def players_loaded():
    """The computer programs' modules (disc_ai, and disc_ai_greedy for the greedy level)."""
    return any(n.startswith("shared_rules.disc_ai") for n in sys.modules)


def whole_match(tmp_path, monkeypatch, dropping, cpu="strong"):
    """A whole three-program match by the computer's presses: the log of each move
    played ((seat, move, the players' module loaded then, the picker's candidates
    then)), the frames after which the players or the resolution were still loaded,
    the match's end, the candidates held at each search and the rules' modules loaded
    once the match had opened."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: dropping)
    for name in ("shared_rules.disc_ai", "shared_rules.disc_ai_greedy", "shared_rules.disc_flight"):
        sys.modules.pop(name, None)
    options = {"battle": "three", "grid": 12, "cpu": cpu}
    app, board, d, screen = open_match(tmp_path, options, seed=7)
    rules = screen.rules  # the module the screen plays with (a game opens it afresh)
    app.frame(0, 0)  # the heap asked on one calm frame, the resolution imported on the next
    opened = sorted(n for n in sys.modules if n.startswith("shared_rules.disc_"))
    played = []
    searched = []
    real = rules.play
    search = rules.best_move

    def watched(s, m):
        ai = players_loaded()
        played.append((rules.to_act(s), m, ai, len(screen.picker.cached)))
        real(s, m)

    def searching(s):
        searched.append(len(screen.picker.cached))
        return search(s)

    monkeypatch.setattr(rules, "play", watched)
    monkeypatch.setattr(rules, "best_move", searching)
    held = []
    for frame in range(60000):
        if screen.finished:
            break
        m = screen.bot_press()
        app.frame(m, m)
        ready = screen.human_turn()  # get_ready's time: the person's turn
        playing = not (screen.ending or screen.finished)
        if (
            players_loaded()
            or ("shared_rules.disc_flight" in sys.modules and not ready)
            or ("shared_rules.contract" in sys.modules and playing)  # the options' code
        ):
            held.append(frame)
    assert screen.finished
    return played, held, rules.dump(screen.s), searched, opened


@pytest.mark.parametrize("cpu", ["strong", "greedy"])
def test_on_the_device_the_players_and_the_resolution_are_loaded_for_each_move(
    tmp_path, monkeypatch, cpu
):
    """docs/rules/disc.md, "Budgets": on the device the computer programs' module
    leaves the heap before each move is played (it comes back for the next choice, in
    a thinking frame), and the resolution after each move; no frame ends with either
    loaded, but for the resolution on the person's turn (get_ready: loaded after a
    computer's move, in its thinking frame, or on a calm frame), nor with the options'
    code (contract) loaded while the match is played. The match is the same as one
    where both stay."""
    played, held, end, searched, opened = whole_match(tmp_path / "a", monkeypatch, True, cpu)
    assert len(played) > 10 and {seat for seat, _, _, _ in played} == {0, 1, 2}
    assert not any(ai for _, _, ai, _ in played)
    assert held == []
    kept, held_host, end_host, searched_host, opened_host = whole_match(
        tmp_path / "b", monkeypatch, False, cpu
    )
    assert [(seat, m) for seat, m, _, _ in kept] == [(seat, m) for seat, m, _, _ in played]
    assert end_host == end and held_host  # on the host they stay
    assert ("shared_rules.disc_ai_greedy" in sys.modules) == (cpu == "greedy")
    # the opening leaves no resolution module behind (a match's first card needs none)
    # but what get_ready loads for a person's first card (this match's)
    assert opened == ["shared_rules.disc_flight"] and "shared_rules.disc_more" in opened_host
    # the picker's candidates leave before a search and before a move is played
    assert searched and not any(searched) and any(searched_host)
    assert not any(c for seat, _, _, c in played if seat == 0)


def test_on_the_device_a_calm_frame_loads_the_resolution_before_the_move_is_played(
    tmp_path, monkeypatch
):
    """The resolution a move of yours runs is imported on a calm frame of your turn
    once the cursor is settled (get_ready), not in the press that plays the move; that
    frame collects nothing, and a search (a hint) drops it again for its room."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    name = "shared_rules.disc_flight"
    for _ in range(3):  # the cursor settles: the moves, the cursor, then the import
        app.frame(0, 0)
    assert not screen.picker.due and name in sys.modules
    assert not screen.worked  # a frame after it: nothing more to import
    sys.modules.pop(name)
    app.frame(0, 0)
    assert screen.worked and screen.busy()  # the import's frame collects nothing
    app.frame(0, 0)
    assert not screen.worked and not screen.busy()
    screen.players_room()  # a search's room: the resolution leaves
    assert name not in sys.modules
    for _ in range(2):
        app.frame(0, 0)
    assert name in sys.modules
    rules, loaded = screen.rules, []
    real = rules.play

    def watched(s, m):
        loaded.append(name in sys.modules)
        real(s, m)

    monkeypatch.setattr(rules, "play", watched)
    screen.picker.place("act", 4)  # Move: A, a calm frame, A on the base under the cursor
    app.frame(btn.A, btn.A)
    assert screen.picker.zone == "grid"
    app.frame(0, 0)
    app.frame(btn.A, btn.A)
    assert loaded == [True]  # played without importing its resolution in the press


def test_on_the_device_a_computer_move_asks_the_heap_for_the_person(tmp_path, monkeypatch):
    """The thinking frame of a computer's move that hands the turn to the person asks
    the heap there (its time is the search's), so the calm frame that imports the
    resolution asks nothing; the press for you (demo, bench) leaves the resolution
    loaded as it found it, as a person's finger would."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    app, board, d, screen = open_match(tmp_path)
    name = "shared_rules.disc_flight"
    handed = kept = 0
    for _ in range(3000):
        was_computer = screen.seats.active()
        app.frame(0, 0)
        if was_computer and screen.human_turn():  # the frame that played its move
            assert screen.heap_ok_at == screen.s.nmoves
            handed += 1
        elif screen.human_turn():
            loaded = name in sys.modules
            m = screen.bot_press()
            assert (name in sys.modules) == loaded
            kept += loaded
            app.frame(m, m)
            app.frame(0, 0)
        if handed >= 3 and kept >= 3:
            break
    assert handed >= 3 and kept >= 3


@pytest.mark.parametrize("roomy", [True, False])
def test_on_the_device_a_roomy_heap_loads_the_resolution_before_the_candidates(
    tmp_path, monkeypatch, roomy
):
    """docs/rules/disc.md, "Budgets": when the heap's last answer had ROOM to spare (a
    Pico's whole heap), the first calm frame after your move imports your next move's
    resolution, before the next step's candidates, and the next position's heap
    question is not asked; near the budget's edge the candidates come first. Either
    way a calm frame lists a Move's places before the A that picks Move."""
    import gc

    from firmware import gamescreen
    from firmware.app import LOW_HEAP
    from firmware.play import disc_screen

    asked = []

    def mem_free():  # MicroPython's: the game's module takes it as it is imported
        asked.append(1)
        return LOW_HEAP + (disc_screen.ROOM if roomy else 1)

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    monkeypatch.setattr(gc, "mem_free", mem_free, raising=False)
    app, board, d, screen = open_match(tmp_path)
    person_card(app, screen)
    name = "shared_rules.disc_flight"
    for _ in range(4):  # calm frames: the heap asked, the import, the places listed
        app.frame(0, 0)
    s = screen.s
    assert screen.places_at == s.nmoves and name in sys.modules
    listed = []
    real = screen.places

    def places():
        listed.append(1)
        return real()

    screen.places = places
    assert (screen.move_ahead is not None) is roomy  # the candidates after Move's A
    screen.picker.place("act", 4)  # Move: A, then A on the base under the cursor
    app.frame(btn.A, btn.A)
    assert screen.picker.zone == "grid" and listed == [] and screen.move_ahead is None
    want = [m for m in g.moves(s) if g.MOVE <= m < g.CATCH]
    assert screen.picker.cached == want
    assert screen.picker.nexts == [g.touches(s, m)[1] for m in want]
    assert list(screen.picker.ends) == [1] * len(want)
    n = s.nmoves
    app.frame(btn.A, btn.A)
    assert s.nmoves == n + 1 and name not in sys.modules  # it leaves after each move
    until(app, lambda: screen.human_turn() and screen.picker.due)  # your turn again
    before = len(asked)  # the computer's move asked the heap in its thinking frame
    app.frame(0, 0)  # the first calm frame of your turn
    assert screen.picker.fresh() is not roomy  # with room, the import came first,
    assert (name in sys.modules) is roomy  # else the candidates
    until(app, lambda: not screen.picker.due and name in sys.modules)
    assert len(asked) == before  # asked once a position


@pytest.mark.parametrize("roomy", [True, False])
def test_on_the_device_a_move_that_leaves_you_to_act_imports_nothing_with_its_save(
    tmp_path, monkeypatch, roomy
):
    """A move of yours that leaves you to act: with ROOM to spare the resolution stays
    for your next move (no import at all); near the budget's edge it leaves, and the
    frame that begins with the move's save (its second piece) does not import it
    beside the save's work: a calm frame after it does (docs/rules/disc.md, "Budgets")."""
    import gc

    from firmware import gamescreen
    from firmware.app import LOW_HEAP
    from firmware.play import disc_screen

    free = LOW_HEAP + (disc_screen.ROOM if roomy else 1)
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    monkeypatch.setattr(gc, "mem_free", lambda: free, raising=False)
    app, board, d, screen = open_match(tmp_path)
    name = "shared_rules.disc_flight"
    seen = 0
    for _ in range(400):
        person_to_act(app, screen)
        until(app, lambda: name in sys.modules)  # calm frames import it before the press
        s, n = screen.s, screen.s.nmoves
        move = g.best_move(s)
        while s.nmoves == n:  # the presses toward the move, the last one plays it
            key = screen.picker.press_toward(move)
            app.frame(key, key)
        if not screen.human_turn() or g.over(s):
            continue
        assert screen.save_due and (name in sys.modules) is roomy
        app.frame(0, 0)  # the save's frame
        assert screen.saved_here and (name in sys.modules) is roomy
        until(app, lambda: not screen.picker.due)
        if not roomy:
            app.frame(0, 0)  # the cursor placed; then a calm frame imports it
        app.frame(0, 0)
        assert name in sys.modules
        seen += 1
        if seen == 3:
            return
    raise AssertionError("no move of yours left you to act")


def test_moves_narrowed_by_the_screen_equal_the_shared_pickers(tmp_path):
    """Move's A: the candidates made from each new base's cell (DiscPicker) are the
    shared picker's, made from the rules' touches, in the same order."""
    from firmware.play.disc_screen import MOVE_ACT
    from firmware.ui.picker import Picker

    app, board, d, screen = open_match(tmp_path, {"grid": 24}, seed=11)
    pk = screen.picker
    compared = 0
    for _ in range(8):
        person_card(app, screen)
        moves = pk.candidates()
        nexts, ends = pk.nexts, pk.ends
        found = [i for i in range(len(moves)) if nexts[i] == MOVE_ACT]
        if len(found) < 2:
            play(app, screen, g.best_move(screen.s))
            continue
        pk.path = [MOVE_ACT]
        screen.move_ahead = None
        pk.narrow(moves, found, ends)
        mine = (list(pk.cached), list(pk.nexts), bytes(pk.ends))
        Picker.narrow(pk, moves, found, ends)
        assert mine == (list(pk.cached), list(pk.nexts), bytes(pk.ends))
        assert len(mine[0]) == len(found)
        pk.reset()
        compared += 1
        play(app, screen, g.best_move(screen.s))
    assert compared >= 3


@pytest.mark.parametrize("room", [True, False])
def test_on_the_device_the_levels_code_is_out_in_play_or_kept_for_the_end(
    tmp_path, opening_free_heap, room
):
    """Your profile is settled as the end's files are written, after the result's frame,
    by the levels' code (disc_levels, without the rest of the records' code or the
    options'). With room to spare (a Pico's whole heap) it is imported as the match
    opens and stays, with the end's shared code, so the end imports nothing; near the
    budget's edge it leaves as the match opens and comes back at the end."""
    opening_free_heap(10**6 if room else 0)
    levels, more = "shared_rules.disc_levels", "shared_rules.disc_more"
    contract = "shared_rules.contract"
    app, board, d, screen = open_match(tmp_path, {"rules": "advanced"})
    assert (levels in sys.modules) == room
    for _ in range(60000):
        if screen.ending:
            break
        m = screen.bot_press()
        app.frame(m, m)
        assert (levels in sys.modules) == room
    loaded = set(sys.modules)
    until(app, lambda: screen.finished and not screen.files_pending())
    new = set(sys.modules) - loaded
    if room:
        assert new == set()
    else:
        assert levels in new and "firmware.result" in new
    assert more not in sys.modules and contract not in sys.modules
    assert app.store.load_json("disc.profile.json", g.PROFILE) == screen.profile


def test_your_first_turns_calm_work_is_done_as_the_game_opens(tmp_path, monkeypatch):
    """On the device a press on the game's first frame finds the calm frames' work done
    in the opening (the heap asked, your move's resolution imported, the cursor placed),
    not left to that press (35.2 ms on the emulated Pico against the frame's 25)."""
    from firmware import gamescreen

    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    app, board, d = device.make(str(tmp_path))
    d.idle()
    screen = app.start_game("disc", seed=3, resume=False)
    assert screen.human_turn() and screen.s.nmoves == 0
    assert not screen.unready() and screen.heap_ok_at == 0
    assert not screen.picker.due and screen.picker.zone
