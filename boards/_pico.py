"""Pieces every Pico board file shares: buttons, clock, buzzer, watchdog."""


def make_board(name, display, buttons, buzzer_pin):
    import time

    from machine import PWM, Pin, soft_reset

    from firmware import buttons as btn
    from firmware.board import Board, pin_reader

    pins = []
    for key in btn.NAMES:
        pins.append((Pin(buttons[key], Pin.IN, Pin.PULL_UP), 1 << btn.NAMES.index(key)))
    board = Board(
        name, display, pin_reader(pins), time.ticks_ms, time.ticks_diff, time.sleep_ms, ""
    )
    if buzzer_pin is not None:
        board.buzzer = Buzzer(PWM(Pin(buzzer_pin)), time.sleep_ms)
    board.watchdog = SoftWatchdog
    board.soft_reset = soft_reset  # SystemExit from main.py: the firmware runs it again
    return board


class SoftWatchdog:
    """A watchdog on a hardware timer: if feed() is not called for timeout_ms, the
    device resets. Unlike machine.WDT it can be stopped, so Ctrl-C over USB leaves a
    REPL that stays up."""

    def __init__(self, timeout_ms):
        import time

        from machine import Timer, reset

        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.reset = reset
        self.timeout = timeout_ms
        self.last = time.ticks_ms()
        self.timer = Timer(period=500, mode=Timer.PERIODIC, callback=self.check)

    def feed(self):
        self.last = self.ticks_ms()

    def check(self, _timer):
        if self.ticks_diff(self.ticks_ms(), self.last) > self.timeout:
            self.reset()

    def stop(self):
        self.timer.deinit()


class Buzzer:
    def __init__(self, pwm, sleep_ms):
        self.pwm = pwm
        self.sleep_ms = sleep_ms

    def tone(self, freq, ms):
        self.pwm.freq(freq)
        self.pwm.duty_u16(32768)
        self.sleep_ms(ms)
        self.pwm.duty_u16(0)
