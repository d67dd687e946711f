"""Power cut during a save: at every step the old or the new save survives, complete."""

import os

import pytest
from golden_files import record
from scratch_game import ENTRY

import host_sim  # noqa: F401
from firmware import reading, records
from firmware import store as store_mod
from host_sim import device
from shared_rules import hang10 as h


class PowerCut(BaseException):
    """The device lost power: nothing after this point runs."""


POINTS = ("open", "mid-write", "before-close", "after-temp-write", "after-rename")


class Injector:
    """Wraps the store's file and rename calls; cuts the power at one point of one save."""

    def __init__(self, monkeypatch, point, name):
        self.point = point
        self.name = name
        self.armed = False
        real_open = open
        real_rename = store_mod._rename
        inj = self

        class File:
            def __init__(self, f):
                self.f = f
                self.written = 0

            def write(self, s):
                if inj.armed and inj.point == "mid-write" and self.written + len(s) > 20:
                    self.f.write(s[: max(1, 20 - self.written)])
                    self.f.flush()
                    raise PowerCut
                self.written += len(s)
                return self.f.write(s)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                if inj.armed and inj.point == "before-close" and exc[0] is None:
                    self.f.flush()
                    raise PowerCut
                return self.f.__exit__(*exc)

            def __getattr__(self, key):
                return getattr(self.f, key)

        def fake_open(path, mode="r", *args):
            mine = inj.armed and path.endswith(inj.name + ".tmp") and "w" in mode
            if mine and inj.point == "open":
                raise PowerCut
            f = real_open(path, mode, *args)
            return File(f) if mine else f

        def fake_rename(src, dst):
            if inj.armed and src.endswith(inj.name + ".tmp"):
                if inj.point == "after-temp-write":
                    raise PowerCut
                real_rename(src, dst)
                if inj.point == "after-rename":
                    raise PowerCut
                return
            real_rename(src, dst)

        monkeypatch.setattr(store_mod, "open", fake_open, raising=False)
        monkeypatch.setattr(store_mod, "_rename", fake_rename)


def reboot(root):
    app, board, d = device.make(root)
    return app, board, d


def bot_turn(app):
    screen = app.screen
    turn = screen.s.turn
    while screen.s.turn == turn:
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)


@pytest.mark.parametrize("point", POINTS)
def test_game_save_survives_power_cut(tmp_path, monkeypatch, point):
    root = str(tmp_path)
    app, board, d = device.make(root)
    d.keys("A,A")  # Hang 10, new game
    bot_turn(app)  # the first turn is saved normally
    path = os.path.join(root, "saves", "hang10.sav")
    old = open(path).read()
    old_state = h.dump(app.screen.s)
    inj = Injector(monkeypatch, point, "hang10.sav")
    inj.armed = True
    with pytest.raises(PowerCut):
        bot_turn(app)  # the next turn's save loses power
    new_state = h.dump(app.screen.s)
    monkeypatch.undo()
    app2, board2, d2 = reboot(root)
    assert not [n for n in os.listdir(os.path.join(root, "saves")) if n.endswith(".tmp")]
    d2.keys("A,A")  # Hang 10 -> Continue
    resumed = h.dump(app2.screen.s)
    if point == "after-rename":
        assert resumed == new_state and open(path).read() != old
    else:
        assert resumed == old_state and open(path).read() == old
    assert not app2.store.notices and app2.toast is None  # nothing was damaged


@pytest.mark.parametrize("point", POINTS)
def test_settings_save_survives_power_cut(tmp_path, monkeypatch, point):
    root = str(tmp_path)
    app, board, d = device.make(root)
    app.settings["contrast"] = 2
    app.save_settings()
    inj = Injector(monkeypatch, point, "settings.json")
    inj.armed = True
    app.settings["contrast"] = 5
    with pytest.raises(PowerCut):
        app.save_settings()
    monkeypatch.undo()
    app2, _, _ = reboot(root)
    assert app2.settings["contrast"] == (5 if point == "after-rename" else 2)
    assert not app2.store.notices


