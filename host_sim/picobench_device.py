"""The Pico bench, device side: one registered game played whole from the launcher by
its own computer presses, measured frame by frame. Runs on the emulated Pico
(python -m host_sim bench) or a real one (mpremote run), from the device build.

Plain MicroPython, no host_sim imports. The saves go to a littlefs in RAM (the
emulated Pico's flash is read-only), made before anything is measured; then the
holes the script's own compilation left are filled and a ballast takes all the
free heap but `heap` bytes, so the app, the launcher and the game run in exactly
that much, in one piece (as on a device, where main.py is all that runs before
the app). Prints one JSON line.

    run(gid, heap, detail): detail=False only checks that the game fits.
"""

import gc
import json
import sys
import time

import micropython
import vfs

BLOCK = 4096  # as the rp2 port's littlefs on the Pico's flash
FS_BLOCKS = 16  # 64 KB of RAM filesystem: saves, journal, stats
PAGE = 256  # the flash's program page
I2C_HZ = 400000  # boards/pico_i2c.py: the panel's bus; a byte is 9 clocks on the wire
# W25Q16JV (the Pico's flash), typical: a 4 KB sector erase, a 256-byte page program.
ERASE_US = 45000
PAGE_US = 400


@micropython.viper
def _read(buf, data, a: int):
    """len(buf) bytes of data from a into buf."""
    p = ptr8(buf)
    q = ptr8(data)
    n = int(len(buf))
    i = 0
    while i < n:
        p[i] = q[a + i]
        i += 1


@micropython.viper
def _write(data, a: int, buf):
    """buf into data at a."""
    p = ptr8(data)
    q = ptr8(buf)
    n = int(len(buf))
    i = 0
    while i < n:
        p[a + i] = q[i]
        i += 1


class RamBlocks:
    """A littlefs block device in RAM that counts the erases and page programs the
    Pico's flash would do, and the time its own (Python) methods take, which a
    save on the real flash device (C) does not spend.

    Like the flash device (C) it makes nothing on the heap: its copies are viper loops
    (a slice would be garbage, and collections would come into measured frames), and
    its methods keep within 11 words of locals and stack, so MicroPython runs them
    without a heap frame (which on a fragmented heap costs a search a call, thousands
    of calls a save)."""

    def __init__(self, count):
        self.count = count
        self.data = bytearray(BLOCK * count)
        self.erases = 0
        self.pages = 0
        self.us = 0
        self.calls = 0  # calls into the device (littlefs calls it for every block access)
        self.call_us = 0  # what one call costs beyond its own time (calibrate())

    def readblocks(self, n, buf, off=0):
        t0 = time.ticks_us()
        _read(buf, self.data, n * BLOCK + off)
        self.calls += 1
        self.us += time.ticks_diff(time.ticks_us(), t0)

    def writeblocks(self, n, buf, off=0):
        t0 = time.ticks_us()
        _write(self.data, n * BLOCK + off, buf)
        self.pages += (len(buf) + PAGE - 1) // PAGE
        self.calls += 1
        self.us += time.ticks_diff(time.ticks_us(), t0)

    def ioctl(self, op, arg):
        t0 = time.ticks_us()
        self.calls += 1
        if op == 4:
            op = self.count
        elif op == 5:
            op = BLOCK
        else:
            if op == 6:
                self.erases += 1
            op = 0
        self.us += time.ticks_diff(time.ticks_us(), t0)
        return op

    def spent(self):
        """Microseconds so far in the device's Python methods, their calls included."""
        return self.us + self.calls * self.call_us

    def calibrate(self, n=200):
        """The cost of a call into a Python method beyond the time measured inside it
        (entering and leaving the method, passing its arguments): the Pico's own flash
        device is C, so a save's time leaves this out as well as the time inside."""
        buf = bytearray(16)
        us, calls = self.us, self.calls
        t0 = time.ticks_us()
        for _ in range(n):
            self.readblocks(1, buf, 32)
        total = time.ticks_diff(time.ticks_us(), t0)
        self.call_us = max(0, (total - (self.us - us)) // n)
        self.us, self.calls = us, calls
        gc.collect()

    def flash_us(self):
        """What the erases and programs so far take on the real flash (typical)."""
        return self.erases * ERASE_US + self.pages * PAGE_US


class Timer:
    """Worst and total microseconds of something, and how often."""

    def __init__(self):
        self.n = 0
        self.total = 0
        self.max = 0
        self.at = -1  # the frame of the worst

    def add(self, us, at=-1):
        self.n += 1
        self.total += us
        if us > self.max:
            self.max = us
            self.at = at

    def out(self):
        mean = self.total // self.n if self.n else 0
        return {"max_us": self.max, "mean_us": mean, "n": self.n, "at": self.at}


def mount_ram_fs(path="/ram"):
    dev = RamBlocks(FS_BLOCKS)
    vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), path)
    dev.calibrate()
    return dev


