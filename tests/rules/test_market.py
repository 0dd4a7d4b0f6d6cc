"""The market (docs/rules.md §6 Market): variety of goods and single good scorings."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.catalog import catalog
from rules.model import Colour, Good, Side
from rules.state import GameState
from tests.helpers.fixture_states import (
    act,
    cell,
    clear_board,
    facing,
    neutral,
    new,
    run,
    texts,
    tile,
    turn_to,
    with_player,
    with_tiles,
)

ORANGE, GREEN, BLUE, PURPLE = Colour


def _province(state: GameState, seat: int, tiles: list[int]) -> GameState:
    """Tiles at b1, d1 and c2, each turned to meet the residence."""
    spots = [(cell("b1"), Side.E), (cell("d1"), Side.W), (cell("c2"), Side.N)]
    return with_tiles(
        state, seat, {at: (t, facing(t, side)) for t, (at, side) in zip(tiles, spots, strict=False)}
    )


def _seed_example(state: GameState, seat: int) -> GameState:
    """000: "4 markets in my province. Three of them are selling tea, and one is selling silk."
    Orange tiles: tea 3 (cow 6), silk 1 + tea 1 (cow 5), tea 1 (snake 4 dead end)."""
    tiles = [
        tile(ORANGE, 6, "straight").id,
        tile(ORANGE, 5, "straight").id,
        tile(ORANGE, 4, "dead_end").id,
    ]
    markets = sorted(m for t in tiles for m in catalog().tiles[t].markets)
    assert markets == [(Good.SILK, 1), (Good.TEA, 1), (Good.TEA, 1), (Good.TEA, 3)]
    return _province(state, seat, tiles)


def _tea_province(state: GameState, seat: int) -> GameState:
    """Markets: tea 3, tea 3 + spices 2, silk 3 + tea 2."""
    tiles = [tile(ORANGE, 6, "straight").id, tile(BLUE, 8, "T").id, tile(GREEN, 8, "T").id]
    markets = sorted(m for t in tiles for m in catalog().tiles[t].markets)
    assert markets == [
        (Good.SILK, 3),
        (Good.TEA, 2),
        (Good.TEA, 3),
        (Good.TEA, 3),
        (Good.SPICES, 2),
    ]
    return _province(state, seat, tiles)


def _seat0(players: int = 2, **changes: Any) -> GameState:
    state = turn_to(new(players, seed=5), 0)
    return neutral(with_player(state, 0, money=0, **changes), 0)


def test_variety_scores_the_best_market_of_each_good() -> None:
    # The seed's example: the silk market and one (the best) tea market are scored.
    state = _seed_example(_seat0(hand=["g1"]), 0)
    after = rules.apply(state, act("variety v1"))
    assert after.players[0].money == 3 + 1


def test_variety_scores_at_most_three_markets() -> None:
    state = _tea_province(_seat0(hand=["g1"]), 0)
    after = rules.apply(state, act("variety v2"))
    assert after.players[0].money == 3 + 3 + 2


def test_variety_without_markets_is_legal_and_gains_nothing() -> None:
    state = _seat0(hand=["g1"])
    assert "variety v1" in texts(state)
    after = rules.apply(state, act("variety v1"))
    assert after.players[0].money == 0 and after.players[0].placed == 1


@pytest.mark.parametrize("players", [3, 4])
def test_variety_once_per_player_per_round_on_the_three_four_side(players: int) -> None:
    state = _seat0(players, hand=["g1"])
    after = rules.apply(state, act("variety v1"))
    again = turn_to(after, 0)
    assert not any(t.startswith("variety") for t in texts(again))
    with pytest.raises(rules.IllegalAction):
        rules.apply(again, act("variety v2"))
    # Another player may use the second space.
    other = turn_to(after, 1)
    assert "variety v2" in texts(other)
    # In the next round the player may use the variety market again.
    assert "variety v1" in texts(clear_board(again))


def test_variety_has_no_such_limit_on_the_two_player_side() -> None:
    state = _seat0(2, hand=["g1"])
    after = rules.apply(state, act("variety v1"))
    again = turn_to(after, 0)
    assert "variety v2" in texts(again)
    run(again, "variety v2")


@pytest.mark.parametrize(
    ("action", "gain"),
    [
        ("single s1 o1 tea", 3),
        ("single s1 o2 tea", 6),
        ("single s1 o3 tea", 8),
        ("single s1 o6 tea", 8),
        ("single s1 o2 spices", 2),
        ("single s1 o2 silk", 3),
        ("single s1 o1! tea", 8),  # karma turns the 1 into a 6
    ],
)
def test_single_good_scores_up_to_the_dies_value_best_markets(action: str, gain: int) -> None:
    die = action.split()[2].rstrip("!")
    state = _tea_province(_seat0(hand=[die], karma=1), 0)
    assert action in texts(state)
    after = rules.apply(state, act(action))
    assert after.players[0].money == gain
    assert after.players[0].dice == ()
    assert after.players[0].karma == 1 - action.split()[2].endswith("!")


def test_single_good_takes_a_die_of_the_spaces_colour() -> None:
    state = _tea_province(_seat0(hand=["g6"]), 0)
    assert not any(t.startswith("single s1") for t in texts(state))  # s1 is orange
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("single s1 g6 tea"))
    assert "single s2 g6 tea" in texts(state)  # s2 is green on the two-player side


@pytest.mark.parametrize(("players", "spaces"), [(2, "ogbp"), (4, "oogg bbpp")])
def test_single_good_spaces_per_colour(players: int, spaces: str) -> None:
    side = catalog().side_for(players)
    colours = "".join(s.colour.letter for s in side.in_area("single") if s.colour is not None)
    assert colours == spaces.replace(" ", "")


def test_single_good_without_markets_is_legal_and_gains_nothing() -> None:
    state = _seat0(hand=["o6"])
    after = rules.apply(state, act("single s1 o6 silk"))
    assert after.players[0].money == 0 and after.players[0].dice == ()


def test_the_markets_scored_are_named_with_the_money_they_give() -> None:
    """What the screens name as scored is what the scoring pays: the best market of each good
    for variety, the best markets up to the count for one good."""
    player = _tea_province(_seat0(), 0).players[0]
    assert rules.variety_markets(player) == [(Good.SILK, 3), (Good.TEA, 3), (Good.SPICES, 2)]
    assert rules.good_markets(player, Good.TEA, 2) == [3, 3]
    assert rules.good_markets(player, Good.TEA, 6) == [3, 3, 2]
    assert rules.good_markets(player, Good.SILK, 1) == [3]
    assert rules.good_score(player, Good.TEA, 6) == 8
    example = _seed_example(_seat0(), 0).players[0]
    assert rules.variety_markets(example) == [(Good.SILK, 1), (Good.TEA, 3)]
    assert rules.variety_markets(_seat0().players[0]) == []
