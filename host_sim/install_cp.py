"""Copy the CircuitPython build (build/circuitpython/) to a mounted CIRCUITPY drive.

    python -m host_sim.install_cp DRIVE      (make install-cp DRIVE=/media/$USER/CIRCUITPY)

Only files whose content differs are copied (same size and sha256 means the
file is left alone). All of them are first written in full as NAME.pt-new next
to their place (staged); only then are they renamed into place, lib/ first and
code.py last, so an install interrupted while copying leaves the old build as it
was (the next install removes the stray temp files). A file or folder in the
way of one the build needs (a folder named code.py, a file named lib) is moved
aside to NAME.bad (never deleted). Files an earlier install put on the drive
(its manifest.json) and this build no longer has are removed. Never touched:
saves/ (the app's saves, stats, replays, error.txt), settings.toml,
boot_out.txt, board.txt, and every file no install of ours put there.

The drive must be writable by the computer: CircuitPython's boot.py gives it to
the app unless B is held at power-up (see README, CircuitPython).
"""

import errno
import json
import os
import sys
import time

import host_sim
from host_sim import build as buildmod

MANIFEST = buildmod.MANIFEST
NEVER = ("saves", "settings.toml", "boot_out.txt", "board.txt")  # top-level names kept as they are
TEMP_SUFFIX = ".pt-new"
DRIVE_MARK = "boot_out.txt"  # CircuitPython writes it at every start
MOUNT_GUESSES = (
    "/media/{user}/CIRCUITPY",
    "/run/media/{user}/CIRCUITPY",
    "/Volumes/CIRCUITPY",
    "/mnt/CIRCUITPY",
)


class InstallError(Exception):
    """Something the user has to fix; the message says what."""


def protected(rel):
    return rel.replace("\\", "/").lstrip("/").split("/", 1)[0] in NEVER


def find_drive():
    """The mounted CIRCUITPY drive, if exactly one of the usual places has one."""
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    found = [
        p.format(user=user)
        for p in MOUNT_GUESSES
        if os.path.isfile(os.path.join(p.format(user=user), DRIVE_MARK))
    ]
    if not found:
        raise InstallError("no CIRCUITPY drive found: plug the Pico in and name it, DRIVE=/path")
    if len(found) > 1:
        raise InstallError(
            "several CIRCUITPY drives (%s): name one, DRIVE=/path" % ", ".join(found)
        )
    return found[0]


def read_build(build_dir):
    try:
        manifest = buildmod.read_manifest(build_dir)
    except (OSError, ValueError):
        raise InstallError("no build in %s: run make build RUNTIME=circuitpython" % build_dir)
    if manifest.get("runtime") != buildmod.CIRCUITPYTHON:
        raise InstallError("%s is not a CircuitPython build" % build_dir)
    for rel, entry in manifest["files"].items():
        path = os.path.join(build_dir, rel)
        if not os.path.isfile(path) or buildmod.file_sha256(path) != entry["sha256"]:
            raise InstallError(
                "the build in %s is incomplete (%s): build it again" % (build_dir, rel)
            )
        if protected(rel):
            raise InstallError("the build holds %s, which an install never writes" % rel)
    return manifest


