"""Three-Thirteen's log of the last plays, over the game (the pause menu's Log): what
each seat drew, took, threw and grabbed, the newest last. Loaded when it opens and
dropped when it closes; the game keeps only the lines (RummyScreen.history)."""

from firmware import buttons as btn
from firmware import drop_module, gfx
from firmware.gamescreen import _dropping


class LogView:
    """The game screen's lines of play (up to six) under a title; A or B goes back."""

    def __init__(self, scr):
        self.scr = scr

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            close(self.scr)

    def draw(self, fb):
        lines = self.scr.history
        gfx.bar(fb, "Log: last plays", 0)
        if not lines:
            fb.text("nothing yet", 0, 10, 1)
        for i in range(len(lines)):
            fb.text(short(lines[i]), 0, 10 + 9 * i, 1)


def short(line):
    """A log line in 16 characters: "North went out with 8S" -> "N out with 8S"."""
    if len(line) <= gfx.CHARS:
        return line
    line = line.replace(" went out with ", " out with ")
    space = line.find(" ")
    if len(line) > gfx.CHARS and line[:3] != "You" and space > 0:
        line = line[0] + line[space:]
    return line[: gfx.CHARS]


def close(scr):
    """Back to the game; on the device this code leaves the heap."""
    scr.help = None
    scr.repaint = True
    scr.app.dirty = True
    if _dropping():
        drop_module("firmware.play.rummy_log")
