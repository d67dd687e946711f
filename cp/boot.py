# Pocket Table on CircuitPython: runs once at power-up or reset, before USB starts.
#
# CIRCUITPY is writable either by the computer over USB or by the code on the board, never
# both. By default the app gets it, so it can keep saves in /saves; the computer then sees a
# read-only drive. Hold B (GP15) while plugging in (or resetting) to leave it to the computer
# instead, for `make install-cp`: the app still runs, but cannot save.
# /saves is made here when it is missing, so the app also starts on a read-only drive.
import os
import time

import board
import digitalio
import storage

SAVES = "/saves"
KEEP_USB_BUTTON = "GP15"  # B


def button_held(name):
    pin = digitalio.DigitalInOut(getattr(board, name))
    pin.switch_to_input(pull=digitalio.Pull.UP)
    time.sleep(0.02)  # let the pull-up settle
    held = not pin.value
    pin.deinit()
    return held


def make_saves_folder():
    try:
        os.stat(SAVES)
    except OSError:
        os.mkdir(SAVES)


def remount(readonly):
    try:
        storage.remount("/", readonly=readonly)
        return True
    except (OSError, RuntimeError, ValueError) as e:
        print("boot.py: cannot remount the drive:", e)
        return False


keep_usb = button_held(KEEP_USB_BUTTON)
if remount(False):
    try:
        make_saves_folder()
    except OSError as e:
        print("boot.py: cannot make %s:" % SAVES, e)
    if keep_usb:
        remount(True)
if keep_usb:
    print("boot.py: B held: the computer may write CIRCUITPY, the app cannot (saves off)")
else:
    print("boot.py: the app may write CIRCUITPY (saves on); hold B at power-up to copy a build")
