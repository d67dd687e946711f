"""make bench: the budgets, measured on the emulated Pico (python -m host_sim picobench).

The emulated Pico (host_sim/picoemu.py: rp2040js, cycle-counted, MicroPython 1.26.1 for
RPI_PICO) runs host_sim/picobench_device.py for every registered game: one game
played whole from the launcher by the game's own computer presses, frame by frame,
then the smallest heap (bisection, 1 KB steps, on the real 32-bit heap) in which it
plays. The same inputs give the same cycles, so two runs print the same figures.

Installed as files (`make flash`: the .mpy build on the filesystem) and, when it is
built (`make uf2`), with the modules frozen into the firmware. A save is timed without
the flash: the RAM filesystem stands in for it (the emulator's flash is read-only),
and the flash's own erase and program time is modelled from the W25Q16JV's typical
figures and printed beside it; the save is written after the frame's show, so the
press is on the panel first.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import host_sim
from host_sim import picoemu

KB = 1024
BUDGET_HEAP = 80 * KB  # the launcher plus a game, installed as files
BUDGET_UF2_HEAP = 48 * KB  # the same, modules frozen into the firmware
# no frame of play over this: a "thinking" frame and a calm frame's collection (nothing
# else due then) are excepted and shown on their own lines
BUDGET_FRAME_MS = 25.0
BUDGET_LATENCY_MS = 50.0  # a press on the panel
BUDGET_SAVE_MS = 40.0  # a save's own time (the flash's erase and program beside it)
BUDGET_IDLE_SHOW_MS = 1.0  # show() with nothing changed
MPLIB_FRAME_BYTES = 6 * 2 + 1 + 1024  # micropython-lib ssd1306: six commands, the frame
BUDGET_BUILD_BYTES = 400 * KB  # the whole device build, all games
DETAIL_HEAP = 10 * 1024 * KB  # more than the Pico has: no ballast
DEVICE_SCRIPT = os.path.join(host_sim.ROOT, "host_sim", "picobench_device.py")


def uf2_firmware():
    """(the frozen firmware for the sources as they are, built now if it is not, or
    None; why not)."""
    from host_sim import uf2

    try:
        fw, _cached = uf2.frozen_firmware(
            log=lambda text: print(text, file=sys.stderr), stdout=sys.stderr
        )
        return fw, None
    except (uf2.Uf2Error, OSError) as e:
        return None, str(e)


class Runner:
    """Runs picobench_device on the emulated Pico: the device build and its filesystem
    image made once, the script sent as source (so a frozen firmware needs no files)."""

    def __init__(self, work):
        self.work = work
        files = picoemu.device_files(os.path.join(work, "device"), scripts=())
        self.mpy_bytes = build_bytes(files)
        self.image = picoemu.fs_image(files, os.path.join(work, "fs.img"))
        empty = os.path.join(work, "empty")
        os.makedirs(empty)
        self.empty_image = picoemu.fs_image(empty, os.path.join(work, "empty.img"))
        with open(DEVICE_SCRIPT) as f:
            self.source = f.read()
        picoemu.install_runner()  # before emulators run side by side

    def script(self, call):
        """A file holding the device script then `call`."""
        path = os.path.join(tempfile.mkdtemp(prefix="pt-pb-", dir=self.work), "script.py")
        with open(path, "w") as f:
            f.write(self.source + "\n" + call + "\n")
        return path

    def run(self, call, firmware=None, then=None):
        """The device script then `call` (and `then` after its soft reset); the JSON
        lines it prints, merged."""
        image = self.image if firmware is None else self.empty_image
        second = self.script(then) if then else None
        proc = picoemu.emulate(self.script(call), image, firmware, max_seconds=1800, then=second)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            raise picoemu.EmuError(
                "the emulated Pico gave no figures (exit %d):\n%s%s"
                % (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
            )
        if then is None:
            return json.loads(lines[-1])
        out = {}
        for line in lines:
            out.update(json.loads(line))
        return out

    def opening(self, game, firmware=None):
        """A game's opening on the device, in ms: the soft reset from the launcher, then
        the app started until the game's first frame (None where it did not open)."""
        label, gid, options = game
        call = "timed_opening(%r, %r, %r)" % (gid, options, label)
        r = self.run("reset_after_launcher()", firmware, then=call)
        if not r.get("opened") or "soft_reset_us" not in r:
            return None
        return ms(r["soft_reset_us"]), ms(r["open_us"])

    def detail(self, game, firmware=None):
        label, gid, options = game
        return self.run("run(%r, %d, True, %r, %r)" % (gid, DETAIL_HEAP, options, label), firmware)

    def peak(self, game, firmware=None):
        """The live heap peak (collected at every press), and the free heap at start."""
        label, gid, options = game
        call = "run(%r, %d, False, %r, %r, peak=True)" % (gid, DETAIL_HEAP, options, label)
        r = self.run(call, firmware)
        return r["live_peak_bytes"], r["free_at_start"]

    def fits(self, game, heap, firmware=None, files=None):
        """The whole game plays in `heap` bytes (an error that stops the device's script,
        such as a MemoryError the app could not show, counts as not fitting); files: a
        save (resume_files), resumed and played to its end."""
        label, gid, options = game
        call = "run(%r, %d, False, %r, %r, files=%r)" % (gid, heap, options, label, files)
        try:
            return self.run(call, firmware)["fits"]
        except picoemu.EmuError:
            return False

    def min_heap(self, game, lo, top, firmware=None, files=None):
        """Smallest heap in KB steps, from the live peak `lo` up to `top` bytes, that
        plays the whole game (first tried up to 16 KB over the peak). The peak is
        measured with the Pico's whole heap, where a game may keep more loaded than it
        does near its budget's edge (Disc Battle keeps its resolution between your
        moves, every game the end's code): so the peak itself is tried too, and 4 KB
        steps below it while they fit, before the bisection."""
        lo //= KB
        top = (top + KB - 1) // KB
        hi = min(lo + 16, top)
        if not self.fits(game, hi * KB, firmware, files):
            lo, hi = hi, top
            if not self.fits(game, hi * KB, firmware, files):
                return None
        while lo > 4 and self.fits(game, lo * KB, firmware, files):
            hi = lo
            lo -= 4
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.fits(game, mid * KB, firmware, files):
                hi = mid
            else:
                lo = mid
        return hi * KB


