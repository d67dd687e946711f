"""The one registry of games: the app, the launcher and every host command read it.

An entry names a game; its modules follow from its id (shared_rules.ID,
firmware.play.ID_screen, firmware.play.ID_help), so nothing is imported until
the game is opened (the launcher needs only ids and titles). Adding a game is adding
its files and one line here (tests add a scratch game with register()).
"""

import gc
import sys

from firmware import END_MODULES, drop_module

# (id, title): a game's modules are named after its id (entry() spells them out), so
# the launcher's heap holds two short strings a game, not five.
GAMES = [
    ("hang10", "Hang 10"),
    ("snafu", "Snafu"),
    ("fencing", "Pret? Allez!"),
    ("mypet", "My Pet"),
    ("dsol", "Double Solitaire"),
    ("airsup", "Air Superiority"),
    ("hang4", "Hang Four"),
    ("gnerts", "G'nerts"),
    ("disc", "Disc Battle"),
    ("rummy", "Three-Thirteen"),
]


# On the device the app drops this module while a game is played (firmware/app.py,
# registry); an entry added by register() would be lost with it, so it then stays.
RESIDENT = False


def register(gid, title, rules, screen, help_module):
    """Add (or replace) a game entry whose modules are named freely (the tests' scratch
    game lives outside shared_rules and firmware)."""
    global RESIDENT
    RESIDENT = True
    unregister(gid)
    GAMES.append((gid, title, rules, screen, help_module))


def unregister(gid):
    for i in range(len(GAMES)):
        if GAMES[i][0] == gid:
            unload(gid)
            GAMES.pop(i)
            return


def bench_rows(gid):
    """((label, options, swept option), ...): the settings the game's rules name for the
    bench and the soak (BENCH), else one row with the defaults."""
    return getattr(rules(gid), "BENCH", ((gid, None, None),))


def ids():
    return [g[0] for g in GAMES]


def entry(gid):
    """(id, title, rules module, screen module, help module)."""
    for g in GAMES:
        if g[0] == gid:
            if len(g) == 2:
                return (
                    gid,
                    g[1],
                    "shared_rules." + gid,
                    "firmware.play." + gid + "_screen",
                    "firmware.play." + gid + "_help",
                )
            return g
    raise ValueError("no game %r (games: %s)" % (gid, ", ".join(ids())))


def title(gid):
    for g in GAMES:
        if g[0] == gid:
            return g[1]
    return entry(gid)[1]


def _import(name):
    __import__(name)
    return sys.modules[name]


def rules(gid):
    """The game's rules module (imported now if it is not yet)."""
    return _import(entry(gid)[2])


def rules_alone(gid):
    """The game's rules module, every other game unloaded first (the launcher's game menu
    and stats: one game's code in the heap at a time)."""
    for other in ids():
        if other != gid:
            unload(other)
    return rules(gid)


def own_modules(gid):
    """The loaded modules that are the game's own: its rules, screen and help modules and
    their siblings named after them (shared_rules.hang10_ai). Shared modules (rng, cards,
    the screen parts) stay loaded for every game once imported."""
    e = entry(gid)
    out = []
    for own in e[2:5]:  # each name's loop is short: sys.modules is long on a laptop
        for name in sys.modules:
            if name.startswith(own) and (name == own or name[len(own)] == "_"):
                out.append(name)
    return out


def load(gid):
    """Import one game's screen module (which imports its rules and computer players),
    after unloading every other game; returns the screen module."""
    for other in ids():
        if other != gid:
            unload(other)
    if entry(gid)[3] not in sys.modules:  # a game switch: the screen parts go too
        drop_screen_parts()
    return _import(entry(gid)[3])


def unload_all():
    """Every game's code and the shared screen parts out of the heap (back home: the
    launcher and the next game load into a heap in one piece)."""
    for gid in ids():
        unload(gid)
    drop_screen_parts()


def drop_screen_parts():
    """firmware/ui/ and the end's code (firmware/result.py, ending.py) out of the heap."""
    for name in list(sys.modules):
        if name.startswith("firmware.ui.") or name in END_MODULES:
            drop_module(name)
    gc.collect()


def unload(gid):
    """Drop exactly the game's own modules, so their memory can be collected;
    machine-code modules (RESIDENT) stay: MicroPython never frees it."""
    for name in own_modules(gid):
        drop_module(name)
    gc.collect()


def with_help(gid, fn):
    """fn(pages) with the game's help pages loaded just for the call, then dropped."""
    name = entry(gid)[4]
    loaded = name in sys.modules
    try:
        return fn(_import(name).PAGES)
    finally:
        if not loaded:
            drop_module(name)
            gc.collect()
