import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
# CPython stand-ins for MicroPython-only modules (framebuf, ...), as the simulator uses.
sys.path.insert(0, os.path.join(ROOT, "host_sim", "mpstubs"))
