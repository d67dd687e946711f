"""A game's opening (firmware/gamescreen.py): a new game with its journal started, or
the saved one resumed with its journal reopened. Loaded to open a game, then dropped:
a game in play does not hold this code."""

from firmware import games
from firmware.app import tidy
from firmware.gamescreen import SAVE_HEAD, _records, drop_records, release_save_code


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
    tidy()  # the records' room in one piece for the players
    record = getattr(rules, "record_options", None)
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
    return screen


def resume(cls, app, gid):
    """The saved game's screen, or None (no save, or a damaged one set aside with a
    notice: an option or a field out of range counts as damage)."""
    rules = cls.RULES

    from firmware import reading

    def parse(f):
        fields = reading.read_header(f, SAVE_HEAD)
        if fields["game"] != gid:
            raise ValueError("save is for %s" % fields["game"][:12])
        state = rules.load(f.read())
        options = fields["options"]
        rules.new(fields["seed"], options, fields["profile"])  # checks the options
        if fields["profile"] is not None:
            rules.check_profile(fields["profile"])
        screen = cls(
            app, gid, rules, state, fields["seed"], options, fields["profile"], fields["stats"]
        )
        screen.adopt(fields)
        cls.prepare(options)
        return screen, fields

    got = app.store.load(gid + ".sav", parse)
    release_save_code(rules)
    games.drop_module("firmware.reading")
    if got is None:
        return None
    screen, fields = got
    reopen_journal(screen, fields)
    screen.rest()
    return screen


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
