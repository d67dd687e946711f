"""A game's end (firmware/gamescreen.py): the result counted (its stats and profile
written; firmware/records.py reads them), the save removed, the journal kept as the
replay, the result box. Loaded in the frames after the last move, when the computer
players have left the heap; a game in play does not hold this code. Counting is here,
not in a module of its own: an import on a Pico's littlefs costs about 14 ms of file
lookups before any code loads, the counting's own code about 1.5 ms.
"""

from firmware import gfx
from firmware.gamescreen import JOURNAL_MAX, JOURNAL_PIECE, release_save_code
from firmware.records import load_stats


def finish(scr):
    """Game over: stats counted (once), save removed, the journal kept as the replay."""
    scr.finished = True
    if scr.since:  # a real-time game can end on frames with no new input
        scr.inputs.add(scr.since, 0, scr.last_held)
        scr.since = 0
    app = scr.app
    scr.over_at = app.frame_no
    scr.release_players()  # room for the stats code and the result
    if scr.shared():  # people taking turns on one device: not the owner's stats
        scr.result = (None, False)
    else:
        scr.result = record_result(app.store, scr.gid, scr.rules, scr.s, scr.counted_at, False)
    app.dirty = True  # the result box is drawn over the board as it stands
    scr.box_only = scr.incremental  # the frame still holds that board
    scr.files_due = True
    app.after_show = scr.finish_files  # the result on the panel first


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
    store.remove(gid + ".sav")
    release_save_code(scr.rules)  # the profile may have loaded it
    log = scr.inputs
    room = max(0, JOURNAL_MAX - scr.journaled)
    if log.n > room:
        log.truncate(room)
    scr.journal_at = 0
    if whole or log.n <= JOURNAL_PIECE:  # a turn's inputs: with the stats, now
        finish_journal(scr, True)
    else:  # a long journal (a real-time game) from the next frame on, in pieces
        scr.app.after_show = scr.finish_journal


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


def draw_over(scr, fb):
    """The result box: who won and every seat's score (a duel, pass-and-play), or
    the person's score and best."""
    stats, new_best = scr.result
    gfx.box(fb, 6, 3, 116, 60)
    gfx.center(fb, "GAME OVER", 7)
    rules = scr.rules
    duel = rules.KIND != "realtime" and rules.SEATS_MAX > 1  # against the computer
    if stats is None or duel:
        w = rules.winner(scr.s)
        if w < 0:
            won = "Draw"
        elif w == 0 and stats is not None:
            won = "You win"
        else:
            won = rules.SEAT_NAMES[w] + " wins"
        gfx.center(fb, won, 18)
        gfx.center(fb, "-".join([str(x) for x in rules.scores(scr.s)]), 28)
    else:
        gfx.center(fb, "Score %d" % scr.points(), 18)
        gfx.center(fb, ("NEW BEST!" if new_best else "Best %d" % stats["best"]), 28)
    gfx.center(fb, scr.over_detail(), 38)
    gfx.center(fb, "A:new B:menu", 51)


# ---- counting a finished game --------------------------------------------------


def add_life(st, keep, age, pts):
    """One more life at the end of the list; the oldest goes beyond `keep`."""
    parts = st["lives"].split(",") if st["lives"] else []
    parts.append("%d:%d" % (age, pts))
    st["lives"] = ",".join(parts[-keep:])


def record_result(store, gid, rules, state, counted_at, write=True):
    """Count one finished game; returns (stats, new_best). With write=False the stats
    are counted but not saved yet (the caller saves them: save_stats).

    `counted_at` is the number of games counted when this game started: if the stats
    already count more, this game was counted before a power cut kept its save, and
    it is not counted again.
    """
    st = load_stats(store, gid, rules)
    if st["games"] > counted_at:
        return st, False
    points = rules.score(state)
    clean = bool(rules.CLEAN) and rules.clean(state)  # not summary(): it may import code
    if st["games"] == 0:
        new_best = True
    elif rules.LOW_WINS:
        new_best = points < st["best"]
    else:
        new_best = points > st["best"]
    st["games"] += 1
    st["total"] += points
    if clean:
        st["clean"] += 1
    if rules.SEATS_MAX > 1 and rules.winner(state) == 0:
        st["wins"] += 1
    if new_best:
        st["best"] = points
    keep = getattr(rules, "LIVES", 0)
    if keep:
        add_life(st, keep, rules.life_age(state), points)
    if write:
        save_stats(store, gid, st)
    return st, new_best


def save_stats(store, gid, st):
    store.save_json(gid + ".json", st)


def settle_profile(store, gid, rules, profile, state):
    """After a finished match: the settled profile, saved."""
    if rules.PROFILE is None:
        return None
    new = rules.settle(profile, state)
    store.save_json(gid + ".profile.json", new)
    return new
