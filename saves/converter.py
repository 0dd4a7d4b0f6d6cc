"""The save format's one cattrs converter: game records to plain TOML data and back.

Only shapes and types are checked here (a number where a number belongs, a known colour name, a
table with exactly the expected keys); `positions` checks ranges and consistency. Every failure
becomes a `Problem` carrying the dotted key where it happened, so that the user reads
"state.players[1].karma: expected a whole number, got 'x'" and never a traceback.

Encoding choices, all documented in docs/saves.md: enums are their lower-case names (as in the data
files and the action notation); dice are their notation ("o5"); the province is a list of placed
tiles with their cell, because TOML has no null for the empty cells; action spaces are a table
keyed by space; the generator state is 16 hex digits, because TOML integers are signed 64-bit
and the generator's are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import IntEnum
from functools import cache
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

import rules
from rules import (
    BUILDINGS,
    COLOURS,
    COVERED,
    FREE,
    Building,
    Colour,
    Die,
    Effect,
    GameState,
    Good,
    Placed,
    Player,
    Province,
    River,
    Side,
    Supply,
    cell_name,
    parse_cell,
    replace,
)

from .records import LogEntry, Seat, Setup

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
_RNG_TEXT = re.compile(r"[0-9a-f]{16}")


class Problem(ValueError):
    """Something in the file that does not fit the format; `key` is where, below the caller
    ("" is the top level of the file; None, no particular place)."""

    def __init__(self, sentence: str, key: str | None = None) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.key = key


def describe(value: object) -> str:
    """A short, one-line picture of a value from the file, for error sentences."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return repr(value if len(value) <= 24 else value[:21] + "...")
    text = str(value)
    return text if len(text) <= 24 else text[:21] + "..."


# The file's top level -----------------------------------------------------------------------


@attrs.frozen
class Header:
    """What the file is: the format name and version, who wrote it, and when (UTC ISO 8601)."""

    format: str
    version: int
    app: str
    generator: str
    created: str
    updated: str
    # The rules version the log was played under (rules.RULES_VERSION); files from before it
    # existed were all played under version 1.
    rules: int = 1
    # Where the game stands, so that a listing of many saves reads headers only (see
    # savefolder). 0 for round: a file from before these keys, listed by reading it whole.
    round: int = 0
    turn: int = 0
    over: bool = False


@attrs.frozen
class LogTable:
    played: tuple[LogEntry, ...] = ()
    undone: tuple[LogEntry, ...] = ()  # the redo list, next first


@attrs.frozen
class Document:
    """A whole save file. `position` is present only when the game began from a stated one."""

    header: Header
    setup: Setup
    log: LogTable
    state: GameState
    position: GameState | None = None


# Leaf hooks: strict, because TOML readers elsewhere must see the same values we do ------------


def _int(value: object, _: object) -> int:
    if type(value) is not int:  # not bool, not float, not a numeric string
        raise Problem(f"expected a whole number, got {describe(value)}")
    if not INT64_MIN <= value <= INT64_MAX:
        raise Problem(f"{describe(value)} does not fit a TOML integer")
    return value


def _str(value: object, _: object) -> str:
    if type(value) is not str:
        raise Problem(f"expected text, got {describe(value)}")
    return value


def _bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise Problem(f"expected true or false, got {describe(value)}")
    return value


def _die(value: object, _: object) -> Die:
    try:
        return Die.parse(_str(value, None))
    except ValueError as error:
        raise Problem(str(error)) from None


def _enum_structure(cls: type[IntEnum]) -> Callable[[object, object], IntEnum]:
    by_name = {member.name.lower(): member for member in cls}

    def structure(value: object, _: object) -> IntEnum:
        member = by_name.get(value) if isinstance(value, str) else None
        if member is None:
            raise Problem(f"{describe(value)} is not one of {', '.join(by_name)}")
        return member

    return structure


def _enum_name(member: IntEnum) -> str:
    return member.name.lower()


def _is_homogeneous_tuple(cls: Any) -> bool:
    args = get_args(cls)
    return get_origin(cls) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_structure(
    cls: Any, converter: cattrs.Converter
) -> Callable[[object, object], tuple[Any, ...]]:
    """A list, element by element, errors noted with their index as cattrs itself does; any
    other iterable (a string, a table) is refused instead of being taken apart."""
    item_type = get_args(cls)[0]
    item = converter.get_structure_hook(item_type)

    def structure(value: object, _: object) -> tuple[Any, ...]:
        if type(value) is not list:
            raise Problem(f"expected a list, got {describe(value)}")
        result = []
        errors: list[Exception] = []
        for index, raw in enumerate(value):
            try:
                result.append(item(raw, item_type))
            except Exception as error:
                note = IterableValidationNote(f"index {index}", index, item_type)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError("list entries do not fit", errors, cls)
        return tuple(result)

    return structure


