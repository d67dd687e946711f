"""My Pet on the 128x64 screen, made of the shared parts.

Rows: the pet's name, its card (Young, Adult) and age (0); its cards in play: Play and
Training counts and room for scoring cards (8); the seven tricks, the ones in play
shown inverted (16); the deck and the turn's plays (24); the log line (32: the card
drawn, a Passing, a hint); the hand in two rows of six cells (40, 48; the picker's zone
"hand": kinds with their counts in small digits, then "ok", which ends the turn) and
the prompt (56). LEFT/RIGHT walk the cells, A plays (or discards), B opens the pause
menu, UP asks for a hint. Two to four people: each pet's turn in order, its name on
top (the decks never mix; nothing is hidden, as at a table).
"""

from firmware import gamescreen, gfx
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from firmware.ui.small import small
from shared_rules import mypet as p

TOP_Y, TABLE_Y, TRICKS_Y, INFO_Y, LOG_Y, HAND_Y, PROMPT_Y = 0, 8, 16, 24, 32, 40, 56
CELL_W = 21
ROW_CELLS = 6
CODES = ("AG", "PL", "TR", "BG", "SP", "FE", "HE", "PD", "ST", "RO")
TRICK_LETTERS = "BSFHDTR"  # Beg Speak Fetch Heel Dead sTay Roll over


