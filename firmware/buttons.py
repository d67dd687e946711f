"""Buttons as a bitmask, debounced, with presses latched until the next frame."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
ALL = const(63)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")


def mask_text(mask):
    """16|32 -> 'A+B'; 0 -> '-'."""
    if not mask:
        return "-"
    if not mask & (mask - 1):  # one button (most events): its name, nothing built
        i = 0
        while mask > 1:
            mask >>= 1
            i += 1
        return NAMES[i]
    out = []
    for i in range(6):
        if mask & (1 << i):
            out.append(NAMES[i])
    return "+".join(out)


def parse_mask(text):
    """'A+B' -> 48; '-' -> 0. Raises ValueError on an unknown name."""
    text = text.strip().upper()
    if text in ("", "-"):
        return 0
    mask = 0
    for name in text.split("+"):
        if name not in NAMES:
            raise ValueError("unknown button %r (use %s)" % (name, ", ".join(NAMES)))
        mask |= 1 << NAMES.index(name)
    return mask


class Buttons:
    """Debounce raw reads and latch new presses until take() is called.

    poll() is called often (every couple of milliseconds while the main loop
    waits for the next frame); a level change counts only after it has been
    read the same `stable` times in a row. take() returns (pressed, held):
    pressed = buttons that went down since the last take(), even if already
    released again, so a quick tap is never lost.
    """

    def __init__(self, read_raw, stable=2):
        self.read_raw = read_raw
        self.stable = stable
        self.state = 0  # debounced level
        self.candidate = 0
        self.count = 0
        self.latched = 0

    def poll(self):
        raw = self.read_raw()
        if raw == self.state:
            self.count = 0
            return
        if raw == self.candidate:
            self.count += 1
        else:
            self.candidate = raw
            self.count = 1
        if self.count >= self.stable:
            self.latched |= raw & ~self.state
            self.state = raw
            self.count = 0

    def take(self):
        pressed = self.latched
        self.latched = 0
        return pressed, self.state
