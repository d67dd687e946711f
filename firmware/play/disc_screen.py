"""Disc Battle on the 128x64 screen, made of the shared parts.

Left: the Grid in a frame (48 pixels: 4 a cell on the 12 grid, 2 on the 24, 1 on the
36 and 48), each action base a square outline with its program in the middle (yours
solid, Red a ring, Gold an X, Blue a +; a prone program lies flat), a disc in flight
as its marker (the head solid). Right, from the top: the turn and whose card was
flipped (0), your program with its held cards (tokens) and discs in hand (rings) (8),
the others (16), the dice of the last skill or opposed test (24), the choices or the
prompt (32-55). The log line (56): what each computer did, hints, "thinking".

The person's choices are the rules' touches through the shared picker: LEFT/RIGHT walk
the cells, A picks, B steps back (with nothing to take back: the pause menu), UP asks
for a hint. A throw's direction is a compass; its lane and a move's new base are shown
on the Grid as the cursor walks them.
"""

import gc
import sys

from micropython import const

from firmware import gamescreen, gfx
from firmware.app import LOW_HEAP
from firmware.ui.dice import die, tokens
from firmware.ui.grid import Grid
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from firmware.ui.small import small
from shared_rules import disc as g
from shared_rules.rng import Rng

SIDE_X = 52
LOG_Y = 56
CHOICE_Y = 32
# Free heap over LOW_HEAP, at the last question, that answers the next position's
# question without asking and lets your move's resolution load before the next step's
# candidates: a move, its save and the candidates make less than 32 KB of garbage.
ROOM = const(32 * 1024)
_mem_free = getattr(gc, "mem_free", None)  # CPython has none: never low there
ACTS = (0, 1, 2, 3, 4)
DIRS = (0, 1, 2, 3, 4, 5, 6, 7)
LANES = (0, 1, 2, 3)
TARGETS = (1, 2, 3)
ANSWERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
# Where each item's cell sits in the choice rows: (row, x from SIDE_X), and its label.
AT = {
    "act": ((0, 0), (1, 0), (1, 0), (2, 0), (0, 40)),
    "dir": ((0, 25), (0, 50), (1, 50), (2, 50), (2, 25), (2, 0), (1, 0), (0, 0)),
    "lane": ((1, 0), (1, 16), (1, 32), (1, 48)),
    "seat": ((0, 0), (0, 0), (1, 0), (2, 0)),
    "answer": ((1, 0), (2, 0), (1, 0), (2, 0), (1, 0), (1, 28))
    + ((2, 0), (2, 19), (2, 38), (2, 57)),
}
LABELS = {
    "act": ("hold", "stand", "attack", "throw", "move"),
    "dir": ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
    "lane": ("0", "1", "2", "3"),
    "seat": g.SEAT_NAMES,
    "answer": ("catch", "pass", "block", "dodge", "fly", "recall", "<<", "<", ">", ">>"),
}
WINDOWS = ("own disc", "incoming", "on marker")


class Dice(Rng):
    """The match's dice, keeping the faces of the last move's tests to show them (the
    same draws as the rules' own Rng: a replay is unchanged)."""

    def __init__(self, s):
        Rng.__init__(self)
        self.set_state(s.rng.get_state())
        self.game = s
        self.at = -1  # the move the faces belong to
        self.n = 0
        self.faces = bytearray(8)

    def die(self, sides=6):
        v = Rng.die(self, sides)
        if self.at != self.game.nmoves:
            self.at = self.game.nmoves
            self.n = 0
        if self.n < 8:
            self.faces[self.n] = v
            self.n += 1
        return v


MOVE_ACT = ("act", 4)


class DiscPicker(Picker):
    """The shared picker; the A that picks Move takes the candidates after it from a
    calm frame's work (DiscScreen.get_ready) when they are this position's."""

    def narrow(self, moves, found, ends):
        ahead = self.screen.move_ahead
        s = self.screen.s
        if self.path == [MOVE_ACT]:  # each candidate's touch: its new base's cell
            if ahead is not None and ahead[0] == s.nmoves:
                self.screen.move_ahead = None
                self.keep(s, ahead[1], ahead[2], ahead[3])
            else:
                self.keep(s, *move_step(s, moves, found))
            return
        Picker.narrow(self, moves, found, ends)


