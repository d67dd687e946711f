# Pocket Table on CircuitPython: the device starts here. lib/ holds our packages (shared_rules,
# firmware, boards), the pure-Python framebuf and adafruit_displayio_ssd1306. firmware/main.py
# sets up the board and runs the app, or says why it cannot and returns, leaving the REPL free.
# The board is boards/cp_pico.py unless board.txt names another CircuitPython board (cp_...).
# Ctrl-C over USB (KeyboardInterrupt) is never caught.
DEFAULT_BOARD = "cp_pico"


def board_name():
    try:
        from firmware.board import read_board_name

        name = read_board_name(default=DEFAULT_BOARD)
    except Exception:  # noqa: BLE001 - firmware/board itself is missing or broken
        return DEFAULT_BOARD
    return name if name.startswith("cp_") else DEFAULT_BOARD  # pico_i2c etc. need MicroPython


try:
    from firmware.main import run
except Exception as e:  # noqa: BLE001 - firmware/main itself is missing or broken
    print("Pocket Table cannot start: %s: %s" % (e.__class__.__name__, e))
    print("Copy the build again (make install-cp); the REPL is free.")
else:
    run(board_name())
