"""What every game screen shares: input recording, autosave, resume, pause menu, results.

A game in progress is saved as NAME.sav: the replay header (game, seed,
options, inputs so far) then "--" and the rules module's dump(). A finished
game's replay is written to NAME.last.rep. Both are written whole, through
the store's temp-file-then-rename.
"""

import json

from firmware import app as _app
from firmware import buttons as btn
from firmware import gfx

REPLAY_HEAD = "pocket-table replay 1"
SAVE_HEAD = "pocket-table save 1"
PAUSE_ITEMS = ("Resume", "Hint", "Save & exit", "New game")


TOKENS_PER_LINE = 16
_CHUNK = 96  # events per chunk of the input log (3 bytes each)


def input_token(delta, pressed, held):
    """One recorded frame: '<frames since last>:<pressed>[/<held>]'; 'R' = resumed here."""
    if delta == 0:
        return "R"
    tok = "%d:%s" % (delta, btn.mask_text(pressed))
    if held != pressed:
        tok += "/" + btn.mask_text(held)
    return tok


def parse_token(tok):
    """Inverse of input_token -> (delta, pressed, held); 'R' -> (0, 0, 0)."""
    if tok == "R":
        return 0, 0, 0
    delta, sep, rest = tok.partition(":")
    p, _, h = rest.partition("/")
    if not sep or not delta.isdigit() or not 1 <= int(delta) <= 255:
        raise ValueError("bad input token %r" % tok)
    pressed = btn.parse_mask(p)
    held = btn.parse_mask(h) if h else pressed
    return int(delta), pressed, held


