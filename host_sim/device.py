"""A simulated device: the firmware App on the headless board, files under a root folder."""

import os

import host_sim  # noqa: F401 - puts the project and the framebuf stand-in on sys.path
from boards import driver, headless
from firmware.app import App


def make(root):
    """(app, board, driver) with the device filesystem in folder `root`."""
    os.makedirs(root, exist_ok=True)
    board = headless.setup(fs_root=root)
    app = App(board)
    return app, board, driver.Driver(app)


def screen_bytes(board):
    return driver.screen_bytes(board)


def pixel(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def pixel_w(buf, width, x, y):
    """A pixel of a MONO_VLSB buffer `width` pixels wide."""
    return (buf[(y >> 3) * width + x] >> (y & 7)) & 1


def text_on_screen(board, text, y):
    """Is `text` drawn (8x8 font) with its top at row y, at any x, normal or inverted?"""
    import framebuf

    w = 8 * len(text)
    buf = bytearray(w)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB)
    fb.text(text, 0, 0, 1)
    want = [[pixel_w(buf, w, x, r) for x in range(w)] for r in range(8)]
    screen = board.display.buf
    rows = [[pixel(screen, x, y + r) for x in range(128)] for r in range(8)]
    for x0 in range(0, 129 - w):
        for inv in (0, 1):
            if all(rows[r][x0 + x] ^ inv == want[r][x] for r in range(8) for x in range(w)):
                return True
    return False


def press_move(app, screen, move, limit=40):
    """Make `move` for the person through the screen's picker, by its own presses (each
    a press, then an idle frame; a screen whose picker comes on your turns only, as
    Three-Thirteen's, idles until then); AssertionError if it is not reached."""
    for _ in range(2000):
        if screen.picker is not None:
            break
        app.frame(0, 0)  # the computers play on
    for _ in range(limit):
        before = screen.s.nmoves
        key = screen.picker.press_toward(move)
        app.frame(key, key)
        app.frame(0, 0)
        if screen.s.nmoves != before:
            return
    raise AssertionError("move %s not reached" % screen.rules.move_text(screen.s, move))
