"""The province board: where tiles may go, which edge yields their roads reach, and markets (§8)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from typing import NamedTuple

from .cache import memo
from .catalog import EdgeSpot, catalog
from .model import Effect, Good, Side
from .state import Placed, Player, Province

_SIDES = tuple(Side)


def rotated(ends: int, rotation: int) -> int:
    """A road-end mask turned `rotation` quarter turns clockwise."""
    rotation %= 4
    return ((ends << rotation) | (ends >> (4 - rotation))) & 0xF


@memo()
def neighbours(cell: int) -> tuple[tuple[int, int, int], ...]:
    """The cells next to `cell`: (bit of the side they lie on, bit of the facing side, cell)."""
    spec = catalog().province
    row, column = divmod(cell, spec.columns)
    result = []
    if row > 0:
        result.append((Side.N, cell - spec.columns))
    if column < spec.columns - 1:
        result.append((Side.E, cell + 1))
    if row < spec.rows - 1:
        result.append((Side.S, cell + spec.columns))
    if column > 0:
        result.append((Side.W, cell - 1))
    return tuple((1 << side, 1 << side.opposite, other) for side, other in result)


@memo()
def _neighbourhood() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """`neighbours` of every cell, for the walks that visit many cells to read in one lookup."""
    spec = catalog().province
    return tuple(neighbours(cell) for cell in range(spec.rows * spec.columns))


def empty_province() -> Province:
    spec = catalog().province
    return Province((None,) * (spec.rows * spec.columns))


def tile_ends(placed: Placed) -> int:
    return rotated(catalog().tiles[placed.tile].ends, placed.rotation)


# What the engine asks of a province is kept by its code (`code`): bytes, two per cell, which
# the garbage collector does not track. A cache keyed by the province record would keep the
# record, its cells and tiles and the wrappers of their kept hashes in every full collection
# for as long as it held them, and take a new such key for every tile built.


def code(province: Province) -> bytes:
    """The province's tiles as bytes, two per cell: 0, 0 for no tile, else the tile's id + 1 and
    its rotation, + 4 if the Master Builder placed it."""
    return _reading(province).code


class _Reading(NamedTuple):
    """What the engine asks of one province, worked out when it is first asked."""

    code: bytes
    ends: bytes  # see `_ends_of`
    demand: bytes  # see `_demand_of`
    fitting: int  # see `fitting_ends`


# A game under way asks about one province per seat, a new one each time a tile is built; each
# kept keeps its province alive, for the collector to walk, so few are kept.
@memo(16)
def _reading(province: Province) -> _Reading:
    read = bytearray(2 * len(province.cells))
    for cell, placed in enumerate(province.cells):
        if placed is not None:
            # 255 or more tiles would not fit a byte: bytearray refuses them, not mixes them up.
            read[2 * cell] = placed.tile + 1
            read[2 * cell + 1] = placed.rotation | placed.rebuilt << 2
    code = bytes(read)
    ends = _ends_of(code)
    demand = _demand_of(ends)
    return _Reading(code, ends, demand, _fitting_ends(demand))


def placed_in(read: bytes) -> Iterator[tuple[int, int, bool]]:
    """(cell, tile, placed by the Master Builder) of every tile in a province's code."""
    for cell in range(0, len(read), 2):
        tile = read[cell]
        if tile:
            yield cell >> 1, tile - 1, read[cell + 1] >= 4


@memo(2048)
def _ends_of(read: bytes) -> bytes:
    """The road ends on every cell: the residence's, a placed tile's, or none."""
    spec = catalog().province
    tiles = catalog().tiles
    ends = [
        rotated(tiles[read[i] - 1].ends, read[i + 1] & 3) if read[i] else 0
        for i in range(0, len(read), 2)
    ]
    ends[spec.residence] = spec.residence_ends
    return bytes(ends)


def _all_ends(province: Province) -> bytes:
    return _reading(province).ends


def ends_at(province: Province, cell: int) -> int:
    return _all_ends(province)[cell]


def _demand(province: Province) -> bytes:
    """For each free cell, the sides on which a neighbour's road end points at it (0: none)."""
    return _reading(province).demand


# The caches below are keyed by the road ends on every cell (`_all_ends`), which is all they
# depend on: every tile has a road, so a cell without road ends is free. They are bytes, as the
# masks of sides that these caches hold are: the garbage collector does not track bytes, and a
# tuple holding only bytes and ints it stops tracking the first time it looks at it. (A tuple
# holding tuples it untracks a level per collection, so some reach its oldest generation still
# tracked; a province key kept a whole province record in every full collection.)


