"""The launcher and the screens around the games: game menu, options, stats, settings,
button test, about, error. Games are named only by the registry (firmware.games)."""

from firmware import buttons as btn
from firmware import games, gfx, records
from firmware.menus import HelpScreen, Menu
from firmware.screens import Screen
from firmware.version import VERSION


class Launcher(Menu):
    def __init__(self, app):
        items = []
        for gid in games.ids():
            items.append((games.title(gid), self._opener(gid)))
        items.append(("Settings", lambda: app.go(Settings(app))))
        items.append(("About", lambda: app.go(About(app))))
        Menu.__init__(self, app, "Pocket Table", items)
        self.index = min(app.home_index, len(items) - 1)  # where the cursor last was

    def update(self, pressed, held):
        Menu.update(self, pressed, held)
        self.app.home_index = self.index

    def _opener(self, gid):
        return lambda: self.app.go(GameMenu(self.app, gid))


class GameMenu(Menu):
    """Continue / New game / Help / Stats for one game."""

    def __init__(self, app, gid):
        self.gid = gid
        items = []
        if app.store.exists(gid + ".sav"):
            items.append(("Continue", lambda: app.open_game(gid, resume=True)))
        items.append(("New game", self.new_game))
        items.append(("Help", lambda: app.go(HelpScreen(app, gid, self.reopen))))
        items.append(("Stats", lambda: app.go(StatsScreen(app, gid))))
        Menu.__init__(self, app, games.title(gid), items, back=app.home)

    def reopen(self):
        self.app.go(GameMenu(self.app, self.gid))

    def new_game(self):
        """A saved game is not thrown away unasked: New game asks first."""
        app = self.app
        gid = self.gid
        if not app.store.exists(gid + ".sav"):
            self.new_game_now()
            return
        items = [
            ("No: continue", lambda: app.open_game(gid, resume=True)),
            ("Yes: new game", self.new_game_now),
        ]
        app.go(Menu(app, "Replace save?", items, back=self.reopen))

    def new_game_now(self):
        rules = games.rules_alone(self.gid)  # its options; the rest loads on opening
        if rules.OPTIONS:
            self.app.go(OptionsScreen(self.app, self.gid, rules))
        else:
            self.app.open_game(self.gid, resume=False)


class OptionsScreen(Screen):
    """Choose a game's options (LEFT/RIGHT), A starts, B goes back. Remembered per game."""

    VISIBLE = 4

    def __init__(self, app, gid, rules):
        Screen.__init__(self, app)
        self.gid = gid
        self.mod = rules
        defaults = {}
        for key, _label, _values, default, _help in rules.OPTIONS:
            defaults[key] = default
        self.opts = app.store.load_json(gid + ".opt.json", defaults, self.check_options)
        self.index = 0

    def check_options(self, opts):
        """Raise ValueError for a value the options screen could not have chosen."""
        for key, _label, values, _default, _help in self.mod.OPTIONS:
            if opts[key] not in values:
                raise ValueError("%s out of range" % key)

    def rows(self):
        return len(self.mod.OPTIONS) + 2  # the options, Start, Help

    def update(self, pressed, held):
        rows = self.rows()
        app = self.app
        n = len(self.mod.OPTIONS)
        if pressed & btn.UP:
            self.index = (self.index - 1) % rows
        elif pressed & btn.DOWN:
            self.index = (self.index + 1) % rows
        elif pressed & (btn.LEFT | btn.RIGHT) and self.index < n:
            key, _label, values, _default, _help = self.mod.OPTIONS[self.index]
            step = 1 if pressed & btn.RIGHT else -1
            i = values.index(self.opts[key]) + step
            if ordered(values):  # a scale (speed 1-4) stops at its ends
                i = min(len(values) - 1, max(0, i))
            self.opts[key] = values[i % len(values)]
        elif pressed & btn.A and self.index == n + 1:
            app.go(HelpScreen(app, self.gid, lambda: app.go(self)))
            return
        elif pressed & btn.A:
            app.store.save_json(self.gid + ".opt.json", self.opts)
            app.open_game(self.gid, options=dict(self.opts), resume=False)
            return
        elif pressed & btn.B:
            app.go(GameMenu(app, self.gid))
            return
        else:
            return
        app.dirty = True

    def draw(self, fb):
        rules = self.mod
        title = games.title(self.gid)
        if len(title) < 8:
            title += ": A=start"
        elif len(title) <= gfx.CHARS - 4:
            title += " (A)"
        gfx.bar(fb, title, 0)
        rows = self.rows()
        n = len(rules.OPTIONS)
        top = max(0, min(self.index - 1, rows - self.VISIBLE))
        for i in range(top, min(rows, top + self.VISIBLE)):
            y = 11 + (i - top) * 9
            if i < n:
                key, label, _values, _default, _help = rules.OPTIONS[i]
                text = "%-9s%s" % (label, rules.option_text(key, self.opts[key]))
            else:
                text = "Start" if i == n else "Help"
            if i == self.index:
                fb.fill_rect(0, y - 1, gfx.W, 9, 1)
            fb.text(text[:16], 0, y, 0 if i == self.index else 1)
        lines = rules.describe(self.opts)
        fb.hline(0, 46, gfx.W, 1)
        for i in range(min(2, len(lines))):
            fb.text(lines[i][:16], 0, 48 + 8 * i, 1)


