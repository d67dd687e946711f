"""The scratch game Duel (tests/scratch_game) through the whole app on the headless board.

Duel's rules were written for the conformance suite; its device screen and help pages
(scratch_game/duel_screen.py, duel_help.py) are made only of the shared parts, so these
tests check that a new game needs nothing but its files and one registry entry: the
launcher, the game menu, options and help, the computer-seat loop with its pause and
log line, stats, the profile, saves and resumes in the middle of a computer's turn and
in a claim window, replays, and the host command line's automatic runs.

Duel is registered for this module only (a module fixture, not at import: pytest
imports every test module before running any, so a registration at import would put
Duel in the launcher for the modules that run before this one).
"""

import json
import os
import subprocess
import sys

import pytest

from firmware import app as appmod
from firmware import buttons as btn
from firmware import games, gamescreen, launcher, reading, records, seats
from firmware.menus import HelpScreen
from host_sim import cli, device

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from scratch_game import ENTRY  # noqa: E402

LOG_Y = 40
PROMPT_Y = 56


@pytest.fixture(scope="module", autouse=True)
def duel_registered():
    games.register(*ENTRY)
    yield
    games.unregister("duel")


def rules():
    return games.rules("duel")


def saves(tmp_path, name):
    return os.path.join(str(tmp_path), "saves", name)


def new_game(app, seed, rounds=1, humans=1):
    return app.start_game(
        "duel", seed=seed, options={"rounds": rounds, "humans": humans}, resume=False
    )


def open_duel_menu(d):
    """From the launcher to Duel's game menu."""
    labels = d.app.screen.labels()
    d.keys("DOWN," * labels.index("Duel") + "A")
    assert isinstance(d.app.screen, launcher.GameMenu) and d.app.screen.gid == "duel"
    return d.app.screen


class Frames:
    """Feeds frames to a game screen and notes what each did: every move (its frame, the
    seat that made it, the buttons pressed in that frame) and every log line text, with
    whether it was on the screen at row LOG_Y. After every move it checks the save: the
    current position when a person is to act next, an older one otherwise."""

    def __init__(self, app, board):
        self.app = app
        self.board = board
        self.moves = []  # (frame number, seat, mask)
        self.logs = []  # (text, drawn at LOG_Y)
        self.prompts = {}  # phase -> (prompt text, drawn at PROMPT_Y), on a human turn
        self.pending = None  # the state a save's second piece must hold (next frame)

    def frame(self, mask):
        app = self.app
        screen = app.screen
        r = screen.rules
        s = screen.s
        before, seat, logged = s.nmoves, r.to_act(s), screen.log.text
        pending, self.pending = self.pending, None
        app.frame(mask, mask)
        if pending is not None:  # written at this frame's start, before anything moved
            text = app.store.read_text("duel.sav") or "\n--\n"
            assert text.split("\n--\n", 1)[1] == pending, "a save's second piece"
        assert s.nmoves in (before, before + 1), "two moves in one frame"
        if s.nmoves != before:
            self.moves.append((app.frame_no, seat, mask))
            if not r.over(s):  # saved exactly when control comes back to a person
                text = app.store.read_text("duel.sav") or "\n--\n"
                human = r.to_act(s) in r.humans(s)
                if human and screen.save_due:  # a person's press: the save is due
                    self.pending = r.dump(s)  # at the next frame's start
                else:
                    assert (text.split("\n--\n", 1)[1] == r.dump(s)) == human, self.moves[-1]
        visible = app.screen is screen and not screen.finished and screen.pause < 0
        if visible and screen.log.text != logged:
            text = screen.log.text
            self.logs.append((text, device.text_on_screen(self.board, text, LOG_Y)))
        if visible and screen.human_turn() and s.phase not in self.prompts:
            want = sys.modules[type(screen).__module__].PROMPTS[s.phase]
            self.prompts[s.phase] = (want, device.text_on_screen(self.board, want, PROMPT_Y))

    def press(self, screen, plan):
        if plan and not screen.finished and screen.pause < 0 and screen.human_turn():
            m = plan.get(screen.s.nmoves)
            if m is not None:
                return screen.picker.press_toward(m)
        return screen.bot_press()

    def play(self, until=None, plan=None, max_frames=20000):
        """A press (the plan's move for the person where it has one, else bot_press) then
        an idle frame, until until(screen) holds before a frame (by default: the game
        over and its files written, the journal a frame after the stats)."""
        until = until or done
        for _ in range(max_frames):
            for idle in (False, True):
                screen = self.app.screen
                if until(screen):
                    return screen
                self.frame(0 if idle else self.press(screen, plan))
        raise AssertionError("did not get there in %d frames" % max_frames)

    def rival_moves(self):
        return [(f, mask) for f, seat, mask in self.moves if seat == 1]