@memo(2048)
def _demand_of(ends: bytes) -> bytes:
    demand = []
    around = _neighbourhood()
    for cell, own in enumerate(ends):
        mask = 0
        if not own:
            for bit, facing, other in around[cell]:
                if ends[other] & facing:
                    mask |= bit
        demand.append(mask)
    return bytes(demand)


def meets_network(province: Province, cell: int, ends: int) -> bool:
    """Whether a road end on the free `cell` meets a road end of a neighbour."""
    return bool(_demand(province)[cell] & ends)


@memo()
def distinct_rotations(ends: int) -> tuple[int, ...]:
    """One rotation for each different way a road shape can lie."""
    seen: dict[int, int] = {}
    for rotation in range(4):
        seen.setdefault(rotated(ends, rotation), rotation)
    return tuple(seen.values())


def is_free(province: Province, cell: int) -> bool:
    return cell != catalog().province.residence and province.cells[cell] is None


def placements(province: Province, ends: int) -> tuple[tuple[int, int], ...]:
    """Every (cell, rotation) where a tile with these road ends may be built."""
    return _placements(_demand(province), ends)


@memo()
def _pair(cell: int, rotation: int) -> tuple[int, int]:
    """One shared (cell, rotation): a tuple of these, as `_placements` keeps, holds only tuples
    the collector stopped tracking before, so that it stops tracking that one at once too
    (rather than a level per collection: see `dice.read_statue`)."""
    return (cell, rotation)


@memo(2048)
def _placements(demands: bytes, ends: int) -> tuple[tuple[int, int], ...]:
    result: list[tuple[int, int]] = []
    for cell, demand in enumerate(demands):
        if demand:
            for rotation in distinct_rotations(ends):
                if rotated(ends, rotation) & demand:
                    result.append(_pair(cell, rotation))
    return tuple(result)


def fitting_ends(province: Province) -> int:
    """A mask with bit `ends` set for each road shape (a tile's road ends, 0 to 15) that
    `placements` finds some place for: the quarry listing asks it once, not once per tile."""
    return _reading(province).fitting


@memo(2048)
def _fitting_ends(demands: bytes) -> int:
    mask = 0
    for demand in set(demands):
        mask |= _fitting_demand(demand)
    return mask


@memo()
def _fitting_demand(demand: int) -> int:
    """`fitting_ends` of a free cell with this demand: the road shapes with an end, in some
    rotation, on a side a neighbour's road points from (none for no demand)."""
    return sum(1 << ends for ends in range(16) if any(rotated(ends, r) & demand for r in range(4)))


def placement_problem(province: Province, cell: int, ends: int) -> str | None:
    if not 0 <= cell < len(province.cells):
        return "that cell is not on the province board."
    if cell == catalog().province.residence:
        return "the residence stands there."
    if province.cells[cell] is not None:
        return "a tile already stands there."
    if not meets_network(province, cell, ends):
        return "no road end of the tile meets a road of the province."
    return None


def road_network(province: Province) -> set[int]:
    """The cells a road path joins to the residence."""
    return _network(_all_ends(province))


def _network(ends: Sequence[int], start: int | None = None) -> set[int]:
    """The cells a road path joins to `start` (the residence unless given)."""
    if start is None:
        start = catalog().province.residence
    reached = {start}
    frontier = [start]
    around = _neighbourhood()
    while frontier:
        cell = frontier.pop()
        for bit, facing, other in around[cell]:
            if other not in reached and ends[cell] & bit and ends[other] & facing:
                reached.add(other)
                frontier.append(other)
    return reached


def all_connected(province: Province) -> bool:
    """Whether every placed tile has a road path to the residence."""
    return _joined(_all_ends(province))


def _joined(ends: Sequence[int]) -> bool:
    """Whether every cell with road ends (the residence and each tile) is on the road network."""
    return _network(ends).issuperset(compress(range(len(ends)), ends))


def rebuild_rotations(province: Province, cell: int, ends: int) -> tuple[int, ...]:
    """Rotations in which a tile with these road ends may replace the tile on `cell`, keeping
    every tile connected to the residence."""
    assert province.cells[cell] is not None
    return _rebuild_rotations(_all_ends(province), cell, ends)


