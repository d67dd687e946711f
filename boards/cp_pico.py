"""Raspberry Pi Pico on CircuitPython 9 or later: SSD1306 128x64 over I2C through
displayio (adafruit_displayio_ssd1306), six buttons to ground through digitalio.

The same wiring as pico_i2c (see the wiring table in README.md). The app's
MONO_VLSB frame reaches displayio through firmware.cpdisplay. CircuitPython's
time has no ticks_ms/ticks_diff/sleep_ms: they are built here on
supervisor.ticks_ms (which wraps at 2**29), time.monotonic_ns and time.sleep.
"""

NAME = "Pico + SSD1306 (CircuitPython)"
SDA = "GP4"
SCL = "GP5"
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
BUTTONS = {"UP": "GP10", "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13", "A": "GP14", "B": "GP15"}
BUZZER = None  # e.g. "GP16" for a passive piezo on GP16

TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps here
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF = TICKS_PERIOD // 2
WATCHDOG_STOPPABLE_FROM = (8, 1, 0)  # the RP2040 watchdog can be stopped from CircuitPython 8.1


def setup():
    """Set up the hardware (called when the app starts, never at import)."""
    import adafruit_displayio_ssd1306
    import board
    import busio
    import displayio
    from i2cdisplaybus import I2CDisplayBus

    from firmware.board import Board
    from firmware.cpdisplay import DisplayioFrame

    displayio.release_displays()  # the bus stays claimed across soft reloads otherwise
    i2c = busio.I2C(getattr(board, SCL), getattr(board, SDA), frequency=I2C_FREQ)
    bus = I2CDisplayBus(i2c, device_address=OLED_ADDR)
    panel = adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)
    display = DisplayioFrame(panel)
    ticks_ms, sleep_ms = clock()
    result = Board(NAME, display, button_reader(board, BUTTONS), ticks_ms, ticks_diff, sleep_ms)
    if BUZZER is not None:
        result.buzzer = Buzzer(getattr(board, BUZZER), sleep_ms)
    result.watchdog = watchdog_factory()
    return result


def button_reader(board, names):
    """Buttons wired active-low (pull-up, button to ground) read into the firmware bitmask."""
    import digitalio

    from firmware import buttons as btn

    pins = []
    for key in btn.NAMES:
        pin = digitalio.DigitalInOut(getattr(board, names[key]))
        pin.switch_to_input(pull=digitalio.Pull.UP)
        pins.append((pin, 1 << btn.NAMES.index(key)))

    def read():
        mask = 0
        for pin, bit in pins:
            if not pin.value:
                mask |= bit
        return mask

    return read


def ticks_diff(a, b):
    """a - b for tick values that wrap at 2**29, as time.ticks_diff does for MicroPython's."""
    return ((a - b + TICKS_HALF) & TICKS_MAX) - TICKS_HALF


def clock():
    """(ticks_ms, sleep_ms): supervisor.ticks_ms where there is one, else time.monotonic_ns."""
    import time

    try:
        from supervisor import ticks_ms
    except ImportError:
        monotonic_ns = time.monotonic_ns

        def ticks_ms():
            return (monotonic_ns() // 1_000_000) & TICKS_MAX

    sleep = time.sleep
    seconds = tuple(ms / 1000 for ms in range(33))  # the main loop's waits, made once

    def sleep_ms(ms):
        if ms > 0:
            sleep(seconds[ms] if ms < 33 else ms / 1000)

    return ticks_ms, sleep_ms


def watchdog_stoppable(version=None):
    """True where microcontroller.watchdog in RESET mode can be stopped again (Ctrl-C must
    leave a REPL that stays up): CircuitPython 8.1 and later on the RP2040."""
    import sys

    impl = sys.implementation
    if version is None:
        if impl.name != "circuitpython":
            return False
        version = tuple(impl.version)
    return tuple(version[:3]) >= WATCHDOG_STOPPABLE_FROM


def watchdog_factory():
    """A factory(timeout_ms) for the app, or None where there is no stoppable watchdog."""
    try:
        import microcontroller
        from watchdog import WatchDogMode
    except ImportError:
        return None
    dog = getattr(microcontroller, "watchdog", None)
    if dog is None or not watchdog_stoppable():
        return None
    return lambda timeout_ms: Watchdog(dog, WatchDogMode.RESET, timeout_ms)


class Watchdog:
    """microcontroller.watchdog in RESET mode: feed() keeps the device alive, stop() ends it."""

    def __init__(self, dog, reset_mode, timeout_ms):
        self.dog = dog
        dog.timeout = min(8, max(1, timeout_ms // 1000))  # whole seconds, 8 at most on the RP2040
        dog.mode = reset_mode
        dog.feed()

    def feed(self):
        self.dog.feed()

    def stop(self):
        try:
            self.dog.mode = None
        except (ValueError, TypeError, NotImplementedError):
            self.dog.deinit()  # before CircuitPython 9


class Buzzer:
    """A passive piezo on a PWM pin: tone(freq_hz, ms)."""

    def __init__(self, pin, sleep_ms):
        import pwmio

        self.pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        self.sleep_ms = sleep_ms

    def tone(self, freq, ms):
        self.pwm.frequency = freq
        self.pwm.duty_cycle = 32768
        self.sleep_ms(ms)
        self.pwm.duty_cycle = 0