class MyPetScreen(gamescreen.GameScreen):
    RULES = p
    PLAYERS = "shared_rules.mypet_ai"  # loaded with the game (prepare), not at a move
    incremental = True  # a press redraws the zones it changed, not the whole panel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.shown = -1  # the move count the pet's rows were drawn for
        self.msg = ""
        self.picker = Picker(self)
        self.picker.reset()
        self.news()

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone != "hand":
            return ()
        s = self.s
        hand = s.hands[s.turn]
        out = [k for k in range(p.PASSING) if hand[k]]
        if s.phase == p.PH_PLAY:
            out.append(p.ITEM_END)
        return out

    # ---- input -------------------------------------------------------

    def handle(self, pressed, held):
        self.msg = ""
        gamescreen.GameScreen.handle(self, pressed, held)

    def refused(self, touch):
        s = self.s
        k = self.picker.item()
        if s.phase == p.PH_DISCARD:
            self.msg = "keep Age cards"
        elif k == p.AGE:
            self.msg = "1 Age a turn"
        elif k == p.ITEM_END:
            self.msg = "play an Age card"
        elif s.carded:
            self.msg = "1 card a turn"
        elif 0 <= k < p.PASSING and k != p.TRAINING:
            table = s.table[s.turn]
            if p.scoring(table) + 1 > table[p.AGE]:
                self.msg = "needs more Age"
            else:
                self.msg = "needs %d Training" % p.NEEDS[k]
        else:
            self.msg = "not now"
        self.app.dirty = True

    def act(self, move):
        r, s = self.rules, self.s
        seat = s.turn
        turns = s.turns[seat]
        r.play(s, move)
        self.app.beep()
        self.picker.reset()
        if s.turn != seat or s.turns[seat] != turns or r.over(s):  # the turn ended
            self.news(seat)
            if not r.over(s):
                self.autosave()  # a turn's end
        else:
            self.log.set(self.played_line(move))
        self.app.dirty = True

    def played_line(self, move):
        if move == p.END:
            return "over 5 cards"
        if move >= p.DISCARD:
            return "let go of " + p.CARD_NAMES[move - p.DISCARD]
        if move == p.AGE:
            return "a birthday!"
        return "played " + p.CARD_NAMES[move]

    def news(self, last=-1):
        """The log line at a turn's start: a pet that passed, the new turn's draw."""
        s = self.s
        if self.rules.over(s):
            self.log.set("")
            return
        name = p.SEAT_NAMES[s.turn]
        if last >= 0 and s.stage[last] == p.PASSED and last != s.turn:
            text = p.SEAT_NAMES[last] + " has passed"
        elif s.grew == 1:
            text = name + " grew up!"
        elif s.auto:
            text = "%d birthday%s" % (s.auto, "" if s.auto == 1 else "s")
        elif s.drew >= 0:
            text = "drew " + p.CARD_NAMES[s.drew]
        else:
            text = "no cards to draw"
        if s.n > 1 and last != s.turn:
            text = name + ": " + text
        self.log.set(text)

    def after_move(self, move, seat):
        self.picker.reset()

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        """Zones: the pet's rows (0-31) when a move changed them, the log line when it
        changed, the hand and the prompt on every draw (a press moves the cursor)."""
        s = self.s
        if self.repaint or self.pause >= 0 or self.finished or self.app.toast is not None:
            self.repaint = False  # an overlay is (or was) over the zones: all of them
            fb.fill(0)
            self.shown = -1
            self.log.dirty = True
        if self.shown != s.nmoves:
            self.shown = s.nmoves
            fb.fill_rect(0, 0, gfx.W, LOG_Y, 0)
            self.draw_pet(fb)
        if self.log.dirty:
            self.log.draw(fb)
        fb.fill_rect(0, HAND_Y, gfx.W, PROMPT_Y - HAND_Y, 0)
        self.draw_hand(fb)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[: gfx.CHARS], 0, PROMPT_Y, 0)

    def draw_pet(self, fb):
        s = self.s
        seat = s.turn
        table = s.table[seat]
        fb.text(p.SEAT_NAMES[seat], 0, TOP_Y, 1)
        stage = ("young", "adult", "passed")[s.stage[seat]]
        _right(fb, "%s %dy" % (stage, table[p.AGE]), TOP_Y)
        room = table[p.AGE] - p.scoring(table)
        fb.text(
            "%2dpt PL%d TR%d" % (p.points(table), table[p.PLAY], table[p.TRAINING]), 0, TABLE_Y, 1
        )
        fb.text("room%2d" % room, 80, TRICKS_Y, 1)
        for i in range(7):
            x = 9 * i
            if table[p.BEG + i]:
                fb.fill_rect(x, TRICKS_Y, 8, 8, 1)
            fb.text(TRICK_LETTERS[i], x, TRICKS_Y, 0 if table[p.BEG + i] else 1)
        fb.text("deck%2d" % s.ndeck[seat], 0, INFO_Y, 1)
        age = not s.aged and s.hands[seat][p.AGE]
        left = ("+age" if age else "") + ("" if s.carded else "+card")
        _right(fb, left or "done", INFO_Y)

    def draw_hand(self, fb):
        s = self.s
        hand = s.hands[s.turn]
        mine = not self.rules.over(s) and self.picker.zone == "hand"
        cells = self.cells("hand")
        for i in range(min(len(cells), 2 * ROW_CELLS)):
            k = cells[i]
            x = CELL_W * (i % ROW_CELLS)
            y = HAND_Y + 8 * (i // ROW_CELLS)
            sel = mine and i == self.picker.index
            c = 0 if sel else 1
            if sel:
                fb.fill_rect(x, y, CELL_W - 1, 8, 1)
            if k < p.PASSING:
                fb.text(CODES[k], x, y, c)
                gfx.glyph(fb, small(hand[k]), x + 16, y, c)
            else:
                fb.text("ok", x + 1, y, c)

    def prompt(self):
        s = self.s
        if self.rules.over(s):
            return ""
        if self.msg:
            return self.msg
        if s.phase == p.PH_DISCARD:
            return "let one go"
        k = self.picker.item()
        if 0 <= k < p.PASSING:
            return CARD_WORDS[k]
        return "A: end turn"

    # ---- the end -------------------------------------------------------

    def draw_over(self, fb):
        s = self.s
        gfx.box(fb, 0, 2, 128, 61)
        if s.n == 1:
            table = s.table[0]
            pts = p.points(table)
            ys = "" if table[p.AGE] == 1 else "s"
            gfx.center(fb, "%s: %d year%s" % (p.SEAT_NAMES[0], table[p.AGE], ys), 6)
            gfx.center(fb, "%d point%s" % (pts, "" if pts == 1 else "s"), 15)
            a, b = p.life_words(p.points(table))
            gfx.center(fb, a, 27)
            gfx.center(fb, b, 36)
        else:
            for seat in range(s.n):
                t = s.table[seat]
                line = "%-5s %2dy %2dpt" % (p.SEAT_NAMES[seat], t[p.AGE], p.points(t))
                fb.text(line, 8, 6 + 10 * seat, 1)  # 14 characters
        gfx.center(fb, "A:new B:menu", 51)


def _right(fb, text, y):
    fb.text(text, gfx.W - 8 * len(text), y, 1)


# What the prompt says about the card under the cursor.
CARD_WORDS = (
    "Age: a birthday",
    "Play: 1 point",
    "Training",
    "Beg:1 TR, 2pt",
    "Speak:1 TR, 2pt",
    "Fetch:2 TR, 3pt",
    "Heel:2 TR, 3pt",
    "Dead:2 TR, 3pt",
    "Stay:2 TR, 3pt",
    "Roll:2 TR, 3pt",
)

SCREEN = MyPetScreen
