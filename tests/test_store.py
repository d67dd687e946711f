"""Saves: atomic writes, and every kind of damaged file gives defaults, a notice, no crash."""

import os

import pytest
from golden_files import record

import host_sim  # noqa: F401
from firmware import app as appmod
from firmware import records
from firmware import store as store_mod
from firmware.store import MAX_SAVE_BYTES, Store
from host_sim import device
from shared_rules import hang10 as h


def saves(tmp_path):
    return os.path.join(str(tmp_path), "saves")


DAMAGE = {
    "empty": b"",
    "truncated": b'{"contrast": 4, "inv',
    "garbage": bytes(range(256)) * 3,
    "not a record": b"[1, 2, 3]",
    "wrong type": b'{"contrast": "loud", "invert": false, "sound": true}',
    "out of range": b'{"contrast": 99, "invert": false, "sound": true}',
    "oversized": b'{"contrast": 4}' + b" " * (MAX_SAVE_BYTES + 10),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE) + ["folder"])
def test_damaged_settings_give_defaults_notice_and_bad_file(tmp_path, kind):
    os.makedirs(saves(tmp_path))
    path = os.path.join(saves(tmp_path), "settings.json")
    if kind == "folder":
        os.makedirs(os.path.join(path, "inner"))
    else:
        with open(path, "wb") as f:
            f.write(DAMAGE[kind])
    app, board, d = device.make(str(tmp_path))
    assert app.settings == appmod.DEFAULT_SETTINGS
    d.idle()
    assert app.toast and app.toast.startswith("settings.json")
    assert os.path.exists(path + ".bad")
    assert not os.path.exists(path)
    # the next save is clean and reads back
    d.keys("UP,UP,A,RIGHT,B")
    app2, _, _ = device.make(str(tmp_path))
    assert app2.settings["contrast"] == 4
    assert not app2.store.notices


def test_notice_goes_away_after_a_while_or_a_press(tmp_path):
    os.makedirs(saves(tmp_path))
    with open(os.path.join(saves(tmp_path), "settings.json"), "w") as f:
        f.write("{")
    app, board, d = device.make(str(tmp_path))
    d.idle()
    assert app.toast
    d.idle(appmod.TOAST_FRAMES)
    assert app.toast is None


