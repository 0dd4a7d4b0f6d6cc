"""The province board (docs/rules.md §8): placement, rotation, edge yields, tile gains (§6, §14)."""

from __future__ import annotations

from collections import deque

import pytest

import rules
from rules.actions import Place, Quarry, Take, Upgrade
from rules.catalog import TileSpec, catalog
from rules.model import Colour, Side
from rules.state import GameState
from tests.helpers.fixture_states import (
    act,
    cell,
    neutral,
    new,
    on_top,
    run,
    texts,
    tile,
    turn_to,
    with_player,
    with_tiles,
)

ORANGE, GREEN, BLUE, PURPLE = Colour
ROWS, COLUMNS = 4, 5
RESIDENCE = cell("c1")

# docs/rules.md §8, base side, written out: (cell, side) -> (fame, money, karma, dice, upgrades).
_FAME2, _FAME3 = (2, 0, 0, 0, 0), (3, 0, 0, 0, 0)
_MONEY3, _MONEY5 = (0, 3, 0, 0, 0), (0, 5, 0, 0, 0)
_KARMA, _DIE, _UPGRADE = (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1)
EDGE_YIELDS: dict[tuple[int, Side], tuple[int, int, int, int, int]] = {
    (cell("a1"), Side.N): _DIE,
    (cell("e1"), Side.N): _DIE,
    **{(cell(f"a{r + 1}"), Side.W): y for r, y in enumerate([_FAME2, _UPGRADE, _MONEY3, _MONEY5])},
    **{(cell(f"e{r + 1}"), Side.E): y for r, y in enumerate([_FAME2, _UPGRADE, _MONEY3, _MONEY5])},
    **{
        (cell(f"{c}4"), Side.S): y
        for c, y in zip("abcde", [_DIE, _FAME3, _KARMA, _FAME3, _DIE], strict=True)
    },
}

_STEP = {Side.N: -COLUMNS, Side.S: COLUMNS, Side.E: 1, Side.W: -1}


def _ends(spec: TileSpec, rotation: int) -> set[Side]:
    """Road ends of a tile turned `rotation` quarter turns clockwise (N -> E -> S -> W)."""
    return {Side((side + rotation) % 4) for side in Side if spec.ends & (1 << side)}


def _neighbour(at: int, side: Side) -> int | None:
    row, column = divmod(at, COLUMNS)
    if (side == Side.N and row == 0) or (side == Side.S and row == ROWS - 1):
        return None
    if (side == Side.W and column == 0) or (side == Side.E and column == COLUMNS - 1):
        return None
    return at + _STEP[side]


def _route(target: int) -> list[tuple[int, Side, Side]]:
    """Cells from the residence towards `target` (excluded): (cell, side in, side out)."""
    previous: dict[int, tuple[int, Side]] = {}
    queue = deque([RESIDENCE])
    while queue:
        at = queue.popleft()
        for side in Side:
            nxt = _neighbour(at, side)
            if nxt is None or nxt in previous or nxt == RESIDENCE:
                continue
            if at == RESIDENCE and side == Side.N:
                continue
            previous[nxt] = (at, side)
            queue.append(nxt)
    path: list[tuple[int, Side]] = []  # (cell, side it is left by towards the target)
    at = target
    while at != RESIDENCE:
        before, side = previous[at]
        path.append((before, side))
        at = before
    path.reverse()
    route = []
    for i in range(1, len(path)):
        at, out = path[i]
        route.append((at, path[i - 1][1].opposite, out))
    return route


def _road_to(state: GameState, seat: int, target: int) -> GameState:
    """Builds T-junctions from the residence to a neighbour of `target` whose road points at it."""
    t_tiles = [t.id for t in catalog().tiles if t.road == "T" and t.colour in (GREEN, BLUE, PURPLE)]
    placed = {}
    for (at, side_in, side_out), tile_id in zip(_route(target), t_tiles, strict=False):
        spec = catalog().tiles[tile_id]
        rotation = next(r for r in range(4) if {side_in, side_out} <= _ends(spec, r))
        placed[at] = (tile_id, rotation)
    return with_tiles(state, seat, placed)


