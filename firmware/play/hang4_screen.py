"""Hang Four on the 128x64 screen, made of the shared parts.

Rows: the Surf deck's cards and the bank (0); each rival (8, 16, 24) and you (32): the
name, the sand dollars, the complete dogs and a picture of each dog under way (a nose
block on the left, the character in the middle, a tail block on the right); your
actions (40): Roll, Shk (pay 2 for a Shack card) and the purchases 1-9 (3 sand dollars a
card); the log line (48): what the last action did; the prompt (56). LEFT/RIGHT walk a
row's cells, DOWN goes to the next row with a legal move, A takes it, UP asks for a
hint, B opens the pause menu. Grab a Board: the cursor picks the rival on its row, then
each board on its dogs; Wipe Out: each of your own boards.
"""

from firmware import gamescreen, gfx
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from shared_rules import hang4 as h

TOP_Y, MINE_Y, ACT_Y, LOG_Y, PROMPT_Y = 0, 32, 40, 48, 56
NAME_W = 40  # the name's five characters
DOGS_X = 78  # the first dog's picture
DOG_W = 10  # a dog's picture: three parts of 3 pixels and a gap
DOGS_SHOWN = 5
BUY_X = 64  # the purchases' digits: 1 at BUY_X, each next BUY_STEP further
BUY_STEP = 7
ACTS = (0, 1)  # Roll, Shk
BUYS = (1, 2, 3, 4, 5, 6, 7, 8, 9)
CARD_WORDS = ("Seagull", "Grab", "Wipe Out")


def row_y(s, seat):
    """Your row, then the rivals' in seat order after you."""
    return MINE_Y if seat == 0 else 8 * (seat - 1) + 8


def board_cells(dogs):
    """2 * slot + side of each board in an incomplete dog, in screen order."""
    out = []
    for i in range(len(dogs)):
        v = dogs[i]
        if v != h.COMPLETE:
            if v & 1:
                out.append(2 * i)
            if v & 4:
                out.append(2 * i + 1)
    return tuple(out)


def outcome(s):
    """What the last action did, for the log line (16 characters at most)."""
    last = s.last
    act = last[h.L_ACT]
    if act == 255:
        return ""
    name = h.SEAT_NAMES[last[h.L_SEAT]]
    if h.BUY < act <= h.BUY + h.BUY_MAX:
        return "%s bought %d" % (name, act - h.BUY)
    card = last[h.L_CARD]
    if not card:  # a number rolled
        return "%s %d: +%d$" % (name, last[h.L_DIE], last[h.L_GAIN])
    die2 = last[h.L_DIE2]
    word = CARD_WORDS[card - 1]
    if die2 == h.ICON:
        return "%s %s x" % (name, word)
    return "%s %s %d" % (name, word, die2)


