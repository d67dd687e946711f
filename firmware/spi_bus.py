"""The SSD1306's 4-wire SPI bus (boards/pico_spi.py): its own module, so a board that
drives the panel another way never holds it in the heap."""


class SPIBus:
    """Commands and data over SPI with DC, CS and RES pins."""

    def __init__(self, spi, dc, res, cs):
        self.spi = spi
        self.dc = dc
        self.res = res
        self.cs = cs
        self.cmdbuf = bytearray(1)
        self.bytes_sent = 0
        dc.init(dc.OUT, value=0)
        res.init(res.OUT, value=0)
        cs.init(cs.OUT, value=1)

    def reset(self, sleep_ms):
        self.res(1)
        sleep_ms(1)
        self.res(0)
        sleep_ms(10)
        self.res(1)

    def cmd(self, c):
        self.cs(1)
        self.dc(0)
        self.cs(0)
        self.cmdbuf[0] = c
        self.spi.write(self.cmdbuf)
        self.cs(1)
        self.bytes_sent += 1

    def cmds(self, buf):
        self.cs(1)
        self.dc(0)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)
        self.bytes_sent += len(buf)

    def data(self, mv):
        self.cs(1)
        self.dc(1)
        self.cs(0)
        self.spi.write(mv)
        self.cs(1)
        self.bytes_sent += len(mv)