# Game-specific shapes ----------------------------------------------------------------------


def _table(value: object, keys: tuple[str, ...], what: str) -> dict[str, int]:
    """A table holding exactly `keys`, each a whole number."""
    if type(value) is not dict:
        raise Problem(f"expected a table of {what}, got {describe(value)}")
    for key in value:
        if key not in keys:
            raise Problem(f"unknown key {describe(key)} (expected {', '.join(keys)})")
    result = {}
    for key in keys:
        if key not in value:
            raise Problem("is missing", key)
        try:
            result[key] = _int(value[key], None)
        except Problem as problem:
            raise Problem(problem.sentence, key) from None
    return result


COLOUR_KEYS = tuple(c.name.lower() for c in COLOURS)
BUILDING_KEYS = tuple(b.name.lower() for b in BUILDINGS)
PLACED_KEYS = ("cell", "tile", "rotation", "rebuilt")


def _per_colour(value: object, _: object) -> tuple[int, ...]:
    table = _table(value, COLOUR_KEYS, "colours")
    return tuple(table[k] for k in COLOUR_KEYS)


def _levels(value: object, _: object) -> tuple[int, ...]:
    table = _table(value, BUILDING_KEYS, "buildings")
    return tuple(table[k] for k in BUILDING_KEYS)


def _ints(value: object, key: str, what: str) -> tuple[int, ...]:
    """A list of whole numbers (the quick test first: this runs for every stack of every load)."""
    if type(value) is not list:
        raise Problem(f"expected a list of {what}, got {describe(value)}", key)
    if all(type(item) is int and INT64_MIN <= item <= INT64_MAX for item in value):
        return tuple(value)
    for index, item in enumerate(value):
        try:
            _int(item, None)
        except Problem as problem:
            raise Problem(problem.sentence, f"{key}[{index}]") from None
    raise AssertionError("unreachable: some item failed the quick test")


def _stacks_structure(value: object, _: object) -> tuple[tuple[int, ...], ...]:
    if type(value) is not dict:
        raise Problem(f"expected a table of display stacks d1, d2, ..., got {describe(value)}")
    expected = [f"d{i + 1}" for i in range(len(value))]
    if set(value) != set(expected):
        raise Problem(f"the display stacks must be d1 to d{len(value)}, each once")
    return tuple(_ints(value[key], key, "tile numbers") for key in expected)


def _stacks_unstructure(stacks: tuple[tuple[int, ...], ...]) -> dict[str, list[int]]:
    return {f"d{i + 1}": list(stack) for i, stack in enumerate(stacks)}


def _field(raw: dict[str, Any], key: str, hook: Callable[[Any, Any], Any], where: str) -> Any:
    try:
        return hook(raw[key], None)
    except Problem as problem:
        raise Problem(problem.sentence, f"{where}.{key}") from None


def _cell(value: object, _: object) -> int:
    spec = rules.catalog().province
    try:
        cell = parse_cell(_str(value, None), spec.columns)
    except ValueError as error:
        raise Problem(str(error)) from None
    if cell >= spec.rows * spec.columns:
        raise Problem(f"{describe(value)} is off the province board")
    return cell


def _province_structure(value: object, _: object) -> Province:
    spec = rules.catalog().province
    cells: list[Placed | None] = [None] * (spec.rows * spec.columns)
    if type(value) is not list:
        raise Problem(f"expected a list of placed tiles, got {describe(value)}")
    for index, raw in enumerate(value):
        where = f"[{index}]"
        if type(raw) is not dict:
            raise Problem('expected a table such as { cell = "b2", tile = 7, rotation = 1 }', where)
        unknown = set(raw) - set(PLACED_KEYS)
        if unknown:
            raise Problem(f"unknown key {describe(sorted(unknown)[0])}", where)
        for key in PLACED_KEYS[:3]:
            if key not in raw:
                raise Problem("is missing", f"{where}.{key}")
        cell = _field(raw, "cell", _cell, where)
        if cells[cell] is not None:
            raise Problem(f"a second tile on {raw['cell']}", f"{where}.cell")
        cells[cell] = Placed(
            _field(raw, "tile", _int, where),
            _field(raw, "rotation", _int, where),
            _field(raw, "rebuilt", _bool, where) if "rebuilt" in raw else False,
        )
    return Province(tuple(cells))