@pytest.mark.parametrize("kind", ["empty", "truncated", "garbage", "oversized", "wrong game"])
def test_damaged_game_save_starts_new_game_with_notice(tmp_path, kind):
    app, board, d = device.make(str(tmp_path))
    d.keys("A,A")  # new game
    screen = app.screen
    screen.save_now()
    path = os.path.join(saves(tmp_path), "hang10.sav")
    text = open(path).read()
    damaged = {
        "empty": "",
        "truncated": text[: len(text) // 2],
        "garbage": "\x00\xff" * 50,
        "oversized": text + "#" * MAX_SAVE_BYTES,
        "wrong game": text.replace("game hang10", "game snafu"),
    }[kind]
    with open(path, "w") as f:
        f.write(damaged)
    app2, board2, d2 = device.make(str(tmp_path))
    d2.keys("A")  # Hang 10: the menu offers Continue
    assert app2.screen.labels()[0] == "Continue"
    d2.keys("A")
    assert app2.screen.gid == "hang10"  # a new game instead of a crash
    assert app2.toast and app2.toast.startswith("hang10.sav")
    assert os.path.exists(path + ".bad")


def test_truncated_dump_is_rejected_by_rules():
    s = h.new(3)
    text = h.dump(s)
    for cut in range(0, len(text) - 1, 7):
        with pytest.raises(ValueError):
            h.load(text[:cut])


def test_write_is_atomic_when_writer_fails(tmp_path):
    store = Store(str(tmp_path))
    store.write_text("x.txt", "old complete")

    def broken(f):
        f.write("new but hal")
        raise OSError("power cut")

    with pytest.raises(OSError):
        store.write("x.txt", broken)
    assert store.read_text("x.txt") == "old complete"


def test_write_replaces_a_folder_in_the_way(tmp_path):
    store = Store(str(tmp_path))
    os.makedirs(store.path("y.json"))
    store.save_json("y.json", {"a": 1})
    assert store.load_json("y.json", {"a": 0}) == {"a": 1}
    assert os.path.isdir(store.path("y.json.bad"))


def test_missing_file_is_not_a_notice(tmp_path):
    store = Store(str(tmp_path))
    assert store.load_json("nothing.json", {"a": 1}) == {"a": 1}
    assert store.notices == []


def test_stats_accumulate(tmp_path):
    store = Store(str(tmp_path))
    record(store, "hang10", 10, True)
    st, best = record(store, "hang10", 4, False)
    assert st == {"games": 2, "wins": 0, "clean": 1, "best": 10, "total": 14} and not best
    st, best = record(store, "hang10", 12, False)
    assert best and st["best"] == 12
    assert records.tenths(26, 3) == "8.7" and records.tenths(-3, 2) == "-1.5"


def test_read_only_drive_gives_one_notice_and_the_game_goes_on(tmp_path, monkeypatch):
    import builtins

    app, board, d = device.make(str(tmp_path))
    real_open = builtins.open

    def ro_open(path, mode="r", *a):
        if "w" in mode:
            raise OSError(30, "read-only file system")
        return real_open(path, mode, *a)

    monkeypatch.setattr(store_mod, "open", ro_open, raising=False)
    d.keys("A,A")  # new Hang 10 game: its replay journal and autosaves are refused
    screen = app.screen
    toasts = {app.toast}
    for _ in range(60):
        m = screen.bot_press()
        app.frame(m, m)
        toasts.add(app.toast)
        app.frame(0, 0)
    assert app.screen is screen and app.last_error is None  # still playing
    assert app.store.read_only and toasts == {None, store_mod.READ_ONLY_NOTICE}
    assert app.store.notices == []  # said once


@pytest.mark.parametrize("name", ["settings.json", "hang10.json"])
def test_json_nested_past_any_limit_is_set_aside(tmp_path, name):
    """8,000 nested lists (RecursionError on CPython, a RuntimeError or MemoryError on
    MicroPython): the app starts with the defaults and a notice, the file kept as .bad."""
    from host_sim import device

    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / name).write_text("[" * 8000 + "]" * 8000)
    app, board, d = device.make(str(tmp_path))
    d.idle()
    if name == "hang10.json":
        from firmware import records

        assert records.load_stats(app.store, "hang10")["games"] == 0
        d.idle()
    assert (saves / (name + ".bad")).exists() and not (saves / name).exists()
    assert app.last_error is None


def test_json_nested_past_any_limit_in_micropython(tmp_path):
    from mpvm import require_vm, run_mp

    require_vm()
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "settings.json").write_text("[" * 8000 + "]" * 8000)
    code = (
        "from firmware.store import Store\n"
        "st = Store(%r)\n"
        "print(st.load_json('settings.json', {'contrast': 3}))\n"
        "print(st.take_notice())\n" % str(tmp_path)
    )
    out = run_mp(code, heap="64wK").strip().splitlines()
    assert out[0] == "{'contrast': 3}" and out[1].startswith("settings.json: reset")
    assert (tmp_path / "saves" / "settings.json.bad").exists()


def test_a_full_filesystem_keeps_the_game_and_the_old_save(tmp_path, monkeypatch):
    """Writes that fail with ENOSPC (28): the game plays on, one notice, the last save
    that was written stays whole and loads."""
    import builtins

    from firmware import store as store_mod
    from host_sim import device

    app, board, d = device.make(str(tmp_path))
    d.keys("A,A")  # Hang 10, a new game
    screen = app.screen
    path = tmp_path / "saves" / "hang10.sav"
    while not path.exists():  # the first turn's save
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    before = path.read_text()
    real_open = builtins.open

    class Full:
        def __init__(self, f):
            self.f = f

        def write(self, text):
            raise OSError(28, "No space left on device")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    def full_open(name, mode="r", *args, **kw):
        f = real_open(name, mode, *args, **kw)
        return Full(f) if "w" in mode or "a" in mode else f

    monkeypatch.setattr(store_mod, "open", full_open, raising=False)
    turns = screen.s.turn
    for _ in range(300):  # several more turns' saves, every one refused
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
        if screen.s.turn >= turns + 3:
            break
    assert screen.s.turn >= turns + 3 and app.last_error is None
    assert app.toast == store_mod.NO_ROOM_NOTICE or store_mod.NO_ROOM_NOTICE in app.store.notices
    assert app.store.notices.count(store_mod.NO_ROOM_NOTICE) <= 1
    assert path.read_text() == before  # the old save, whole
    assert not (tmp_path / "saves" / "hang10.sav.tmp").exists()
    monkeypatch.undo()
    app2, _, _ = device.make(str(tmp_path / "other"))
    shutil_copy = __import__("shutil").copytree
    shutil_copy(str(tmp_path / "saves"), str(tmp_path / "other" / "saves"), dirs_exist_ok=True)
    app2.store.notices.clear()
    resumed = app2.start_game("hang10", resume=True)
    assert resumed.s.turn < screen.s.turn and app2.store.notices == []


