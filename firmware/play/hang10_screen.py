"""Hang 10 on the 128x64 screen: zones, prompts and the waves' drawing.

Layout: status line; pile + four wave boxes (top card, range or SET, length);
the hand (7 cards visible, scrolls); an info line; the prompt line. The cursor
is the shared move picker over the rules' touches: "top" (0 the pile, 1..4 the
waves), "hand" (cards) and the A/B keys (kick out / keep surfin'). UP asks for a
hint, B cancels (or opens the pause menu), hold A+B saves and leaves.
"""

from firmware import gamescreen, gfx
from firmware.ui import cardgfx
from firmware.ui.cards import HandRow, pile
from firmware.ui.picker import Picker
from shared_rules import hang10 as h

# Every element sits on whole display pages (8 rows), so a change resends only its page.
TOP_Y = 8  # pages 1-3: pile and waves
BOX_W = 27
BOX_H = 23
PILE_W = 18
HAND_Y = 40  # page 5: the hand
INFO_Y = 48  # page 6: one line of information
PROMPT_Y = 56  # page 7: what the buttons do now
TOPS = (0, 1, 2, 3, 4)
REFUSALS = {h.PH_DRAW: "already surfing", h.PH_PLACE: "pick another"}


ZONES = 9  # status, pile, four waves, hand, info, prompt: each redrawn only when it changes