def ordered(values):
    """True for a rising scale of numbers (stops at its ends), not a set of choices."""
    for i in range(1, len(values)):
        if type(values[i]) is not int or type(values[i - 1]) is not int:
            return False
        if values[i] <= values[i - 1]:
            return False
    return len(values) > 1


class StatsScreen(Screen):
    def __init__(self, app, gid):
        Screen.__init__(self, app)
        self.gid = gid
        rules = games.rules_alone(gid)
        self.stats = records.load_stats(app.store, gid, rules)
        self.clean = rules.CLEAN
        self.wins = rules.SEATS_MAX > 1
        self.lives = []
        if "lives" in self.stats:  # past lives, newest first (My Pet)
            self.lives = records.lives(self.stats)
            self.lives.reverse()
        self.top = 0

    def lived(self):
        return "lives" in self.stats

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.go(GameMenu(self.app, self.gid))
        elif pressed & btn.DOWN and self.top + 3 < len(self.lives):
            self.top += 1
            self.app.dirty = True
        elif pressed & btn.UP and self.top > 0:
            self.top -= 1
            self.app.dirty = True

    def draw(self, fb):
        if self.lived():
            self.draw_lives(fb)
            return
        st = self.stats
        gfx.bar(fb, games.title(self.gid) + " stats", 0)
        fb.text("Games  %d" % st["games"], 0, 12, 1)
        best = str(st["best"]) if st["games"] else "-"
        fb.text("Best   %s" % best, 0, 22, 1)
        label, note = self.clean or ("Won", "matches won")
        count = st["clean"] if self.clean else st["wins"]
        if self.clean or self.wins:
            fb.text("%-7s%d" % (label, count), 0, 32, 1)
            footer = "%s=%s" % (label, note)
            fb.text(footer if len(footer) <= gfx.CHARS else note[: gfx.CHARS], 0, 55, 1)
        fb.text("Mean   %s" % records.tenths(st["total"], st["games"]), 0, 42, 1)

    def draw_lives(self, fb):
        """Pets so far, best and mean points, then every past life (UP/DOWN scroll)."""
        st = self.stats
        gfx.bar(fb, games.title(self.gid) + " stats", 0)
        best = str(st["best"]) if st["games"] else "-"
        fb.text("Pets %d best %s" % (st["games"], best), 0, 12, 1)
        fb.text("Mean %s points" % records.tenths(st["total"], st["games"]), 0, 22, 1)
        n = len(self.lives)
        if not n:
            fb.text("No pets yet", 0, 36, 1)
        for i in range(self.top, min(n, self.top + 3)):
            age, pts = self.lives[i]
            fb.text("%3d. %2dy %2d pt" % (n - i, age, pts), 0, 34 + 10 * (i - self.top), 1)
        if n > 3:
            fb.text("v" if self.top + 3 < n else " ", 120, 54, 1)


