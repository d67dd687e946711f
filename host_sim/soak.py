"""make soak: every game by computer, one after another, in one MicroPython VM process.

python -m host_sim soak [--games 1000] [--minutes M] [--heap 112wK]
Reports games played and heap retained after gc once warmed up and at the end.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import host_sim
from host_sim import build
from host_sim.bench import micropython

# The app's VM heap (host_sim.APP_HEAP, 96 K words) and more: Three-Thirteen installed as
# files needs 98 KB (docs/rules/rummy.md, "Budgets"; its round's scoring lays every
# seat's melds down, D12), and the soak plays every registered game in one process, so
# MicroPython's name table holds every game's names at once (on a device a game opens
# in a fresh heap): 2,540 names fill its seven blocks, and the next one makes an eighth
# of 2,560 names (about 14 KB more held for good, retained after gc from then on). With
# Three-Thirteen's log and last turns' melds the soak's names passed 2,540, and at 112 K
# words (and 128) Three-Thirteen's seed 5059 found no room for that block; at 160 K words
# it plays, and the heap retained is level from the warm-up on (80,096 bytes, 65,936
# before the eighth block). The soak measures growth, not the budget (make bench does).
HEAP = "160wK"


def run(games, minutes=0, heap=HEAP):
    work = tempfile.mkdtemp(prefix="pt-soak-")
    try:
        out = os.path.join(work, "device")
        build.build_with_script(out, "soak_device.py")
        fs = os.path.join(work, "fs")
        os.makedirs(fs)
        proc = subprocess.run(
            [
                micropython(),
                "-X",
                "heapsize=" + heap,
                "soak_device.py",
                fs,
                str(games),
                str(int(minutes * 60)),
            ],
            cwd=out,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise SystemExit("soak failed:\n" + proc.stdout + proc.stderr)
        return json.loads(proc.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim soak", description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--minutes", type=float, default=0)
    p.add_argument("--heap", default=HEAP)
    args = p.parse_args(argv)
    r = run(args.games, args.minutes, args.heap)
    print(json.dumps(r))
    # a leak grows with every game: the heap's highest level after the warm-up rounds
    # (host_sim/soak_device.py, WARM) is the highest of the whole run (as
    # tests/test_soak.py checks); four GC blocks (64 bytes) of late settling are allowed
    warm = r["heap_warm_max"]
    grew = [] if warm is not None and r["heap_max"] - warm <= 64 else ["heap"]
    grew += [g for g in r["heap_last"] if r["heap_last"][g] > r["heap_max"]]
    print(
        "soak: %d games (%s) in %d s at heap %s; heap after gc warmed up %s (highest %s), "
        "at the end %s (highest %s): %s"
        % (
            r["games"],
            ", ".join("%s %d" % kv for kv in sorted(r["counts"].items())),
            r["seconds"],
            args.heap,
            r["heap_warm"],
            warm,
            r["heap_last"],
            r["heap_max"],
            "grew (" + ", ".join(grew) + ")" if grew else "no growth",
        )
    )
    sys.exit(1 if grew else 0)


if __name__ == "__main__":
    main()
