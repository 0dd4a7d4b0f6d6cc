"""Whether a game state read from a file is one the engine can play from.

`codec` has checked shapes and types; here are the ranges (karma 0..3, faces, tile numbers, seats)
and the conservation rules of `rules.invariants` (48 dice, 64 tiles, one boat per river space,
each yield tile and each Ganga tile in one place, fields fitting the seat's board),
then the facts no game can break (`rules.unreachable_facts`: bonuses taken where the tracks say,
workers on the spaces that show them, the end triggered when markers meet).
A stated position has no log to vouch for it, so it gets every check; a save's snapshot gets them
too, before its log is replayed, so that a wild number is named as such rather than as a mismatch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import rules
from rules import (
    COLOURS,
    EMPTY,
    HANDLED,
    GameState,
    Player,
    SeatRules,
    cell_name,
    config_problem,
    invariant_problems,
    seat_rules,
    unreachable_facts,
)

from .converter import Problem

SANE = 999  # a ceiling for fame, money and rounds: far above any real game, far below overflow


def _seat_list(seats: tuple[int, ...], players: int, key: str) -> Iterator[tuple[str, str]]:
    for i, seat in enumerate(seats):
        if not 0 <= seat < players:
            yield f"{key}[{i}]", f"seat {seat} does not play"
    if len(set(seats)) != len(seats):
        yield key, "names a seat twice"


def _range(value: int, low: int, high: int, key: str, what: str) -> Iterator[tuple[str, str]]:
    if not low <= value <= high:
        yield key, f"{what or key.rsplit('.', 1)[-1]} {value} is outside {low} to {high}"


def _player(p: Player, seat: SeatRules, key: str) -> Iterator[tuple[str, str]]:
    setup = rules.catalog().setup
    tracks = rules.catalog().tracks
    yield from _range(p.fame, 0, SANE, f"{key}.fame", "fame")
    yield from _range(p.money, 0, SANE, f"{key}.money", "money")
    yield from _range(p.karma, 0, setup.karma_max, f"{key}.karma", "karma")
    yield from _range(p.places, 1, 2 * seat.places, f"{key}.places", "statue places")
    if len(p.dice) > p.places:
        yield f"{key}.dice", f"{len(p.dice)} dice do not fit on {p.places} statue places"
    if list(p.dice) != sorted(p.dice):
        yield f"{key}.dice", "the dice must be listed in order: by colour, then face"
    workers_max = seat.workers_max
    yield from _range(p.workers, 1, workers_max, f"{key}.workers", "workers")
    yield from _range(p.placed, 0, p.workers, f"{key}.placed", "workers placed")
    low, high = setup.building_level_start, setup.building_level_max
    for building, level in zip(("temple", "palace", "fort", "mill"), p.levels, strict=True):
        yield from _range(level, low, high, f"{key}.levels.{building}", "level")
    yield from _range(p.fame_bonus_next, 0, len(tracks.fame_bonus), f"{key}.fame_bonus_next", "")
    yield from _range(p.money_bonus_next, 0, len(tracks.money_bonus), f"{key}.money_bonus_next", "")
    yield from _range(
        p.money_workers_taken, 0, len(tracks.money_worker), f"{key}.money_workers_taken", ""
    )
    yield from _range(p.unlocked, 0, workers_max, f"{key}.unlocked", "")
    residence = rules.catalog().province.residence
    tiles = len(rules.catalog().tiles)
    for i, (cell, placed) in enumerate(p.province.placed()):
        where = f"{key}.province[{i}]"
        if cell == residence:
            yield f"{where}.cell", "the residence stands there"
        yield from _range(placed.tile, 0, tiles - 1, f"{where}.tile", "tile")
        yield from _range(placed.rotation, 0, 3, f"{where}.rotation", "rotation")
    yield from _fields(p, seat, key)


def _fields(p: Player, seat: SeatRules, key: str) -> Iterator[tuple[str, str]]:
    """The yield tiles on a Navaratnas board's fields: one per field of its colour, or none."""
    fields = seat.fields
    if len(p.fields) != len(fields):
        has = f"{len(fields)} yield-tile fields" if fields else "no yield-tile fields"
        yield f"{key}.fields", f"the {seat.board} board has {has}, not {len(p.fields)}"
        return
    tiles = rules.catalog().yield_tiles
    columns = rules.catalog().province.columns
    for index, (tile, field) in enumerate(zip(p.fields, fields, strict=True)):
        where = f"{key}.fields[{index}]"
        if tile == EMPTY:
            continue
        if not 0 <= tile < len(tiles):
            yield where, f"yield tile {tile} is outside 0 to {len(tiles) - 1} (or {EMPTY}, empty)"
            return
        if tiles[tile].colour != field.colour:
            place = f"{cell_name(field.cell, columns)} {field.side.name.lower()}"
            yield where, f"{tiles[tile].name} lies on the {field.colour} field by {place}"
    every = (1 << len(fields)) - 1
    filled = sum(1 << i for i, tile in enumerate(p.fields) if tile != EMPTY)
    for name, bits in (("gained", p.gained), ("face_down", p.face_down)):
        if not 0 <= bits <= every:
            yield f"{key}.{name}", f"{bits} marks fields the board does not have (0 to {every})"
        elif bits & ~filled:
            yield f"{key}.{name}", f"{bits} marks an empty field"
    if p.gained & p.face_down:
        yield f"{key}.face_down", "a gained tile lies face up, yet a field is marked both"