class Hang4Screen(gamescreen.GameScreen):
    RULES = h
    PLAYERS = "shared_rules.hang4_ai"  # loaded with the game (prepare), not at a move

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.log.set(outcome(self.s))
        self.picker = Picker(self)
        self.picker.reset()

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        s = self.s
        if zone == "act":
            return ACTS
        if zone == "buy":
            return BUYS
        if zone == "seat":
            return tuple(range(s.n))
        if zone == "theirs":
            return board_cells(s.dogs[s.victim]) if s.victim >= 0 else ()
        return board_cells(s.dogs[s.turn])

    # ---- play ---------------------------------------------------------

    def act(self, move):
        h.play(self.s, move)
        self.app.beep()
        self.log.set(outcome(self.s))
        self.picker.reset()
        self.app.dirty = True

    def after_move(self, move, seat):
        self.log.set(outcome(self.s))
        self.picker.reset()

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        s = self.s
        self.log.dirty = True
        top = "Deck %d" % s.ndeck
        fb.text(top, 0, TOP_Y, 1)
        bank = "Bank %d" % s.bank
        fb.text(bank, gfx.W - 8 * len(bank), TOP_Y, 1)
        for seat in range(s.n):
            self.draw_player(fb, seat, row_y(s, seat))
        self.draw_actions(fb)
        self.log.draw(fb)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[: gfx.CHARS], 0, PROMPT_Y, 0)

    def cursor(self, zone, item):
        p = self.picker
        if p.zone != zone or not self.human_turn():
            return False
        return p.item() == item  # the picker's cells, worked out once a position

    def draw_player(self, fb, seat, y):
        """A row: the name (inverted under the cursor when grabbing), the sand dollars,
        the complete dogs and the dogs under way (their boards under the cursor)."""
        s = self.s
        name = h.SEAT_NAMES[seat]
        if self.cursor("seat", seat) or (seat == s.turn and not h.over(s)):
            fb.fill_rect(0, y, 8 * len(name), 8, 1)
            fb.text(name, 0, y, 0)
        else:
            fb.text(name, 0, y, 1)
        sand = "%d$" % s.sand[seat]
        fb.text(sand, NAME_W + 24 - 8 * len(sand), y, 1)
        done = h.complete(s, seat)
        fb.text("%d" % done if done < 10 else "+", NAME_W + 26, y, 1)
        fb.vline(DOGS_X - 3, y, 8, 1)
        zone = "mine" if seat == s.turn else ("theirs" if seat == s.victim else None)
        dogs = s.dogs[seat]
        room = DOGS_SHOWN if len(dogs) - done <= DOGS_SHOWN else DOGS_SHOWN - 1
        x = DOGS_X
        shown = 0
        for i in range(len(dogs)):
            v = dogs[i]
            if v == h.COMPLETE:
                continue
            if shown == room:  # more than fit: four, then a "+"
                fb.text("+", x, y, 1)
                break
            self.draw_dog(fb, v, x, y, zone, i)
            x += DOG_W
            shown += 1

    def draw_dog(self, fb, v, x, y, zone, slot):
        """A dog under way: the nose (left) and tail (right) as low blocks, the
        character as a tall one, a missing part as a dash on the baseline."""
        for part in range(3):
            px = x + 3 * part
            if not v & (1 << part):
                fb.hline(px, y + 6, 3, 1)
            elif part == 1:
                fb.fill_rect(px, y, 3, 7, 1)
            else:
                fb.fill_rect(px, y + 3, 3, 4, 1)
        if zone is not None:
            for side in (0, 1):
                if self.cursor(zone, 2 * slot + side):
                    px = x + 6 * side - 1
                    fb.rect(px, y, 5, 8, 1)

    def draw_actions(self, fb):
        s = self.s
        mine = s.phase == h.PH_TURN and self.human_turn()
        for i in (0, 1):
            label = ("Roll", "Shk")[i]
            x = 40 * i
            on = self.cursor("act", i)
            if on:
                fb.fill_rect(x, ACT_Y, 8 * len(label), 8, 1)
            fb.text(label, x, ACT_Y, 0 if on else 1)
        if not mine:
            return
        for k in range(1, h.buy_max(s, s.turn) + 1):
            x = BUY_X + BUY_STEP * (k - 1)
            on = self.cursor("buy", k)
            if on:
                fb.fill_rect(x - 1, ACT_Y, 9, 8, 1)
            fb.text("%d" % k, x, ACT_Y, 0 if on else 1)

    def prompt(self):
        s = self.s
        if h.over(s):
            return ""
        if not self.human_turn():
            return h.SEAT_NAMES[s.turn] + "'s turn"
        if s.phase == h.PH_FROM:
            return "A:grab from"
        if s.phase == h.PH_TAKE:
            return "A:take (%d left)" % s.count
        if s.phase == h.PH_LOSE:
            return "A:lose (%d left)" % s.count
        if h.must_buy(s, s.turn):
            return "Seagull: buy!"
        p = self.picker
        if p.zone == "buy":
            k = p.item()
            return "A:buy %d (%d$)" % (k, h.PRICE * k)
        if p.zone == "act" and p.index == 1:
            return "A:Shack (2$)"
        return "A:roll B:menu"

    def over_detail(self):
        s = self.s
        return "four dogs" if s.end == h.END_FOUR else "deck out"


SCREEN = Hang4Screen