def _province_unstructure(province: Province) -> list[dict[str, object]]:
    columns = rules.catalog().province.columns
    return [
        {
            "cell": cell_name(cell, columns),
            "tile": p.tile,
            "rotation": p.rotation,
            "rebuilt": p.rebuilt,
        }
        for cell, p in province.placed()
    ]


def _rng_structure(value: object, _: object) -> int:
    if type(value) is not str or not _RNG_TEXT.fullmatch(value):
        raise Problem(f"expected 16 lower-case hex digits, got {describe(value)}")
    return int(value, 16)


def _spaces_structure(value: object, _: object) -> Mapping[str, int]:
    """Checked against the board in `_finish_state`, once the player count is known."""
    if type(value) is not dict:
        raise Problem(f"expected a table of action spaces, got {describe(value)}")
    result = {}
    for key, raw in value.items():
        if raw == "free":
            result[key] = FREE
        elif raw == "covered":
            result[key] = COVERED
        elif type(raw) is int:
            result[key] = raw
        else:
            raise Problem(f'expected a seat number, "free" or "covered", got {describe(raw)}', key)
    return result


def _finish_state(state: GameState) -> GameState:
    table: Mapping[str, int] = state.spaces  # type: ignore[assignment]
    players = state.config.players
    problem = rules.players_problem(players)
    if problem:
        raise Problem(problem, "config.players")
    keys = [spec.key for spec in rules.catalog().side_for(players).spaces]
    for key in table:
        if key not in keys:
            where = f"spaces.{key}"
            raise Problem(f"no action space {describe(key)} on the {players}-player board", where)
    for key in keys:
        if key not in table:
            raise Problem("is missing", f"spaces.{key}")
        if not COVERED <= table[key] < players:
            raise Problem(f"seat {table[key]} does not play", f"spaces.{key}")
    return replace(state, spaces=tuple(table[k] for k in keys))


def _spaces_unstructure(state_spaces: tuple[int, ...], players: int) -> dict[str, object]:
    names = {FREE: "free", COVERED: "covered"}
    keys = [spec.key for spec in rules.catalog().side_for(players).spaces]
    return {key: names.get(value, value) for key, value in zip(keys, state_spaces, strict=True)}


# The converter -------------------------------------------------------------------------------


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    leaves: tuple[tuple[type, Callable[[Any, Any], Any]], ...] = (
        (int, _int),
        (str, _str),
        (bool, _bool),
        (Die, _die),
        (Province, _province_structure),
    )
    for leaf, hook in leaves:
        converter.register_structure_hook(leaf, hook)
    converter.register_unstructure_hook(Die, str)
    converter.register_unstructure_hook(Province, _province_unstructure)
    # Each enum by its own class: a factory would lose to the int hook, since these are ints.
    for enum in (Colour, Building, Good, Side):
        converter.register_structure_hook(enum, _enum_structure(enum))
        converter.register_unstructure_hook(enum, _enum_name)
    converter.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_structure)

    structure_overrides: dict[type, dict[str, Any]] = {
        GameState: {
            "rng": override(struct_hook=_rng_structure),
            "spaces": override(struct_hook=_spaces_structure),
            "action_levels": override(struct_hook=_levels),
        },
        Player: {"levels": override(struct_hook=_levels)},
        Supply: {
            "dice": override(struct_hook=_per_colour),
            "stacks": override(struct_hook=_stacks_structure),
        },
    }
    finish: dict[type, Callable[[Any], Any]] = {GameState: _finish_state}

    def table_factory(cls: type) -> Callable[[object, object], object]:
        generated: Callable[[Any, Any], Any] = make_dict_structure_fn(
            cls, converter, **structure_overrides.get(cls, {})
        )
        after = finish.get(cls, lambda record: record)

        def structure(value: object, _: object) -> object:
            if type(value) is not dict:
                raise Problem(f"expected a table, got {describe(value)}")
            return after(generated(value, cls))

        return structure

    converter.register_structure_hook_factory(attrs.has, table_factory)

    # The records' writing hooks are generated the first time a value is written, not here:
    # reading a save (rajas show, validate, the app's first frame) writes none, so a start that
    # only reads pays for none. A generated hook looks up its fields' hooks when it is made,
    # which then generates theirs in turn.
    unless_set = override(omit_if_default=True)
    writers: dict[type, Callable[[type], Callable[[Any], Any]]] = {
        Effect: lambda _: _omitting_defaults(Effect, converter),
        LogEntry: lambda _: _omitting_defaults(LogEntry, converter),
        # The variants' keys are written only when a variant sets them, so that a base game's
        # file reads as it did before the variants (and each default loads back as the same
        # value).
        Seat: lambda _: make_dict_unstructure_fn(Seat, converter, board=unless_set),
        Player: lambda _: make_dict_unstructure_fn(
            Player,
            converter,
            levels=override(unstruct_hook=_levels_out),
            fields=unless_set,
            gained=unless_set,
            face_down=unless_set,
        ),
        River: lambda _: make_dict_unstructure_fn(River, converter, tiles=unless_set),
        Supply: lambda _: make_dict_unstructure_fn(
            Supply,
            converter,
            dice=override(unstruct_hook=lambda d: dict(zip(COLOUR_KEYS, d, strict=True))),
            stacks=override(unstruct_hook=_stacks_unstructure),
            display=unless_set,
        ),
        GameState: lambda _: _state_writer(converter),
        Document: lambda _: _omitting_defaults(Document, converter),
    }
    for record, make in writers.items():
        converter.register_unstructure_hook_factory(_is(record), make)
    return converter