def largest_block():
    """The largest block the heap can give now (bytes)."""
    gc.collect()
    lo, hi = 0, gc.mem_free()
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            bytearray(mid)
            lo = mid
        except MemoryError:
            hi = mid - 1
        gc.collect()
    return lo


def fill_holes():
    """Everything free outside the largest block, taken (a chain of fillers): the
    holes this script's own compilation left between its objects, which would be
    scattered heap the app does not get on a device."""
    big = bytearray(largest_block() - 64)
    chain = None
    for size in (1024, 256, 64, 16, 0):
        while True:
            try:
                chain = (chain, bytearray(size) if size else object())
            except MemoryError:
                break
    del big
    gc.collect()
    return chain


def ballast_for(heap):
    """Blocks that leave the app exactly `heap` bytes, in one piece: the holes filled,
    then a ballast taking the rest of the free heap but `heap` bytes (None, and the
    whole heap, when there is less)."""
    holes = fill_holes()
    gc.collect()
    spare = gc.mem_free() - heap - 64  # the block's own header and rounding
    return (holes, bytearray(spare)) if spare > 0 else None


class Probe:
    """Wraps the display and the store to time the show and the saves of each frame:
    the saves' own time (the RAM device's time taken out) and the flash's (modelled)."""

    def __init__(self, app, board, dev):
        self.shown_at = -1
        self.save_us = 0
        self.flash_us = 0
        self.dev = dev
        self.us_at_show = 0
        self.calls_at_show = 0
        self.app = app
        display = board.display
        real_show = display.show

        def show():
            r = real_show()
            self.shown_at = time.ticks_us()
            self.us_at_show = dev.us  # attribute reads only: an idle show stays cheap
            self.calls_at_show = dev.calls
            return r

        display.show = show
        store = app.store
        for name in ("write", "append", "rename", "remove", "write_text", "save_json"):
            self.wrap(store, name)

    def wrap(self, obj, name):
        real = getattr(obj, name)

        dev = self.dev

        def timed(*args):
            spent = dev.spent()
            flash = dev.flash_us()
            t0 = time.ticks_us()
            r = real(*args)
            took = time.ticks_diff(time.ticks_us(), t0) - (dev.spent() - spent)
            self.save_us += max(0, took)
            self.flash_us += dev.flash_us() - flash
            return r

        setattr(obj, name, timed)


OPENING = "saves/opening.json"  # firmware/app.py's OPENING, in the saves' folder


def opening(gid, options, seed, resume):
    """The record the launcher writes before the soft reset (firmware/restart.py,
    reset_into): the app opens the game from it as it starts, in a fresh heap."""
    how = {"gid": gid, "home": 0, "resume": resume, "seed": seed}
    if options:
        how["options"] = options
    return json.dumps(how).encode()