def _rebuild_rotations(all_ends: bytes, cell: int, ends: int) -> tuple[int, ...]:
    kept = _replacements(all_ends, cell)
    return tuple(r for r in distinct_rotations(ends) if kept >> rotated(ends, r) & 1)


def code_rebuild_shapes(read: bytes, cell: int) -> int:
    """A mask with bit `ends` set for each road shape (a tile's road ends, 0 to 15) that may
    replace the tile on `cell` in some rotation (`rebuild_rotations` finds one), in the province
    with this code."""
    return _shapes_laid(_replacements(_ends_of(read), cell))


@memo()
def _shapes_laid(kept: int) -> int:
    """The road shapes that lie as one of the road-end masks in `kept` in some rotation."""
    return sum(
        1 << ends for ends in range(16) if any(kept >> rotated(ends, r) & 1 for r in range(4))
    )


@memo(2048)
def _replacements(all_ends: bytes, cell: int) -> int:
    """A mask with bit `ends` set for each road-end mask (0 to 15) that the tile on `cell` may
    be replaced by with every tile still joined to the residence: one walk for every tile the
    display may offer, in any rotation.

    Without the cell's tile the others fall into groups joined among themselves (the
    residence's among them); a new tile on the cell joins them all exactly when it has a road
    end facing a road end of each group."""
    rest = bytearray(all_ends)
    rest[cell] = 0
    facing_groups: list[int] = []  # per group, the cell's sides that face one of its road ends
    grouped = {cell}
    for start in compress(range(len(rest)), rest):
        if start in grouped:
            continue
        group = _network(rest, start)
        grouped |= group
        facing_groups.append(
            sum(
                bit
                for bit, facing, other in neighbours(cell)
                if other in group and rest[other] & facing
            )
        )
    kept = _ANY_MASK
    for sides in facing_groups:
        kept &= _MEETING[sides]
    # No road end at all joins nothing, but leaves the others joined if they are one group.
    return kept | 1 if len(facing_groups) <= 1 else kept


# Per mask of sides, a mask with bit `ends` set for each road-end mask with an end on one of them.
_MEETING = tuple(sum(1 << ends for ends in range(16) if ends & sides) for sides in range(16))
_ANY_MASK = (1 << 16) - 2  # every road-end mask but none


def edge_spots(cell: int, ends: int, board: str) -> list[EdgeSpot]:
    """The edge spots a tile's road ends reach from `cell`, in side order N, E, S, W."""
    edges = catalog().province.edges[board]
    return [edges[(cell, side)] for side in _SIDES if ends & (1 << side) and (cell, side) in edges]


def edge_gains(cell: int, ends: int, board: str) -> tuple[Effect, ...]:
    gains: tuple[Effect, ...] = ()
    for spot in edge_spots(cell, ends, board):
        gains += spot.gain
    return gains


# Markets -------------------------------------------------------------------------------------


def markets(player: Player) -> list[tuple[int, int]]:
    """(good, money) of every market in the province."""
    return list(_markets(code(player.province)))


@memo(2048)
def _markets(read: bytes) -> tuple[tuple[int, int], ...]:
    # Kept per province code: every market scoring asks this, and a province changes only when
    # a tile is built.
    tiles = catalog().tiles
    result: list[tuple[int, int]] = []
    for _, tile, _ in placed_in(read):
        result.extend(tiles[tile].markets)
    return tuple(result)


def variety_markets(player: Player) -> list[tuple[Good, int]]:
    """The markets variety scoring counts: the best one of each good the province has, in the
    order of the goods."""
    best: dict[int, int] = {}
    for good, money in markets(player):
        best[good] = max(best.get(good, 0), money)
    return [(Good(good), best[good]) for good in sorted(best)]


def variety_score(player: Player) -> int:
    """One market, the best, of each good the province has."""
    return _variety_score(code(player.province))


@memo(2048)
def _variety_score(read: bytes) -> int:
    best: dict[int, int] = {}
    for good, money in _markets(read):
        best[good] = max(best.get(good, 0), money)
    return sum(best.values())


def good_markets(player: Player, good: Good, count: int) -> list[int]:
    """The money of the markets scoring `count` markets of one good counts: its best, at most
    `count` of them."""
    values = sorted((money for g, money in markets(player) if g == good), reverse=True)
    return values[:count]


def good_score(player: Player, good: Good, count: int) -> int:
    """The best `count` markets of one good."""
    return sum(good_markets(player, good, count))
