"""xorshift32 PRNG and Fisher-Yates shuffle, bit-identical on every runtime.

The 32-bit state is kept as two 16-bit halves so that every intermediate value
stays a small int on a 32-bit MicroPython port (no big-int allocation per draw).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_MASK16 = const(0xFFFF)
_SEED_MIX = const(0x9E3779B9)
_WARMUP = const(8)


class Rng:
    """xorshift32 (shifts 13, 17, 5) over a state held as (hi, lo) halves."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        s = (int(seed) ^ _SEED_MIX) & 0xFFFFFFFF
        if s == 0:
            s = _SEED_MIX
        self.hi = s >> 16
        self.lo = s & _MASK16
        for _ in range(_WARMUP):
            self.step()

    def step(self):
        """Advance the state once (x ^= x << 13; x ^= x >> 17; x ^= x << 5)."""
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & _MASK16
        lo ^= (lo << 13) & _MASK16
        lo ^= hi >> 1
        hi ^= ((hi << 5) | (lo >> 11)) & _MASK16
        lo ^= (lo << 5) & _MASK16
        self.hi = hi
        self.lo = lo

    def next16(self):
        """The next 16 random bits (the high half of the new state)."""
        self.step()
        return self.hi

    def next32(self):
        """The whole next 32-bit state (allocates a big int on 32-bit ports)."""
        self.step()
        return (self.hi << 16) | self.lo

    def below(self, n):
        """Uniform int in [0, n) for 1 <= n <= 65536, by rejection (no modulo bias)."""
        if n < 1 or n > 65536:
            raise ValueError("below(n) needs 1 <= n <= 65536, got %d" % n)
        limit = 65536 - 65536 % n
        while True:
            self.step()
            if self.hi < limit:
                return self.hi % n

    def die(self, sides=6):
        """Roll one die: 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, seq, n=-1):
        """Fisher-Yates in place over seq[:n] (all of it by default), from the end
        down: j = below(i + 1) for i = n-1 .. 1. The steps and the rejection are
        written out here, not called (a method call is the costly part on a Pico);
        the draws are exactly below()'s (tests/test_rng.py)."""
        i = (len(seq) if n < 0 else n) - 1
        hi = self.hi
        lo = self.lo
        while i > 0:
            m = i + 1
            limit = 65536 - 65536 % m
            while True:
                hi ^= ((hi << 13) | (lo >> 3)) & _MASK16
                lo ^= (lo << 13) & _MASK16
                lo ^= hi >> 1
                hi ^= ((hi << 5) | (lo >> 11)) & _MASK16
                lo ^= (lo << 5) & _MASK16
                if hi < limit:
                    break
            j = hi % m
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        self.hi = hi
        self.lo = lo

    def get_state(self):
        return (self.hi << 16) | self.lo

    def set_state(self, value):
        value = int(value)
        if value <= 0 or value > 0xFFFFFFFF:
            raise ValueError("rng state must be 1..2**32-1")
        self.hi = value >> 16
        self.lo = value & _MASK16
