"""Reads the game's data files once and checks them.

Every value docs/rules.md marks [edition] lives in `rules/data/*.toml`; this module turns those
files into frozen records. A broken file raises `DataError` naming the file, the key and the
problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import attrs

from .actions import parse_cell
from .cache import memo
from .gains import (
    CARRIED_OUT,
    CHOSEN,
    PARAMETER_FIELDS,
    GainKind,
    Symbol,
    literal_text,
    template_problem,
)
from .model import BUILDINGS, COLOURS, GOODS, Colour, Effect, Side

DATA_DIR = Path(__file__).parent / "data"

AREAS = frozenset(
    {"quarry", "harbor", "variety", "single", "terrace", "balcony", "chamber", "outer"}
)
YIELD_COLOURS = ("white", "yellow", "red", "brown")
BASE_BOARD = "base"


class DataError(Exception):
    """A data file is missing, unreadable or holds a value the engine cannot use."""


@attrs.frozen(slots=True)
class SpaceSpec:
    index: int
    key: str
    area: str
    money: int = 0
    colour: Colour | None = None
    take: Colour | None = None
    n: int = 0
    value: int = 0


@attrs.frozen(slots=True)
class BoardSide:
    name: str
    players: tuple[int, ...]
    variety_one_per_player: bool
    covered: Mapping[int, tuple[str, ...]]
    spaces: tuple[SpaceSpec, ...]

    def index_of(self, key: str) -> int:
        for space in self.spaces:
            if space.key == key:
                return space.index
        raise KeyError(key)

    def in_area(self, area: str) -> tuple[SpaceSpec, ...]:
        return tuple(s for s in self.spaces if s.area == area)


@attrs.frozen(slots=True)
class Chamber:
    value: int
    name: str
    gain: tuple[Effect, ...]


@attrs.frozen(slots=True)
class TileSpec:
    id: int
    colour: Colour
    value: int
    animal: str
    buildings: tuple[int, ...]
    markets: tuple[tuple[int, int], ...]
    road: str
    ends: int  # bit mask of Side at rotation 0

    @property
    def market_money(self) -> int:
        return sum(money for _, money in self.markets)


@attrs.frozen(slots=True)
class EdgeSpot:
    gain: tuple[Effect, ...]
    field: str | None = None


@attrs.frozen(slots=True)
class Field:
    """A yield-tile field on an outer side of a province board: a tile of `colour` may lie there
    and is gained when a road reaches the side."""

    cell: int
    side: Side
    colour: str


@attrs.frozen(slots=True)
class ProvinceSpec:
    rows: int
    columns: int
    residence: int
    residence_ends: int
    # Per board side: (cell, side) -> what lies on that outer side.
    edges: Mapping[str, Mapping[tuple[int, Side], EdgeSpot]]

    def fields(self, board: str) -> tuple[Field, ...]:
        """The board side's yield-tile fields, by cell and then side."""
        return tuple(
            Field(cell, side, spot.field)
            for (cell, side), spot in sorted(self.edges[board].items())
            if spot.field is not None
        )


@attrs.frozen(slots=True)
class YieldTile:
    """A yield tile: `id` counts across the colours in YIELD_COLOURS order, white first."""

    id: int
    colour: str
    number: int  # its place among the tiles of its colour
    gain: tuple[Effect, ...]

    @property
    def name(self) -> str:
        return f"{self.colour}{self.number + 1}"


@attrs.frozen(slots=True)
class BoardRules:
    """What playing one province board side changes for a seat (variants.toml)."""

    name: str
    statue_places: int
    workers_max: int
    yield_instead: bool
    chambers: Mapping[int, tuple[Effect, ...]]  # chambers whose action differs on this side
    setup_draw: tuple[str, int, Side] | None  # (colour, cell, side) of the tile drawn at setup


@attrs.frozen(slots=True)
class GangaTile:
    id: int
    name: str
    gain: tuple[Effect, ...]


@attrs.frozen(slots=True)
class GangaSpec:
    first: int
    last: int
    tiles: tuple[GangaTile, ...]


