"""What every game screen shares: input recording, saves, resume, the computer seats,
the pause menu, the result. Reading saves and replays back is firmware/reading.py
(imported to resume, then dropped: a game in play does not hold that code).

A game in progress is saved as ID.sav (temp file, then rename): a short header
(game, seed, options, profile, the games counted when it started, the inputs
recorded so far) then "--" and the rules module's dump(). Its size is bounded by
the game's state, not by how long someone played. The inputs themselves go to the
replay journal ID.in, appended at each save (the header of a replay, then "in"
lines); a finished game's journal becomes ID.last.rep. If a save is resumed, the
journal gets a "resume N" line: inputs after the N-th were made after the last
save, and a replay drops them, as the resumed game did.
"""

import json
import sys

from firmware import buttons as btn
from firmware import declared, drop_module
from firmware.app import heap_low, tidy
from firmware.screens import Screen

REPLAY_HEAD = "pocket-table replay 1"
SAVE_HEAD = "pocket-table save 2"
PAUSE_ITEMS = ("Resume", "Hint", "Help", "Save & exit", "New game")
JOURNAL_MAX = 16000  # inputs a replay journal takes (about 100 KB); later ones are not kept
JOURNAL_PIECE = 64  # inputs appended a frame as a game ends (about 15 ms on a Pico)


TOKENS_PER_LINE = 16
LINES_PER_WRITE = 2  # a write of at most about 200 bytes: one string made in one piece
_TOKENS_KEPT = 32  # distinct input tokens made once a journal write
OVER_GRACE = 20  # frames (0.5 s) a real-time game's result shows before a press leaves it
CHUNK = 96  # events per chunk of the input log (3 bytes each)


def input_token(delta, pressed, held):
    """One recorded frame: '<frames since last>:<pressed>[/<held>]'; 'R' = resumed here."""
    if delta == 0:
        return "R"
    tok = "%d:%s" % (delta, btn.mask_text(pressed))
    if held != pressed:
        tok += "/" + btn.mask_text(held)
    return tok


