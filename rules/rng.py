"""The game's one random generator, whose whole state is an integer kept in the game state.

SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in pure Python and the same on every machine
and Python version. The algorithm is part of the save format: changing it needs a new format
version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer, negative ones included)."""
    return seed & MASK


def next_u64(state: int) -> tuple[int, int]:
    """One 64-bit output and the next state."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A number in 0..n-1 and the next state.

    Rejection keeps it unbiased; with n this small a second draw almost never happens.
    """
    limit = (MASK + 1) - (MASK + 1) % n
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def roll(state: int) -> tuple[int, int]:
    """A die face 1..6 and the next state: `below(state, 6) + 1`, written out in one function
    since every die taken or re-rolled comes from here."""
    while True:
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if z < _SIX_LIMIT:
            return z % 6 + 1, state


_SIX_LIMIT = (MASK + 1) - (MASK + 1) % 6  # `below`'s rejection limit for six faces


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """The items in a random order (Fisher–Yates) and the next state."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j, state = below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result), state
