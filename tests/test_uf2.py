"""make uf2 (host_sim/uf2.py): the UF2 format, the frozen modules, the cache and the errors
everywhere; the frozen firmware on the emulated Pico where it is built."""

import hashlib
import os
import shutil
import struct

import pytest

import host_sim
from host_sim import build, picoemu, uf2

# the two blocks of 258 bytes (0x00..0xFF, then "PT") written by hand from the UF2 spec
BLOCK0_HEAD = bytes.fromhex(
    "5546320a 57515d9e 00200000 00000010 00010000 00000000 02000000 56ff8be4".replace(" ", "")
)
BLOCK1_HEAD = bytes.fromhex(
    "5546320a 57515d9e 00200000 00010010 00010000 01000000 02000000 56ff8be4".replace(" ", "")
)
END = bytes.fromhex("306fb10a")


def test_uf2_blocks_of_a_small_known_input():
    data = bytes(range(256)) + b"PT"
    blob = uf2.to_uf2(data)
    assert len(blob) == 2 * 512
    assert blob[:4] == b"UF2\n"
    b0, b1 = blob[:512], blob[512:]
    assert b0[:32] == BLOCK0_HEAD and b1[:32] == BLOCK1_HEAD
    assert b0[32:288] == bytes(range(256)) and b0[288:508] == bytes(220)
    assert b1[32:288] == b"PT" + bytes(254) and b1[288:508] == bytes(220)
    assert b0[508:] == END and b1[508:] == END


def test_uf2_round_trip():
    data = b"".join(hashlib.sha256(b"%d" % i).digest() for i in range(1000))  # 32000 bytes
    blob = uf2.to_uf2(data)
    assert len(blob) == 125 * 512
    base, back = uf2.from_uf2(blob)
    assert base == 0x10000000
    assert back == data  # 32000 is 125 payloads of 256: no padding
    base, back = uf2.from_uf2(uf2.to_uf2(data[:1000]))
    assert back == data[:1000] + bytes(24)  # the last payload is zero-padded to 256
    for n in range(125):  # every block: its number, the total, its address, the family
        fields = struct.unpack_from("<8I", blob, n * 512)
        assert fields[2:] == (0x2000, 0x10000000 + 256 * n, 256, n, 125, 0xE48BFF56)


def test_from_uf2_rejects_damaged_files():
    blob = bytearray(uf2.to_uf2(bytes(600)))
    with pytest.raises(uf2.Uf2Error, match="whole 512-byte blocks"):
        uf2.from_uf2(bytes(blob[:-1]))
    bad = bytearray(blob)
    bad[512 + 511] ^= 1
    with pytest.raises(uf2.Uf2Error, match="block 1: bad magic"):
        uf2.from_uf2(bytes(bad))
    with pytest.raises(uf2.Uf2Error, match="not for family"):
        uf2.from_uf2(bytes(blob), family=0x12345678)
    bad = bytearray(blob)
    struct.pack_into("<I", bad, 512 + 20, 2)  # block 1 says it is block 2
    with pytest.raises(uf2.Uf2Error, match="numbered 2 of 3"):
        uf2.from_uf2(bytes(bad))
    with pytest.raises(uf2.Uf2Error, match="no data"):
        uf2.to_uf2(b"")


def test_the_frozen_modules_are_the_device_builds_modules(tmp_path):
    files = build.build(str(tmp_path / "device"))
    rels = {os.path.relpath(f, str(tmp_path / "device")).replace(os.sep, "/") for f in files}
    compiled = {r[:-4] + ".py" for r in rels if r.endswith(".mpy")}
    # the uf2 also freezes the machine code a files install leaves out (UF2_ONLY)
    uf2_only = {m for m in uf2.frozen_modules() if build.uf2_only(os.path.join(host_sim.ROOT, m))}
    assert uf2_only == {"shared_rules/rummy_native.py"}
    # ... and leaves out the boards of other runtimes (CircuitPython, the unix VM, the web)
    # and CircuitPython's display
    assert set(uf2.OTHER_RUNTIMES) <= compiled
    assert set(uf2.frozen_modules()) == (compiled | uf2_only) - set(uf2.OTHER_RUNTIMES)
    assert {"main.py", "shared_rules/snafu_native.py"} & set(uf2.frozen_modules()) == {
        "shared_rules/snafu_native.py"
    }
    text = uf2.manifest_text()
    # the port's own _boot.py (no asyncio, no rp2.py's PIO assembler: rp2 is _rp2's names)
    assert text.count('freeze("$(PORT_DIR)/modules", "_boot.py")') == 1
    assert 'freeze("../../../host_sim/uf2_port", "rp2.py", opt=%d)' % uf2.OPT in text
    assert "include(" not in text  # not the port's manifest: it freezes asyncio too
    for rel in uf2.frozen_modules():
        if rel != uf2.VERSION_SOURCE:
            assert '        "%s",\n' % rel in text
    assert 'freeze("version", "firmware/version.py", opt=%d)' % uf2.OPT in text
    assert uf2.OPT == build.OPT  # as the device build: no line numbers
    assert '"main.py"' not in text and '"boot.py"' not in text
    # the packages' folder is written relative to build/uf2/<key>/manifest.py
    base = text.split("freeze(\n    ", 1)[1].split(",", 1)[0].strip('"')
    assert os.path.normpath(os.path.join(uf2.OUT_DIR, "0123", base)) == host_sim.ROOT


