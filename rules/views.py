"""The game as one seat may see it (§12: what the edition keeps face down)."""

from __future__ import annotations

from .state import EMPTY, UNSEEN, GameState, replace


def seat_view(state: GameState, seat: int | None) -> GameState:
    """`state` with what `seat` may not see taken out: the other seats' face-down yield tiles
    become UNSEEN, and the order of the face-down white stack is not told (sorted). Nor is the
    generator: its state would tell every roll to come, and the seed, set up again, every tile
    where it lies; a view holds stand-ins, so actions tried on it roll other dice. With seat
    None, the view of an onlooker who sees no seat's hidden tiles."""
    players = list(state.players)
    for other, player in enumerate(players):
        if other == seat or not player.face_down:
            continue
        fields = tuple(
            UNSEEN if player.face_down & (1 << i) and tile != EMPTY else tile
            for i, tile in enumerate(player.fields)
        )
        players[other] = replace(player, fields=fields)
    supply = replace(state.supply, yields=tuple(sorted(state.supply.yields)))
    config = replace(state.config, seed=UNSEEN_SEED)
    return replace(state, config=config, rng=UNSEEN_SEED, players=tuple(players), supply=supply)


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
