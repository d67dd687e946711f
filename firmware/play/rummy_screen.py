"""Three-Thirteen on the 128x64 screen, made of the shared parts.

Rows: the round, the wild rank and your total (0); the rivals, each with the cards it
holds (small digits) and its total, the one to act inverted (8); the draw row: the
stock and the discard pile (16); the log line: what each computer did (24); your hand
in two rows of seven (32, 40), grouped into your best melds: a line under each meld,
the cards without one are the deadwood; the deadwood's points and the OUT cell (48;
LAST in the round's last turns, where the log line adds the melds of the seat that
went out); the prompt (56). LEFT/RIGHT walk a zone's cells, DOWN goes to the next zone (the hand
and OUT), A picks, B steps back or opens the pause menu, UP asks for a hint. A wild
card thrown by a computer: A grabs it, B lets it go. Between rounds and at the end,
the round-by-round score table (UP/DOWN scroll it).
"""

import sys

from firmware import buttons as btn
from firmware import gamescreen, gfx
from firmware.ui import cardgfx
from firmware.ui.logline import LogLine
from firmware.ui.small import small
from shared_rules import rummy as r
from shared_rules.cards import RANKS, SUITS

STATUS_Y, RIVALS_Y, DRAW_Y, LOG_Y, HAND_Y, INFO_Y, PROMPT_Y = 0, 8, 16, 24, 32, 48, 56
ROW_CARDS = 7  # cards a hand row shows (a hand holds at most 14)
STEP = 17  # a card cell: 16 pixels of rank and suit and a pixel between
HAND_X = 5
OUT_X = 96
PILE_X = 64
DRAW_CELLS = (0, 1)  # the draw row: the stock, the discard pile
ONE = (0,)
SCORING = "shared_rules.rummy_table"
HISTORY = 6  # log lines kept for the pause menu's Log (what its page shows)
TABLE_ROWS = 4  # round lines below a title line: 8 + 48 pixels
OVER_DROPS = (  # the match is over: the searching and scoring code leaves (the device)
    "shared_rules.rummy_score",
    "shared_rules.rummy_table",
    "shared_rules.rummy_ends",
    "shared_rules.rummy_groups",
    "shared_rules.rummy_search",
    "shared_rules.rummy_melds",
)