def resume_files(game, at=None, seed=1000):
    """The files of a game saved at frame `at` (default: half its frames) by the bench's
    own presses (picobench_device.run's loop), made on CPython: the same bytes the
    device writes. {path under the device's folder: bytes}."""
    from host_sim import device

    label, gid, options = game

    def opened(root):
        app, _board, d = device.make(root)
        app.new_seed = lambda: seed
        if options:
            app.store.save_json(gid + ".opt.json", options)
        from firmware import games

        d.idle()
        d.keys("DOWN," * app.screen.labels().index(games.title(gid)) + "A")
        d.keys("DOWN," * app.screen.labels().index("New game") + "A")
        if type(app.screen).__name__ == "OptionsScreen":
            d.keys("A")
        return app, app.screen

    def play(app, screen, limit):
        frames = 0
        while frames < limit and not screen.finished and app.screen is screen:
            mask = screen.bot_press()
            for m in (mask, 0) if mask else (0,):
                app.frame(m, m)
                frames += 1
        return frames

    with tempfile.TemporaryDirectory(prefix="pt-resume-") as root:
        if at is None:
            app, screen = opened(os.path.join(root, "whole"))
            at = play(app, screen, 10**6) // 2
        folder = os.path.join(root, "saved")
        app, screen = opened(folder)
        if play(app, screen, at) < at or screen.finished:
            raise ValueError("%s: over before frame %d" % (label, at))
        screen.save_and_exit()
        out = {}
        for dirpath, _dirs, names in os.walk(folder):
            for name in names:
                path = os.path.join(dirpath, name)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
        return out


def resume_rows(ids, jobs=2):
    """For each game: the smallest heap (installed as files, and from the uf2 when it is
    built) in which a save made half way resumes by Continue and plays to the end."""
    fw, _why = uf2_firmware()
    runner = Runner(tempfile.mkdtemp(prefix="pt-pb-"))
    runs = bench_runs(ids)
    # the saves made first, one game after another: a game played on CPython is the
    # app's modules' state, which two threads playing at once would share
    saved = [resume_files(game) for game in runs]

    def one(i):
        game = runs[i]
        files = saved[i]
        row = {
            "game": game[0],
            "resume_files_min_heap_bytes": None,
            "resume_uf2_min_heap_bytes": None,
        }
        row["resume_files_min_heap_bytes"] = runner.min_heap(game, 64 * KB, 200 * KB, None, files)
        if fw is not None:
            row["resume_uf2_min_heap_bytes"] = runner.min_heap(game, 32 * KB, 96 * KB, fw, files)
        return row

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, range(len(runs))))


def build_bytes(out):
    total = 0
    for dirpath, _dirs, files in os.walk(out):
        for name in files:
            if name.endswith(".mpy"):
                total += os.path.getsize(os.path.join(dirpath, name))
    return total


