"""Every registered game through the whole app, as the contract's app-side checks: a game
gets all of these by registering (the scratch game Duel, from tests/, included).

- a damaged save (truncated at every offset, or 1,200 spread over a longer one, and a
  bit flipped at 300 places; `make fuzz`: every offset, 2,000 flips) either
  resumes a game that passes check() and plays on, or is set aside as ID.sav.bad with a
  one-line notice and a new game; never the error screen, never a lost replay journal;
- a damaged replay journal (ID.in) never stops the saved game from resuming;
- a whole game (match) from the launcher, in the MicroPython VM at the app's heap cap,
  ends with its stats written, as on CPython.
"""

import os
import shutil
import sys

import pytest
import unlisted
from test_scratch_app import ENTRY

import host_sim
from firmware import games, gamescreen, launcher, records
from host_sim import build, device
from mpvm import ROOT, require_vm, run_mp
from shared_rules.rng import Rng

GAME_IDS = games.ids() + [ENTRY[0]]
UNLISTED = []
# Bit flips per game (at places drawn from a fixed Rng) and at most this many truncation
# offsets (an even spread; every one if fewer): `make fuzz` runs every offset and 2,000
# flips a game.
FLIPS = int(os.environ.get("PT_SAVE_FUZZ_FLIPS") or 300)
TRUNCATIONS = int(os.environ.get("PT_SAVE_FUZZ_TRUNCATIONS") or 1200)


@pytest.fixture(scope="module", autouse=True)
def duel_registered():
    games.register(*ENTRY)
    yield
    games.unregister(ENTRY[0])


@pytest.fixture(autouse=True)
def no_full_collections(monkeypatch):
    """Opening a game collects the heap (for the device's sake); on CPython under pytest
    that is most of each trial's time and changes nothing the checks look at."""
    monkeypatch.setattr(games.gc, "collect", lambda: 0)


def saved_game(root, gid, steps=40):
    """Play `steps` of the screen's own presses into a new game; the save's bytes."""
    app, board, d = device.make(root)
    screen = app.start_game(gid, seed=3, options=None, resume=False)
    for _ in range(steps):
        if screen.finished:
            break
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    assert not screen.finished, "the game ended before its save could be damaged"
    if not app.store.exists(gid + ".sav"):  # saved at the next turn boundary: leave now
        d.keys("A+B*%d" % 20)
    with open(os.path.join(root, "saves", gid + ".sav"), "rb") as f:
        return f.read()


