"""What a game's variants make of the rules, resolved once per configuration (§12).

A seat's province board side decides its Kali statue, its most workers, its palace chambers and its
yield-tile fields; the Ganga tiles laid at setup decide the river's earnings. Rules read these from
the game's `Ruleset`, never from the catalogue, for anything a variant changes.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from .cache import memo
from .catalog import EdgeSpot, Field, catalog
from .model import Effect, Side
from .state import EMPTY, Config, GameState

DANCER = 2


@attrs.frozen(slots=True)
class SeatRules:
    board: str
    places: int  # dice places on the Kali statue
    workers_max: int
    yield_instead: bool  # with no worker left, takes a face-up yield tile instead of a turn
    chambers: Mapping[int, tuple[Effect, ...]]  # every chamber's gain on this seat's board
    fields: tuple[Field, ...]
    edges: Mapping[tuple[int, Side], EdgeSpot]

    @property
    def draws_white(self) -> bool:
        """Whether this seat's Dancer draws a face-down white tile."""
        return any(g.kind == "yield_tile" for g in self.chambers[DANCER])


@attrs.frozen(slots=True)
class Ruleset:
    seats: tuple[SeatRules, ...]
    river: tuple[tuple[Effect, ...], ...]  # earnings per river space, Ganga tiles laid over
    white_face_down: bool  # the white yield tiles lie face down on the temple
    fields: bool  # some seat's board has yield-tile fields: the other tiles lie face up


def ruleset(state: GameState) -> Ruleset:
    return rules_for(state.config, state.river.tiles)


def seat_rules(state: GameState, seat: int) -> SeatRules:
    return rules_for(state.config, state.river.tiles).seats[seat]


def rules_for(config: Config, river_tiles: tuple[int, ...] = ()) -> Ruleset:
    # The same as config.board(seat) for every seat, without a loop: this runs for most rules.
    boards = config.boards or ("base",) * config.players
    return _resolve(boards, river_tiles)


@memo(256)
def _resolve(boards: tuple[str, ...], river_tiles: tuple[int, ...]) -> Ruleset:
    data = catalog()
    seats = tuple(board_rules(board) for board in boards)
    river = list(data.river.gains)
    for space, tile in enumerate(river_tiles):
        if tile != EMPTY:
            river[space] = data.ganga.tiles[tile].gain
    return Ruleset(
        seats=seats,
        river=tuple(river),
        white_face_down=any(s.draws_white for s in seats),
        fields=any(s.fields for s in seats),
    )


@memo(16)
def board_rules(board: str) -> SeatRules:
    """The rules of a seat that plays this board side."""
    data = catalog()
    rules = data.boards[board]
    chambers = {value: chamber.gain for value, chamber in data.chambers.items()}
    chambers.update(rules.chambers)
    return SeatRules(
        board=board,
        places=rules.statue_places,
        workers_max=rules.workers_max,
        yield_instead=rules.yield_instead,
        chambers=chambers,
        fields=data.province.fields(board),
        edges=data.province.edges[board],
    )
