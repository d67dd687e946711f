"""A game's pause menu (firmware/gamescreen.py): loaded as it opens, dropped as it
closes; a game in play does not hold this code. "New game" asks first: the game in
play and its save are not thrown away by one press."""

from firmware import buttons as btn
from firmware import drop_module, gfx
from firmware.app import DROP_LAUNCHER
from firmware.gamescreen import _dropping

ASK = 64  # scr.pause from here on: "New game?" asked, ASK + 0 the cursor on No, + 1 Yes
ANSWERS = ("No: play on", "Yes: new")


def update(scr, pressed):
    """A press in the open menu: UP/DOWN move, B closes, A takes the item."""
    app = scr.app
    app.dirty = True
    scr.repaint = True
    if scr.pause >= ASK:
        answer(scr, pressed)
        return
    n = len(scr.PAUSE)
    if pressed & btn.UP:
        scr.pause = (scr.pause - 1) % n
    elif pressed & btn.DOWN:
        scr.pause = (scr.pause + 1) % n
    elif pressed & btn.B:
        close(scr)
    elif pressed & btn.A:
        item = scr.PAUSE[scr.pause]
        if item == "New game":
            scr.pause = ASK  # the cursor on No
            return
        close(scr)
        if item == "Hint":
            if scr.human_turn():
                scr.ask_hint()
            else:  # a computer is playing: no hint for it, and a line says why
                scr.say("Not your turn")
        elif item == "Help":
            from firmware.menus import HelpScreen

            scr.help = HelpScreen(app, scr.gid, lambda: close_help(scr))
        elif item == "Save & exit":
            scr.save_and_exit()
        elif item == "Log":  # a game with a log of its plays (Three-Thirteen)
            scr.open_log()


def answer(scr, pressed):
    """A press on "New game?": UP/DOWN move between No and Yes, A takes the answer (No
    plays on), B goes back to the menu."""
    if pressed & (btn.UP | btn.DOWN):
        scr.pause = ASK + (scr.pause == ASK)
    elif pressed & btn.B:
        scr.pause = scr.PAUSE.index("New game")
    elif pressed & btn.A:
        yes = scr.pause > ASK
        close(scr)
        if yes:
            scr.app.store.remove(scr.gid + ".sav")
            scr.app.start_game(scr.gid, options=scr.options, resume=False)


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
    """The menu's box over the game, the cursor's item inverted; or the question."""
    if scr.pause >= ASK:
        gfx.box(fb, 16, 10, 96, 44)
        gfx.center(fb, "New game?", 15, 1)
        items(fb, ANSWERS, scr.pause - ASK, 29, 18, 92)
        return
    n = len(scr.PAUSE)
    y = 10 if n < 5 else (4 if n < 6 else 0)  # six items: the whole panel's height
    gfx.box(fb, 20, y, 88, max(44, 8 + 9 * n))
    items(fb, scr.PAUSE, scr.pause, y + 4, 22, 84)


def items(fb, labels, cursor, top, x, w):
    """A column of labels, a row of 9 pixels each from `top`, the cursor's inverted."""
    for i, label in enumerate(labels):
        y = top + 9 * i
        if i == cursor:
            fb.fill_rect(x, y - 1, w, 9, 1)
        fb.text(label, x + 4, y, 0 if i == cursor else 1)
