"""Serving a search honestly: a game as one seat may believe it to be, and what a game is worth to
each seat.

The generator lives in the state, so a search that calls `apply` on the real state would see the
rolls and draws to come. `determinize` starts from what the seat may see (`seat_view`) and fills
in everything hidden from it at random: a search over many such states plays against the
uncertainty a player really faces, and can never learn more than the seat knows.
"""

from __future__ import annotations

from collections import defaultdict

from .catalog import catalog
from .rng import next_u64, seed_state, shuffled
from .rounds import ranking
from .ruleset import seat_rules
from .state import EMPTY, UNSEEN, GameState, Player, replace
from .views import seat_view


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    """A game equal to `state` in everything `seat` may see, with everything hidden from it drawn
    at random from `seed`: the display stacks below their tops, the order of the face-down white
    stack, the other seats' face-down yield tiles, and the generator (so every roll and reshuffle
    to come). Made from `seat_view(state, seat)` alone: two states the seat cannot tell apart give
    the same results for the same seed."""
    view = seat_view(state, seat)
    rng = seed_state(seed)
    stacks = []
    for stack in view.supply.stacks:
        below, rng = shuffled(rng, stack[:-1])
        stacks.append((*below, *stack[-1:]))
    yields, rng = shuffled(rng, view.supply.yields)
    players, rng = _face_down_tiles(view, seat, rng)
    supply = replace(view.supply, stacks=tuple(stacks), yields=yields)
    _, rng = next_u64(rng)  # the game's new generator starts past the draws made here
    return replace(view, players=players, supply=supply, rng=rng)


def _face_down_tiles(view: GameState, seat: int, rng: int) -> tuple[tuple[Player, ...], int]:
    """The other seats' unseen face-down tiles, each drawn from the tiles of its field's colour
    that the seat sees nowhere (§12: they were drawn from those at setup)."""
    unseen: dict[str, list[tuple[int, int]]] = defaultdict(list)  # colour -> (seat, field)
    for other, player in enumerate(view.players):
        specs = seat_rules(view, other).fields
        for index, tile in enumerate(player.fields):
            if tile == UNSEEN:
                unseen[specs[index].colour].append((other, index))
    if not unseen:
        return view.players, rng
    seen = _seen_tiles(view)
    drawn: dict[tuple[int, int], int] = {}
    for colour in sorted(unseen):
        slots = unseen[colour]
        pool = [t.id for t in catalog().yield_tiles if t.colour == colour and t.id not in seen]
        if len(pool) < len(slots):
            raise ValueError(f"too few {colour} yield tiles unseen for the face-down fields")
        pool_order, rng = shuffled(rng, pool)
        drawn.update(zip(slots, pool_order[: len(slots)], strict=True))
    players = list(view.players)
    for other, player in enumerate(players):
        fields = tuple(drawn.get((other, i), tile) for i, tile in enumerate(player.fields))
        if fields != player.fields:
            players[other] = replace(player, fields=fields)
    return tuple(players), rng


def _seen_tiles(view: GameState) -> set[int]:
    supply = view.supply
    seen = {*supply.yields, *supply.yield_discard, *supply.display}
    for player in view.players:
        seen.update(t for t in player.fields if t not in (EMPTY, UNSEEN))
    return seen


# How much a margin point adds to a result: small enough that no margin outweighs a win.
MARGIN_SCALE = 100.0
MARGIN_SHARE = 0.1


def returns(state: GameState) -> tuple[float, ...]:
    """Per seat, what the game is worth to it as it stands (ranked as if it ended now): 1 for the
    winner and 0 for the rest, plus the seat's margin as a tie-break worth at most ±0.1, so that
    a search prefers winning by more and losing by less but never trades a win for margin."""
    values = [0.0] * state.config.players
    for standing in ranking(state):
        bounded = max(-MARGIN_SCALE, min(MARGIN_SCALE, standing.margin)) / MARGIN_SCALE
        values[standing.seat] = (1.0 if standing.place == 1 else 0.0) + MARGIN_SHARE * bounded
    return tuple(values)