def ms(us):
    return round(us / 1000.0, 1)


def bench_runs(ids=None):
    """(label, game, options) for every registered game: the settings its rules declare
    for the bench (BENCH: the heaviest), else the defaults."""
    from firmware import games

    out = []
    for gid in ids or games.ids():
        for label, options, _sweep in games.bench_rows(gid):
            out.append((label, gid, options))
    return out


def measure_game(runner, game, uf2):
    """Every figure of one game (label, id, options), and its budget lines."""
    d = runner.detail(game)
    if not d.get("fits"):
        raise picoemu.EmuError("%s did not play to its end on the emulated Pico: %s" % (game, d))
    peak, free = runner.peak(game)
    row = {
        "game": game[0],
        "gid": game[1],
        "options": game[2],
        "pico_min_heap_bytes": runner.min_heap(game, peak, free),
        "uf2_min_heap_bytes": None,
        "pico_live_peak_bytes": peak,
        "pico_retained_bytes": d["retained_bytes"],
        "pico_worst_frame_ms": ms(d["frame"]["max_us"]),
        "pico_mean_frame_ms": ms(d["frame"]["mean_us"]),
        "pico_thinking_frames": d["thinking"]["n"],
        "pico_worst_thinking_ms": ms(d["thinking"]["max_us"]),
        "pico_calm_collects": d["calm_collects"]["n"],
        "pico_worst_calm_collect_ms": ms(d["calm_collects"]["max_us"]),
        "pico_worst_frame_at": d["frame"]["at"],
        "pico_worst_press_ms": ms(d["press"]["max_us"]),
        "pico_worst_latency_ms": ms(d["latency"]["max_us"]),
        "pico_mean_latency_ms": ms(d["latency"]["mean_us"]),
        "pico_save_ms": ms(d["save"]["max_us"]),
        "pico_saves": d["save"]["n"],
        "pico_worst_save_at": d["save"]["at"],
        "pico_save_flash_ms": ms(d["save_flash"]["max_us"]),
        "pico_idle_show_ms": ms(d["idle_show"]["max_us"]),
        "pico_collect_ms": ms(d["collect_us"]),
        "worst_press_bytes": d["worst_press_bytes"],
        "mplib_frame_bytes": MPLIB_FRAME_BYTES,
        "build_mpy_bytes": runner.mpy_bytes,
        "presses": d["presses"],
        "frames": d["frames"],
    }
    row["pico_opening_ms"] = runner.opening(game)
    if uf2:
        peak, free = runner.peak(game, uf2)
        row["uf2_live_peak_bytes"] = peak
        row["uf2_min_heap_bytes"] = runner.min_heap(game, peak, free, uf2)
    row["budget"] = budget_lines(row) or "ok"
    return row


