"""The simulated device in a terminal: Unicode half-blocks, keyboard as buttons.

A terminal smaller than 130x36 gets a compact view in braille (2x4 pixels a
character, 66x18 with its frame: it fits 80x24) and a line saying how to get
the full one; the view follows the terminal's size as it changes.

Keys: arrows or WASD = d-pad, the number pad's 7 9 1 3 (or Home, PgUp, End, PgDn)
= diagonals, Z or J = A, X or K = B, Shift with a letter = hold that button for
1 s, P = a screenshot (shot-NNN.png next to the saves), Esc = back to the
launcher (in a game it holds A+B for the chord's 0.5 s, as on the device, so the
game saves and a replay holds them too), Q = quit (saves too).
"""

import os
import select
import shutil
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
    # the number pad: 8 4 6 2 the d-pad, 7 9 1 3 its diagonals (Snafu's diagonal
    # variants), also without Num Lock (Home, PgUp, End, PgDn)
    b"8": btn.UP,
    b"2": btn.DOWN,
    b"4": btn.LEFT,
    b"6": btn.RIGHT,
    b"7": btn.UP | btn.LEFT,
    b"9": btn.UP | btn.RIGHT,
    b"1": btn.DOWN | btn.LEFT,
    b"3": btn.DOWN | btn.RIGHT,
    b"\x1b[H": btn.UP | btn.LEFT,
    b"\x1b[1~": btn.UP | btn.LEFT,
    b"\x1b[5~": btn.UP | btn.RIGHT,
    b"\x1b[F": btn.DOWN | btn.LEFT,
    b"\x1b[4~": btn.DOWN | btn.LEFT,
    b"\x1b[6~": btn.DOWN | btn.RIGHT,
}
HOLD_FRAMES = 40  # a capital letter (Shift) holds its button this long: 1 s
HELP = "arrows/WASD  7 9 1 3 diagonals  Z=A X=B  Shift=hold 1s  P=shot  Esc=back Q=quit"


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


FULL_SIZE = (130, 36)  # columns, rows the half-block view takes (help line, cursor line)
COMPACT_NOTE = "compact view: make the terminal 130x36 for the full one"
# Braille dots of a cell, (dx, dy) -> bit: 2 pixels wide, 4 tall
_BRAILLE_BITS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08))
_BRAILLE_BITS += ((1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))


def render_compact(buf):
    """128x64 screen bytes -> 16 lines of 64 braille characters (2x4 pixels each),
    framed: 66 columns by 18 rows, which fits an 80x24 terminal."""
    lines = ["+" + "-" * 64 + "+"]
    for row in range(0, 64, 4):
        chars = []
        for x in range(0, 128, 2):
            bits = 0
            for dx, dy, bit in _BRAILLE_BITS:
                if pixel(buf, x + dx, row + dy):
                    bits |= bit
            chars.append(chr(0x2800 + bits))
        lines.append("|" + "".join(chars) + "|")
    lines.append("+" + "-" * 64 + "+")
    return "\n".join(lines)


def fits_full(size):
    """True when a terminal of `size` (columns, lines) shows the full view."""
    return size[0] >= FULL_SIZE[0] and size[1] >= FULL_SIZE[1]


def view(buf, size, status=""):
    """What the terminal shows for these screen bytes at this size: the full view, or
    the compact one with a line saying how to get the full one. A status (a
    screenshot's file) takes the keys' line; one too long for it keeps its end (the
    file's name) after "..."."""
    width = max(0, size[0] - 1)
    line = (status or HELP)[:width]
    if status and len(status) > width >= 8:
        line = "..." + status[len(status) - width + 3 :]
    if fits_full(size):
        return render(buf) + "\n" + line
    return render_compact(buf) + "\n" + line + "\n" + COMPACT_NOTE


def _sequence_end(data, i):
    """Where the escape sequence at data[i] ends (CSI: parameters, then a final byte)."""
    j = i + 2
    while j < len(data) and data[j] in b"0123456789;":
        j += 1
    return min(j + 1, len(data))


