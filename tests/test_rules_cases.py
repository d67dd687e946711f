"""The rule cases of tests/rules_cases/*_cases.py on CPython and inside the MicroPython VM.

Each cases module holds plain functions named case_<clause>_<what>. On CPython every case
is its own test. In the VM one run calls every case of a module and prints one line per
case; every case must print "ok" and the VM must run as many cases as CPython finds.

MicroPython compiles a whole source module at once, and a cases module is too big for
that inside a 64 KB heap. The VM therefore imports the cases module compiled by
mpy-cross (asserts kept), and the rules modules compiled as the device build compiles
them, at the default 64 KB heap. (tests/test_vm_app.py checks that every rules module
also imports from source at that heap.)
"""

import importlib
import os
import subprocess

import pytest

from host_sim import build
from mpvm import ROOT, require_vm, run_mp

CASES_DIR = os.path.join(ROOT, "tests", "rules_cases")
MODULES = sorted(n[:-3] for n in os.listdir(CASES_DIR) if n.endswith("_cases.py"))


def case_names(module):
    return sorted(n for n in dir(module) if n.startswith("case_") and callable(getattr(module, n)))


def load(name):
    return importlib.import_module("rules_cases." + name)


ALL = [(m, c) for m in MODULES for c in case_names(load(m))]


def test_cases_found():
    assert "hang10_cases" in MODULES
    assert len(ALL) >= 40


@pytest.mark.parametrize("module,case", ALL, ids=["%s.%s" % mc for mc in ALL])
def test_case_cpython(module, case):
    getattr(load(module), case)()


VM_RUNNER = r"""
import gc
import time
from rules_cases import %s as mod
names = sorted([n for n in dir(mod) if n.startswith("case_")])
t0 = time.ticks_ms()
n = 0
for name in names:
    gc.collect()
    try:
        getattr(mod, name)()
        print("ok", name)
    except Exception as e:
        print("FAIL %%s: %%r" %% (name, e))
    n += 1
print("ms", time.ticks_diff(time.ticks_ms(), t0))
print("done", n)
"""


@pytest.fixture(scope="module")
def cases_build(tmp_path_factory):
    """tests/rules_cases compiled to .mpy in a fresh directory (a package of its own)."""
    require_vm()
    out = tmp_path_factory.mktemp("cases_build")
    pkg = out / "rules_cases"
    pkg.mkdir()
    exe = build.mpy_cross()
    for name in sorted(os.listdir(CASES_DIR)):
        if name.endswith(".py"):
            dst = str(pkg / (name[:-3] + ".mpy"))
            subprocess.run([exe, "-o", dst, os.path.join(CASES_DIR, name)], check=True)
    rules = out / "shared_rules"
    rules.mkdir()
    src_dir = os.path.join(ROOT, "shared_rules")
    for name in sorted(os.listdir(src_dir)):
        if name.endswith(".py"):
            dst = str(rules / (name[:-3] + ".mpy"))
            src = os.path.join(src_dir, name)
            march = ["-march=" + build.HOST_MARCH] if build.has_machine_code(src) else []
            subprocess.run([exe, "-o", dst] + march + [src], check=True)
    return str(out)


@pytest.mark.parametrize("module", MODULES)
def test_cases_in_micropython(module, cases_build):
    code = "sys.path.insert(0, %r)\n" % cases_build + VM_RUNNER % module
    out = run_mp(code, timeout=300)
    lines = out.splitlines()
    failed = [ln for ln in lines if ln.startswith("FAIL ")]
    assert not failed, "cases failing in MicroPython:\n" + "\n".join(failed)
    assert lines and lines[-1].startswith("done "), out
    ran = int(lines[-1].split()[1])
    names = [ln.split()[1] for ln in lines if ln.startswith("ok ")]
    expected = case_names(load(module))
    assert ran == len(expected) and names == expected, out