def drive_manifest(drive):
    """The manifest an earlier install left on the drive ({} if none or unreadable)."""
    try:
        with open(os.path.join(drive, MANIFEST)) as f:
            data = json.load(f)
        return data if isinstance(data.get("files"), dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def same_file(path, entry):
    try:
        if os.path.getsize(path) != entry["size"]:
            return False
        return buildmod.file_sha256(path) == entry["sha256"]
    except OSError:
        return False


def _order(rel):
    """lib/ first, boot.py, then code.py: the entry file changes once the rest is in place."""
    return (rel == "code.py", rel == "boot.py", rel)


def stage_file(src, dst):
    """Write SRC in full to DST.pt-new on the drive (flushed); returns its size."""
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    tmp = dst + TEMP_SUFFIX
    with open(src, "rb") as f:
        data = f.read()
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    return len(data)


def copy_file(src, dst):
    """Copy through DST.pt-new, flushed to the drive, then renamed over DST."""
    size = stage_file(src, dst)
    os.replace(dst + TEMP_SUFFIX, dst)
    return size


def free_name(path):
    """PATH.bad, or PATH.bad2, PATH.bad3 ... whichever does not exist yet."""
    n = 1
    while True:
        candidate = path + (".bad" if n == 1 else ".bad%d" % n)
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def clear_the_way(drive, rels, out):
    """Move aside whatever blocks a path the build needs: a folder where a file goes, a
    file where a folder goes (never deleted: it may be someone's). Returns the moves."""
    moved = []
    needed = {}
    for rel in rels:
        parts = rel.split("/")
        for i in range(1, len(parts)):
            needed["/".join(parts[:i])] = True  # a folder
        needed[rel] = False  # a file
        needed[rel + TEMP_SUFFIX] = False
    for rel in sorted(needed, key=lambda r: r.count("/")):
        path = os.path.join(drive, *rel.split("/"))
        want_dir = needed[rel]
        if not os.path.lexists(path) or os.path.isdir(path) == want_dir:
            continue
        if os.path.islink(path) and not want_dir:
            continue  # a link to a file is replaced like a file
        aside = free_name(path)
        os.rename(path, aside)
        print("  %-44s moved aside to %s" % (rel, os.path.basename(aside)), file=out, flush=True)
        moved.append((rel, aside))
    return moved


def _drop_temp_files(drive):
    for top, dirs, files in os.walk(drive):
        rel_top = os.path.relpath(top, drive)
        if rel_top != "." and protected(rel_top):
            dirs[:] = []
            continue
        dirs[:] = [d for d in dirs if not (rel_top == "." and protected(d))]
        for name in files:
            if name.endswith(TEMP_SUFFIX):
                os.remove(os.path.join(top, name))


def _remove_empty_dirs(drive, rel):
    parts = rel.split("/")[:-1]
    while parts and not protected("/".join(parts)):
        path = os.path.join(drive, *parts)
        try:
            os.rmdir(path)  # only when empty
        except OSError:
            return
        parts.pop()


def install(drive, build_dir=buildmod.CP_OUT, out=None):
    """Copy the build to `drive`; returns (files copied, bytes, files removed, seconds)."""
    out = out or sys.stdout
    t0 = time.monotonic()
    manifest = read_build(build_dir)
    if not os.path.isdir(drive):
        raise InstallError("%s is not a folder: is the CIRCUITPY drive mounted?" % drive)
    new = manifest["files"]
    old = drive_manifest(drive).get("files", {})
    copied = 0
    nbytes = 0
    removed = 0
    try:
        clear_the_way(drive, list(new) + [MANIFEST], out)
        _drop_temp_files(drive)
        changed = []
        for rel in sorted(new, key=_order):  # stage: the old build stays as it was
            dst = os.path.join(drive, *rel.split("/"))
            if same_file(dst, new[rel]):
                continue
            size = stage_file(os.path.join(build_dir, *rel.split("/")), dst)
            print("  %-44s %6d bytes" % (rel, size), file=out, flush=True)
            changed.append(dst)
            copied += 1
            nbytes += size
        if hasattr(os, "sync"):
            os.sync()
        for dst in changed:  # switch: renames only, lib/ first and code.py last
            os.replace(dst + TEMP_SUFFIX, dst)
        for rel in sorted(old):
            if rel in new or protected(rel) or ".." in rel.split("/"):
                continue
            path = os.path.join(drive, *rel.split("/"))
            if os.path.isfile(path):
                os.remove(path)
                print("  %-44s removed" % rel, file=out, flush=True)
                removed += 1
                _remove_empty_dirs(drive, rel)
        copy_file(os.path.join(build_dir, MANIFEST), os.path.join(drive, MANIFEST))
        if hasattr(os, "sync"):
            os.sync()
    except OSError as e:
        if e.errno == errno.EROFS:
            raise InstallError(
                "%s is read-only: the app owns the drive. Unplug the Pico, hold B while "
                "plugging it in again (boot.py then leaves the drive to the computer), "
                "and run this again" % drive
            )
        if e.errno in (errno.EACCES, errno.EPERM):
            raise InstallError(
                "no permission to write %s: it belongs to another user or is mounted "
                "without write access for you; fix its permissions (or mount it as "
                "yourself) and run this again" % (e.filename or drive)
            )
        if e.errno == errno.ENOSPC:
            raise InstallError("%s is full: delete files you do not need from it" % drive)
        raise InstallError("copying to %s failed: %s" % (drive, e))
    return copied, nbytes, removed, time.monotonic() - t0


def main(argv=None, out=None):

    ap = host_sim.parser(prog="python -m host_sim.install_cp", description=__doc__)
    ap.add_argument("drive", nargs="?", help="the mounted CIRCUITPY drive (default: look for it)")
    ap.add_argument("--build-dir", default=buildmod.CP_OUT)
    ap.add_argument("--force", action="store_true", help="copy even without boot_out.txt")
    args = ap.parse_args(argv)
    try:
        drive = args.drive or find_drive()
        if not os.path.isdir(drive):
            raise InstallError("%s is not a folder: is the CIRCUITPY drive mounted?" % drive)
        if not args.force and not os.path.isfile(os.path.join(drive, DRIVE_MARK)):
            raise InstallError(
                "%s has no %s, so it is not a CIRCUITPY drive (--force to copy anyway)"
                % (drive, DRIVE_MARK)
            )
        out = out or sys.stdout
        copied, nbytes, removed, secs = install(drive, args.build_dir, out)
    except InstallError as e:
        print("install-cp: %s" % e, file=sys.stderr, flush=True)
        raise SystemExit(1)
    except KeyboardInterrupt:
        print(
            "install-cp: interrupted; run it again to finish (until the switch the drive"
            " keeps the old build; staged files are removed next time)",
            file=sys.stderr,
        )
        raise SystemExit(130) from None
    print(
        "install-cp: %d files copied, %d bytes, %d removed, %.1f s -> %s"
        % (copied, nbytes, removed, secs, drive),
        file=out,
    )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # before main's own handling (while starting)
        print("install-cp: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
