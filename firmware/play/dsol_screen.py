"""Double Solitaire on the 128x64 screen, made of the shared parts.

Rows: the rival: its Pile's size and top card, its four columns' tops (0); the four
Stacks' top cards, "--" for an open space (8); the log line: what the rival did (16);
your Pile's size and top card and your four columns' tops (24; the picker's zones
"pile" and "stock", each column's height in small digits under it at 32); your hand
(40, zone "hand"); the Draw Pile, the points and a message (48); the prompt (56).
LEFT/RIGHT walk a zone's cells, DOWN goes to the next zone a move starts in, A picks a
card and then the Stack (or the column) it goes on, B steps back or opens the pause
menu, UP asks for a hint.
"""

from firmware import gamescreen, gfx
from firmware.ui import cardgfx
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from firmware.ui.small import small
from shared_rules import dsol as d

RIVAL_Y, STACKS_Y, LOG_Y, MINE_Y, HEIGHT_Y, HAND_Y, INFO_Y, PROMPT_Y = 0, 8, 16, 24, 32, 40, 48, 56
STEP = 17  # a card cell: 16 pixels of rank and suit and a pixel between
PILE_X = 26
COLS_X = 46  # the four columns, and the four Stacks above them
HAND_X = 5
ONE = (0,)
FOUR = (0, 1, 2, 3)


ROW_OF = {"stack": 1, "pile": 2, "stock": 2, "hand": 4}  # a zone's row: a bit of a mask


