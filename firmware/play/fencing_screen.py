"""Pret? Allez! on the 128x64 screen, made of the shared parts.

Rows: hits and priority (0), the piste of 9 spaces (8-23), an info line (24: the
attack to answer, or the cards left), the log line (32: what the computer did), the
hand in two rows of six cells (40, 48; the picker's zone "hand": the kinds held with
their counts in small digits, then the board's ADVANCE and RETREAT in lower case,
or OK while discarding) and the prompt (56). LEFT/RIGHT walk the cells, A picks (a
card that needs another waits for it), B steps back or opens the pause menu, UP asks
for a hint. Two people on one box: the hand is hidden between turns until A.
"""

from firmware import gamescreen, gfx
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from firmware.ui.small import small
from shared_rules import fencing as f

STATUS_Y, PISTE_Y, INFO_Y, LOG_Y, HAND_Y, PROMPT_Y = 0, 8, 24, 32, 40, 56
CELL_W = 21  # six cells a row: a card's two letters and its count in small digits
ROW_CELLS = 6
SQ_W = 13
PISTE_X = 5
LABELS = ("ad", "re", "ok")  # items BOARD_ADV, BOARD_RET, OK of the hand zone (lower case)


class FencingScreen(gamescreen.GameScreen):
    RULES = f
    PLAYERS = "shared_rules.fencing_ai"  # loaded with the game (prepare), not at a move
    incremental = True  # a press redraws the zones it changed, not the whole panel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.shown = -1  # the move count the top rows were drawn for (-1: all again)
        self.msg = ""
        self.curtain = -1  # pass and play: the seat the box is being handed to
        self.seen_by = -1  # the person who last saw the hand
        self.picker = Picker(self)
        self.picker.reset()
        self.check_curtain()

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone != "hand":
            return ()
        s = self.s
        hand = s.hands[s.turn]
        out = [k for k in range(f.KINDS) if hand[k]]
        if s.phase == f.PH_DISCARD:
            out.append(f.ITEM_OK)
        elif not self.picker.path:
            out.append(f.ITEM_BOARD_ADV)
            out.append(f.ITEM_BOARD_RET)
        return out

    def left_over(self, k):
        """How many of kind k the hand still has once the cards picked so far are out."""
        n = self.s.hands[self.s.turn][k]
        path = self.picker.path
        if path and path[0][1] == k:
            n -= 1
        if path and path[0][1] == f.RIPOSTE and k == f.PARRY:
            n -= 1  # a RIPOSTE takes a PARRY with it
        return n

    # ---- input -------------------------------------------------------

    def handle(self, pressed, held):
        if self.curtain >= 0:
            if pressed & 16:  # A: the person the box was handed to is ready
                self.curtain = -1
                self.seen_by = self.s.turn
                self.app.dirty = True
            elif pressed & 32:
                self.open_pause()
            return
        self.msg = ""
        gamescreen.GameScreen.handle(self, pressed, held)

    def refused(self, touch):
        self.msg = "not now"
        self.app.dirty = True

    def act(self, move):
        r, s = self.rules, self.s
        seat = s.turn
        text = r.move_log(s, seat, move)
        r.play(s, move)
        self.app.beep()
        self.after_turn(text)
        if not r.over(s) and s.phase != f.PH_DISCARD and r.to_act(s) in r.humans(s):
            self.autosave()  # a turn's end (its discards are part of the turn)

    def after_turn(self, text):
        self.log.set(text)
        self.picker.reset()
        self.check_curtain()
        self.app.dirty = True

    def after_move(self, move, seat):
        self.picker.reset()
        self.check_curtain()

    def check_curtain(self):
        """Two people on one box: hide the hand when it is the other person's turn."""
        s = self.s
        if self.shared() and not self.rules.over(s) and s.turn != self.seen_by:
            self.curtain = s.turn

    def over_detail(self):
        s = self.s
        return "%d turns" % s.turns

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        """Zones: the hits, piste and info rows (0-31) when a move changed them, the log
        line when it changed, the hand and the prompt on every draw."""
        s = self.s
        if self.repaint or self.pause >= 0 or self.finished or self.app.toast is not None:
            self.repaint = False  # an overlay is (or was) over the zones: all of them
            self.shown = -1
        if self.curtain >= 0:
            fb.fill(0)
            gfx.center(fb, "Pret? Allez!", 8)
            gfx.center(fb, "Pass the box to", 24)
            gfx.center(fb, f.SEAT_NAMES[self.curtain], 34)
            self.draw_prompt(fb, "A:ready B:menu")
            self.shown = -1
            return
        if self.shown < 0:
            fb.fill(0)
            self.log.dirty = True
        if self.shown != s.nmoves:
            self.shown = s.nmoves
            fb.fill_rect(0, 0, gfx.W, LOG_Y, 0)
            self.draw_status(fb)
            self.draw_piste(fb)
            self.draw_info(fb)
        if self.log.dirty:
            self.log.draw(fb)
        fb.fill_rect(0, HAND_Y, gfx.W, PROMPT_Y - HAND_Y, 0)
        self.draw_hand(fb)
        self.draw_prompt(fb, self.prompt())

    def draw_prompt(self, fb, text):
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(text[: gfx.CHARS], 0, PROMPT_Y, 0)

    def draw_status(self, fb):
        s = self.s
        fb.text("L%d" % s.hits[0], 0, STATUS_Y, 1)
        fb.text("R%d" % s.hits[1], 112, STATUS_Y, 1)
        gfx.center(fb, "<PRIO" if s.prio == f.LEFT else "PRIO>", STATUS_Y)

    def draw_piste(self, fb):
        s = self.s
        y = PISTE_Y
        for i in range(9):
            x = PISTE_X + SQ_W * i
            fb.rect(x, y, SQ_W + 1, 15, 1)
            if i + 1 in f.START:
                fb.fill_rect(x + 5, y + 12, 4, 2, 1)
        for seat in (f.LEFT, f.RIGHT):
            x = PISTE_X + SQ_W * (s.pos[seat] - 1)
            fb.fill_rect(x + 2, y + 2, SQ_W - 3, 10, 1)
            fb.text("LR"[seat], x + 3, y + 3, 0)

    def draw_info(self, fb):
        s = self.s
        me = self.viewer()
        other = 1 - me
        if s.pending == f.P_ATTACK and s.turn == me and not self.rules.over(s):
            text = "ATTACK! no retreat" if s.no_retreat else "ATTACK! avoid it"
        elif s.pending == f.P_FEINT and s.turn == me:
            text = "feint: no hit"
        else:
            text = "deck%d %s%d/%d" % (
                s.ndeck[me],
                "LR"[other],
                f._total(s.hands[other]),
                s.ndeck[other],
            )
        fb.text(text[: gfx.CHARS], 0, INFO_Y, 1)

    def viewer(self):
        """The seat whose hand the panel shows: the person to act, else the person."""
        r, s = self.rules, self.s
        people = r.humans(s)
        if s.turn in people or not people:
            return s.turn
        return people[0]

    def draw_hand(self, fb):
        mine = self.human_turn() and self.picker.zone == "hand"
        if mine:
            cells = self.cells("hand")
            chosen = [t[1] for t in self.picker.path]
        else:
            hand = self.s.hands[self.viewer()]
            cells = [k for k in range(f.KINDS) if hand[k]]
            chosen = ()
        for i in range(min(len(cells), 2 * ROW_CELLS)):
            k = cells[i]
            x = CELL_W * (i % ROW_CELLS)
            y = HAND_Y + 8 * (i // ROW_CELLS)
            sel = mine and i == self.picker.index
            c = 0 if sel else 1
            if sel:
                fb.fill_rect(x, y, CELL_W - 1, 8, 1)
            if k < f.KINDS:
                n = self.left_over(k) if mine else self.s.hands[self.viewer()][k]
                fb.text(f.CARD_CODES[k], x, y, c)
                gfx.glyph(fb, small(n), x + 16, y, c)
            else:
                fb.text(LABELS[k - f.KINDS], x + 1, y, c)
            if k in chosen and not sel:
                fb.hline(x, y + 7, CELL_W - 2, 1)

    def prompt(self):
        r, s = self.rules, self.s
        if r.over(s):
            return ""
        if not self.human_turn():
            return r.SEAT_NAMES[s.turn] + "'s turn"
        if self.msg:
            return self.msg
        if s.phase == f.PH_DISCARD:
            low, high = f._discards(s.act)
            if s.discarded >= low:
                return "discard or ok"
            return "discard %d more" % (low - s.discarded)
        if self.picker.path:
            return "with AT or FE"
        return "A:pass" if self.picker.zone is None else "A:pick B:menu"


SCREEN = FencingScreen