class InputLog:
    """Recorded inputs, 3 bytes an event in fixed chunks (no big reallocations).

    An event is (frames since the previous event 1..255, pressed, held);
    delta 0 marks the place where the game was resumed from its save.
    """

    def __init__(self):
        self.chunks = []
        self.n = 0

    def __len__(self):
        return self.n

    def add(self, delta, pressed, held):
        while delta > 255:  # a long pause: a no-change event every 255 frames
            self._put(255, 0, held)
            delta -= 255
        self._put(delta, pressed, held)

    def add_resume(self):
        self._put(0, 0, 0)

    def truncate(self, n):
        """Keep the first n events (a save resumed: later inputs never happened)."""
        if n < self.n:
            self.n = n
            del self.chunks[(n + CHUNK - 1) // CHUNK :]

    def clear(self):
        """Empty; the first chunk is kept for the inputs to come (one long-lived block,
        not a new one after every save among the heap's short-lived ones)."""
        del self.chunks[1:]
        self.n = 0

    def _put(self, delta, pressed, held):
        i = self.n % CHUNK
        k = self.n // CHUNK
        if k == len(self.chunks):
            self.chunks.append(bytearray(3 * CHUNK))
        chunk = self.chunks[k]
        chunk[3 * i] = delta
        chunk[3 * i + 1] = pressed
        chunk[3 * i + 2] = held
        self.n += 1

    def write(self, f, lo=0, hi=-1):
        """Events lo..hi (all by default) as 'in' lines of TOKENS_PER_LINE tokens,
        LINES_PER_WRITE lines a write (a write into the filesystem costs far more than
        joining text; more lines a write would need a bigger free block, which a heap
        fragmented by a long game may not have). A turn repeats a few tokens: each is
        made once a write (a new string is the costly part)."""
        lines = []
        line = ["in"]
        chunks = self.chunks
        made = {}
        for k in range(lo, self.n if hi < 0 else hi):
            chunk = chunks[k // CHUNK]
            i = 3 * (k % CHUNK)
            key = chunk[i] << 16 | chunk[i + 1] << 8 | chunk[i + 2]
            token = made.get(key)
            if token is None:
                token = input_token(chunk[i], chunk[i + 1], chunk[i + 2])
                if len(made) < _TOKENS_KEPT:
                    made[key] = token
            line.append(token)
            if len(line) > TOKENS_PER_LINE:
                lines.append(" ".join(line))
                line = ["in"]
                if len(lines) == LINES_PER_WRITE:
                    lines.append("")  # the last newline: one string, not a copy of it
                    f.write("\n".join(lines))
                    lines = []
        if len(line) > 1:
            lines.append(" ".join(line))
        if lines:
            lines.append("")
            f.write("\n".join(lines))


def header_text(head, game, seed, options, profile=None):
    text = "%s\ngame %s\nseed %d\noptions %s\n" % (head, game, seed, json.dumps(options or {}))
    if profile is not None:
        text += "profile %s\n" % json.dumps(profile)
    return text


def write_header(f, head, game, seed, options, profile=None):
    f.write(header_text(head, game, seed, options, profile))


def _nothing(*args):
    """A hook's default (GameScreen): nothing to do."""


class GameScreen(Screen):
    """A game in play. A game's screen module subclasses it as SCREEN and implements
    draw_game(fb), act(move) and hint(); a screen with a move picker (self.picker) gets
    the person's presses and the computer's presses (bot_press: demo and tests) from
    here, a screen without one (real time) implements handle() and bot_press() itself.
    """

    PAUSE = PAUSE_ITEMS
    PLAYERS = None  # the module of the game's computer players, if it has one
    RESTING = ()  # rules modules that leave the heap after each move (rest())
    PLAYERS_EACH_MOVE = False  # True: the players leave the heap after each choice
    SAVE_AT_START = False  # real-time games save at once, so Continue is there from the start

    # Hooks a screen may override; by default they do nothing, all one function (on
    # the device each function is about 50 bytes of heap in every game):
    # get_ready()            a calm frame's own work once the cursor is settled
    #                        (calm_work said so)
    # handed_over()          a computer's move handed the turn to the person (its
    #                        thinking frame)
    # adopt(fields)          take what a save kept beside the state (its "meta" line)
    # meta_line()            the text a save keeps beside the state (a "meta" line: one
    #                        line, no newline), or None
    # opened()               the opening is over (a new game, or a save resumed and its
    #                        reading code gone, the players prepared): work the screen
    #                        holds off until then (Three-Thirteen's picker and its search)
    # prepare_over()         the ending's first frame, the players gone: a screen whose
    #                        end draws with a part of its own (an import) loads it here,
    #                        and may let go of code nothing needs once the game is over
    # refused(touch)         A on a cell no legal move touches: a screen may say why
    # focus()                (zone, index) for the cursor at a new step, or None (the
    #                        first legal cell)
    # placed(zone, index)    the cursor was placed (a screen may scroll to it)
    # after_move(move, seat) after a computer seat's move (a screen may move its cursor)
    get_ready = handed_over = adopt = meta_line = opened = prepare_over = _nothing
    refused = focus = placed = after_move = _nothing

    def __init__(self, app, gid, rules, state, seed, options, profile=None, counted_at=0):
        Screen.__init__(self, app)
        self.gid = gid
        self.rules = rules
        self.s = state
        self.seed = seed
        self.options = options or {}
        self.profile = profile
        self.save_head = None  # a save's first lines (made at the first save, then kept)
        self.save_dump = None  # the rules' dump_to, or False (looked up once a game)
        self.counted_at = counted_at  # games in the stats when this game started
        self.inputs = InputLog()  # the inputs since the last save (then journaled)
        self.journaled = 0  # inputs in the journal (ID.in)
        self.journal_at = -1  # a game over: the inputs up to here are in the journal
        self.files_due = False  # a game over: its files not yet written
        self.save_due = False  # the journal is written: the save at the next frame's start
        self.since = 0  # frames since the last recorded input
        self.last_held = 0
        self.pause = -1  # pause menu cursor, -1 when closed
        self.help = None  # the help pages over the game (opened from the pause menu)
        self.finished = False
        self.ending = 0  # 6 .. 1: the last move is on the panel, the frames before finish
        self.box_only = False  # the board as the last move left it: draw the result box
        self.result = None  # (stats, new_best) once the game is over
        self.over_at = 0  # the frame the game ended in
        self.seats = None
        self.thinking = False  # "thinking" is on the panel: this frame searches
        self.hint_due = False  # a hint asked for: searched on the next frame
        self.worked = False  # this frame settled the cursor or imported (no collection)
        self.bot_at = -1  # the position (move count) bot_move was searched for
        self.bot_move = -1
        if rules.KIND != "realtime" and len(rules.humans(state)) < rules.seats(state):
            from firmware.seats import Seats

            self.seats = Seats(self)

    # ---- opening -------------------------------------------------------

    @classmethod
    def start(cls, app, gid, seed, options=None, profile=None):
        """A new game: its journal started, any old save removed (firmware/ui/opening.py)."""
        return _opening().start(cls, app, gid, seed, options, profile)

    @classmethod
    def resume(cls, app, gid, got=None):
        """The saved game's screen, or None (no save, or a damaged one set aside with a
        notice: an option or a field out of range counts as damage). got: the save's
        fields and state, read before this module was imported (read_save)."""
        return _opening().resume(cls, app, gid, got)

    @classmethod
    def prepare(cls, options):
        """Load what the game will need with these options (the computer players,
        PLAYERS) now, while the heap is in one piece, not at the first move or hint. A
        game whose players leave after each choice (PLAYERS_EACH_MOVE) has them and its
        RESTING modules imported and dropped at once: MicroPython keeps a name for good,
        so theirs are made now (a heap too small for them fails here, as the game
        opens, not in the middle of a match)."""
        if _dropping():  # the records' calls may have loaded one: the players' room
            cls.rest_modules()
        if cls.PLAYERS:
            __import__(cls.PLAYERS)
        if cls.PLAYERS_EACH_MOVE and _dropping():
            for name in (cls.PLAYERS,) + cls.RESTING:
                __import__(name)
                drop_module(name)
                tidy()  # its room back before the next one loads

    def players_room(self):
        """Before a search whose players load for it (PLAYERS_EACH_MOVE, on the device):
        the picker's candidates dropped and the heap collected, so the players' import
        finds its pieces (a file opened on the Pico's flash is one block of 1,148 bytes)."""
        if self.PLAYERS_EACH_MOVE and _dropping():
            picker = getattr(self, "picker", None)
            if picker is not None:
                picker.drop()  # the person's candidates: worked out again after
            self.rest_modules()  # a module a screen loads ahead (Disc's) too
            tidy()

    def release_players(self):
        """On the device the computer players leave the heap: at the game's end (the
        stats and the result need the room; a new game loads them again, prepare), after
        each choice with PLAYERS_EACH_MOVE (the next choice imports them again)."""
        if not self.PLAYERS or not _dropping():
            return
        release = declared(self.rules, "release_players")
        if release is not None:
            release()
        drop_module(self.PLAYERS)
        for name in getattr(self, "PLAYERS_TOO", ()):  # a level's own modules (Disc's)
            drop_module(name)

    def calm_work(self, picker, computer):
        """A calm frame has work (the picker's cursor to settle) and room for it: only
        then is the heap asked (gc.mem_free() walks the whole heap, about 9 ms on a
        Pico). A screen may add work of its own (Disc Battle: get_ready)."""
        return picker.due and not heap_low()

    def rest(self):
        """A move is played: the modules named in RESTING (a game's resolution) leave
        the heap on the device, so the picker's moves and the computer players' search
        have their room; the rules import them again for the next move (or a screen's
        get_ready, once the person's candidates are worked out)."""
        if _dropping():
            self.rest_modules()

    @classmethod
    def rest_modules(cls):
        for name in cls.RESTING:
            drop_module(name)

    # ---- input ---------------------------------------------------------

    def update(self, pressed, held):
        if self.save_due:  # a turn's save, second piece: before anything can move
            self.write_state()
        self.worked = False
        self.since += 1
        if pressed or held != self.last_held:
            self.inputs.add(self.since, pressed, held)
            self.since = 0
            self.last_held = held
        if self.help is not None:  # inside the game screen, so its presses are replayed too
            if pressed:
                self.help.update(pressed, held)
            return
        computer = self.seats is not None and not self.finished and not self.ending
        computer = computer and self.seats.active()
        if self.hint_due:  # "thinking" was shown last frame: the search now
            self.hint_due = False
            self.thinking = False
            if not self.ending and self.human_turn():  # none for an ended game, nor on
                self.hint()  # a computer's turn; then this frame's press, as usual
                tidy()
        if self.ending:  # the frames after the last move: the players leave the heap,
            self.ending -= 1  # then the stats code, the result's and the end's steps load,
            if self.ending == 5:  # each import (~20 ms on a Pico) alone in its frame; then
                self.release_players()  # the count, then the result box. No collection:
                self.prepare_over()
            elif self.ending == 4:  # after one, each multi-block allocation of an import
                _records()  # scans the heap from its start
            elif self.ending == 3:
                _result()
            elif self.ending == 2:
                _ending()
            elif self.ending == 1:
                _ending().count(self)  # the stats read and counted (10 ms on a Pico)
            else:
                self.finish()
            return
        picker = getattr(self, "picker", None)
        if picker is not None and not pressed and self.calm_work(picker, computer):
            self.worked = True  # the frame's work: no collection after it (busy)
            if picker.settle(True):
                self.app.dirty = True  # the cursor of a new step: its moves worked out
                # on the frame after its move, the cursor placed and drawn on the next;
                # a heap running low is collected on a calm frame first (the next press
                # places the cursor if no calm frame came between)
            elif not picker.due:
                self.get_ready()
        if not pressed and not computer and not self.wants_idle_frames():
            return
        if self.pause >= 0:
            self.pause_update(pressed)
            return
        if self.finished:
            self.over_update(pressed)
            return
        if computer:
            if pressed & btn.B:  # the pause menu while the computers play, too
                self.open_pause()
                return
            self.seats.update()
        else:
            self.handle(pressed, held)
        if picker is not None:
            picker.forget()
        if not self.finished and self.game_over():
            self.ending = 6  # the last move shows at once; the end's work in the frames after
            self.app.dirty = True

    def game_over(self):
        return self.rules.over(self.s)

    def handle(self, pressed, held):
        """A person's press, through the screen's move picker (firmware/ui/picker.py,
        imported by the screens that have one: a real-time game's heap does not hold it)."""
        from firmware.ui.picker import HINT, PAUSE, REFUSED

        self.app.dirty = True
        m = self.picker.press(pressed)
        if m >= 0:
            self.picker.drop()  # stale once the move is played: the resolution's room
            self.act(m)
        elif m == HINT:
            self.ask_hint()
        elif m == PAUSE:
            self.open_pause()
        elif m == REFUSED:
            self.refused(self.picker.refused)

    def human_turn(self):
        """True when a person on the device is to act."""
        return self.rules.to_act(self.s) in self.rules.humans(self.s)

    def ask_hint(self):
        """Show that the computer thinks, this frame; the search runs on the next, so
        a press never waits on a blank screen."""
        self.hint_due = True
        self.thinking = True
        self.say("Thinking...")

    def say(self, text):
        """A one-line message on the game's screen (a screen with a log line shows it
        there)."""
        log = getattr(self, "log", None)
        if log is not None:
            log.set(text)
        else:
            self.msg = text
        self.app.dirty = True

    def hint(self):
        """The strong player's move for the person: the cursor on its first touch, its
        text on the log line (a screen with its own wording overrides this)."""
        self.players_room()
        m = self.rules.best_move(self.s)
        if self.PLAYERS_EACH_MOVE:  # they leave as after a computer's choice (a
            self.release_players()  # screen whose picker left for them makes it again)
        if self.picker is not None:
            self.picker.point(m)
        self.say("Hint: " + self.rules.move_text(self.s, m))

    def show_log(self, text):
        """A computer seat's line: what it does (firmware/seats.py)."""
        self.say(text)

    def bot_press(self):
        """The press that carries out the computer's move for the person (demo, tests)."""
        s = self.s
        if self.finished or self.ending or self.pause >= 0 or not self.human_turn():
            return 0
        searched = self.bot_at != s.nmoves
        if searched:  # one search per position
            self.bot_at = s.nmoves
            self.players_room()
            self.bot_move = self.rules.best_move(s)
            if self.PLAYERS_EACH_MOVE:  # as after a computer's choice: the players
                self.release_players()  # leave before the person's candidates come
            if heap_low():  # its search's garbage, as a calm frame before a person's
                tidy()  # press would collect it (a person's finger makes none)
        mask = self.picker.press_toward(self.bot_move)
        if searched and mask and self.PLAYERS_EACH_MOVE and _dropping():
            self.picker.candidates()  # the ones the search's room dropped, worked out
            # again here, so the press's frame does what a person's press does
        return mask

    # ---- the picker's questions to a screen (firmware/ui/picker.py): the defaults --

    def walk_all(self, zone, level):
        """True: the cursor walks every cell of the zone, not only where moves start."""
        return False

    def busy(self):
        """Frames to come have work: a real-time game's ticks, a computer seat's turn, a
        hint due (the app collects garbage only on frames without)."""
        if self.finished or self.pause >= 0 or self.help is not None:
            return False
        if self.hint_due or self.ending or self.worked or self.wants_idle_frames():
            return True
        return self.seats is not None and self.seats.active()

    def wants_idle_frames(self):
        """Real-time games return True to get update() on frames with no press."""
        return False

    def pause_update(self, pressed):
        _pause().update(self, pressed)

    def leave(self):
        self.files_now()

    def files_pending(self):
        """A finished game's files (stats, journal, replay) are still being written."""
        return self.files_due or self.journal_at >= 0

    def files_now(self):
        """The files still due after a game's end, written now and whole (the screen
        is being left: the next game must find them done)."""
        if not self.finished or not self.files_pending():
            return
        self.app.after_show = None
        if self.files_due:
            self.finish_files(True)
        else:
            self.finish_journal(True)

    def shared(self):
        """More than one person plays this game on the device (pass-and-play)."""
        return len(self.rules.humans(self.s)) > 1

    def over_update(self, pressed):
        if self.rules.KIND == "realtime" and self.app.frame_no - self.over_at < OVER_GRACE:
            return  # a steering press meant for the last moment does not skip the result
        if pressed & btn.A:  # the files still due first: the new game starts its journal
            self.files_now()  # where this game's last pieces would go
            self.app.start_game(self.gid, options=self.options, resume=False)
        elif pressed & btn.B:
            self.app.leave_game()

    def open_pause(self):
        _pause()  # its code in the heap (the press's frame)
        self.pause = 0
        self.app.dirty = True
        self.repaint = True

    def on_chord(self):
        """Hold A+B: save the game and go back to the launcher.

        The app calls this before this frame's update(), and the hold itself
        changes no input, so the frames held so far are logged here: a replay
        then holds A+B exactly as long and leaves at the same frame.
        """
        self.inputs.add(self.since + 1, 0, self.last_held)
        self.since = 0
        self.save_and_exit()

    def save_and_exit(self):
        self.save_now()
        self.app.leave_game()

    # ---- saving ------------------------------------------------------

    def write_journal_head(self, f):
        write_header(f, REPLAY_HEAD, self.gid, self.seed, self.options, self.profile)

    def flush_inputs(self):
        """Append the inputs since the last save to the journal."""
        log = self.inputs
        if not log.n:
            return
        room = JOURNAL_MAX - self.journaled
        if room > 0:
            if log.n > room:
                log.truncate(room)
            self.app.store.append(self.gid + ".in", log.write)
        self.journaled += log.n
        log.clear()

    def write_save(self, f):
        head = self.save_head
        if head is None:  # the game, seed, options and profile stay for the whole game
            head = self.save_head = header_text(
                SAVE_HEAD, self.gid, self.seed, self.options, self.profile
            )
        meta = self.meta_line()
        head += "stats %d\ninputs %d\n%s--\n" % (
            self.counted_at,
            self.journaled,
            "meta %s\n" % meta if meta else "",
        )
        dump_to = self.save_dump
        if dump_to is None:
            dump_to = self.save_dump = declared(self.rules, "dump_to") or False
        if dump_to:
            f.write(head)
            dump_to(self.s, f)  # big states are written piece by piece
        else:  # two writes (each costs a file call), not one more copy of the whole text
            f.write(head)
            f.write(self.rules.dump(self.s))

    def autosave(self, in_pieces=True):
        """Save the game in progress at a turn boundary (never per frame), once this
        frame is on the panel (the press shows first). in_pieces: in two, each short:
        the inputs go to the journal now; the save, which counts them, at the start of
        the next frame, before its press or tick can move anything. Whole: a computer's
        move hands over to a person, who may press on the very next frame."""
        self.app.after_show = self.save_journal if in_pieces else self.save_now

    def save_journal(self):
        if self.ending or self.finished:
            self.save_now()
            return
        self.flush_inputs()
        self.save_due = True

    def save_now(self):
        """The inputs go to the journal first, then the save, which counts them."""
        if self.ending:  # the game is over, not in progress: it ends now (its files
            self.ending = 0  # after this frame's show), no save of a finished game
            self.finish()
        if self.finished:  # leaving: the files still due are written now, whole
            self.save_due = False
            self.files_now()
            return
        self.flush_inputs()
        self.write_state()

    def write_state(self):
        self.save_due = False
        self.app.store.write(self.gid + ".sav", self.write_save)
        release_save_code(self.rules)

    def finish(self):
        """Game over: stats counted (once), save removed, the journal kept as the replay
        (firmware/ending.py)."""
        _ending().finish(self)

    def finish_files(self, whole=False):
        _ending().finish_files(self, whole)

    def finish_journal(self, whole=False):
        _ending().finish_journal(self, whole)

    # ---- drawing -----------------------------------------------------

    def points(self):
        return self.rules.score(self.s)

    def draw(self, fb):
        if self.help is not None:
            fb.fill(0)
            self.help.draw(fb)
            return
        if self.box_only:  # the game just ended: the box over the board the frame holds
            self.box_only = False
            if not self.repaint and self.app.toast is None:
                self.draw_over(fb)
                return
        self.draw_game(fb)
        if self.finished:
            self.draw_over(fb)
        if self.pause >= 0:
            _pause().draw(self, fb)

    def draw_over(self, fb):
        _result().draw_over(self, fb)

    def over_detail(self):
        return ""


def _records():
    """firmware/records.py (stats and profiles): needed as a game starts and ends, not
    while it is played; on the device it is out of the heap meanwhile (drop_records)."""
    from firmware import records

    return records


def _dropping():
    """Modules leave the heap during play: the launcher is out (the device). The host
    keeps the launcher, which holds menus and records, and its tests hold the rest."""
    return "firmware.launcher" not in sys.modules


def drop_records():
    """records out of the heap (the device; see _dropping)."""
    if _dropping():
        drop_module("firmware.records")


def read_save(rules, app, gid):
    """The save's fields and state read with the rules module alone (firmware/ui/opening.py,
    read), or None: no save, or a damaged one set aside."""
    return _opening().read(rules, app, gid)


def release_save_code(rules):
    """A rules module may keep its save format in NAME_save (docs/contract.md): it is
    needed to save and to resume, not in play, so it goes (and its heap with it), and
    the readers every NAME_save imports with it (shared_rules/save_cards.py and
    save_text.py: nothing else uses them; a resumed match held them to its end)."""
    drop_module(rules.__name__ + "_save")
    drop_module("shared_rules.save_cards")
    drop_module("shared_rules.save_text")


def _opening():
    """firmware/ui/opening.py, for the call that opens a game; on the device it leaves
    the heap again at once."""
    from firmware.ui import opening

    if _dropping():
        drop_module("firmware.ui.opening")
    return opening


def _pause():
    """firmware/ui/pause.py while the pause menu is open (its close drops it)."""
    from firmware.ui import pause

    return pause


def _result():
    """firmware/result.py: the finished game counted and its result box; imported in a
    frame of its own before the end's steps (firmware/ending.py imports it)."""
    from firmware import result

    return result


def _ending():
    """firmware/ending.py: loaded in the frames after a game's last move (see update),
    kept until the result is left (home drops it with the screen parts). It sits in
    firmware/, not firmware/ui/: on the Pico's filesystem every directory of a module's
    path costs each of an import's four lookups about 2 ms."""
    from firmware import ending

    return ending
