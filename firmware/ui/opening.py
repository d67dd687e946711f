"""A game's opening (firmware/gamescreen.py): a new game with its journal started, or
the saved one resumed with its journal reopened. Loaded to open a game, then dropped:
a game in play does not hold this code."""

import gc

from firmware import END_MODULES, declared, drop_module
from firmware.app import DROP_LAUNCHER, LOW_HEAP, tidy
from firmware.gamescreen import (
    SAVE_HEAD,
    _dropping,
    _ending,
    _records,
    _result,
    drop_records,
    release_save_code,
)
from firmware.store import DAMAGE, first_line

# Free heap, the game opened, over which the end's code loads with it and stays (a
# Pico's whole heap; not a heap near the 80 KB budget's edge).
END_AHEAD = LOW_HEAP + 32 * 1024


def start(cls, app, gid, seed, options, profile):
    """A new game: its journal started, any old save removed."""
    rules = cls.RULES
    store = app.store
    records = _records()
    if profile is None:
        profile = records.load_profile(store, gid, rules)
    counted = records.load_stats(store, gid, rules)["games"]
    records = None
    drop_records()  # before the computer players load (prepare): the heap's peak
    drop_registry()
    drop_end_parts(cls)
    tidy()  # the records' room in one piece for the players
    before_reading(rules)  # as a resume does: the code held throughout, loaded first
    record = declared(rules, "record_options")
    if record is not None:  # what a save and a replay must say to play the same
        options = record(options)
    cls.prepare(options)
    state = rules.new(seed, options, profile)
    screen = cls(app, gid, rules, state, seed, options, profile, counted)
    store.remove(gid + ".sav")
    store.write(gid + ".in", screen.write_journal_head)
    if cls.SAVE_AT_START:
        screen.save_now()
    screen.rest()  # what the opening needed of the resolution's modules goes
    screen.opened()
    end_code_ahead(screen)
    return screen


def drop_registry():
    """On the device the registry's code (firmware/games.py, 2.5 KB) leaves as a game
    opens, before its players load: a game in play does not use it (home loads it).
    CPython keeps it: the tests hold the module (and the entries they register)."""
    if DROP_LAUNCHER and _dropping():
        drop_module("firmware.games")


def drop_end_parts(cls):
    """A screen's END_PARTS out of the heap before the players load (the profile's check
    may have loaded one)."""
    for name in getattr(cls, "END_PARTS", ()):
        drop_module(name)


def end_code_ahead(screen):
    """On the device, with room to spare once the game is open (a Pico's whole heap,
    mostly): the end's code (the stats code, the result's, the end's steps, and a
    screen's END_PARTS) imported now and kept, so the frames after the last move import
    nothing; after a whole match each such import took 18 to 29 ms on a Pico (its
    allocations search a heap in many pieces), over a frame's 25. Near the budget's
    edge they load at the end, a module a frame (GameScreen.update), and are out of the
    heap while the game is played (the END_PARTS, which the opening may have used, leave
    now and load where needed)."""
    if not _dropping():
        return
    for name in END_MODULES:  # a game before this one (its result box's "new
        drop_module(name)  # game") may have left them
    drop_end_parts(screen)  # a game's own (Disc Battle's levels' code)
    tidy()
    free = getattr(gc, "mem_free", None)
    if free is None or free() < END_AHEAD:
        return
    _records()
    _result()
    _ending()
    for name in getattr(screen, "END_PARTS", ()):
        __import__(name)


