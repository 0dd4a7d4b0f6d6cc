"""Boats on the river: counting free spaces, the bridge, the earnings where a boat stops (§7)."""

from __future__ import annotations

from .cache import memo
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
    return stops(boats, seat, steps)[-1] if steps > 0 else boats[seat]


def stops(boats: tuple[int, ...], seat: int, most: int) -> tuple[int, ...]:
    """Where `seat`'s boat stops after 1, 2, ... `most` free spaces, from one walk up the river:
    the spellings of a move and the listing of sails ask for each step count in turn."""
    return _stops(seat, most, *boats)


@memo(4096)
def _stops(seat: int, most: int, *boats: int) -> tuple[int, ...]:
    # The boats one by one: the cache's key is then one flat tuple of ints, which the garbage
    # collector stops tracking the first time it sees it (a tuple of boats inside the key stays
    # tracked one collection longer, long enough to reach the oldest generation).
    final = final_space()
    position = boats[seat]
    reached = []
    for _ in range(most):
        # The boat's own space lies behind it, so any boat found ahead is another seat's.
        while position < final:
            position += 1
            if position == final or position not in boats:
                break
        reached.append(position)
    return tuple(reached)


def free_ahead(boats: tuple[int, ...], seat: int) -> int:
    """How many spaces `seat`'s boat can still stop on: each move of 1 up to this many steps
    stops it on a space of its own, and any longer one on the final space, as this many does.
    The harbor's listing needs no more than this, and counting it costs less than a walk. It is
    0 exactly when the boat is on the final space, which counts for any boat behind it."""
    final = final_space()
    position = boats[seat]
    return final - position - len({boat for boat in boats if position < boat < final})


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
