"""The Pico bench's RAM filesystem inside the MicroPython VM: a save's time leaves out
the RAM device's Python methods, their calls included (the Pico's own flash device is
C), and the erases and page programs it counts are what the flash would do."""

import json

from mpvm import run_mp

CODE = r"""
import json, time
sys.path.insert(0, "host_sim")
import picobench_device as pb

dev = pb.mount_ram_fs("/pbtest")
assert dev.call_us >= 0
before = dev.spent()
calls0, us0 = dev.calls, dev.us
f = open("/pbtest/a.txt", "w")
f.write("x" * 600)
f.close()
after = dev.spent()
print(json.dumps({"call_us": dev.call_us, "calls": dev.calls - calls0, "us": dev.us - us0,
                  "spent": after - before, "pages": dev.pages, "erases": dev.erases,
                  "flash_us": dev.flash_us()}))
"""


def test_the_ram_device_counts_its_calls_and_their_cost():
    out = run_mp(CODE, heap="2M")  # the 64 KB device and the whole script (source)
    r = json.loads(out.strip().splitlines()[-1])
    assert r["calls"] > 0 and r["pages"] > 0
    # what a save's time leaves out: the time inside the methods and the calls themselves
    assert r["spent"] == r["us"] + r["calls"] * r["call_us"]
    assert r["flash_us"] == r["erases"] * 45000 + r["pages"] * 400


NO_GARBAGE = r"""
import gc
sys.path.insert(0, "host_sim")
import picobench_device as pb

dev = pb.mount_ram_fs("/pbtest")
buf = bytearray(32)
dev.writeblocks(3, b"x" * 32, 64)
dev.readblocks(3, buf, 64)  # a first call sets something up once
_ = a0 = 0  # names in the globals before counting (a new one grows their dict)
gc.collect()
gc.disable()
a0 = gc.mem_alloc()
for _ in range(50):
    dev.readblocks(3, buf, 64)
    dev.writeblocks(3, buf, 96)
    dev.ioctl(6, 3)
print(gc.mem_alloc() - a0, bytes(buf[:4]), bytes(dev.data[3 * 4096 + 96 : 3 * 4096 + 100]))
"""


def test_the_ram_device_leaves_no_garbage():
    # the Pico's flash device is C: a RAM device that made objects would fill the heap
    # and bring on collections inside the frames the bench measures
    out = run_mp(NO_GARBAGE, heap="2M").split()
    assert out[0] == "0", out
    assert out[1:] == ["b'xxxx'", "b'xxxx'"], out


OPENING = r"""
import io
sys.path.insert(0, "host_sim")
import picobench_device as pb
from firmware import app as appmod
from firmware import restart

print(pb.OPENING == "saves/" + appmod.OPENING)
for options, resume in (({"variant": 2}, False), (None, True)):
    text = pb.opening("snafu", options, 1000, resume).decode()
    how = restart.read(io.StringIO(text))
    print(sorted(how.items()))
"""


def test_the_bench_opens_a_game_with_the_launchers_record():
    # the bench starts the app as main.py does after the launcher's soft reset
    out = run_mp(OPENING, heap="2M").strip().splitlines()
    assert out == [
        "True",
        "[('gid', 'snafu'), ('home', 0), ('options', {'variant': 2}), ('resume', False), "
        "('seed', 1000)]",
        "[('gid', 'snafu'), ('home', 0), ('resume', True), ('seed', 1000)]",
    ], out
