"""Air Superiority on the 128x64 screen, made of the shared parts.

Ordering, rows: the timeline and the resources left to spend (0); the rival's country,
technology and planes by type (8); yours, with this turn's purchases underlined (16);
"Buy": a + under each type you may buy (24, zone "buy"); "Raid": how many of each
raid-capable type attack resources (32, zone "raid"); your research dice and the GO
cell (40, zones "research" and "go"); the log line (48); the prompt (56). LEFT/RIGHT
walk a zone's cells, DOWN goes to the next zone, A takes one step of the order (buy,
research, raid) or commits it on GO, B takes the last step back (with none: the pause
menu), UP asks for a hint.

The reveal: once both have ordered, every die of the turn is shown, a group at a time
(a side's research, a type's raids or dogfights, the planes shot down), each die with
its mark (hit, plane lost, the other's research point), then a summary of the turn. It
moves on by itself at a pace a person can follow; A shows the next group at once, B
goes to the summary. Two people on one device: the order screen is hidden behind a
"pass the device" box before each order.
"""

from firmware import buttons as btn
from firmware import gamescreen, gfx
from firmware.ui.dice import die
from firmware.ui.logline import LogLine
from firmware.ui.picker import Picker
from shared_rules import airsup as a

TOP_Y, RIVAL_Y, MINE_Y, BUY_Y, RAID_Y, RES_Y, LOG_Y, PROMPT_Y = 0, 8, 16, 24, 32, 40, 48, 56
COL_X = 48  # type t's column starts at COL_X + COL_W * t
COL_W = 16
GO_X = 104
ABBR = ("GER", "BRI")
TYPES5 = (0, 1, 2, 3, 4)
TYPES4 = (0, 1, 2, 3)
ONE = (0,)
GROUP_FRAMES = 32  # 0.8 s a group of dice
DIE = 9
DIE_STEP = 12
STEP_NAMES = ("research", "raids", "dogfight", "shot down")


def groups_of(rolls):
    """The reveal's groups: (first, end) ranges of rolls with one seat, step and type
    (research and planes shot down: one group a side)."""
    out = []
    start = 0
    for i in range(1, len(rolls) + 1):
        if i == len(rolls) or _group_key(rolls[i]) != _group_key(rolls[start]):
            out.append((start, i))
            start = i
    return out


def _group_key(r):
    seat, step, t = r[0], r[1], r[2]
    if step == a.STEP_RESEARCH or step == a.STEP_SHOT:
        t = 0
    return seat, step, t


