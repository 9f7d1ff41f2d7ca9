"""A deterministic pseudo-random generator of our own, and the shuffle built on it.

Python's :mod:`random` promises no stream across versions, so deals would drift.
This module is the whole promise instead: deal number N is the same deal in every
Python, in Pyodide, for ever.

Algorithm: SplitMix64 (Steele, Lea and Flood, 2014; the reference C is Vigna's
``splitmix64.c``). The state is one 64-bit integer, set to the seed; each draw does::

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    return z ^ (z >> 31)

``below(n)`` is unbiased: it rejects draws at or above the largest multiple of n that
fits in 64 bits, then takes the remainder. ``shuffle`` is Fisher-Yates from the end:
for i = len-1 down to 1, swap item i with item ``below(i + 1)``.

>>> rng = SplitMix64(1234567)
>>> rng.next()
6457827717110365317
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """SplitMix64 generator; ``next()`` returns an integer in [0, 2**64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MASK64:
            raise ValueError(f"seed must be an integer from 0 to 2**64-1, not {seed!r}")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n).

        >>> SplitMix64(1).below(52) in range(52)
        True
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place with Fisher-Yates from the end."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def fnv1a64(text: str) -> int:
    """The 64-bit FNV-1a hash of ``text`` in UTF-8, for seeds made from words.

    >>> hex(fnv1a64("a"))
    '0xaf63dc4c8601ec8c'
    """
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h