class Settings(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, "Settings", [], back=self.done)
        self.saved = dict(app.settings)
        self.items = [
            ("contrast", self.contrast),
            ("invert", self.invert),
            ("sound", self.sound),
            ("Button test", lambda: app.go(ButtonTest(app))),
            ("watchdog", self.watchdog),
            ("Back", self.done),
        ]
        if app.board.watchdog is None:
            self.items.pop(4)
        if app.board.buzzer is None:
            self.items.pop(2)

    def labels(self):
        s = self.app.settings
        out = []
        for label, _ in self.items:
            if label == "contrast":
                label = "Contrast " + "#" * s["contrast"]
            elif label == "invert":
                label = "Invert   " + ("on" if s["invert"] else "off")
            elif label == "sound":
                label = "Sound    " + ("on" if s["sound"] else "off")
            elif label == "watchdog":
                label = "Watchdog " + ("on" if s["watchdog"] else "off")
            out.append(label)
        return out

    def update(self, pressed, held):
        label = self.items[self.index][0]
        if label == "contrast" and pressed & (btn.LEFT | btn.RIGHT):
            s = self.app.settings
            step = 1 if pressed & btn.RIGHT else -1
            s["contrast"] = min(5, max(1, s["contrast"] + step))
            self.app.apply_settings()
            self.app.dirty = True
            return
        Menu.update(self, pressed, held)

    def contrast(self):
        s = self.app.settings
        s["contrast"] = s["contrast"] % 5 + 1
        self.app.apply_settings()

    def invert(self):
        self.app.settings["invert"] = not self.app.settings["invert"]
        self.app.apply_settings()

    def sound(self):
        self.app.settings["sound"] = not self.app.settings["sound"]

    def watchdog(self):
        """Takes effect from the next start (the running watchdog cannot be stopped)."""
        self.app.settings["watchdog"] = not self.app.settings["watchdog"]
        self.app.notice("From next start")

    def done(self):
        self.app.home()

    def leave(self):
        """However it is left (Back, B, the simulator's Esc), a change is written once."""
        if self.app.settings != self.saved:
            self.app.save_settings()
            self.saved = dict(self.app.settings)


class ButtonTest(Screen):
    """Shows which buttons are held; hold B for a second to leave."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.held = 0
        self.count = 0
        self.b_frames = 0

    def update(self, pressed, held):
        if pressed:
            self.count += 1
        if held & btn.B:
            self.b_frames += 1
            if self.b_frames >= 40:
                self.app.go(Settings(self.app))
                return
        else:
            self.b_frames = 0
        if held != self.held or pressed:
            self.held = held
            self.app.dirty = True

    def draw(self, fb):
        gfx.bar(fb, "Button test", 0)
        held = self.held
        # d-pad on the left, A and B on the right, filled while held
        for bit, x, y in (
            (btn.UP, 20, 11),
            (btn.DOWN, 20, 33),
            (btn.LEFT, 8, 22),
            (btn.RIGHT, 32, 22),
        ):
            if held & bit:
                fb.fill_rect(x, y, 11, 11, 1)
            else:
                fb.rect(x, y, 11, 11, 1)
        for bit, x, label in ((btn.B, 80, "B"), (btn.A, 104, "A")):
            if held & bit:
                fb.fill_rect(x, 20, 15, 15, 1)
                fb.text(label, x + 4, 24, 0)
            else:
                fb.rect(x, 20, 15, 15, 1)
                fb.text(label, x + 4, 24, 1)
        fb.text("presses %d" % self.count, 0, 47, 1)
        fb.text("hold B: back", 0, 56, 1)


class About(Screen):
    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.home()

    def draw(self, fb):
        gfx.bar(fb, "About", 0)
        fb.text("Pocket Table", 0, 12, 1)
        fb.text("v" + VERSION, 0, 22, 1)
        name = self.app.board.name
        fb.text(name[:16], 0, 32, 1)
        fb.text(name[16:32], 0, 41, 1)
        fb.text("A or B: back", 0, 55, 1)


class ErrorScreen(Screen):
    def __init__(self, app, text):
        Screen.__init__(self, app)
        self.lines = gfx.wrap(text)[:5]

    def update(self, pressed, held):
        if pressed & (btn.A | btn.B):
            self.app.home()

    def draw(self, fb):
        gfx.bar(fb, "Error", 0)
        for i, line in enumerate(self.lines):
            fb.text(line, 0, 11 + 9 * i, 1)
        fb.text("A: launcher", 0, 56, 1)
