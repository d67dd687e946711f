#!/bin/bash
# Build MicroPython 1.26.1 for RPI_PICO (firmware.bin, firmware.elf) from Debian's
# packages only: the micropython source package (sid), pico-sdk-source and
# tinyusb-source (trixie), mbedtls (trixie) and bookworm's arm-none-eabi toolchain.
# Needs Debian and root (apt-get); about two minutes on two cores.
#
# usage: build_firmware.sh WORK_DIR OUT_DIR [FROZEN_MANIFEST]
# The system's apt sources are left alone: the trixie/sid sources are read through a
# private apt configuration under WORK_DIR. picotool is not packaged for bookworm, so
# no .uf2 is made here; the emulator loads firmware.bin (host_sim/uf2.py writes the .uf2).
#
# With FROZEN_MANIFEST (a manifest.py that includes "$(PORT_DIR)/boards/manifest.py"
# and adds modules), the firmware also holds the modules it freezes (the port's
# FROZEN_MANIFEST). It is built in its own build dir, ports/rp2/build-RPI_PICO-frozen,
# from the source tree already unpacked in WORK_DIR when there is one (then without
# apt-get or root), so the plain build and its firmware stay as they are.
set -euo pipefail
W=$(realpath -m "$1")
OUT=$(realpath -m "$2")
MANIFEST=${3:+$(realpath "$3")}
MP=1.26.1
SRC=$W/micropython-$MP
mkdir -p "$W"/apt/{lists/partial,cache/archives/partial,etc} "$OUT"
cd "$W"
# the version banner comes from git describe: keep git from finding a repository
# around WORK_DIR (this project's), so the firmware says v1.26.1
export GIT_CEILING_DIRECTORIES=$W
# the tree as this script leaves it after unpacking (and the tools to build it)
prepared() {
    [ -f "$SRC/lib/pico-sdk/README.md" ] && [ -x "$SRC/mpy-cross/build/mpy-cross" ] \
        && grep -q '^# require(' "$SRC/ports/rp2/boards/manifest.py" \
        && command -v arm-none-eabi-gcc >/dev/null && command -v cmake >/dev/null
}
if [ -n "$MANIFEST" ] && prepared; then
    echo "firmware: reusing the source tree in $SRC"
else  # fetch and unpack (the plain build always does)
apt-get install -y -q gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib \
    cmake build-essential dpkg-dev python3 xz-utils bzip2 >/dev/null
KEY=/usr/share/keyrings/debian-archive-keyring.gpg
cat > apt/etc/sources.list <<L
deb [signed-by=$KEY] http://deb.debian.org/debian trixie main
deb-src [signed-by=$KEY] http://deb.debian.org/debian trixie main
deb-src [signed-by=$KEY] http://deb.debian.org/debian sid main
L
cat > apt/apt.conf <<L
Dir::State "$W/apt"; Dir::State::Lists "$W/apt/lists"; Dir::State::status "/var/lib/dpkg/status";
Dir::Cache "$W/apt/cache"; Dir::Etc::SourceList "$W/apt/etc/sources.list"; Dir::Etc::SourceParts "/nonexistent";
L
export APT_CONFIG=$W/apt/apt.conf
apt-get update -q >/dev/null
apt-get source --download-only -q micropython=$MP+ds-1 mbedtls=3.6.6-0.1~deb13u1 >/dev/null
apt-get download -q pico-sdk-source=2.1.1-1 tinyusb-source=0.18.0+dfsg-1 >/dev/null
unset APT_CONFIG
rm -rf micropython-$MP debx mbedtls-3.6.6
tar xf micropython_$MP+ds.orig.tar.xz
mkdir debx
dpkg-deb -x pico-sdk-source_2.1.1-1_all.deb debx
dpkg-deb -x tinyusb-source_0.18.0+dfsg-1_all.deb debx
L=micropython-$MP/lib
rmdir $L/pico-sdk $L/tinyusb $L/mbedtls
cp -a debx/usr/src/pico-sdk $L/pico-sdk
cp -a debx/usr/src/tinyusb $L/tinyusb
rm $L/pico-sdk/lib/tinyusb && ln -s ../../tinyusb $L/pico-sdk/lib/tinyusb
zcat debx/usr/share/doc/pico-sdk-source/README.md.gz > $L/pico-sdk/README.md  # the build checks for it
tar xjf mbedtls_3.6.6.orig.tar.bz2 && mv mbedtls-3.6.6 $L/mbedtls
# micropython-lib is not in Debian's source: no frozen onewire/ds18x20/dht/neopixel
echo "not packaged" > $L/micropython-lib/README.md
sed -i 's/^require(/# require(/' micropython-$MP/ports/rp2/boards/manifest.py
make -C micropython-$MP/mpy-cross -j2 >/dev/null
fi
if [ -z "$MANIFEST" ]; then
    BUILD=build-RPI_PICO
    make -C micropython-$MP/ports/rp2 BOARD=RPI_PICO CMAKE_ARGS="-Dpicotool_FOUND=0" -j2 \
        >build.log 2>&1 || { tail -30 build.log; exit 1; }
