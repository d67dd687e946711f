"""python -m host_sim flash [--port PORT]: copy the build to the Pico over USB (mpremote's library).

1. Interrupt the running app (Ctrl-C) and soft-reset into the raw REPL (clean heap).
2. Whatever blocks a path the build needs (a folder named main.py, a file named
   firmware) is moved aside to PATH.bad, never deleted. The board hashes what it
   has (hashlib.sha256); only files whose sha256 differs from
   build/device/manifest.json are copied.
3. Every changed file is uploaded under a temp name (NAME.pt-new) and its
   sha256 checked on the board; only then are they all renamed into place in
   one command on the board, files an older build put there (its manifest) are
   deleted (nothing else: a board file of one's own stays), and
   /manifest.json is renamed in last. A flash killed during the upload leaves
   the old build intact (the next flash removes the stray temp files).
4. Every file's sha256 is checked again, then the board soft-resets into the app.

Never touched: /saves (the player's saves) and /board.txt (which board this is).
Every failure is one line on stderr saying what to do, and a non-zero exit.
"""

import ast
import base64
import contextlib
import hashlib
import io
import json
import os
import sys
import time

import host_sim  # noqa: F401 - project root on sys.path
from host_sim import build as buildmod

TEMP_SUFFIX = ".pt-new"
MANIFEST = buildmod.MANIFEST
KEEP = ("saves", "board.txt")  # device-local: never listed, copied over or deleted
CHUNK = 4096  # bytes of file per command (base64 inside a raw-paste exec)
# Tests only: seconds to wait after each uploaded file, so a test can kill the flash mid-way.
TEST_DELAY_ENV = "PT_FLASH_TEST_DELAY"

# Defined on the board (in the raw REPL's globals, gone at the soft reset).
DEVICE_HELPERS = """\
import os, hashlib, binascii
def _pt_sha(p):
    h = hashlib.sha256()
    b = bytearray(512)
    m = memoryview(b)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(m[:n])
    return binascii.hexlify(h.digest()).decode()
def _pt_walk(d, out):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            _pt_walk(p, out)
        else:
            out[p] = (os.stat(p)[6], _pt_sha(p))
def _pt_scan(dirs, names, tmp):
    out = {}
    for e in os.ilistdir('/'):
        n = e[0]
        p = '/' + n
        if e[1] & 0x4000:
            if n in dirs:
                _pt_walk(p, out)
        elif n in names or n.endswith(tmp):
            out[p] = (os.stat(p)[6], _pt_sha(p))
    print(repr(out))
def _pt_cat(p):
    try:
        with open(p) as f:
            print(repr(f.read()))
    except (OSError, ValueError):
        print(None)
def _pt_rm(paths):
    for p in paths:
        try:
            os.remove(p)
        except OSError:
            pass
def _pt_mkdirs(paths):
    for p in paths:
        try:
            os.mkdir(p)
        except OSError:
            pass
def _pt_open(p):
    global _pt_f
    _pt_f = open(p, 'wb')
def _pt_w(d):
    _pt_f.write(binascii.a2b_base64(d))
def _pt_end(p):
    _pt_f.close()
    print(_pt_sha(p))
def _pt_put(p, d):
    with open(p, 'wb') as f:
        f.write(binascii.a2b_base64(d))
    print(_pt_sha(p))
def _pt_isdir(p):
    try:
        return os.stat(p)[0] & 0x4000 != 0
    except OSError:
        return None
def _pt_clear(need):
    moved = []
    for p, want_dir in need:
        d = _pt_isdir(p)
        if d is None or d == want_dir:
            continue
        n = 1
        while _pt_isdir(p + ('.bad' if n == 1 else '.bad%d' % n)) is not None:
            n += 1
        a = p + ('.bad' if n == 1 else '.bad%d' % n)
        os.rename(p, a)
        moved.append((p, a))
    print(repr(moved))
def _pt_commit(moves, stale, dirs):
    for a, b in moves:
        try:
            os.rename(a, b)
        except OSError:
            os.remove(b)
            os.rename(a, b)
    _pt_rm(stale)
    for d in dirs:
        try:
            os.rmdir(d)
        except OSError:
            pass
    print('ok')
"""


