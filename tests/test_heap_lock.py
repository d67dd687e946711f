"""No allocation per frame: micropython.heap_lock() around idle frames, a Snafu tick's
rules and computer trails, and its incremental drawing, inside the real VM."""

import pytest

from host_sim import build
from mpvm import run_mp

CODE = r"""
import micropython
from boards import headless
from firmware import app as appmod
from shared_rules import snafu as sn

board = headless.setup(fs_root=FS)
app = appmod.App(board)
app.frame(0, 0)

def locked(label, fn, n):  # no *args: a star call allocates
    micropython.heap_lock()
    try:
        fn(n)
    except MemoryError:
        micropython.heap_unlock()
        print("ALLOC", label)
        return
    micropython.heap_unlock()
    print("ok", label)

def idle(n):
    for _ in range(n):
        app.frame(0, 0)

locked("launcher idle frames", idle, 50)
screen = app.start_game("hang10", seed=4, resume=False)
app.frame(0, 0)
locked("hang10 idle frames", idle, 50)

screen = None  # let the Hang 10 screen go, as the app does
opts = {"variant": 13, "speed": 4, "others": "classic", "rounds": 1}
screen = app.start_game("snafu", seed=4, options=opts, resume=False)
from shared_rules import snafu as sn  # the module the game loaded (games.load reloads)
app.frame(16, 16)  # A: the round starts
app.frame(0, 0)
s = screen.s

def ticks(n):
    for _ in range(n):
        sn.play(s, sn.hold_move(s))

locked("snafu rules tick, classic trails", ticks, 5)

fb = app.fb
def draw(n):
    for _ in range(n):
        sn.play(s, sn.hold_move(s))
        screen.draw_game(fb)

screen.repaint = False
locked("snafu tick drawing", draw, 5)

def frames_between_ticks(n):
    for _ in range(n):
        screen.frames = 0
        screen.handle(0, 0)  # a frame that is not a tick

locked("snafu frames between ticks", frames_between_ticks, 3)
"""


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("lockbuild") / "device")
    build.build(out, march=build.HOST_MARCH)
    return out


def test_no_allocation_in_per_frame_work(device_build, tmp_path):
    # 96 KB: this script is compiled inside the VM too; the games' own heap cap is
    # tested elsewhere (test_vm_app, test_fuzz, test_soak). Locked means locked at any size.
    out = run_mp("FS = %r\n" % str(tmp_path) + CODE, cwd=device_build, heap="96wK")
    lines = out.split("\n")
    assert [x for x in lines if x.startswith("ALLOC")] == []
    assert len([x for x in lines if x.startswith("ok")]) == 5
