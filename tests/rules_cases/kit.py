"""What every game's rule cases share (plain functions: they run on CPython and inside
the MicroPython VM)."""


def raises(fn, *args):
    """True if fn(*args) raises ValueError."""
    try:
        fn(*args)
    except ValueError:
        return True
    return False
