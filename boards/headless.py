"""A board with no hardware: scripted buttons, a virtual clock, a byte-counting display bus.

Used by the simulator on CPython and by tests inside the MicroPython VM, so the
same firmware code runs on both. The display is the real driver over a fake bus.
"""

from firmware.board import Board
from firmware.ssd1306 import SSD1306

NAME = "headless"


class CountingBus:
    """Stands in for I2C: counts what the driver sends (as I2C bytes)."""

    MODEL = False  # True: every command byte goes through command() (a panel model)

    def __init__(self):
        self.bytes_sent = 0
        self.commands = 0
        self.data_writes = 0
        self.contrast = 255
        self.inverted = False
        self._expect_contrast = False

    def cmd(self, c):
        self.bytes_sent += 2  # control byte 0x80, the command
        self.command(c)

    def cmds(self, buf):
        self.bytes_sent += 1 + len(buf)  # control byte 0x00, the commands
        if buf[0] == 0x21 and not self.MODEL:  # a show()'s window: column and page range
            self.commands += len(buf)  # counted, not walked in Python: the I2C it stands
            return  # for is one C call
        for c in buf:
            self.command(c)

    def command(self, c):
        """One command byte as the panel takes it."""
        self.commands += 1
        if self._expect_contrast:
            self.contrast = c
            self._expect_contrast = False
        elif c == 0x81:
            self._expect_contrast = True
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7

    def data(self, mv):
        self.bytes_sent += 1 + len(mv)
        self.data_writes += 1


class WatchdogReset(BaseException):
    """The simulated device was reset by its watchdog."""


class VirtualClock:
    def __init__(self):
        self.now = 0
        self.watchdogs = []

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms
        for w in self.watchdogs:
            w.check()


class FakeWatchdog:
    """Checked whenever virtual time passes; raises WatchdogReset when starved."""

    def __init__(self, clock, timeout_ms):
        self.clock = clock
        self.timeout = timeout_ms
        self.last = clock.now
        clock.watchdogs.append(self)

    def feed(self):
        self.last = self.clock.now

    def check(self):
        if self.clock.now - self.last > self.timeout:
            raise WatchdogReset("watchdog: no feed for %d ms" % (self.clock.now - self.last))

    def stop(self):
        if self in self.clock.watchdogs:
            self.clock.watchdogs.remove(self)


def ticks_diff(a, b):
    return a - b


def setup(fs_root=".sim"):
    bus = CountingBus()
    display = SSD1306(bus)
    clock = VirtualClock()
    held = [0]

    def read_buttons():
        return held[0]

    board = Board(NAME, display, read_buttons, clock.ticks_ms, ticks_diff, clock.sleep_ms, fs_root)
    board.bus = bus
    board.clock = clock
    board.watchdog = lambda timeout_ms: FakeWatchdog(clock, timeout_ms)
    board.held = held  # the host sets held[0] to press buttons
    return board


class Driver:
    """Feeds frames to an App on this board: scripted keys, recorded inputs, idle time."""

    def __init__(self, app):
        self.app = app

    def idle(self, frames=1):
        for _ in range(frames):
            self.app.frame(0, 0)

    def keys(self, script, gap=1):
        """script: 'RIGHT,A,A+B*30' - each token pressed for one frame (or held *N
        frames), then released for `gap` idle frames."""
        for mask, frames in parse_keys(script):
            self.app.frame(mask, mask)
            for _ in range(frames - 1):
                self.app.frame(0, mask)
            self.idle(gap)

    def replay(self, game, seed, options, inputs, tail=1, profile=None):
        """Start `game` fresh (with the replay's profile) and feed a recorded InputLog."""
        app = self.app
        app.start_game(game, seed=seed, options=options, resume=False, profile=profile)
        held = 0
        for delta, pressed, new_held in inputs.events():
            if delta == 0:  # the game was resumed from its save here
                app.frame(0, 0)
                held = 0
                app.start_game(game, resume=True)
                continue
            for _ in range(delta - 1):
                app.frame(0, held)
            app.frame(pressed, new_held)
            held = new_held
        for _ in range(tail):
            app.frame(0, held)

    def autoplay(self, max_frames=20000):
        """Let the game screen's bot press the buttons until its game is over."""
        app = self.app
        for _ in range(max_frames):
            screen = app.screen
            if getattr(screen, "finished", True):
                pending = getattr(screen, "files_pending", None)
                while pending is not None and pending() and app.screen is screen:
                    app.frame(0, 0)  # the files of the game's end, a piece a frame
                return True
            mask = screen.bot_press()
            app.frame(mask, mask)
            app.frame(0, 0)
        return False


KEYS_HOLD_MAX = 100000  # frames one token may hold (40 minutes)


def parse_keys(script):
    """[(mask, frames)] of a key script ('RIGHT,A,A+B*30', '-*40' waits 40 frames);
    ValueError naming the token and the syntax when it is not one."""
    from firmware.buttons import parse_mask

    out = []
    for tok in script.split(","):
        tok = tok.strip()
        if not tok:
            continue
        name, star, count = tok.partition("*")
        try:
            mask = parse_mask(name)
        except ValueError as e:
            raise ValueError("key %r: %s" % (tok, e)) from None
        frames = 1
        if star:
            if not count.isdigit() or not 1 <= int(count) <= KEYS_HOLD_MAX:
                raise ValueError(
                    "key %r: the count after * must be a whole number 1 to %d (e.g. A*30)"
                    % (tok, KEYS_HOLD_MAX)
                )
            frames = int(count)
        out.append((mask, frames))
    return out


def screen_bytes(board):
    """The bytes the panel holds (what a person sees), as a bytes copy."""
    return bytes(board.display.buf)
