# Pocket Table: the device starts here. firmware/main.py sets up the board named in board.txt
# and runs the app, or says why it cannot and returns, leaving the REPL free for the next flash.
# Ctrl-C over USB (KeyboardInterrupt) is never caught.
try:
    from firmware.main import run
except Exception as e:  # noqa: BLE001 - firmware/main itself is missing or broken
    print("Pocket Table cannot start: %s: %s" % (e.__class__.__name__, e))
    print("Flash it again (make flash); the REPL is free.")
    try:  # the same plain message on the screen, if the display can be set up at all
        from firmware.board import read_board_name

        d = __import__("boards." + read_board_name(), None, None, ["setup"]).setup().display
        d.fb.fill(0)
        d.fb.text("Cannot start", 0, 0, 1)
        d.fb.text("firmware/main", 0, 16, 1)
        d.fb.text("Flash it again", 0, 56, 1)
        d.show()
    except Exception:  # noqa: BLE001 - no display either: the console message must do
        pass
else:
    run()
