"""make bench: memory, speed and display figures measured in the real MicroPython VM.

Builds the device code (.mpy), runs host_sim/bench_device.py inside the VM,
finds the smallest heap each game needs by bisection, and prints a table (or
one JSON object per game with --json).

Pico times are VM times multiplied by a scale factor worked out in each run: the
calibration row bench_device prints first (a bytecode kernel and the smart Snafu
trail's searches as machine code) was measured on a Pico and is kept in
host_sim/pico_calibration.json; the same row measured here in the VM gives
factor = Pico time / VM time, one for bytecode and one for machine code, so a busy
or faster host does not change the estimates. --calibration FILE takes the row from
`mpremote run host_sim/bench_device.py` on a real Pico instead; --scale F forces
one factor for everything.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import host_sim
from host_sim import build

CALIBRATION = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pico_calibration.json")
MPLIB_SHOW_BYTES = 6 * 2 + 1 + 1024  # micropython-lib ssd1306 sends this on every show()
PRESS_BYTES = 1024 // 3  # a turn game's press sends at most a third of the panel


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if not exe:
        raise SystemExit("bench: the MicroPython VM is not installed (make venv)")
    return exe


def run_vm(out, args, heap="256wK", timeout=900):
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, "bench_device.py", *args],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def min_heap_kb(out, game, fs):
    """Smallest heap (32-bit-equivalent KB, 2 KB steps) in which a whole game completes."""

    def ok(kb):
        shutil.rmtree(fs, ignore_errors=True)
        os.makedirs(fs)
        proc = run_vm(out, [fs, "1", game], heap="%dwK" % kb)
        return proc.returncode == 0 and ('"game": "%s"' % game) in proc.stdout

    lo, hi = 8, 256
    if not ok(hi):
        return None
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def mpy_sizes(out):
    sizes = {}
    for dirpath, _dirs, files in os.walk(out):
        for name in files:
            if name.endswith(".mpy"):
                path = os.path.join(dirpath, name)
                sizes[os.path.relpath(path, out)] = os.path.getsize(path)
    return sizes


def i2c_ms(nbytes, hz):
    """Time on the wire: 9 clocks a byte (8 bits + ack)."""
    return nbytes * 9 * 1000.0 / hz


def load_calibration(path=CALIBRATION):
    """The Pico's calibration: host_sim/pico_calibration.json, or the output of
    `mpremote run host_sim/bench_device.py` on a Pico (its first row, with kernel_us,
    native_us and search_reps; the Snafu rows' ticks become tick_us_smart/_classic)."""
    with open(path) as f:
        text = f.read()
    try:
        row = json.loads(text)
    except ValueError:
        row = None
        for line in text.splitlines():
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            if row is None and "kernel_us" in r:
                row = r
            elif row is not None and "tick_us_by_variant" in r:
                kind = "smart" if r.get("game") == "snafu" else "classic"
                row["tick_us_" + kind] = r["tick_us_by_variant"]
    if not isinstance(row, dict) or "kernel_us" not in row:
        raise SystemExit("bench: no calibration row (kernel_us) in %s" % path)
    return row


# the bench rows whose ticks the calibration measures on the Pico (its kernel is Snafu's
# smart trail: host_sim/bench_device.calibration_row), under the calibration's keys
CALIBRATED_TICKS = {"snafu": "tick_us_smart", "snafu-classic": "tick_us_classic"}


def measured_tick(pico, label):
    """(variant, ms) of the slowest tick the calibration measured on the Pico for this
    bench row, or None."""
    ticks = pico.get(CALIBRATED_TICKS.get(label, ""))
    if not ticks:
        return None
    v = max(ticks, key=lambda k: ticks[k]["max"])
    return int(v), ticks[v]["max"] / 1000.0


def scales(pico, vm, force=None):
    """Pico time / VM time from the calibration rows: "bytecode" (a tight bytecode
    loop), "native" (the smart trail's searches as machine code) and "round" (a whole
    round of smart trails: the mix a smart Snafu tick does)."""
    if force:
        return {"bytecode": force, "native": force, "round": force}
    out = {"bytecode": pico["kernel_us"] / vm["kernel_us"]}
    if pico.get("round_us") and vm.get("round_us") and pico["native"] == vm["native"]:
        out["round"] = pico["round_us"] / vm["round_us"]
    else:
        out["round"] = out["bytecode"]
    if pico.get("native") and vm.get("native"):
        pico_rep = pico["native_us"] / pico["search_reps"]
        vm_rep = vm["native_us"] / vm["search_reps"]
        out["native"] = pico_rep / vm_rep
    else:  # one side ran the searches as bytecode: no machine-code factor to be had
        out["native"] = out["bytecode"]
    return out


def game_scale(row, sc):
    """The factor for a game's figures: a game partly in machine code (smart Snafu's
    searches) takes the largest of the three (a conservative estimate), the others the
    bytecode one."""
    if row.get("machine_code"):
        return max(sc["bytecode"], sc["native"], sc.get("round", 0))
    return sc["bytecode"]


def measure(games=2, heap_search=True):
    work = tempfile.mkdtemp(prefix="pt-bench-")
    out = os.path.join(work, "device")
    try:
        build.build_with_script(out, "bench_device.py")
        fs = os.path.join(work, "fs")
        os.makedirs(fs)
        proc = run_vm(out, [fs, str(games)])
        if proc.returncode != 0:
            raise SystemExit("bench: the VM run failed:\n" + proc.stdout + proc.stderr)
        rows = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        sizes = mpy_sizes(out)
        kernel = rows[0]  # calibration_row()
        results = []
        for row in rows[1:]:
            game = row["game"]
            row["kernel_us"] = kernel["kernel_us"]
            if "gid" in row:  # a game's row (bench_device.game_runs: the registry)
                gid = row["gid"]
                mods = {
                    k: v
                    for k, v in sizes.items()
                    if os.path.basename(k).startswith(gid) and k.endswith(".mpy")
                }
                row["mpy_modules"] = mods
                row["mpy_bytes"] = sum(mods.values())
                if heap_search:
                    row["min_heap_kb"] = min_heap_kb(out, game, os.path.join(work, "hfs"))
                row["peak_heap_bytes"] = (
                    row["min_heap_kb"] * 1024 if row.get("min_heap_kb") else row["live_peak_bytes"]
                )
            else:
                row["mpy_bytes"] = sum(
                    v for k, v in sizes.items() if k.startswith(("firmware", "boards"))
                )
            per = row.get("display_bytes_per_input", 0)
            row["i2c_ms_per_input_400k"] = round(i2c_ms(per, 400_000), 2)
            row["i2c_ms_per_input_1m"] = round(i2c_ms(per, 1_000_000), 2)
            shows = row.get("shows")
            if shows:
                row["mplib_ratio"] = round(row["display_bytes"] / (shows * MPLIB_SHOW_BYTES), 3)
            results.append(row)
        total = sum(sizes.values())
        return results, sizes, total, kernel
    finally:
        shutil.rmtree(work, ignore_errors=True)


def pico_ms(us, scale):
    return us * scale / 1000.0


def worst_tick(row):
    """(swept value, VM us) of the slowest tick: over every value of the swept option
    (`tick_us_by_KEY`), else the rules' slowest step (the tick, computer seats in it)."""
    for key in row:
        if key.startswith("tick_us_by_"):
            ticks = row[key]
            v = max(ticks, key=lambda k: ticks[k]["max"])
            return v, ticks[v]["max"]
    return None, row["rules_step_us"]["max"]


def tick_budget(row, sc):
    """Per-tick work on the Pico of a real-time game (the rules step incl. the computer
    seats, at the slowest tick, and drawing; seat 0 a person on the device) and the
    I2C time of a tick's display bytes, against its fastest tick (`tick_ms`)."""
    swept, tick_us = worst_tick(row)
    work = pico_ms(tick_us, game_scale(row, sc))
    work += pico_ms(row["draw_us"]["max"], sc["bytecode"])
    i2c = i2c_ms(row["display_bytes_per_frame"], 400_000)
    return swept, work, i2c, work + i2c <= row["tick_ms"]


def _swept(v):
    return "" if v is None else " (%s)" % v


def table(results, sizes, total, kernel, sc, source, pico=None):
    lines = []
    lines.append(
        "Pico estimate = VM time x %.0f (bytecode), x %.0f (machine code), x %.0f (a smart"
        " Snafu round), from %s" % (sc["bytecode"], sc["native"], sc["round"], source)
    )
    lines.append(
        "VM: kernel %d us; 4 smart decisions %d us as machine code, %d as bytecode;"
        " a smart round %d us. Build: %d bytes of .mpy"
        % (
            kernel["kernel_us"],
            kernel.get("native_us", 0) // kernel["search_reps"],
            kernel["bytecode_us"] // kernel["search_reps"],
            kernel["round_us"],
            total,
        )
    )
    lines.append("")
    head = "| figure | " + " | ".join(r["game"] for r in results) + " |"
    lines.append(head)
    lines.append("|---" * (len(results) + 1) + "|")

    def row(label, fn):
        cells = []
        for r in results:
            try:
                cells.append(fn(r))
            except (KeyError, TypeError, ZeroDivisionError):
                cells.append("-")
        lines.append("| %s | %s |" % (label, " | ".join(cells)))

    row("smallest heap that plays a whole game (32-bit KB)", lambda r: "%d" % r["min_heap_kb"])
    row("live heap peak (32-bit bytes)", lambda r: "%d" % r["live_peak_bytes"])
    row(
        "heap for the launcher / import of the game",
        lambda r: "%d" % r.get("import_bytes", r.get("heap_bytes")),
    )
    row(
        "heap retained after gc, first / last game",
        lambda r: "%d / %d" % tuple(r["retained_bytes"]),
    )
    row(".mpy bytes", lambda r: "%d" % r["mpy_bytes"])
    for key, label in (
        ("rules_step_us", "rules step"),
        ("decision_us", "computer decision"),
        ("draw_us", "drawing"),
        ("press_frame_us", "frame with a press"),
        ("idle_frame_us", "idle frame"),
    ):
        row(
            "%s, VM us mean / max (Pico ms max)" % label,
            lambda r, k=key: (
                "%d / %d (%.1f)"
                % (r[k]["mean"], r[k]["max"], pico_ms(r[k]["max"], game_scale(r, sc)))
            ),
        )
    row("display bytes per press", lambda r: "%d" % r["display_bytes_per_input"])
    row(
        "I2C ms per press at 400 kHz / 1 MHz",
        lambda r: "%.1f / %.1f" % (r["i2c_ms_per_input_400k"], r["i2c_ms_per_input_1m"]),
    )
    row("display bytes vs micropython-lib ssd1306", lambda r: "%.2f" % r["mplib_ratio"])
    same_code = pico is not None and pico.get("round_check") == kernel.get("round_check")
    for r in results:
        if r.get("tick_ms"):
            swept, work, i2c, ok = tick_budget(r, sc)
            lines.append("")
            lines.append(
                "%s, tick at top speed (%d ms), I2C at 400 kHz:" % (r["game"], r["tick_ms"])
            )
            lines.append(
                "  estimated from this VM run: worst work%s %.1f ms + I2C %.1f ms: %s"
                % (_swept(swept), work, i2c, "fits" if ok else "DOES NOT FIT")
            )
            got = measured_tick(pico or {}, r["game"])
            if got:
                draw = pico_ms(r["draw_us"]["max"], sc["bytecode"])
                total_ms = got[1] + draw + i2c
                lines.append(
                    "  measured on the Pico of the calibration: worst tick (variant %d) %.1f ms"
                    " + drawing %.1f ms (estimated) + I2C %.1f ms: %s%s"
                    % (
                        got[0],
                        got[1],
                        draw,
                        i2c,
                        "fits" if total_ms <= r["tick_ms"] else "DOES NOT FIT",
                        "" if same_code else " (measured with other code: make calibrate)",
                    )
                )
        elif r.get("gid") and r.get("display_bytes_per_input"):  # a turn game's row
            third = r["display_bytes_per_input"] <= PRESS_BYTES
            lines.append(
                "%s: %d display bytes per press (budget %d): %s"
                % (r["game"], r["display_bytes_per_input"], PRESS_BYTES, "ok" if third else "OVER")
            )
    return "\n".join(lines)


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim bench", description=__doc__)
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.add_argument("--games", type=int, default=2, help="games per title in one VM process")
    p.add_argument(
        "--calibration",
        default=CALIBRATION,
        help="the Pico's calibration row (first line of bench_device on the device)",
    )
    p.add_argument("--scale", type=float, default=None, help="force one Pico/VM factor")
    p.add_argument("--no-heap-search", action="store_true")
    p.add_argument("--soak-games", type=int, default=1000, help="games in one VM process (0: skip)")
    args = p.parse_args(argv)
    pico = load_calibration(args.calibration)
    results, sizes, total, kernel = measure(args.games, not args.no_heap_search)
    sc = scales(pico, kernel, args.scale)
    if args.json:
        for r in results:
            r["pico_scale"] = game_scale(r, sc)
            if r.get("tick_ms"):
                swept, work, i2c, ok = tick_budget(r, sc)
                r["pico_tick_ms"] = round(work + i2c, 1)
                r["pico_tick_fits"] = ok
                got = measured_tick(pico, r["game"])
                if got:
                    r["pico_measured_tick_ms"] = got[1]
            print(json.dumps(r))
    else:
        source = pico.get("source", os.path.relpath(args.calibration))
        if args.scale:
            source = "--scale"
        print(table(results, sizes, total, kernel, sc, source, pico))
    if args.soak_games:
        from host_sim import soak

        r = soak.run(args.soak_games)
        grew = [g for g in r["heap_last"] if r["heap_last"][g] - r["heap_warm"][g] > 64]
        line = "%d consecutive games in one VM process (64 KB heap): heap after gc %s -> %s: %s" % (
            r["games"],
            r["heap_warm"],
            r["heap_last"],
            "GREW" if grew else "no growth",
        )
        print(json.dumps({"soak": r}) if args.json else "\n" + line)


if __name__ == "__main__":
    main()
