"""The firmware app on the headless board (CPython): launcher, settings, games, saves, errors."""

import os
import sys

import pytest

import host_sim  # noqa: F401 - sys.path for the framebuf stand-in
from boards import headless
from firmware import app as appmod
from firmware import buttons as btn
from firmware import games, gamescreen, launcher, reading, records
from firmware.app import App
from firmware.store import Store
from host_sim import device
from shared_rules import hang10 as h


def make(tmp_path):
    return device.make(str(tmp_path))


def saves(tmp_path):
    return os.path.join(str(tmp_path), "saves")


def test_launcher_lists_games_settings_about(tmp_path):
    app, board, d = make(tmp_path)
    d.idle()
    assert isinstance(app.screen, launcher.Launcher)
    assert app.screen.labels() == [
        "Hang 10",
        "Snafu",
        "Pret? Allez!",
        "My Pet",
        "Double Solitaire",
        "Air Superiority",
        "Hang Four",
        "G'nerts",
        "Disc Battle",
        "Three-Thirteen",
        "Settings",
        "About",
    ]
    assert device.text_on_screen(board, "Hang 10", 11)


def test_menu_navigation_wraps(tmp_path):
    app, board, d = make(tmp_path)
    d.keys("UP")
    assert app.screen.index == len(app.screen.labels()) - 1
    d.keys("DOWN")
    assert app.screen.index == 0


def test_settings_contrast_invert_saved_once_on_leave(tmp_path):
    app, board, d = make(tmp_path)
    d.keys("UP,UP,A")  # Settings
    assert isinstance(app.screen, launcher.Settings)
    writes = app.store.writes
    d.keys("RIGHT,RIGHT")  # contrast 3 -> 5
    assert board.bus.contrast == appmod.CONTRAST_LEVELS[5]
    d.keys("DOWN,A")  # invert on
    assert board.bus.inverted
    assert app.store.writes == writes  # nothing written while changing
    d.keys("B")
    assert isinstance(app.screen, launcher.Launcher)
    assert app.store.writes == writes + 1
    app2, board2, _ = make(tmp_path)  # power cycle: settings come back
    assert app2.settings["contrast"] == 5 and app2.settings["invert"] is True
    assert board2.bus.contrast == appmod.CONTRAST_LEVELS[5] and board2.bus.inverted


def test_sound_setting_only_with_a_buzzer(tmp_path):
    app, board, d = make(tmp_path)
    d.keys("UP,UP,A")
    assert "Sound" not in " ".join(app.screen.labels())

    class Buzzer:
        def __init__(self):
            self.tones = []

        def tone(self, f, ms):
            self.tones.append((f, ms))

    board.buzzer = Buzzer()
    d.keys("B,A")  # back home, where the cursor stayed on Settings
    assert any(label.startswith("Sound") for label in app.screen.labels())
    d.keys("A")  # a menu pick beeps
    assert board.buzzer.tones


def test_button_test_screen_shows_held_buttons_and_leaves_on_long_b(tmp_path):
    app, board, d = make(tmp_path)
    d.keys("UP,UP,A,DOWN,DOWN,A")  # Settings -> Button test (no buzzer: no Sound line)
    assert isinstance(app.screen, launcher.ButtonTest)
    app.frame(btn.LEFT, btn.LEFT | btn.A)
    assert app.screen.held == btn.LEFT | btn.A
    d.keys("B*40")
    assert isinstance(app.screen, launcher.Settings)


def test_about_shows_version(tmp_path):
    from firmware.version import VERSION

    app, board, d = make(tmp_path)
    d.keys("UP,A")
    assert isinstance(app.screen, launcher.About)
    assert device.text_on_screen(board, "v" + VERSION, 22)


def start_hang10(d):
    d.keys("A,A")  # Hang 10 -> New game
    return d.app.screen


def test_new_game_from_launcher(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    assert screen.gid == "hang10"
    assert screen.s.phase == h.PH_DRAW


def bot_turns(app, turns):
    """Let the bot play until `turns` turns have passed."""
    screen = app.screen
    while screen.s.turn < turns:
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)


