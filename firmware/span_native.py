"""The display driver's changed-span search as MicroPython viper (machine) code.

Optional: firmware.ssd1306 uses span() when this module loads (MicroPython with the
viper emitter, a .mpy built for the board's architecture) and its own bytecode loop
otherwise (CPython, CircuitPython, a .mpy of another architecture). Both return the
same span (tests/test_ssd1306.py compares them inside the MicroPython VM).
"""

import micropython

# MicroPython never frees machine code loaded from a .mpy: the app keeps this module
# loaded once imported (firmware.drop_module leaves RESIDENT modules alone).
RESIDENT = True


@micropython.viper
def span(buf, shown, base: int) -> int:
    """The changed columns of the 128-byte page at base, which differs somewhere:
    (first << 8) | (last + 1), columns counted from the page's start."""
    b = ptr8(buf)
    s = ptr8(shown)
    lo = base
    while b[lo] == s[lo]:
        lo += 1
    end = base + 127
    while b[end] == s[end]:
        end -= 1
    return ((lo - base) << 8) | (end + 1 - base)
