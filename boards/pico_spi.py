"""Raspberry Pi Pico + SSD1306 128x64 over SPI (4-wire), six buttons to ground."""

NAME = "Pico + SSD1306 (SPI)"
SPI_ID = 0
SCK = 18
MOSI = 19
CS = 17
DC = 20
RES = 21
SPI_BAUD = 10_000_000
BUTTONS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "A": 14, "B": 15}
BUZZER = None


def setup():
    """Set up the hardware (called when the app starts, never at import)."""
    import time

    from machine import SPI, Pin

    from boards import _pico
    from firmware.spi_bus import SPIBus
    from firmware.ssd1306 import SSD1306

    spi = SPI(SPI_ID, baudrate=SPI_BAUD, sck=Pin(SCK), mosi=Pin(MOSI))
    bus = SPIBus(spi, Pin(DC), Pin(RES), Pin(CS))
    bus.reset(time.sleep_ms)
    display = SSD1306(bus)
    return _pico.make_board(NAME, display, BUTTONS, BUZZER)
