"""The quarry: buy the top tile of a display stack with dice of its colour and build it (§6)."""

from __future__ import annotations

from typing import NamedTuple

from .actions import Quarry
from .area import action_id, actions_of
from .cache import memo
from .catalog import SpaceSpec, catalog
from .dice import (
    FACES,
    best_totals,
    give_up,
    minimal_payments,
    paid_total,
    payment_ids,
    payment_of,
    payment_problem,
    read_statue,
    shortfall,
)
from .model import Effect
from .province import fitting_ends, placements
from .revealed import Shows
from .state import GameState, replace, tell


def listing(state: GameState, seat: int, spec: SpaceSpec, _: object) -> list[Quarry]:
    """Every purchase: a top tile that fits the province, with each minimal payment.

    Nothing is cached per whole state (such a cache rarely hits and holds many records); the
    payments are cached on what they alone depend on (ints), and which road shapes fit the
    province is asked once for all the display's tiles."""
    player = state.players[seat]
    karma = player.karma
    statue = bytes(player.dice)
    best = best_totals(statue, karma)
    fits = fitting_ends(player.province)
    facts = read_statue(statue)
    ids: list[int] = []
    for index, colour, price, ends in read_display(state.supply.stacks).tops:
        if price <= best[colour] and fits >> ends & 1:
            ids += _purchases(spec.key, index, facts[FACES + colour], karma, colour, price)
    return actions_of(ids)


class Display(NamedTuple):
    """The display's top tiles as plain ints."""

    # Per stack: its top tile + 1, or 0 when it is empty (bytes, for caches to be keyed by).
    ids: bytes
    tops: tuple[tuple[int, int, int, int], ...]  # per top: its stack, colour, price, road ends


@memo(64)
def read_display(stacks: tuple[tuple[int, ...], ...]) -> Display:
    """The display's top tiles: the display changes a few times a round, and every listing
    with the quarry open reads it."""
    tiles = catalog().tiles
    ids = [stack[-1] if stack else -1 for stack in stacks]
    tops = tuple(
        (index, int(tiles[top].colour), tiles[top].value, tiles[top].ends)
        for index, top in enumerate(ids)
        if top >= 0
    )
    return Display(bytes([top + 1 for top in ids]), tops)


@memo(4096)
def _purchases(
    key: str, stack: int, faces: bytes, karma: int, colour: int, price: int
) -> tuple[int, ...]:
    """Keyed and valued by ints, which the collector need not walk and which hash in C."""
    return tuple(
        _quarry(key, stack, payment) for payment in payment_ids(faces, karma, colour, price)
    )


@memo()
def _quarry(key: str, stack: int, payment: int) -> int:
    """The action id of a purchase (`payment` is a payment id), its record made once."""
    return action_id(Quarry(key, stack, payment_of(payment)))


def why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    """Why no purchase is possible at an open quarry space the player can pay for."""
    if not any(state.supply.stacks):
        return "the display is empty."
    return "no display tile can be paid for with your dice and placed in your province."


def tile_problem(state: GameState, seat: int, stack: int) -> str | None:
    """Why the top tile of `stack` cannot be bought at the quarry now (None when it can)."""
    stacks = state.supply.stacks
    if not 0 <= stack < len(stacks) or not stacks[stack]:
        return "that display stack is empty."
    tile = catalog().tiles[stacks[stack][-1]]
    player = state.players[seat]
    if not minimal_payments(player.dice, player.karma, tile.colour, tile.value):
        return shortfall(player.dice, player.karma, tile.colour, tile.value)
    if not placements(player.province, tile.ends):
        return "the tile fits nowhere in your province."
    return None


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
    tile, state = take_top_tile(give_up(state, seat, action.pay), action.stack)
    return replace(state, queue=(Effect("place_tile", tile=tile), *state.queue))


def take_top_tile(state: GameState, stack: int) -> tuple[int, GameState]:
    """Takes the top tile of a display stack, which turns up the tile below it: (the tile,
    the state without it)."""
    stacks = list(state.supply.stacks)
    tile = stacks[stack][-1]
    stacks[stack] = stacks[stack][:-1]
    state = replace(state, supply=replace(state.supply, stacks=tuple(stacks)))
    return tile, tell(state, Shows(stack, stacks[stack][-1])) if stacks[stack] else state
