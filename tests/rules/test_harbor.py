"""The harbor (docs/rules.md §6 Harbor, §3 fill order): a low die moves the boat up the river."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.actions import Harbor
from rules.catalog import catalog
from rules.state import COVERED, GameState, replace
from tests.helpers.fixture_states import act, neutral, new, texts, turn_to, with_player


def _seat0(players: int = 2, hand: tuple[str, ...] = ("g3",), **changes: Any) -> GameState:
    """Seat 0 to act, its boat on space 3 (the next spaces earn fame, dice and nothing)."""
    state = turn_to(new(players, seed=4), 0)
    state = neutral(with_player(state, 0, hand=list(hand), **changes), 0)
    return _boat_at(state, 3)


def _boat_at(state: GameState, space: int) -> GameState:
    boats = (space, *state.river.boats[1:])
    return replace(state, river=replace(state.river, boats=boats))


def _harbor_moves(state: GameState) -> set[str]:
    return {t for t in texts(state) if t.startswith("harbor")}


@pytest.mark.parametrize(("players", "costs"), [(2, [0, 1, 2]), (3, [0, 1, 1]), (4, [0, 1, 1, 2])])
def test_harbor_fills_left_to_right_at_its_costs(players: int, costs: list[int]) -> None:
    state = _seat0(players, money=10, workers=5)
    side = catalog().side_for(players)
    for index, cost in enumerate(costs):
        key = f"h{index + 1}"
        assert {a.space for a in rules.legal_actions(state) if isinstance(a, Harbor)} == {key}
        for later in range(index + 2, 5):
            with pytest.raises(rules.IllegalAction):
                rules.apply(state, act(f"harbor h{later} g3 move 1"))
        money = state.players[0].money
        after = rules.apply(state, act(f"harbor {key} g3 move 1"))
        assert after.players[0].money == money - cost
        while after.queue:
            after = rules.apply(after, rules.legal_actions(after)[0])
        state = _boat_at(with_player(turn_to(after, 0), 0, hand=["g3"]), 3)
    assert not any(isinstance(a, Harbor) for a in rules.legal_actions(state))
    if players == 3:
        assert state.spaces[side.index_of("h4")] == COVERED


@pytest.mark.parametrize(
    ("die", "karma", "moves"),
    [
        ("g1", 0, {"g1 move 1"}),
        ("g2", 0, {"g2 move 1", "g2 move 2"}),
        ("g3", 0, {"g3 move 1", "g3 move 2", "g3 move 3"}),
        ("g4", 0, set()),
        ("g5", 0, set()),
        ("g6", 0, set()),
        ("g4", 1, {"g4! move 1", "g4! move 2", "g4! move 3"}),
        ("g5", 1, {"g5! move 1", "g5! move 2"}),
        ("g6", 1, {"g6! move 1"}),
    ],
)
def test_a_die_showing_1_to_3_moves_the_boat_1_to_that_many_spaces(
    die: str, karma: int, moves: set[str]
) -> None:
    state = _seat0(hand=(die,), karma=karma)
    assert _harbor_moves(state) == {f"harbor h1 {m}" for m in moves}
    if not moves:
        with pytest.raises(rules.IllegalAction):
            rules.apply(state, act(f"harbor h1 {die} move 1"))
        return
    longest = max(moves, key=lambda m: int(m.split()[-1]))
    after = rules.apply(state, act(f"harbor h1 {longest}"))
    assert after.river.boats[0] == 3 + int(longest.split()[-1])
    assert after.players[0].karma == karma - longest.startswith(f"{die}!")


def test_a_die_cannot_move_further_than_its_face() -> None:
    state = _seat0(hand=("g2",))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("harbor h1 g2 move 3"))


def test_a_harbor_move_of_no_spaces_is_not_an_action() -> None:
    with pytest.raises(ValueError, match="at least 1 space"):
        rules.parse_action("harbor h1 g2 move 0")


def test_no_harbor_from_the_final_space() -> None:
    state = _seat0(hand=("g1",))
    state = replace(state, river=replace(state.river, boats=(23, 0)))
    assert _harbor_moves(state) == set()
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("harbor h1 g1 move 1"))


def test_the_harbor_needs_its_money() -> None:
    state = _seat0(hand=("g1",), money=0)
    state = replace(state, spaces=(*state.spaces[:3], 1, *state.spaces[4:]))  # h1 taken
    assert _harbor_moves(state) == set()
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("harbor h2 g1 move 1"))
    paid = rules.apply(with_player(state, 0, money=1), act("harbor h2 g1 move 1"))
    assert paid.players[0].money == 0
