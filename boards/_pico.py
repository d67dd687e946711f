"""Pieces every Pico board file shares: buttons, clock, buzzer, watchdog."""


def make_board(name, display, buttons, buzzer_pin):
    import time

    from machine import PWM, WDT, Pin

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
    board.watchdog = WDT
    return board


class Buzzer:
    def __init__(self, pwm, sleep_ms):
        self.pwm = pwm
        self.sleep_ms = sleep_ms

    def tone(self, freq, ms):
        self.pwm.freq(freq)
        self.pwm.duty_u16(32768)
        self.sleep_ms(ms)
        self.pwm.duty_u16(0)
