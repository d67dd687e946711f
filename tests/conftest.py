import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
# CPython stand-ins for MicroPython-only modules (framebuf, ...), as the simulator uses.
sys.path.insert(0, os.path.join(ROOT, "host_sim", "mpstubs"))
# Bytecode kept (under build/, for this process and the commands it starts) even where
# the environment says not to write it: the app imports a game's modules again at each
# opening, as the device does, and compiling them every time was most of some tests' time.
sys.dont_write_bytecode = False
sys.pycache_prefix = os.path.join(ROOT, "build", "pycache")
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix


def pytest_collection_finish(session):
    """Everything alive once the tests are collected (pytest, the test modules, Pillow,
    the app's shared modules) is set aside from CPython's collections. The app collects
    the heap many times a game opening, for the device's sake (firmware/games.py); on
    CPython each full collection walked every one of those objects, most of the app's
    tests' time (a game opened in 450 ms instead of 50). What the tests make is still
    collected, as before."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def host_build(tmp_path_factory):
    """The device build compiled for this machine (viper modules run in the VM here)."""
    from host_sim import build

    out = str(tmp_path_factory.mktemp("native") / "device")
    build.build(out, march=build.HOST_MARCH)
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="session")
def pico_build(tmp_path_factory):
    """The device build for the Pico's architecture: not this machine's."""
    from host_sim import build

    out = str(tmp_path_factory.mktemp("pico") / "device")
    build.build(out)
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture
def opening_free_heap(monkeypatch):
    """opening_free_heap(n): a game's opening finds n bytes free when it asks the heap
    (gc.mem_free, which CPython has not; firmware/ui/opening.py), as on the device, where
    the game's modules leave the heap in play (gamescreen._dropping patched too). The
    rest of the app asks nothing. The opening module comes and goes with each game, so
    it is answered as each game opens."""
    import types

    from firmware import gamescreen

    real = gamescreen._opening

    def heap_answers(free):
        def opening():
            mod = real()
            mod.gc = types.SimpleNamespace(mem_free=lambda: free)
            return mod

        monkeypatch.setattr(gamescreen, "_dropping", lambda: True)
        monkeypatch.setattr(gamescreen, "_opening", opening)

    return heap_answers
