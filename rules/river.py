"""Boats on the river: counting free spaces, the bridge, the earnings where a boat stops (§7)."""

from __future__ import annotations

from .catalog import catalog
from .model import Effect
from .ruleset import ruleset
from .state import GameState, replace


def final_space() -> int:
    return catalog().river.final


def destination(boats: tuple[int, ...], seat: int, steps: int) -> int:
    """Where `seat`'s boat stops after moving `steps` free spaces.

    Spaces holding another boat are skipped and not counted; the final space holds any number of
    boats, and a boat that would move past it stops on it.
    """
    final = final_space()
    position = boats[seat]
    taken = {b for s, b in enumerate(boats) if s != seat}
    while steps > 0 and position < final:
        position += 1
        if position == final or position not in taken:
            steps -= 1
    return position


def can_move(state: GameState, seat: int) -> bool:
    """Whether any free space lies ahead of the boat."""
    return state.river.boats[seat] < final_space()


def portuguese_open(state: GameState, seat: int) -> bool:
    """The Portuguese is closed once the boat is on one of the last spaces before the final."""
    spec = catalog().river
    return state.river.boats[seat] < spec.final - spec.portuguese_closed


def move_boat(state: GameState, seat: int, to: int) -> GameState:
    """Moves the boat and queues, first, the river worker if it passed the bridge, then the
    earnings of the space where it stops."""
    spec = catalog().river
    before = state.river.boats[seat]
    boats = list(state.river.boats)
    boats[seat] = to
    gains: tuple[Effect, ...] = ()
    if before <= spec.bridge_after < to:
        gains += spec.bridge_gain
    gains += ruleset(state).river[to]
    river = replace(state.river, boats=tuple(boats))
    return replace(state, river=river, queue=gains + state.queue)