def parse_keys(data):
    """Raw terminal bytes -> (button mask, 'home'/'quit'/None)."""
    mask, _hold, action = parse_terminal(data)
    return mask, action


def parse_terminal(data):
    """Raw terminal bytes -> (button mask, the part of it to hold, 'home'/'quit'/None).
    A capital letter (typed with Shift) asks to hold its button (HOLD_FRAMES)."""
    mask = 0
    hold = 0
    action = None
    i = 0
    while i < len(data):
        if data[i : i + 1] == b"\x1b" and data[i + 1 : i + 2] in (b"[", b"O"):
            end = _sequence_end(data, i)
            seq = b"\x1b[" + data[i + 2 : end]
            mask |= KEYS.get(seq, 0)  # a sequence we do not use is skipped whole
            i = end
            continue
        raw = data[i : i + 1]
        ch = raw.lower()
        if ch == b"\x1b":
            action = "home"
        elif ch == b"q":
            action = "quit"
        elif ch == b"p":
            action = "shot"
        elif ch in KEYS:
            mask |= KEYS[ch]
            if raw != ch:
                hold |= KEYS[ch]
        i += 1
    return mask, hold, action


class Session:
    """The frames the terminal feeds the app: keys read since the last frame in, one
    frame out. A terminal sends no key releases, so holds are made here: Esc in a
    game is the device's own way out, A+B held for CHORD_FRAMES frames (the game logs
    the hold, saves and goes home; elsewhere Esc goes home), and a capital letter
    holds its button for HOLD_FRAMES (the button test's "hold B", About's "hold A+B"
    as Shift+Z and Shift+X together)."""

    def __init__(self, app):
        self.app = app
        self.hold_left = 0
        self.holding = 0
        self.waiting = b""
        self.status = ""  # a line under the screen (a screenshot's file)

    def frame(self, data):
        """One frame from the keys in `data`; False when Q asked to quit."""
        app = self.app
        if self.hold_left:  # keys typed during a hold wait for its end
            self.waiting += data
            self.hold_left -= 1
            app.frame(0, self.holding)
            return True
        data, self.waiting = self.waiting + data, b""
        mask, hold, action = parse_terminal(data)
        if action == "quit":
            return False
        if data:
            self.status = ""  # the next key brings the keys' line back
        if action == "shot":
            self.status = self.screenshot()
        if hold:
            self.hold(mask, hold, HOLD_FRAMES)
            return True
        if action == "home":
            if hasattr(app.screen, "save_now") and not app.screen.finished:
                self.hold(AB, AB, CHORD_FRAMES)
                return True
            app.home()
        app.frame(mask, mask)
        return True

    def screenshot(self):
        """P: the panel as a PNG in the device's folder (shot-001.png, ...); the line
        the terminal shows about it."""
        from host_sim import png

        folder = os.path.dirname(self.app.store.dir.rstrip("/")) or "."
        n = 1
        while os.path.exists(os.path.join(folder, "shot-%03d.png" % n)):
            n += 1
        path = os.path.join(folder, "shot-%03d.png" % n)
        try:
            png.save(bytes(self.app.display.buf), path, scale=4)
        except OSError as e:
            return "screenshot not saved: %s" % (e.strerror or e)
        return "saved " + path

    def hold(self, pressed, held, frames):
        """Press `pressed`, then keep `held` down for `frames` frames in all."""
        self.holding = held
        self.hold_left = frames - 1
        self.app.frame(pressed, held)

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
        tty.setcbreak(fd, termios.TCSANOW)  # keys typed while it started are kept
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
            if getattr(board.display, "inverted", False):  # Settings > Invert: as the panel
                buf = bytes(b ^ 0xFF for b in buf)
            size = tuple(shutil.get_terminal_size((80, 24)))
            if (buf, size, session.status) != last:
                if last is None or size != last[1]:
                    out.write("\x1b[2J")  # resized: clear what the other view left
                last = (buf, size, session.status)
                text = view(buf, size, session.status).replace("\n", "\x1b[K\n")
                out.write("\x1b[H" + text + "\x1b[K\n")
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