def done(screen):
    """The game is over and its files are written."""
    return screen.finished and not screen.files_pending()


def search_plan(goal, options, seeds=range(1, 40), from_round=0, budget=20000):
    """(seed, plan): the person's moves, by the move count they are made at, that reach a
    position where goal(state) holds, the Rival playing best_move (and the person too
    before round from_round: the plan has no moves there, so the bot plays them)."""
    r = rules()

    def search(s, plan, left):
        if goal(s):
            return plan
        if r.over(s) or left[0] <= 0:
            return None
        left[0] -= 1
        if r.to_act(s) not in r.humans(s) or s.round < from_round:
            c = r.copy(s)
            r.play(c, r.best_move(c))
            return search(c, plan, left)
        for m in r.moves(s):
            c = r.copy(s)
            r.play(c, m)
            got = search(c, {**plan, s.nmoves: m}, left)
            if got is not None:
                return got
        return None

    for seed in seeds:
        plan = search(r.new(seed, options), {}, [budget])
        if plan is not None:
            return seed, plan
    raise AssertionError("no seed reaches the position")


def saved_state(tmp_path):
    """The state in saves/duel.sav (header, "--", then rules.dump)."""
    with open(saves(tmp_path, "duel.sav")) as f:
        text = f.read()
    return rules().load(text.split("\n--\n", 1)[1])


def save_and_continue(d, tmp_path):
    """Hold A+B (save & exit), then Continue from the game menu; (before, save, after)."""
    old = d.app.screen
    d.keys("A+B*%d" % appmod.CHORD_FRAMES)
    assert isinstance(d.app.screen, launcher.Launcher)
    r = rules()
    before = r.dump(old.s)
    on_disk = r.dump(saved_state(tmp_path))
    menu = open_duel_menu(d)
    assert menu.labels()[0] == "Continue"
    d.keys("A")
    screen = d.app.screen
    assert screen is not old and type(screen).__name__ == "DuelScreen"
    return before, on_disk, r.dump(screen.s)


def replay_file(path, root):
    """Replay a .last.rep on a fresh device: (header fields, app, board)."""
    with open(path) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app, board, d = device.make(str(root))
    d.replay(
        fields["game"],
        fields["seed"],
        fields["options"],
        fields["inputs"],
        profile=fields["profile"],
    )
    return fields, app, board


# ---- launcher, menus, help ---------------------------------------------------


def test_launcher_lists_duel_and_opens_menu_help_options_and_game(tmp_path):
    app, board, d = device.make(str(tmp_path))
    d.idle()
    labels = app.screen.labels()
    assert "Duel" in labels and labels[-2:] == ["Settings", "About"]
    assert labels.index("Duel") == games.ids().index("duel")
    menu = open_duel_menu(d)
    assert menu.labels() == ["New game", "Help", "Stats"]  # no save: no Continue
    assert device.text_on_screen(board, "Duel", 1)

    d.keys("DOWN,A")  # Help: every page, turned with RIGHT, then back round to the first
    assert isinstance(app.screen, HelpScreen)
    assert "scratch_game.duel_help" not in sys.modules  # its pages taken, the module dropped
    from scratch_game import duel_help

    pages = duel_help.PAGES
    for k in range(len(pages)):
        assert app.screen.page == k
        assert device.text_on_screen(board, pages[k][0], 1)
        assert device.text_on_screen(board, pages[k][1], 10)
        d.keys("RIGHT")
    assert app.screen.page == 0
    d.keys("B")
    assert isinstance(app.screen, launcher.GameMenu)

    d.keys("A")  # New game: Duel has options
    opts = app.screen
    assert isinstance(opts, launcher.OptionsScreen) and opts.gid == "duel"
    assert device.text_on_screen(board, "Rounds   1", 11)
    assert device.text_on_screen(board, "You vs Rival", 56)
    d.keys("RIGHT")  # 3 rounds
    assert opts.opts == {"rounds": 3, "humans": 1}
    assert device.text_on_screen(board, "3 rounds, snaps", 48)
    d.keys("A")
    screen = app.screen
    assert isinstance(screen, sys.modules["scratch_game.duel_screen"].DuelScreen)
    assert screen.s.opts == {"rounds": 3, "humans": 1} and screen.seats is not None
    with open(saves(tmp_path, "duel.opt.json")) as f:
        assert json.load(f) == {"rounds": 3, "humans": 1}
    assert device.text_on_screen(board, "A:play", PROMPT_Y)
    assert device.text_on_screen(board, "R1/3", 20)
    assert device.text_on_screen(board, "You 3:0", 0)


