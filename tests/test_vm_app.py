"""The whole firmware app in the real MicroPython VM (built .mpy, 64 KB heap) vs CPython."""

import json
import os
import subprocess
import sys

import pytest

import host_sim
from host_sim import build
from mpvm import ROOT, run_mp

SCENARIO = r"""
import sys
from boards import driver, headless
from firmware import app as appmod
board = headless.setup(fs_root=FS)
app = appmod.App(board)
d = driver.Driver(app)
d.keys("A,A")                      # launcher -> Hang 10 -> New game
screen = app.screen
while screen.s.turn < 6:           # a few turns by the bot
    m = screen.bot_press()
    app.frame(m, m)
    app.frame(0, 0)
d.keys("A+B*20")                   # chord: save and leave
d.keys("A,A")                      # Hang 10 -> Continue
ok = d.autoplay()
screen = app.screen
print("screen", screen.__class__.__name__, ok, app.last_error)
print("score", screen.rules.score(screen.s), screen.s.nmoves)
print("bytes", bytes(board.display.buf).hex())
print("bus", board.bus.bytes_sent)
"""


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build") / "device")
    build.build(out, march=build.HOST_MARCH)
    return out


def run_cpython(fs, scenario=SCENARIO):
    code = "FS = %r\n" % fs + scenario
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, os.path.join(ROOT, "host_sim", "mpstubs")])
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return proc.stdout


def run_both(device_build, tmp_path, scenario):
    """(the VM's output, CPython's, the VM's folder, CPython's): the scenario run on the
    device build in the MicroPython VM and on the sources in CPython, each on its files."""
    vm_fs = str(tmp_path / "vm")
    cp_fs = str(tmp_path / "cp")
    os.makedirs(vm_fs)
    os.makedirs(cp_fs)
    vm = run_mp("FS = %r\n" % vm_fs + scenario, cwd=device_build, heap=host_sim.APP_HEAP)
    return vm, run_cpython(cp_fs, scenario), vm_fs, cp_fs


def test_app_in_micropython_matches_cpython(device_build, tmp_path):
    vm, cp, vm_fs, cp_fs = run_both(device_build, tmp_path, SCENARIO)
    assert vm.splitlines()[0] == "screen Hang10Screen True None", vm
    assert vm == cp
    # the same files were written on both sides
    for name in ("hang10.json", "hang10.last.rep"):
        with (
            open(os.path.join(vm_fs, "saves", name)) as a,
            open(os.path.join(cp_fs, "saves", name)) as b,
        ):
            assert a.read() == b.read()


def test_every_shared_rules_module_imports_from_source_at_64k():
    """CircuitPython compiles the source on the device. Each module alone, and a game's
    part (gnerts_save, rummy_melds, snafu_ai) after its rules module too, as in the app,
    where the rules module (or the screen that holds it) imports its parts when first
    needed: the rules' own code compiled and resident first."""
    names = sorted(
        n[:-3]
        for n in os.listdir(os.path.join(ROOT, "shared_rules"))
        if n.endswith(".py") and n != "__init__.py"
    )
    for name in names:
        game = name.split("_")[0]
        firsts = [""]
        if game != name and game in names:
            firsts.append("import shared_rules.%s\n" % game)
        for first in firsts:
            out = run_mp(first + "import shared_rules.%s\nprint('ok')" % name)
            assert out.strip() == "ok", (first, name)


RESET_SCENARIO = r"""
from boards import driver, headless
from firmware import app as appmod


def start():
    board = headless.setup(fs_root=FS)

    def reset():
        raise SystemExit  # machine.soft_reset on the device

    board.soft_reset = reset
    app = appmod.App(board)
    return app, board, driver.Driver(app)


app, board, d = start()
app.new_seed = lambda: 4242
try:
    d.keys("DOWN,A,A,RIGHT,A")     # Snafu -> New game -> an option -> Start
    print("no reset")
except SystemExit:
    print("reset", app.store.read_text(appmod.OPENING))
app = board = d = None
app, board, d = start()            # main.py again: the game opens
screen = app.screen
print("opened", screen.gid, sorted(screen.options.items()), app.store.exists(appmod.OPENING))
for _ in range(40):
    app.frame(0, 0)
print("bytes", bytes(board.display.buf).hex())
"""


def test_a_game_opens_across_a_reset_in_micropython_as_in_cpython(device_build, tmp_path):
    """The launcher's record written and read back by the real VM's json and files."""
    vm, cp, _vm_fs, _cp_fs = run_both(device_build, tmp_path, RESET_SCENARIO)
    assert vm.startswith('reset {"gid": "snafu", "home": 1, '), vm
    assert "\nopened snafu " in vm and " False\n" in vm, vm
    vm_record, vm_rest = vm.split("\n", 1)
    cp_record, cp_rest = cp.split("\n", 1)
    # the options' own order is each port's dict order: the records are equal as JSON
    assert json.loads(vm_record[6:]) == json.loads(cp_record[6:])
    assert vm_rest == cp_rest