def copy_sources(root):
    for pkg in build.PACKAGES:
        shutil.copytree(
            os.path.join(host_sim.ROOT, pkg), os.path.join(root, pkg), dirs_exist_ok=True
        )


def test_cache_key_follows_the_sources_only(tmp_path):
    root = str(tmp_path / "tree")
    copy_sources(root)
    out = os.path.join(root, "build", "uf2")
    key = uf2.cache_key(root, out)
    assert key == uf2.cache_key(host_sim.ROOT)  # the same sources elsewhere: the same key
    (tmp_path / "tree" / "firmware" / "notes.txt").write_text("not a module\n")
    assert uf2.cache_key(root, out) == key
    rules = tmp_path / "tree" / "shared_rules" / "rng.py"
    rules.write_text(rules.read_text() + "\n# changed\n")
    changed = uf2.cache_key(root, out)
    assert changed != key
    (tmp_path / "tree" / "boards" / "extra.py").write_text("X = 1\n")
    assert uf2.cache_key(root, out) not in (key, changed)


FAKE_SCRIPT = """#!/bin/bash
# stands in for build_firmware.sh: WORK_DIR OUT_DIR MANIFEST
set -e
test -f "$3"
grep -q 'freeze("$(PORT_DIR)/modules", "_boot.py")' "$3"
mkdir -p "$2"
head -c 1000 /dev/zero > "$2/firmware.bin"
echo built >> "$1/runs"
"""


def fake_build(tmp_path, monkeypatch, script_text=FAKE_SCRIPT):
    script = tmp_path / "build_firmware.sh"
    script.write_text(script_text)
    work = tmp_path / "src"
    work.mkdir()
    monkeypatch.setattr(uf2, "SCRIPT", str(script))
    monkeypatch.setattr(uf2, "OUT_DIR", str(tmp_path / "uf2"))
    monkeypatch.setattr(uf2, "WORK_DIR", str(work))
    return work


def test_make_uf2_builds_once_then_reuses_the_firmware(tmp_path, monkeypatch, capsys):
    work = fake_build(tmp_path, monkeypatch)
    monkeypatch.setattr(uf2, "check_can_build", lambda work=None: None)
    uf2.main([])
    out = capsys.readouterr().out
    path = tmp_path / "uf2" / "pocket-table.uf2"
    assert "uf2: %s, 2048 bytes" % os.path.relpath(path) in out and "built" in out
    assert "BOOTSEL" in out and "RPI-RP2" in out
    assert uf2.from_uf2(path.read_bytes()) == (0x10000000, bytes(1024))
    key = uf2.cache_key()
    version = tmp_path / "uf2" / key / "version" / "firmware" / "version.py"
    assert version.read_text() == "VERSION = %r\n" % (build.source_version() + "+" + key[:8])
    assert not (tmp_path / "uf2" / key / "fw.partial").exists()
    assert uf2.latest_firmware() == str(tmp_path / "uf2" / key / "fw" / "firmware.bin")
    path.unlink()
    uf2.main([])
    out = capsys.readouterr().out
    assert "nothing changed" in out and "reused" in out and path.exists()
    assert (work / "runs").read_text() == "built\n"  # the script ran once


def test_errors_are_one_line(tmp_path, monkeypatch):
    fake_build(tmp_path, monkeypatch, "#!/bin/bash\nexit 3\n")
    monkeypatch.setattr(uf2, "is_debian", lambda: False)
    with pytest.raises(SystemExit) as e:
        uf2.main([])
    assert str(e.value).startswith("uf2: building the firmware needs Debian")
    monkeypatch.setattr(uf2, "is_debian", lambda: True)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(SystemExit) as e2:
        uf2.main([])
    assert str(e2.value).startswith("uf2: building the firmware needs root")
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(SystemExit) as e3:
        uf2.main([])
    assert str(e3.value).startswith("uf2: the firmware build failed (exit 3): see ")
    for err in (e, e2, e3):
        assert "\n" not in str(err.value)