class FlashError(Exception):
    """A failure with a one-line message that says what to do."""


def _say(out, line):
    out.write(line + "\n")
    out.flush()


# ---- finding and opening the board -------------------------------------


def usb_ports():
    """Serial ports with a USB vid/pid, as mpremote's auto-connect sees them."""
    import serial.tools.list_ports

    return sorted(
        (p for p in serial.tools.list_ports.comports() if p.vid is not None and p.pid is not None),
        key=lambda p: p.device,
    )


def find_port():
    ports = usb_ports()
    if not ports:
        raise FlashError(
            "no board found: plug the Pico in over USB (with MicroPython on it), "
            "or name the port: make flash PORT=/dev/ttyACM0"
        )
    if len(ports) > 1:
        raise FlashError(
            "several boards found (%s): choose one with make flash PORT=%s"
            % (", ".join(p.device for p in ports), ports[0].device)
        )
    return ports[0].device


def _port_problem(port):
    """Why `port` cannot be opened, as a FlashError (or None if it opens now)."""
    import errno

    import serial

    if not os.path.exists(port):
        return FlashError(
            "no such port %s: check the cable and the name (`mpremote connect list` "
            "lists the boards), then make flash PORT=..." % port
        )
    if not os.access(port, os.R_OK | os.W_OK):
        return FlashError(
            "no permission to open %s: add yourself to the dialout group "
            "(sudo usermod -aG dialout $USER, then log in again)" % port
        )
    try:
        s = serial.Serial(port, 115200, exclusive=True)
    except serial.SerialException as e:
        text = str(e)
        code = getattr(e, "errno", None)
        if "lock" in text or code in (errno.EBUSY, errno.EAGAIN):
            return FlashError(
                "port %s is busy: another program has it open (mpremote, Thonny, a "
                "serial terminal); close it and flash again" % port
            )
        if code in (errno.EACCES, errno.EPERM):
            return FlashError(
                "no permission to open %s: add yourself to the dialout group "
                "(sudo usermod -aG dialout $USER, then log in again)" % port
            )
        return FlashError("cannot open %s: %s" % (port, text.splitlines()[0]))
    s.close()
    return None


def open_board(port):
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    problem = _port_problem(port)
    if problem:
        raise problem
    try:
        return SerialTransport(port, baudrate=115200, timeout=2)
    except TransportError:
        raise _port_problem(port) or FlashError(
            "cannot open %s (is another program using it?); close it and flash again" % port
        )


# ---- talking to the board ----------------------------------------------


class Board:
    def __init__(self, transport, port):
        self.t = transport
        self.port = port

    def exec(self, code):
        from mpremote.transport import TransportError, TransportExecError

        try:
            return self.t.exec(code)
        except TransportExecError as e:
            last = (e.error_output.strip().splitlines() or ["?"])[-1]
            raise FlashError("the board failed: %s; flash again" % last)
        except TransportError as e:
            raise FlashError("lost contact with the board on %s (%s); flash again" % (self.port, e))

    def text(self, code):
        return self.exec(code).decode().strip()

    def eval(self, code):
        out = self.exec(code).decode().strip()
        try:
            return ast.literal_eval(out)
        except (ValueError, SyntaxError):
            raise FlashError("unexpected answer from the board: %r; flash again" % out[:60])

    def enter(self):
        from mpremote.transport import TransportError

        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                self.t.enter_raw_repl(soft_reset=True)
        except TransportError:
            raise FlashError(
                "no MicroPython REPL answers on %s: is MicroPython installed on the board, "
                "and no other program using the port? Unplug and replug it, then flash again"
                % self.port
            )
        self.exec(DEVICE_HELPERS)

    def soft_reset(self, timeout=5.0):
        """Leave the raw REPL and soft-reset from the friendly one, so main.py runs."""
        self.t.exit_raw_repl()
        self.t.read_until(1, b">>> ", timeout=timeout, timeout_overall=timeout)
        self.t.serial.write(b"\x04")
        data = self.t.read_until(1, b"soft reboot\r\n", timeout=timeout, timeout_overall=timeout)
        if not data.endswith(b"soft reboot\r\n"):
            raise FlashError(
                "the board did not soft-reset; press its reset (or unplug and replug it)"
            )

    def close(self):
        try:
            self.t.close()
        except OSError:
            pass


