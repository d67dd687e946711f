"""A game's end (firmware/gamescreen.py): the result counted and shown
(firmware/result.py), the stats and profile written, the save removed, the journal
kept as the replay. Loaded in the frames after the last move, when the computer
players have left the heap, each of the end's modules in a frame of its own
(firmware/records.py, result.py, then this); a game in play holds none of them.
"""

from firmware.gamescreen import JOURNAL_MAX, JOURNAL_PIECE, release_save_code
from firmware.result import record_result, save_stats


def finish(scr):
    """Game over: stats counted (once), save removed, the journal kept as the replay."""
    scr.finished = True
    if scr.since:  # a real-time game can end on frames with no new input
        scr.inputs.add(scr.since, 0, scr.last_held)
        scr.since = 0
    app = scr.app
    scr.over_at = app.frame_no
    scr.release_players()  # room for the stats code and the result
    if scr.result is None:  # not counted on the frame before (a game left at its end)
        count(scr)
    app.dirty = True  # the result box is drawn over the board as it stands
    scr.box_only = scr.incremental  # the frame still holds that board
    scr.files_due = True
    app.after_show = scr.finish_files  # the result on the panel first


def count(scr):
    """The finished game counted (its stats read, not written yet), on the frame before
    its result is drawn: each is about half a frame on a Pico."""
    if scr.shared():  # people taking turns on one device: not the owner's stats
        scr.result = (None, False)
    else:
        scr.result = record_result(scr.app.store, scr.gid, scr.rules, scr.s, scr.counted_at, False)


def finish_files(scr, whole):
    """The stats (a game counted once: counted_at), the profile, the save removed,
    then, on the frames after, the journal kept as the replay; in this order, so a
    power cut between any two steps loses nothing and counts nothing twice."""
    scr.files_due = False
    store = scr.app.store
    gid = scr.gid
    if scr.result[0] is not None:
        save_stats(store, gid, scr.result[0])
    scr.profile = settle_profile(store, gid, scr.rules, scr.profile, scr.s)
    scr.save_head = None  # its profile line changed
    store.remove(gid + ".sav")
    release_save_code(scr.rules)  # the profile may have loaded it
    log = scr.inputs
    room = max(0, JOURNAL_MAX - scr.journaled)
    if log.n > room:
        log.truncate(room)
    scr.journal_at = 0
    if whole:
        finish_journal(scr, True)
    else:  # the journal from the next frame on, JOURNAL_PIECE a frame: the stats, the
        scr.app.after_show = scr.finish_journal  # profile and the journal in one frame
        # took a Disc Battle match's last frame 49 ms on the emulated Pico


def finish_journal(scr, whole):
    """The inputs since the last save go to the journal, JOURNAL_PIECE a frame
    (each after that frame's show, so no frame spends long on files), then the
    journal becomes the game's replay. whole: all that is left, now (leaving)."""
    lo = scr.journal_at
    if lo < 0:
        return
    log = scr.inputs
    store = scr.app.store
    name = scr.gid + ".in"
    hi = log.n if whole else min(log.n, lo + JOURNAL_PIECE)
    if hi > lo:
        store.append(name, lambda f: log.write(f, lo, hi))
    scr.journal_at = hi
    if hi < log.n:
        scr.app.after_show = scr.finish_journal
        return
    scr.journal_at = -1
    scr.journaled += log.n
    log.clear()
    store.rename(name, scr.gid + ".last.rep")


def settle_profile(store, gid, rules, profile, state):
    """After a finished match: the settled profile, saved."""
    if rules.PROFILE is None:
        return None
    new = rules.settle(profile, state)
    store.save_json(gid + ".profile.json", new)
    return new