def budget_lines(row):
    """The budget lines this game is over, [] when every one is met."""
    over = []

    def check(ok, text):
        if not ok:
            over.append(text)

    heap = row["pico_min_heap_bytes"]
    check(
        heap is not None and heap <= BUDGET_HEAP, "heap %s > %d KB" % (kb(heap), BUDGET_HEAP // KB)
    )
    if row.get("uf2_min_heap_bytes") is not None or row.get("uf2_live_peak_bytes") is not None:
        u = row["uf2_min_heap_bytes"]
        check(u is not None and u <= BUDGET_UF2_HEAP, "uf2 heap %s > 48 KB" % kb(u))
    check(
        row["pico_worst_frame_ms"] <= BUDGET_FRAME_MS,
        "frame %.1f ms > 25" % row["pico_worst_frame_ms"],
    )
    check(
        row["pico_worst_latency_ms"] <= BUDGET_LATENCY_MS,
        "press to panel %.1f ms > 50" % row["pico_worst_latency_ms"],
    )
    check(row["pico_save_ms"] <= BUDGET_SAVE_MS, "save %.1f ms > 40" % row["pico_save_ms"])
    check(
        row["pico_idle_show_ms"] <= BUDGET_IDLE_SHOW_MS,
        "idle show %.1f ms > 1" % row["pico_idle_show_ms"],
    )
    check(
        row["worst_press_bytes"] <= MPLIB_FRAME_BYTES,
        "press %d bytes > %d" % (row["worst_press_bytes"], MPLIB_FRAME_BYTES),
    )
    check(
        row["build_mpy_bytes"] <= BUDGET_BUILD_BYTES,
        "build %d KB > 400" % (row["build_mpy_bytes"] // KB),
    )
    return over


def kb(n):
    return "-" if n is None else "%d KB" % (n // KB)


def two(a, b, fmt="%.1f / %.1f"):
    return lambda r: fmt % (r[a], r[b])


TABLE = (
    ("smallest heap, files (budget 80 KB)", lambda r: kb(r["pico_min_heap_bytes"])),
    ("smallest heap, uf2 (budget 48 KB)", lambda r: kb(r["uf2_min_heap_bytes"])),
    (
        "live heap peak / after the game",
        lambda r: "%s / %s" % (kb(r["pico_live_peak_bytes"]), kb(r["pico_retained_bytes"])),
    ),
    ("worst / mean frame ms (budget 25)", two("pico_worst_frame_ms", "pico_mean_frame_ms")),
    (
        "thinking frames, worst ms",
        two("pico_thinking_frames", "pico_worst_thinking_ms", "%d, %.1f"),
    ),
    (
        "press to panel, worst / mean ms (50)",
        two("pico_worst_latency_ms", "pico_mean_latency_ms"),
    ),
    (
        "save ms, worst (40); flash modelled",
        two("pico_save_ms", "pico_save_flash_ms", "%.1f; +%.0f"),
    ),
    ("idle show ms (budget 1)", lambda r: "%.2f" % r["pico_idle_show_ms"]),
    (
        "calm frames that collected, worst ms",
        two("pico_calm_collects", "pico_worst_calm_collect_ms", "%d, %.1f"),
    ),
    ("a collection ms (the game loaded)", lambda r: "%.1f" % r["pico_collect_ms"]),
    ("worst press bytes (mplib frame 1037)", lambda r: "%d" % r["worst_press_bytes"]),
    ("opening ms: soft reset + app to first frame", lambda r: opening_text(r)),
)


def opening_text(row):
    got = row.get("pico_opening_ms")
    return "-" if got is None else "%.0f + %.0f" % tuple(got)


def print_table(rows):
    names = [r["game"] for r in rows]
    print("| figure (emulated Pico, 125 MHz) | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(rows))
    for label, fn in TABLE:
        print("| %s | %s |" % (label, " | ".join(fn(r) for r in rows)))
    print(
        "\nwhole device build: %d KB of .mpy (budget 400 KB)" % (rows[0]["build_mpy_bytes"] // KB)
    )
    for r in rows:
        b = r["budget"]
        print("%s: %s" % (r["game"], "every budget ok" if b == "ok" else "OVER: " + "; ".join(b)))


def measure(ids=None, jobs=2, on_row=None):
    """Every row (in the registry's order); `on_row(row)` is called as each is ready, so a
    long run's finished rows are not lost if it is stopped."""
    runs = bench_runs(ids)
    if not picoemu.is_set_up():
        raise picoemu.EmuError(
            "the emulated Pico is not set up: python -m host_sim picoemu setup "
            "(Debian, root, npm; once, about five minutes)"
        )
    uf2, why = uf2_firmware()
    if uf2 is None:
        print("picobench: no uf2 figures: %s" % why, file=sys.stderr)
    work = tempfile.mkdtemp(prefix="pt-picobench-")
    try:
        runner = Runner(work)
        rows = []
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for row in pool.map(lambda game: measure_game(runner, game, uf2), runs):
                rows.append(row)
                if on_row is not None:
                    on_row(row)
        return rows
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim picobench", description=__doc__)
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.add_argument("--jobs", type=int, default=2, help="emulated Picos at once (default 2)")
    p.add_argument(
        "--resume",
        action="store_true",
        help="the smallest heap in which a save made half way resumes and plays to the end",
    )
    args = p.parse_args(argv)
    from firmware import games

    for gid in args.games:
        if gid not in games.ids():
            raise SystemExit("picobench: no game %r (games: %s)" % (gid, ", ".join(games.ids())))
    if args.jobs < 1:
        raise SystemExit("picobench: --jobs must be 1 or more")

    def print_row(r):  # --json: each row as soon as it is measured
        print(json.dumps(r, sort_keys=True), flush=True)

    if args.resume:
        try:
            rows = resume_rows(args.games, max(1, args.jobs))
        except (picoemu.EmuError, subprocess.CalledProcessError, OSError, ValueError) as e:
            raise SystemExit("picobench: %s" % e) from None
        for r in rows:
            print(json.dumps(r, sort_keys=True))
        return rows
    try:
        rows = measure(args.games, max(1, args.jobs), print_row if args.json else None)
    except (picoemu.EmuError, subprocess.CalledProcessError, OSError) as e:
        raise SystemExit("picobench: %s" % e) from None
    if not args.json:
        print_table(rows)
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