else
    BUILD=build-RPI_PICO-frozen
    P=$SRC/ports/rp2
    # Frozen machine code for the Cortex-M0+: mpy-tool aligns it to 2 bytes, but the
    # code loads its 32-bit constants (and far jumps) from words it places 4-aligned
    # from its start: on an odd half-word they are read unaligned, a fault on the M0+
    # (Three-Thirteen's meld search did; the emulated Pico stops there). 4 bytes, then;
    # frozen_content.c is made again so the change takes.
    if grep -q 'aligned (2)' "$SRC/tools/mpy-tool.py"; then
        sed -i 's/__attribute__ ((aligned (2)))/__attribute__ ((aligned (4)))/' \
            "$SRC/tools/mpy-tool.py"
    fi
    rm -f "$P/$BUILD/frozen_content.c"
    # The console's filesystem is littlefs (the port's _boot.py mounts it): FAT (oofatfs
    # and its VFS, for SD cards and USB mass storage, which the console has not) is left
    # out of the uf2, about 12 KB of flash for the games. The board is RPI_PICO's, copied
    # beside the tree with that one line more; the port defines MICROPY_VFS_FAT without a
    # guard, and the guard added here leaves the plain build as it is (its board does
    # not define it).
    if ! grep -q '^#ifndef MICROPY_VFS_FAT' "$P/mpconfigport.h"; then
        sed -i 's/^#define MICROPY_VFS_FAT  *(1)$/#ifndef MICROPY_VFS_FAT\n#define MICROPY_VFS_FAT (1)\n#endif/' \
            "$P/mpconfigport.h"
    fi
    BOARD_DIR=$W/board-RPI_PICO-frozen
    rm -rf "$BOARD_DIR.new" && cp -a "$P/boards/RPI_PICO" "$BOARD_DIR.new"
    printf '\n// the uf2 of this project: littlefs only, no FAT\n#define MICROPY_VFS_FAT (0)\n' \
        >> "$BOARD_DIR.new/mpconfigboard.h"
    if diff -r -q "$BOARD_DIR.new" "$BOARD_DIR" >/dev/null 2>&1; then
        rm -rf "$BOARD_DIR.new"  # unchanged: its files keep their times (no full rebuild)
    else
        rm -rf "$BOARD_DIR" && mv "$BOARD_DIR.new" "$BOARD_DIR"
    fi
    # configure every time: the port's Makefile runs cmake only for a new build dir, and
    # the manifest's path is kept in its cache (makemanifest then recompiles what changed)
    { cmake -S "$P" -B "$P/$BUILD" -DPICO_BUILD_DOCS=0 -DMICROPY_BOARD=RPI_PICO \
          -DMICROPY_BOARD_DIR="$BOARD_DIR" -DMICROPY_FROZEN_MANIFEST="$MANIFEST" \
          -Dpicotool_FOUND=0 \
      && make -C "$P" BOARD=RPI_PICO BUILD=$BUILD FROZEN_MANIFEST="$MANIFEST" -j2; } \
        >build-frozen.log 2>&1 || { tail -30 build-frozen.log; exit 1; }
fi
cp micropython-$MP/ports/rp2/$BUILD/firmware.bin micropython-$MP/ports/rp2/$BUILD/firmware.elf "$OUT"/
echo "firmware: $OUT/firmware.bin ($(stat -c %s "$OUT/firmware.bin") bytes)"
