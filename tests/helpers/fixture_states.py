"""Helpers shared by the rules tests: fixture states built from real new games.

Fixtures change a new game with `rules.state.replace` and keep it whole: dice given to a player
come out of the supply, tiles put on a province come out of the display, so the invariants of
`rules.invariants` still hold and the fixture is a state the engine can play on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import rules
from rules import invariants
from rules.actions import Action
from rules.catalog import TileSpec, catalog
from rules.model import Colour, Die, Good, Side
from rules.state import FREE, Config, GameState, Placed, replace

ROUND_LIMIT = 200


def new(players: int = 2, seed: int = 1) -> GameState:
    return rules.new_game(Config(players=players, seed=seed))


def dice(*texts: str) -> tuple[Die, ...]:
    return tuple(sorted(Die.parse(t) for t in texts))


def act(text: str) -> Action:
    return rules.parse_action(text)


def texts(state: GameState) -> set[str]:
    """The notation of every legal action."""
    return {str(a) for a in rules.legal_actions(state)}


def run(state: GameState, *actions: str) -> GameState:
    """Applies actions given in notation, checking the invariants after each one."""
    for text in actions:
        after = rules.apply(state, rules.parse_action(text))
        assert invariants.problems(after, state) == [], text
        state = after
    return state


def with_player(
    state: GameState, seat: int, *, hand: Iterable[str] | None = None, **changes: Any
) -> GameState:
    """Changes a player's record; `hand` replaces the dice on the statue (taken from and given
    back to the supply, so the 48 dice stay 48)."""
    player = state.players[seat]
    supply = list(state.supply.dice)
    if hand is not None:
        new_dice = dice(*hand)
        for d in player.dice:
            supply[d.colour] += 1
        for d in new_dice:
            supply[d.colour] -= 1
        assert min(supply) >= 0, "the supply cannot give these dice"
        changes["dice"] = new_dice
    state = state.update_player(seat, **changes)
    return replace(state, supply=replace(state.supply, dice=tuple(supply)))


def tile(colour: Colour, value: int, road: str) -> TileSpec:
    """The first tile of this colour, value and road shape (§9)."""
    return next(
        t for t in catalog().tiles if t.colour == colour and t.value == value and t.road == road
    )


def _stack_of(state: GameState, tile_id: int) -> int:
    return next(i for i, stack in enumerate(state.supply.stacks) if tile_id in stack)


def on_top(state: GameState, tile_id: int) -> tuple[GameState, int]:
    """Moves a tile to the top of its display stack; returns the state and the stack index."""
    index = _stack_of(state, tile_id)
    stacks = list(state.supply.stacks)
    stack = [t for t in stacks[index] if t != tile_id]
    stacks[index] = (*stack, tile_id)
    return replace(state, supply=replace(state.supply, stacks=tuple(stacks))), index


def with_tiles(
    state: GameState, seat: int, cells: Mapping[int, tuple[int, int] | Placed]
) -> GameState:
    """Puts tiles (taken out of the display) on a province: cell -> (tile id, rotation)."""
    stacks = [list(s) for s in state.supply.stacks]
    province = state.players[seat].province
    for cell, spec in cells.items():
        placed = spec if isinstance(spec, Placed) else Placed(spec[0], spec[1])
        stacks[_stack_of(state, placed.tile)].remove(placed.tile)
        province = province.with_cell(cell, placed)
    state = replace(state, supply=replace(state.supply, stacks=tuple(tuple(s) for s in stacks)))
    return state.update_player(seat, province=province)


def turn_to(state: GameState, seat: int, start: int | None = None) -> GameState:
    """Gives the turn to `seat` (and makes it the start player unless `start` says otherwise)."""
    return replace(state, turn=seat, start_player=seat if start is None else start)


def neutral(state: GameState, seat: int) -> GameState:
    """Marks every track bonus of a seat as taken, so gains in a test trigger no bonus."""
    tracks = catalog().tracks
    return with_player(
        state,
        seat,
        fame_bonus_next=len(tracks.fame_bonus),
        money_bonus_next=len(tracks.money_bonus),
        money_workers_taken=len(tracks.money_worker),
    )


def cell(name: str) -> int:
    """A province cell from its name: a1 is top left, e4 bottom right."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def margin_by_edition(fame: int, money: int) -> int:
    """docs/rules.md §5 written out independently of the engine: c(m) = m up to 50, then
    50 + ceil((m - 50) / 2); the margin is fame - (86 - c(money))."""
    money_cell = money if money <= 50 else 50 + (money - 50 + 1) // 2
    return fame - (86 - money_cell)


