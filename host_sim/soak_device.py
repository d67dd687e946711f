"""Soak: every game played by the computer, one after another, in one process.

Runs unchanged in the MicroPython VM (python -m host_sim soak) and on a Pico
(mpremote run host_sim/soak_device.py). Prints one JSON line: games played,
heap retained after gc at the start and the end (32-bit-equivalent bytes).
"""

import gc
import json
import sys
import time

from boards import headless
from firmware import app as appmod
from firmware import games as registry
from shared_rules.contract import find_option

WORD = 8 if sys.maxsize > 2**32 else 4


def retained():
    gc.collect()
    return gc.mem_alloc() * 4 // WORD


def settings():
    """{game: [options, ...]} for every registered game: the settings its rules declare
    for the bench (BENCH), each with every value of its swept option; else the defaults."""
    out = {}
    for gid in registry.ids():
        rules = registry.rules(gid)
        combos = []
        for _label, options, sweep in registry.bench_rows(gid):
            for value in find_option(rules.OPTIONS, sweep)[2] if sweep else (None,):
                opts = dict(options or {})
                if sweep:
                    opts[sweep] = value
                combos.append(opts or None)
        out[gid] = combos
        registry.unload(gid)
    return out


def play(app, game, seed, options):
    app.start_game(game, seed=seed, options=options, resume=False)
    screen = app.screen
    for _ in range(200000):
        # an error leaves the game for the error screen: the game's screen is not driven
        # on (its presses would fall on the launcher and its picker on a stale position)
        if screen.finished or app.screen is not screen:
            break
        m = screen.bot_press()
        app.frame(m, m)
        if m:
            app.frame(0, 0)
    else:
        raise RuntimeError(
            "%s seed %d did not finish (%r)" % (game, seed, app.last_error or screen.s.nmoves)
        )
    if app.last_error is not None:
        raise RuntimeError("%s seed %d: %r" % (game, seed, app.last_error))
    if not screen.finished:
        raise RuntimeError("%s seed %d: the game's screen left before its end" % (game, seed))
    app.home()
    app.frame(0, 0)


# The rounds (every game once) after which the heap has settled. The heap is the whole
# app's, so a game's own figure depends on where its turn falls in the round: with nine
# games, Hang 10's (the first) is 80 bytes under the level the round's later games
# reach, in every round from the eighth on. So the test of no growth is the heap's
# highest level: the same after WARM rounds as at the end, however long the run.
WARM = 8


def main(fs, games, seconds=0):
    """Play `games` games (and go on until `seconds` have passed, if given).

    Heap retained after gc is noted after each game, per game: the value after
    the WARM-th game of a kind (warmed up) and after the last; and the highest value
    after WARM rounds (heap_warm_max) and over the whole run (heap_max), which must be
    equal: no growth once warmed up.
    """
    start = time.time()
    plan = settings()
    board = headless.setup(fs_root=fs)
    app = appmod.App(board)
    app.frame(0, 0)
    ids = registry.ids()
    counts = {gid: 0 for gid in ids}
    first = {}
    last = {}
    peak = 0
    warm_peak = None
    played = 0
    while played < games or (seconds and time.time() - start < seconds):
        game = ids[played % len(ids)]  # the games in turn, each through its settings
        combos = plan[game]
        play(app, game, 5000 + played, combos[counts[game] % len(combos)])
        counts[game] += 1
        played += 1
        heap = retained()
        if counts[game] == WARM:  # warmed up: tables and caches have settled
            first[game] = heap
        last[game] = heap
        if heap > peak:
            peak = heap
        if played == WARM * len(ids):
            warm_peak = peak
    print(
        json.dumps(
            {
                "games": played,
                "counts": counts,
                "heap_warm": first,
                "heap_last": last,
                "heap_max": peak,
                "heap_warm_max": warm_peak,
                "seconds": int(time.time() - start),
            }
        )
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]) if len(a) > 2 else 0)