class AirsupScreen(gamescreen.GameScreen):
    RULES = a
    PLAYERS = "shared_rules.airsup_ai"  # loaded with the game (prepare), not at a move

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.msg = ""
        self.steps = []  # the person's steps of this order (B takes back the last)
        self.rolls = None  # the reveal: the turn's dice, (seat, step, type, face, flags)
        self.groups = ()
        self.group = 0  # the group shown; len(groups): the summary
        self.wait = 0
        self.handoff = len(a.humans(self.s)) > 1  # two people: the order hidden first
        self.kept = None  # the cursor's cell while a step is taken (focus)
        self.picker = Picker(self)
        self.picker.reset()

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone == "buy":
            return TYPES5
        if zone == "raid":
            return TYPES4
        return ONE

    def walk_all(self, zone, level):
        return False

    def focus(self):
        """After a step of the order the cursor stays on its cell while a move starts
        there (A again: one more plane, die or raider), else the first legal cell."""
        kept = self.kept
        if kept is None or kept[0] is None or not self.picker.legal(kept[0])[kept[1]]:
            return None
        return kept

    # ---- the state of the screen ---------------------------------------------

    def revealing(self):
        return self.rolls is not None

    def game_over(self):
        return a.over(self.s) and not self.revealing()

    def wants_idle_frames(self):
        return self.revealing() and self.group < len(self.groups)

    def busy(self):
        return self.wants_idle_frames() or gamescreen.GameScreen.busy(self)

    def human_turn(self):
        return not self.revealing() and not self.handoff and gamescreen.GameScreen.human_turn(self)

    def bot_press(self):
        if self.finished or self.ending or self.pause >= 0:
            return 0
        if self.revealing() or self.handoff:
            return btn.A
        return gamescreen.GameScreen.bot_press(self)

    # ---- input -------------------------------------------------------

    def update(self, pressed, held):
        if self.wants_idle_frames() and not (self.pause >= 0 or self.help is not None):
            self.wait += 1
            if self.wait >= GROUP_FRAMES:
                self.next_group()
        gamescreen.GameScreen.update(self, pressed, held)

    def handle(self, pressed, held):
        self.msg = ""
        self.app.dirty = True
        if self.revealing():
            if pressed & btn.A:
                self.next_group()
            elif pressed & btn.B:
                if self.group < len(self.groups):
                    self.group = len(self.groups)
                else:
                    self.open_pause()
            return
        if self.handoff:
            if pressed & btn.A:
                self.handoff = False
                self.picker.reset()
            elif pressed & btn.B:
                self.open_pause()
            return
        if pressed & btn.B and self.steps and not self.picker.path:
            self.act(self.undo_of(self.steps[-1]))
            return
        gamescreen.GameScreen.handle(self, pressed, held)

    def undo_of(self, m):
        if m == a.RESEARCH:
            return a.UNRESEARCH
        if a.RAID <= m < a.RECALL:
            return a.RECALL + m - a.RAID
        return a.SELL + m - a.BUY

    def next_group(self):
        self.wait = 0
        self.app.dirty = True
        if self.group < len(self.groups):
            self.group += 1
            return
        self.rolls = None  # the summary read: on to the next order (or the result)
        self.groups = ()
        self.handoff = len(a.humans(self.s)) > 1 and not a.over(self.s)
        self.picker.reset()

    def refused(self, touch):
        s = self.s
        seat = a.to_act(s)
        if touch[0] == "buy" and touch[1] >= s.tech[seat]:
            self.msg = "needs tech %d" % (touch[1] + 1)
        elif touch[0] == "raid" and not s.planes[seat][touch[1]] + s.buy[seat][touch[1]]:
            self.msg = "no type %d plane" % (touch[1] + 1)
        elif a.spent(s, seat) >= s.res[seat]:
            self.msg = "nothing left"
        else:
            self.msg = "not now"

    def hint(self):
        m = a.best_move(self.s)
        if m in (a.SELL, a.SELL + 1, a.SELL + 2, a.SELL + 3, a.SELL + 4):
            self.say("Hint: B (fewer)")
        elif m == a.UNRESEARCH or a.RECALL <= m < a.COMMIT:
            self.say("Hint: B (fewer)")
        else:
            self.picker.point(m)
            self.say("Hint: " + a.move_text(self.s, m))

    def act(self, move):
        s = self.s
        seat = a.to_act(s)
        a.play(s, move)
        self.app.beep()
        if move in (a.UNRESEARCH, a.COMMIT) or a.SELL <= move < a.RESEARCH or move >= a.RECALL:
            if self.steps and move != a.COMMIT:
                self.steps.pop()
        else:
            self.steps.append(move)
        p = self.picker
        self.kept = (p.zone, p.index) if move != a.COMMIT else None
        p.reset()
        self.kept = None
        self.app.dirty = True
        if move == a.COMMIT:
            self.steps = []
            self.log.set(a.move_log(s, seat, move))
            self.committed()

    def committed(self):
        """An order is in: the reveal once both are, else the other's order (hidden
        behind the hand-over box when it is a person's)."""
        s = self.s
        if s.turn == 0:  # the second commit resolved the turn
            self.rolls = a.rolls(s)
            self.groups = groups_of(self.rolls)
            self.group = 0
            self.wait = 0
            self.autosave()
        elif 1 in a.humans(s):
            self.handoff = True

    def after_move(self, move, seat):
        """A computer's step: its whole order is made at once (a plan: no more search),
        so its steps do not take a pause each."""
        s = self.s
        while move != a.COMMIT:
            move = a.best_move(s)
            a.play(s, move)
        self.log.set(a.move_log(s, seat, a.COMMIT))
        self.committed()
        self.picker.reset()

    # ---- drawing -----------------------------------------------------

    def draw_game(self, fb):
        self.log.dirty = True
        if self.revealing():
            self.draw_reveal(fb)
        else:
            self.draw_order(fb)
        self.log.draw(fb)
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(self.prompt()[: gfx.CHARS], 0, PROMPT_Y, 0)
        if self.handoff and not self.finished:
            seat = a.to_act(self.s)
            gfx.box(fb, 14, 10, 100, 30)
            gfx.center(fb, "Pass to", 14)
            gfx.center(fb, a.country_name(self.s, seat), 26)

    def cursor(self, zone, i):
        p = self.picker
        return p.zone == zone and p.index == i and self.human_turn()

    def seat_shown(self):
        """The side whose order the screen shows: the person ordering (pass-and-play:
        either), else seat 0."""
        s = self.s
        seat = a.to_act(s)
        return seat if seat in a.humans(s) else 0

    def draw_order(self, fb):
        s = self.s
        me = self.seat_shown()
        other = 1 - me
        left = s.res[me] - a.spent(s, me)
        fb.text(a.HALVES[s.half], 0, TOP_Y, 1)
        money = "%d/%d" % (left, s.res[me])
        fb.text(money, gfx.W - 8 * len(money), TOP_Y, 1)
        self.draw_side(fb, other, RIVAL_Y, False)
        self.draw_side(fb, me, MINE_Y, True)
        fb.text("Buy", 0, BUY_Y, 1)
        for t in range(a.TYPES):
            if t < s.tech[me]:
                self.cell(fb, "+", COL_X + COL_W * t, BUY_Y, self.cursor("buy", t))
        fb.text("Raid", 0, RAID_Y, 1)
        for t in range(a.RAIDERS):
            if s.planes[me][t] + s.buy[me][t]:
                label = "%d" % s.raid[me][t]
                self.cell(fb, label, COL_X + COL_W * t, RAID_Y, self.cursor("raid", t))
        dice = s.research[me] + s.rolls_bought[me]
        fb.text("Dice %d" % dice, 0, RES_Y, 1)
        self.cell(fb, "+", COL_X + COL_W * 2, RES_Y, self.cursor("research", 0))
        self.cell(fb, "GO", GO_X, RES_Y, self.cursor("go", 0))

    def draw_side(self, fb, seat, y, mine):
        """A side: its country, technology and planes by type ('.' above its level)."""
        s = self.s
        fb.text("%s T%d" % (ABBR[a.country(s, seat)], s.tech[seat]), 0, y, 1)
        for t in range(a.TYPES):
            x = COL_X + COL_W * t
            if t >= s.tech[seat] and not s.planes[seat][t]:
                fb.text(".", x + 4, y, 1)
                continue
            n = s.planes[seat][t] + (s.buy[seat][t] if mine else 0)
            text = "%d" % n
            fb.text(text, x + 16 - 8 * len(text) - 2, y, 1)
            if mine and s.buy[seat][t]:
                fb.hline(x, y + 7, COL_W - 2, 1)

    def cell(self, fb, label, x, y, on):
        c = 1
        if on:
            fb.fill_rect(x - 1, y, 8 * len(label) + 2, 8, 1)
            c = 0
        fb.text(label, x, y, c)

    def draw_reveal(self, fb):
        s = self.s
        fb.text(a.HALVES[s.half - 1], 0, TOP_Y, 1)
        if self.group >= len(self.groups):
            self.draw_summary(fb)
            return
        first, end = self.groups[self.group]
        seat, step, t = _group_key(self.rolls[first])
        title = "%s %s" % (ABBR[a.country(s, seat)], STEP_NAMES[step])
        if step in (a.STEP_RAID, a.STEP_FIGHT):
            title += " T%d" % (t + 1)
        fb.text(title[: gfx.CHARS], 0, RIVAL_Y, 1)
        hits = lost = 0
        for k in range(first, end):
            r = self.rolls[k]
            x = 4 + DIE_STEP * (k - first)
            flags = r[4]
            if r[1] == a.STEP_SHOT:
                fb.text("%d" % (r[2] + 1), x + 1, 20, 1)
            else:
                die(fb, r[3], x, 19, DIE)
            if flags & a.HIT:
                hits += 1
                fb.fill_rect(x, 30, DIE, 2, 1)
            if flags & a.LOST:
                lost += 1
                fb.text("x", x + 1, 32, 1)
            if flags & (a.BONUS | a.ADVANCE):
                fb.text("+", x + 1, 32, 1)
        fb.text(self.tally(step, hits, lost)[: gfx.CHARS], 0, RES_Y, 1)

    def tally(self, step, hits, lost):
        if step == a.STEP_RESEARCH:
            return "tech up!" if hits else "no 6"
        if step == a.STEP_SHOT:
            return "%d plane%s lost" % (lost, "" if lost == 1 else "s")
        what = "res hit" if step == a.STEP_RAID else "shot"
        return "%d %s, %d lost" % (hits, what, lost)

    def draw_summary(self, fb):
        """Each side after the turn: technology, next turn's resources, planes lost."""
        s = self.s
        lost = [0, 0]
        for r in self.rolls:
            if r[4] & a.LOST:
                lost[r[0]] += 1
        fb.text("Turn summary", 0, RIVAL_Y, 1)
        for seat in (0, 1):
            line = "%s T%d $%d -%dpl" % (
                ABBR[a.country(s, seat)],
                s.tech[seat],
                s.res[seat],
                lost[seat],
            )
            fb.text(line[: gfx.CHARS], 0, MINE_Y + 8 + 8 * seat, 1)

    def prompt(self):
        s = self.s
        if self.revealing():
            return "A:next B:skip" if self.group < len(self.groups) else "A:go on"
        if a.over(s):
            return ""
        if self.handoff:
            return "A:ready"
        if not self.human_turn():
            return "Rival orders"
        if self.msg:
            return self.msg
        zone = self.picker.zone
        if zone == "go":
            return "A:commit B:back"
        if zone == "raid":
            return "A:raid B:back"
        if zone == "research":
            return "A:+die B:back"
        return "A:buy B:back"

    def over_detail(self):
        """What decided it, in the box's 13 characters: "on technology", "more type 5s",
        "minor victory" (resources), nothing for a draw."""
        why = a.decided_by(self.s)
        if why == "resources":
            return "minor victory"
        if why == "technology":
            return "on technology"
        return "more type " + why[5] + "s" if why else ""


SCREEN = AirsupScreen