def move_step(s, legal, found=None):
    """(moves, touches, last) once Move is picked (the rules' move_touches: on a Pico
    the narrowing's A press was the slowest frame with every whole touch made)."""
    moves, nexts = g.move_touches(s, legal, found)
    return moves, nexts, bytearray(b"\x01" * len(moves))


class DiscScreen(gamescreen.GameScreen):
    # RULES is set after the class (below). The computer programs' module comes in for
    # each choice (a thinking frame) and leaves before the move is played; the
    # resolution's for each move, the setting up and records' code (disc_more) for the
    # opening and the end: the picker's moves and the search have their room
    # (docs/rules/disc.md, "Budgets"). The levels' code (disc_levels) leaves as the
    # match opens, or stays for its end with room to spare (firmware/ui/opening.py).
    PLAYERS = "shared_rules.disc_ai"
    PLAYERS_TOO = ("shared_rules.disc_ai_greedy",)  # the greedy level's choice at a card
    PLAYERS_EACH_MOVE = True
    # contract: the options' code, which disc_more and disc_save import (the opening, a
    # resume), not needed in play
    RESTING = ("shared_rules.disc_flight", "shared_rules.disc_more", "shared_rules.contract")
    END_PARTS = ("shared_rules.disc_levels",)  # settles your profile at the end
    READY = "shared_rules.disc_flight"  # what your move runs: loaded before its press

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.heap_ok_at = -1  # the position (move count) the heap was found fine for
        self.roomy_at = -9  # the position it was found with ROOM to spare (none yet)
        self.places_at = -1  # the position places_kept was listed for
        self.places_kept = None
        self.move_ahead = None  # (position, moves, next touches, ends) after Move's A
        self.saved_here = False  # this frame began with the save of your move
        s = self.s
        s.rng = Dice(s)
        self.c = max(1, 48 // s.size)  # pixels a cell
        self.grid = Grid(s.size, s.size, self.c, self.paint, 1, 1)
        self.log = LogLine(LOG_Y)
        self.picker = DiscPicker(self)
        self.rest()  # the resolution that dealt the match
        if self.human_turn():
            self.picker.reset()
            gamescreen.tidy()  # the opening's garbage (a new match's imports) collected,
            self.heap_fine()  # so the heap is asked for what it holds: a calm frame
            # imports your first move's resolution (the opening drops it), not its press

    # ---- the resolution loaded ahead (docs/contract.md, READY) -----------

    def rest_but_ready(self):
        """After a move of yours that leaves you to act, with ROOM to spare: the resolution
        stays for your next move (no import, about 20 ms, on a frame of yours); near the
        budget's edge it leaves after every move (rest), as your candidates need room."""
        if gamescreen._dropping():
            for name in self.RESTING:
                if name != self.READY:
                    gamescreen.drop_module(name)

    def unready(self):
        """True on the device while the resolution is out of the heap on your turn."""
        if self.pause >= 0 or self.finished or not gamescreen._dropping():
            return False
        return self.READY not in sys.modules

    def calm_work(self, picker, computer):
        """A calm frame's work on your turn, one piece a frame: the heap asked (about 9
        ms on a Pico), your move's resolution imported (about 20 ms: then the press
        that plays the move imports nothing), the next step's candidates worked out,
        the cursor placed, a Move's places listed. With ROOM to spare (a Pico's heap,
        mostly) the import comes first, so a move played on the press right after the
        candidates finds it; in a heap near the budget's edge it waits for the
        candidates (held while they are worked out, a duel no longer played in an 86
        KB heap). The frames that ask or import collect nothing (worked)."""
        if computer:
            return False
        n = self.s.nmoves
        roomy = self.roomy_at >= n - 1 and self.heap_fine()  # fine, and not asked
        if self.unready() and (roomy or self.heap_ok_at == n and not picker.due):
            if self.saved_here:  # began with your last move's save: the import (about
                return False  # 20 ms) on the next calm frame, not beside the save's work
            __import__(self.READY)
            self.worked = True
            return False
        if picker.due:
            if self.heap_ok_at == n or self.roomy_at == n - 1 or _mem_free is None:
                return self.heap_fine()  # known, or free to ask: the candidates now
            if self.heap_fine():
                self.worked = True  # asked (9 ms): the candidates on the next calm frame
            return False
        if self.places_due():
            return True  # get_ready lists them
        if self.unready() and self.heap_fine():
            self.worked = True  # asked here: the import on the next calm frame
        return False

    def heap_fine(self):
        """Room for this position's work. gc.mem_free() walks the whole heap (about 9
        ms on a Pico): not asked again for a position, nor for the one after a position
        that had ROOM to spare (a move spends less)."""
        n = self.s.nmoves
        if self.heap_ok_at == n or self.roomy_at == n - 1:
            self.heap_ok_at = n
            return True
        free = LOW_HEAP if _mem_free is None else _mem_free()  # CPython: fine, no more
        if free < LOW_HEAP:
            return False
        self.heap_ok_at = n
        if free >= LOW_HEAP + ROOM:
            self.roomy_at = n
        return True

    def places_due(self):
        """A Move's new bases not yet listed for your card, the heap found fine: a calm
        frame lists them (about 3 ms on a Pico), not the A that picks Move."""
        s = self.s
        return (
            self.places_at != s.nmoves
            and self.heap_ok_at == s.nmoves
            and s.phase == g.PH_CARD
            and self.pause < 0
            and not self.finished
        )

    def get_ready(self):
        """A calm frame's own work once the cursor is settled (calm_work): a Move's
        places listed."""
        if self.places_due():
            self.places_kept = self.places()
            self.places_at = self.s.nmoves
            if self.roomy_at >= self.s.nmoves - 1:  # room for them: about 2.5 KB
                self.move_ahead = self.after_move_act()

    def after_move_act(self):
        """The candidates once Move is picked (each a new base, its last touch), worked
        out as the picker's narrowing would (about 9 ms on a Pico), or None."""
        pk = self.picker
        if pk.path or not pk.fresh():
            return None
        s = self.s
        moves, nexts, last = move_step(s, pk.cached)
        if len(moves) < 2:
            return None
        return (s.nmoves, moves, nexts, last)

    def opened(self):
        """Your first turn's calm work done as the game opens (your move's resolution
        imported, the candidates worked out, the cursor placed, a Move's places listed),
        not left to the first frames: a press on the first frame did it all (35.2 ms on
        the emulated Pico, budget 25)."""
        pk = self.picker
        for _ in range(4):  # as many calm frames as that work takes
            if self.human_turn() and self.calm_work(pk, False):
                if not pk.settle(True) and not pk.due:
                    self.get_ready()

    def handed_over(self):
        """The heap asked after a computer's move, in its thinking frame's time, so the
        calm frame that imports the resolution asks nothing."""
        self.heap_fine()

    def bot_press(self):
        """As the shared one; its search drops the resolution for its room, and it is
        loaded again after it if your turn had it (as a person's finger leaves it)."""
        ready = not self.unready()
        mask = gamescreen.GameScreen.bot_press(self)
        if ready and self.unready():
            gamescreen.tidy()  # its file's buffer, 1,148 bytes in one piece
            __import__(self.READY)
        return mask

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone == "act":
            return ACTS
        if zone == "dir":
            return DIRS
        if zone == "lane":
            return LANES
        if zone == "seat":
            return TARGETS
        if zone == "answer":
            return ANSWERS
        if zone != "grid":
            return ()
        return self.places_kept if self.places_at == self.s.nmoves else self.places()

    def places(self):
        """A move's new bases: the 8 rays (far first), then the rest by rows."""
        s = self.s
        p = s.actor
        bx, by, top = s.bx[p], s.by[p], s.size - g.BASE
        out = []
        for d in DIRS:
            for k in (4, 3, 2, 1):
                x, y = bx + g.DX[d] * k, by + g.DY[d] * k
                if 0 <= x <= top and 0 <= y <= top:
                    out.append(y * s.size + x)
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = bx + dx, by + dy
                if dx and dy and dx != dy and dx != -dy and 0 <= x <= top and 0 <= y <= top:
                    out.append(y * s.size + x)
        return out

    # ---- moves -------------------------------------------------------

    def act(self, move):
        s = self.s
        self.log.set("You: " + g.move_text(s, move))
        g.play(s, move)
        self.app.beep()
        self.after_move(move, 0)
        if not g.over(s) and self.human_turn():
            self.autosave()

    def after_move(self, move, seat):
        if seat == 0 and self.human_turn() and self.roomy_at >= self.s.nmoves - 2:
            self.rest_but_ready()  # the heap had ROOM at this move's position or the one
            # before it (asked every other position)
        else:
            self.rest()
        self.places_kept = None
        self.places_at = -1
        self.move_ahead = None
        if self.human_turn():
            self.picker.reset(True)
        else:
            self.picker.clear()
        self.app.dirty = True

    def hint(self):
        """The strong move: the cursor on its first touch, or, when the steps chosen so
        far lead to it, on its next (a move's new base, a throw's lane)."""
        s, pk = self.s, self.picker
        self.players_room()
        m = g.best_move(s)
        t = g.touches(s, m)
        k = len(pk.path)
        if k and list(t[:k]) == pk.path:
            pk.place(t[k][0], pk.cells(t[k][0]).index(t[k][1]))
        else:
            pk.point(m)
        self.say("Hint: " + g.move_text(s, m))
        self.release_players()
        self.rest()

    def update(self, pressed, held):
        if self.log.loop and self.pause < 0 and self.help is None and self.log.tick():
            self.app.dirty = True
        # a frame that begins with your move's save (its second piece) imports nothing
        self.saved_here = self.save_due
        gamescreen.GameScreen.update(self, pressed, held)

    def over_detail(self):
        s = self.s
        return "%d turns" % min(s.turn, g.TURNS_MAX)

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s, c = self.s, self.c
        fb.rect(0, 0, s.size * c + 2, s.size * c + 2, 1)
        for p in range(s.n):
            if s.alive[p]:
                x, y = self.grid.xy(s.bx[p] + 1, s.by[p] + 1)
                fb.rect(x, y, 4 * c, 4 * c, 1)
                program(fb, p, x + c, y + c, 2 * c, s.prone[p])
        for k in range(2 * s.n):
            if s.dst[k] == g.D_FLY:
                self.marker(fb, s.hx[k], s.hy[k], s.hd[k])
        self.preview(fb)
        fb.text("T%d %s" % (min(s.turn, g.TURNS_MAX), g.SEAT_NAMES[s.actor]), SIDE_X, 0, 1)
        for p in range(s.n):
            self.draw_program(fb, p)
        dice = s.rng
        if g.advanced(s) and getattr(dice, "n", 0):
            for i in range(dice.n):
                die(fb, dice.faces[i], SIDE_X + 9 * i, 24, 7)
        self.draw_choices(fb)
        self.log.draw(fb)

    def paint(self, fb, x, y, v):
        c = self.c
        if v == 1:
            fb.fill_rect(x, y, c, c, 1)
        else:
            fb.fill_rect(x + c // 4, y + c // 4, (c + 1) // 2, (c + 1) // 2, 1)

    def cell(self, fb, x, y, v):
        """One grid cell (0-based) painted, if it is on the grid."""
        if 0 <= x < self.s.size and 0 <= y < self.s.size:
            self.grid.cell(fb, x + 1, y + 1, v)

    def marker(self, fb, x, y, d):
        self.cell(fb, x, y, 1)
        self.cell(fb, x - g.DX[d], y - g.DY[d], 2)

    def preview(self, fb):
        """The cursor's choice on the Grid: a move's new base, a throw's way, a target."""
        pk = self.picker
        if pk.zone is None or pk.due or not self.human_turn():
            return  # due: the cursor is the last step's until the picker settles
        s, c, p = self.s, self.c, self.s.actor
        item = pk.item()
        if pk.zone == "grid" and item >= 0:
            x, y = self.grid.xy(item % s.size + 1, item // s.size + 1)
            fb.rect(x, y, 4 * c, 4 * c, 1)  # the new base, a double outline
            fb.rect(x - 1, y - 1, 4 * c + 2, 4 * c + 2, 1)
        elif pk.zone == "seat" and item >= 0:
            x, y = self.grid.xy(s.bx[item] + 1, s.by[item] + 1)
            fb.rect(x - 1, y - 1, 4 * c + 2, 4 * c + 2, 1)
        elif pk.zone == "dir" or pk.zone == "lane":
            if pk.zone == "dir":
                d, lanes = item, range(g.lanes(item))
            else:
                d, lanes = pk.path[-1][1], (item,)
            for k in lanes:
                x, y = g.launch(s, p, d, k)
                for i in range(6):
                    self.cell(fb, x + g.DX[d] * i, y + g.DY[d] * i, 2 if i < 5 else 1)

    def draw_program(self, fb, p):
        s = self.s
        named = p == 0 or s.n == 2
        x = SIDE_X if named else SIDE_X + 25 * (p - 1)
        y = 8 if p == 0 else 16
        if not s.alive[p]:
            fb.hline(x, y + 3, 6, 1)
            if named:
                fb.text(g.SEAT_NAMES[p], x + 9, y, 1)
                fb.hline(x + 9, y + 3, 24, 1)
            return
        program(fb, p, x, y + 1, 6, s.prone[p])
        if named:
            fb.text(g.SEAT_NAMES[p], x + 9, y, 1)
            x += 36 + tokens(fb, s.held[p], x + 36, y)
        else:
            gfx.glyph(fb, small(s.held[p]), x + 8, y, 1)
            x += 8
        for k in (2 * p, 2 * p + 1):
            if s.dst[k] == g.D_HAND:
                fb.rect(x + 4, y + 2, 4, 4, 1)
                x += 5

    def draw_choices(self, fb):
        """The cells of the person's step, or the prompt."""
        s, pk = self.s, self.picker
        y = CHOICE_Y
        if g.over(s):
            return
        if not self.human_turn():
            fb.text(g.SEAT_NAMES[g.to_act(s)] + "'s", SIDE_X, y, 1)
            fb.text("turn", SIDE_X, y + 8, 1)
            return
        zone = pk.zone
        if zone is None:
            fb.text("A:go on", SIDE_X, y, 1)
            return
        if zone == "grid":
            fb.text("<>:place", SIDE_X, y, 1)
            fb.text("A:move", SIDE_X, y + 8, 1)
            fb.text("B:back", SIDE_X, y + 16, 1)
            return
        if zone == "answer":
            title = WINDOWS[s.rkind] if s.phase == g.PH_REACT else "your disc"
            fb.text(title, SIDE_X, y, 1)
        elif zone == "lane":
            fb.text("lane", SIDE_X, y, 1)
        if pk.due:  # the next step's choices are worked out on the frames after the
            return  # press, not in its frame (drawing them now would search for them)
        at, labels, cells = AT[zone], LABELS[zone], pk.cells(zone)
        marks = pk.legal(zone)
        for i in range(len(cells)):
            if marks[i]:
                row, x = at[cells[i]]
                label = labels[cells[i]]
                on = i == pk.index
                if on:
                    fb.fill_rect(SIDE_X + x - 1, y + 8 * row, 8 * len(label) + 1, 8, 1)
                fb.text(label, SIDE_X + x, y + 8 * row, 0 if on else 1)


def program(fb, p, x, y, w, prone):
    """A program at (x, y), w pixels square: yours solid, Red a ring, Gold an X, Blue
    a +; a prone one lies flat along the bottom."""
    if prone:
        fb.fill_rect(x, y + w - max(1, w // 3), w, max(1, w // 3), 1)
    elif p == 0:
        fb.fill_rect(x, y, w, w, 1)
    elif w < 3:
        return
    elif p == 1:
        fb.rect(x, y, w, w, 1)
    elif p == 2:
        fb.line(x, y, x + w - 1, y + w - 1, 1)
        fb.line(x + w - 1, y, x, y + w - 1, 1)
    else:
        fb.hline(x, y + w // 2, w, 1)
        fb.vline(x + w // 2, y, w, 1)


# Not in the class body: MicroPython asks each value of a class body for __set_name__ as
# the class is made, and the rules module answers unknown names through its __getattr__
# (shared_rules/disc.py), which raises AttributeError there, unlike CPython.
DiscScreen.RULES = g
SCREEN = DiscScreen
