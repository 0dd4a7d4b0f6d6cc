"""Navaratnas yield tiles: the face-up display, the fields of a province board, and gaining a tile
when a road reaches its field (§8, §11, §12)."""

from __future__ import annotations

from collections.abc import Iterator

from .actions import STACK, Action, Pass, TakeYield
from .catalog import Field, catalog
from .model import Effect
from .province import rotated
from .revealed import Drew, Reshuffled, Reveal, TurnedUp
from .rng import shuffled
from .ruleset import seat_rules
from .state import EMPTY, GameState, Player, Province, Supply, replace, tell


def field_reached(province: Province, field: Field) -> bool:
    """Whether a road end of the tile on the field's cell faces the field."""
    placed = province.cells[field.cell]
    if placed is None:
        return False
    ends = rotated(catalog().tiles[placed.tile].ends, placed.rotation)
    return bool(ends & (1 << field.side))


def gain_reached_fields(state: GameState, seat: int) -> GameState:
    """Gains every tile lying on a field a road reaches and not gained yet, in field order, ahead
    of anything queued."""
    player = state.players[seat]
    fields = seat_rules(state, seat).fields
    gains: tuple[Effect, ...] = ()
    gained, face_down = player.gained, player.face_down
    turned_up: tuple[Reveal, ...] = ()
    for index, field in enumerate(fields):
        tile = player.fields[index]
        bit = 1 << index
        if tile == EMPTY or gained & bit or not field_reached(player.province, field):
            continue
        gained |= bit
        if face_down & bit:
            face_down &= ~bit
            turned_up += (TurnedUp(seat, tile),)
        gains += catalog().yield_tiles[tile].gain
    if gained == player.gained:
        return state
    state = state.update_player(seat, gained=gained, face_down=face_down)
    return tell(replace(state, queue=gains + state.queue), *turned_up)


def lay_tile(state: GameState, seat: int, tile: int, field: int, *, face_down: bool) -> GameState:
    """Lays a yield tile on an empty field of the seat's board, gaining it at once if a road
    already reaches the field."""
    player = state.players[seat]
    fields = list(player.fields)
    fields[field] = tile
    hidden = player.face_down | (1 << field) if face_down else player.face_down
    state = state.update_player(seat, fields=tuple(fields), face_down=hidden)
    return gain_reached_fields(state, seat)


def _field_index(state: GameState, seat: int, cell: int, side: int) -> int | None:
    for index, field in enumerate(seat_rules(state, seat).fields):
        if field.cell == cell and field.side == side:
            return index
    return None


def white_left(supply: Supply) -> bool:
    """Whether a white tile lies face down, on the stack or among its discards to reshuffle: a
    base Dancer draws it, and in a mixed game a seat with fields may take it (§12 [edition])."""
    return bool(supply.yields or supply.yield_discard)


def draw_white(state: GameState, *, onto_field: bool) -> tuple[int, GameState]:
    """Takes the top face-down white yield tile, first reshuffling the discards into a new stack
    when the stack is empty: (the tile, the state without it)."""
    supply, seed = state.supply, state.rng
    stack, discard = supply.yields, supply.yield_discard
    seen: tuple[Reveal, ...] = ()
    if not stack:
        stack, seed = shuffled(seed, discard)
        discard = ()
        seen = (Reshuffled(),)
    tile = stack[-1]
    state = replace(
        state, supply=replace(supply, yields=stack[:-1], yield_discard=discard), rng=seed
    )
    return tile, tell(state, *seen, Drew(tile, onto_field))


def _tile_options(state: GameState) -> Iterator[tuple[str, str]]:
    """(the tile's name in the notation, its colour) of every tile that may be taken."""
    tiles = catalog().yield_tiles
    for tile in state.supply.display:
        yield tiles[tile].name, tiles[tile].colour


def take_options(state: GameState, seat: int) -> list[TakeYield]:
    """Every face-up tile (and the top white one, when white lies face down) with every empty
    field of its colour on the seat's board."""
    player = state.players[seat]
    fields = seat_rules(state, seat).fields
    empty = [f for i, f in enumerate(fields) if player.fields[i] == EMPTY]
    if not empty:
        return []
    choices = list(_tile_options(state))
    if white_left(state.supply):
        choices.append((STACK, "white"))
    return [
        TakeYield(name, field.cell, field.side)
        for name, colour in choices
        for field in empty
        if field.colour == colour
    ]


def yield_choices(state: GameState, seat: int) -> list[Action]:
    """The answers to a yield-tile choice: every take, then a pass. Taking is optional, as the
    printed rules word both a turn with no worker left and the Dancer (§12, §14): a weak tile
    taken now would block a better one of its colour later."""
    return [*take_options(state, seat), Pass()]


def can_take(state: GameState, seat: int) -> bool:
    return bool(take_options(state, seat))


def take_problem(state: GameState, seat: int, action: TakeYield) -> str | None:
    """Why this yield tile cannot be taken and laid so (None when it can)."""
    index = _field_index(state, seat, action.cell, action.side)
    if index is None:
        return "there is no yield-tile field there on your board."
    field = seat_rules(state, seat).fields[index]
    if state.players[seat].fields[index] != EMPTY:
        return "a yield tile lies on that field already."
    if action.tile == STACK:
        if not white_left(state.supply):
            return "no white yield tile lies face down to be taken."
        colour = "white"
    else:
        tile = catalog().yield_tile(action.tile)
        if tile is None or tile.id not in state.supply.display:
            return f"no yield tile {action.tile} lies face up on the board."
        colour = tile.colour
    if colour != field.colour:
        return f"a {colour} tile goes on a {colour} field, and that field is {field.colour}."
    return None


def take(state: GameState, seat: int, action: TakeYield) -> GameState:
    """Takes the tile and lays it face up on its field."""
    index = _field_index(state, seat, action.cell, action.side)
    assert index is not None
    if action.tile == STACK:
        tile, state = draw_white(state, onto_field=True)
    else:
        found = catalog().yield_tile(action.tile)
        assert found is not None
        tile = found.id
        display = list(state.supply.display)
        display.remove(tile)
        state = replace(state, supply=replace(state.supply, display=tuple(display)))
    return lay_tile(state, seat, tile, index, face_down=False)


def take_unseen(state: GameState, seat: int, action: TakeYield) -> tuple[GameState, Effect | None]:
    """Taking the top face-down white tile, as far as the seat may know it before: the state
    without the choice and with the tile still on its stack, and, when a road already reaches
    the field, the hidden gain to name (the tile is gained at once, whatever it is)."""
    index = _field_index(state, seat, action.cell, action.side)
    assert index is not None
    state = replace(state, queue=state.queue[1:])
    field = seat_rules(state, seat).fields[index]
    reached = field_reached(state.players[seat].province, field)
    return state, Effect("yield_tile") if reached else None


# Brown tiles: what each counts when it is gained ---------------------------------------------


def tiles_with_markets(player: Player) -> int:
    tiles = catalog().tiles
    return sum(1 for _, placed in player.province.placed() if tiles[placed.tile].markets)


def buildings(player: Player) -> int:
    tiles = catalog().tiles
    return sum(len(tiles[placed.tile].buildings) for _, placed in player.province.placed())


def bends(player: Player) -> int:
    tiles = catalog().tiles
    return sum(1 for _, placed in player.province.placed() if tiles[placed.tile].road == "bend")


def connected_yield_tiles(player: Player) -> int:
    """Yield tiles on fields a road has reached (gained), the tile being scored among them."""
    return bin(player.gained).count("1")