@attrs.frozen(slots=True)
class RiverSpec:
    gains: tuple[tuple[Effect, ...], ...]
    bridge_after: int
    portuguese_closed: int
    bridge_gain: tuple[Effect, ...]

    @property
    def final(self) -> int:
        return len(self.gains) - 1


@attrs.frozen(slots=True)
class TrackBonus:
    at: int
    gain: tuple[Effect, ...]


@attrs.frozen(slots=True)
class TrackSpec:
    meeting_cell: int
    money_linear_until: int
    money_per_cell_after: int
    fame_bonus: tuple[TrackBonus, ...]
    money_worker: tuple[TrackBonus, ...]
    money_bonus: tuple[TrackBonus, ...]


@attrs.frozen(slots=True)
class SetupSpec:
    karma: int
    karma_max: int
    fame: int
    workers_start: int
    building_level_start: int
    building_level_max: int
    start_money: tuple[int, ...]
    dice_per_colour: int
    start_dice_per_colour: int


@attrs.frozen(slots=True)
class Catalog:
    setup: SetupSpec
    tracks: TrackSpec
    sides: tuple[BoardSide, ...]
    chambers: Mapping[int, Chamber]
    outer_gain: tuple[Effect, ...]
    harbor_max_die: int
    river: RiverSpec
    province: ProvinceSpec
    tiles: tuple[TileSpec, ...]
    yields: Mapping[str, tuple[tuple[Effect, ...], ...]]
    gains: Mapping[str, GainKind]
    symbols: Mapping[str, Symbol]
    yield_tiles: tuple[YieldTile, ...]
    boards: Mapping[str, BoardRules]
    ganga: GangaSpec

    def yield_tile(self, name: str) -> YieldTile | None:
        return next((t for t in self.yield_tiles if t.name == name), None)

    def side_for(self, players: int) -> BoardSide:
        for side in self.sides:
            if players in side.players:
                return side
        raise DataError(f"board.toml: no board side for {players} players")


T = TypeVar("T")


@attrs.frozen(slots=True)
class _Vocabulary:
    """The kinds of gain the data may name, and those the rules carry out."""

    kinds: Mapping[str, GainKind]
    symbols: Mapping[str, Symbol]
    handled: frozenset[str]


@attrs.frozen(slots=True)
class KindRules:
    """Which kinds of gain the rules carry out, and which of those the player chooses."""

    handled: frozenset[str]
    decisions: frozenset[str]


EMPTY_VOCABULARY = _Vocabulary({}, {}, frozenset())


# No count or number in the game's data comes near this (the longest track has 86 cells): a
# typing slip such as `count = 99999999999` is refused by name, not built until memory runs out.
MOST = 1000

# The printed game's player counts (setup refuses any other): each needs one board side.
PLAYER_COUNTS = (2, 3, 4)


