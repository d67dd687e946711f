"""python -m host_sim uf2: a MicroPython firmware for the Pico with Pocket Table frozen in.

MicroPython 1.26.1 for RPI_PICO, built from Debian's source packages as the
emulated Pico's firmware is (host_sim/pico_emulator/build_firmware.sh), with the
package modules of build.PACKAGES frozen into it (the port's FROZEN_MANIFEST): their
bytecode runs from flash instead of being loaded into the heap. main.py and boot.py
are not frozen; they stay files on the Pico's filesystem, as `make flash` copies them.

The firmware is kept under build/uf2/<key>/, where key is a hash of everything it is
built from (the package sources, the manifest, the build script), so a second run
with nothing changed reuses it at once. build/uf2/pocket-table.uf2 is written from
its firmware.bin here (picotool is not packaged for Debian bookworm): UF2 blocks of
512 bytes, each carrying 256 bytes for flash at 0x10000000 + offset, with the
RP2040's family ID.

Building needs Debian and, the first time (apt-get installs the ARM toolchain and
fetches MicroPython's sources), root; later builds reuse the unpacked source tree
under build/picoemu/src/ with their own build dir (build-RPI_PICO-frozen).
"""

import hashlib
import json
import os
import shutil
import struct
import subprocess
import time

import host_sim
from host_sim import build

# ---- the UF2 format ---------------------------------------------------------

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000  # the file-size field holds a family ID
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000  # the RP2040's XIP flash
BLOCK_SIZE = 512
PAYLOAD = 256  # bytes of flash per block (the RP2040 bootrom takes only 256)
DATA_AREA = 476  # BLOCK_SIZE - 32 bytes of header - 4 of final magic
HEADER = struct.Struct("<8I")


class Uf2Error(Exception):
    pass


