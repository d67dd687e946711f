"""The SSD1306's I2C bus (boards/pico_i2c.py): its own module, so a board that drives
the panel another way never holds it in the heap."""


class I2CBus:
    """Commands and data over I2C (control byte 0x80 / 0x40)."""

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self.cmdbuf = bytearray(2)
        self.cmdbuf[0] = 0x80
        self.vec = [b"\x40", None]
        self.cvec = [b"\x00", None]
        self.bytes_sent = 0

    def cmd(self, c):
        self.cmdbuf[1] = c
        self.i2c.writeto(self.addr, self.cmdbuf)
        self.bytes_sent += 2

    def cmds(self, buf):
        """Several commands in one transfer (control byte 0x00, then the commands)."""
        self.cvec[1] = buf
        self.i2c.writevto(self.addr, self.cvec)
        self.bytes_sent += 1 + len(buf)

    def data(self, mv):
        self.vec[1] = mv
        self.i2c.writevto(self.addr, self.vec)
        self.bytes_sent += 1 + len(mv)