class InputLog:
    """Recorded inputs, 3 bytes an event in fixed chunks (no big reallocations).

    An event is (frames since the previous event 1..255, pressed, held);
    delta 0 marks the place where the game was resumed from its save.
    """

    def __init__(self):
        self.chunks = []
        self.n = 0

    def __len__(self):
        return self.n

    def add(self, delta, pressed, held):
        while delta > 255:  # a long pause: a no-change event every 255 frames
            self._put(255, 0, held)
            delta -= 255
        self._put(delta, pressed, held)

    def add_resume(self):
        self._put(0, 0, 0)

    def _put(self, delta, pressed, held):
        i = self.n % _CHUNK
        if i == 0:
            self.chunks.append(bytearray(3 * _CHUNK))
        chunk = self.chunks[-1]
        chunk[3 * i] = delta
        chunk[3 * i + 1] = pressed
        chunk[3 * i + 2] = held
        self.n += 1

    def events(self):
        for k in range(self.n):
            chunk = self.chunks[k // _CHUNK]
            i = 3 * (k % _CHUNK)
            yield chunk[i], chunk[i + 1], chunk[i + 2]

    def add_tokens(self, text):
        """Parse space-separated tokens from one line, one token string at a time."""
        i = 0
        n = len(text)
        while i < n:
            while i < n and text[i] == " ":
                i += 1
            j = i
            while j < n and text[j] != " ":
                j += 1
            if j > i:
                delta, pressed, held = parse_token(text[i:j])
                if delta == 0:
                    self.add_resume()
                else:
                    self._put(delta, pressed, held)
            i = j

    def write(self, f):
        """As 'in' lines of TOKENS_PER_LINE tokens."""
        k = 0
        for delta, pressed, held in self.events():
            if k % TOKENS_PER_LINE == 0:
                f.write("\nin" if k else "in")
            f.write(" " + input_token(delta, pressed, held))
            k += 1
        if k:
            f.write("\n")


def write_header(f, head, game, seed, options, log):
    f.write("%s\ngame %s\nseed %d\noptions %s\n" % (head, game, seed, json.dumps(options or {})))
    log.write(f)


def header_text(head, game, seed, options, log):
    """The header as one string (host side; the device writes straight to the file)."""
    parts = []

    class _Collect:
        def write(self, s):
            parts.append(s)

    write_header(_Collect(), head, game, seed, options, log)
    return "".join(parts)


def read_header(f, head):
    """Read a replay/save header from a file-like object up to '--' or the end.

    Returns a dict with game, seed, options, inputs (an InputLog). Raises ValueError.
    """
    first = f.readline()
    if first.strip() != head:
        raise ValueError("not a %s file" % head.split(" ")[1])
    fields = {}
    log = InputLog()
    while True:
        line = f.readline()
        if not line:
            break
        line = line.rstrip("\r\n")
        if line == "--":
            break
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key == "in":
            log.add_tokens(value)
        elif key in ("game", "seed", "options", "meta"):
            fields[key] = value
        else:
            raise ValueError("unknown line %r" % key[:12])
    for key in ("game", "seed", "options"):
        if key not in fields:
            raise ValueError("%s line missing" % key)
    fields["seed"] = int(fields["seed"])
    options = json.loads(fields["options"])
    if not isinstance(options, dict):
        raise ValueError("options must be a record")
    fields["options"] = options
    fields["inputs"] = log
    return fields


class GameScreen(_app.Screen):
    """Subclasses set GAME and implement handle(), draw_game(), hint(), cancel()."""

    GAME = ""
    PAUSE = PAUSE_ITEMS

    def __init__(self, app, rules, state, seed, options, inputs=None):
        _app.Screen.__init__(self, app)
        self.rules = rules
        self.s = state
        self.seed = seed
        self.options = options or {}
        self.inputs = inputs if inputs is not None else InputLog()
        self.since = 0  # frames since the last recorded input
        self.last_held = 0
        self.pause = -1  # pause menu cursor, -1 when closed
        self.finished = False
        self.result = None  # (stats, new_best) once the game is over

    # ---- input -------------------------------------------------------

    def update(self, pressed, held):
        self.since += 1
        if pressed or held != self.last_held:
            self.inputs.add(self.since, pressed, held)
            self.since = 0
            self.last_held = held
        if not pressed and not self.wants_idle_frames():
            return
        if self.pause >= 0:
            self.pause_update(pressed)
            return
        if self.finished:
            self.over_update(pressed)
            return
        self.handle(pressed, held)
        if not self.finished and self.game_over():
            self.finish()

    def game_over(self):
        return self.rules.over(self.s)

    def points(self):
        """What the stats count for this game (its score)."""
        return self.rules.score(self.s)

    def wants_idle_frames(self):
        """Real-time games return True to get update() on frames with no press."""
        return False

    def pause_update(self, pressed):
        app = self.app
        app.dirty = True
        self.repaint = True
        if pressed & btn.UP:
            self.pause = (self.pause - 1) % len(self.PAUSE)
        elif pressed & btn.DOWN:
            self.pause = (self.pause + 1) % len(self.PAUSE)
        elif pressed & btn.B:
            self.pause = -1
        elif pressed & btn.A:
            item = self.PAUSE[self.pause]
            self.pause = -1
            if item == "Hint":
                self.hint()
            elif item == "Save & exit":
                self.save_and_exit()
            elif item == "New game":
                self.app.store.remove(self.GAME + ".sav")
                self.app.start_game(self.GAME, options=self.options, resume=False)

    def over_update(self, pressed):
        if pressed & btn.A:
            self.app.start_game(self.GAME, options=self.options, resume=False)
        elif pressed & btn.B:
            self.app.home()

    def open_pause(self):
        self.pause = 0
        self.app.dirty = True
        self.repaint = True

    def on_chord(self):
        """Hold A+B: save the game and go back to the launcher.

        The app calls this before this frame's update(), and the hold itself
        changes no input, so the frames held so far are logged here: a replay
        then holds A+B exactly as long and leaves at the same frame.
        """
        self.inputs.add(self.since + 1, 0, self.last_held)
        self.since = 0
        self.save_and_exit()

    def save_and_exit(self):
        if not self.finished:
            self.autosave()
        self.app.home()

    # ---- saving ------------------------------------------------------

    def write_save(self, f):
        write_header(f, SAVE_HEAD, self.GAME, self.seed, self.options, self.inputs)
        meta = self.meta()
        if meta:
            f.write("meta %s\n" % meta)
        f.write("--\n")
        dump_to = getattr(self.rules, "dump_to", None)
        if dump_to is not None:
            dump_to(self.s, f)  # big states are written piece by piece
        else:
            f.write(self.rules.dump(self.s))

    def write_replay(self, f):
        write_header(f, REPLAY_HEAD, self.GAME, self.seed, self.options, self.inputs)

    def autosave(self):
        """Write the game in progress (called at turn boundaries, never per frame)."""
        self.app.store.write(self.GAME + ".sav", self.write_save)

    def finish(self):
        """Game over: stats updated, save removed, replay kept. Three writes per game."""
        self.finished = True
        if self.since:  # a real-time game can end on frames with no new input
            self.inputs.add(self.since, 0, self.last_held)
            self.since = 0
        store = self.app.store
        self.result = _app.record_result(store, self.GAME, self.points(), self.clean())
        store.remove(self.GAME + ".sav")
        store.write(self.GAME + ".last.rep", self.write_replay)
        self.app.dirty = True
        self.repaint = True

    def clean(self):
        """Was the game played without a blemish (game-specific)?"""
        return True

    def meta(self):
        """One line of screen state kept in the save beside the rules state (e.g. a match)."""
        return ""

    def set_meta(self, text):
        pass

    # ---- drawing -----------------------------------------------------

    def draw(self, fb):
        self.draw_game(fb)
        if self.finished:
            self.draw_over(fb)
        if self.pause >= 0:
            gfx.box(fb, 20, 10, 88, 44)
            for i, label in enumerate(self.PAUSE):
                y = 14 + 9 * i
                if i == self.pause:
                    fb.fill_rect(22, y - 1, 84, 9, 1)
                fb.text(label, 26, y, 0 if i == self.pause else 1)

    def draw_over(self, fb):
        stats, new_best = self.result
        gfx.box(fb, 6, 3, 116, 60)
        gfx.center(fb, "GAME OVER", 7)
        gfx.center(fb, "Score %d" % self.points(), 18)
        gfx.center(fb, ("NEW BEST!" if new_best else "Best %d" % stats["best"]), 28)
        gfx.center(fb, self.over_detail(), 38)
        gfx.center(fb, "A:new B:menu", 51)

    def over_detail(self):
        return ""


def start(app, cls, rules, seed, options):
    app.store.remove(cls.GAME + ".sav")
    return cls(app, rules, rules.new(seed, options), seed, options)


def resume(app, cls, rules):
    """The saved game's screen, or None (no save, or a damaged one set aside with a notice)."""

    def parse(f):
        fields = read_header(f, SAVE_HEAD)
        if fields["game"] != cls.GAME:
            raise ValueError("save is for %s" % fields["game"])
        state = rules.load(f.read())
        inputs = fields["inputs"]
        inputs.add_resume()
        screen = cls(app, rules, state, fields["seed"], fields["options"], inputs)
        screen.set_meta(fields.get("meta", ""))
        return screen

    return app.store.load(cls.GAME + ".sav", parse)
