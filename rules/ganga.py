"""The Ganga module's river tiles: laid at setup by die rolls, each over one river space (§12)."""

from __future__ import annotations

from .catalog import GangaSpec, catalog
from .rng import roll, shuffled
from .state import EMPTY


def lay_river_tiles(seed: int, spec: GangaSpec | None = None) -> tuple[tuple[int, ...], int]:
    """(the tile on each river space or EMPTY, the generator after the rolls).

    The tiles are shuffled; from the start space, each tile counts a die roll of spaces forward
    among spaces first..last that hold no tile yet, wrapping from last to first, and lies there.
    """
    spec = spec or catalog().ganga
    spaces = [EMPTY] * (catalog().river.final + 1)
    order, seed = shuffled(seed, range(len(spec.tiles)))
    position = 0
    for tile in order:
        steps, seed = roll(seed)
        while steps:
            position = position + 1 if spec.first <= position < spec.last else spec.first
            if spaces[position] == EMPTY:
                steps -= 1
        spaces[position] = tile
    return tuple(spaces), seed
