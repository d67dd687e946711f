"""make fuzz: seeded random input driving the whole app, on CPython and in the VM.

python -m host_sim fuzz --presses 1000000 --jobs 2 [--vm] [--seed S]
Each job runs host_sim/fuzz_device.py with its own seed and device folder. A
failure prints the seed and a session file that `python -m host_sim replay`
plays back exactly.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import host_sim
from host_sim import build
from host_sim.bench import micropython

# The VM's heap for --vm: the app's (host_sim.APP_HEAP, 96 K words) does not hold a long
# session's Three-Thirteen or Disc Battle with their help and records code (they are
# over the Pico's 80 KB files budget too: 98 and 86 KB, README Budgets); at 96 and 112 K
# words the fuzz ran out of memory within 6,000 presses. Its power cuts are a new App in
# the same VM, which keeps every name MicroPython has interned (a Pico's reboot clears
# them): after a visit to each of the ten games the launcher sits on 121 KB of this
# 64-bit VM's heap, 52 KB of it names, the same after every later visit (no leak). At 128
# K words seeds 1-6 pass 100,000 presses each and seed 61206 ran out of memory opening
# Air Superiority at press 8,267 (a 2,560-byte block); at 144 K words it passes. The
# fuzz looks for errors and dead ends; the heap is the bench's to measure.
VM_HEAP = "144wK"

HERE = os.path.join(host_sim.ROOT, "host_sim")


def job_command(vm, out, fs, seed, presses, session, heap):
    if vm:
        return [
            micropython(),
            "-X",
            "heapsize=" + heap,
            "fuzz_device.py",
            fs,
            str(seed),
            str(presses),
            session,
        ], out
    return [
        sys.executable,
        os.path.join(HERE, "fuzz_device.py"),
        fs,
        str(seed),
        str(presses),
        session,
    ], host_sim.ROOT


def run(presses, jobs, seed, vm, heap=VM_HEAP, keep=None):
    work = tempfile.mkdtemp(prefix="pt-fuzz-")
    out = os.path.join(work, "device")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([host_sim.ROOT, host_sim.MPSTUBS])
    if vm:
        build.build_with_script(out, "fuzz_device.py")
    per = (presses + jobs - 1) // jobs
    procs = []
    start = time.time()
    for j in range(jobs):
        fs = os.path.join(work, "fs%d" % j)
        os.makedirs(fs)
        session = os.path.join(keep or work, "fuzz-seed%d.session" % (seed + j))
        cmd, cwd = job_command(vm, out, fs, seed + j, per, session, heap)
        procs.append(subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, text=True))
    failed = 0
    for p in procs:
        text, _ = p.communicate()
        print(text.strip())
        if p.returncode != 0:
            failed += 1
    elapsed = time.time() - start
    print(
        "fuzz: %d jobs, %d presses, %s, %.0f s, %d failed"
        % (jobs, per * jobs, "MicroPython VM at " + heap if vm else "CPython", elapsed, failed)
    )
    if not failed:
        shutil.rmtree(work, ignore_errors=True)
    return failed


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim fuzz", description=__doc__)
    from host_sim.cli import SEED, int_in

    p.add_argument("--presses", type=int_in(1, 10**9), default=1_000_000)
    p.add_argument("--jobs", type=int_in(1, 64), default=2)
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--vm", action="store_true", help="run inside the MicroPython VM")
    p.add_argument("--heap", default=VM_HEAP)
    p.add_argument("--keep", help="folder for the session files of failures")
    args = p.parse_args(argv)
    sys.exit(1 if run(args.presses, args.jobs, args.seed, args.vm, args.heap, args.keep) else 0)


if __name__ == "__main__":
    main()
