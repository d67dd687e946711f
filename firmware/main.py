"""Device entry: set up the board named in board.txt and run the app.

If the app cannot start (a module missing or broken, say after an interrupted
flash), a plain message goes to the screen when the display can be set up at
all, the error goes to the USB console, and run() returns, so main.py ends and
the REPL is free for the next flash. KeyboardInterrupt (Ctrl-C over USB) is
never caught here.
"""

import sys

SCREEN_LINES = 8
SCREEN_COLS = 16


def run(board_name=None):
    board = None
    try:
        from firmware.board import read_board_name

        name = board_name or read_board_name()
        __import__("boards." + name)
        board = sys.modules["boards." + name].setup()
        from firmware.app import App

        app = App(board)
    except Exception as e:  # noqa: BLE001 - anything but Ctrl-C: say so and free the REPL
        cannot_start(e, board)
        return
    app.run()


def error_text(e):
    msg = str(e).split("\n")[0]
    return e.__class__.__name__ + (": " + msg if msg else "")


def cannot_start(e, board=None):
    """Report a start-up failure on the console and, if there is a display, on the screen."""
    text = error_text(e)
    print("Pocket Table cannot start: " + text)
    print("Install it again (make flash, or make install-cp on CircuitPython); the REPL is free.")
    print_exception = getattr(sys, "print_exception", None)
    if print_exception:
        print_exception(e)
    display = getattr(board, "display", None)
    if display is not None:
        try:
            show_message(display, text)
        except Exception:  # noqa: BLE001 - the console message above must do
            pass


def message_lines(text):
    """The plain start-up failure screen as text lines (16 columns, 8 rows)."""
    lines = ["Cannot start", ""]
    rest = SCREEN_LINES - len(lines) - 2
    for i in range(0, len(text), SCREEN_COLS):
        if rest == 0:
            break
        lines.append(text[i : i + SCREEN_COLS])
        rest -= 1
    lines.append("")
    lines.append("Flash it again")
    return lines


def show_message(display, text):
    """Draw the message with the display's own framebuffer (no other firmware module needed)."""
    fb = display.fb
    fb.fill(0)
    for i, line in enumerate(message_lines(text)):
        fb.text(line, 0, i * 8, 1)
    display.show()
