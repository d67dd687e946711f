"""The device app's package. drop_module is here, in the one module that is always
loaded, for the app, the registry, a game's opening and its screen alike."""

import sys

END_MODULES = ("firmware.result", "firmware.ending")  # the end's code (GameScreen.update)


def drop_module(name):
    """A module out of sys.modules and its package, so its heap can be collected once
    nothing else holds it. A module whose RESIDENT is true stays: machine code (which
    MicroPython never frees), the registry holding an entry a test added."""
    mod = sys.modules.get(name)
    if mod is None or declared(mod, "RESIDENT", False):
        return
    del sys.modules[name]
    pkg, _, short = name.rpartition(".")
    parent = sys.modules.get(pkg)
    if parent is not None and getattr(parent, short, None) is mod:
        delattr(parent, short)


def declared(mod, name, default=None):
    """A module's own value of an optional name, else `default`. Read from its names, not
    asked of the module: a rules module's __getattr__ (Disc Battle's, Three-Thirteen's)
    may import code for a name, and raises for every name it lacks, an allocation a
    full heap at a match's end may not have. No module (None): `default`."""
    return default if mod is None else mod.__dict__.get(name, default)
