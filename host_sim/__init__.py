"""The laptop side: the device's firmware and rules on simulated hardware."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPSTUBS = os.path.join(ROOT, "host_sim", "mpstubs")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
if MPSTUBS not in sys.path:
    sys.path.append(MPSTUBS)  # only modules CPython lacks (framebuf) are found here