class RummyScreen(gamescreen.GameScreen):
    PLAYERS = "shared_rules.rummy_ai"  # loaded at each choice, then dropped (the device)
    PLAYERS_EACH_MOVE = True
    # the strong player's last turns, and the scoring code they load: out again
    # before your turn (its picker), loaded again by the next last turn
    PLAYERS_TOO = ("shared_rules.rummy_last", SCORING, "shared_rules.rummy_ends")
    # a new match's code and the options' code (the opening, a resume), not needed in
    # play; RULES is set after the class (the rules module answers rarely used names
    # through its __getattr__, which MicroPython's class making would ask)
    RESTING = ("shared_rules.rummy_more", "shared_rules.contract")
    PAUSE = gamescreen.PAUSE_ITEMS[:1] + ("Log",) + gamescreen.PAUSE_ITEMS[1:]

    def __init__(self, *args):
        gamescreen.GameScreen.__init__(self, *args)
        self.log = LogLine(LOG_Y)
        self.msg = ""
        self.grouped = None  # the hand the groups below were worked out for
        self.order = []  # that hand in screen order: its melds, then the cards left
        self.starts = 0  # bit i: a meld starts at order[i]
        self.melded = 0  # order[:melded] are in melds
        self.dead = 0  # the points of the cards left
        self.table = None  # the score table (made when first shown)
        self.table_top = -1  # its first round shown (-1: the latest rounds)
        self.sort_due = False  # a person's move changed the hand: melds and moves next frame
        self.table_due = False  # a round just ended: its score table on the next frame
        self.deal_due = False  # A between rounds: "dealing..." now, the deal next frame
        self.end_due = -1  # your move that ends the round: "scoring..." now, played next
        self.log_only = False  # this frame redraws the log line alone
        self.picker = None  # the person's move picker: only while the person is to act
        self.remembered = {}  # its cursor's cell in each zone, kept between your turns
        self.history = []  # the last HISTORY log lines of play (the pause menu's Log)
        self.laid = ""  # the melds of the seat that went out, as text (show_laid)
        self.laid_in = -1  # the round they are for

    def opened(self):
        """The hand's melds and the picker (the meld search both need) once the opening is
        over, not while a save is read: the search's import beside the save's code is the
        heap's worst moment of a resume on the device. Worked out here, not in the first
        frame: on a computer's turn the first draw grouped the hand (a search, 30 ms on a
        Pico, over a frame's 25)."""
        if self.s.phase < r.PH_BETWEEN:
            self.hand_order()
        self.take_picker()
        self.restore_log()
        self.show_laid()

    # ---- the hand in melds ---------------------------------------------

    def hand_order(self):
        """The person's hand as the screen shows it (worked out once a hand). On the
        frame of the person's move it is the last order with the new cards at its end:
        the search for the melds runs on the next frame, shown as "sorting"."""
        hand = self.s.hands[0]
        if self.grouped != hand:
            if self.sort_due:
                return self.unsorted(hand)
            self.group(hand)
        return self.order

    def unsorted(self, hand):
        rest = list(hand)
        out = []
        for c in self.order:
            if c in rest:
                rest.remove(c)
                out.append(c)
        out.extend(rest)
        return out

    def group(self, hand):
        wild = r.wild_of(self.s)
        outs = r.out_cards(self.s) if self.s.turn == 0 else ()
        throw = -1
        if outs:  # all but one card meld: shown so, the card to go out with last
            for c in outs:
                if throw < 0 or r.points(c, wild) > r.points(throw, wild):
                    throw = c
            hand = list(hand)
            hand.remove(throw)
        melds, left = r.groups(hand, wild)
        if throw >= 0:
            left.append(throw)
        if gamescreen._dropping() and not self.picker_turn():
            gamescreen.drop_module("shared_rules.rummy_groups")  # as the picker goes
        order = []
        starts = 0
        for meld in melds:
            starts |= 1 << len(order)
            order.extend(meld)
        self.melded = len(order)
        dead = 0
        for c in left:
            dead += r.points(c, wild)
        order.extend(left)
        self.order = order
        self.starts = starts
        self.dead = dead
        self.grouped = list(self.s.hands[0])

    # ---- the move picker: yours on your turns ----------------------------

    def picker_turn(self):
        """The person is to act in a round (between rounds A deals, B pauses and UP/DOWN
        scroll the table: no picker)."""
        return self.human_turn() and self.s.phase != r.PH_BETWEEN

    def take_picker(self):
        """The picker, made when the person is to act in a round (on the device its
        module is loaded again for it, in a thinking frame's time)."""
        if self.picker is None and self.picker_turn():
            from firmware.ui.picker import Picker

            self.picker = Picker(self)
            self.picker.remembered = self.remembered
            self.picker.reset()

    def let_picker_go(self):
        """The computers play on, or a round is over: the picker and (on the device) its
        code and the hand's grouping leave the heap (4.2 KB installed as files), room
        for the computers' search and their players' import, or the score table's. Your
        hand changes by your moves only; the sorting after a move of yours that ends
        your turn (a thinking frame) loads the grouping and lets it go again (group)."""
        if self.picker is not None and not self.picker_turn():
            self.picker = None
            if gamescreen._dropping():
                gamescreen.drop_module("firmware.ui.picker")
                gamescreen.drop_module("shared_rules.rummy_groups")

    def handed_over(self):
        self.take_picker()
        self.show_laid()

    def show_laid(self):
        """Your last turn (a rival went out): the log line adds that seat's melds as it
        laid them down (D11, `arrange`: what the round's lay-offs go on), sets by rank,
        runs by their ends: "North laid 7s 5S-8S" (a thinking frame's work: a search)."""
        s = self.s
        if s.out <= 0 or not self.picker_turn():
            return
        if self.laid_in != s.round:  # worked out once a round (the hand that went out
            self.laid = self.laid_text(s)  # does not change)
            self.laid_in = s.round
        laid = self.laid
        text = self.log.text
        if not text.endswith(laid):
            self.log.set(text + ". " + laid if text else laid)

    def laid_text(self, s):
        held = SCORING in sys.modules  # the scoring code: a computer's last turn loads it
        table = r.arrange(s.hands[s.out], r.wild_of(s))
        if not held and gamescreen._dropping():  # the device: it goes again (your turn
            gamescreen.drop_module(SCORING)  # does not need it; the round's end loads it)
        laid = r.SEAT_NAMES[s.out] + " laid"
        for rank in table[0]:  # a hand that went out melds (the rules checked it)
            laid += " wilds" if rank < 0 else " " + RANKS[rank] + "s"
        for suit, lo, hi in table[1]:
            laid += " " + RANKS[lo % 13] + SUITS[suit] + "-" + RANKS[hi % 13] + SUITS[suit]
        return laid

    def hint(self):
        gamescreen.GameScreen.hint(self)
        self.show_laid()  # a last turn's hint keeps the melds: "Hint: 7H. North laid ..."

    def players_room(self):
        """Before a search for you (a hint, the press for you) on the device the picker
        leaves too, room for the players (your last turns load the scoring code beside
        them); it comes back once they have left (release_players), placed as a new
        turn places it (the search comes before your first press of a step)."""
        if gamescreen._dropping() and self.picker is not None:
            self.picker = None
            gamescreen.drop_module("firmware.ui.picker")
        gamescreen.GameScreen.players_room(self)

    def release_players(self):
        gamescreen.GameScreen.release_players(self)
        self.take_picker()

    # ---- zones for the picker ------------------------------------------

    def cells(self, zone):
        if zone == "hand":
            return self.hand_order()
        return DRAW_CELLS if zone == "draw" else ONE

    def focus(self):
        """A discard: the cursor on the dearest card left out that may go (else the
        first card that may)."""
        s = self.s
        if s.phase not in (r.PH_DISCARD, r.PH_GRAB) or not self.human_turn():
            return None
        order = self.hand_order()
        taken = r.just_taken(s)  # it may go back, but you took it for a reason
        wild = r.wild_of(s)
        best = -1
        for i in range(self.melded, len(order)):
            c = order[i]
            if c != taken and (best < 0 or r.points(c, wild) > r.points(order[best], wild)):
                best = i
        if best < 0:
            best = 0 if order[0] != taken or len(order) < 2 else 1
        return "hand", best

    # ---- input -------------------------------------------------------

    def update(self, pressed, held):
        self.incremental = self.log_only = False  # a frame drawn in part is one frame
        if self.deal_due:  # "dealing..." was shown last frame: the deal now
            self.deal_due = False
            self.thinking = False
            self.act(r.NEXT)
        if self.table_due:  # "scoring" was shown last frame: the table now (its import
            self.table_due = False  # and drawing, ~40 ms on a Pico, a frame of its own)
            self.thinking = False
            self.app.dirty = True
        if self.sort_due:  # "sorting" was shown last frame: the search now
            self.sort_due = False
            self.thinking = False
            self.hand_order()
            if self.picker is not None:
                self.picker.reset()
            self.show_laid()  # after your draw in a last turn: "You drew 7H. North laid ..."
            self.app.dirty = True
        last = False
        if self.end_due >= 0:  # "scoring..." was shown last frame: the move (and the
            move = self.end_due  # round's scoring in the rules) now, its table next
            self.end_due = -1
            self.thinking = False
            self.play_now(move)
            last = r.over(self.s)
        gamescreen.GameScreen.update(self, pressed, held)
        if self.log.loop and self.pause < 0 and self.help is None and self.log.tick():
            if not self.app.dirty:  # a line too long for the panel runs as a marquee
                self.log_only = self.incremental = True
            self.app.dirty = True
        if last and not self.ending and not self.finished:
            self.ending = 6  # the match's last move: its end as after any (GameScreen)
            self.app.dirty = True

    def busy(self):
        due = self.sort_due or self.table_due or self.deal_due or self.end_due >= 0
        return due or gamescreen.GameScreen.busy(self)

    def bot_press(self):
        if self.sort_due or self.table_due or self.deal_due or self.end_due >= 0:
            return 0
        if self.s.phase == r.PH_BETWEEN:  # the deal, A (no picker between rounds)
            idle = self.finished or self.ending or self.pause >= 0
            return 0 if idle or not self.human_turn() else btn.A
        return gamescreen.GameScreen.bot_press(self)

    def handle(self, pressed, held):
        self.msg = ""
        if self.s.phase == r.PH_BETWEEN and pressed & (btn.UP | btn.DOWN):
            self.scroll(-1 if pressed & btn.UP else 1)
            return
        if self.s.phase == r.PH_BETWEEN:
            if pressed & btn.A and self.human_turn():
                self.deal_due = self.thinking = True  # the deal and the new round's
                self.incremental = True  # screen (~40 ms) on the next frame; now the
                self.app.dirty = True  # prompt alone
            elif pressed & btn.B:
                self.open_pause()
            return
        if self.picker is None:  # your move that ends the match was played this frame
            return  # (its end comes on the next): the press has nothing to act on
        gamescreen.GameScreen.handle(self, pressed, held)

    def over_update(self, pressed):
        if pressed & (btn.UP | btn.DOWN):
            self.scroll(-1 if pressed & btn.UP else 1)
            return
        gamescreen.GameScreen.over_update(self, pressed)

    def scroll(self, step):
        rounds = self.s.rounds
        table = self.score_table()
        top = self.table_top if self.table_top >= 0 else len(rounds)
        self.table_top = table.scroll(rounds, top, step)
        self.app.dirty = True

    def refused(self, touch):
        self.msg = "not now"

    def act(self, move):
        if r.ends_round(self.s, move):  # the round's scoring (~13 ms on a Pico) waits
            self.end_due = move  # a frame: the press shows "scoring..." at once
            self.thinking = True
            self.log.set(r.move_log(self.s, 0, move))
            self.app.dirty = True
            return
        self.play_now(move)

    def play_now(self, move):
        s = self.s
        text = r.move_log(s, 0, move)
        if move == r.STOCK:
            text = "You drew " + r.card_text(s.stock[s.nstock - 1])
        r.play(s, move)
        self.app.beep()
        self.log.set(text)
        self.remember(text)
        self.table_top = -1
        if move == r.NEXT:  # a new round: the score table and the scoring code go
            self.table = None
            if gamescreen._dropping():  # the device (firmware/gamescreen.py)
                gamescreen.drop_module("firmware.table")
                gamescreen.drop_module("shared_rules.rummy_score")
                gamescreen.drop_module("shared_rules.rummy_table")
                gamescreen.drop_module("shared_rules.rummy_ends")
        self.sort_due = True  # the move shows now; the hand's melds, OUT and the
        self.thinking = True  # cursor's moves (searches) on the next frame
        self.app.dirty = True
        self.round_ended()
        self.let_picker_go()
        self.take_picker()  # a deal that gives you the first turn
        if not r.over(s) and not self.human_turn():
            self.autosave()  # the person's turn is over: the computers play on

    def after_move(self, move, seat):
        self.table_top = -1
        if self.picker is not None:
            self.picker.reset()
        self.round_ended()

    def round_ended(self):
        """Between rounds (the device) the computer players and the scoring code leave
        the heap, which then holds the score table; the first computer move or hint of
        the next round loads the players again (rules.best_move, a thinking frame). The
        meld search stays: loaded again, its largest function would need 2 KB in one
        piece of a heap a long match has cut up."""
        if self.s.phase == r.PH_BETWEEN:
            self.table_due = self.thinking = True  # the move shows now, the table next
            self.release_players()
            if gamescreen._dropping():
                gamescreen.drop_module("shared_rules.rummy_score")
                gamescreen.drop_module("shared_rules.rummy_table")
                gamescreen.drop_module("shared_rules.rummy_ends")
        elif r.over(self.s):  # in the last move's thinking frame, so the ending's first
            self.prepare_over()  # frame finds it done (its imports have their frames)

    # ---- drawing -----------------------------------------------------

    def show_log(self, text):
        """A computer's line. Its "thinking" sign changes nothing else on the panel, so
        that frame redraws the log line alone (the whole panel took up to 29 ms on a Pico,
        in the frame before the search)."""
        if self.seats.thinking:
            if not self.app.dirty:
                self.log_only = self.incremental = True
        else:
            self.remember(text)
        gamescreen.GameScreen.show_log(self, text)

    def remember(self, text):
        """A line of play kept for the Log (the last HISTORY of them)."""
        history = self.history
        if len(history) >= HISTORY:
            history.pop(0)
        history.append(text)

    def meta_line(self):
        """The Log's lines, kept in a save beside the state (a resumed match shows them)."""
        return "|".join(self.history)

    def adopt(self, fields):
        """The Log's lines a save kept (none in a save from before they were kept): split
        in opened(), once the save's code has left and the heap is tidied, not here in
        its holes."""
        self.history = fields.get("meta", "")

    def restore_log(self):
        """The lines adopt() kept, as the Log's, the last one on the log line again."""
        kept = self.history
        if type(kept) is not str:  # a new game, or a resume's lines already split
            return
        self.history = []
        for text in kept.split("|")[-HISTORY:]:
            if text:
                self.remember(text if len(text) <= 32 else text[:32])  # (move_log's most)
        if self.history:
            self.log.set(self.history[-1])

    def open_log(self):
        """The pause menu's Log: the last lines of play over the game (firmware/play/
        rummy_log.py, loaded while it is open; in the help's place, so its presses are
        replayed as the help's are)."""
        from firmware.play.rummy_log import LogView

        self.help = LogView(self)
        self.app.dirty = True

    def prepare_over(self):
        """The match is over (its last move's frame, and again the ending's first): on
        the device the meld search and the scoring code leave the heap (nothing searches
        once the match is over: about 14 KB installed as files, room for the end's
        code), then the table's screen part loads."""
        if gamescreen._dropping():
            for name in OVER_DROPS:
                gamescreen.drop_module(name)
        self.score_table()

    def draw_game(self, fb):
        s = self.s
        if self.finished:  # draw_over paints the whole panel
            return
        if self.log_only and self.incremental:
            self.log.draw(fb)
            return
        if self.deal_due:
            self.draw_prompt(fb, "dealing...")
            return
        if self.end_due >= 0:  # as the round's end draws it until its table comes
            out = s.out if s.out >= 0 or self.end_due < r.OUT else 0
            gfx.center(fb, "R%d: %s" % (s.round + 1, self.out_text(out)), 0)
            gfx.center(fb, "scoring...", 28)
            return
        if s.phase == r.PH_BETWEEN:
            out = s.rounds[-1][0]
            gfx.center(fb, "R%d: %s" % (s.round + 1, self.out_text(out)), 0)
            if self.table_due:
                gfx.center(fb, "scoring...", 28)
                return
            self.draw_table(fb, 8, TABLE_ROWS)
            self.draw_prompt(fb, "A:deal round %d" % (s.round + 2))
            return
        self.log.dirty = True
        self.draw_status(fb)
        self.draw_rivals(fb)
        self.draw_draw_row(fb)
        self.log.draw(fb)
        self.draw_hand(fb)
        self.draw_info(fb)
        self.draw_prompt(fb, self.prompt())

    def draw_over(self, fb):
        """The match's end: who won over the round-by-round table."""
        fb.fill(0)
        s = self.s
        w = r.winner(s)
        won = "Tie" if w < 0 else ("You win!" if w == 0 else r.SEAT_NAMES[w] + " wins")
        gfx.center(fb, won, 0)
        self.draw_table(fb, 8, TABLE_ROWS)
        self.draw_prompt(fb, "A:new B:menu")

    def out_text(self, seat):
        if seat < 0:
            return "no one out"
        return r.SEAT_NAMES[seat] + " out"

    def score_table(self, rows=TABLE_ROWS):
        table = self.table
        if table is None or table.rows != rows:
            names = [n[0] for n in r.SEAT_NAMES[: self.s.n]]
            names[0] = "Y"
            from firmware.table import RoundTable  # between rounds only (heap)

            table = self.table = RoundTable(names, rows, 2 if len(names) == 4 else 3)
        return table

    def draw_table(self, fb, y, rows):
        rounds = self.s.rounds  # each: out, grabs, then a score per seat
        table = self.score_table(rows)
        top = self.table_top if self.table_top >= 0 else len(rounds)
        table.draw(fb, rounds, table.scroll(rounds, top, 0), y, 2)

    def draw_prompt(self, fb, text):
        fb.fill_rect(0, PROMPT_Y, gfx.W, 8, 1)
        fb.text(text[: gfx.CHARS], 0, PROMPT_Y, 0)

    def draw_status(self, fb):
        s = self.s
        fb.text("R%d wild %s" % (s.round + 1, cardgfx.RANK_CHARS[r.wild_of(s) - 1]), 0, STATUS_Y, 1)
        total = "%d" % s.totals[0]
        fb.text(total, gfx.W - 8 * len(total), STATUS_Y, 1)

    def draw_rivals(self, fb):
        """Each rival: its initial, the cards it holds (small digits) and its total; the
        one to act inverted."""
        s = self.s
        n = s.n - 1
        w = gfx.W // n
        act = r.to_act(s)
        for seat in range(1, s.n):
            x = w * (seat - 1)
            c = 1
            if seat == act:
                fb.fill_rect(x, RIVALS_Y, w - 1, 8, 1)
                c = 0
            fb.text(r.SEAT_NAMES[seat][0], x + 1, RIVALS_Y, c)
            total = "%d" % s.totals[seat]
            tx = x + w - 1 - 8 * len(total)
            if tx >= x + 17:  # a pixel between the count and the total (four seats: 3
                held = len(s.hands[seat])  # characters; a fourth hides the count)
                if held >= 10:
                    gfx.glyph(fb, small(held // 10), x + 9, RIVALS_Y, c)
                gfx.glyph(fb, small(held % 10), x + 13, RIVALS_Y, c)
            fb.text(total, tx, RIVALS_Y, c)

    def draw_draw_row(self, fb):
        s = self.s
        p = self.picker
        on = p is not None and p.zone == "draw" and self.human_turn() and not self.sort_due
        sel = on and p.index == 0
        if sel:
            fb.fill_rect(0, DRAW_Y, PILE_X - 4, 8, 1)
        fb.text("Stock%2d" % s.nstock, 1, DRAW_Y, 0 if sel else 1)
        sel = on and p.index == 1
        if sel:
            fb.fill_rect(PILE_X, DRAW_Y, gfx.W - PILE_X, 8, 1)
        c = 0 if sel else 1
        fb.text("Pile", PILE_X + 1, DRAW_Y, c)
        top = r.top(s)
        if top < 0:
            fb.text("--", PILE_X + 34, DRAW_Y, c)
        else:
            card(fb, top, PILE_X + 34, DRAW_Y, c)
            if r.is_wild(top, r.wild_of(s)):
                fb.text("*", PILE_X + 51, DRAW_Y, c)

    def draw_hand(self, fb):
        order = self.hand_order()
        p = self.picker
        mine = p is not None and p.zone == "hand" and self.human_turn() and not self.sort_due
        cursor = p.index if mine else -1
        starts = self.starts
        melded = self.melded
        for i in range(len(order)):
            x = HAND_X + STEP * (i % ROW_CARDS)
            y = HAND_Y + 8 * (i // ROW_CARDS)
            c = 1
            if i == cursor:
                fb.fill_rect(x, y, STEP, 8, 1)
                c = 0
            card(fb, order[i], x + 1, y, c)
            if i < melded:  # a line under the meld's cards, broken between melds
                end = i + 1 < melded and not (starts >> (i + 1)) & 1
                end = end and (i + 1) % ROW_CARDS
                fb.hline(x + 1, y + 7, STEP if end else STEP - 2, c)

    def draw_info(self, fb):
        s = self.s
        if self.sort_due:
            fb.text("sorting...", 0, INFO_Y, 1)
            return
        fb.text((self.msg or "dead %d" % self.dead)[:11], 0, INFO_Y, 1)
        p = self.picker
        if s.out >= 0 and s.phase != r.PH_BETWEEN:  # someone went out: the last turns
            fb.fill_rect(OUT_X - 1, INFO_Y, gfx.W - OUT_X + 1, 8, 1)
            fb.text("LAST", OUT_X, INFO_Y, 0)
        elif r.out_cards(s) and p is not None and self.human_turn():
            sel = p.zone == "out" or (p.path and p.path[0][0] == "out")
            if sel:
                fb.fill_rect(OUT_X - 1, INFO_Y, gfx.W - OUT_X + 1, 8, 1)
            fb.text("OUT", OUT_X + 4, INFO_Y, 0 if sel else 1)

    def prompt(self):
        s = self.s
        if r.over(s):
            return ""
        if not self.human_turn():
            return r.SEAT_NAMES[r.to_act(s)] + "'s turn"
        if self.sort_due:
            return ""
        ph = s.phase
        p = self.picker
        if ph == r.PH_CLAIM:
            return "A:grab B:let go"
        if ph == r.PH_DRAW:
            if not s.nstock:  # a last turn with the stock gone (D14): the pile only
                return "A:take the pile"
            return "A:draw <>:pile" if p.index == 0 else "A:take <>:stock"
        if p.path:
            return "out: throw card"
        if p.zone == "out":
            return "A:go out v:hand"
        if r.out_cards(s):
            return "A:throw v:OUT"
        return "A:throw B:menu"


RummyScreen.RULES = r


def card(fb, c, x, y, ink):
    """A card's rank and suit (16x8), the joker as JK."""
    if c == r.JOKER:
        fb.text("JK", x, y, ink)
    else:
        cardgfx.card_label(fb, c, x, y, ink)


SCREEN = RummyScreen