class Hang10Screen(gamescreen.GameScreen):
    RULES = h
    PLAYERS = "shared_rules.hang10_ai"  # loaded with the game (prepare), not at a move
    incremental = True  # a press redraws the zones it changed, not the whole panel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.row = HandRow(HAND_Y)
        self.msg = ""
        self.picker = Picker(self)
        self.picker.reset()
        self.shown = [None] * ZONES  # what each zone last showed (None: draw it)
        self.shown_hand = None  # the hand's cards as the hand zone last showed them

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        return self.s.hand if zone == "hand" else TOPS

    def walk_all(self, zone, level):
        return zone == "hand" or self.s.phase == h.PH_DRAW

    def focus(self):
        s = self.s
        hand = self.picker.remembered.get("hand", 0)
        if s.phase == h.PH_PLAY:
            hand = s.hand.index(s.drawn) if s.drawn in s.hand else 0
        elif s.phase != h.PH_END:
            return None
        return "hand", max(0, min(hand, len(s.hand) - 1))

    def placed(self, zone, index):
        if zone == "hand":
            self.row.follow(index, len(self.s.hand))

    def hand_i(self):
        return self.picker.remembered.get("hand", 0)

    def picked(self):
        path = self.picker.path
        return path[0][1] if path else -1

    def top(self):
        p = self.picker
        if self.s.phase == h.PH_KICK:
            return self.s.slot + 1
        return p.item() if p.zone == "top" else p.remembered.get("top", 0)

    # ---- input -------------------------------------------------------

    def handle(self, pressed, held):
        self.msg = ""
        gamescreen.GameScreen.handle(self, pressed, held)

    def refused(self, touch):
        self.msg = REFUSALS.get(self.s.phase, "fits no wave")

    def act(self, move):
        """Apply a move; save at the end of every turn."""
        self.rules.play(self.s, move)
        self.app.beep()
        self.picker.reset()
        if self.s.phase in (h.PH_DRAW, h.PH_END, h.PH_OVER) and not self.rules.over(self.s):
            self.autosave()

    def hint(self):
        s = self.s
        m = h.best_move(s)
        self.picker.point(m)
        if m == h.M_DRAW:
            text = "draw"
        elif h.M_TAKE <= m < h.M_TAKE + h.WAVES:
            text = "take W%d" % (m - h.M_TAKE + 1)
        elif m == h.M_KICK:
            text = "kick out"
        elif m == h.M_KEEP:
            text = "surfin'"
        elif h.M_WIPE <= m < h.M_WIPE + h.WAVES:
            text = "wipe W%d" % (m - h.M_WIPE + 1)
        elif h.M_PLACE <= m < h.M_PLACE + 52:
            text = "place " + cardgfx.card_char(m - h.M_PLACE)
        else:
            card, wave = divmod(m - h.M_PLAY, 4)
            text = "%s on W%d" % (cardgfx.card_char(card), wave + 1)
        self.msg = "Hint: " + text
        self.app.dirty = True

    def over_detail(self):
        return "Wipe-outs %d" % self.s.wipeouts

    # ---- drawing -----------------------------------------------------

    def changed(self, zone, key):
        """True when `key`, what the zone shows, is new (the caller clears and draws it).
        Few arguments: a call of at most 11 words of locals and stack is not heap."""
        if self.shown[zone] == key:
            return False
        self.shown[zone] = key
        return True

    def draw_game(self, fb):
        s = self.s
        shown = self.shown
        if self.repaint or self.pause >= 0 or self.finished or self.app.toast is not None:
            self.repaint = False  # an overlay is (or was) over the zones: all of them
            fb.fill(0)
            for i in range(ZONES):
                shown[i] = None
            self.shown_hand = None
            for w in range(5):
                fb.vline(PILE_W - 1 + w * BOX_W, TOP_Y, BOX_H + 1, 1)
            fb.hline(0, TOP_Y + BOX_H, PILE_W + 4 * BOX_W, 1)
        score = h.score(s)
        wiped = len(s.wiped)
        # zone keys are small ints, not tuples: a press makes few objects (on a
        # fragmented heap each block-sized allocation costs a search)
        if self.changed(0, score * 64 + wiped):
            fb.fill_rect(0, 0, gfx.W, 8, 0)
            fb.text("Score%3d" % score, 0, 0, 1)
            fb.text("Wipe%2d" % wiped, 80, 0, 1)
        focused = self.top_focused()
        top = self.top()
        sel = focused and top == 0 and s.phase == 0
        if self.changed(1, len(s.pile) * 2 + sel):
            fb.fill_rect(0, TOP_Y, PILE_W - 1, BOX_H, 0)
            pile(fb, 0, TOP_Y, PILE_W - 1, BOX_H, len(s.pile), sel)
        picked = self.picked()
        for w in range(h.WAVES):
            sel = focused and top == w + 1
            mark = picked >= 0 and h.fits(s, w, picked)
            key = wave_key(s, w) | sel << 23 | mark << 24
            if self.changed(2 + w, key):
                fb.fill_rect(PILE_W + w * BOX_W, TOP_Y, BOX_W - 1, BOX_H, 0)
                self.draw_wave(fb, w, sel, mark)
        drawn = s.drawn if s.phase in (h.PH_PLAY, h.PH_WIPE, h.PH_PLACE) else -1
        cursor = self.hand_i() if not focused and s.phase != h.PH_OVER else -1
        key = (cursor + 1) | (picked + 1) << 6 | (drawn + 1) << 12 | self.row.scroll << 18
        below = TOP_Y + BOX_H + 1  # the hand's page and the marks above its cards
        if s.hand != self.shown_hand:
            shown[6] = None
        if self.changed(6, key):
            fb.fill_rect(0, below, gfx.W, HAND_Y + 8 - below, 0)
            self.shown_hand = list(s.hand)
            self.row.draw(fb, s.hand, cursor, picked, drawn)
        info = self.info()
        if self.changed(7, info):
            fb.fill_rect(0, INFO_Y, gfx.W, 8, 0)
            cardgfx.rich_text(fb, info, 0, INFO_Y, 1)
        prompt = self.prompt()[:16]
        if self.changed(8, prompt):
            fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
            fb.text(prompt, 0, PROMPT_Y, 0)

    def top_focused(self):
        return self.s.phase in (h.PH_DRAW, h.PH_WIPE, h.PH_KICK) or self.picked() >= 0

    def draw_wave(self, fb, w, sel, mark):
        s = self.s
        x = PILE_W + w * BOX_W
        fg = 0 if sel else 1
        if sel:
            fb.fill_rect(x, TOP_Y, BOX_W - 1, BOX_H, 1)
        kind, n, lo, hi = h.wave_info(s, w)
        if kind == h.K_EMPTY:
            fb.text("--", x + 5, TOP_Y + 8, fg)
            return
        cardgfx.card_label(fb, s.waves[w][-1], x + 5, TOP_Y, fg)
        if kind == h.K_SEQ:
            label = cardgfx.rank_char(lo) + "-" + cardgfx.rank_char(hi)
        else:
            label = "SET" if kind == h.K_SET else "new"
        cardgfx.rich_text(fb, label, x + 1, TOP_Y + 8, fg)
        if n > 1:
            fb.text("x%d" % n, x + 1, TOP_Y + 16, fg)
        if mark:
            fb.fill_rect(x + BOX_W - 6, TOP_Y + 18, 3, 3, fg)  # legal target mark

    def info(self):
        if self.msg:
            return self.msg
        s = self.s
        ph = s.phase
        top = self.top()
        if ph == h.PH_KICK:
            return "wave %d scores %d" % (s.slot + 1, h.wave_points(s, s.slot))
        if ph == h.PH_DRAW and top and s.kind[top - 1] in (h.K_SEQ, h.K_SET):
            return "W%d now %d pts" % (top, h.wave_points(s, top - 1))
        if self.picked() >= 0 and top:
            return "on W%d" % top
        if ph == h.PH_PLAY and s.drawn >= 0:
            return "drew " + cardgfx.card_char(s.drawn)
        return "turn %d" % (s.turn + 1)

    def prompt(self):
        ph = self.s.phase
        if ph == h.PH_DRAW:
            return "A:draw <>:waves" if self.top() == 0 else "A:take  B:menu"
        if self.picked() >= 0:
            return "<>:wave A:play"
        return PROMPTS[ph]


def wave_key(s, w):
    """What wave w's box shows, as one small int: kind, length, range, first and last
    card (63: none)."""
    wave = s.waves[w]
    n = len(wave)
    first = wave[0] if n else 63
    last = wave[-1] if n else 63
    return s.kind[w] | n << 3 | s.lo[w] << 7 | first << 11 | last << 17


PROMPTS = (
    "",
    "Play a card: A",
    "A:kick B:surfin",
    "WIPE OUT! pick",
    "New wave: pick",
    "Last cards: play",
    "Game over",
)
SCREEN = Hang10Screen