def test_a_folder_where_the_temp_file_goes_is_moved_aside_once(tmp_path):
    from firmware.store import Store

    saves = tmp_path / "saves"
    (saves / "hang10.sav.tmp").mkdir(parents=True)
    (saves / "hang10.sav.tmp" / "mine.txt").write_text("kept")
    st = Store(str(tmp_path))
    st.write_text("hang10.sav", "data")
    assert (saves / "hang10.sav").read_text() == "data"
    assert (saves / "hang10.sav.tmp.bad" / "mine.txt").read_text() == "kept"  # not deleted
    st.write_text("hang10.sav", "more")
    assert (saves / "hang10.sav").read_text() == "more"
    assert st.notices.count("hang10.sav.tmp: was a folder") == 1


def test_saves_a_file_while_saves_bad_is_a_folder(tmp_path):
    """Neither is deleted: the file goes to saves.bad2, a folder is made, saves work."""
    from firmware.store import Store

    (tmp_path / "saves.bad").mkdir()
    (tmp_path / "saves.bad" / "old.sav").write_text("old")
    (tmp_path / "saves").write_text("a file")
    st = Store(str(tmp_path))
    st.write_text("a.json", "{}")
    assert (tmp_path / "saves" / "a.json").read_text() == "{}"
    assert (tmp_path / "saves.bad2").read_text() == "a file"
    assert (tmp_path / "saves.bad" / "old.sav").read_text() == "old"
    assert st.notices == ["saves: folder was a file"]


def test_a_folder_named_like_a_bad_copy_is_never_deleted(tmp_path):
    from firmware.store import Store

    saves = tmp_path / "saves"
    (saves / "hang10.sav.bad").mkdir(parents=True)
    (saves / "hang10.sav.bad" / "notes.txt").write_text("mine")
    (saves / "hang10.sav").write_text("damaged")
    st = Store(str(tmp_path))
    st.set_aside("hang10.sav", "damaged")
    assert (saves / "hang10.sav.bad" / "notes.txt").read_text() == "mine"
    assert (saves / "hang10.sav.bad2").read_text() == "damaged"


IMPOSSIBLE_STATS = [
    ("hang10", {"games": -5, "wins": 0, "clean": 0, "best": 0, "total": 0}),
    ("hang10", {"games": 3, "wins": 0, "clean": 4, "best": 10, "total": 20}),
    ("hang10", {"games": 3, "wins": 0, "clean": 0, "best": 99999, "total": 99999}),
    ("hang10", {"games": 2, "wins": 0, "clean": 0, "best": 30, "total": 400}),
    ("hang10", {"games": 0, "wins": 0, "clean": 0, "best": 12, "total": 0}),
    ("snafu", {"games": 2, "wins": -5, "clean": 0, "best": 1, "total": 2}),
    ("snafu", {"games": 2, "wins": 1, "clean": 1, "best": 10, "total": 10}),
]


@pytest.mark.parametrize("gid, stats", IMPOSSIBLE_STATS)
def test_impossible_stats_are_set_aside_with_a_notice(tmp_path, gid, stats):
    """Well-formed but impossible stats (a forged best beyond what the game can score,
    negative counts): set aside as NAME.bad with a notice, like damage; the Stats
    screen and the next game start from zero."""
    import json

    from firmware import games, records

    os.makedirs(saves(tmp_path))
    path = os.path.join(saves(tmp_path), gid + ".json")
    with open(path, "w") as f:
        json.dump(stats, f)
    app, board, d = device.make(str(tmp_path))
    assert records.load_stats(app.store, gid, games.rules(gid)) == records.DEFAULT_STATS
    d.idle()
    assert app.toast and app.toast.startswith(gid + ".json")
    assert os.path.exists(path + ".bad") and not os.path.exists(path)


