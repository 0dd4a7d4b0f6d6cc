"""Action spaces on the board: which are free, which one a row offers next, and taking one."""

from __future__ import annotations

from .cache import memo
from .catalog import BoardSide, SpaceSpec, catalog
from .state import FREE, GameState, replace

# Rows that fill from left to right: only their first free space can be chosen (§3).
ROWS = frozenset({"quarry", "harbor"})


def board_side(state: GameState) -> BoardSide:
    return catalog().side_for(state.config.players)


def open_spaces(state: GameState) -> tuple[SpaceSpec, ...]:
    """Every space a worker may go to now, ignoring what the player can pay."""
    return _open_spaces(state.config.players, state.spaces)


@memo(256)
def _open_spaces(players: int, occupants: tuple[int, ...]) -> tuple[SpaceSpec, ...]:
    result = []
    rows_seen: set[str] = set()
    for spec in catalog().side_for(players).spaces:
        if spec.area in ROWS:
            if spec.area in rows_seen or occupants[spec.index] != FREE:
                continue
            rows_seen.add(spec.area)
        elif occupants[spec.index] != FREE:
            continue
        result.append(spec)
    return tuple(result)


@memo()
def _row(players: int, area: str) -> tuple[SpaceSpec, ...]:
    """The spaces of a row, from the left."""
    return tuple(spec for spec in catalog().side_for(players).spaces if spec.area == area)


@memo()
def spaces_by_key(players: int) -> dict[str, SpaceSpec]:
    """The board's spaces by name: every placement played looks its space up."""
    return {spec.key: spec for spec in catalog().side_for(players).spaces}


def space_problem(state: GameState, key: str, area: str) -> tuple[SpaceSpec | None, str | None]:
    """The space named `key` in `area`, or why a worker cannot go there."""
    spec = spaces_by_key(state.config.players).get(key)
    if spec is None or spec.area != area:
        return None, f"there is no {area} space {key!r} on this board."
    occupant = state.spaces[spec.index]
    if occupant != FREE:
        if occupant < 0:
            return None, f"space {key} is covered in a {state.config.players}-player game."
        return None, f"space {key} is taken."
    if spec.area in ROWS:
        first = next(s for s in _row(state.config.players, area) if state.spaces[s.index] == FREE)
        if first.index != spec.index:
            return None, f"the {area} fills from the left: {first.key} comes first, not {key}."
    if spec.money > state.player.money:
        return None, f"space {key} costs {spec.money} money and you have {state.player.money}."
    return spec, None


def occupy(state: GameState, seat: int, spec: SpaceSpec) -> GameState:
    """Puts the worker on the space and pays its money."""
    spaces = list(state.spaces)
    spaces[spec.index] = seat
    player = state.players[seat]
    state = state.update_player(seat, placed=player.placed + 1, money=player.money - spec.money)
    return replace(state, spaces=tuple(spaces))
