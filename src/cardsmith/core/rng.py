"""The one seeded random number generator, kept inside the game state.

The generator is SplitMix64: its whole state is one 64-bit integer stored at ``state["rng"]``, so it is cloned,
serialised and hashed with the rest of the state. Nothing in cardsmith uses the ``random`` module's globals or the
clock for game randomness.

Consumption is documented so seeded games stay stable: :func:`below` draws one 64-bit word and maps it to
``[0, n)`` by multiply-and-shift (bias at most n / 2**64); :func:`shuffle` is a Fisher-Yates shuffle that draws one
word for each position from the last down to the second.
"""

from __future__ import annotations

import hashlib
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_word(seed: int | str) -> int:
    """Map any seed (an int of any size, or a string) to the 64-bit generator state."""
    digest = hashlib.sha256(f"cardsmith-seed:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def next_word(state: dict[str, Any]) -> int:
    """Advance the state's generator and return a 64-bit word."""
    x = (state["rng"] + _GOLDEN) & _MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def below(state: dict[str, Any], n: int) -> int:
    """A uniformly drawn integer in ``[0, n)``."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    return (next_word(state) * n) >> 64


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    """Shuffle ``items`` in place with the state's generator: for each position ``i`` from the last down to the
    second, swap it with position :func:`below` ``(i + 1)``. The words are drawn here as :func:`next_word` draws
    them, with the generator held in a local until the end (a deck's shuffle draws dozens)."""
    x = state["rng"]
    for i in range(len(items) - 1, 0, -1):
        x = (x + _GOLDEN) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    state["rng"] = x


def choice_index(state: dict[str, Any], weights: list[int]) -> int:
    """Index drawn with probability proportional to the given non-negative integer weights."""
    if any(w < 0 for w in weights):
        raise ValueError("weights must not be negative")
    total = sum(weights)
    if total <= 0:
        raise ValueError("weights must have a positive sum")
    r = below(state, total)
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable")
