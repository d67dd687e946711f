"""A game's pause menu (firmware/gamescreen.py): loaded as it opens, dropped as it
closes; a game in play does not hold this code."""

from firmware import buttons as btn
from firmware import drop_module, gfx
from firmware.app import DROP_LAUNCHER
from firmware.gamescreen import _dropping


def update(scr, pressed):
    """A press in the open menu: UP/DOWN move, B closes, A takes the item."""
    app = scr.app
    app.dirty = True
    scr.repaint = True
    n = len(scr.PAUSE)
    if pressed & btn.UP:
        scr.pause = (scr.pause - 1) % n
    elif pressed & btn.DOWN:
        scr.pause = (scr.pause + 1) % n
    elif pressed & btn.B:
        close(scr)
    elif pressed & btn.A:
        item = scr.PAUSE[scr.pause]
        close(scr)
        if item == "Hint":
            scr.ask_hint()
        elif item == "Help":
            from firmware.menus import HelpScreen

            scr.help = HelpScreen(app, scr.gid, lambda: close_help(scr))
        elif item == "Save & exit":
            scr.save_and_exit()
        elif item == "New game":
            app.store.remove(scr.gid + ".sav")
            app.start_game(scr.gid, options=scr.options, resume=False)


def close(scr):
    """The menu closed; on the device its code leaves the heap (this function and the
    help's close below stay only while something holds them)."""
    scr.pause = -1
    if _dropping():
        drop_module("firmware.ui.pause")


def close_help(scr):
    """The help pages closed: back to the game, their code out of the heap."""
    scr.help = None
    scr.repaint = True
    scr.app.dirty = True
    if _dropping():
        drop_module("firmware.menus")
        if DROP_LAUNCHER:  # the registry that found its pages (firmware/ui/opening.py)
            drop_module("firmware.games")


def draw(scr, fb):
    """The menu's box over the game, the cursor's item inverted."""
    n = len(scr.PAUSE)
    gfx.box(fb, 20, 10 if n < 5 else 4, 88, max(44, 8 + 9 * n))
    top = 14 if n < 5 else 8
    for i, label in enumerate(scr.PAUSE):
        y = top + 9 * i
        if i == scr.pause:
            fb.fill_rect(22, y - 1, 84, 9, 1)
        fb.text(label, 26, y, 0 if i == scr.pause else 1)
