"""The base screen every screen is made of (menus and help pages: firmware/menus.py)."""


class Screen:
    """Base screen: update(pressed, held), draw(fb), on_chord(), leave().

    An `incremental` screen keeps the frame between draws and draws only what
    changed; when `repaint` is set (new screen, notice shown or gone) it must
    clear and draw everything.
    """

    incremental = False

    def __init__(self, app):
        self.app = app
        self.repaint = True

    def update(self, pressed, held):
        pass

    def draw(self, fb):
        pass

    def on_chord(self):
        pass

    def leave(self):
        pass
