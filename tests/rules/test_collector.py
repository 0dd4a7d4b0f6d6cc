"""Once warm, the engine keeps nothing new for the garbage collector to walk.

CPython runs a full collection, which walks every tracked object, once the objects that
survived into its oldest generation since the last one come to a quarter of those there. The
engine's caches fill and churn for as long as games are played (most statues are seen a few
times only), so each entry they keep that the collector tracks counts towards the next full
collection and is walked by it: with records in them, a step with a full collection in it took
45 ms where the others took under 1 ms. The caches keep ints, bytes and flat tuples of them,
which the collector stops tracking the first time it looks at them, and records made once per
distinct action or payment; the tests count objects, never time.
"""

from __future__ import annotations

import gc
import platform
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import rules
from rules import Config
from tests.helpers.playouts import random_game

pytestmark = pytest.mark.skipif(
    platform.python_implementation() != "CPython",
    reason="counts objects as CPython's collector tracks them",
)

WARM = 40  # games played first, so that the caches hold what most games ask
MORE = 20  # games played after, counted
# What 20 more games may leave in the oldest generation, with margin: measured at 200 to 350
# objects (records of actions and payments not met before, the caches' own dicts, the provinces
# kept by identity), against 11,800 to 12,100 with records and nested tuples in the caches.
MOST_KEPT = 1000


def _config(variant: str, seed: int) -> Config:
    both = variant == "both"
    return Config(players=4, seed=seed, boards=("navaratnas",) * 4 if both else (), ganga=both)


def _play(variant: str, seeds: range) -> None:
    for seed in seeds:
        for _ in random_game(rules.new_game(_config(variant, seed)), random.Random(seed)):
            pass


@contextmanager
def _frozen() -> Iterator[None]:
    """Everything alive now moved out of the collector's generations, so that its oldest
    generation holds only what reaches it from here on."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _kinds(objects: list[object]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in Counter(map(_kind, objects)).most_common(8))


def _kind(thing: object) -> str:
    if type(thing) is tuple:
        return f"tuple of {'/'.join(sorted({type(item).__name__ for item in thing}))}"
    return type(thing).__name__


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["base", "both"])
def test_warm_games_keep_few_objects_for_the_oldest_generation(variant: str) -> None:
    """What the games leave alive and still tracked after collecting the younger generations:
    what every cache miss adds towards the next full collection."""
    _play(variant, range(1, WARM + 1))
    with _frozen():
        _play(variant, range(WARM + 1, WARM + MORE + 1))
        gc.collect(1)  # the survivors of the younger generations move to the oldest
        kept = gc.get_objects(2)
        print(f"{len(kept)} kept: {_kinds(kept)}")
        assert len(kept) <= MOST_KEPT, _kinds(kept)
