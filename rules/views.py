"""The game as one seat may see it (§12: what the edition keeps face down)."""

from __future__ import annotations

from .state import EMPTY, UNSEEN, GameState, replace


def seat_view(state: GameState, seat: int | None) -> GameState:
    """`state` with what `seat` may not see taken out: the other seats' face-down yield tiles
    become UNSEEN; the order of the face-down white stack is not told (sorted), nor that of the
    display's tiles below each stack's top (§1); nor is the generator, whose state would tell
    every roll to come and whose seed, set up again, every tile where it lies (a view holds
    stand-ins, so actions tried on it roll other dice). With seat None, the view of an onlooker
    who sees no seat's hidden tiles."""
    players = list(state.players)
    for other, player in enumerate(players):
        if other == seat or not player.face_down:
            continue
        fields = tuple(
            UNSEEN if player.face_down & (1 << i) and tile != EMPTY else tile
            for i, tile in enumerate(player.fields)
        )
        players[other] = replace(player, fields=fields)
    supply = replace(
        state.supply,
        yields=tuple(sorted(state.supply.yields)),
        stacks=tuple(_top_only(stack) for stack in state.supply.stacks),
    )
    config = replace(state.config, seed=UNSEEN_SEED)
    return replace(state, config=config, rng=UNSEEN_SEED, players=tuple(players), supply=supply)


def _top_only(stack: tuple[int, ...]) -> tuple[int, ...]:
    """A display stack with the tiles below its top in id order, the top (last) in place."""
    return (*sorted(stack[:-1]), stack[-1]) if stack else stack


# What a view holds for the game's seed and its generator's state: the same in every view.
UNSEEN_SEED = 0


def hidden_from(state: GameState, seat: int | None) -> frozenset[int]:
    """The yield tiles `seat` may not see where they lie."""
    hidden = set(state.supply.yields)
    for other, player in enumerate(state.players):
        if other != seat:
            hidden.update(
                tile for i, tile in enumerate(player.fields) if player.face_down & (1 << i)
            )
    return frozenset(hidden)