def read(rules, app, gid):
    """The save's header fields and the state it holds, or None (no save, or a damaged
    one set aside with a notice). On the device this runs before the game's screen
    module is imported (app.start_game), so the save's code and the screen's code are
    never in the heap together."""
    from firmware import reading

    def parse(f):
        fields = reading.read_header(f, SAVE_HEAD)
        if fields["game"] != gid:
            raise ValueError("save is for %s" % fields["game"][:12])
        return fields, f.read()

    # The file is read whole and closed before the state is made from it: the rules'
    # save code, imported for that, opens its own file (a block of 1,148 bytes on a
    # Pico's flash), and two such blocks at once were a resume's first failure there.
    name = gid + ".sav"
    store = app.store
    got = store.load(name, parse, deep=False)  # no room: an error, the save kept
    drop_module("firmware.reading")
    drop_registry()
    if got is None:
        return None
    fields, text = got
    got = None
    before_reading(rules)
    state = judged(store, name, lambda: rules.load(text))
    text = None
    release_save_code(rules)
    if state is None:
        return None
    tidy()  # the reading's garbage: the screen and the checks below get its room
    return fields, state


def resume(cls, app, gid, got=None):
    """The saved game's screen, or None (no save, or a damaged one set aside with a
    notice: an option or a field out of range counts as damage). got: the save already
    read (read(), before the screen's module was imported)."""
    rules = cls.RULES
    if got is None:
        got = read(rules, app, gid)
    if got is None:
        return None
    fields, state = got
    got = None
    store = app.store
    name = gid + ".sav"

    def make():
        """The save's options and profile checked (damage: set aside), then its screen,
        made once the save's code has left: beside it the heap of a resume was at its
        fullest (a MemoryError here is the heap's: shown, the save kept)."""
        options = fields["options"]
        rules.new(fields["seed"], options, fields["profile"])  # checks the options
        if fields["profile"] is not None:
            rules.check_profile(fields["profile"])
        screen = cls(
            app, gid, rules, state, fields["seed"], options, fields["profile"], fields["stats"]
        )
        screen.adopt(fields)
        return screen

    screen = judged(store, name, make)
    release_save_code(rules)  # in case the checks or the screen loaded it again
    if screen is None:
        return None
    # The players load once the save's code has left (its room), and outside the
    # save's reading: a heap too small for them is an error shown, not a damaged save.
    drop_end_parts(cls)
    tidy()  # the players' room in one piece (smart Snafu's 1,794-byte function)
    cls.prepare(fields["options"])
    reopen_journal(screen, fields)
    screen.rest()
    screen.opened()  # a screen's own opening work, the save's code gone (its room)
    end_code_ahead(screen)
    return screen


def before_reading(rules):
    """Before a resume reads its save, and before a new game's state is made: what the
    rules module's own optional `before_reading()` loads, in a heap collected first:
    code the game holds throughout that would come after the reading (or the new
    state), where its blocks had to be found in the holes left between the state's
    objects (Three-Thirteen's meld search, whose 2,177-byte function found no room
    there)."""
    first = declared(rules, "before_reading")
    if first is not None:
        tidy()  # the registry's and the reading's room, in pieces as large as they come
        first()


def judged(store, name, fn):
    """fn() for a file already read (its parse, or the checks after it), or None with
    the file set aside as damaged if fn raises as a damaged file's reading does. A
    MemoryError is tried once more after a collection, then raised (the heap's: the
    file kept). Here, not in the store, which every game holds in its heap."""
    for again in (False, True):
        try:
            return fn()
        except DAMAGE as e:
            store.set_aside(name, "reset (%s)" % (first_line(e),))
            return None
        except MemoryError:
            if again:
                raise
            gc.collect()


def reopen_journal(scr, fields):
    """Resumed: the journal goes on from the save's count of inputs."""
    store = scr.app.store
    name = scr.gid + ".in"
    old = fields["inputs"]
    if old.n or not store.exists(name):  # an older save kept its inputs inline
        store.write(name, scr.write_journal_head)
        scr.inputs = old
        scr.journaled = 0
        scr.flush_inputs()
    else:
        scr.journaled = fields["inputs_saved"]
    n = scr.journaled
    store.append(name, lambda f: f.write("\nresume %d\n" % n))
    scr.journaled = n + 1  # the resume counts as an input
