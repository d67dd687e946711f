"""A game opened across a soft reset, on a board that has one (MicroPython on a Pico).

The launcher writes its choice to the saves' folder (`App.OPENING`) and resets the
device; main.py runs again and the app, finding the record, opens that game in a fresh
heap: none of the launcher's names in MicroPython's table of names (never freed), no
holes its screens left. The record is read once and removed, so a game that cannot
open leaves the next start at the launcher. Loaded only for this, then dropped.
"""

import json

from firmware import gfx

KEYS = ("gid", "home", "resume", "options", "seed")


def reset_into(app, gid, how):
    """The choice written and the device reset (on the device this does not return:
    main.py runs again). It returns where the record cannot be written (a full or
    read-only filesystem: the store's notice says so) or the reset returned: the game
    then opens in place, as it always can."""
    from firmware.app import OPENING

    record = dict(how)
    record["gid"] = gid
    record["home"] = app.home_index
    if not app.store.save_json(OPENING, record):
        return
    app.fb.fill(0)
    gfx.center(app.fb, "Opening...", 28)
    app.display.show()  # stays on the panel through the reset
    app.board.soft_reset()
    app.store.remove(OPENING)  # it returned: the game opens here


def take(app):
    """(gid, start_game's arguments) from the record, which is then removed; None for a
    damaged record (set aside with a notice: the app starts at the launcher)."""
    from firmware.app import OPENING

    how = app.store.load(OPENING, read)
    app.store.remove(OPENING)
    if how is None:
        return None
    app.home_index = how.pop("home")
    return how.pop("gid"), how


def read(f):
    """The record from its file; ValueError when it is not one the launcher wrote."""
    from firmware import games

    how = json.load(f)
    if not isinstance(how, dict) or "gid" not in how or "home" not in how:
        raise ValueError("not an opening")
    for key in how:
        if key not in KEYS:
            raise ValueError("bad key " + key)
    if how["gid"] not in games.ids():
        raise ValueError("no such game")
    home = how["home"]
    if type(home) is not int or home < 0:
        raise ValueError("bad home")
    if type(how.get("resume", True)) is not bool or type(how.get("seed", 0)) is not int:
        raise ValueError("bad resume or seed")
    if how.get("options") is not None and not isinstance(how["options"], dict):
        raise ValueError("bad options")
    return how