def _is(record: type) -> Callable[[Any], bool]:
    return lambda cls: cls is record


def _state_writer(converter: cattrs.Converter) -> Callable[[GameState], dict[str, Any]]:
    plain_state = make_dict_unstructure_fn(
        GameState,
        converter,
        rng=override(unstruct_hook=lambda r: f"{r:016x}"),
        # Written only during an action an upgrade was won in (docs/saves.md).
        action_levels=override(omit_if_default=True, unstruct_hook=_levels_out),
    )

    def state_out(state: GameState) -> dict[str, Any]:
        data = plain_state(state)
        data["spaces"] = _spaces_unstructure(state.spaces, state.config.players)
        return data

    return state_out


def _omitting_defaults(record: type, converter: cattrs.Converter) -> Callable[[Any], Any]:
    return make_dict_unstructure_fn(record, converter, _cattrs_omit_if_default=True)


def _levels_out(levels: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(BUILDING_KEYS, levels, strict=True))


@cache
def converter() -> cattrs.Converter:
    """The converter, made on first use: generating its hooks is most of this module's cost,
    which a start-up that reads no save (the title screen, `rajas --help`) need not pay."""
    return _make_converter()


# Errors to one place and one sentence -------------------------------------------------------


def _first_error(error: BaseException, path: str) -> tuple[str, str]:
    """The first leaf failure in a cattrs error tree: (dotted key, sentence)."""
    if isinstance(error, IterableValidationError):
        with_notes, without = error.group_exceptions()
        if with_notes:
            sub, note = with_notes[0]
            return _first_error(sub, f"{path}[{note.index}]")
        return _first_error(without[0], path)
    if isinstance(error, ClassValidationError):
        with_notes_c, without_c = error.group_exceptions()
        if without_c:  # unknown keys are reported before the fields they would have shadowed
            return _first_error(without_c[0], path)
        sub, attr_note = with_notes_c[0]
        return _first_error(sub, f"{path}.{attr_note.name}" if path else attr_note.name)
    if isinstance(error, Problem):
        if error.key:
            joiner = "" if error.key.startswith("[") or not path else "."
            path = f"{path}{joiner}{error.key}"
        return path, error.sentence
    if isinstance(error, KeyError):
        return path, "is missing"
    if isinstance(error, ForbiddenExtraKeysError):
        keys = ", ".join(sorted(error.extra_fields))
        return path, f"unknown key{'s' if len(error.extra_fields) > 1 else ''} {keys}"
    return path, f"cannot be read ({type(error).__name__}: {error})"


def place_name(path: str) -> str:
    """Log positions read as "log entry 3" (counted from 1), the rest as dotted keys."""
    match = re.match(r"log\.(played|undone)\[(\d+)\](.*)", path)
    if match:
        which = "log entry" if match.group(1) == "played" else "redo entry"
        rest = match.group(3).lstrip(".")
        return f"{which} {int(match.group(2)) + 1}" + (f", key {rest}" if rest else "")
    return f"key {path}" if path else "the top level"


def structure(raw: object, cls: type, root: str = "") -> Any:
    """Structures `raw` as `cls`; raises Problem with the full key of the first failure."""
    try:
        return converter().structure(raw, cls)
    except Exception as error:  # every failure becomes one sentence with its place
        path, sentence = _first_error(error, root)
        raise Problem(sentence, path) from None


def unstructure(value: object) -> Any:
    return converter().unstructure(value)


__all__ = [
    "Document",
    "Header",
    "LogTable",
    "Problem",
    "Seat",
    "Setup",
    "describe",
    "place_name",
    "structure",
    "unstructure",
]
