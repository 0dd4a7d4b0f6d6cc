"""The quarry (docs/rules.md §6 Quarry, §3 fill order): buying and building province tiles."""

from __future__ import annotations

import pytest

import rules
from rules.actions import Place, Quarry
from rules.catalog import catalog
from rules.model import Colour
from rules.state import COVERED, GameState, replace
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


def _orange_nine(hand: list[str], karma: int = 0) -> tuple[GameState, int]:
    """Seat 0 to act with `hand`, the orange 9 T-tile on top of its stack."""
    state = new(2, seed=1)
    state, stack = on_top(state, tile(ORANGE, 9, "T").id)
    state = with_player(state, 0, hand=hand, karma=karma, money=3)
    return turn_to(state, 0), stack


@pytest.mark.parametrize("hand", [["o4", "o5"], ["o6", "o3"]])
def test_seed_example_two_orange_dice_buy_the_orange_nine(hand: list[str]) -> None:
    # 000: "Rajesh sent one of his workers into the quarry and paid one money. Then he decided to
    # add some orange dice to the supply, a total of two ... the tile with the orange 9".
    state, stack = _orange_nine([*hand, "g2"])
    action = f"quarry q1 d{stack + 1} {' '.join(sorted(hand))}"
    assert action in texts(state)
    supply_before = state.supply.dice
    after = run(state, action)
    player = after.players[0]
    assert player.money == 3 - 1  # q1 costs 1
    assert [str(d) for d in player.dice] == ["g2"]  # both orange dice given up
    assert after.supply.dice[ORANGE] == supply_before[ORANGE] + 2
    assert after.queue[0].kind == "place_tile" and after.queue[0].tile == tile(ORANGE, 9, "T").id
    assert after.supply.stacks[stack][-1:] != (tile(ORANGE, 9, "T").id,)  # taken from the display
    built = run(after, "place b1 r0")
    # The tile (temple and palace) is built; two buildings at level 2 give 4 fame (§6, §10).
    assert built.players[0].province.cells[cell("b1")] is not None
    assert built.players[0].fame == 4


@pytest.mark.parametrize("hand", [["o5", "g6", "b6", "p6"], ["o4", "o3", "g6"], ["o6", "g3", "p6"]])
def test_seed_example_one_orange_die_short_is_refused(hand: list[str]) -> None:
    state, stack = _orange_nine(hand)
    orange = [d for d in hand if d.startswith("o")]
    assert not any(isinstance(a, Quarry) and a.stack == stack for a in rules.legal_actions(state))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act(f"quarry q1 d{stack + 1} {' '.join(orange)}"))
    # Dice of another colour do not pay for an orange tile.
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act(f"quarry q1 d{stack + 1} {' '.join(hand)}"))


def test_overpaying_is_allowed_without_change() -> None:
    state, stack = _orange_nine(["o4", "o5", "o6"])
    after = rules.apply(state, act(f"quarry q1 d{stack + 1} o4 o5 o6"))
    assert after.players[0].dice == ()
    assert after.players[0].money == 2  # no change given for the 6 paid too much


def test_karma_turns_a_die_for_the_quarry_and_costs_one_each() -> None:
    state, stack = _orange_nine(["o2", "o3"], karma=3)
    # 2 -> 5 and 3 -> 4 make 9: two flips, two karma.
    action = f"quarry q1 d{stack + 1} o2! o3!"
    assert action in texts(state)
    after = rules.apply(state, act(action))
    assert after.players[0].karma == 1
    # Without enough karma the same payment is refused.
    poor = with_player(state, 0, karma=1)
    assert action not in texts(poor)
    with pytest.raises(rules.IllegalAction):
        rules.apply(poor, act(action))