def test_help_pages_fit_the_help_screen():
    from scratch_game import duel_help

    pages = duel_help.PAGES
    assert isinstance(pages, tuple) and pages
    for page in pages:
        assert isinstance(page, tuple) and 2 <= len(page) <= 7, page
        assert 0 < len(page[0]) <= 14, page[0]
        for line in page[1:]:
            assert len(line) <= 16 and all(" " <= ch <= "~" for ch in line), line


# ---- the person's buttons ------------------------------------------------------


def test_hand_cursor_hint_play_and_pause(tmp_path):
    app, board, d = device.make(str(tmp_path))
    screen = new_game(app, 3)
    r = rules()
    s = screen.s
    assert not screen.incremental
    d.idle()
    hand = list(s.hands[0])
    assert screen.picker.zone == "hand" and screen.picker.index == 0
    d.keys("RIGHT,RIGHT,RIGHT")  # walks every card and wraps
    assert screen.picker.index == 0
    d.keys("LEFT")
    assert screen.picker.index == len(hand) - 1
    shown = device.screen_bytes(board)  # the card under the cursor inverted, no other
    assert [device.pixel(shown, screen.row.x(i), 48) for i in range(len(hand))] == [0, 0, 1]
    d.keys("UP")  # hint: the log line and the cursor on best_move's card
    best = r.best_move(s)
    assert screen.log.text == "Hint: play " + r.move_text(s, best)
    assert device.text_on_screen(board, screen.log.text, LOG_Y)
    assert screen.picker.item() == best
    d.keys("A")
    assert s.pile == [best] and best not in s.hands[0] and r.to_act(s) == 1
    assert screen.log.text == ""  # the hint is gone with its move
    d.idle(seats.PAUSE_FRAMES + 2)  # the Rival moves
    assert r.to_act(s) == 0 and len(s.pile) == 2
    d.keys("B")  # no key move on B now: the pause menu
    assert screen.pause == 0
    d.keys("B")
    assert screen.pause == -1


# ---- the computer seat's loop: a whole match -----------------------------------