class _Reader:
    """Reads one file's values with the place of every problem at hand."""

    def __init__(
        self, name: str, table: Mapping[str, Any], vocabulary: _Vocabulary = EMPTY_VOCABULARY
    ) -> None:
        self.name = name
        self.table = table
        self.vocabulary = vocabulary

    def fail(self, where: str, problem: str) -> DataError:
        return DataError(f"{self.name}: {where}: {problem}")

    def get(self, table: Mapping[str, Any], key: str, where: str, kind: type[T]) -> T:
        if key not in table:
            raise self.fail(f"{where}.{key}" if where else key, "missing")
        value = table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(
                f"{where}.{key}" if where else key, f"expected a whole number, got {value!r}"
            )
        if not isinstance(value, kind):
            raise self.fail(
                f"{where}.{key}" if where else key,
                f"expected {kind.__name__}, got {type(value).__name__}",
            )
        return value

    def nonneg(self, table: Mapping[str, Any], key: str, where: str) -> int:
        value = self.get(table, key, where, int)
        if value < 0:
            raise self.fail(f"{where}.{key}", f"must not be negative, got {value}")
        if value > MOST:
            raise self.fail(f"{where}.{key}", f"must be at most {MOST}, got {value}")
        return value

    def choice(self, value: object, options: tuple[str, ...], where: str) -> int:
        if value not in options:
            raise self.fail(where, f"{value!r} is not one of {', '.join(options)}")
        return options.index(str(value))

    def colour(self, value: object, where: str) -> Colour:
        return Colour(self.choice(value, tuple(c.name.lower() for c in COLOURS), where))

    def items(self, table: Mapping[str, Any], key: str, where: str) -> list[Any]:
        return self.get(table, key, where, list)

    def tables(self, table: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
        """A list whose every entry must be a table."""
        entries = self.items(table, key, where)
        place = f"{where}.{key}" if where else key
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise self.fail(f"{place}[{i}]", f"expected a table, got {entry!r}")
        return entries

    def effects(self, raw: object, where: str, needs_rule: bool = True) -> tuple[Effect, ...]:
        """A list of gains; with `needs_rule` (data every game uses) each kind must have a rule
        that carries it out, so a game never meets a gain it cannot play."""
        if not isinstance(raw, list):
            raise self.fail(where, "expected a list of gains")
        return tuple(self.effect(item, f"{where}[{i}]", needs_rule) for i, item in enumerate(raw))

    def effect(self, raw: object, where: str, needs_rule: bool = True) -> Effect:
        if not isinstance(raw, dict):
            raise self.fail(where, 'expected a table such as { kind = "money", n = 3 }')
        kind = self.get(raw, "kind", where, str)
        spec = self.vocabulary.kinds.get(kind)
        if spec is None or spec.internal:
            raise self.fail(f"{where}.kind", f"unknown gain {kind!r}")
        if needs_rule and kind not in self.vocabulary.handled:
            raise self.fail(f"{where}.kind", f"no rule carries out the gain {kind!r}")
        unknown = set(raw) - {"kind"} - spec.parameters
        if unknown:
            raise self.fail(where, f"{kind} takes no {', '.join(sorted(unknown))}")
        colour: Colour | None = None
        if "colour" in raw:
            colour = None if kind == "yield_tile" else self.colour(raw["colour"], f"{where}.colour")
        if kind == "yield_tile" and raw.get("colour") != "white":
            raise self.fail(f"{where}.colour", "only white yield tiles are drawn face down")
        n = self.nonneg(raw, "n", where) if "n" in raw else 1
        per = self.get(raw, "per", where, int) if "per" in raw else 1
        if per < 1:
            raise self.fail(f"{where}.per", "must be at least 1")
        low = self.nonneg(raw, "min", where) if "min" in raw else 0
        high = self.nonneg(raw, "max", where) if "max" in raw else 0
        tile = YIELD_COLOURS.index(raw["colour"]) if kind == "yield_tile" else -1
        return Effect(kind, n=n, colour=colour, low=low, high=high, per=per, tile=tile)


def _load(name: str, directory: Path, vocabulary: _Vocabulary = EMPTY_VOCABULARY) -> _Reader:
    path = directory / name
    try:
        with path.open("rb") as handle:
            return _Reader(name, tomllib.load(handle), vocabulary)
    except OSError as error:
        raise DataError(f"{name}: cannot be read ({error.strerror})") from error
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{name}: not valid TOML ({error})") from error


def _symbols(reader: _Reader) -> dict[str, Symbol]:
    symbols = {}
    for name, raw in reader.get(reader.table, "symbols", "", dict).items():
        where = f"symbols.{name}"
        if not isinstance(raw, dict):
            raise reader.fail(where, "expected a table with glyph, ascii and word")
        symbol = Symbol(
            glyph=reader.get(raw, "glyph", where, str),
            ascii=reader.get(raw, "ascii", where, str),
            word=reader.get(raw, "word", where, str),
        )
        if not symbol.glyph or not symbol.word or not _is_ascii_text(symbol.ascii):
            raise reader.fail(where, "needs a glyph, a word and a non-empty ASCII glyph")
        symbols[name] = symbol
    return symbols


def _is_ascii_text(text: str) -> bool:
    return bool(text) and text.isascii() and text.isprintable()


def _gain_kind(reader: _Reader, name: str, raw: Any, symbols: frozenset[str]) -> GainKind:
    where = f"kind.{name}"
    if not isinstance(raw, dict):
        raise reader.fail(where, "expected a table with parameters, glyph, words and log")
    parameters = reader.items(raw, "parameters", where)
    for parameter in parameters:
        reader.choice(parameter, tuple(PARAMETER_FIELDS), f"{where}.parameters")
    kind = GainKind(
        name=name,
        parameters=frozenset(parameters),
        glyph=reader.get(raw, "glyph", where, str),
        words=reader.get(raw, "words", where, str),
        log=reader.get(raw, "log", where, str),
        prompt=reader.get(raw, "prompt", where, str) if "prompt" in raw else "",
        internal=reader.get(raw, "internal", where, bool) if "internal" in raw else False,
        strip=reader.get(raw, "strip", where, str) if "strip" in raw else "",
    )
    # Saved logs hold these words, so they must not change with the player's symbol set.
    checks = [("glyph", symbols), ("words", symbols), ("log", frozenset[str]())]
    if "strip" in raw:
        checks.append(("strip", symbols))
    for key, allowed in checks:
        problem = template_problem(getattr(kind, key), kind.parameters, allowed)
        if problem:
            raise reader.fail(f"{where}.{key}", problem)
    for key in ("glyph", "strip"):
        if not literal_text(getattr(kind, key)).isascii():
            raise reader.fail(f"{where}.{key}", f"outside its symbols a {key} is ASCII")
    return kind


def _vocabulary(reader: _Reader, rules: KindRules) -> _Vocabulary:
    symbols = _symbols(reader)
    kinds = {
        name: _gain_kind(reader, name, raw, frozenset(symbols))
        for name, raw in reader.get(reader.table, "kind", "", dict).items()
    }
    unworded = sorted(rules.handled - set(kinds))
    if unworded:
        raise reader.fail(f"kind.{unworded[0]}", "missing, yet the rules carry it out")
    for name, kind in kinds.items():
        if name in rules.decisions and not kind.prompt.strip():
            raise reader.fail(f"kind.{name}.prompt", "missing: the player chooses this gain")
        if name in rules.handled - rules.decisions and kind.prompt:
            raise reader.fail(f"kind.{name}.prompt", "carried out at once, it asks nothing")
    return _Vocabulary(kinds, symbols, rules.handled)


def _setup(reader: _Reader) -> SetupSpec:
    table = reader.get(reader.table, "setup", "", dict)
    fields = [f.name for f in attrs.fields(SetupSpec) if f.name != "start_money"]
    values = {name: reader.nonneg(table, name, "setup") for name in fields}
    money = reader.items(table, "start_money", "setup")
    if not money or not all(isinstance(m, int) and m >= 0 for m in money):
        raise reader.fail("setup.start_money", "expected a list of whole numbers")
    spec = SetupSpec(start_money=tuple(money), **values)
    if len(spec.start_money) < 4:
        raise reader.fail("setup.start_money", "needs a starting amount for each of 4 seats")
    if spec.karma > spec.karma_max:
        raise reader.fail("setup.karma", "is above setup.karma_max")
    if not spec.building_level_start <= spec.building_level_max:
        raise reader.fail("setup.building_level_start", "is above building_level_max")
    return spec


def _bonuses(reader: _Reader, table: Mapping[str, Any], key: str) -> tuple[TrackBonus, ...]:
    bonuses = []
    for i, raw in enumerate(reader.tables(table, key, "tracks")):
        where = f"tracks.{key}[{i}]"
        bonuses.append(
            TrackBonus(
                reader.nonneg(raw, "at", where), reader.effects(raw.get("gain"), f"{where}.gain")
            )
        )
    ats = [b.at for b in bonuses]
    if ats != sorted(set(ats)):
        raise reader.fail(f"tracks.{key}", "bonus positions must rise")
    return tuple(bonuses)


def _tracks(reader: _Reader) -> TrackSpec:
    table = reader.get(reader.table, "tracks", "", dict)
    return TrackSpec(
        meeting_cell=reader.nonneg(table, "meeting_cell", "tracks"),
        money_linear_until=reader.nonneg(table, "money_linear_until", "tracks"),
        money_per_cell_after=max(1, reader.nonneg(table, "money_per_cell_after", "tracks")),
        fame_bonus=_bonuses(reader, table, "fame_bonus"),
        money_worker=_bonuses(reader, table, "money_worker"),
        money_bonus=_bonuses(reader, table, "money_bonus"),
    )


def _space(reader: _Reader, raw: Any, index: int, where: str) -> SpaceSpec:
    if not isinstance(raw, dict):
        raise reader.fail(where, "expected a table")
    area = reader.get(raw, "area", where, str)
    if area not in AREAS:
        raise reader.fail(f"{where}.area", f"unknown area {area!r}")
    needs = {
        "quarry": ("money",),
        "harbor": ("money",),
        "single": ("colour",),
        "terrace": ("colour",),
        "balcony": ("colour", "take", "n"),
        "chamber": ("value",),
    }.get(area, ())
    for key in needs:
        if key not in raw:
            raise reader.fail(f"{where}.{key}", f"missing (a {area} space needs it)")
    value = reader.nonneg(raw, "value", where) if "value" in raw else 0
    if area == "chamber" and not 1 <= value <= 6:
        raise reader.fail(f"{where}.value", "a chamber takes a die face 1..6")
    return SpaceSpec(
        index=index,
        key=reader.get(raw, "key", where, str),
        area=area,
        money=reader.nonneg(raw, "money", where) if "money" in raw else 0,
        colour=reader.colour(raw["colour"], f"{where}.colour") if "colour" in raw else None,
        take=reader.colour(raw["take"], f"{where}.take") if "take" in raw else None,
        n=reader.nonneg(raw, "n", where) if "n" in raw else 0,
        value=value,
    )


def _sides(reader: _Reader) -> tuple[BoardSide, ...]:
    sides = tuple(
        _side(reader, raw, f"side[{i}]")
        for i, raw in enumerate(reader.tables(reader.table, "side", ""))
    )
    for players in PLAYER_COUNTS:
        found = [side.name for side in sides if players in side.players]
        if len(found) != 1:
            many = f"{len(found)} board sides ({', '.join(found)})" if found else "no board side"
            raise reader.fail("side", f"{many} for {players} players, where one is needed")
    return sides


def _side(reader: _Reader, raw: Any, where: str) -> BoardSide:
    spaces = tuple(
        _space(reader, item, i, f"{where}.spaces[{i}]")
        for i, item in enumerate(reader.items(raw, "spaces", where))
    )
    keys = [s.key for s in spaces]
    if len(set(keys)) != len(keys):
        raise reader.fail(f"{where}.spaces", "two spaces share a key")
    covered: dict[int, tuple[str, ...]] = {}
    for i, item in enumerate(reader.tables(raw, "covered", where)):
        players = reader.nonneg(item, "players", f"{where}.covered[{i}]")
        names = tuple(reader.items(item, "spaces", f"{where}.covered[{i}]"))
        for name in names:
            if name not in keys:
                raise reader.fail(f"{where}.covered[{i}].spaces", f"no space {name!r}")
        covered[players] = names
    chambers = sorted(s.value for s in spaces if s.area == "chamber")
    if chambers != [1, 2, 3, 4, 5, 6]:
        raise reader.fail(f"{where}.spaces", "needs one chamber for each die face 1..6")
    return BoardSide(
        name=reader.get(raw, "name", where, str),
        players=tuple(reader.items(raw, "players", where)),
        variety_one_per_player=reader.get(raw, "variety_one_per_player", where, bool),
        covered=covered,
        spaces=spaces,
    )


def _chambers(reader: _Reader) -> dict[int, Chamber]:
    chambers: dict[int, Chamber] = {}
    for i, raw in enumerate(reader.tables(reader.table, "chamber", "")):
        where = f"chamber[{i}]"
        value = reader.nonneg(raw, "value", where)
        chambers[value] = Chamber(
            value,
            reader.get(raw, "name", where, str),
            reader.effects(raw.get("gain"), f"{where}.gain"),
        )
    if sorted(chambers) != [1, 2, 3, 4, 5, 6]:
        raise reader.fail("chamber", "needs exactly the chambers 1..6")
    return chambers


def _river(reader: _Reader) -> RiverSpec:
    raw_spaces = reader.tables(reader.table, "spaces", "")
    gains = []
    for i, raw in enumerate(raw_spaces):
        if reader.nonneg(raw, "space", f"spaces[{i}]") != i:
            raise reader.fail(f"spaces[{i}].space", f"expected space {i} in order")
        gains.append(reader.effects(raw.get("gain"), f"spaces[{i}].gain"))
    river = RiverSpec(
        gains=tuple(gains),
        bridge_after=reader.nonneg(reader.table, "bridge_after", ""),
        portuguese_closed=reader.nonneg(reader.table, "portuguese_closed", ""),
        bridge_gain=reader.effects(reader.table.get("bridge_gain"), "bridge_gain"),
    )
    if not 0 < river.bridge_after < river.final:
        raise reader.fail("bridge_after", "must lie between the start and the final space")
    return river


SIDE_NAMES = tuple(s.name for s in Side)


def _ends(reader: _Reader, names: Any, where: str) -> int:
    if not isinstance(names, list) or not names:
        raise reader.fail(where, "expected a list of sides N, E, S, W")
    mask = 0
    for name in names:
        mask |= 1 << reader.choice(name, SIDE_NAMES, where)
    return mask


def _edges(
    reader: _Reader, raw: Any, where: str, rows: int, columns: int, needs_rule: bool
) -> dict[tuple[int, Side], EdgeSpot]:
    edges: dict[tuple[int, Side], EdgeSpot] = {}
    layout: dict[str, tuple[Side, str, Callable[[int], int], int]] = {
        "top": (Side.N, "column", lambda c: c, columns),
        "bottom": (Side.S, "column", lambda c: (rows - 1) * columns + c, columns),
        "left": (Side.W, "row", lambda r: r * columns, rows),
        "right": (Side.E, "row", lambda r: r * columns + columns - 1, rows),
    }
    for edge, (side, axis, cell_of, limit) in layout.items():
        for i, spot in enumerate(reader.tables(raw, edge, where)):
            place = f"{where}.{edge}[{i}]"
            position = reader.nonneg(spot, axis, place)
            if position >= limit:
                raise reader.fail(f"{place}.{axis}", f"off the board (0..{limit - 1})")
            field = spot.get("field")
            if field is not None:
                reader.choice(field, YIELD_COLOURS, f"{place}.field")
            edges[(cell_of(position), side)] = EdgeSpot(
                reader.effects(spot.get("gain"), f"{place}.gain", needs_rule), field
            )
    return edges


def _province(reader: _Reader) -> ProvinceSpec:
    rows = reader.nonneg(reader.table, "rows", "")
    columns = reader.nonneg(reader.table, "columns", "")
    residence = reader.get(reader.table, "residence", "", dict)
    row = reader.nonneg(residence, "row", "residence")
    column = reader.nonneg(residence, "column", "residence")
    if row >= rows or column >= columns:
        raise reader.fail("residence", "lies off the board")
    sides = {}
    for i, raw in enumerate(reader.tables(reader.table, "side", "")):
        name = reader.get(raw, "name", f"side[{i}]", str)
        sides[name] = _edges(reader, raw, f"side[{i}]", rows, columns, True)
    if BASE_BOARD not in sides:
        raise reader.fail("side", "needs a side named base")
    return ProvinceSpec(
        rows=rows,
        columns=columns,
        residence=row * columns + column,
        residence_ends=_ends(reader, residence.get("roads"), "residence.roads"),
        edges=sides,
    )


def _tiles(reader: _Reader) -> tuple[TileSpec, ...]:
    table = reader.table
    colours = tuple(reader.items(table, "colours", ""))
    if colours != tuple(c.name.lower() for c in COLOURS):
        raise reader.fail("colours", "must be orange, green, blue, purple in that order")
    if tuple(reader.items(table, "buildings", "")) != tuple(b.name.lower() for b in BUILDINGS):
        raise reader.fail("buildings", "must be temple, palace, fort, mill in that order")
    if tuple(reader.items(table, "goods", "")) != tuple(g.name.lower() for g in GOODS):
        raise reader.fail("goods", "must be silk, tea, spices in that order")
    animals = tuple(reader.items(table, "animals", ""))
    roads_table = reader.get(table, "roads", "", dict)
    roads = {name: _ends(reader, ends, f"roads.{name}") for name, ends in roads_table.items()}
    shapes = reader.tables(table, "tile", "")
    tiles: list[TileSpec] = []
    for colour in COLOURS:
        for j, raw in enumerate(shapes):
            where = f"tile[{j}]"
            road = reader.get(raw, "road", where, str)
            if road not in roads:
                raise reader.fail(f"{where}.road", f"unknown road shape {road!r}")
            buildings = tuple(
                (reader_slot(reader, slot, 4, f"{where}.buildings") + colour) % 4
                for slot in reader.items(raw, "buildings", where)
            )
            markets = []
            for m in reader.items(raw, "markets", where):
                if not (isinstance(m, list) and len(m) == 2):
                    raise reader.fail(f"{where}.markets", "each market is [good slot, money]")
                good = (reader_slot(reader, m[0], 3, f"{where}.markets") + colour) % 3
                markets.append((good, reader_slot(reader, m[1], 100, f"{where}.markets")))
            tiles.append(
                TileSpec(
                    id=len(tiles),
                    colour=colour,
                    value=reader.nonneg(raw, "value", where),
                    animal=animals[reader.choice(raw.get("animal"), animals, f"{where}.animal")],
                    buildings=buildings,
                    markets=tuple(markets),
                    road=road,
                    ends=roads[road],
                )
            )
    return tuple(tiles)


def reader_slot(reader: _Reader, value: object, limit: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise reader.fail(where, f"expected a whole number 0..{limit - 1}, got {value!r}")
    return value


def _yields(reader: _Reader) -> dict[str, tuple[tuple[Effect, ...], ...]]:
    result = {}
    for colour in YIELD_COLOURS:
        tiles: list[tuple[Effect, ...]] = []
        for i, raw in enumerate(reader.tables(reader.table, colour, "")):
            gain = reader.effects(raw.get("gain"), f"{colour}[{i}].gain")
            tiles.extend([gain] * reader.nonneg(raw, "count", f"{colour}[{i}]"))
        result[colour] = tuple(tiles)
    return result


def _yield_tiles(yields: Mapping[str, tuple[tuple[Effect, ...], ...]]) -> tuple[YieldTile, ...]:
    tiles: list[YieldTile] = []
    for colour in YIELD_COLOURS:
        for number, gain in enumerate(yields[colour]):
            tiles.append(YieldTile(len(tiles), colour, number, gain))
    return tuple(tiles)


def _field_place(reader: _Reader, raw: object, where: str, columns: int) -> tuple[int, Side]:
    """A field named by its cell and side, as "a4 S"."""
    words = raw.split() if isinstance(raw, str) else []
    if len(words) != 2 or words[1] not in SIDE_NAMES:
        raise reader.fail(where, f'expected a cell and a side such as "a4 S", got {raw!r}')
    try:
        cell = parse_cell(words[0], columns)
    except ValueError as error:
        raise reader.fail(where, str(error)) from None
    return cell, Side[words[1]]


def _board_rules(reader: _Reader, province: ProvinceSpec) -> dict[str, BoardRules]:
    boards: dict[str, BoardRules] = {}
    for name, raw in reader.get(reader.table, "board", "", dict).items():
        where = f"board.{name}"
        if name not in province.edges:
            raise reader.fail(where, f"province.toml has no board side {name!r}")
        chambers = {}
        for i, chamber in enumerate(
            reader.tables(raw, "chamber", where) if "chamber" in raw else []
        ):
            place = f"{where}.chamber[{i}]"
            value = reader.nonneg(chamber, "value", place)
            if not 1 <= value <= 6:
                raise reader.fail(f"{place}.value", "a chamber takes a die face 1..6")
            chambers[value] = reader.effects(chamber.get("gain"), f"{place}.gain")
        draw = None
        if "setup_draw" in raw:
            table = reader.get(raw, "setup_draw", where, dict)
            colour = YIELD_COLOURS[
                reader.choice(table.get("colour"), YIELD_COLOURS, f"{where}.setup_draw.colour")
            ]
            cell, side = _field_place(
                reader, table.get("field"), f"{where}.setup_draw.field", province.columns
            )
            spot = province.edges[name].get((cell, side))
            if spot is None or spot.field != colour:
                raise reader.fail(f"{where}.setup_draw.field", f"is not a {colour} field")
            draw = (colour, cell, side)
        boards[name] = BoardRules(
            name=name,
            statue_places=reader.nonneg(raw, "statue_places", where),
            workers_max=reader.nonneg(raw, "workers_max", where),
            yield_instead=reader.get(raw, "yield_instead", where, bool),
            chambers=chambers,
            setup_draw=draw,
        )
    if BASE_BOARD not in boards:
        raise reader.fail("board", "needs the base board")
    return boards


def _ganga(reader: _Reader, river: RiverSpec) -> GangaSpec:
    table = reader.get(reader.table, "ganga", "", dict)
    first = reader.nonneg(table, "first", "ganga")
    last = reader.nonneg(table, "last", "ganga")
    if not 0 < first <= last < river.final:
        raise reader.fail(
            "ganga", f"first..last must lie within the river spaces 1..{river.final - 1}"
        )
    tiles: list[GangaTile] = []
    for i, raw in enumerate(reader.tables(table, "tile", "ganga")):
        where = f"ganga.tile[{i}]"
        name = reader.get(raw, "name", where, str)
        gain = reader.effects(raw.get("gain"), f"{where}.gain")
        for _ in range(reader.nonneg(raw, "count", where)):
            tiles.append(GangaTile(len(tiles), name, gain))
    if len(tiles) > last - first + 1:
        raise reader.fail("ganga.tile", "more tiles than river spaces to lay them on")
    return GangaSpec(first, last, tuple(tiles))


def kind_rules() -> KindRules:
    """The kinds of gain the rules carry out and those the player chooses."""
    return KindRules(CARRIED_OUT, CHOSEN)


def load_catalog(directory: Path = DATA_DIR) -> Catalog:
    """Reads and checks every data file in `directory`; every gain the data names must have a
    rule that carries it out."""
    words = _load("effects.toml", directory)
    vocabulary = _vocabulary(words, kind_rules())
    game = _load("game.toml", directory, vocabulary)
    board = _load("board.toml", directory, vocabulary)
    outer = board.get(board.table, "outer", "", dict)
    harbor = board.get(board.table, "harbor", "", dict)
    province = _province(_load("province.toml", directory, vocabulary))
    yields = _yields(_load("yields.toml", directory, vocabulary))
    river = _river(_load("river.toml", directory, vocabulary))
    variants = _load("variants.toml", directory, vocabulary)
    return Catalog(
        setup=_setup(game),
        tracks=_tracks(game),
        sides=_sides(board),
        chambers=_chambers(board),
        outer_gain=board.effects(outer.get("gain"), "outer.gain"),
        harbor_max_die=board.nonneg(harbor, "max_die", "harbor"),
        river=river,
        province=province,
        tiles=_tiles(_load("tiles.toml", directory)),
        yields=yields,
        gains=vocabulary.kinds,
        symbols=vocabulary.symbols,
        yield_tiles=_yield_tiles(yields),
        boards=_board_rules(variants, province),
        ganga=_ganga(variants, river),
    )


@memo()
def catalog() -> Catalog:
    """The game's data, read once per process."""
    return load_catalog()
