"""Raspberry Pi Pico + SSD1306 128x64 over I2C, six buttons to ground.

Pins are GPIO numbers (see the wiring table in README.md).
"""

NAME = "Pico + SSD1306 (I2C)"
I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
BUTTONS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "A": 14, "B": 15}
BUZZER = None  # e.g. 16 for a passive piezo on GP16


def setup():
    """Set up the hardware (called when the app starts, never at import)."""
    from machine import I2C, Pin

    from boards import _pico
    from firmware.i2c_bus import I2CBus
    from firmware.ssd1306 import SSD1306

    i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_FREQ)
    display = SSD1306(I2CBus(i2c, OLED_ADDR))
    return _pico.make_board(NAME, display, BUTTONS, BUZZER)