@pytest.mark.parametrize("seed, winner", [(5, 0), (6, 1)])
def test_whole_match_with_the_rival(tmp_path, capsys, seed, winner):
    app, board, d = device.make(str(tmp_path / "play"))
    screen = new_game(app, seed, rounds=3)
    r = rules()
    watch = Frames(app, board)
    watch.play()
    s = screen.s
    assert screen.finished and r.over(s) and r.winner(s) == winner

    # the person's moves on presses; the Rival's on idle frames, a pause after the last move
    rival = watch.rival_moves()
    assert len(rival) >= 20
    for i, (frame, seat, mask) in enumerate(watch.moves):
        assert (mask != 0) == (seat == 0), watch.moves[i]
        if seat == 1:
            assert frame - watch.moves[i - 1][0] >= seats.PAUSE_FRAMES, watch.moves[i - 1 : i + 1]
    texts = [t for t, _ in watch.logs]
    assert "Rival thinking" in texts
    assert any(t.startswith("Rival played ") for t in texts)
    assert all(shown for t, shown in watch.logs if t.startswith("Rival")), watch.logs
    assert watch.prompts[0] == ("A:play", True) and watch.prompts[2] == ("A:next round", True)

    # stats, profile, the files
    stats = records.load_stats(app.store, "duel")
    assert stats["games"] == 1 and stats["wins"] == (1 if winner == 0 else 0)
    assert stats["best"] == r.score(s)
    with open(saves(tmp_path / "play", "duel.profile.json")) as f:
        profile = json.load(f)
    assert profile == r.settle({"level": 1}, s) == {"level": 2 if winner == 0 else 1}
    assert screen.profile == profile
    assert not os.path.exists(saves(tmp_path / "play", "duel.sav"))
    assert not os.path.exists(saves(tmp_path / "play", "duel.in"))
    rep = saves(tmp_path / "play", "duel.last.rep")

    # the replay gives the same match, the same screen
    fields, app2, board2 = replay_file(rep, tmp_path / "replay")
    assert fields["profile"] == {"level": 1} and fields["seed"] == seed
    assert r.dump(app2.screen.s) == r.dump(s)
    assert device.screen_bytes(board2) == device.screen_bytes(board)
    capsys.readouterr()
    cli.main(["replay", rep, "--root", str(tmp_path / "cli")])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "duel seed %d: %d inputs, score %d (game over)" % (
        seed,
        len(fields["inputs"]),
        r.score(s),
    )

    # the next match gets the settled profile: the Rival's head start
    d.keys("A")
    nxt = app.screen
    assert nxt is not screen and nxt.profile == profile
    assert r.scores(nxt.s) == [0, profile["level"] - 1]


def test_watching_two_computers_plays_on_idle_frames(tmp_path):
    app, board, d = device.make(str(tmp_path))
    screen = new_game(app, 8, rounds=3, humans=0)
    assert screen.bot_press() == 0
    for _ in range(5000):
        if done(screen):
            break
        d.idle()
    assert screen.finished and records.load_stats(app.store, "duel")["games"] == 1
    assert screen.s.nmoves == 3 * 18 + 2 + sum(row[2] for row in screen.s.rounds)


def test_replay_of_a_match_started_with_a_settled_profile(tmp_path, capsys):
    app, board, d = device.make(str(tmp_path / "play"))
    new_game(app, 5, rounds=3)
    Frames(app, board).play()  # won: level 2
    d.keys("A")  # the next match, the Rival a point ahead
    screen = app.screen
    assert screen.profile == {"level": 2}
    Frames(app, board).play()
    fields, app2, _ = replay_file(saves(tmp_path / "play", "duel.last.rep"), tmp_path / "replay")
    assert fields["profile"] == {"level": 2}
    assert rules().dump(app2.screen.s) == rules().dump(screen.s)
    rep = saves(tmp_path / "play", "duel.last.rep")
    capsys.readouterr()
    cli.main(["replay", rep, "--root", str(tmp_path / "cli")])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("score %d (game over)" % rules().score(screen.s))


# ---- saves and resumes ---------------------------------------------------------


def test_save_in_the_middle_of_the_rivals_turn_resumes_exactly(tmp_path):
    r = rules()
    options = {"rounds": 1, "humans": 1}
    # the person plays a card matching the top: the Rival snaps, then plays (two moves)
    seed, plan = search_plan(lambda s: s.phase == 1 and r.to_act(s) == 1, options)
    app, board, d = device.make(str(tmp_path))
    screen = new_game(app, seed)
    watch = Frames(app, board)
    watch.play(lambda sc: sc.s.phase == 1 and r.to_act(sc.s) == 1, plan)
    assert watch.moves[-1][1] == 0  # the person's move, in the frame just fed
    before, on_disk, after = save_and_continue(d, tmp_path)
    mid = r.load(before)
    assert r.to_act(mid) == 1 and mid.phase == 0 and mid.rounds[0][2] == 1  # snapped, to play
    assert before == on_disk == after

    screen = app.screen  # the Rival goes on after its pause, then the match to the end
    resumed_at = app.frame_no - 1  # the frame of Continue (then one idle frame)
    watch = Frames(app, board)
    watch.play()
    assert watch.moves[0][1] == 1 and watch.moves[0][0] - resumed_at >= seats.PAUSE_FRAMES
    assert records.load_stats(app.store, "duel")["games"] == 1
    fields, app2, _ = replay_file(saves(tmp_path, "duel.last.rep"), tmp_path / "replay")
    assert r.dump(app2.screen.s) == r.dump(screen.s)


