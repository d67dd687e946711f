"""Run inside the unix-port MicroPython: micropython mkfs_image.py OUT.img SRC_DIR [BLOCKS]

Writes a littlefs2 image (4096-byte blocks, progsize 256: as the rp2 port mounts
its filesystem) holding SRC_DIR's files, for the emulated Pico's flash.
"""

import os
import sys

import vfs

BLOCK = 4096
IS_DIR = 0x4000


class RamBlocks:
    """A block device in RAM, erased to 0xff like flash."""

    def __init__(self, count):
        self.count = count
        self.data = bytearray(b"\xff" * (BLOCK * count))

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a : a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.data[n * BLOCK : (n + 1) * BLOCK] = b"\xff" * BLOCK
            off = 0
        a = n * BLOCK + off
        self.data[a : a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.count
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            self.data[arg * BLOCK : (arg + 1) * BLOCK] = b"\xff" * BLOCK
        return 0


def copy(fs, src, dst):
    for entry in os.ilistdir(src):
        name, kind = entry[0], entry[1]
        s = src + "/" + name
        d = (dst if dst != "/" else "") + "/" + name
        if kind == IS_DIR:
            fs.mkdir(d)
            copy(fs, s, d)
        else:
            with open(s, "rb") as f:
                data = f.read()
            with fs.open(d, "wb") as f:
                f.write(data)


def main(out, src, count=352):
    dev = RamBlocks(count)
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    copy(fs, src.rstrip("/"), "/")
    with open(out, "wb") as f:
        f.write(dev.data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 352)