def damaged(data, truncations=TRUNCATIONS, flips=FLIPS):
    """(what, bytes) for every truncation offset (or an even spread) and bit flips."""
    step = max(1, len(data) // truncations)
    for n in range(0, len(data), step):
        yield "truncated at %d" % n, data[:n]
    rng = Rng(len(data))
    for _ in range(flips):
        i = rng.below(len(data))
        bit = 1 << rng.below(8)
        yield (
            "bit %d of byte %d flipped" % (bit, i),
            data[:i] + bytes([data[i] ^ bit]) + data[i + 1 :],
        )


def resume_with(root, gid, files):
    """A fresh device with these saves/ files {name: bytes}; Continue; a frame (for the
    notice)."""
    saves = os.path.join(root, "saves")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(saves)
    for name, data in files.items():
        with open(os.path.join(saves, name), "wb") as f:
            f.write(data)
    app, board, d = device.make(root)
    app.start_game(gid, resume=True)
    d.idle()
    return app, board, d


def test_every_game_is_checked():
    assert GAME_IDS[-1] == "duel" and len(GAME_IDS) == len(games.ids())


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_damaged_save_resumes_or_is_set_aside(gid, tmp_path):
    good = saved_game(str(tmp_path / "good"), gid)
    rules = games.rules(gid)
    root = str(tmp_path / "dev")
    outcomes = {"resumed": 0, "set aside": 0}
    for what, data in damaged(good):
        app, board, d = resume_with(root, gid, {gid + ".sav": data})
        screen = app.screen
        where = "%s: %s" % (gid, what)
        assert not isinstance(screen, launcher.ErrorScreen), where
        assert app.last_error is None, (where, app.last_error)
        assert isinstance(screen, gamescreen.GameScreen), where
        bad = os.path.join(root, "saves", gid + ".sav.bad")
        if os.path.exists(bad):
            outcomes["set aside"] += 1
            with open(bad, "rb") as f:
                assert f.read() == data, where  # kept as it was, for a look later
            assert app.toast and app.toast.startswith(gid + ".sav: "), (where, app.toast)
            assert screen.s.nmoves == 0, where  # a new game instead
        else:
            outcomes["resumed"] += 1
            rules.check(screen.s)  # a save that loads is a position that can be played
        for _ in range(3):  # and it plays on
            if screen.finished:
                break
            m = screen.bot_press()
            app.frame(m, m)
            app.frame(0, 0)
        assert app.last_error is None and app.screen is screen, where
    assert outcomes["set aside"] > outcomes["resumed"] > 0 or gid == "snafu", outcomes


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_damaged_journal_never_stops_the_game(gid, tmp_path):
    good_root = str(tmp_path / "good")
    save = saved_game(good_root, gid)
    with open(os.path.join(good_root, "saves", gid + ".in"), "rb") as f:
        journal = f.read()
    rules = games.rules(gid)
    saved_state = save.decode().split("\n--\n", 1)[1]
    root = str(tmp_path / "dev")
    for k, (what, data) in enumerate(damaged(journal, 200, 100)):
        app, board, d = resume_with(root, gid, {gid + ".in": data, gid + ".sav": save})
        screen = app.screen
        where = "%s journal: %s" % (gid, what)
        assert app.last_error is None, (where, app.last_error)
        assert rules.dump(screen.s) == saved_state, where
        if k % 25 == 0:  # now and then, on to the end: stats counted, a replay kept
            assert d.autoplay() and app.last_error is None, where
            assert records.load_stats(app.store, gid)["games"] == 1, where
            assert app.store.exists(gid + ".last.rep"), where


# ---- a whole game from the launcher, in the VM at the heap cap -----------------

LAUNCH = r"""
import gc, sys
from boards import driver, headless
from firmware import app as appmod
from firmware import games
if ENTRY:
    games.register(*ENTRY)
board = headless.setup(fs_root=FS)
app = appmod.App(board)
d = driver.Driver(app)
d.idle()
d.keys("DOWN," * app.screen.labels().index(TITLE) + "A")  # the game's menu
d.keys("DOWN," * app.screen.labels().index("New game") + "A")
if type(app.screen).__name__ == "OptionsScreen":
    d.keys("A")  # start with the defaults
screen = app.screen
if not hasattr(screen, "finished"):
    print("result", type(screen).__name__, repr(app.last_error))
    raise SystemExit
ok = d.autoplay(100000)
gc.collect()
print("result", type(app.screen).__name__, ok, screen.finished, repr(app.last_error))
from firmware import records
print("stats", records.load_stats(app.store, GID)["games"])
print("free", gc.mem_free())
print("moves", screen.s.nmoves if hasattr(screen.s, "nmoves") else screen.s.tick, app.frame_no)
"""


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    """The device build, with the scratch game compiled beside it as a game's modules
    would be (compiling source in the VM would take heap no device build needs)."""
    out = str(tmp_path_factory.mktemp("build") / "device")
    build.build(out, march=build.HOST_MARCH)
    src = os.path.join(ROOT, "tests", "scratch_game")
    os.makedirs(os.path.join(out, "scratch_game"))
    for name in sorted(os.listdir(src)):
        if name.endswith(".py"):
            dst = os.path.join(out, "scratch_game", name[:-3] + ".mpy")
            build._compile(build.mpy_cross(), os.path.join(src, name), dst, name, 2)
    return out


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_whole_game_from_the_launcher_in_the_vm_at_the_heap_cap(gid, device_build, tmp_path):
    require_vm()
    entry = ENTRY if gid == ENTRY[0] else None
    code = "FS = %r\nENTRY = %r\nGID = %r\nTITLE = %r\n" % (
        str(tmp_path),
        entry,
        gid,
        games.title(gid),
    )
    out = run_mp(code + LAUNCH, cwd=device_build, heap=host_sim.APP_HEAP)
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert lines["result"] == "%s True True None" % games.load(gid).SCREEN.__name__
    assert lines["stats"] == "1"
    assert int(lines["free"]) > 0
    assert int(lines["moves"].split()[0]) > 10  # a real game, not one ended at once


@pytest.mark.parametrize("gid,title", UNLISTED)
def test_an_unlisted_game_from_the_launcher_in_the_vm(gid, title, device_build, tmp_path):
    """The games built but not in the launcher yet (tests/unlisted.py), as the registry
    will hold them: their modules must load and play in MicroPython, not only CPython."""
    require_vm()
    code = "FS = %r\nENTRY = %r\nGID = %r\nTITLE = %r\n" % (
        str(tmp_path),
        unlisted.entry(gid, title),
        gid,
        title,
    )
    out = run_mp(code + LAUNCH, cwd=device_build, heap=host_sim.APP_HEAP)
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert lines["result"].endswith("True True None"), out
    assert lines["stats"] == "1"
    assert int(lines["moves"].split()[0]) > 10


def test_optional_declarations_are_read_without_the_modules_getattr():
    """firmware.declared: a game's optional names come from the module's own names; a
    rules module's __getattr__ (which may import code, and raises for a name it lacks)
    is never asked, and no module gives the default."""
    import types

    from firmware import declared
    from shared_rules import disc, rummy

    asked = []

    def answer(name):
        asked.append(name)
        raise AttributeError(name)

    mod = types.ModuleType("scratch_rules")
    mod.LIVES = 3
    mod.__getattr__ = answer
    assert declared(mod, "LIVES", 0) == 3
    assert declared(mod, "SCORE_RANGE") is None
    assert declared(None, "LIVES", 7) == 7
    assert asked == []
    assert declared(rummy, "SCORE_RANGE") == (-66, 1760)
    for rules in (rummy, disc):  # both answer rarely used names through __getattr__
        for name in ("LIVES", "record_options", "release_players", "RESIDENT"):
            assert declared(rules, name, "none") == getattr(rules, name, "none")


@pytest.mark.parametrize("gid", games.ids())
def test_a_resume_reads_the_save_before_the_screen_module_is_imported(gid, tmp_path, monkeypatch):
    """A resume reads the save with the rules module alone and imports the game's screen
    module after it (app.start_game): on the device the save's code and the screen's
    are never in the heap together."""
    root = str(tmp_path / "r")
    data = saved_game(root, gid)
    screen_name = games.entry(gid)[3]
    seen = []
    real = gamescreen.release_save_code

    def release_save_code(rules):  # the save is read (its first call)
        seen.append(screen_name in sys.modules)
        real(rules)

    monkeypatch.setattr(gamescreen, "release_save_code", release_save_code)
    app, board, d = resume_with(root, gid, {gid + ".sav": data})
    assert seen and not seen[0]
    assert type(app.screen).__module__ == screen_name and app.last_error is None
    assert not app.store.exists(gid + ".sav.bad")  # resumed, not set aside
