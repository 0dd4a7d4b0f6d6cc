"""A bot's seed: any value `random.Random` takes; a string is hashed the same way on every run
and machine (unlike hash())."""

from __future__ import annotations

import random

Seed = int | str


def number(seed: Seed) -> int:
    """A 64-bit number drawn from the seed, for `rules.determinize`."""
    return random.Random(seed).getrandbits(64)
