"""A simulated device: the firmware App on the headless board, files under a root folder."""

import os

import host_sim  # noqa: F401 - puts the project and the framebuf stand-in on sys.path
from boards import headless
from firmware.app import App


def make(root):
    """(app, board, driver) with the device filesystem in folder `root`."""
    os.makedirs(root, exist_ok=True)
    board = headless.setup(fs_root=root)
    app = App(board)
    return app, board, headless.Driver(app)


def screen_bytes(board):
    return headless.screen_bytes(board)


def pixel(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def pixel_w(buf, width, x, y):
    """A pixel of a MONO_VLSB buffer `width` pixels wide."""
    return (buf[(y >> 3) * width + x] >> (y & 7)) & 1