needs_emulator = pytest.mark.skipif(
    not picoemu.is_set_up(), reason="the emulated Pico is not set up (make calibrate)"
)

IMPORT_CHECK = """
import gc, os, sys
path = list(sys.path)
files = os.listdir("/")
gc.collect()
import firmware.app, shared_rules.hang10, shared_rules.snafu
gc.collect()
free = gc.mem_free()
from firmware.version import VERSION
from shared_rules import snafu_ai
print(path)
print(sorted(files))
print(firmware.app.__file__)
print(VERSION)
print(snafu_ai.use_native())
print(free)
"""


@needs_emulator
def test_the_frozen_firmware_runs_the_app_without_files_and_files_override_it():
    fw = uf2.latest_firmware()
    if fw is None:
        pytest.skip("the frozen firmware for these sources is not built (make uf2)")
    out, _ = picoemu.run(IMPORT_CHECK, firmware=fw, with_build=False)
    path, files, where, version, native, free = out.splitlines()
    assert path == "['', '.frozen', '/lib']"  # the filesystem ('') before the frozen modules
    assert files == "[]"
    assert where == "firmware/app.py"  # a frozen module's name (no .py on the filesystem)
    assert version == build.source_version() + "+" + uf2.cache_key()[:8]
    assert native == "native"  # the viper module, frozen for armv6m, runs as machine code
    # the device build in the filesystem (as make flash leaves it) takes over
    out, _ = picoemu.run(IMPORT_CHECK, firmware=fw, with_build=True)
    _path, files, where, version, native, free_with_files = out.splitlines()
    assert "firmware" in files and where == "firmware/app.mpy"
    assert version != build.source_version() + "+" + uf2.cache_key()[:8]
    assert native == "native"
    assert int(free) > int(free_with_files) + 20 * 1024  # bytecode in flash, not in the heap


MELDS_CHECK = """
from shared_rules import rummy_melds as m
from shared_rules.rummy import parse_cards
print(m.use_native())
print(m.deadwood(parse_cards("AD 3S 4S 6H 6D 7D TD JH QS QD KS KH JK JK"), 13))
print(m.can_go_out(parse_cards("5D 3H 3H AD 4H 6S QH 3D AH 3S JK JK KS KH"), 13))
print(m.leftovers(parse_cards("2S 2H 2H 3S 3H 4H 4C 6H 6D 8H KS KH JK JK"), 13))
"""


@needs_emulator
def test_the_frozen_meld_search_runs_as_machine_code_on_the_pico():
    """Three-Thirteen's search, frozen for the Cortex-M0+ (its code 4-byte aligned: see
    build_firmware.sh), answers as the bytecode does; a files install searches as
    bytecode (the package on the filesystem has no rummy_native)."""
    fw = uf2.latest_firmware()
    if fw is None:
        pytest.skip("the frozen firmware for these sources is not built (make uf2)")
    from shared_rules import rummy_melds
    from shared_rules.rummy import parse_cards

    want = [
        "29",
        "False",
        repr(rummy_melds.leftovers(parse_cards("2S 2H 2H 3S 3H 4H 4C 6H 6D 8H KS KH JK JK"), 13)),
    ]
    out, _ = picoemu.run(MELDS_CHECK, firmware=fw, with_build=False)
    assert out.splitlines() == ["native"] + want
    out, _ = picoemu.run(MELDS_CHECK, firmware=fw, with_build=True)
    assert out.splitlines() == ["bytecode"] + want


@needs_emulator
def test_the_uf2_leaves_fat_out_and_keeps_littlefs():
    """The console's filesystem is littlefs: the uf2 is built without FAT (flash for the
    games); the port's own firmware, which the files bench runs, keeps it."""
    fw = uf2.latest_firmware()
    if fw is None:
        pytest.skip("the frozen firmware for these sources is not built (make uf2)")
    code = "import vfs\nprint(hasattr(vfs, 'VfsFat'), hasattr(vfs, 'VfsLfs2'))\n"
    out, _ = picoemu.run(code, firmware=fw, with_build=False)
    assert out.split() == ["False", "True"]
    out, _ = picoemu.run(code, with_build=False)
    assert out.split() == ["True", "True"]
