"""The smart trail's machine-code searches (shared_rules/snafu_native.py): the same
results as the bytecode ones, in the real MicroPython VM; the fallback elsewhere."""

import os
import subprocess

from host_sim import build
from mpvm import ROOT, run_mp
from shared_rules import snafu, snafu_ai
from test_snafu_ai import HEAP_LOCK_CODE, check_locked_decisions

# (variant, seed) rounds played by four smart trails; every variant once
ROUNDS = [(v, 20 + v) for v in range(1, 17)] + [(1, 3), (5, 4), (9, 5), (13, 6)]
CHECK_EVERY = 3  # ticks between kernel-by-kernel comparisons (every tick costs minutes)

KERNEL_CODE = """
from shared_rules import snafu, snafu_ai as ai
print("mode", ai.use_native())
NAT = tuple(ai._kernel)
PY = ai.py_kernel()

def use(k):
    for i in range(3):
        ai._kernel[i] = k[i]

def searches(s, t):
    offs = ai._OFF8 if s.opts["diagonal"] else ai._OFF4
    r = [ai._rivals(s, t, offs), bytes(ai._rw), bytes(ai._rd), bytes(ai._share)]
    for off in offs:
        c = s.head[t] + off
        if not s.board[c]:
            r.append(ai._territory(s, c, offs))
            r.append(ai._res[0])
            r.append(bytes(ai._bm) + bytes(ai._bt) + bytes(ai._bp))
            r.append(ai._room(s, c, offs, True))
            r.append(ai._room(s, c, offs, False))
    r.append(ai.smart_dir(s, t))
    return r

checks = 0
for variant, seed in ROUNDS:
    s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
    while not snafu.over(s):
        if s.tick % EVERY == 0:
            for t in range(4):
                if s.alive[t]:
                    use(PY)
                    slow = searches(s, t)
                    use(NAT)
                    fast = searches(s, t)
                    checks += 1
                    if fast != slow:
                        print("DIFF", variant, seed, s.tick, t)
        snafu.play(s, 0)
    print("round", variant, seed, s.winner, s.tick, s.rng.get_state())
print("checks", checks)
"""


def cpython_round(variant, seed):
    s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
    while not snafu.over(s):
        snafu.play(s, 0)
    return "round %d %d %d %d %d" % (variant, seed, s.winner, s.tick, s.rng.get_state())


def test_cpython_runs_the_bytecode_searches():
    assert snafu_ai.use_native() == "bytecode"
    assert snafu_ai._kernel == list(snafu_ai.py_kernel())


def test_native_searches_equal_bytecode_in_micropython(host_build):
    code = "ROUNDS = %r\nEVERY = %d\n" % (ROUNDS, CHECK_EVERY) + KERNEL_CODE
    out = run_mp(code, heap="2M", cwd=host_build, timeout=600)
    lines = out.splitlines()
    assert lines[0] == "mode native", out
    assert not [ln for ln in lines if ln.startswith("DIFF")], out
    assert int(lines[-1].split()[1]) > 1000, out  # positions compared search by search
    rounds = [ln for ln in lines if ln.startswith("round ")]
    assert rounds == [cpython_round(v, s) for v, s in ROUNDS]


def test_native_smart_dir_allocates_nothing(host_build):
    code = "from shared_rules import snafu_ai\nprint(snafu_ai.use_native())\n" + HEAP_LOCK_CODE
    mode, out = run_mp(code, cwd=host_build).split("\n", 1)
    assert mode == "native"
    check_locked_decisions(out)


def test_a_build_for_another_architecture_falls_back_to_bytecode(pico_build):
    code = (
        "from shared_rules import snafu, snafu_ai\n"
        "print(snafu_ai.use_native())\n"
        "s = snafu.new(21, {'variant': 13, 'humans': 0, 'others': 'smart'})\n"
        "while not snafu.over(s):\n"
        "    snafu.play(s, 0)\n"
        "print('round', 13, 21, s.winner, s.tick, s.rng.get_state())\n"
    )
    out = run_mp(code, cwd=pico_build).splitlines()
    assert out == ["bytecode", cpython_round(13, 21)]


def test_use_native_switches_back_and_forth_in_micropython(host_build):
    code = (
        "from shared_rules import snafu_ai as ai\n"
        "print(ai.use_native(False), ai.use_native(), ai.use_native(False))\n"
    )
    assert run_mp(code, cwd=host_build).split() == ["bytecode", "native", "bytecode"]


def mpy_arch(path):
    """The architecture field of a .mpy header (0: bytecode only; 4: armv6m)."""
    with open(path, "rb") as f:
        header = f.read(4)
    return header[2] >> 2


def test_device_build_compiles_only_the_viper_module_for_the_pico(pico_build):
    rules = os.path.join(pico_build, "shared_rules")
    archs = {name: mpy_arch(os.path.join(rules, name)) for name in os.listdir(rules)}
    assert archs.pop("snafu_native.mpy") == 4  # MP_NATIVE_ARCH_ARMV6M
    assert set(archs.values()) == {0}


def test_mpy_cross_refuses_viper_without_an_architecture():
    """Why the build names one: without -march mpy-cross cannot compile the module."""
    src = os.path.join(ROOT, "shared_rules", "snafu_native.py")
    proc = subprocess.run([build.mpy_cross(), "-o", os.devnull, src], capture_output=True)
    assert proc.returncode != 0
    assert build.has_machine_code(src)
    assert not build.has_machine_code(os.path.join(ROOT, "shared_rules", "snafu_ai.py"))


RELOAD_CODE = """
import sys
from firmware import app as appmod
from firmware import games

def one():
    games.load("snafu")
    from shared_rules import snafu, snafu_ai
    s = snafu.new(21, {"variant": 13, "humans": 0, "others": "smart"})
    while not snafu.over(s):
        snafu.play(s, 0)
    print("round", 13, 21, s.winner, s.tick, s.rng.get_state())
    print(snafu_ai.use_native())
    return sys.modules["shared_rules.snafu_native"]

first = one()
games.load("hang10")  # unloads Snafu
print("loaded", "shared_rules.snafu_ai" in sys.modules, "shared_rules.snafu_native" in sys.modules)
again = one()
print("same", first is again)
"""


def test_machine_code_stays_loaded_when_the_game_is_unloaded(host_build):
    """MicroPython never frees machine code from a .mpy: importing it again would
    take more heap each game, so the app keeps it and the next load reuses it."""
    out = run_mp(RELOAD_CODE, cwd=host_build).splitlines()
    played = cpython_round(13, 21)
    assert out == [played, "native", "loaded False True", played, "native", "same True"]