# ---- the flash ---------------------------------------------------------


def _device(rel):
    return "/" + rel


def old_manifest_files(text):
    """The files an earlier build put on the board, from its /manifest.json; {} for a
    damaged one (then nothing is taken as an earlier build's: nothing unknown is deleted)."""
    try:
        files = json.loads(text).get("files", {}) if text else {}
    except (ValueError, AttributeError, RecursionError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, dict)}


def _top_dirs(rels):
    return {r.split("/", 1)[0] for r in rels if "/" in r}


def _parents(rel):
    parts = rel.split("/")[:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def in_the_way_checks(new):
    """(path, must be a folder) for every path the build needs, parents first: whatever
    is there of the other kind (a folder named main.py, a file named firmware) is moved
    aside to PATH.bad on the board, never deleted (it may be someone's)."""
    need = {}
    for rel in new:
        for d in _parents(rel):
            need[d] = True
        need[_device(rel)] = False
        need[_device(rel) + TEMP_SUFFIX] = False
    return sorted(need.items(), key=lambda item: (item[0].count("/"), item[0]))


def _kept(path):
    first = path.lstrip("/").split("/", 1)[0]
    return first in KEEP


def _read_build(build_dir):
    try:
        manifest = buildmod.read_manifest(build_dir)
    except (OSError, ValueError):
        raise FlashError("no build in %s: run make build first" % build_dir)
    files = manifest["files"]
    for rel, entry in files.items():
        path = os.path.join(build_dir, rel)
        if not os.path.isfile(path) or buildmod.file_sha256(path) != entry["sha256"]:
            raise FlashError(
                "the build in %s is incomplete (%s): run make build" % (build_dir, rel)
            )
    return manifest


def flash(port, build_dir, out=sys.stdout):
    """Flash `build_dir` to the board on `port`; returns (files copied, bytes, seconds)."""
    t0 = time.monotonic()
    manifest = _read_build(build_dir)
    new = dict(manifest["files"])
    with open(os.path.join(build_dir, MANIFEST), "rb") as f:
        manifest_bytes = f.read()
    new[MANIFEST] = {
        "size": len(manifest_bytes),
        "sha256": hashlib.sha256(manifest_bytes).hexdigest(),
    }
    board = Board(open_board(port), port)
    _say(out, "flash: %s, build %s (%d files)" % (port, manifest["version"], len(new)))
    try:
        board.enter()
        old_text = board.eval("_pt_cat(%r)" % _device(MANIFEST))
        old = old_manifest_files(old_text)
        for path, aside in board.eval("_pt_clear(%r)" % in_the_way_checks(new)):
            _say(out, "  moved aside %s (in the way) to %s" % (path.lstrip("/"), aside.lstrip("/")))
        dirs = sorted((_top_dirs(new) | _top_dirs(old)) - set(KEEP))
        names = sorted({r for r in list(new) + list(old) if "/" not in r} - set(KEEP))
        have = board.eval("_pt_scan(%r, %r, %r)" % (dirs, names, TEMP_SUFFIX))

        temps = sorted(p for p in have if p.endswith(TEMP_SUFFIX))
        if temps:
            board.exec("_pt_rm(%r)" % temps)
            _say(out, "  removed %d temp files left by an interrupted flash" % len(temps))
            for p in temps:
                del have[p]
        changed = [
            r for r in sorted(new) if have.get(_device(r), (None, None))[1] != new[r]["sha256"]
        ]
        if MANIFEST in changed:  # written last
            changed.remove(MANIFEST)
            changed.append(MANIFEST)
        wanted = {_device(r) for r in new}
        olds = {_device(r) for r in old}

        def is_stale(p):
            if p in wanted or _kept(p) or p.endswith(TEMP_SUFFIX):
                return False
            return p in olds  # only what an earlier build put there: never someone's own

        stale = sorted(p for p in have if is_stale(p))  # the scan covered every old folder
        _say(
            out, "flash: %d of %d files differ, %d to delete" % (len(changed), len(new), len(stale))
        )

        missing_dirs = sorted(
            {d for r in changed for d in _parents(r)}
            - {d for p in have for d in _parents(p.lstrip("/"))}
        )
        if missing_dirs:
            board.exec("_pt_mkdirs(%r)" % missing_dirs)

        copied = 0
        nbytes = 0
        delay = float(os.environ.get(TEST_DELAY_ENV) or 0)
        for rel in changed:
            data = manifest_bytes if rel == MANIFEST else _read(build_dir, rel)
            tmp = _device(rel) + TEMP_SUFFIX
            if len(data) <= CHUNK:
                got = board.text("_pt_put(%r, %r)" % (tmp, _b64(data)))
            else:
                board.exec("_pt_open(%r)" % tmp)
                for i in range(0, len(data), CHUNK):
                    board.exec("_pt_w(%r)" % _b64(data[i : i + CHUNK]))
                got = board.text("_pt_end(%r)" % tmp)
            if got != new[rel]["sha256"]:
                raise FlashError(
                    "%s arrived damaged (sha256 differs); the old build is intact, flash again"
                    % rel
                )
            copied += 1
            nbytes += len(data)
            _say(out, "  %-28s %6d bytes  ok" % (rel, len(data)))
            if delay:
                time.sleep(delay)

        moves = [(_device(r) + TEMP_SUFFIX, _device(r)) for r in changed]
        gone_dirs = sorted(
            {d for p in stale for d in _parents(p.lstrip("/"))}
            - {d for r in new for d in _parents(r)},
            key=len,
            reverse=True,
        )
        if moves or stale:
            board.exec("_pt_commit(%r, %r, %r)" % (moves, stale, gone_dirs))
        for p in stale:
            _say(out, "  deleted %s" % p.lstrip("/"))

        check = board.eval("_pt_scan(%r, %r, %r)" % (dirs, names, TEMP_SUFFIX))
        bad = [r for r in sorted(new) if check.get(_device(r), (None, None))[1] != new[r]["sha256"]]
        left = sorted(p for p in check if p.endswith(TEMP_SUFFIX) or is_stale(p))
        if bad or left:
            raise FlashError("verification failed (%s); flash again" % ", ".join((bad + left)[:3]))
        board.soft_reset()
    except OSError as e:
        raise FlashError("lost contact with the board on %s (%s); flash again" % (port, e))
    finally:
        board.close()
    seconds = time.monotonic() - t0
    _say(out, "flash: %d files copied, %d bytes, %.1f s" % (copied, nbytes, seconds))
    return copied, nbytes, seconds


def _read(build_dir, rel):
    with open(os.path.join(build_dir, rel), "rb") as f:
        return f.read()


def _b64(data):
    return base64.b64encode(data).decode()


def main(port=None, build_dir=None, do_build=True, out=sys.stdout):
    """The `flash` command: exit status 0, or one line on stderr and SystemExit(1)."""
    try:
        if build_dir is None:
            build_dir = buildmod.DEFAULT_OUT
        if do_build:
            buildmod.build(build_dir)
        port = port or find_port()
        flash(port, build_dir, out)
    except FlashError as e:
        print("flash: %s" % e, file=sys.stderr, flush=True)
        raise SystemExit(1)
    except KeyboardInterrupt:
        print(
            "flash: interrupted; run it again to finish (the board keeps a bootable build)",
            file=sys.stderr,
        )
        raise SystemExit(130)


def cmd(args):
    """`python -m host_sim flash` (host_sim/cli.py parses the arguments)."""
    main(args.port, args.build_dir, not args.no_build)


if __name__ == "__main__":
    ap = host_sim.parser(prog="python -m host_sim.flash")
    ap.add_argument("--port", default=None)
    ap.add_argument("--build-dir", default=None)
    ap.add_argument("--no-build", action="store_true")
    cmd(ap.parse_args())
