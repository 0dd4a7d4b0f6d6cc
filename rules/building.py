"""What building a tile gives: market money, building fame at the levels the action began with,
edge yields."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import le

from . import tracks
from .actions import Rebuild
from .cache import memo
from .catalog import catalog
from .dice import (
    best_totals,
    minimal_payments,
    paid_total,
    payment_problem,
    payments_of,
    reach,
    shortfall,
)
from .fields import gain_reached_fields
from .model import COLOURS, Die
from .province import (
    code,
    code_rebuild_shapes,
    edge_gains,
    placed_in,
    rebuild_rotations,
    rotated,
)
from .quarry import read_display
from .state import GameState, Placed, replace


def build(state: GameState, seat: int, cell: int, placed: Placed, *, edges: bool) -> GameState:
    """Puts the tile on the cell and carries out its gains in the rules' order (§14).

    Market money first, then building fame at the levels from before this action, then the edge
    yields its road ends reach, then the yield tiles on fields a road reaches now (Navaratnas;
    the Master Builder's tile gains these too, since a field is not an edge yield), all queued
    ahead of anything else so that they come before track bonuses.
    """
    player = state.players[seat]
    tile = catalog().tiles[placed.tile]
    # Read before the player changes: in `apply`'s draft, `player` itself is changed in place.
    levels = scoring_levels(state, seat)
    fame = sum(levels[b] for b in tile.buildings)
    has_fields = bool(player.fields)
    state = state.update_player(seat, province=player.province.with_cell(cell, placed))
    state = tracks.gain_money(state, seat, tile.market_money)
    state = tracks.gain_fame(state, seat, fame)
    if has_fields:
        # Field tiles come after the edge yields: queued first, they end up behind them.
        state = gain_reached_fields(state, seat)
    if edges:
        gains = edge_gains(cell, rotated(tile.ends, placed.rotation), state.config.board(seat))
        if gains:
            state = replace(state, queue=gains + state.queue)
    return state


def scoring_levels(state: GameState, seat: int) -> tuple[int, ...]:
    """The seat's building levels as the action began: an upgrade won in it counts from the
    next action on (docs/rules.md §10, §14)."""
    if seat == state.turn and state.action_levels:
        return state.action_levels
    return state.players[seat].levels


def upgrades_made(levels: tuple[int, ...]) -> int:
    start = catalog().setup.building_level_start
    return sum(level - start for level in levels)


def rebuild_options(
    state: GameState, seat: int, dice: tuple[Die, ...] | None = None, karma: int | None = None
) -> Iterator[Rebuild]:
    """Every Master Builder choice: a tile to cover, a higher display tile and a minimal payment.

    `dice` and `karma` stand in for the player's own when a chamber die is still to be paid.
    """
    player = state.players[seat]
    dice = player.dice if dice is None else dice
    karma = player.karma if karma is None else karma
    tiles = catalog().tiles
    tops = [(i, tiles[stack[-1]]) for i, stack in enumerate(state.supply.stacks) if stack]
    faces, best = reach(dice, karma)
    for cell, placed in player.province.placed():
        if placed.rebuilt:
            continue
        old = tiles[placed.tile]
        for stack, new in tops:
            difference = new.value - old.value
            if difference <= 0 or best[new.colour] < difference:
                continue
            payments = payments_of(faces[new.colour], karma, new.colour, difference)
            if payments and rebuild_rotations(player.province, cell, new.ends):
                yield from (Rebuild(cell, stack, pay) for pay in payments)


def can_rebuild(
    state: GameState, seat: int, dice: tuple[Die, ...] | None = None, karma: int | None = None
) -> bool:
    """Whether the Master Builder has some choice."""
    player = state.players[seat]
    dice = player.dice if dice is None else dice
    karma = player.karma if karma is None else karma
    return covers(cover_needs(state, seat), best_totals(bytes(dice), karma))


def covers(needs: Sequence[int], best: Sequence[int]) -> bool:
    """Whether dice paying up to `best` of each colour reach one of the `cover_needs`."""
    # Per colour, both: `le` called from C, no generator (this runs for every chamber listed).
    return any(map(le, needs, best))


# No payment reaches this: the colour covers nothing.
NO_COVER = 99


def cover_needs(state: GameState, seat: int) -> bytes:
    """Per colour, the least a payment must total for the Master Builder to cover some tile of
    the province with a display top of that colour (NO_COVER: none can be covered).

    Any total reaching a tile's difference holds a minimal payment, so the Master Builder has a
    choice exactly when the dice of some colour can pay its need (`covers`): listings ask that
    for every chamber payment, with the dice each leaves, and work out the needs once."""
    return _cover_needs(code(state.players[seat].province), read_display(state.supply.stacks).ids)


@memo(1024)
def _cover_needs(read: bytes, tops: bytes) -> bytes:
    """Keyed by the province's code (see `province.code`) and the display's top tiles (each + 1,
    0 for none): bytes, which the collector does not track."""
    tiles = catalog().tiles
    needs = [NO_COVER] * len(COLOURS)
    for cell, tile, rebuilt in placed_in(read):
        if rebuilt:
            continue
        value = tiles[tile].value
        shapes = -1  # the road shapes that may cover this tile, read once some top is worth more
        for top in tops:
            if not top:
                continue
            new = tiles[top - 1]
            difference = new.value - value
            if 0 < difference < needs[new.colour]:
                if shapes < 0:
                    shapes = code_rebuild_shapes(read, cell)
                if shapes >> new.ends & 1:
                    needs[new.colour] = difference
    return bytes(needs)


def rebuild_problem(state: GameState, seat: int, action: Rebuild) -> str | None:
    """Why this Master Builder choice is not allowed (None when it is)."""
    player = state.players[seat]
    tiles = catalog().tiles
    if not 0 <= action.cell < len(player.province.cells):
        return "that cell is not on the province board."
    placed = player.province.cells[action.cell]
    if placed is None:
        return "no tile of yours stands there."
    if placed.rebuilt:
        return "that tile already covers another and cannot be covered again."
    if not 0 <= action.stack < len(state.supply.stacks) or not state.supply.stacks[action.stack]:
        return "that display stack is empty."
    new = tiles[state.supply.stacks[action.stack][-1]]
    difference = new.value - tiles[placed.tile].value
    if difference <= 0:
        return "the new tile must be worth more than the one it covers."
    problem = payment_problem(state, seat, action.pay, new.colour)
    if problem:
        return problem
    if paid_total(action.pay) < difference:
        return f"the dice total {paid_total(action.pay)}, the difference is {difference}."
    if not rebuild_rotations(player.province, action.cell, new.ends):
        return "the new tile would cut a tile off from the residence however it is turned."
    return None


def rebuild_tile_problem(state: GameState, seat: int, cell: int, stack: int) -> str | None:
    """Why the Master Builder cannot cover the tile on `cell` with the top tile of `stack` (None
    when some payment lets it)."""
    player = state.players[seat]
    tiles = catalog().tiles
    placed = player.province.cells[cell] if 0 <= cell < len(player.province.cells) else None
    if placed is None:
        return "no tile of yours stands there."
    if placed.rebuilt:
        return "that tile already covers another and cannot be covered again."
    stacks = state.supply.stacks
    if not 0 <= stack < len(stacks) or not stacks[stack]:
        return "that display stack is empty."
    new = tiles[stacks[stack][-1]]
    difference = new.value - tiles[placed.tile].value
    if difference <= 0:
        return "the new tile must be worth more than the one it covers."
    if not minimal_payments(player.dice, player.karma, new.colour, difference):
        return shortfall(player.dice, player.karma, new.colour, difference)
    if not rebuild_rotations(player.province, cell, new.ends):
        return "the new tile would cut a tile off from the residence however it is turned."
    return None