@pytest.mark.parametrize("point", POINTS)
def test_stats_survive_power_cut_at_game_end(tmp_path, monkeypatch, point):
    root = str(tmp_path)
    store = store_mod.Store(root)
    record(store, "hang10", 7, True)
    inj = Injector(monkeypatch, point, "hang10.json")
    inj.armed = True
    with pytest.raises(PowerCut):
        record(store, "hang10", 30, False)
    monkeypatch.undo()
    st = records.load_stats(store_mod.Store(root), "hang10")
    if point == "after-rename":
        assert st == {"games": 2, "wins": 0, "clean": 1, "best": 30, "total": 37}
    else:
        assert st == {"games": 1, "wins": 0, "clean": 1, "best": 7, "total": 7}


def test_first_save_cut_leaves_no_broken_file(tmp_path, monkeypatch):
    root = str(tmp_path)
    store = store_mod.Store(root)
    inj = Injector(monkeypatch, "mid-write", "new.json")
    inj.armed = True
    with pytest.raises(PowerCut):
        store.save_json("new.json", {"a": "x" * 100})
    monkeypatch.undo()
    store2 = store_mod.Store(root)
    assert store2.load_json("new.json", {"a": "default"}) == {"a": "default"}
    assert not store2.notices


def test_saves_path_that_is_a_file_is_set_aside(tmp_path):
    (tmp_path / "saves").write_text("oops")
    store = store_mod.Store(str(tmp_path))
    assert os.path.isdir(tmp_path / "saves")
    assert (tmp_path / "saves.bad").read_text() == "oops"
    assert store.notices


# ---- every step of the game end's sequence of writes ----------------------------


class StepCut:
    """Cuts the power before the n-th filesystem step the store takes (an open for
    writing, a write, a rename, a removal), counting from when it is armed."""

    def __init__(self, monkeypatch, n):
        self.n = n
        self.steps = 0
        self.armed = False
        real_open, real_rename, real_remove = open, store_mod._rename, os.remove
        cut = self

        def step():
            if cut.armed:
                if cut.steps == cut.n:
                    raise PowerCut
                cut.steps += 1

        class File:
            def __init__(self, f):
                self.f = f

            def write(self, s):
                step()
                return self.f.write(s)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return self.f.__exit__(*exc)

        def fake_open(path, mode="r", *args, **kw):
            if "w" in mode or "a" in mode:
                step()
                return File(real_open(path, mode, *args, **kw))
            return real_open(path, mode, *args, **kw)

        def fake_rename(src, dst):
            step()
            real_rename(src, dst)

        def fake_remove(path):
            step()
            real_remove(path)

        monkeypatch.setattr(store_mod, "open", fake_open, raising=False)
        monkeypatch.setattr(store_mod, "_rename", fake_rename)
        monkeypatch.setattr(store_mod.os, "remove", fake_remove)


def runs_uncut(monkeypatch, n, fn, *args):
    """fn(*args) with the power cut before the store's n-th step; True if it ran to
    its end before the cut came."""
    cut = StepCut(monkeypatch, n)
    cut.armed = True
    try:
        fn(*args)
        return True
    except PowerCut:
        return False
    finally:
        monkeypatch.undo()


GAME_ENDS = [
    ("hang10", None, None),
    (
        "duel",
        {"rounds": 1, "humans": 1},
        ENTRY,
    ),
]


def play_to_the_last_press(root, gid, options):
    """A new game played by its bot presses up to the frame that ends it (not run)."""
    frames = []  # every frame's buttons
    app, board, d = device.make(root + "/dry")
    screen = app.start_game(gid, seed=4, options=options, resume=False)
    while not screen.finished:
        m = screen.bot_press()
        for mask in (m, 0):
            if not screen.finished:
                frames.append(mask)
                app.frame(mask, mask)
    app, board, d = device.make(root)
    screen = app.start_game(gid, seed=4, options=options, resume=False)
    for mask in frames[:-1]:
        app.frame(mask, mask)
    assert not screen.finished
    return app, screen, frames[-1]


def end_frames(app, screen, last):
    """The frame that ends the game, then the frames that write its files (the journal
    a piece a frame)."""
    app.frame(last, last)
    while screen.files_pending():
        app.frame(0, 0)


