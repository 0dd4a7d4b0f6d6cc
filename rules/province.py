"""The province board: where tiles may go, which edge yields their roads reach, and markets (§8)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from .catalog import EdgeSpot, catalog
from .model import Effect, Good, Side
from .state import Placed, Player, Province

_SIDES = tuple(Side)


def rotated(ends: int, rotation: int) -> int:
    """A road-end mask turned `rotation` quarter turns clockwise."""
    rotation %= 4
    return ((ends << rotation) | (ends >> (4 - rotation))) & 0xF


@cache
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


def empty_province() -> Province:
    spec = catalog().province
    return Province((None,) * (spec.rows * spec.columns))


def tile_ends(placed: Placed) -> int:
    return rotated(catalog().tiles[placed.tile].ends, placed.rotation)


@lru_cache(maxsize=2048)
def _all_ends(province: Province) -> tuple[int, ...]:
    """The road ends on every cell: the residence's, a placed tile's, or none."""
    spec = catalog().province
    tiles = catalog().tiles
    ends = [0 if p is None else rotated(tiles[p.tile].ends, p.rotation) for p in province.cells]
    ends[spec.residence] = spec.residence_ends
    return tuple(ends)


def ends_at(province: Province, cell: int) -> int:
    return _all_ends(province)[cell]


def _demand(province: Province) -> tuple[int, ...]:
    """For each free cell, the sides on which a neighbour's road end points at it (0: none)."""
    return _demand_of(_all_ends(province))


# The caches below are keyed by the road ends on every cell (`_all_ends`), which is all they
# depend on: every tile has a road, so a cell without road ends is free. A tuple of ints is not
# tracked by the garbage collector, where a province key kept a whole province record (its
# cells and tiles) in every full collection.


@lru_cache(maxsize=2048)
def _demand_of(ends: tuple[int, ...]) -> tuple[int, ...]:
    demand = []
    for cell, own in enumerate(ends):
        mask = 0
        if not own:
            for bit, facing, other in neighbours(cell):
                if ends[other] & facing:
                    mask |= bit
        demand.append(mask)
    return tuple(demand)


def meets_network(province: Province, cell: int, ends: int) -> bool:
    """Whether a road end on the free `cell` meets a road end of a neighbour."""
    return bool(_demand(province)[cell] & ends)


@cache
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


@lru_cache(maxsize=2048)
def _placements(demands: tuple[int, ...], ends: int) -> tuple[tuple[int, int], ...]:
    result: list[tuple[int, int]] = []
    for cell, demand in enumerate(demands):
        if demand:
            for rotation in distinct_rotations(ends):
                if rotated(ends, rotation) & demand:
                    result.append((cell, rotation))
    return tuple(result)


def fitting_ends(province: Province) -> int:
    """A mask with bit `ends` set for each road shape (a tile's road ends, 0 to 15) that
    `placements` finds some place for: the quarry listing asks it once, not once per tile."""
    return _fitting_ends(_demand(province))


@lru_cache(maxsize=2048)
def _fitting_ends(demands: tuple[int, ...]) -> int:
    wanted = set(demands) - {0}
    mask = 0
    for ends in range(16):
        if any(rotated(ends, rotation) & demand for demand in wanted for rotation in range(4)):
            mask |= 1 << ends
    return mask


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


def _network(ends: Sequence[int]) -> set[int]:
    start = catalog().province.residence
    reached = {start}
    frontier = [start]
    while frontier:
        cell = frontier.pop()
        for bit, facing, other in neighbours(cell):
            if other not in reached and ends[cell] & bit and ends[other] & facing:
                reached.add(other)
                frontier.append(other)
    return reached


def all_connected(province: Province) -> bool:
    """Whether every placed tile has a road path to the residence."""
    return _joined(_all_ends(province))


def _joined(ends: Sequence[int]) -> bool:
    """Whether every cell with road ends (the residence and each tile) is on the road network."""
    reached = _network(ends)
    return all(cell in reached for cell, own in enumerate(ends) if own)


def rebuild_rotations(province: Province, cell: int, ends: int) -> tuple[int, ...]:
    """Rotations in which a tile with these road ends may replace the tile on `cell`, keeping
    every tile connected to the residence."""
    assert province.cells[cell] is not None
    return _rebuild_rotations(_all_ends(province), cell, ends)


@lru_cache(maxsize=2048)
def _rebuild_rotations(all_ends: tuple[int, ...], cell: int, ends: int) -> tuple[int, ...]:
    trial = list(all_ends)
    result = []
    for rotation in distinct_rotations(ends):
        trial[cell] = rotated(ends, rotation)
        if _joined(trial):
            result.append(rotation)
    return tuple(result)


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
    return list(_markets(player.province))


@lru_cache(maxsize=2048)
def _markets(province: Province) -> tuple[tuple[int, int], ...]:
    # Kept per province (whose hash is kept too): every market scoring asks this, and a
    # province changes only when a tile is built.
    tiles = catalog().tiles
    result: list[tuple[int, int]] = []
    for _, placed in province.placed():
        result.extend(tiles[placed.tile].markets)
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
    return _variety_score(player.province)


@lru_cache(maxsize=2048)
def _variety_score(province: Province) -> int:
    best: dict[int, int] = {}
    for good, money in _markets(province):
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