def ends(tile_id: int, rotation: int) -> set[Side]:
    """Road ends of a tile turned `rotation` quarter turns clockwise (N -> E -> S -> W)."""
    mask = catalog().tiles[tile_id].ends
    return {Side((side + rotation) % 4) for side in Side if mask & (1 << side)}


def facing(tile_id: int, side: Side) -> int:
    """A rotation that gives the tile a road end on `side`."""
    return next(r for r in range(4) if side in ends(tile_id, r))


def market_tiles(state: GameState, seat: int, markets: list[tuple[Good, int]]) -> GameState:
    """Builds up to three tiles whose markets are the ones asked for, one market tile each, at
    b1, d1 and c2 in that order, each joined to the residence by its roads."""
    spots = [(cell("b1"), {Side.E}), (cell("d1"), {Side.W}), (cell("c2"), {Side.N})]
    assert len(markets) <= len(spots)
    used: set[int] = set()
    placed: dict[int, tuple[int, int]] = {}
    for (good, money), (at, needs) in zip(markets, spots, strict=False):
        spec, rotation = next(
            (t, r)
            for t in catalog().tiles
            for r in range(4)
            if t.markets == ((good, money),)
            and t.id not in used
            and any(t.id in s for s in state.supply.stacks)
            and needs <= ends(t.id, r)
        )
        used.add(spec.id)
        placed[at] = (spec.id, rotation)
    return with_tiles(state, seat, placed)


def clear_board(state: GameState) -> GameState:
    """Takes every worker off the board (covered spaces stay covered), as at a round's end."""
    spaces = tuple(FREE if s >= 0 else s for s in state.spaces)
    players = tuple(replace(p, placed=0, passed=False) for p in state.players)
    return replace(state, spaces=spaces, players=players)


def only_on_display(state: GameState, *tile_ids: int) -> GameState:
    """A display holding only these tiles (each in its own stack); every other tile that is still
    in a stack is put out of the game, so the 64 tiles stay accounted for."""
    stacks = [tuple(t for t in stack if t in tile_ids) for stack in state.supply.stacks]
    gone = tuple(t for stack in state.supply.stacks for t in stack if t not in tile_ids)
    supply = replace(
        state.supply, stacks=tuple(stacks), out_of_game=state.supply.out_of_game + gone
    )
    return replace(state, supply=supply)


# Variants ---------------------------------------------------------------------------------------


def variant(
    players: int = 2, seed: int = 1, boards: Iterable[str] = (), *, ganga: bool = False
) -> GameState:
    """A new game with these province board sides (one per seat; none: all base) and, with
    `ganga`, the Ganga module's river tiles."""
    return rules.new_game(Config(players=players, seed=seed, boards=tuple(boards), ganga=ganga))


def lay_river(
    state: GameState, at: Mapping[int, int], spare: Iterable[int] = range(22, 0, -1)
) -> GameState:
    """Lays Ganga tiles on chosen river spaces (tile id -> space); every other tile goes on the
    first `spare` spaces left, so the 8 tiles stay on 8 spaces of 1..22."""
    tiles = [rules.EMPTY] * len(state.river.tiles)
    for tile_id, space in at.items():
        tiles[space] = tile_id
    free = (s for s in spare if s not in at.values())
    for tile_id in range(len(catalog().ganga.tiles)):
        if tile_id not in at:
            tiles[next(free)] = tile_id
    return replace(state, river=replace(state.river, tiles=tuple(tiles)))


def boats(state: GameState, *at: int) -> GameState:
    return replace(state, river=replace(state.river, boats=at))


def nothing_to_do() -> GameState:
    """Four players. Seat 0 has no money and no dice; seats 1, 2 and 3 hold every space a
    worker could use for free: no placement is legal for seat 0."""
    state = turn_to(new(4, seed=3), 0)
    side = catalog().side_for(4)
    free = [s.index for s in side.spaces if s.area in ("variety", "terrace", "outer")]
    spaces = list(state.spaces)
    placed = [0, 0, 0, 0]
    for i, index in enumerate(free):
        seat = 1 + i % 3
        spaces[index] = seat
        placed[seat] += 1
    state = replace(state, spaces=tuple(spaces))
    for seat in (1, 2, 3):
        state = with_player(state, seat, placed=placed[seat], workers=5)
    return with_player(state, 0, hand=[], money=0)