class DsolScreen(gamescreen.GameScreen):
    RULES = d
    PLAYERS = "shared_rules.dsol_ai"  # loaded with the game (prepare), not at a move
    incremental = True  # a cursor's step redraws the rows it marks, not the whole panel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.msg = ""
        self.picker = Picker(self)
        self.picker.reset()
        self.mine = False  # the person's turn, as this drawing found it
        self.drawn_for = None  # the state and its moves played the whole panel shows
        self.drawn_at = -1
        self.marked = 0  # rows (ROW_OF bits) holding the cursor or a chosen card

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone == "hand":
            return self.s.hands[0]
        if zone == "pile":
            return ONE
        return FOUR  # "stock" and "stack"

    # ---- input -------------------------------------------------------

    def refused(self, touch):
        s = self.s
        if touch[0] == "stock" and len(self.picker.path) == 0 and not s.cols[0][touch[1]]:
            self.msg = "empty column"
        else:
            self.msg = "no place for it"

    def handle(self, pressed, held):
        self.msg = ""
        gamescreen.GameScreen.handle(self, pressed, held)

    def act(self, move):
        s = self.s
        text = d.move_log(s, 0, move)
        d.play(s, move)
        self.app.beep()
        self.log.set(text)
        self.app.dirty = True
        if d.over(s) or self.human_turn():
            self.picker.reset(later=True)  # the next moves worked out on the next frame
        else:
            self.picker.clear()  # no cursor while the rival plays: no moves worked out
            self.autosave()  # the person's turn is over: the rival plays on

    def after_move(self, move, seat):
        if self.human_turn():
            self.picker.reset()
        else:
            self.picker.clear()

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s = self.s
        was_mine = self.mine
        self.mine = self.human_turn()  # asked once a drawing, not at every cell
        marked = self.marks()
        whole = self.overlaid()
        drawn = not whole and self.drawn_for is s
        if drawn and self.drawn_at == s.nmoves:
            self.draw_marks(fb, marked | self.marked)  # only the cursor or a choice moved
            self.marked = marked
            return
        # a move of yours that leaves you to play: the rival's row stays as it was
        rival = not (drawn and was_mine and self.mine and self.drawn_at == s.nmoves - 1)
        self.drawn_for = s
        self.drawn_at = s.nmoves
        self.marked = marked
        self.log.dirty = True
        if rival:
            fb.fill(0)
            self.draw_side(fb, 1, RIVAL_Y)
        else:
            fb.fill_rect(0, STACKS_Y, gfx.W, gfx.H - STACKS_Y, 0)
        self.draw_stacks(fb)
        self.log.draw(fb)
        self.draw_side(fb, 0, MINE_Y)
        self.draw_heights(fb)
        self.draw_hand(fb)
        self.draw_info(fb)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[: gfx.CHARS], 0, PROMPT_Y, 0)
        if s.phase == d.PH_BETWEEN:
            g = s.games[-1]
            gfx.box(fb, 14, 12, 100, 30)
            won = "Draw" if g[0] < 0 else d.SEAT_NAMES[g[0]] + " won"
            gfx.center(fb, won, 16)
            gfx.center(fb, "%d-%d" % (s.points[0], s.points[1]), 28)

    def overlaid(self):
        """The whole panel is due: new, or under (or just out from under) an overlay."""
        if self.repaint or self.pause >= 0 or self.finished or self.app.toast is not None:
            self.repaint = False
            return True
        return self.s.phase == d.PH_BETWEEN

    def marks(self):
        """The rows (ROW_OF bits) the cursor and the chosen cards are drawn on now."""
        p = self.picker
        rows = 0
        if self.mine and not p.due and p.zone is not None:
            rows = ROW_OF[p.zone]
        for touch in p.path:
            rows |= ROW_OF[touch[0]]
        return rows

    def draw_marks(self, fb, rows):
        """The rows whose cursor or chosen mark moved, the message and the prompt."""
        if rows & 1:
            fb.fill_rect(0, STACKS_Y, gfx.W, 8, 0)
            self.draw_stacks(fb)
        if rows & 2:
            fb.fill_rect(0, MINE_Y, gfx.W, 8, 0)
            self.draw_side(fb, 0, MINE_Y)
        if rows & 4:
            fb.fill_rect(0, HAND_Y, gfx.W, 8, 0)
            self.draw_hand(fb)
        if self.log.dirty:
            self.log.draw(fb)
        fb.fill_rect(0, INFO_Y, gfx.W, 8, 0)
        self.draw_info(fb)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[: gfx.CHARS], 0, PROMPT_Y, 0)

    def cursor(self, zone, i):
        """Whether the picker's cursor is on cell i of the zone (the person's turn; none
        from a play until the next moves are worked out)."""
        p = self.picker
        return p.zone == zone and p.index == i and self.mine and not p.due

    def chosen(self, zone, item):
        """Whether the picker's path holds this cell's item (the card being moved)."""
        for touch in self.picker.path:
            if touch[0] == zone and touch[1] == item:
                return True
        return False

    def cell(self, fb, card, x, y, on, picked=False):
        c = 1
        if on:
            fb.fill_rect(x - 1, y, STEP, 8, 1)
            c = 0
        if card < 0:
            fb.text("-", x + 4, y, c)
        else:
            cardgfx.card_label(fb, card, x, y, c)
        if picked:
            fb.hline(x, y + 7, STEP - 2, c)

    def draw_side(self, fb, seat, y):
        """A seat's Pile (size and top) and its four columns' tops."""
        s = self.s
        n = s.npile[seat]
        fb.text(("Y" if seat == 0 else "R") + "%d" % n, 0, y, 1)
        top = s.piles[seat][n - 1] if n else -1
        mine = seat == 0
        on = mine and self.cursor("pile", 0)
        self.cell(fb, top, PILE_X, y, on, mine and self.chosen("pile", 0))
        for c in range(4):
            col = s.cols[seat][c]
            x = COLS_X + STEP * c
            on = mine and self.cursor("stock", c)
            self.cell(fb, col[-1] if col else -1, x, y, on, mine and self.chosen("stock", c))

    def draw_heights(self, fb):
        """Each of your columns' height in small digits (the cards under the top)."""
        for c in range(4):
            h = len(self.s.cols[0][c])
            if h > 1:
                x = COLS_X + STEP * c + 5
                if h >= 10:
                    gfx.glyph(fb, small(h // 10), x, HEIGHT_Y, 1)
                gfx.glyph(fb, small(h % 10), x + 4, HEIGHT_Y, 1)

    def draw_stacks(self, fb):
        fb.text("Play", 0, STACKS_Y, 1)
        for k in range(4):
            st = self.s.stacks[k]
            top = st[-1] if st else -1
            self.cell(fb, top, COLS_X + STEP * k, STACKS_Y, self.cursor("stack", k))

    def draw_hand(self, fb):
        hand = self.s.hands[0]
        for i in range(len(hand)):
            x = HAND_X + STEP * i
            self.cell(fb, hand[i], x, HAND_Y, self.cursor("hand", i), self.chosen("hand", hand[i]))

    def draw_info(self, fb):
        s = self.s
        if self.msg:
            fb.text(self.msg[: gfx.CHARS], 0, INFO_Y, 1)
            return
        text = "Draw %d" % s.ndraw
        if s.opts["match"]:
            text += "  %d-%d" % (s.points[0], s.points[1])
        fb.text(text, 0, INFO_Y, 1)

    def prompt(self):
        s = self.s
        if d.over(s):
            return ""
        if s.phase == d.PH_BETWEEN:
            return "A:next game"
        if not self.human_turn():
            return "Rival's turn"
        p = self.picker
        if p.path:
            return "A:put  B:back" if p.zone == "stack" else "A:on col B:back"
        if not s.hands[0]:
            return "A:pass" if d.PASS in d.moves(s) else "play or pass"
        if d.first_empty_column(s.cols[0]) >= 0:
            return "A:pick  fill col"
        return "A:pick  v:zone"

    def over_detail(self):
        s = self.s
        return "Piles %d-%d" % (s.npile[0], s.npile[1])


SCREEN = DsolScreen