def claim_in_round_2(s):
    return s.phase == 1 and rules().to_act(s) == 0 and s.round == 1


@pytest.mark.parametrize("key", ["A", "B"])
def test_save_in_an_open_claim_window_resumes_exactly(tmp_path, key):
    r = rules()
    options = {"rounds": 3, "humans": 1}
    # the Rival's last card of round 2 matches the top: the person may snap or pass, then
    # plays the round's last card
    seed, plan = search_plan(claim_in_round_2, options, (1, 2, 3), 1, 40000)
    app, board, d = device.make(str(tmp_path))
    new_game(app, seed, rounds=3)
    watch = Frames(app, board)
    watch.play(lambda sc: claim_in_round_2(sc.s), plan)
    assert watch.moves[-1][1] == 1
    d.idle()
    assert device.text_on_screen(board, "A:snap B:pass", PROMPT_Y)
    assert r.dump(saved_state(tmp_path)) == r.dump(app.screen.s)  # saved at the turn boundary
    before, on_disk, after = save_and_continue(d, tmp_path)
    assert before == on_disk == after
    screen = app.screen
    s = screen.s
    assert r.claimants(s) == (0,) and screen.bot_press() == btn.A
    assert screen.picker.key_move(btn.A) == r.SNAP and screen.picker.key_move(btn.B) == r.PASS
    assert device.text_on_screen(board, "A:snap B:pass", PROMPT_Y)
    points = r.scores(s)[0]
    d.keys(key)
    assert s.phase != 1 and screen.pause == -1  # B passed: no pause menu
    assert r.scores(s)[0] == points + (2 if key == "A" else 0)
    assert s.rounds[1][2] == (1 if key == "A" else 0)
    assert r.to_act(s) == 0 and s.phase == 0 and len(s.hands[0]) == 1  # the person plays on
    assert r.dump(saved_state(tmp_path)) == r.dump(s)  # a turn boundary: saved
    assert screen.picker.zone == "hand" and screen.bot_press() == btn.A
    assert device.text_on_screen(board, "A:play", PROMPT_Y)
    Frames(app, board).play()
    fields, app2, _ = replay_file(saves(tmp_path, "duel.last.rep"), tmp_path / "replay")
    assert r.dump(app2.screen.s) == r.dump(s)


# ---- the host command line -----------------------------------------------------

# The host CLI reads the registry but has no way to add a game from the command line,
# so the subprocess registers Duel and then runs the CLI's own main() on the arguments.
CLI_CODE = (
    "import sys; sys.path.insert(0, 'tests'); from firmware import games; "
    "games.register(*%r); from host_sim import cli; cli.main(sys.argv[1:])" % (ENTRY,)
)


def run_cli(*args):
    proc = subprocess.run(
        [sys.executable, "-c", CLI_CODE, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def best_match(seed, options):
    r = rules()
    s = r.new(seed, options, r.PROFILE)
    while not r.over(s):
        r.play(s, r.best_move(s))
    return s


@pytest.mark.parametrize("extra, options", [((), {}), (("--rounds", "3"), {"rounds": 3})])
def test_cli_run_auto_json(extra, options):
    out = run_cli("run", "duel", "--auto", "--games", "3", "--seed", "5", "--json", *extra)
    r = rules()
    assert [o["seed"] for o in out] == [5, 6, 7]
    for o in out:
        s = best_match(o["seed"], options)
        assert o["game"] == "duel" and o["options"] == options
        assert o["scores"] == r.scores(s) and len(o["scores"]) == 2
        w = r.winner(s)
        assert o["winner"] == (w if w >= 0 else None)
        assert len(o["rounds"]) == options.get("rounds", 1)
        assert o["rounds"] == r.summary(s)["rounds"]
    assert out[0] == json.loads(
        json.dumps(cli.autoplay("duel", 5, "best", options=options or None))
    )
