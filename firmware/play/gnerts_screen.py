"""G'nerts on the 128x64 screen: real time, a tick every two frames.

Rows: the foundations, spades and hearts (0), diamonds and clubs (8), each suit's
foundations as the ranks on top, a rival's play inverted for half a second; the round
and your total on the right. The rivals' Piles (16); a message (24); your columns'
base cards and heights (32); your Pile's top and the columns' tops (40); your last
three flipped cards, the Stack and your points this round (48); the keys (56).

The cursor (an inverted card) walks your Pile, columns and flipped card with
LEFT/RIGHT. A plays the card under it up to the foundations (else onto a column), UP
onto a column (a column moves whole, by its base), DOWN flips three, B pauses. Where
the card fits more than one column, UP (or A) asks which: the column it would go onto
is inverted too, LEFT/RIGHT choose among those it fits, UP or A plays, DOWN takes it
back. A press is played at the next tick; a card a rival played first goes back ("too
late"). A starts a round and, half a second after a round's end, deals the next.

The inputs go to the journal a piece at a time during a round (on a frame without a
tick, after its show), so a round's end writes a short piece, not the whole round's.
"""

from firmware import buttons as btn
from firmware import gamescreen, gfx
from firmware.ui import cardgfx
from firmware.ui.small import small
from shared_rules import gnerts as g

READY = 0  # before a round (A: go) and between rounds (A: next)
RUN = 1
FLASH_TICKS = 10  # a rival's play stays inverted on the foundations this long
BOT_FRAMES = 6  # the computer presses for you at most every 6 frames (demo, tests)
SOURCES = 6  # the cursor: 0 the Pile, 1..4 the columns, 5 the flipped card
COL_X = (26, 52, 78, 104)
WASTE_X = 0
SUIT_X = (0, 44, 0, 44)  # each suit's foundations: spades, hearts on row 0, the rest on 8
HEAD_X = 96  # the round and your total, right of the foundations
# the parts drawn again when they change (bits of GnertsScreen.due)
FOUND = 1  # the foundations (rows 0 and 8, left of HEAD_X)
RIVALS = 2  # the rivals' Piles (16)
MSG = 4  # the message (24)
MINE = 8  # your columns, Pile and flips (32-55)
HEAD = 16  # the round and your total (right of the foundations)
KEYS = 32  # the keys' line (56)


