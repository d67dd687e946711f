"""Games built but not in the launcher yet (docs/rules/ID.md, "Status"): their screens are
tested as the registry will hold them, registered for the test module and then removed."""

from contextlib import contextmanager

from firmware import games
from host_sim import device


def entry(gid, title):
    """The registry line the game will have: its rules, screen and help modules."""
    play = "firmware.play." + gid
    return (gid, title, "shared_rules." + gid, play + "_screen", play + "_help")


@contextmanager
def registered(gid, title):
    added = gid not in games.ids()
    if added:
        games.register(*entry(gid, title))
    try:
        yield
    finally:
        if added:
            games.unregister(gid)


def open_game(tmp_path, gid, options=None, seed=3):
    """(app, board, driver, screen) of a new game on the headless device."""
    app, board, drv = device.make(str(tmp_path))
    drv.idle()
    screen = app.start_game(gid, seed=seed, options=options, resume=False)
    drv.idle()
    return app, board, drv, screen
