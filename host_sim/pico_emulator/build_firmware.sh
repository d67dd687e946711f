#!/bin/bash
# Build MicroPython 1.26.1 for RPI_PICO (firmware.bin, firmware.elf) from Debian's
# packages only: the micropython source package (sid), pico-sdk-source and
# tinyusb-source (trixie), mbedtls (trixie) and bookworm's arm-none-eabi toolchain.
# Needs Debian and root (apt-get); about two minutes on two cores.
#
# usage: build_firmware.sh WORK_DIR OUT_DIR
# The system's apt sources are left alone: the trixie/sid sources are read through a
# private apt configuration under WORK_DIR. picotool is not packaged for bookworm, so
# no .uf2 is made; the emulator loads firmware.bin.
set -euo pipefail
W=$(realpath -m "$1")
OUT=$(realpath -m "$2")
MP=1.26.1
mkdir -p "$W"/apt/{lists/partial,cache/archives/partial,etc} "$OUT"
cd "$W"
# the version banner comes from git describe: keep git from finding a repository
# around WORK_DIR (this project's), so the firmware says v1.26.1
export GIT_CEILING_DIRECTORIES=$W
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
make -C micropython-$MP/ports/rp2 BOARD=RPI_PICO CMAKE_ARGS="-Dpicotool_FOUND=0" -j2 \
    >build.log 2>&1 || { tail -30 build.log; exit 1; }
cp micropython-$MP/ports/rp2/build-RPI_PICO/firmware.bin micropython-$MP/ports/rp2/build-RPI_PICO/firmware.elf "$OUT"/
echo "firmware: $OUT/firmware.bin ($(stat -c %s "$OUT/firmware.bin") bytes)"