def _supply(state: GameState) -> Iterator[tuple[str, str]]:
    supply = state.supply
    per_colour = rules.catalog().setup.dice_per_colour
    held = Counter(d.colour for p in state.players for d in p.dice)
    for colour, left in zip(COLOURS, supply.dice, strict=True):
        name = colour.name.lower()
        yield from _range(left, 0, per_colour, f"supply.dice.{name}", f"{name} dice")
        if left + held[colour] != per_colour:
            total = sum(supply.dice) + sum(held.values())
            yield (
                f"supply.dice.{name}",
                f"{left + held[colour]} {name} dice in play instead of {per_colour} "
                f"({total} dice in all; the game has {per_colour * len(COLOURS)})",
            )
    stacks = len(COLOURS) * 3
    if len(supply.stacks) != stacks:
        yield "supply.stacks", f"there are {len(supply.stacks)} display stacks instead of {stacks}"
    tiles = len(rules.catalog().tiles)
    for i, stack in enumerate(supply.stacks):
        for j, tile in enumerate(stack):
            yield from _range(tile, 0, tiles - 1, f"supply.stacks.d{i + 1}[{j}]", "tile")
    for j, tile in enumerate(supply.out_of_game):
        yield from _range(tile, 0, tiles - 1, f"supply.out_of_game[{j}]", "tile")
    yield from _yield_tiles(state)


def _yield_places(state: GameState) -> Iterator[tuple[str, int]]:
    """Every yield tile the state holds, with its key."""
    supply = state.supply
    for name in ("yields", "yield_discard", "display"):
        for j, tile in enumerate(getattr(supply, name)):
            yield f"supply.{name}[{j}]", tile
    for seat, player in enumerate(state.players):
        for j, tile in enumerate(player.fields):
            if tile != EMPTY:
                yield f"players[{seat}].fields[{j}]", tile


def _yield_tiles(state: GameState) -> Iterator[tuple[str, str]]:
    """Each yield tile of the game in one place (§11, §12): white ones face down on the temple
    unless every seat plays Navaratnas, the others face up on the board or on fields."""
    tiles = rules.catalog().yield_tiles
    play = rules.ruleset(state)
    if list(state.supply.display) != sorted(state.supply.display):
        yield "supply.display", "the face-up yield tiles must be listed in order"
    seen: dict[int, str] = {}
    for key, tile in _yield_places(state):
        if not 0 <= tile < len(tiles):
            yield key, f"yield tile {tile} is outside 0 to {len(tiles) - 1}"
            return
        name = tiles[tile].name
        if tile in seen:
            yield key, f"{name} lies in two places (also at {seen[tile]})"
        seen[tile] = key
        white = tiles[tile].colour == "white"
        if not white and not play.fields:
            yield key, f"{name} is not in a game where no seat plays Navaratnas"
        face_down = key.startswith(("supply.yields", "supply.yield_discard"))
        if face_down and not (white and play.white_face_down):
            yield key, f"{name} lies face up in this game, not in the face-down stack"
        if key.startswith("supply.display") and white and play.white_face_down:
            yield key, f"{name} lies face down on the temple in this game, not face up"
    expected = [t for t in tiles if play.fields or t.colour == "white"]
    missing = [t.name for t in expected if t.id not in seen]
    if missing:
        yield "supply.yields", f"the yield tiles {', '.join(missing)} lie nowhere"


