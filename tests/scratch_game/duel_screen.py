"""Duel on the 128x64 screen, made only of the shared parts.

Rows: the opponents strip (0), the round, the table's top cards and the stock (8-39),
the log line (40), the hand (48, the picker's zone "hand"), the prompt (56). LEFT/RIGHT
walk the hand, A plays (snaps, deals the next round), B passes in a claim window and
else opens the pause menu, UP asks for a hint. The whole screen is drawn every time.
"""

from firmware import gamescreen, gfx
from firmware.ui import cardgfx
from firmware.ui.cards import HandRow, pile
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from firmware.ui.strip import strip
from scratch_game import duel

LOG_Y, HAND_Y, PROMPT_Y = 40, 48, 56
PROMPTS = {duel.PH_PLAY: "A:play", duel.PH_CLAIM: "A:snap B:pass", duel.PH_BETWEEN: "A:next round"}


class DuelScreen(gamescreen.GameScreen):
    RULES = duel

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.row = HandRow(HAND_Y)
        self.log = LogLine(LOG_Y)
        self.picker = Picker(self)
        self.picker.reset()

    def cells(self, zone):
        return self.s.hands[0] if zone == "hand" else ()

    def walk_all(self, zone, level):
        return zone == "hand"

    def focus(self):
        hand = self.s.hands[0]
        if self.s.phase != duel.PH_PLAY or self.s.turn != 0 or not hand:
            return None
        return "hand", max(0, min(self.picker.remembered.get("hand", 0), len(hand) - 1))

    def placed(self, zone, index):
        if zone == "hand":
            self.row.follow(index, len(self.s.hands[0]))

    def act(self, move):
        r, s = self.rules, self.s
        r.play(s, move)
        self.picker.reset()
        if self.log.text.startswith("Hint"):
            self.log.clear()
        if not r.over(s) and (r.to_act(s) in r.humans(s) or s.phase == duel.PH_BETWEEN):
            self.autosave()

    def hint(self):
        m = self.rules.best_move(self.s)
        self.picker.point(m)
        text = self.rules.move_text(self.s, m)
        self.show_log("Hint: " + ("play " + text if m < duel.DECK else text))

    def show_log(self, text):
        self.log.set(text)
        self.app.dirty = True

    def after_move(self, move, seat):
        self.picker.reset()

    def over_detail(self):
        a, b = self.rules.scores(self.s)
        return "%s %d-%d" % (("Draw", "Won", "Lost")[self.rules.winner(self.s) + 1], a, b)

    def draw_game(self, fb):
        r, s, turn = self.rules, self.s, self.rules.to_act(self.s)
        strip(fb, 0, [(r.SEAT_NAMES[i], len(s.hands[i]), r.scores(s)[i]) for i in (0, 1)], turn)
        fb.text("R%d/%d" % (s.round + 1, s.opts["rounds"]), 0, 20, 1)
        for i in (1, 2):  # the top card, and the one under it (both inverted in a claim)
            if len(s.pile) >= i:
                cardgfx.card(fb, s.pile[-i], 66 - 19 * (i - 1), 20, s.phase == duel.PH_CLAIM)
        if not s.pile:
            fb.text("--", 70, 20, 1)
        pile(fb, 104, 12, 17, 17, len(s.stock))
        self.log.draw(fb)
        mine = self.human_turn() and s.phase == duel.PH_PLAY and self.picker.zone == "hand"
        self.row.draw(fb, s.hands[0], self.picker.index if mine else -1)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        mine = turn < 0 or self.human_turn()
        prompt = PROMPTS.get(s.phase, "") if mine else r.SEAT_NAMES[turn] + "'s turn"
        fb.text(prompt[: gfx.CHARS], 0, PROMPT_Y, 0)


SCREEN = DuelScreen
