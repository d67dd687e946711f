"""A titled menu and a game's help pages: the launcher's screens, and the help a game in
play opens from its pause menu (imported then, and dropped when the help closes)."""

from firmware import buttons as btn
from firmware import gfx
from firmware.screens import Screen


class Menu(Screen):
    """A titled list; A picks, B goes back. Items are (label, action) pairs."""

    VISIBLE = 5

    def __init__(self, app, title, items, back=None):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.back = back
        self.index = 0

    def labels(self):
        return [label for label, _ in self.items]

    def update(self, pressed, held):
        if pressed & btn.UP:
            self.index = (self.index - 1) % len(self.items)
            self.app.dirty = True
        elif pressed & btn.DOWN:
            self.index = (self.index + 1) % len(self.items)
            self.app.dirty = True
        elif pressed & btn.A:
            self.app.beep()
            self.items[self.index][1]()
            self.app.dirty = True
        elif pressed & btn.B and self.back:
            self.back()

    def draw(self, fb):
        gfx.bar(fb, self.title, 0)
        labels = self.labels()
        top = 0
        if self.index >= self.VISIBLE:
            top = self.index - self.VISIBLE + 1
        for i in range(top, min(len(labels), top + self.VISIBLE)):
            y = 11 + (i - top) * 9
            if i == self.index:
                fb.fill_rect(0, y - 1, gfx.W, 9, 1)
                fb.text(labels[i][:15], 4, y, 0)
            else:
                fb.text(labels[i][:15], 4, y, 1)


class HelpScreen(Screen):
    """A game's help pages: LEFT/RIGHT turn the page, UP/DOWN too; A or B goes back.

    The pages are loaded when the screen opens and dropped when it closes
    (firmware.games.with_help), so they cost no memory during play.
    """

    def __init__(self, app, gid, back):
        Screen.__init__(self, app)
        from firmware import games

        self.pages = games.with_help(gid, list)
        self.page = 0
        self.back = back

    def update(self, pressed, held):
        n = len(self.pages)
        if pressed & (btn.RIGHT | btn.DOWN):
            self.page = (self.page + 1) % n
        elif pressed & (btn.LEFT | btn.UP):
            self.page = (self.page - 1) % n
        elif pressed & (btn.A | btn.B):
            self.pages = None
            self.back()
            return
        else:
            return
        self.app.dirty = True

    def draw(self, fb):
        page = self.pages[self.page]
        num = "%d/%d" % (self.page + 1, len(self.pages))
        gfx.bar(fb, page[0][: gfx.CHARS - len(num) - 1], 0)
        fb.text(num, gfx.W - 8 * len(num), 1, 0)
        for i in range(1, len(page)):
            fb.text(page[i], 0, 1 + 9 * i, 1)