def put_files(fs, files):
    """Files (path under the device's folder: bytes) written before anything is measured:
    a save to resume (host_sim/picobench.py, resume_files)."""
    import os

    for path, data in files.items():
        folder = fs
        for part in path.split("/")[:-1]:
            folder += "/" + part
            try:
                os.mkdir(folder)
            except OSError:  # there already
                pass
        with open(fs + "/" + path, "wb") as f:
            f.write(data)


def trace_of(e):
    """The last lines of an error's traceback (where a game failed to open), or None."""
    if e is None:
        return None
    import io

    gc.collect()
    try:
        out = io.StringIO()
        sys.print_exception(e, out)
        return out.getvalue().strip().split("\n")[-4:]
    except MemoryError:  # the game's heap is full: the error alone says what it could
        return [repr(e)]


def run(
    gid, heap, detail=True, options=None, label=None, seed=1000, fs="/ram", peak=False, files=None
):
    """detail: the frame-by-frame figures (no collection between frames, so the
    times are the device's); peak: the live heap after a collection at every press
    (its own run, as collecting changes the frames' times); else only whether the game
    plays to its end in `heap` bytes. files: a saved game's files, resumed by Continue
    and played to its end. The game opens as on the device: the launcher's choice
    written, then the app started (after the soft reset) with `heap` bytes."""
    dev = mount_ram_fs(fs)
    files = dict(files or {})
    resume = bool(files)
    files[OPENING] = opening(gid, options, seed, resume)
    put_files(fs, files)
    files = None
    gc.collect()
    ballast = ballast_for(heap)  # noqa: F841 - held to the end: the app gets `heap` bytes
    gc.collect()
    base = gc.mem_alloc()
    free0 = gc.mem_free()
    from boards import headless
    from firmware import app as appmod

    board = headless.setup(fs_root=fs)
    app = appmod.App(board)  # main.py after the reset: the game opens
    probe = Probe(app, board, dev) if detail else None
    if peak:
        detail = False
    screen = app.screen
    if type(screen).__name__ == "ErrorScreen" or not hasattr(screen, "s"):
        row = {"game": label or gid, "heap": heap, "fits": False, "error": repr(app.last_error)}
        row["where"] = trace_of(app.last_error)
        print(json.dumps(row))
        return
    bus = board.bus
    frame = Timer()
    press = Timer()
    latency = Timer()
    save = Timer()
    flash = Timer()
    thinking = Timer()
    calm = Timer()  # calm frames that collected the heap (nothing else due)
    worst_bytes = 0
    peak_bytes = 0
    presses = 0
    frames = 0
    for _ in range(200000):
        if (screen.finished and not screen.files_pending()) or app.screen is not screen:
            break  # over once the files of its end are written (a piece a frame)
        try:
            mask = screen.bot_press()
        except MemoryError as e:  # the press for you searched outside a frame: its
            app.last_error = e  # error is the row's, as one inside a frame is
            break
        for m in (mask, 0) if mask else (0,):
            think = screen.thinking  # "thinking" shown last frame: a search now
            sent = bus.bytes_sent
            if detail:
                probe.shown_at = -1
                probe.save_us = 0
                probe.flash_us = 0
            dev_before = dev.spent()
            collects = app.calm_collects
            t0 = time.ticks_us()
            app.frame(m, m)
            dt = time.ticks_diff(time.ticks_us(), t0)
            frames += 1
            if peak and m:
                gc.collect()  # live data only: what the heap must hold at this point
                a = gc.mem_alloc() - base
                if a > peak_bytes:
                    peak_bytes = a
            if not detail:
                continue
            if probe.save_us:
                save.add(probe.save_us, frames)
                flash.add(probe.flash_us, frames)
            # the frame without its saves and the RAM device's Python (the Pico's is C)
            work = dt - probe.save_us - (dev.spent() - dev_before)
            if app.calm_collects != collects:
                calm.add(work, frames)
            else:
                (thinking if think else frame).add(work, frames)
            if m:
                presses += 1
                press.add(work, frames)
                b = bus.bytes_sent - sent
                if probe.shown_at >= 0:  # the CPU until the show, then the bytes on the wire
                    wire = b * 9 * 1000000 // I2C_HZ
                    # a file read before the show: the RAM device's time
                    fs = probe.us_at_show + probe.calls_at_show * dev.call_us - dev_before
                    latency.add(time.ticks_diff(probe.shown_at, t0) - fs + wire, frames)
                if b > worst_bytes:
                    worst_bytes = b
    finished = screen.finished and app.last_error is None
    if not detail:  # the game's state let go: the row's few hundred bytes find room
        app.screen = screen = None
        gc.collect()
    row = {
        "game": label or gid,
        "gid": gid,
        "options": options,
        "heap": heap,
        "fits": finished,
        "error": None if app.last_error is None else repr(app.last_error),
        "frames": frames,
        "free_at_start": free0,
    }
    if app.last_error is not None:
        row["where"] = trace_of(app.last_error)
    if peak:
        row["live_peak_bytes"] = peak_bytes
    if detail:
        idle = Timer()
        for _ in range(10):
            t0 = time.ticks_us()
            board.display.show()
            idle.add(time.ticks_diff(time.ticks_us(), t0))
        t0 = time.ticks_us()
        gc.collect()  # one collection with the game loaded (the RAM filesystem too)
        collect_us = time.ticks_diff(time.ticks_us(), t0)
        app.home()
        app.frame(0, 0)
        gc.collect()
        row.update(
            {
                "presses": presses,
                "frame": frame.out(),
                "press": press.out(),
                "thinking": thinking.out(),
                "calm_collects": calm.out(),
                "latency": latency.out(),
                "save": save.out(),
                "save_flash": flash.out(),
                "idle_show": idle.out(),
                "collect_us": collect_us,
                "worst_press_bytes": worst_bytes,
                "retained_bytes": gc.mem_alloc() - base,
                "fs_erases": dev.erases,
                "fs_call_us": dev.call_us,
                "fs_pages": dev.pages,
                "word": 4 if sys.maxsize < 2**32 else 8,
            }
        )
    print(json.dumps(row))