def test_possible_stats_load_as_they_are(tmp_path):
    import json

    from firmware import games, records

    os.makedirs(saves(tmp_path))
    good = {"games": 3, "wins": 0, "clean": 1, "best": 72, "total": -20}
    with open(os.path.join(saves(tmp_path), "hang10.json"), "w") as f:
        json.dump(good, f)
    app, _board, _d = device.make(str(tmp_path))
    assert records.load_stats(app.store, "hang10", games.rules("hang10")) == good
    assert not app.store.notices


def test_options_no_screen_could_choose_are_set_aside(tmp_path):
    """saves/snafu.opt.json with variant 17: the options screen opens on the defaults,
    with a notice, the file kept as .bad."""
    import json

    from firmware import games, launcher

    os.makedirs(saves(tmp_path))
    path = os.path.join(saves(tmp_path), "snafu.opt.json")
    with open(path, "w") as f:
        json.dump({"variant": 17}, f)
    app, _board, d = device.make(str(tmp_path))
    screen = launcher.OptionsScreen(app, "snafu", games.rules("snafu"))
    defaults = {key: default for key, _l, _v, default, _h in games.rules("snafu").OPTIONS}
    assert screen.opts == defaults
    assert os.path.exists(path + ".bad")
    assert app.store.take_notice().startswith("snafu.opt.json")


def test_a_memory_error_reading_a_file_is_tried_again_before_it_counts_as_damage(tmp_path):
    """A heap short for the moment (its garbage not yet collected) does not set a good
    file aside: the parse is tried once more after a collection; a second MemoryError
    is damage (nested past what the heap holds), set aside with the notice."""
    st = Store(str(tmp_path))
    st.write_text("rec.json", '{"games": 3}')
    calls = []

    def short_once(f):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return f.read()

    assert st.load("rec.json", short_once) == '{"games": 3}'
    assert len(calls) == 2 and st.notices == []
    assert os.path.exists(st.path("rec.json")) and not os.path.exists(st.path("rec.json.bad"))

    def always_short(f):
        raise MemoryError

    assert st.load("rec.json", always_short, "default") == "default"
    assert os.path.exists(st.path("rec.json.bad")) and st.notices == ["rec.json: reset (too deep)"]


def test_a_game_save_read_short_of_heap_is_kept_and_the_error_raised(tmp_path):
    """deep=False (a game's save, whose reading nests nothing): a second MemoryError is
    the heap's, raised, and the file stays where it is, no notice."""
    st = Store(str(tmp_path))
    st.write_text("g.sav", "saved")

    def always_short(f):
        raise MemoryError

    with pytest.raises(MemoryError):
        st.load("g.sav", always_short, None, deep=False)
    assert st.read_text("g.sav") == "saved" and st.notices == []
    assert not os.path.exists(st.path("g.sav.bad"))


def test_judged_sets_a_file_aside_for_damage_and_raises_for_the_heap(tmp_path):
    from firmware.ui.opening import judged

    """opening.judged: the checks after a file's parse (a resume's state, options, screen).
    Damage sets the file aside with a notice; a MemoryError is tried once more after a
    collection, and a second is raised, the file kept."""
    st = Store(str(tmp_path))
    st.write_text("g.sav", "saved")
    assert judged(st, "g.sav", lambda: 7) == 7
    calls = []

    def short_once():
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError
        return "made"

    assert judged(st, "g.sav", short_once) == "made" and len(calls) == 2

    def always_short():
        raise MemoryError

    with pytest.raises(MemoryError):
        judged(st, "g.sav", always_short)
    assert st.read_text("g.sav") == "saved" and st.notices == []

    def damaged():
        raise ValueError("bad stock")

    assert judged(st, "g.sav", damaged) is None
    assert st.notices == ["g.sav: reset (bad stock)"] and st.read_text("g.sav") is None
    assert os.path.exists(st.path("g.sav.bad"))