def _resolve(state: GameState) -> tuple[GameState, int, int]:
    """Answers every pending choice (first die colour, first building row); counts them."""
    dice_taken = upgrades = 0
    while state.queue:
        choice = rules.legal_actions(state)[0]
        if isinstance(choice, Take):
            dice_taken += len(choice.colours)
        elif isinstance(choice, Upgrade):
            upgrades += 1
        state = rules.apply(state, choice)
    return state, dice_taken, upgrades


def _buy(state: GameState, spec: TileSpec, hand: list[str]) -> GameState:
    state, stack = on_top(state, spec.id)
    paid = " ".join(d for d in hand if d[0] == spec.colour.letter)
    space = next(a.space for a in rules.legal_actions(state) if isinstance(a, Quarry))
    return rules.apply(state, act(f"quarry {space} d{stack + 1} {paid}"))


def test_section8_example_t_junction_in_the_bottom_left_cell() -> None:
    # §8: a T in a4 with ends W, S, E, connected through its east end, gains left row 3
    # (+5 money) and bottom column 0 (one die, a colour the player picks).
    straight = [t.id for t in catalog().tiles if t.road == "straight" and t.colour == GREEN]
    bend = next(t.id for t in catalog().tiles if t.road == "bend" and t.colour == GREEN)
    state = turn_to(new(2, seed=2), 0)
    state = with_tiles(
        state,
        0,
        {
            cell("c2"): (straight[0], 0),  # N, S
            cell("c3"): (straight[1], 0),  # N, S
            cell("c4"): (bend, 3),  # W, N
            cell("b4"): (straight[2], 1),  # E, W
        },
    )
    t_tile = tile(ORANGE, 6, "T")  # a fort, no market
    state = neutral(with_player(state, 0, hand=["o6", "g1"], money=3, karma=0, fame=0), 0)
    bought = _buy(state, t_tile, ["o6"])
    assert "place a4 r0" in texts(bought)
    placed = rules.apply(bought, act("place a4 r0"))
    # The die's colour is the player's choice: every colour is offered.
    assert {str(a) for a in rules.legal_actions(placed)} == {
        "take o",
        "take g",
        "take b",
        "take p",
    }
    done = run(placed, "take b")
    player = done.players[0]
    assert player.money == 3 - 1 + 5
    assert player.fame == 2  # the fort at level 2
    assert sorted(d.colour for d in player.dice) == [GREEN, BLUE]  # g1 kept, a blue die taken
    assert player.karma == 0  # the bottom column 2 karma is not reached


BORDERLESS = [c for c in range(ROWS * COLUMNS) if c != RESIDENCE]


