# Pocket Table: the device starts here. The board is named in board.txt.
from firmware.main import run

run()