def saved_mid_game(tmp_path):
    """Hang 10 played three turns, then saved and left with the A+B chord: the app,
    its driver and the state saved."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    bot_turns(app, 3)
    before = h.dump(screen.s)
    d.keys("A+B*%d" % appmod.CHORD_FRAMES)
    assert isinstance(app.screen, launcher.Launcher)
    return app, d, before


def test_chord_saves_and_continue_resumes(tmp_path):
    app, d, before = saved_mid_game(tmp_path)
    assert os.path.exists(os.path.join(saves(tmp_path), "hang10.sav"))
    d.keys("A")
    assert app.screen.labels()[0] == "Continue"
    d.keys("A")
    assert h.dump(app.screen.s) == before


@pytest.mark.parametrize("where", ["load", "prepare", "__init__", "adopt"])
def test_a_heap_too_small_at_a_resume_keeps_the_save(tmp_path, monkeypatch, where):
    """A MemoryError reading the save (its code's import: the rules' load), loading the
    resumed game's computer players (prepare) or making its screen is the heap's, not the
    save's: an error shown, the save kept (not set aside as damaged, and no new game in
    its place), and it resumes once there is room."""
    app, d, before = saved_mid_game(tmp_path)

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 1148 bytes")

    if where == "load":  # the rules module is imported again as the game opens: the
        real = Store.check_file  # store's step inside the reading is patched instead

        def no_room_for_saves(self, name):
            if name.endswith(".sav"):
                no_room()
            return real(self, name)

        monkeypatch.setattr(Store, "check_file", no_room_for_saves)
    else:
        patch = classmethod(no_room) if where == "prepare" else no_room
        monkeypatch.setattr(gamescreen.GameScreen, where, patch)
    d.keys("A,A")  # Hang 10 -> Continue
    assert type(app.screen).__name__ == "ErrorScreen"
    assert isinstance(app.last_error, MemoryError)
    assert os.path.exists(os.path.join(saves(tmp_path), "hang10.sav"))
    assert not os.path.exists(os.path.join(saves(tmp_path), "hang10.sav.bad"))
    monkeypatch.undo()
    app2, board2, d2 = make(tmp_path)  # room again (a restart)
    d2.keys("A,A")
    assert h.dump(app2.screen.s) == before


def test_short_a_b_does_not_leave(tmp_path):
    app, board, d = make(tmp_path)
    start_hang10(d)
    d.keys("A+B*%d" % (appmod.CHORD_FRAMES - 1))
    assert app.screen.gid == "hang10"


def test_power_cut_resumes_last_turn(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    bot_turns(app, 4)
    saved = h.dump(screen.s)  # turn boundary: just autosaved
    d.keys("A")  # a draw that is not saved yet
    app2, board2, d2 = make(tmp_path)  # power back on
    d2.keys("A,A")  # Hang 10 -> Continue
    assert h.dump(app2.screen.s) == saved


def test_game_over_updates_stats_and_removes_save(tmp_path):
    app, board, d = make(tmp_path)
    start_hang10(d)
    assert d.autoplay()
    screen = app.screen
    assert screen.finished and h.over(screen.s)
    assert not os.path.exists(os.path.join(saves(tmp_path), "hang10.sav"))
    stats = records.load_stats(app.store, "hang10")
    assert stats["games"] == 1 and stats["best"] == h.score(screen.s)
    assert stats["clean"] == (1 if screen.s.wipeouts == 0 else 0)
    assert device.text_on_screen(board, "GAME OVER", 7)
    d.keys("B")
    assert isinstance(app.screen, launcher.Launcher)


def game_calls_while_the_launcher_loads(app, monkeypatch):
    """Watch the launcher's import: the calls of game code on the stack at that moment
    (each holds the game's screen, state and modules in the heap)."""
    seen = []
    real = appmod.launcher

    def watched():
        f = sys._getframe(1)
        while f is not None:
            name = os.path.basename(f.f_code.co_filename)
            if (
                name.endswith("_screen.py")
                or name == "gamescreen.py"
                or "/ui/" in f.f_code.co_filename
            ):
                seen.append(name + ":" + f.f_code.co_name)
            f = f.f_back
        return real()

    monkeypatch.setattr(appmod, "launcher", watched)
    return seen


@pytest.mark.parametrize("how", ["result", "chord", "pause"])
def test_a_game_leaves_the_heap_before_the_launcher_loads(tmp_path, monkeypatch, how):
    """B on the result box, the A+B hold and the pause menu's save and exit: the launcher
    loads once the game's code has returned, in the same frame (on the emulated Pico at
    80 KB a launcher loaded from inside the result box's update found no room)."""
    app, board, d = make(tmp_path)
    start_hang10(d)
    if how == "result":
        assert d.autoplay()
    seen = game_calls_while_the_launcher_loads(app, monkeypatch)
    if how == "result":
        app.frame(btn.B, btn.B)
        assert isinstance(app.screen, launcher.Launcher)  # in the press's own frame
    elif how == "chord":
        d.keys("A+B*%d" % appmod.CHORD_FRAMES)
    else:
        d.keys("B")  # the pause menu
        d.keys("DOWN," * app.screen.PAUSE.index("Save & exit") + "A")
    assert isinstance(app.screen, launcher.Launcher) and seen == []


def test_writes_per_game_are_bounded(tmp_path):
    """Per completed turn one save and one append to the replay journal, plus the stats
    at the end (the journal is renamed into the replay): never per frame."""
    app, board, d = make(tmp_path)
    start_hang10(d)
    before = app.store.writes
    frames = app.frame_no
    d.autoplay()
    s = app.screen.s
    writes = app.store.writes - before
    assert writes <= 2 * s.turn + 2
    assert writes < (app.frame_no - frames) / 4


def test_pause_menu_hint_and_save_exit(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    d.keys("B")  # nothing to cancel: pause menu
    assert screen.pause == 0
    d.keys("DOWN,A")  # Hint
    assert screen.pause == -1 and screen.msg.startswith("Hint: ")
    d.keys("B,DOWN,DOWN,DOWN,A")  # Save & exit
    assert isinstance(app.screen, launcher.Launcher)
    assert os.path.exists(os.path.join(saves(tmp_path), "hang10.sav"))


def test_pause_menu_new_game_asks_first(tmp_path):
    """The pause menu's New game asks "New game?" (the cursor on No): No plays on with
    the same game, B goes back to the menu, Yes starts a new game in place of the save."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    bot_turns(app, 3)
    before = h.dump(screen.s)
    new_game = screen.PAUSE.index("New game")
    d.keys("B," + "DOWN," * new_game + "A")
    assert app.screen is screen and screen.pause >= 0
    assert device.text_on_screen(board, "New game?", 15)
    d.keys("A")  # No
    assert app.screen is screen and screen.pause == -1 and h.dump(screen.s) == before
    d.keys("B," + "DOWN," * new_game + "A,DOWN,B")  # Yes chosen, then B: the menu again
    assert app.screen is screen and screen.pause == new_game
    assert h.dump(screen.s) == before
    d.keys("A,UP,A")  # New game?, Yes (UP wraps too), taken
    assert app.screen is not screen and app.screen.gid == "hang10"
    assert app.screen.s.turn == 0 and app.screen.pause == -1


def test_on_the_device_the_screen_parts_of_opening_pausing_and_ending_load_when_used(
    tmp_path, monkeypatch
):
    """The game screen's rarely used code (firmware/ui/opening.py, pause.py, ending.py)
    is in the heap only while it is used: the opening's for the call that opens the
    game, the pause menu's while it is open, the end's from the frames after the last
    move until the result is left."""
    app, board, d = make(tmp_path)
    monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
    parts = ("firmware.ui.opening", "firmware.ui.pause", "firmware.result", "firmware.ending")
    for name in parts:
        sys.modules.pop(name, None)
    screen = start_hang10(d)
    assert not any(name in sys.modules for name in parts)
    d.keys("B")  # the pause menu
    assert screen.pause == 0 and "firmware.ui.pause" in sys.modules
    d.keys("B")  # closed
    assert screen.pause == -1 and "firmware.ui.pause" not in sys.modules
    d.keys("B,A")  # Resume
    assert screen.pause == -1 and "firmware.ui.pause" not in sys.modules
    play_to_the_last_move(app, screen)
    assert "firmware.ending" not in sys.modules
    for _ in range(6):
        app.frame(0, 0)
    assert screen.finished and "firmware.ending" in sys.modules
    d.keys("B")  # home: the screen parts go
    assert isinstance(app.screen, launcher.Launcher)
    assert not any(name in sys.modules for name in parts)


@pytest.mark.parametrize("free", [200 * 1024, 40 * 1024])
def test_on_the_device_with_room_to_spare_the_end_code_loads_as_the_game_opens(
    tmp_path, opening_free_heap, free
):
    """A Pico's whole heap: the stats code, the result's and the end's steps are
    imported as the game opens and stay, so the frames after the last move import
    nothing (after a whole match each import there took 18-29 ms on a Pico). A heap
    near the budget's edge loads them at the end, a module a frame, as before."""
    from firmware.ui import opening

    opening_free_heap(free)
    parts = ("firmware.records", "firmware.result", "firmware.ending")
    app, board, d = make(tmp_path)
    for name in parts:
        sys.modules.pop(name, None)
    screen = start_hang10(d)
    ahead = free >= opening.END_AHEAD
    assert all((name in sys.modules) == ahead for name in parts)
    play_to_the_last_move(app, screen)
    assert all((name in sys.modules) == ahead for name in parts)
    loaded = set(sys.modules)
    for _ in range(6):
        app.frame(0, 0)
    assert screen.finished
    new = set(sys.modules) - loaded
    assert new == (set() if ahead else set(parts))  # with room, nothing imported at the end
    d.keys("A")  # a new game from the result box: the same again
    screen = app.screen
    assert not screen.finished and screen.ending == 0
    assert [name in sys.modules for name in parts] == [ahead] * 3, ahead


def test_hint_key_matches_best_move(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    d.keys("UP")
    want = h.move_text(screen.s, h.best_move(screen.s))
    assert screen.msg.startswith("Hint: ")
    assert want in ("D",) or want[:2] in screen.msg or want[1:] in screen.msg


def test_drawing_then_playing_a_card_by_buttons(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    s = screen.s
    d.keys("A")  # cursor starts on the pile: draw
    assert s.phase in (h.PH_PLAY, h.PH_WIPE)
    if s.phase == h.PH_PLAY:
        card = s.hand[screen.hand_i()]
        while not any(h.fits(s, w, card) for w in range(4)):
            d.keys("RIGHT")
            card = s.hand[screen.hand_i()]
        d.keys("A")  # pick
        assert screen.picked() == card
        d.keys("B")  # cancel
        assert screen.picked() == -1
        d.keys("A,A")  # pick, play on the first fitting wave
        assert s.phase == h.PH_KICK
        d.keys("B")  # keep surfin'
        assert s.phase in (h.PH_DRAW, h.PH_END)


def test_taking_an_approaching_card_by_buttons(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    s = screen.s
    d.keys("RIGHT,A")  # wave 1 is a lone card: take it
    assert s.phase == h.PH_PLACE and s.taken >= 0
    if s.hand[screen.hand_i()] == s.taken:
        d.keys("RIGHT")
    placed = s.hand[screen.hand_i()]
    d.keys("A")
    assert s.waves[0] == [placed] and s.phase == h.PH_DRAW


def test_error_in_game_shows_error_screen_then_launcher(tmp_path, monkeypatch):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)

    def boom(pressed, held):
        raise RuntimeError("wave machine broke\nsecond line")

    monkeypatch.setattr(screen, "handle", boom)
    d.keys("A")
    assert isinstance(app.screen, launcher.ErrorScreen)
    assert app.screen.lines[0].startswith("RuntimeError:")
    assert "second" not in " ".join(app.screen.lines)
    assert "wave machine" in open(os.path.join(saves(tmp_path), "error.txt")).read()
    d.keys("A")
    assert isinstance(app.screen, launcher.Launcher)


def test_error_while_drawing_is_caught(tmp_path, monkeypatch):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    monkeypatch.setattr(screen, "draw_game", lambda fb: 1 / 0)
    d.keys("LEFT")
    assert isinstance(app.screen, launcher.ErrorScreen)


def test_keyboard_interrupt_is_never_swallowed(tmp_path, monkeypatch):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)

    def interrupt(pressed, held):
        raise KeyboardInterrupt

    monkeypatch.setattr(screen, "handle", interrupt)
    with pytest.raises(KeyboardInterrupt):
        d.keys("A")


def test_run_loop_paces_frames_and_sleeps(tmp_path):
    """The device loop: one frame per FRAME_MS of the clock, sleeping in between."""
    board = headless.setup(fs_root=str(tmp_path))
    app = App(board)
    sleeps = []
    real_sleep = board.sleep_ms

    def sleep(ms):
        sleeps.append(ms)
        real_sleep(ms)
        if board.clock.now >= 1000:
            raise KeyboardInterrupt  # how a developer stops it from the REPL

    board.sleep_ms = sleep
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert 38 <= app.frame_no <= 41  # 1000 ms / 25 ms
    assert sum(sleeps) == board.clock.now and max(sleeps) <= 2


def test_quick_tap_between_frames_is_latched(tmp_path):
    held = [0]
    b = btn.Buttons(lambda: held[0])
    for level in (btn.A, btn.A, 0, 0):  # down for two polls, up again, all before the frame
        held[0] = level
        b.poll()
    assert b.take() == (btn.A, 0)
    assert b.take() == (0, 0)  # reported once


def test_debounce_ignores_single_glitch():
    held = [0]
    b = btn.Buttons(lambda: held[0])
    for level in (btn.B, 0, 0, btn.B, 0):
        held[0] = level
        b.poll()
    assert b.take() == (0, 0)


def test_mask_text_round_trip():
    for mask in range(64):
        assert btn.parse_mask(btn.mask_text(mask)) == mask
    with pytest.raises(ValueError):
        btn.parse_mask("START")


# ---- replays ---------------------------------------------------------------


def finished_replay(tmp_path, with_resume=False):
    app, board, d = make(tmp_path)
    start_hang10(d)
    if with_resume:
        bot_turns(app, 5)
        d.keys("A+B*%d" % appmod.CHORD_FRAMES)
        d.keys("A,A")  # Continue
    assert d.autoplay()
    path = os.path.join(saves(tmp_path), "hang10.last.rep")
    return app, board, path


@pytest.mark.parametrize("with_resume", [False, True])
def test_replay_reproduces_game_exactly(tmp_path, with_resume):
    app, board, path = finished_replay(tmp_path / "play", with_resume)
    with open(path) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app2, board2, d2 = make(tmp_path / "replay")
    d2.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
    assert h.dump(app2.screen.s) == h.dump(app.screen.s)
    assert bytes(board2.display.buf) == bytes(board.display.buf)


def test_input_log_round_trip_and_long_pauses():
    log = gamescreen.InputLog()
    log.add(3, btn.A, btn.A)
    log.add(700, 0, btn.B)  # longer than one byte of frames
    log.add_resume()
    log.add(1, btn.LEFT | btn.A, btn.LEFT | btn.A | btn.B)
    import io

    f = io.StringIO()
    gamescreen.write_header(f, gamescreen.REPLAY_HEAD, "hang10", 5, {})
    log.write(f)
    text = f.getvalue()

    back = reading.read_header(io.StringIO(text), gamescreen.REPLAY_HEAD)
    assert list(reading.events(back["inputs"])) == list(reading.events(log))
    assert sum(e[0] for e in reading.events(log)) == 3 + 700 + 1


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "pocket-table replay 1\n",
        "hello\n",
        "pocket-table replay 1\ngame x\nseed y\noptions {}\n",
    ],
)
def test_read_header_rejects_damage(bad):
    import io

    with pytest.raises(ValueError):
        reading.read_header(io.StringIO(bad), gamescreen.REPLAY_HEAD)


@pytest.mark.parametrize("tok", ["0:A", "300:A", "x:A", "3:START", "3"])
def test_bad_tokens_rejected(tok):
    with pytest.raises(ValueError):
        reading.parse_token(tok)


def note_shows_and_writes(app, board, method):
    """A list that gets "show" at each show() and "write NAME" at each store.<method>."""
    events = []
    real_show, real_write = board.display.show, getattr(app.store, method)
    board.display.show = lambda: events.append("show") or real_show()

    def write(name, *args):
        events.append("write " + name)
        return real_write(name, *args)

    setattr(app.store, method, write)
    return events


def test_a_turn_ending_press_is_on_the_panel_before_the_save_is_written(tmp_path):
    """A turn boundary's save waits for the frame's show (the press shows first), and
    comes in two pieces: the journal after the show, the save at the start of the next
    frame, before its press can move anything (the save holds the journaled state)."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    events = note_shows_and_writes(app, board, "write")
    real_append = app.store.append
    app.store.append = lambda name, w: events.append("append " + name) or real_append(name, w)
    for _ in range(400):  # the bot's presses until a turn ends with a save
        events.clear()
        m = screen.bot_press()
        app.frame(m, m)
        if screen.save_due:
            break
        app.frame(0, 0)
    assert events == ["show", "append hang10.in"], events
    assert app.after_show is None
    saved = h.dump(screen.s)
    events.clear()
    m = screen.bot_press() or btn.A
    app.frame(m, m)
    assert events[0] == "write hang10.sav", events
    assert not screen.save_due
    assert app.store.read_text("hang10.sav").endswith(saved), "the save holds the state journaled"


def test_the_last_move_shows_then_the_result_then_the_files_are_written(tmp_path):
    """The press that ends a game shows its move at once; the next frame lets the
    computer players leave the heap, the next loads the stats code (an import is file
    work: a frame of its own), the next the result code, the next the end's code, the
    one after counts the game, the next shows the result box, and only then are the files
    written: the stats that frame, the journal on the frames after, a piece a frame,
    then the replay."""
    app, board, d = make(tmp_path)
    for name in games.END_MODULES:
        sys.modules.pop(name, None)
    screen = start_hang10(d)
    events = note_shows_and_writes(app, board, "save_json")
    while not screen.ending:
        events.clear()
        m = screen.bot_press()
        app.frame(m, m)
        if not screen.ending:
            app.frame(0, 0)
    assert events == ["show"] and not screen.finished and screen.result is None
    assert screen.bot_press() == 0
    events.clear()
    app.frame(0, 0)
    assert events == [] and screen.ending and not screen.finished  # the players leave
    app.frame(0, 0)
    assert events == [] and screen.ending and not screen.finished  # the import alone
    assert "firmware.records" in sys.modules
    app.frame(0, 0)  # then the result code (firmware/result.py), alone too
    assert events == [] and screen.ending and not screen.finished
    assert "firmware.result" in sys.modules and "firmware.ending" not in sys.modules
    app.frame(0, 0)  # then the end's code (firmware/ending.py), alone too
    assert events == [] and screen.ending and not screen.finished
    assert "firmware.ending" in sys.modules and screen.result is None
    app.frame(0, 0)  # the game counted: its stats read, nothing written, nothing shown
    assert events == [] and screen.ending and not screen.finished
    assert screen.result is not None and screen.result[0]["games"] == 1
    app.frame(0, 0)
    assert screen.finished and not screen.ending
    assert events[:2] == ["show", "write hang10.json"], events
    assert records.load_stats(app.store, "hang10")["games"] == 1
    assert not app.store.exists("hang10.sav") and not app.store.exists("hang10.last.rep")
    assert screen.files_pending()  # the journal: from the next frame on
    events.clear()
    app.frame(0, 0)
    assert events == []  # nothing to show: the journal (a turn's inputs, one piece)
    assert app.store.exists("hang10.last.rep")
    assert not screen.files_pending() and app.after_show is None


def play_to_the_last_move(app, screen):
    """The bot's presses up to the frame of the game's last move (ending, not finished)."""
    while not screen.ending:
        m = screen.bot_press()
        app.frame(m, m)
        if not screen.ending:
            app.frame(0, 0)


def test_a_long_journal_at_a_game_end_is_written_a_piece_a_frame_and_whole_on_leaving(tmp_path):
    """Inputs piled up since the last save go to the journal JOURNAL_PIECE a frame;
    leaving before the last piece writes the rest at once, and the replay plays the
    whole game."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    play_to_the_last_move(app, screen)
    for _ in range(3 * gamescreen.JOURNAL_PIECE):  # idle inputs after the last save
        screen.inputs.add(1, 0, 0)
    while screen.ending:  # the players leave, the end's modules load, a frame each
        app.frame(0, 0)  # then the stats
    assert screen.files_pending() and screen.journal_at == 0
    app.frame(0, 0)  # the first piece
    assert screen.files_pending() and screen.journal_at == gamescreen.JOURNAL_PIECE
    app.frame(0, 0)  # the second
    assert screen.journal_at == 2 * gamescreen.JOURNAL_PIECE
    assert not app.store.exists("hang10.last.rep")
    screen.save_and_exit()
    assert not screen.files_pending() and isinstance(app.screen, launcher.Launcher)
    assert app.after_show is None
    text = app.store.read_text("hang10.last.rep")
    assert text.count(" 1:-") >= 3 * gamescreen.JOURNAL_PIECE


def test_a_new_game_from_the_result_box_waits_for_the_last_games_journal(tmp_path):
    """A on the result box while the journal is still written a piece a frame: the rest
    is written first and becomes the replay, then the new game starts its own journal
    (it had overwritten the journal, whose rest then went into the new one, renamed
    away as the replay)."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    play_to_the_last_move(app, screen)
    for _ in range(3 * gamescreen.JOURNAL_PIECE):  # idle inputs after the last save
        screen.inputs.add(1, 0, 0)
    while screen.ending:
        app.frame(0, 0)
    assert screen.files_pending()
    seed = screen.seed
    app.frame(btn.A, btn.A)  # a new game at once
    new = app.screen
    assert new is not screen and not new.finished and not screen.files_pending()
    replay = app.store.read_text("hang10.last.rep")
    assert ("\nseed %d\n" % seed) in replay
    assert replay.count(" 1:-") >= 3 * gamescreen.JOURNAL_PIECE
    journal = app.store.read_text("hang10.in")
    assert journal is not None and ("\nseed %d\n" % new.seed) in journal
    assert journal.count(" 1:-") < gamescreen.JOURNAL_PIECE


def test_leaving_on_the_frame_the_game_ends_counts_it_and_writes_no_save(tmp_path):
    """Hold A+B across the last move: the game is over, so leaving finishes it (stats,
    replay) rather than saving a finished game to resume."""
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    play_to_the_last_move(app, screen)
    screen.save_and_exit()
    app.frame(0, 0)
    assert screen.finished and not screen.ending
    assert isinstance(app.screen, launcher.Launcher)
    assert records.load_stats(app.store, "hang10")["games"] == 1
    assert app.store.exists("hang10.last.rep") and not app.store.exists("hang10.sav")


def test_a_hint_shows_thinking_first_then_searches_on_the_next_frame(tmp_path):
    app, board, d = make(tmp_path)
    screen = start_hang10(d)
    calls = []
    real = screen.rules.best_move
    screen.rules.best_move = lambda s: calls.append(app.frame_no) or real(s)
    try:
        app.frame(btn.UP, btn.UP)
        assert calls == [] and screen.thinking  # the frame of the press: no search
        assert device.text_on_screen(board, "Thinking...", 48)  # on the panel already
        app.frame(0, 0)
        assert calls == [app.frame_no] and not screen.thinking
        assert screen.msg.startswith("Hint: ")
    finally:
        screen.rules.best_move = real


def test_an_error_with_no_memory_for_the_launcher_still_shows_and_goes_home(tmp_path, monkeypatch):
    app, board, d = make(tmp_path)
    start_hang10(d)
    real = appmod.launcher
    calls = []

    def no_memory():
        calls.append(1)
        if len(calls) <= 2:  # the first try and the try after the game is unloaded
            raise MemoryError("memory allocation failed")
        return real()

    monkeypatch.setattr(appmod, "launcher", no_memory)
    app.fail(MemoryError("memory allocation failed, allocating 1148 bytes"))
    assert type(app.screen).__name__ == "BareError"
    assert device.text_on_screen(board, "ERROR", 0)
    d.keys("A")
    assert isinstance(app.screen, launcher.Launcher)


def test_a_press_garbage_is_collected_on_the_next_calm_frame(tmp_path, monkeypatch):
    collected = []
    monkeypatch.setattr(appmod, "COLLECT", True)  # as on MicroPython
    monkeypatch.setattr(appmod, "heap_low", lambda: True)  # a heap as small as the budget's
    monkeypatch.setattr(appmod.gc, "collect", lambda: collected.append(1))
    app, board, d = make(tmp_path)
    d.idle()
    collected.clear()
    app.frame(btn.DOWN, btn.DOWN)  # a press that redraws
    assert collected == []  # not in the press's own frame
    assert app.calm_collects == 0
    app.frame(0, 0)
    assert collected == [1]  # the next frame with nothing to do
    assert app.calm_collects == 1  # counted (the bench reports these frames apart)
    app.frame(0, 0)
    assert collected == [1]  # once a press
    assert app.calm_collects == 1
    # a real-time game in play: its frames run the ticks, nothing is collected
    app.start_game("snafu", seed=3, options={"variant": 1}, resume=False)
    app.frame(btn.A, btn.A)  # the round starts
    collected.clear()
    for _ in range(40):
        app.frame(0, 0)
    assert collected == []


def test_a_computers_move_that_hands_back_to_a_person_saves_whole_after_its_show(tmp_path):
    """The person may press on the very next frame: nothing of the save is left for it."""
    app, board, d = make(tmp_path)
    screen = app.start_game("dsol", seed=3, resume=False)
    d.idle()
    s = screen.s
    for _ in range(2000):  # the person's presses, then the rival's turn, to its end
        before = s.turn
        m = screen.bot_press()
        app.frame(m, m)
        if before == 1 and s.turn == 0:
            break
    assert before == 1 and s.turn == 0
    assert not screen.save_due and app.after_show is None
    from shared_rules import dsol

    assert app.store.read_text("dsol.sav").endswith(dsol.dump(s))


def test_a_low_heap_is_collected_before_a_cursor_due_is_placed(tmp_path, monkeypatch):
    """A play's next cursor is placed on the frame after it (a redraw); with the heap
    low that frame collects instead, calm, and the next press places the cursor."""
    collected = []
    monkeypatch.setattr(appmod, "COLLECT", True)
    monkeypatch.setattr(appmod.gc, "collect", lambda: collected.append(1))
    app, board, d = make(tmp_path)
    screen = app.start_game("dsol", seed=3, resume=False)
    d.idle()
    for _ in range(200):  # the person's presses until a play that leaves the turn on
        m = screen.bot_press()
        app.frame(m, m)
        if screen.picker.due and screen.human_turn():
            break
        app.frame(0, 0)
    assert screen.picker.due
    low = True
    monkeypatch.setattr(appmod, "heap_low", lambda: low)
    monkeypatch.setattr(gamescreen, "heap_low", lambda: low)
    collected.clear()
    app.frame(0, 0)
    assert collected == [1] and screen.picker.due  # collected; no redraw in that frame
    low = False
    app.frame(btn.RIGHT, btn.RIGHT)
    assert not screen.picker.due and screen.picker.zone is not None


def test_with_heap_to_spare_a_calm_frame_does_not_collect(tmp_path, monkeypatch):
    collected = []
    monkeypatch.setattr(appmod, "COLLECT", True)
    monkeypatch.setattr(appmod, "heap_low", lambda: False)  # a Pico's heap, mostly free
    monkeypatch.setattr(appmod.gc, "collect", lambda: collected.append(1))
    app, board, d = make(tmp_path)
    d.idle()
    collected.clear()  # opening the launcher drops modules, and collects then
    app.frame(btn.DOWN, btn.DOWN)
    for _ in range(5):
        app.frame(0, 0)
    assert collected == [] and app.calm_collects == 0
    assert not app.collect_due  # looked once, after the press


def test_a_computer_search_collects_its_garbage_in_its_own_frame(tmp_path, monkeypatch):
    collected = []
    monkeypatch.setattr(appmod, "COLLECT", True)
    monkeypatch.setattr(appmod, "heap_low", lambda: False)  # plenty of heap: still
    monkeypatch.setattr(appmod.gc, "collect", lambda: collected.append(1))
    app, board, d = make(tmp_path)
    screen = app.start_game("fencing", seed=5, options={"first": "right"}, resume=False)
    collected.clear()
    for _ in range(60):  # the computer's pause, "thinking", then its move
        if screen.s.nmoves:
            break
        app.frame(0, 0)
    assert screen.s.nmoves == 1
    assert collected  # in the search's own frame (busy: no calm frame came)


def test_input_log_cleared_keeps_one_chunk_and_reads_only_new_events():
    log = gamescreen.InputLog()
    for i in range(200):  # three chunks
        log.add(1 + i % 200, i & 63, i & 63)
    first = log.chunks[0]
    log.clear()
    assert log.chunks == [first] and len(log) == 0
    log.add(5, btn.A, btn.A)
    log.add_resume()
    log.add(300, 0, btn.B)  # a long pause: a no-change event every 255 frames
    want = [(5, btn.A, btn.A), (0, 0, 0), (255, 0, btn.B), (45, 0, btn.B)]
    assert list(reading.events(log)) == want
    assert log.chunks[0] is first


def test_the_app_drops_the_boot_scripts_rp2_module(tmp_path, monkeypatch):
    """The rp2 port's _boot.py leaves rp2 imported and named in __main__ (1.4 KB of heap
    on a Pico); the app starts without it, and starts again without it."""
    import types

    import __main__

    boot_rp2 = types.ModuleType("rp2")
    monkeypatch.setitem(sys.modules, "rp2", boot_rp2)
    __main__.rp2 = boot_rp2
    try:
        make(tmp_path)
        assert "rp2" not in sys.modules and not hasattr(__main__, "rp2")
        make(tmp_path)  # nothing left to drop: the app starts all the same
        assert "rp2" not in sys.modules
    finally:
        __main__.__dict__.pop("rp2", None)


def test_unload_games_drops_every_game_module_but_the_resident_ones(monkeypatch):
    """The error path's unload (a full heap): no list of names made, RESIDENT modules
    (machine code) kept wherever they come, and it ends."""
    import types

    mods = {}
    for name, resident in (
        ("firmware.app", False),
        ("shared_rules.a", False),
        ("shared_rules.native", True),
        ("firmware.play.a_screen", False),
        ("shared_rules.native2", True),
        ("shared_rules.b", False),
    ):
        m = types.ModuleType(name)
        if resident:
            m.RESIDENT = True
        mods[name] = m
    monkeypatch.setattr(sys, "modules", mods)
    appmod.unload_games()
    assert list(mods) == ["firmware.app", "shared_rules.native", "shared_rules.native2"]