@pytest.mark.parametrize(("players", "costs"), [(2, [1, 2, 3]), (3, [1, 2, 3]), (4, [1, 2, 3, 4])])
def test_quarry_fills_left_to_right_at_its_costs(players: int, costs: list[int]) -> None:
    state = new(players, seed=3)
    seat = state.turn
    state = neutral(with_player(state, seat, hand=["o6", "o6"], money=20, workers=5), seat)
    for index, cost in enumerate(costs):
        key = f"q{index + 1}"
        offered = {a.space for a in rules.legal_actions(state) if isinstance(a, Quarry)}
        assert offered == {key}, f"only the leftmost free quarry space is open, got {offered}"
        stack = next(
            i
            for i, s in enumerate(state.supply.stacks)
            if s and catalog().tiles[s[-1]].colour == ORANGE and catalog().tiles[s[-1]].value <= 6
        )
        for later in range(index + 2, len(costs) + 1):
            with pytest.raises(rules.IllegalAction, match="fills from the left"):
                rules.apply(state, act(f"quarry q{later} d{stack + 1} o6"))
        money = state.players[seat].money
        after = rules.apply(state, act(f"quarry {key} d{stack + 1} o6"))
        assert after.players[seat].money == money - cost
        # Keep playing the same seat: settle the tile and hand the turn back.
        place = rules.legal_actions(after)[0]
        after = rules.apply(after, place)
        state = with_player(turn_to(after, seat, after.start_player), seat, hand=["o6", "o6"])
    assert not any(isinstance(a, Quarry) for a in rules.legal_actions(state))
    if players == 3:
        q4 = catalog().side_for(3).index_of("q4")
        assert state.spaces[q4] == COVERED


def test_quarry_needs_the_space_money() -> None:
    state, stack = _orange_nine(["o4", "o5"])
    broke = with_player(state, 0, money=0)
    assert not any(isinstance(a, Quarry) for a in rules.legal_actions(broke))
    with pytest.raises(rules.IllegalAction):
        rules.apply(broke, act(f"quarry q1 d{stack + 1} o4 o5"))


def test_only_the_top_tile_of_a_stack_is_available_and_the_next_is_revealed() -> None:
    state = turn_to(new(2, seed=5), 0)
    stack = 0
    top, below = state.supply.stacks[stack][-1], state.supply.stacks[stack][-2]
    colour = catalog().tiles[top].colour
    state = with_player(state, 0, hand=[f"{colour.letter}6"] * 2, money=5)
    buys = {a.stack for a in rules.legal_actions(state) if isinstance(a, Quarry)}
    assert stack in buys
    after = rules.apply(state, act(f"quarry q1 d{stack + 1} {colour.letter}6 {colour.letter}6"))
    after = run(after, str(rules.legal_actions(after)[0]))
    assert after.supply.stacks[stack][-1] == below
    assert sum(1 for _ in after.players[0].province.placed()) == 1
    placed = next(p for _, p in after.players[0].province.placed())
    assert placed.tile == top


def test_an_empty_stack_is_gone_from_the_display() -> None:
    state = turn_to(new(2, seed=5), 0)
    stacks = list(state.supply.stacks)
    emptied = stacks[0]
    stacks[0] = ()
    state = replace(
        state,
        supply=replace(state.supply, stacks=tuple(stacks), out_of_game=emptied),
    )
    state = with_player(state, 0, hand=["o6", "o6", "g6", "g6"], money=5)
    assert not any(isinstance(a, Quarry) and a.stack == 0 for a in rules.legal_actions(state))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("quarry q1 d1 o6 o6"))


def test_a_tile_must_meet_a_road_and_is_refused_where_it_cannot() -> None:
    state, stack = _orange_nine(["o4", "o5"])
    after = rules.apply(state, act(f"quarry q1 d{stack + 1} o4 o5"))
    options = [a for a in rules.legal_actions(after) if isinstance(a, Place)]
    # The residence's roads lead W (to b1), S (to c2) and E (to d1): only those cells are open.
    assert {a.cell for a in options} == {cell("b1"), cell("c2"), cell("d1")}
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("place a4 r0"))  # far from any road
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("place c1 r0"))  # the residence
    # The T turned so its missing side faces the residence (r3: ends N, E, S) does not connect.
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("place d1 r3"))


def test_no_quarry_when_no_tile_fits_anywhere() -> None:
    # Dead ends pointing back into the residence close every road (§8: sides may block roads).
    dead = [t.id for t in catalog().tiles if t.road == "dead_end"]
    state = turn_to(new(2, seed=1), 0)
    state = with_tiles(
        state,
        0,
        {cell("b1"): (dead[0], 1), cell("c2"): (dead[1], 0), cell("d1"): (dead[2], 3)},
    )
    state = with_player(state, 0, hand=["o6", "o6", "g6", "g6", "b6", "b6", "p6", "p6"], money=9)
    assert not any(isinstance(a, Quarry) for a in rules.legal_actions(state))
    top = catalog().tiles[state.supply.stacks[0][-1]]
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act(f"quarry q1 d1 {top.colour.letter}6 {top.colour.letter}6"))
