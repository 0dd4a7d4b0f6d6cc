"""The quarry: buy the top tile of a display stack with dice of its colour and build it (§6)."""

from __future__ import annotations

from .actions import Quarry
from .catalog import SpaceSpec, catalog
from .dice import give_up, minimal_payments, paid_total, payment_problem
from .model import Effect, Payment
from .province import placements
from .state import GameState, replace


def options(state: GameState, seat: int, spec: SpaceSpec) -> list[Quarry]:
    player = state.players[seat]
    tiles = catalog().tiles
    placeable: dict[int, bool] = {}
    payments: dict[tuple[int, int], list[Payment]] = {}
    result: list[Quarry] = []
    for index, stack in enumerate(state.supply.stacks):
        if not stack:
            continue
        tile = tiles[stack[-1]]
        if tile.ends not in placeable:
            placeable[tile.ends] = bool(placements(player.province, tile.ends))
        if not placeable[tile.ends]:
            continue
        key = (tile.colour, tile.value)
        if key not in payments:
            payments[key] = minimal_payments(player.dice, player.karma, tile.colour, tile.value)
        result.extend(Quarry(spec.key, index, pay) for pay in payments[key])
    return result


def problem(state: GameState, seat: int, action: Quarry, spec: SpaceSpec) -> str | None:
    stacks = state.supply.stacks
    if not 0 <= action.stack < len(stacks) or not stacks[action.stack]:
        return "that display stack is empty."
    tile = catalog().tiles[stacks[action.stack][-1]]
    trouble = payment_problem(state, seat, action.pay, tile.colour)
    if trouble:
        return trouble
    if paid_total(action.pay) < tile.value:
        return f"the dice total {paid_total(action.pay)} and the tile costs {tile.value}."
    if not placements(state.players[seat].province, tile.ends):
        return "the tile fits nowhere in your province."
    return None


def carry_out(state: GameState, seat: int, action: Quarry, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, action.pay)
    stacks = list(state.supply.stacks)
    tile = stacks[action.stack][-1]
    stacks[action.stack] = stacks[action.stack][:-1]
    supply = replace(state.supply, stacks=tuple(stacks))
    return replace(state, supply=supply, queue=(Effect("place_tile", tile=tile), *state.queue))