@pytest.mark.parametrize("target", BORDERLESS, ids=lambda c: "abcde"[c % 5] + str(c // 5 + 1))
def test_edge_yields_of_every_cell_in_every_rotation(target: int) -> None:
    state = turn_to(new(2, seed=4), 0)
    state = _road_to(state, 0, target)
    spec = tile(ORANGE, 10, "T")  # mill, temple and a tea market worth 3
    hand = ["o6", "o4"]
    state = neutral(with_player(state, 0, hand=hand, money=10, karma=0, fame=0), 0)
    bought = _buy(state, spec, hand)
    rotations = [a.rotation for a in rules.legal_actions(bought) if a.cell == target]  # type: ignore[union-attr]
    assert rotations, "the road built leads to the target"
    for rotation in rotations:
        placed = rules.apply(bought, Place(target, rotation))
        done, dice_taken, upgrades = _resolve(placed)
        expected = [0, 0, 0, 0, 0]
        for side in _ends(spec, rotation):
            for i, v in enumerate(EDGE_YIELDS.get((target, side), (0, 0, 0, 0, 0))):
                expected[i] += v
        before, after = bought.players[0], done.players[0]
        building_fame = 2 * len(spec.buildings)
        assert after.fame - before.fame == building_fame + expected[0], rotation
        assert after.money - before.money == spec.market_money + expected[1], rotation
        assert after.karma - before.karma == expected[2], rotation
        assert dice_taken == expected[3], rotation
        assert upgrades == expected[4] == sum(after.levels) - sum(before.levels), rotation


def test_rotation_turns_tiles_clockwise() -> None:
    # A bend has ends N and E; turned once clockwise E and S, twice S and W, thrice W and N.
    state = turn_to(new(2, seed=1), 0)
    spec = tile(ORANGE, 4, "bend")
    hand = ["o4"]
    state = with_player(state, 0, hand=hand, money=5)
    bought = _buy(state, spec, hand)
    places = {(a.cell, a.rotation) for a in rules.legal_actions(bought) if isinstance(a, Place)}
    # d1 lies east of the residence, whose road leaves it to the east: the bend needs a W end.
    assert {r for c, r in places if c == cell("d1")} == {2, 3}
    # b1 lies west of it: the bend needs an E end.
    assert {r for c, r in places if c == cell("b1")} == {0, 1}
    # c2 lies south of it: the bend needs an N end.
    assert {r for c, r in places if c == cell("c2")} == {0, 3}


def test_a_tile_may_block_a_neighbours_road() -> None:
    # b1 (a T, ends W S E) points south at b2; a tile in b2 joined to c2 only blocks that road.
    t_tiles = [t.id for t in catalog().tiles if t.road == "T" and t.colour == GREEN]
    state = turn_to(new(2, seed=1), 0)
    state = with_tiles(state, 0, {cell("b1"): (t_tiles[0], 0), cell("c2"): (t_tiles[1], 0)})
    spec = tile(ORANGE, 4, "straight")
    state = with_player(state, 0, hand=["o4"], money=5)
    bought = _buy(state, spec, ["o4"])
    # Straight turned once: ends E and W. In b2 its E end meets c2's W end; its N side blocks b1.
    assert "place b2 r1" in texts(bought)
    after = rules.apply(bought, act("place b2 r1"))
    assert after.players[0].province.cells[cell("b2")] is not None


def test_market_money_and_building_fame_at_the_levels_of_the_row() -> None:
    spec = tile(ORANGE, 10, "T")  # buildings mill and temple, a tea market worth 3
    assert spec.buildings == (3, 0) and spec.market_money == 3
    state = turn_to(new(2, seed=1), 0)
    state = neutral(with_player(state, 0, hand=["o6", "o4"], money=5, levels=(4, 2, 3, 3)), 0)
    bought = _buy(state, spec, ["o6", "o4"])
    done = rules.apply(bought, act("place c2 r1"))
    # temple level 4 + mill level 3 = 7 fame; the market gives its 3 money.
    assert done.players[0].fame == 7
    assert done.players[0].money == 5 - 1 + 3


def test_an_upgrade_gained_with_a_tile_counts_only_for_later_buildings() -> None:
    # a2's left side holds an upgrade. The fort on the tile scores at the level from before.
    state = turn_to(new(2, seed=6), 0)
    state = _road_to(state, 0, cell("a2"))
    fort = tile(ORANGE, 6, "T")  # a fort (building slot 2 of orange)
    state = neutral(with_player(state, 0, hand=["o6"], money=5, fame=0), 0)
    bought = _buy(state, fort, ["o6"])
    rotation = next(
        a.rotation
        for a in rules.legal_actions(bought)
        if isinstance(a, Place) and a.cell == cell("a2") and Side.W in _ends(fort, a.rotation)
    )
    placed = rules.apply(bought, Place(cell("a2"), rotation))
    assert placed.players[0].fame == 2
    upgraded = run(placed, "upgrade fort")
    assert upgraded.players[0].levels[2] == 3
    assert upgraded.players[0].fame == 2  # nothing retroactive
    # The next fort built scores at the new level.
    green_fort = tile(GREEN, 5, "bend")
    assert catalog().tiles[green_fort.id].buildings == (2,)
    later = with_player(turn_to(upgraded, 0), 0, hand=["g5"])
    bought = _buy(later, green_fort, ["g5"])
    done = rules.apply(bought, rules.legal_actions(bought)[0])
    done, _, _ = _resolve(done)
    assert done.players[0].fame >= 2 + 3