class GnertsScreen(gamescreen.GameScreen):
    RULES = g
    PLAYERS = "shared_rules.gnerts_ai"  # loaded with the game (prepare), not at a tick
    SAVE_AT_START = True
    incremental = True  # a tick redraws the parts it changed (due), not the whole panel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.mode = READY
        self.frames = 0  # frames since the last tick
        self.cursor = 0
        self.pending = g.WAIT  # the person's action for the next tick
        self.carry = -1  # a source whose card fits several columns: which one is asked
        self.target = 0  # then the column (1..4) it would go onto
        self.hinted = -1  # the hint's action: its column first when one is asked
        self.stills = 0  # the round's standstills, as the message line last told them
        self.msg = ""
        self.flash = bytearray(4 * g.SEATS_MAX)  # per foundation: the tick its flash ends
        self.bot_wait = 0
        self.ready_at = 0  # the frame from which A deals the next round
        self.dealt = False  # A dealt the next round on this frame: its banner only
        self.due = 0  # parts (FOUND, RIVALS, MSG, MINE) to draw again
        self.drawn_for = None  # the state the panel shows whole (a new one: all of it)
        self.shown_msg = ""
        self.rival_cards = 0  # the rivals' Pile cards, as the panel shows them

    def over_detail(self):
        s = self.s
        w = g.winner(s)
        who = "Draw" if w < 0 else ("You win" if w == 0 else g.SEAT_NAMES[w] + " wins")
        return "%s R%d" % (who, g.rounds_done(s))  # 14 characters at most: the box's

    # ---- input and ticks -------------------------------------------

    def wants_idle_frames(self):
        return self.mode == RUN

    def busy(self):
        """In play a tick comes every TICK_FRAMES frames: a frame without one has room
        for a collection of the heap (when it runs low), so none lands in a tick."""
        if self.mode == RUN and self.frames and not self.ending and self.pause < 0:
            return False
        return gamescreen.GameScreen.busy(self)

    def handle(self, pressed, held):
        s = self.s
        if self.mode == RUN:
            if g.round_over(s):  # at the last tick: its banner now, on a frame of its own
                self.to_ready()
                return
            if self.dealt:  # the deal's banner was shown: now the whole panel
                self.dealt = False
                self.repaint = True
                self.app.dirty = True
            if pressed & btn.B:
                self.open_pause()
                return
            if pressed:
                self.press(pressed)
            self.frames += 1
            if self.frames >= g.TICK_FRAMES:
                self.frames = 0
                self.tick()
            elif self.inputs.n >= gamescreen.JOURNAL_PIECE and self.app.after_show is None:
                self.app.after_show = self.flush_inputs  # a piece of the round's inputs
            return
        if pressed & btn.A and self.app.frame_no >= self.ready_at:
            self.repaint = True  # the banner goes: the whole panel
            if g.round_over(s):
                # the next deal, not saved: the save between rounds and this press,
                # in the journal, give it again. Four decks take this frame's time:
                # the banner says so now, the whole panel comes on the next frame
                g.play(s, g.NEXT)
                self.flash = bytearray(4 * g.SEATS_MAX)
                self.repaint = False
                self.dealt = True
            self.mode = RUN
            self.frames = 0
            self.msg = ""
            self.app.dirty = True
        elif pressed & btn.B:
            self.open_pause()

    def press(self, pressed):
        """A person's press in play: the cursor, or an action for the next tick."""
        if self.carry >= 0:
            self.choose_column(pressed)
            return
        if pressed & (btn.LEFT | btn.RIGHT):
            step = -1 if pressed & btn.LEFT else 1
            self.cursor = (self.cursor + step) % SOURCES
            self.due |= MINE
            self.app.dirty = True
            return
        a = -1
        if pressed & btn.DOWN:
            a = g.FLIP if g.legal(self.s, 0, g.FLIP) else -1
        elif pressed & (btn.A | btn.UP):
            a = self.action_for(self.cursor, not pressed & btn.A)
            if a >= g.PLAY and (a - g.PLAY) % 5 != g.TO_SCORE and self.ask_column(self.cursor):
                return
        if a < 0:
            self.msg = "no play for it"
        else:
            self.pending = a
            self.msg = ""
        self.app.dirty = True

    def columns_for(self, src):
        """The columns (1..4) the source's card (a column: whole) may go onto now."""
        s = self.s
        base = g.PLAY + src * 5
        return [dst for dst in range(1, 5) if g.legal(s, 0, base + dst)]

    def ask_column(self, src):
        """The card fits several columns: which one is asked (True), else False."""
        fits = self.columns_for(src)
        if len(fits) < 2:
            return False
        self.carry = src
        self.pending = g.WAIT  # this press takes the place of one not yet played
        hint = self.hinted - g.PLAY - src * 5
        self.target = hint if hint in fits else fits[0]
        self.due |= MINE | KEYS  # the keys' line says how to choose
        self.app.dirty = True
        return True

    def choose_column(self, pressed):
        """While a column is asked for: LEFT/RIGHT the next column the card fits, UP or A
        plays it there (at the next tick), DOWN takes the card back."""
        fits = self.columns_for(self.carry)
        if not fits or pressed & btn.DOWN:
            self.msg = "" if fits else "no play for it"
            self.carry = -1
        elif self.target not in fits:  # a tick changed the columns: shown before played
            self.target = fits[0]
        elif pressed & (btn.LEFT | btn.RIGHT):
            i = fits.index(self.target) + (-1 if pressed & btn.LEFT else 1)
            self.target = fits[i % len(fits)]
        elif pressed & (btn.UP | btn.A):
            self.pending = g.PLAY + self.carry * 5 + self.target
            self.msg = ""
            self.carry = -1
        self.due |= MINE | KEYS
        self.app.dirty = True

    def ask_hint(self):
        """The strong player's action for you, at once (it searches nothing): the
        cursor on its card and the key to press on the message line."""
        s = self.s
        want = self.rules.best_move(s)
        if want == g.NEXT:
            self.msg = "Hint: A deals"
        elif want < g.PLAY:
            self.msg = "Hint: DOWN flips" if want == g.FLIP else "Hint: wait"
        else:
            src, dst = divmod(want - g.PLAY, 5)
            self.cursor = src
            self.carry = -1
            card = g.source_card(s, 0, src, 1 <= src <= 4 and dst != g.TO_SCORE)
            key = "A" if dst == g.TO_SCORE else "UP"
            self.hinted = want  # UP asks for a column starting on the hint's
            self.msg = "Hint: %s, %s" % (cardgfx.card_char(card), key)
        self.due |= MINE | KEYS
        self.app.dirty = True

    def action_for(self, src, to_column):
        """The source's card up to the foundations (unless to_column), else onto the
        first column it fits; -1 if neither."""
        s = self.s
        if not to_column and g.legal(s, 0, g.PLAY + src * 5):
            return g.PLAY + src * 5
        for dst in range(1, 5):
            a = g.PLAY + src * 5 + dst
            if g.legal(s, 0, a):
                return a
        return -1

    def tick(self):
        s = self.s
        bounced = s.bounced[0]
        self.rules.play(s, self.pending)
        self.pending = g.WAIT
        t = s.tick
        flash = self.flash
        due = 0
        if s.touched & 1:
            due = MINE
        for p in s.plays:
            due |= FOUND
            if p % 4:  # a rival's play
                f = p // 4
                flash[f] = ((t + FLASH_TICKS) & 255) or 1  # 0 is "no flash"
                card = s.fsuit[f] * 13 + s.ftop[f] - 1
                self.msg = "%s: %s up" % (g.SEAT_NAMES[p % 4], cardgfx.card_char(card))
        if s.stills != self.stills:  # a standstill turned a Stack card (the 4th ends it)
            self.stills = s.stills
            if s.stills:
                self.msg = "standstill %d/4" % s.stills
        if s.bounced[0] != bounced:
            self.msg = "too late!"  # over a rival's play: the person's own card came back
        elif not self.msg and g.holds_up(s, 0):
            self.msg = "you can play!"  # everyone else is stuck: no standstill yet
        for f in range(len(s.ftop)):
            if flash[f] and flash[f] == t & 255:
                flash[f] = 0
                due |= FOUND  # its flash ends: drawn again
        if s.touched & ~1 and self.rivals_left() != self.rival_cards:
            due |= RIVALS
        if due or self.msg != self.shown_msg:
            self.due |= due
            self.app.dirty = True
        if g.round_over(s):
            self.due |= HEAD  # the totals
            self.app.dirty = True
            if self.rules.over(s):
                self.to_ready()
            else:  # the banner on the next frame: this one has the tick's parts
                # a press meant for the round's last moment does not deal the next one;
                # meanwhile the save, in two pieces on two frames
                self.ready_at = self.app.frame_no + gamescreen.OVER_GRACE
                self.autosave()

    def to_ready(self):
        """The round is over: its banner over the parts, your total, no cursor nor keys."""
        self.mode = READY
        self.carry = -1
        self.stills = 0
        self.due |= HEAD | KEYS | MINE
        self.app.dirty = True

    def rivals_left(self):
        """The cards left in the rivals' Piles, all together (their row changes with it)."""
        s = self.s
        n = 0
        for p in range(1, s.n):
            n += len(s.piles[p])
        return n

    def bot_press(self):
        """The next press that follows the strong player (demo and tests), at most one
        every BOT_FRAMES frames."""
        s = self.s
        if self.finished or self.ending or self.pause >= 0:
            return 0
        if self.mode != RUN or g.round_over(s):
            return btn.A if self.app.frame_no >= self.ready_at else 0
        if self.pending != g.WAIT:
            return 0
        if self.app.frame_no < self.bot_wait:
            return 0
        want = self.rules.best_move(s)
        if want == g.WAIT:
            return 0
        self.bot_wait = self.app.frame_no + BOT_FRAMES
        if self.carry >= 0:  # a column asked for: the one it wants, else the card back
            src, dst = divmod(want - g.PLAY, 5) if want >= g.PLAY else (-1, 0)
            if src != self.carry or dst == g.TO_SCORE:
                return btn.DOWN
            if dst != self.target:
                return btn.RIGHT
            return btn.UP
        if want == g.FLIP:
            return btn.DOWN
        src, dst = divmod(want - g.PLAY, 5)
        if src != self.cursor:
            ahead = (src - self.cursor) % SOURCES
            return btn.RIGHT if ahead <= SOURCES // 2 else btn.LEFT
        return btn.A if dst == g.TO_SCORE else btn.UP

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        """The whole panel when it is new or under (or out from under) an overlay; else
        only the parts due and the message when it changed, and between rounds the
        banner over them."""
        s = self.s
        if self.dealt and not self.overlaid():
            gfx.banner(fb, "Round %d" % s.round, "dealt")
            return
        if self.repaint or self.drawn_for is not s or self.overlaid():
            self.repaint = False
            self.drawn_for = None if self.overlaid() else s  # out from under it: whole
            self.draw_whole(fb)
            return
        due = self.due
        self.due = 0
        if due & HEAD:
            fb.fill_rect(HEAD_X, 0, gfx.W - HEAD_X, 16, 0)
            self.draw_head(fb)
        if due & KEYS:
            fb.fill_rect(0, 56, gfx.W, 8, 0)
            self.draw_keys(fb)
        if due & FOUND:
            fb.fill_rect(0, 0, HEAD_X, 16, 0)
            self.draw_foundations(fb)
        if due & RIVALS:
            fb.fill_rect(0, 16, gfx.W, 8, 0)
            self.draw_rivals(fb)
        if self.msg != self.shown_msg:
            fb.fill_rect(0, 24, gfx.W, 8, 0)
            self.draw_msg(fb)
        if due & MINE:
            fb.fill_rect(0, 32, gfx.W, 24, 0)
            self.draw_mine(fb)
        if self.mode == READY:
            self.draw_banner(fb)

    def overlaid(self):
        return self.pause >= 0 or self.finished or self.app.toast is not None

    def draw_whole(self, fb):
        self.due = 0
        fb.fill(0)
        self.draw_foundations(fb)
        self.draw_head(fb)
        self.draw_rivals(fb)
        self.draw_msg(fb)
        self.draw_mine(fb)
        self.draw_keys(fb)
        if self.mode == READY:
            self.draw_banner(fb)

    def draw_head(self, fb):
        s = self.s
        fb.text("R%d" % s.round, HEAD_X, 0, 1)
        fb.text("%d" % s.totals[0], HEAD_X, 8, 1)

    def draw_keys(self, fb):
        if self.mode == RUN:
            fb.text("<>col ^go v:back" if self.carry >= 0 else "A up ^col v flip", 0, 56, 1)

    def draw_rivals(self, fb):
        s = self.s
        x = 0
        for p in range(1, s.n):
            fb.text("%s%2d" % (g.SEAT_NAMES[p][0], len(s.piles[p])), x, 16, 1)
            x += 40
        self.rival_cards = self.rivals_left()

    def draw_msg(self, fb):
        cardgfx.rich_text(fb, self.msg, 0, 24)
        self.shown_msg = self.msg

    def draw_foundations(self, fb):
        s = self.s
        t = s.tick & 255
        x = [SUIT_X[0] + 9, SUIT_X[1] + 9, SUIT_X[2] + 9, SUIT_X[3] + 9]
        for su in range(4):
            gfx.glyph(fb, cardgfx.SUIT_GLYPHS[su], SUIT_X[su], 8 * (su // 2))
        for f in range(len(s.ftop)):
            su = s.fsuit[f]
            y = 8 * (su // 2)
            flashing = self.flash[f] and self.flash[f] != t
            r = s.ftop[f] - 1
            if flashing:
                fb.fill_rect(x[su], y, 8, 8, 1)
            if r == 9:
                gfx.glyph(fb, cardgfx.TEN_GLYPH, x[su], y, 0 if flashing else 1)
            else:
                fb.text(cardgfx.RANK_CHARS[r], x[su], y, 0 if flashing else 1)
            x[su] += 8

    def draw_mine(self, fb):
        s = self.s
        pile = s.piles[0]
        cur = self.cursor if self.mode == RUN else -1
        fb.text("P%d" % len(pile), 0, 32, 1)
        if pile:
            cardgfx.card(fb, pile[-1], 0, 40, cur == 0)
        cols = s.cols[0]
        for c in range(4):
            col = cols[c]
            x = COL_X[c]
            if len(col) > 1:
                cardgfx.card_label(fb, col[0], x + 1, 32, 1)
                gfx.glyph(fb, small(len(col)), x + 18, 32)
            if col:
                cardgfx.card(fb, col[-1], x, 40, cur == c + 1 or self.aimed(c + 1))
        waste = s.wastes[0]
        n = len(waste)
        for i in range(min(3, n)):
            card = waste[n - min(3, n) + i]
            top = i == min(3, n) - 1
            cardgfx.card(fb, card, WASTE_X + 17 * i, 48, top and cur == 5)
        if not n and cur == 5:
            fb.rect(WASTE_X, 48, 17, 8, 1)
        fb.text("S%d" % len(s.stacks[0]), 56, 48, 1)
        fb.text("%+d" % g.round_points(s, 0), 96, 48, 1)

    def aimed(self, col):
        """Is this column (1..4) the one a card being placed would go onto?"""
        return self.carry >= 0 and self.mode == RUN and self.target == col

    def draw_banner(self, fb):
        s = self.s
        if not g.round_over(s):
            gfx.banner(fb, "Round %d" % s.round, "A: go")
            return
        if self.finished:
            return
        scored, left, ender, _ = g.round_record(s, -1)
        if ender == g.STANDSTILL:
            head = "Standstill"
        elif ender == 0:
            head = "G'NERTS!"
        else:
            head = "%s G'NERTS" % g.SEAT_NAMES[ender]
        gfx.banner(fb, head, "%+d  A: next" % (scored[0] - 2 * left[0]))


SCREEN = GnertsScreen
