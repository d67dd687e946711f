"""What the app needs from a board: a display, a button reader, a clock, a filesystem root."""


class Board:
    """Plain container filled in by a boards/*.py setup()."""

    def __init__(self, name, display, read_buttons, ticks_ms, ticks_diff, sleep_ms, fs_root=""):
        self.name = name
        self.display = (
            display  # firmware.ssd1306.SSD1306 (or compatible: fb, show, contrast, invert)
        )
        self.read_buttons = read_buttons  # () -> bitmask (firmware.buttons UP..B)
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.sleep_ms = sleep_ms
        self.fs_root = fs_root  # "" on the device: saves live in /saves
        self.buzzer = None  # object with tone(freq_hz, ms) if a buzzer is wired
        self.watchdog = None  # factory(timeout_ms) -> object with feed(), if supported
        # () that starts the app again in a fresh heap (main.py runs again), if supported:
        # a game then opens across it (firmware/restart.py)
        self.soft_reset = None


def pin_reader(pins):
    """Read a list of (Pin, bit) wired active-low (pull-up, button to ground) into a bitmask."""

    def read():
        mask = 0
        for pin, bit in pins:
            if not pin.value():
                mask |= bit
        return mask

    return read


def read_board_name(path="board.txt", default="pico_i2c"):
    """The board named in board.txt, or the default if there is none.

    board.txt is device-local, like the saves: the build does not ship it and a
    flash never overwrites it. Its first word that is not on a blank or # line counts.
    """
    try:
        with open(path) as f:
            text = f.read()
    except (OSError, UnicodeError):
        return default
    for line in text.split("\n"):
        words = line.split()
        if words and not words[0].startswith("#"):
            return words[0]
    return default
