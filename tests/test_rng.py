"""shared_rules.rng: the same numbers on CPython and in the MicroPython VM, and sane bounds.

Deals, golden playthroughs and saves depend on Rng giving bit-identical output on every
runtime, so the same transcript code runs in both interpreters and the outputs must match.
"""

import os
import subprocess
import sys

import pytest

from mpvm import ROOT, run_mp
from shared_rules.rng import Rng

SEEDS = (0, 1, 42, 2**32 - 1)

# Runs unchanged in CPython and MicroPython; prints every value it draws.
TRANSCRIPT = r"""
from shared_rules.rng import Rng
for seed in (0, 1, 42, 4294967295):
    r = Rng(seed)
    print("seed", seed)
    for i in range(10000):
        print(r.next32())
    deck = list(range(52))
    Rng(seed).shuffle(deck)
    print("shuffle", " ".join([str(c) for c in deck]))
    r = Rng(seed)
    print("below", " ".join([str(r.below(n)) for n in (1, 2, 3, 6, 52, 1000, 40000, 65536)]))
    print("next16", " ".join([str(r.next16()) for _ in range(20)]))
    print("state", r.get_state())
"""


def run_cpython(code):
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, cwd=ROOT
    )
    return proc.stdout


@pytest.fixture(scope="module")
def cpython_transcript():
    return run_cpython(TRANSCRIPT)


def test_transcript_shape(cpython_transcript):
    lines = cpython_transcript.splitlines()
    assert len(lines) == len(SEEDS) * (1 + 10000 + 4)
    # the seeds give different streams, and every value is a 32-bit word
    firsts = [lines[i * 10005 + 1] for i in range(len(SEEDS))]
    assert len(set(firsts)) == len(SEEDS)
    for i in range(len(SEEDS)):
        vals = [int(x) for x in lines[i * 10005 + 1 : i * 10005 + 10001]]
        assert all(0 < v < 2**32 for v in vals)
        assert len(set(vals)) == len(vals)  # xorshift32 does not repeat this soon


def test_transcript_matches_in_process(cpython_transcript):
    # the subprocess ran the same code as the imported module
    lines = cpython_transcript.splitlines()
    r = Rng(42)
    i = lines.index("seed 42")
    assert [int(x) for x in lines[i + 1 : i + 101]] == [r.next32() for _ in range(100)]


def test_micropython_matches_cpython(cpython_transcript):
    vm = run_mp(TRANSCRIPT, timeout=300)
    a = vm.splitlines()
    b = cpython_transcript.splitlines()
    assert len(a) == len(b)
    for i in range(len(b)):
        assert a[i] == b[i], "line %d differs: VM %r, CPython %r" % (i + 1, a[i], b[i])


def test_same_seed_same_stream_and_seed_method():
    a = Rng(7)
    b = Rng(7)
    assert [a.next32() for _ in range(50)] == [b.next32() for _ in range(50)]
    b.seed(7)  # reseeding starts the stream again
    assert b.next32() == Rng(7).next32()
    assert Rng(7).next32() != Rng(8).next32()


def test_state_round_trip():
    a = Rng(99)
    for _ in range(10):
        a.next32()
    b = Rng(1)
    b.set_state(a.get_state())
    assert [a.next32() for _ in range(20)] == [b.next32() for _ in range(20)]
    for bad in (0, -1, 2**32):
        with pytest.raises(ValueError):
            b.set_state(bad)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 10, 13, 52, 100, 1000, 40000, 65535, 65536])
def test_below_bounds(n):
    r = Rng(n)
    xs = [r.below(n) for _ in range(3000)]
    assert min(xs) >= 0 and max(xs) <= n - 1
    if n <= 52:
        assert set(xs) == set(range(n))  # every value turns up
    if n == 1:
        assert xs == [0] * 3000


@pytest.mark.parametrize("n", [0, -1, -65536, 65537, 10**6])
def test_below_rejects_out_of_range(n):
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_die():
    r = Rng(3)
    rolls = [r.die() for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert set(Rng(3).die(20) for _ in range(10)) <= set(range(1, 21))


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.parametrize("seed", SEEDS)
def test_below_roughly_uniform(seed):
    r = Rng(seed)
    # ten values: chi-square with 9 degrees of freedom, 40 is far beyond its 99.99% point
    counts = [0] * 10
    for _ in range(20000):
        counts[r.below(10)] += 1
    assert chi_square(counts, 2000) < 40, counts
    # 40000 does not divide 65536: without rejection the low values would come twice as
    # often as the high ones
    counts = [0] * 8
    for _ in range(16000):
        counts[r.below(40000) // 5000] += 1
    assert chi_square(counts, 2000) < 40, counts


@pytest.mark.parametrize("seed", SEEDS)
def test_next32_bits_balanced(seed):
    r = Rng(seed)
    vals = [r.next32() for _ in range(10000)]
    for bit in range(32):
        ones = sum(v >> bit & 1 for v in vals)
        assert 4700 < ones < 5300, (bit, ones)


def reference_shuffle(rng, seq, n):
    """Fisher-Yates as the text of the docstring says: j = below(i + 1), i = n-1 .. 1."""
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def test_shuffle_draws_exactly_what_below_draws():
    for seed in range(300):
        for n in (0, 1, 2, 3, 13, 50, 52, 104):
            a, b = Rng(seed), Rng(seed)
            x = bytearray(i % 251 for i in range(n + 5))
            y = bytearray(x)
            a.shuffle(x, n)
            reference_shuffle(b, y, n)
            assert x == y and a.get_state() == b.get_state(), (seed, n)
    a, b = Rng(3), Rng(3)
    x, y = list(range(40)), list(range(40))
    a.shuffle(x)
    reference_shuffle(b, y, 40)
    assert x == y and a.get_state() == b.get_state()


def test_shuffle_permutation_and_roughly_uniform():
    r = Rng(5)
    for n in (0, 1, 2, 52):
        seq = list(range(n))
        r.shuffle(seq)
        assert sorted(seq) == list(range(n))
    # all 24 orders of four items, about equally often
    counts = {}
    for _ in range(4800):
        seq = [0, 1, 2, 3]
        r.shuffle(seq)
        counts[tuple(seq)] = counts.get(tuple(seq), 0) + 1
    assert len(counts) == 24
    assert chi_square(list(counts.values()), 200) < 60, counts  # 23 dof
