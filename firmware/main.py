"""Device entry: set up the board named in board.txt and run the app."""

import sys


def run(board_name=None):
    from firmware.board import read_board_name

    name = board_name or read_board_name()
    __import__("boards." + name)
    board = sys.modules["boards." + name].setup()
    from firmware.app import App

    App(board).run()
