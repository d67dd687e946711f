"""The display driver sends only what changed; I2C and SPI framing."""

import host_sim  # noqa: F401
from boards.headless import CountingBus
from firmware import ssd1306
from firmware.i2c_bus import I2CBus
from firmware.ssd1306 import SSD1306


def test_first_show_sends_full_frame_then_nothing_if_unchanged():
    bus = CountingBus()
    d = SSD1306(bus)
    init = bus.bytes_sent
    assert d.show() == 1  # one window: the whole panel
    full = bus.bytes_sent - init
    assert full == (1 + 6) + (1 + 1024) <= MPLIB_FRAME  # commands in one transfer, data
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
    assert bus.bytes_sent - before == (1 + 6) + (1 + 5)  # columns 40..44 of one page
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
    assert i2c.writes[0][1] == bytes([0x00, 0x21, 0, 127, 0x22, 0, 7])  # one window
    data = [w for _, w in i2c.writes if w[0] == 0x40]
    assert data == [b"\x40" + b"\xff" * 1024]
    i2c.writes.clear()
    d.fb.pixel(3, 9, 0)  # page 1, column 3
    d.fb.pixel(120, 50, 0)  # page 6, column 120
    d.show()
    assert [w for _, w in i2c.writes] == [
        bytes([0x00, 0x21, 3, 3, 0x22, 1, 1]),
        b"\x40\xfd",
        bytes([0x00, 0x21, 120, 120, 0x22, 6, 6]),
        b"\x40\xfb",
    ]


MPLIB_FRAME = 6 * 2 + 1 + 1024  # micropython-lib's ssd1306: six commands, then the frame


def test_panel_model_matches_the_frame_after_random_changes():
    """Whatever changes (a pixel, a box, a row of pages, everything), what reaches the
    panel (a model of its RAM and addressing) is the frame, and never more bytes than
    micropython-lib's full-frame show()."""
    from boards.vboard import PanelBus
    from shared_rules.rng import Rng

    bus = PanelBus()
    d = SSD1306(bus)
    rng = Rng(5)
    d.show()
    for step in range(400):
        kind = rng.below(5)
        x, y = rng.below(128), rng.below(64)
        if kind == 0:
            d.fb.pixel(x, y, rng.below(2))
        elif kind == 1:
            d.fb.fill_rect(x, y, 1 + rng.below(60), 1 + rng.below(40), rng.below(2))
        elif kind == 2:
            d.fb.fill(rng.below(2))
        elif kind == 3:
            d.fb.hline(0, y, 128, rng.below(2))
        else:
            d.fb.text("Hi", x, y, rng.below(2))
        before = bus.bytes_sent
        d.show()
        assert bus.bytes_sent - before <= MPLIB_FRAME, step
        assert bytes(bus.ram) == bytes(d.buf), step


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


SPAN_CODE = """
from firmware import ssd1306
from firmware import span_native
print(ssd1306._span is span_native.span)
seed = 12345
def rand():
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    return seed >> 8
buf = bytearray(1024)
shown = bytearray(1024)
diffs = 0
for trial in range(400):
    for i in range(1024):
        shown[i] = buf[i] = rand() & 0xFF
    page = rand() % 8
    for _ in range(1 + rand() % 4):  # one to four changed columns, anywhere in the page
        c = page * 128 + rand() % 128
        buf[c] ^= 1 + rand() % 255
    for col in (0, 127):  # the page's edges too, now and then
        if rand() % 5 == 0:
            buf[page * 128 + col] ^= 0x80
    a = ssd1306._py_span(buf, shown, page * 128)
    b = span_native.span(buf, shown, page * 128)
    if a != b:
        diffs += 1
        print("DIFF", trial, a, b)
print("diffs", diffs)
"""


def test_native_span_equals_the_bytecode_loop_in_micropython(tmp_path):
    from host_sim import build
    from mpvm import require_vm, run_mp

    require_vm()
    out = str(tmp_path / "device")
    build.build(out, march=build.HOST_MARCH)
    lines = run_mp(SPAN_CODE, cwd=out).splitlines()
    assert lines == ["True", "diffs 0"]


def test_cpython_uses_the_bytecode_span():
    assert ssd1306._span is ssd1306._py_span