@pytest.mark.parametrize("gid, options, entry", GAME_ENDS, ids=[g[0] for g in GAME_ENDS])
def test_a_power_cut_at_every_step_of_a_game_end(tmp_path, monkeypatch, gid, options, entry):
    """The last frames write the stats, the profile, remove the save, add the journal's
    last inputs (a piece a frame) and rename it to the replay. Cut before each step in turn, then
    reboot: no error, and once the game is finished again (from its save, if it is
    still there) it is counted exactly once and its replay is kept."""
    from firmware import games

    if entry:
        games.register(*entry)
    try:
        n = 0
        while True:
            root = str(tmp_path / ("cut%d" % n))
            app, screen, last = play_to_the_last_press(root, gid, options)
            finished_uncut = runs_uncut(monkeypatch, n, end_frames, app, screen, last)
            app2, board2, d2 = reboot(root)
            d2.idle()
            assert app2.last_error is None, (n, app2.last_error)
            if app2.store.exists(gid + ".sav"):  # Continue: the last turn again
                again = app2.start_game(gid, resume=True)
                while not again.finished or again.files_pending():
                    m = again.bot_press()
                    app2.frame(m, m)
                    app2.frame(0, 0)
            stats = records.load_stats(app2.store, gid)
            assert stats["games"] == 1, (n, stats)
            assert app2.store.exists(gid + ".last.rep") or not finished_uncut, n
            if finished_uncut:
                break
            n += 1
        assert n >= 5  # stats, removal, journal, rename: every step was cut once
    finally:
        if entry:
            games.unregister(entry[0])


def test_a_power_cut_at_every_step_of_a_settings_change(tmp_path, monkeypatch):
    """Leaving Settings writes settings.json (a temp file, its write, the rename). Cut
    before each step: after the reboot the settings are the old ones or the new ones,
    never a damaged file or a notice."""
    n = 0
    while True:
        root = str(tmp_path / ("cut%d" % n))
        app, board, d = device.make(root)
        d.idle()
        done = runs_uncut(monkeypatch, n, d.keys, "UP,UP,A,RIGHT,B")  # contrast 3 -> 4
        app2, _board2, d2 = reboot(root)
        d2.idle()
        assert app2.last_error is None and not app2.store.notices, n
        assert app2.settings["contrast"] in (3, 4), n
        assert not [f for f in os.listdir(os.path.join(root, "saves")) if ".bad" in f], n
        if done:
            assert app2.settings["contrast"] == 4
            break
        n += 1
    assert n == 3  # open the temp file, write it, rename it


def test_a_power_cut_at_every_step_of_a_turns_save(tmp_path, monkeypatch):
    """A Hang 10 press that ends a turn adds its inputs to the journal and writes the
    save (temp file and rename) after the show. Cut before each step: after the
    reboot Continue resumes, the game plays to its end, is counted once, and its
    replay reproduces the game exactly."""
    from firmware import gamescreen

    n = 0
    while True:
        root = str(tmp_path / ("cut%d" % n))
        app, board, d = device.make(root)
        screen = app.start_game("hang10", seed=11, resume=False)
        for _ in range(3):
            bot_turn(app)  # a few turns in: a save and a journal to keep
        done = runs_uncut(monkeypatch, n, bot_turn, app)
        app2, _board2, d2 = reboot(root)
        d2.idle()
        assert app2.last_error is None and not app2.store.notices, n
        assert app2.store.exists("hang10.sav"), n
        again = app2.start_game("hang10", resume=True)
        assert again.s.turn in (screen.s.turn - (0 if done else 1), screen.s.turn), n
        while not again.finished or again.files_pending():
            m = again.bot_press()
            app2.frame(m, m)
            app2.frame(0, 0)
        from firmware import records

        assert records.load_stats(app2.store, "hang10")["games"] == 1, n
        with open(os.path.join(root, "saves", "hang10.last.rep")) as f:
            fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
        app3, _b3, d3 = device.make(root + "-replay")
        d3.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
        assert h.dump(app3.screen.s) == h.dump(again.s), n
        if done:
            break
        n += 1
    assert n >= 3  # the journal's line, the temp file, its write, the rename