def _river(state: GameState) -> Iterator[tuple[str, str]]:
    """The Ganga tiles: each once, on a space of their range; none without the module."""
    tiles = state.river.tiles
    if not state.config.ganga:
        if tiles:
            yield "river.tiles", "Ganga tiles lie on the river, but the game does not play Ganga"
        return
    ganga = rules.catalog().ganga
    spaces = rules.catalog().river.final + 1
    if len(tiles) != spaces:
        yield "river.tiles", f"the list names {len(tiles)} river spaces instead of {spaces}"
        return
    for space, tile in enumerate(tiles):
        key = f"river.tiles[{space}]"
        if tile == EMPTY:
            continue
        if not 0 <= tile < len(ganga.tiles):
            yield key, f"Ganga tile {tile} is outside 0 to {len(ganga.tiles) - 1} (or {EMPTY})"
        elif not ganga.first <= space <= ganga.last:
            yield key, f"no Ganga tile lies on space {space}, only on {ganga.first} to {ganga.last}"
    laid = sorted(t for t in tiles if t != EMPTY)
    if laid != list(range(len(ganga.tiles))):
        yield "river.tiles", f"each of the {len(ganga.tiles)} Ganga tiles must lie there once"


def _queue(state: GameState) -> Iterator[tuple[str, str]]:
    tiles = len(rules.catalog().tiles)
    cells = len(state.players[0].province.cells)
    for i, effect in enumerate(state.queue):
        key = f"queue[{i}]"
        if effect.kind not in rules.catalog().gains:
            yield f"{key}.kind", f"{effect.kind!r} is not a gain the engine knows"
        elif effect.kind not in HANDLED:
            yield f"{key}.kind", f"no rule carries out the gain {effect.kind!r} yet"
        if effect.kind == "place_tile":
            yield from _range(effect.tile, 0, tiles - 1, f"{key}.tile", "tile")
        yield from _range(effect.cell, -1, cells - 1, f"{key}.cell", "cell")
        yield from _range(effect.n, 0, SANE, f"{key}.n", "n")


def _state(state: GameState) -> Iterator[tuple[str, str]]:
    n = state.config.players
    problem = config_problem(state.config)
    if problem:
        yield "config", problem.rstrip(".")
    if len(state.players) != n:
        yield "players", f"{len(state.players)} players for a {n}-player game"
        return
    if len(state.river.boats) != n:
        yield "river.boats", f"{len(state.river.boats)} boats for a {n}-player game"
        return
    river = list(_river(state))
    if problem or river:  # the seats' rules are resolved from the boards and the river tiles
        yield from river
        return
    yield from _range(state.round, 1, SANE, "round", "round")
    yield from _range(state.start_player, 0, n - 1, "start_player", "seat")
    yield from _range(state.turn, 0, n - 1, "turn", "seat")
    yield from _range(state.mogul, -1, n - 1, "mogul", "seat")
    yield from _range(state.end_trigger, -1, n - 1, "end_trigger", "seat")
    yield from _range(state.steps, 0, 10**6, "steps", "steps")
    yield from _seat_list(state.last_turns, n, "last_turns")
    yield from _seat_list(state.met_order, n, "met_order")
    for seat, player in enumerate(state.players):
        yield from _player(player, seat_rules(state, seat), f"players[{seat}]")
    final = rules.catalog().river.final
    first_on: dict[int, int] = {}
    for seat, boat in enumerate(state.river.boats):
        yield from _range(boat, 0, final, f"river.boats[{seat}]", "river space")
        if 0 < boat < final:  # the start and the final space hold any number of boats
            if boat in first_on:
                where = f"river.boats[{seat}]"
                yield where, f"seats {first_on[boat]} and {seat} have boats on river space {boat}"
            first_on.setdefault(boat, seat)
    yield from _supply(state)
    yield from _queue(state)
    if not state.over and not state.queue and 0 <= state.turn < n:
        player = state.players[state.turn]
        if player.workers_left <= 0 or player.passed:
            yield "turn", f"seat {state.turn} is to act but has no worker left to place"


def check(state: GameState) -> None:
    """Raises Problem (key relative to the state) for the first thing the state gets wrong."""
    for key, sentence in _state(state):
        raise Problem(sentence, key)
    broken = invariant_problems(state)
    if broken:
        raise Problem(f"breaks a rule of the game: {broken[0]}")
    for key, sentence in unreachable_facts(state):
        raise Problem(sentence, key)
    try:
        rules.legal_actions(state)
    except Exception as error:  # a last guard: a state the checks missed must not crash later
        raise Problem(f"the engine cannot play from it ({type(error).__name__})") from None
