"""Hang 10 on the 128x64 screen: draw and input.

Layout: status line; pile + four wave boxes (top card, range or SET, length);
the hand (7 cards visible, scrolls); an info line; the prompt line.
d-pad moves the cursor, A acts, B cancels (or opens the pause menu),
UP asks for a hint, hold A+B saves and leaves.
"""

from firmware import buttons as btn
from firmware import gamescreen, gfx
from shared_rules import hang10 as h

# The computer player is loaded with the game, while the heap is still in one piece,
# not at the first hint late in a game (its tables need a few KB in one block).
from shared_rules import hang10_ai  # noqa: E402, F401, I001

GAME = "hang10"
# Every element sits on whole display pages (8 rows), so a change resends only its page.
TOP_Y = 8  # pages 1-3: pile and waves
BOX_W = 27
BOX_H = 23
PILE_W = 18
HAND_Y = 40  # page 5: the hand
INFO_Y = 48  # page 6: one line of information
PROMPT_Y = 56  # page 7: what the buttons do now
HAND_VISIBLE = 7
CARD_STEP = 17


def wave_x(w):
    return PILE_W + w * BOX_W


class Hang10Screen(gamescreen.GameScreen):
    GAME = GAME

    def __init__(self, app, rules, state, seed, options, inputs=None):
        gamescreen.GameScreen.__init__(self, app, rules, state, seed, options, inputs)
        self.top = 0  # 0 = pile, 1..4 = waves
        self.hand_i = 0
        self.scroll = 0
        self.picked = -1  # card chosen to play, waiting for a target wave
        self.msg = ""
        self.bot_at = -1  # nmoves for which bot_move was chosen
        self.bot_move = 0
        self.sync_cursor()

    # ---- input -------------------------------------------------------

    def handle(self, pressed, held):
        s = self.s
        self.app.dirty = True
        self.msg = ""
        if pressed & btn.UP:
            self.hint()
            return
        ph = s.phase
        if ph == h.PH_KICK:
            if pressed & btn.A:
                self.act(h.M_KICK)
            elif pressed & btn.B:
                self.act(h.M_KEEP)
            return
        if pressed & btn.B:
            if self.picked >= 0:
                self.picked = -1
            else:
                self.open_pause()
            return
        step = 0
        if pressed & btn.LEFT:
            step = -1
        elif pressed & btn.RIGHT:
            step = 1
        if ph == h.PH_DRAW:
            if step:
                self.top = (self.top + step) % 5
            elif pressed & btn.A:
                if self.top == 0:
                    self.act(h.M_DRAW)
                elif s.kind[self.top - 1] == h.K_LONE:
                    self.act(h.M_TAKE + self.top - 1)
                else:
                    self.msg = "already surfing"
        elif ph == h.PH_WIPE:
            if step:
                self.top = self.next_wave(self.top, step, self.wipeable)
            elif pressed & btn.A:
                self.act(h.M_WIPE + self.top - 1)
        elif ph == h.PH_PLACE:
            if step:
                self.move_hand(step)
            elif pressed & btn.A:
                card = s.hand[self.hand_i]
                if card == s.taken:
                    self.msg = "pick another"
                else:
                    self.act(h.M_PLACE + card)
        elif self.picked >= 0:  # choosing the wave for the picked card
            if step:
                self.top = self.next_wave(self.top, step, self.fits_picked)
            elif pressed & btn.A:
                self.act(h.M_PLAY + self.picked * 4 + self.top - 1)
        else:  # PH_PLAY / PH_END: choose a card
            if step:
                self.move_hand(step)
            elif pressed & btn.A:
                card = s.hand[self.hand_i]
                self.top = 0
                for w in range(h.WAVES):
                    if h.fits(s, w, card):
                        self.top = w + 1
                        break
                if self.top:
                    self.picked = card
                else:
                    self.msg = "fits no wave"

    def act(self, move):
        """Apply a move; save at the end of every turn."""
        self.rules.play(self.s, move)
        self.app.beep()
        self.picked = -1
        self.sync_cursor()
        if self.s.phase in (h.PH_DRAW, h.PH_END, h.PH_OVER) and not self.rules.over(self.s):
            self.autosave()

    def sync_cursor(self):
        """Put the cursor where the new phase needs it."""
        s = self.s
        ph = s.phase
        if ph == h.PH_DRAW:
            self.top = 0
        elif ph == h.PH_PLAY:
            self.focus_card(s.drawn)
        elif ph == h.PH_WIPE:
            self.top = self.next_wave(0, 1, self.wipeable)
        elif ph == h.PH_KICK:
            self.top = s.slot + 1
        elif ph == h.PH_PLACE:
            first = 0
            while first < len(s.hand) - 1 and s.hand[first] == s.taken:
                first += 1
            self.hand_i = first
            self.fix_scroll()
        elif ph == h.PH_END:
            self.hand_i = min(self.hand_i, len(s.hand) - 1)
            self.fix_scroll()

    def focus_card(self, card):
        hand = self.s.hand
        self.hand_i = hand.index(card) if card in hand else 0
        self.fix_scroll()

    def move_hand(self, step):
        n = len(self.s.hand)
        if n:
            self.hand_i = (self.hand_i + step) % n
            self.fix_scroll()

    def fix_scroll(self):
        n = len(self.s.hand)
        self.hand_i = max(0, min(self.hand_i, n - 1))
        if self.hand_i < self.scroll:
            self.scroll = self.hand_i
        elif self.hand_i >= self.scroll + HAND_VISIBLE:
            self.scroll = self.hand_i - HAND_VISIBLE + 1
        self.scroll = max(0, min(self.scroll, n - HAND_VISIBLE))

    def next_wave(self, top, step, ok):
        for _ in range(h.WAVES):
            top = (top - 1 + step) % h.WAVES + 1
            if ok(top - 1):
                return top
        return top

    def wipeable(self, w):
        return self.s.kind[w] != h.K_EMPTY

    def fits_picked(self, w):
        return h.fits(self.s, w, self.picked)

    def hint(self):
        s = self.s
        m = h.best_move(s)
        self.picked = -1
        if m == h.M_DRAW:
            self.top = 0
            text = "draw"
        elif h.M_TAKE <= m < h.M_TAKE + h.WAVES:
            self.top = m - h.M_TAKE + 1
            text = "take W%d" % self.top
        elif m == h.M_KICK:
            text = "kick out"
        elif m == h.M_KEEP:
            text = "keep surfin"
        elif h.M_WIPE <= m < h.M_WIPE + h.WAVES:
            self.top = m - h.M_WIPE + 1
            text = "wipe W%d" % self.top
        elif h.M_PLACE <= m < h.M_PLACE + 52:
            self.focus_card(m - h.M_PLACE)
            text = "place " + h.move_text(s, m)[1:]
        else:
            card = (m - h.M_PLAY) >> 2
            self.focus_card(card)
            text = h.move_text(s, m).replace(">", " on W")
        self.msg = "Hint: " + text
        self.app.dirty = True

    def bot_press(self):
        """The next button press that carries out the computer's move (demo and tests)."""
        s = self.s
        if self.finished or self.pause >= 0:
            return 0
        if self.bot_at != s.nmoves:
            self.bot_at = s.nmoves
            self.bot_move = h.best_move(s)
        m = self.bot_move
        ph = s.phase
        if ph == h.PH_KICK:
            return btn.A if m == h.M_KICK else btn.B
        if ph == h.PH_DRAW:
            return self._toward_top(0 if m == h.M_DRAW else m - h.M_TAKE + 1)
        if ph == h.PH_WIPE:
            return self._toward_top(m - h.M_WIPE + 1)
        if ph == h.PH_PLACE:
            return self._toward_card(m - h.M_PLACE)
        card = (m - h.M_PLAY) >> 2
        if self.picked < 0:
            return self._toward_card(card)
        if self.picked != card:
            return btn.B
        return self._toward_top(((m - h.M_PLAY) & 3) + 1)

    def _toward_top(self, target):
        return btn.A if self.top == target else btn.RIGHT

    def _toward_card(self, card):
        return btn.A if self.s.hand[self.hand_i] == card else btn.RIGHT

    def clean(self):
        return self.s.wipeouts == 0

    def over_detail(self):
        return "Wipe-outs %d" % self.s.wipeouts

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s = self.s
        fb.text("Score%3d" % h.score(s), 0, 0, 1)
        fb.text("Wipe%2d" % len(s.wiped), 80, 0, 1)
        self.draw_pile(fb)
        for w in range(h.WAVES):
            self.draw_wave(fb, w)
        for x in (PILE_W - 1, PILE_W - 1 + BOX_W, PILE_W - 1 + 2 * BOX_W, PILE_W - 1 + 3 * BOX_W):
            fb.vline(x, TOP_Y, BOX_H + 1, 1)
        fb.vline(PILE_W - 1 + 4 * BOX_W, TOP_Y, BOX_H + 1, 1)
        fb.hline(0, TOP_Y + BOX_H, PILE_W + 4 * BOX_W, 1)
        self.draw_hand(fb)
        fb.text(self.info()[:16], 0, INFO_Y, 1)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[:16], 0, PROMPT_Y, 0)

    def top_focused(self):
        ph = self.s.phase
        return ph in (h.PH_DRAW, h.PH_WIPE, h.PH_KICK) or self.picked >= 0

    def draw_pile(self, fb):
        s = self.s
        sel = self.top_focused() and self.top == 0 and s.phase == h.PH_DRAW
        fg = 0 if sel else 1
        if sel:
            fb.fill_rect(0, TOP_Y, PILE_W - 1, BOX_H, 1)
        if s.pile:
            gfx.glyph(fb, gfx.CARD_BACK, 3, TOP_Y + 1, fg)
        fb.text("%2d" % len(s.pile), 0, TOP_Y + 8, fg)

    def draw_wave(self, fb, w):
        s = self.s
        x = wave_x(w)
        sel = self.top_focused() and self.top == w + 1
        fg = 0 if sel else 1
        if sel:
            fb.fill_rect(x, TOP_Y, BOX_W - 1, BOX_H, 1)
        kind, n, lo, hi = h.wave_info(s, w)
        if kind == h.K_EMPTY:
            fb.text("--", x + 5, TOP_Y + 8, fg)
            return
        gfx.card_label(fb, s.waves[w][-1], x + 5, TOP_Y, fg)
        if kind == h.K_SEQ:
            label = gfx.RANK_CHARS[lo] + "-" + gfx.RANK_CHARS[hi]
        elif kind == h.K_SET:
            label = "SET"
        else:
            label = "new"
        fb.text(label, x + 1, TOP_Y + 8, fg)
        if n > 1:
            fb.text("x%d" % n, x + 1, TOP_Y + 16, fg)
        if self.picked >= 0 and h.fits(s, w, self.picked):
            fb.fill_rect(x + BOX_W - 6, TOP_Y + 18, 3, 3, fg)  # legal target mark

    def draw_hand(self, fb):
        s = self.s
        hand = s.hand
        hand_focus = not self.top_focused() and s.phase != h.PH_OVER
        for i in range(self.scroll, min(len(hand), self.scroll + HAND_VISIBLE)):
            x = 5 + (i - self.scroll) * CARD_STEP
            card = hand[i]
            sel = (hand_focus and i == self.hand_i) or card == self.picked
            gfx.card(fb, card, x, HAND_Y, sel)
            if card == s.drawn and s.phase in (h.PH_PLAY, h.PH_WIPE, h.PH_PLACE):
                fb.hline(x + 2, HAND_Y - 2, 13, 1)  # the card just drawn
        if self.scroll > 0:
            gfx.glyph(fb, gfx.ARROW_LEFT, 0, HAND_Y)
        if self.scroll + HAND_VISIBLE < len(hand):
            gfx.glyph(fb, gfx.ARROW_RIGHT, 124, HAND_Y)

    def info(self):
        if self.msg:
            return self.msg
        s = self.s
        ph = s.phase
        if ph == h.PH_KICK:
            return "wave %d scores %d" % (s.slot + 1, h.wave_points(s, s.slot))
        if ph == h.PH_DRAW and self.top:
            w = self.top - 1
            if s.kind[w] in (h.K_SEQ, h.K_SET):
                return "W%d now %d pts" % (w + 1, h.wave_points(s, w))
        if self.picked >= 0 and self.top:
            return "on W%d" % self.top
        if ph == h.PH_PLAY and s.drawn >= 0:
            return "drew " + h.move_text(s, h.M_PLACE + s.drawn)[1:]
        return "turn %d" % (s.turn + 1)

    def prompt(self):
        s = self.s
        ph = s.phase
        if ph == h.PH_DRAW:
            if self.top == 0:
                return "A:draw <>:waves"
            return "A:take  B:menu"
        if ph == h.PH_KICK:
            return "A:kick B:surfin"
        if ph == h.PH_WIPE:
            return "WIPE OUT! pick"
        if ph == h.PH_PLACE:
            return "New wave: pick"
        if ph == h.PH_OVER:
            return "Game over"
        if self.picked >= 0:
            return "<>:wave A:play"
        if ph == h.PH_END:
            return "Last cards: play"
        return "Play a card: A"


def start(app, seed, options=None):
    return gamescreen.start(app, Hang10Screen, h, seed, options)


def resume(app):
    return gamescreen.resume(app, Hang10Screen, h)
