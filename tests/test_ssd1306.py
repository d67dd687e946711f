"""The display driver sends only what changed; I2C and SPI framing."""

import host_sim  # noqa: F401
from boards.headless import CountingBus
from firmware.ssd1306 import SSD1306, I2CBus


def test_first_show_sends_full_frame_then_nothing_if_unchanged():
    bus = CountingBus()
    d = SSD1306(bus)
    init = bus.bytes_sent
    assert d.show() == 8
    full = bus.bytes_sent - init
    assert full == 8 * (6 * 2 + 1 + 128)
    assert d.show() == 0
    assert bus.bytes_sent - init == full


def test_small_change_sends_only_its_page_and_columns():
    bus = CountingBus()
    d = SSD1306(bus)
    d.show()
    before = bus.bytes_sent
    d.fb.pixel(40, 20, 1)  # page 2
    d.fb.pixel(44, 21, 1)
    assert d.show() == 1
    assert bus.bytes_sent - before == 6 * 2 + 1 + 5  # columns 40..44 only
    d.fb.pixel(40, 20, 0)
    d.show()
    assert bytes(d.shown) == bytes(d.buf)


def test_contrast_and_invert_commands():
    bus = CountingBus()
    d = SSD1306(bus)
    d.contrast(77)
    d.invert(True)
    assert bus.contrast == 77 and bus.inverted
    d.invert(False)
    assert not bus.inverted


class FakeI2C:
    def __init__(self):
        self.writes = []

    def writeto(self, addr, buf):
        self.writes.append((addr, bytes(buf)))

    def writevto(self, addr, vec):
        self.writes.append((addr, b"".join(bytes(v) for v in vec)))


def test_i2c_framing():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c, 0x3D))
    assert all(addr == 0x3D for addr, _ in i2c.writes)
    assert all(w[0] == 0x80 and len(w) == 2 for _, w in i2c.writes)  # init: commands
    i2c.writes.clear()
    d.fb.fill(1)
    d.show()
    data = [w for _, w in i2c.writes if w[0] == 0x40]
    assert len(data) == 8 and all(w[1:] == b"\xff" * 128 for w in data)


def test_hang10_press_sends_at_most_a_third_of_a_frame(tmp_path):
    """Budget: a card-game button press sends on average <= 1024 / 3 bytes to the panel."""
    from host_sim import device

    app, board, d = device.make(str(tmp_path))
    d.keys("A,A")  # Hang 10, new game
    screen = app.screen
    sent = presses = 0
    while not screen.finished:
        m = screen.bot_press()
        before = board.bus.bytes_sent
        app.frame(m, m)
        sent += board.bus.bytes_sent - before
        presses += 1
        app.frame(0, 0)
    assert presses > 100
    assert sent / presses <= 1024 / 3, sent / presses