def reset_after_launcher(fs="/ram"):
    """The launcher as the app shows it, then the soft reset with which a game opens on
    the device (firmware/restart.py); the emulator times the reset (run_pico.mjs --then)
    and runs timed_opening after it."""
    import machine

    mount_ram_fs(fs)
    from boards import headless
    from firmware import app as appmod

    app = appmod.App(headless.setup(fs_root=fs))
    app.frame(0, 0)
    machine.soft_reset()


def timed_opening(gid, options=None, label=None, seed=1000, fs="/ram"):
    """After the reset: the launcher's record written, then the app started (main.py's
    part) until the game's first frame is on the panel; prints the time."""
    mount_ram_fs(fs)
    put_files(fs, {OPENING: opening(gid, options, seed, False)})
    gc.collect()
    t0 = time.ticks_us()
    from boards import headless
    from firmware import app as appmod

    app = appmod.App(headless.setup(fs_root=fs))
    app.frame(0, 0)
    us = time.ticks_diff(time.ticks_us(), t0)
    opened = hasattr(app.screen, "s")  # a game's screen, not the error screen
    print(json.dumps({"game": label or gid, "open_us": us, "opened": opened}))


def imports(gids):
    """Heap taken by the launcher's modules, then by each game's own modules."""
    gc.collect()
    a = gc.mem_alloc()
    from firmware import app as appmod  # noqa: F401
    from firmware import games, launcher  # noqa: F401

    gc.collect()
    row = {"launcher_import_bytes": gc.mem_alloc() - a}
    for gid in gids:
        games.unload(gid)
        gc.collect()
        a = gc.mem_alloc()
        games.load(gid)
        gc.collect()
        row[gid] = gc.mem_alloc() - a
        for other in gids:
            games.unload(other)
    print(json.dumps(row))
