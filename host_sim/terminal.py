"""The simulated device in a terminal: Unicode half-blocks, keyboard as buttons.

Keys: arrows or WASD = d-pad, Z or J = A, X or K = B, Esc = back to the
launcher (in a game it holds A+B for the chord's 0.5 s, as on the device, so the
game saves and a replay holds them too), Q = quit (saves too).
"""

import os
import select
import sys
import time

from firmware import buttons as btn
from firmware.app import AB, CHORD_FRAMES, FRAME_MS
from host_sim.device import pixel

KEYS = {
    b"\x1b[A": btn.UP,
    b"\x1b[B": btn.DOWN,
    b"\x1b[D": btn.LEFT,
    b"\x1b[C": btn.RIGHT,
    b"w": btn.UP,
    b"s": btn.DOWN,
    b"a": btn.LEFT,
    b"d": btn.RIGHT,
    b"z": btn.A,
    b"j": btn.A,
    b"x": btn.B,
    b"k": btn.B,
}
HELP = "arrows/WASD d-pad  Z/J=A  X/K=B  Esc=launcher  Q=quit"


def render(buf):
    """128x64 screen bytes -> 32 lines of half-block characters, framed."""
    lines = ["+" + "-" * 128 + "+"]
    for row in range(0, 64, 2):
        chars = []
        for x in range(128):
            top = pixel(buf, x, row)
            bottom = pixel(buf, x, row + 1)
            chars.append(" ▀▄█"[top + 2 * bottom])
        lines.append("|" + "".join(chars) + "|")
    lines.append("+" + "-" * 128 + "+")
    return "\n".join(lines)


def parse_keys(data):
    """Raw terminal bytes -> (button mask, 'home'/'quit'/None)."""
    mask = 0
    action = None
    i = 0
    while i < len(data):
        if data[i : i + 3] in KEYS:
            mask |= KEYS[data[i : i + 3]]
            i += 3
            continue
        ch = data[i : i + 1].lower()
        if ch == b"\x1b":
            if data[i + 1 : i + 2] in (b"[", b"O"):
                i += 3  # an escape sequence we do not use
                continue
            action = "home"
        elif ch == b"q":
            action = "quit"
        elif ch in KEYS:
            mask |= KEYS[ch]
        i += 1
    return mask, action


class Session:
    """The frames the terminal feeds the app: keys read since the last frame in, one
    frame out. Esc in a game is the device's own way out, A+B held for CHORD_FRAMES
    frames (the game logs the hold, saves and goes home); elsewhere it goes home."""

    def __init__(self, app):
        self.app = app
        self.chord_left = 0
        self.waiting = b""

    def frame(self, data):
        """One frame from the keys in `data`; False when Q asked to quit."""
        app = self.app
        if self.chord_left:  # keys typed during the hold wait for its end
            self.waiting += data
            self.chord_left -= 1
            app.frame(0, AB)
            return True
        data, self.waiting = self.waiting + data, b""
        mask, action = parse_keys(data)
        if action == "quit":
            return False
        if action == "home":
            if hasattr(app.screen, "save_now") and not app.screen.finished:
                self.chord_left = CHORD_FRAMES - 1
                app.frame(AB, AB)
                return True
            app.home()
        app.frame(mask, mask)
        return True

    def quit(self):
        """Q: a game in progress is saved, as the device does at power-off."""
        screen = self.app.screen
        if hasattr(screen, "save_now") and not screen.finished:
            screen.save_now()


def run(app, board, on_quit=None):
    if not sys.stdin.isatty():
        raise SystemExit(
            "host_sim: the interactive simulator needs a terminal; "
            "use 'shot', 'run' or 'replay' for scripted runs"
        )
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    out.write("\x1b[?25l\x1b[2J")
    last = None
    session = Session(app)
    try:
        tty.setcbreak(fd)
        app.frame(0, 0)
        while True:
            start = time.monotonic()
            data = b""
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 64)
                if not chunk:
                    break
                data += chunk
            if not session.frame(data):
                break
            buf = bytes(board.display.buf)
            if buf != last:
                last = buf
                out.write("\x1b[H" + render(buf) + "\n" + HELP + "\x1b[K\n")
                out.flush()
            spent = time.monotonic() - start
            time.sleep(max(0.0, FRAME_MS / 1000 - spent))
    finally:
        session.quit()
        if on_quit:
            on_quit(app)
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\n")
        out.flush()
