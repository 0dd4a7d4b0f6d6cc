"""One spelling for each outcome: the form `legal_actions` lists and logs store.

The notation lets a player write the same choice several ways: the dice of a payment or the colours
taken in any order, a karma turn on one die of a payment or on another, a tile turned to a rotation
that gives the same road shape, more harbor or sail steps than reach the space where the boat stops.
`canonical` turns each into the form the engine lists, so that `apply` and the logs agree with
`legal_actions` on what an action is.
Payments larger than needed stay as they are: §6 allows overpaying and they are distinct outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from . import river
from .actions import Action, Harbor, Place, Quarry, Rebuild, Sail, Take
from .catalog import catalog
from .dice import canonical_payment, paid_total
from .province import rotated
from .state import GameState


def canonical(state: GameState, action: Action) -> Action:
    """The listed spelling of `action` in `state`; an action with no other spelling, unchanged."""
    spell = _SPELLINGS.get(type(action))
    return action if spell is None else spell(state, action)


def _payment(state: GameState, action: Quarry | Rebuild) -> Quarry | Rebuild:
    """The dice in order; the karma turns moved to the lowest faces only when the payment pays as
    written, so that a spelling that does not pay is refused rather than read as one that does."""
    target = _price(state, action)
    if target is None or paid_total(action.pay) < target:
        pay = tuple(sorted(action.pay))
    else:
        pay = canonical_payment(action.pay)
    # Most actions come spelled as listed already (every replayed log entry does): kept as they
    # are, they cost no copy.
    return action if pay == action.pay else attrs.evolve(action, pay=pay)


def _price(state: GameState, action: Quarry | Rebuild) -> int | None:
    """What the dice must total, or None when the action names no tile it could buy."""
    stacks, tiles = state.supply.stacks, catalog().tiles
    if not 0 <= action.stack < len(stacks) or not stacks[action.stack]:
        return None
    value = tiles[stacks[action.stack][-1]].value
    if isinstance(action, Quarry):
        return value
    cells = state.players[state.turn].province.cells
    old = cells[action.cell] if 0 <= action.cell < len(cells) else None
    return None if old is None else value - tiles[old.tile].value


def _place(state: GameState, action: Place) -> Place:
    """The lowest rotation that lays the tile's roads the same way."""
    if not state.queue or state.queue[0].kind != "place_tile" or not 0 <= action.rotation < 4:
        return action
    ends = catalog().tiles[state.queue[0].tile].ends
    shape = rotated(ends, action.rotation)
    first = next(r for r in range(4) if rotated(ends, r) == shape)
    return action if first == action.rotation else Place(action.cell, first)


def _harbor(state: GameState, action: Harbor) -> Harbor:
    """The fewest steps that stop the boat on the same space (past the final space they cannot)."""
    if state.queue or not 1 <= action.steps <= action.pay.value:
        return action  # more steps than the die allows: refused as written
    boats, seat = state.river.boats, state.turn
    stop = river.destination(boats, seat, action.steps)
    steps = range(1, action.steps + 1)
    fewest = next(s for s in steps if river.destination(boats, seat, s) == stop)
    return action if fewest == action.steps else attrs.evolve(action, steps=fewest)


def _sail(state: GameState, action: Sail) -> Sail:
    """The fewest steps that stop the boat on the same space, as for the harbor."""
    effect = state.queue[0] if state.queue else None
    if effect is None or effect.kind != "boat_steps":
        return action
    if not max(1, effect.low) <= action.steps <= effect.high:
        return action  # more steps than the gain allows: refused as written
    boats, seat = state.river.boats, state.turn
    stop = river.destination(boats, seat, action.steps)
    steps = range(max(1, effect.low), action.steps + 1)
    return Sail(next(s for s in steps if river.destination(boats, seat, s) == stop))


def _take(state: GameState, action: Take) -> Take:
    """The colours in order."""
    return Take(tuple(sorted(action.colours)))


# The actions that can be spelled several ways, each with what finds its listed spelling.
_SPELLINGS: dict[type, Callable[[GameState, Any], Action]] = {
    Quarry: _payment,
    Rebuild: _payment,
    Take: _take,
    Place: _place,
    Harbor: _harbor,
    Sail: _sail,
}
