"""The laptop side: the device's firmware and rules on simulated hardware."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPSTUBS = os.path.join(ROOT, "host_sim", "mpstubs")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
if MPSTUBS not in sys.path:
    sys.path.append(MPSTUBS)  # only modules CPython lacks (framebuf) are found here

# The heap the whole app runs in inside the MicroPython VM (fuzz, soak, the app tests),
# in 32-bit-sized words: a whole game from the launcher needs 68 KB there and a
# long session keeps 64 KB after gc (the VM's
# figure: an estimate; the emulated Pico is the reference, see README Performance).
APP_HEAP = "96wK"


def parser(**kwargs):
    """An argparse parser whose bad arguments end in one line (the program, the error and
    where the usage is), not argparse's usage block: every host_sim command uses it."""
    import argparse

    class OneLineParser(argparse.ArgumentParser):
        def error(self, message):
            self.exit(2, "%s: error: %s (--help: the usage)\n" % (self.prog, message))

    return OneLineParser(**kwargs)
