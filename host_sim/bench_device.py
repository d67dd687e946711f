"""Device-side benchmark: run with the built modules on sys.path, in the MicroPython VM
(python -m host_sim bench) or on a real Pico (mpremote run host_sim/bench_device.py).

Prints one JSON object per line: a calibration kernel, the launcher, then each game.
Plain MicroPython: no host_sim imports. Times are microseconds of this machine.
"""

import gc
import json
import sys
import time

from boards import driver, headless
from firmware import app as appmod
from firmware import games as registry
from shared_rules.contract import find_option

WORD = 8 if sys.maxsize > 2**32 else 4
ON_DEVICE = sys.platform not in ("linux", "darwin", "win32")  # a Pico: fewer, single runs
SCALE32 = 4 / WORD  # heap bytes on this VM -> 32-bit-equivalent bytes
I2C_SHOW_BYTES = 6 * 2 + 1 + 1024  # micropython-lib ssd1306: 6 commands + full frame per show()

try:
    ticks_us = time.ticks_us
    ticks_diff = time.ticks_diff
except AttributeError:  # CPython, for a dry run of this script

    def ticks_us():
        return time.perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


def alloc():
    gc.collect()
    return gc.mem_alloc()


def b32(n):
    return int(n * SCALE32)


class Stat:
    def __init__(self):
        self.n = 0
        self.total = 0
        self.max = 0

    def add(self, us):
        self.n += 1
        self.total += us
        if us > self.max:
            self.max = us

    def out(self):
        return {"mean": (self.total // self.n) if self.n else 0, "max": self.max, "n": self.n}


def kernel():
    """A fixed mix of the work the games do (int arithmetic, bytearray indexing, calls)."""
    buf = bytearray(897)
    acc = 0
    t0 = ticks_us()
    for rep in range(20):
        for i in range(39, 858):
            if buf[i] == 0:
                acc += (i * 7) & 31
            buf[i] = (buf[i + 1] + rep) & 3
    return ticks_diff(ticks_us(), t0), acc


def smart_import():
    """Heap taken by importing Snafu and its smart player (machine code included where
    it loads: on a Pico it sits in the heap, the unix VM keeps it outside)."""
    gc.collect()
    a = alloc()
    from shared_rules import snafu_ai  # noqa: F401  (imports snafu too)

    return {"smart_import_bytes": b32(alloc() - a)}


def search_kernel(reps=20):
    """The smart Snafu trail's searches on a fixed position (variant 13, 4 trails, tick
    30): time with its machine-code searches and with its bytecode ones."""
    from shared_rules import snafu, snafu_ai

    s = snafu.new(5, {"variant": 13, "humans": 0, "others": "smart"})
    while s.tick < 30:
        snafu.play(s, 0)
    out = {"search_reps": reps}
    for mode in (True, False):
        name = snafu_ai.use_native(mode)
        d = 0
        t0 = ticks_us()
        for _ in range(reps):
            for t in range(4):
                d += snafu_ai.smart_dir(s, t)
        out[name + "_us"] = ticks_diff(ticks_us(), t0)
        out[name + "_check"] = d
    snafu_ai.use_native()
    out["native"] = "native_us" in out
    return out


def smart_round(variant=13, seed=0):
    """A whole Snafu round of four smart trails (searches as machine code where they
    load): the mix of work a smart tick does, for the tick estimate's factor."""
    from shared_rules import snafu

    s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
    gc.collect()
    t0 = ticks_us()
    while not snafu.over(s):
        snafu.play(s, 0)
    us = ticks_diff(ticks_us(), t0)
    return {"round_us": us, "round_check": s.tick * 16 + s.winner + 1}


def sweep_ticks(gid, options, key, seeds, runs=3):
    """Worst and mean rules step (a tick, the computer seats' decisions included) for
    every value of the option `key`, the others as in `options`, over a few seeds. Each
    game is played `runs` times (it is deterministic) and each step keeps its fastest
    time, so that a pause of the host's OS is not taken for the game's worst step."""
    rules = registry.rules(gid)
    rows = {}
    for value in find_option(rules.OPTIONS, key)[2]:
        opts = dict(options or {})
        opts[key] = value
        st = Stat()
        for seed in seeds:
            best = None
            for _ in range(runs):
                times = []
                s = rules.new(seed, opts)
                while not rules.over(s):
                    m = rules.best_move(s)
                    t0 = ticks_us()
                    rules.play(s, m)
                    times.append(ticks_diff(ticks_us(), t0))
                if best is None:
                    best = times
                else:  # the same game: the same number of steps
                    for i in range(len(best)):
                        best[i] = min(best[i], times[i])
            for us in best:
                st.add(us)
        rows[value] = st.out()
    return rows


def run_launcher(fs):
    base = alloc()
    board = headless.setup(fs_root=fs)
    app = appmod.App(board)
    drv = driver.Driver(app)
    drv.idle(5)
    after = alloc()
    t = Stat()
    for _ in range(200):  # idle frames: nothing to draw
        t0 = ticks_us()
        app.frame(0, 0)
        t.add(ticks_diff(ticks_us(), t0))
    bus0 = board.bus.bytes_sent
    p = Stat()
    for key in (2, 2, 1, 1, 2, 1):  # DOWN, DOWN, UP, UP ... menu moves
        t0 = ticks_us()
        app.frame(key, key)
        p.add(ticks_diff(ticks_us(), t0))
        app.frame(0, 0)
    return {
        "game": "launcher",
        "heap_bytes": b32(after - base),
        "idle_frame_us": t.out(),
        "press_frame_us": p.out(),
        "display_bytes_per_input": (board.bus.bytes_sent - bus0) // 6,
    }


def play_one(app, board, game, seed, options, stats):
    """One whole game through the app, pressed by the game screen's bot."""
    app.start_game(game, seed=seed, options=options, resume=False)
    screen = app.screen
    bus = board.bus
    peak = 0
    frames = 0
    while not screen.finished:
        t0 = ticks_us()
        mask = screen.bot_press()
        bot = ticks_diff(ticks_us(), t0)
        sent = bus.bytes_sent
        shows = board.display.shows
        t0 = ticks_us()
        app.frame(mask, mask)
        dt = ticks_diff(ticks_us(), t0)
        frames += 1
        if mask:
            stats["press"].add(dt)
            stats["bot"].add(bot)
            stats["press_bytes"] += bus.bytes_sent - sent
            stats["presses"] += 1
        else:
            stats["frame"].add(dt)
            stats["frame_bytes"] += bus.bytes_sent - sent
            stats["frames"] += 1
        stats["shows"] += board.display.shows - shows
        if mask:
            gc.collect()  # live data only: what the heap must hold at this point
            a = gc.mem_alloc()
            if a > peak:
                peak = a
        if mask:
            app.frame(0, 0)
        if app.screen is not screen:
            raise RuntimeError("left the game: %r" % (app.last_error,))
    return peak


def rules_timing(game, seeds, options):
    """Rules step and computer decision, at the rules level."""
    rules = registry.rules(game)
    step = Stat()
    ai = Stat()
    for seed in seeds:
        s = rules.new(seed, options)
        while not rules.over(s):
            t0 = ticks_us()
            m = rules.best_move(s)
            ai.add(ticks_diff(ticks_us(), t0))
            t0 = ticks_us()
            rules.play(s, m)
            step.add(ticks_diff(ticks_us(), t0))
    return step, ai


def draw_timing(app, game, seed, options, n=60):
    """The screen's draw alone (incremental screens: a tick's worth of new squares)."""
    app.start_game(game, seed=seed, options=options, resume=False)
    screen = app.screen
    fb = app.fb
    d = Stat()
    for _ in range(n * 4):
        mask = screen.bot_press()
        app.frame(mask, mask)
        if screen.finished:
            break
        if not screen.incremental:
            fb.fill(0)
        t0 = ticks_us()
        screen.draw(fb)
        d.add(ticks_diff(ticks_us(), t0))
    return d


def run_game(fs, game, games, options=None):
    for gid in registry.ids():
        registry.unload(gid)  # measure this game's import alone
    gc.collect()
    base = alloc()
    registry.load(game)
    imported = alloc() - base
    board = headless.setup(fs_root=fs)
    app = appmod.App(board)
    stats = {
        "press": Stat(),
        "frame": Stat(),
        "bot": Stat(),
        "press_bytes": 0,
        "presses": 0,
        "frame_bytes": 0,
        "frames": 0,
        "shows": 0,
    }
    retained = []
    peak = 0
    for i in range(games):
        p = play_one(app, board, game, 1000 + i, options, stats)
        if p > peak:
            peak = p
        app.home()
        app.frame(0, 0)
        retained.append(b32(alloc() - base))
    step, ai = rules_timing(game, range(3), options)
    draw = draw_timing(app, game, 7, options)
    inputs = stats["presses"]
    shows = stats["shows"]
    rules = registry.rules(game)
    return {
        "game": game,
        "machine_code": machine_code(game),
        "tick_ms": tick_ms(rules),
        "games": games,
        "import_bytes": b32(imported),
        "live_peak_bytes": b32(peak),
        "retained_bytes": [retained[0], retained[-1]],
        "rules_step_us": step.out(),
        "decision_us": ai.out(),
        "draw_us": draw.out(),
        "press_frame_us": stats["press"].out(),
        "idle_frame_us": stats["frame"].out(),
        "presses": inputs,
        "frames": stats["frames"],
        "display_bytes": stats["press_bytes"] + stats["frame_bytes"],
        "display_bytes_per_input": stats["press_bytes"] // inputs if inputs else 0,
        "display_bytes_per_frame": (stats["press_bytes"] + stats["frame_bytes"])
        // (stats["frames"] + inputs),
        "shows": shows,
    }


def machine_code(gid):
    """Whether the game's loaded modules hold machine code (RESIDENT viper modules):
    its figures then scale by the larger Pico factor (bench.game_scale)."""
    for name in sys.modules:
        if name.startswith("shared_rules." + gid) and getattr(sys.modules[name], "RESIDENT", 0):
            return True
    return False


def tick_ms(rules):
    """A real-time game's shortest tick in ms (its fastest speed), else None."""
    if getattr(rules, "KIND", "") != "realtime":
        return None
    frames = getattr(rules, "TICK_FRAMES", 1)
    if isinstance(frames, tuple):
        frames = min(frames)
    return frames * appmod.FRAME_MS


def game_runs():
    """(label, game, options, swept option) for every registered game: the settings its
    rules declare in BENCH (the heaviest ones), else one run with the defaults."""
    runs = []
    for gid in registry.ids():
        for label, options, sweep in registry.bench_rows(gid):
            runs.append((label, gid, options, sweep))
        registry.unload(gid)
    return runs


def calibration_row():
    """The row bench.py scales by: the same work timed here and on a Pico."""
    t, acc = kernel()
    row = {"kernel_us": t, "check": acc, "word": WORD}
    row.update(smart_import())
    row.update(search_kernel())
    row.update(smart_round())
    pkg = sys.modules["shared_rules"]
    for name in list(sys.modules):  # leave the heap as the launcher finds it
        if name.startswith("shared_rules.snafu"):
            del sys.modules[name]
            if hasattr(pkg, name[13:]):
                delattr(pkg, name[13:])
    gc.collect()
    return row


def main(fs="/bench", games=2, only=None, ticks_seeds=1 if ON_DEVICE else 8):
    if only is None:  # (a heap search runs one game alone)
        print(json.dumps(calibration_row()))
        print(json.dumps(run_launcher(fs)))
    for label, game, options, sweep in game_runs():
        if only is None or only == label:
            row = run_game(fs, game, games, options)
            row["game"] = label
            row["gid"] = game
            if sweep and only is None:
                row["tick_us_by_" + sweep] = sweep_ticks(
                    game, options, sweep, range(ticks_seeds), 1 if ON_DEVICE else 3
                )
            print(json.dumps(row))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        args[0] if args else "/bench",
        int(args[1]) if len(args) > 1 else 2,
        args[2] if len(args) > 2 else None,
    )