def to_uf2(data, base=FLASH_BASE, family=RP2040_FAMILY):
    """The UF2 file that puts `data` in flash at `base` (the last block zero-padded)."""
    if not data:
        raise Uf2Error("no data for a UF2 file")
    total = (len(data) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for n in range(total):
        chunk = bytes(data[n * PAYLOAD : (n + 1) * PAYLOAD]).ljust(PAYLOAD, b"\0")
        out += HEADER.pack(
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID,
            base + n * PAYLOAD,
            PAYLOAD,
            n,
            total,
            family,
        )
        out += chunk.ljust(DATA_AREA, b"\0")
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def from_uf2(blob, family=RP2040_FAMILY):
    """(address, data) back from a UF2 file of contiguous blocks for `family`; each block's
    magic numbers, flags, numbering and address are checked."""
    if not blob or len(blob) % BLOCK_SIZE:
        raise Uf2Error(
            "a UF2 file is whole %d-byte blocks, this one is %d bytes" % (BLOCK_SIZE, len(blob))
        )
    total = len(blob) // BLOCK_SIZE
    base = None
    data = bytearray()
    for n in range(total):
        block = blob[n * BLOCK_SIZE : (n + 1) * BLOCK_SIZE]
        m0, m1, flags, addr, size, number, count, fam = HEADER.unpack_from(block)
        (end,) = struct.unpack_from("<I", block, BLOCK_SIZE - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise Uf2Error("block %d: bad magic numbers" % n)
        if not flags & FLAG_FAMILY_ID or fam != family:
            raise Uf2Error("block %d: not for family 0x%08X" % (n, family))
        if (number, count) != (n, total):
            raise Uf2Error("block %d: numbered %d of %d" % (n, number, count))
        if base is None:
            base = addr
        if addr != base + len(data) or not 0 < size <= DATA_AREA:
            raise Uf2Error("block %d: address 0x%08X, %d bytes: not contiguous" % (n, addr, size))
        data += block[HEADER.size : HEADER.size + size]
    return base, bytes(data)


# ---- the frozen firmware ----------------------------------------------------

OUT_DIR = os.path.join(host_sim.ROOT, "build", "uf2")
UF2_NAME = "pocket-table.uf2"
WORK_DIR = os.path.join(host_sim.ROOT, "build", "picoemu", "src")  # the unpacked sources
SCRIPT = os.path.join(host_sim.ROOT, "host_sim", "pico_emulator", "build_firmware.sh")
MICROPYTHON = "micropython-1.26.1"
MANIFEST_NAME = "manifest.py"
VERSION_DIR = "version"  # beside the manifest: the frozen firmware/version.py
VERSION_SOURCE = build.VERSION_MODULE[:-4] + ".py"  # firmware/version.py
# mpy-cross -O level, as the device build's: no line numbers (they took 23 KB of the
# flash: the firmware must end below the filesystem, and the games' code filled it)
OPT = 3
FW_DIR = "fw"
FROZEN_MPY = MICROPYTHON + "/ports/rp2/build-RPI_PICO-frozen/frozen_mpy"  # under WORK_DIR
FS_OFFSET = 0xA0000  # RPI_PICO: the filesystem's 1408 KB take the flash above 640 KB


# Boards of other runtimes, and CircuitPython's display (cp_pico's alone): a Pico's
# MicroPython never runs them, so the uf2 leaves them out (9 KB of flash; the firmware
# must end below the filesystem).
OTHER_RUNTIMES = (
    "boards/cp_pico.py",
    "boards/vboard.py",
    "boards/web.py",
    "firmware/cpdisplay.py",
)


def frozen_modules(root=host_sim.ROOT):
    """The modules frozen in, as paths relative to root: every .py file of build.PACKAGES
    (the ones build.build compiles to .mpy, and the UF2_ONLY machine code) but the
    boards of other runtimes (main.py and boot.py are not among them)."""
    mods = []
    for pkg in build.PACKAGES:
        for name in sorted(os.listdir(os.path.join(root, pkg))):
            rel = pkg + "/" + name
            if name.endswith(".py") and rel not in OTHER_RUNTIMES:
                mods.append(rel)
    return mods


# The port's frozen modules: _boot.py mounts the filesystem (_boot_fat.py is for boards
# with USB mass storage, which RPI_PICO has not), and rp2 is the C module's names only
# (PORT_RP2: the port's rp2.py adds the PIO assembler, which the console does not use).
PORT_MODULES = 'freeze("$(PORT_DIR)/modules", "_boot.py")'
PORT_RP2_DIR = "host_sim/uf2_port"  # in the checkout, beside the packages
PORT_RP2 = os.path.join(host_sim.ROOT, PORT_RP2_DIR, "rp2.py")


def manifest_text(root=host_sim.ROOT, out_dir=None):
    """The FROZEN_MANIFEST, for build/uf2/<key>/manifest.py (paths relative to it, so it
    says the same wherever the checkout is)."""
    out_dir = out_dir or OUT_DIR
    base = os.path.relpath(root, os.path.join(out_dir, "key"))
    mods = [m for m in frozen_modules(root) if m != VERSION_SOURCE]
    q = json.dumps
    lines = [
        "# Pocket Table's firmware (written by host_sim/uf2.py): MicroPython's own modules",
        "# for the port, then the project's packages as build.build lays them out, compiled",
        "# with -O%d like the device build. main.py and boot.py stay files." % OPT,
        "# The port's manifest also freezes asyncio, which the console does not use: its",
        "# 11 KB of flash go to the games (the firmware must end below the filesystem);",
        "# so does rp2.py's PIO assembler (rp2 here is the C module's names).",
        PORT_MODULES,
        "freeze(%s, %s, opt=%d)" % (q(base + "/" + PORT_RP2_DIR), q("rp2.py"), OPT),
        "freeze(",
        "    %s," % q(base),
        "    (",
    ]
    lines += ["        %s," % q(m) for m in mods]
    lines += [
        "    ),",
        "    opt=%d," % OPT,
        ")",
        "# the version the About screen shows: %s's VERSION plus the firmware's key"
        % VERSION_SOURCE,
        "freeze(%s, %s, opt=%d)" % (q(VERSION_DIR), q(VERSION_SOURCE), OPT),
    ]
    return "\n".join(lines) + "\n"


def cache_key(root=host_sim.ROOT, out_dir=None):
    """A hash of the frozen firmware's inputs: the package sources, the manifest, the script."""
    h = hashlib.sha256()
    h.update(manifest_text(root, out_dir).encode())
    with open(PORT_RP2, "rb") as f:
        h.update(f.read())
    for rel in frozen_modules(root):
        with open(os.path.join(root, rel), "rb") as f:
            body = f.read()
        h.update(b"%s %d\n" % (rel.encode(), len(body)))
        h.update(body)
    with open(SCRIPT, "rb") as f:
        h.update(f.read())
    return h.hexdigest()[:16]


def firmware_path(key, out_dir=None):
    return os.path.join(out_dir or OUT_DIR, key, FW_DIR, "firmware.bin")


def is_debian():
    return os.path.exists("/etc/debian_version") and shutil.which("apt-get") is not None


def tree_prepared(work):
    """True if the MicroPython source tree is unpacked and ready (the script then builds
    from it without apt-get): the same test as the script's."""
    src = os.path.join(work, MICROPYTHON)
    try:
        with open(os.path.join(src, "ports", "rp2", "boards", "manifest.py")) as f:
            patched = any(line.startswith("# require(") for line in f)
    except OSError:
        return False
    return (
        patched
        and os.path.isfile(os.path.join(src, "lib", "pico-sdk", "README.md"))
        and os.access(os.path.join(src, "mpy-cross", "build", "mpy-cross"), os.X_OK)
        and all(shutil.which(t) for t in ("arm-none-eabi-gcc", "cmake"))
    )


def check_can_build(work=None):
    """Raise Uf2Error (one line saying what to do) if the firmware cannot be built here."""
    work = work or WORK_DIR
    if tree_prepared(work):
        rp2 = os.path.join(work, MICROPYTHON, "ports", "rp2")
        if not os.access(rp2, os.W_OK):
            raise Uf2Error(
                "%s is not writable by this user: run make uf2 as its owner (root)"
                % os.path.relpath(rp2)
            )
        return
    if not is_debian():
        raise Uf2Error(
            "building the firmware needs Debian (apt-get installs the ARM toolchain and"
            " MicroPython's sources from Debian's packages): this system is not Debian"
        )
    if os.geteuid() != 0:
        raise Uf2Error(
            "building the firmware needs root the first time (apt-get installs the ARM"
            " toolchain): run make uf2 as root"
        )


def frozen_firmware(root=host_sim.ROOT, out_dir=None, work=None, log=print, stdout=None):
    """build/uf2/<key>/fw/firmware.bin for the sources as they are, built unless it is
    there; return (its path, True if it was there)."""
    out_dir, work = out_dir or OUT_DIR, work or WORK_DIR
    key = cache_key(root, out_dir)
    fw = firmware_path(key, out_dir)
    if os.path.isfile(fw):
        log(
            "uf2: nothing changed since the firmware in %s was built: reusing it"
            % _rel(os.path.dirname(fw))
        )
        return fw, True
    check_can_build(work)
    kdir = os.path.join(out_dir, key)
    os.makedirs(os.path.join(kdir, VERSION_DIR, os.path.dirname(VERSION_SOURCE)), exist_ok=True)
    manifest = os.path.join(kdir, MANIFEST_NAME)
    with open(manifest, "w") as f:
        f.write(manifest_text(root, out_dir))
    with open(os.path.join(kdir, VERSION_DIR, VERSION_SOURCE), "w") as f:
        f.write("VERSION = %r\n" % ("%s+%s" % (build.source_version(root), key[:8])))
    partial = os.path.join(kdir, FW_DIR + ".partial")
    if os.path.isdir(partial):
        shutil.rmtree(partial)
    # the port's makemanifest recompiles a module whose source is newer than its .mpy,
    # not one whose -O level changed: the frozen .mpy files go first (a few seconds)
    shutil.rmtree(os.path.join(work, FROZEN_MPY), ignore_errors=True)
    log(
        "uf2: building the firmware with %d modules frozen in (%s; a few minutes)..."
        % (len(frozen_modules(root)), _rel(kdir))
    )
    proc = subprocess.run(["bash", SCRIPT, work, partial, manifest], stdout=stdout)
    if proc.returncode != 0:
        raise Uf2Error(
            "the firmware build failed (exit %d): see %s"
            % (proc.returncode, _rel(os.path.join(work, "build-frozen.log")))
        )
    os.replace(partial, os.path.dirname(fw))
    return fw, False


def latest_firmware(root=host_sim.ROOT, out_dir=None):
    """The frozen firmware.bin for the sources as they are, or None if it is not built."""
    fw = firmware_path(cache_key(root, out_dir), out_dir)
    return fw if os.path.isfile(fw) else None


def write_uf2(fw, path):
    with open(fw, "rb") as f:
        data = f.read()
    if len(data) > FS_OFFSET:
        raise Uf2Error(
            "the firmware is %d bytes: more than the %d below the Pico's filesystem"
            % (len(data), FS_OFFSET)
        )
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".partial"
    with open(tmp, "wb") as f:
        f.write(to_uf2(data))
    os.replace(tmp, path)
    return path, len(data)


def _rel(path):
    return os.path.relpath(path, host_sim.ROOT)


def main(argv=None):
    ap = host_sim.parser(prog="python -m host_sim uf2", description=__doc__)
    ap.add_argument("--out", default=None, help="default build/uf2/pocket-table.uf2")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    try:
        fw, cached = frozen_firmware()
        path, fw_size = write_uf2(fw, args.out or os.path.join(OUT_DIR, UF2_NAME))
    except (Uf2Error, OSError) as e:
        raise SystemExit("uf2: %s" % e) from None
    print(
        "uf2: %s, %d bytes (%d KB of firmware, %d modules frozen in), %s in %.0f s"
        % (
            os.path.relpath(path),
            os.path.getsize(path),
            (fw_size + 1023) // 1024,
            len(frozen_modules()),
            "reused" if cached else "built",
            time.monotonic() - t0,
        )
    )
    print(
        "flash it: hold BOOTSEL while plugging the Pico in, then copy %s to the RPI-RP2 drive"
        % os.path.basename(path)
    )
    print(
        "then main.py: .venv/bin/mpremote cp main.py : (make flash works too, but its .mpy"
        " files then take over from the frozen ones)"
    )


if __name__ == "__main__":
    main()
