"""The river (docs/rules.md §7): moving and skipping boats, the bridge, every space's earnings."""

from __future__ import annotations

import pytest

import rules
from rules.catalog import catalog
from rules.model import Colour, Good
from rules.state import GameState, replace
from tests.helpers.fixture_states import (
    act,
    market_tiles,
    neutral,
    new,
    run,
    texts,
    turn_to,
    with_player,
)

ORANGE, GREEN, BLUE, PURPLE = Colour


def _boats(state: GameState, boats: tuple[int, ...]) -> GameState:
    return replace(state, river=replace(state.river, boats=boats))


def _harbor(players: int, boats: tuple[int, ...], hand: list[str]) -> GameState:
    state = turn_to(new(players, seed=2), 0)
    state = neutral(with_player(state, 0, hand=hand, money=5), 0)
    return _boats(state, boats)


def test_boats_on_other_spaces_are_skipped_and_not_counted() -> None:
    state = _harbor(3, (0, 1, 2), ["g1"])
    after = rules.apply(state, act("harbor h1 g1 move 1"))
    assert after.river.boats == (3, 1, 2)
    state = _harbor(4, (1, 2, 4, 0), ["g3"])
    after = rules.apply(state, act("harbor h1 g3 move 3"))
    assert after.river.boats[0] == 6  # free spaces 3, 5, 6


def test_the_start_and_the_final_space_hold_any_number_of_boats() -> None:
    state = new(4, seed=2)
    assert state.river.boats == (0, 0, 0, 0)
    state = _harbor(3, (22, 23, 23), ["g1"])
    after = rules.apply(state, act("harbor h1 g1 move 1"))
    assert after.river.boats == (23, 23, 23)


def test_a_boat_that_would_pass_the_final_space_stops_on_it() -> None:
    state = _harbor(2, (21, 22), ["g3"])
    moves = {t for t in texts(state) if t.startswith("harbor")}
    assert moves == {"harbor h1 g3 move 1"}  # every count ends on the final space
    after = rules.apply(state, act("harbor h1 g3 move 3"))
    assert after.river.boats[0] == 23
    assert after.players[0].fame == state.players[0].fame + 6  # the final space's earnings


@pytest.mark.parametrize(
    ("boats", "steps", "to", "worker"),
    [
        ((10, 0), 2, 12, True),
        ((11, 0), 1, 12, True),
        ((11, 12), 1, 13, True),  # skipping the boat on 12 still passes the bridge
        ((12, 0), 1, 13, False),
        ((9, 0), 2, 11, False),
    ],
)
def test_passing_the_bridge_gives_the_river_worker(
    boats: tuple[int, int], steps: int, to: int, worker: bool
) -> None:
    state = _harbor(2, boats, ["g3"])
    after = rules.apply(state, act(f"harbor h1 g3 move {steps}"))
    assert after.river.boats[0] == to
    assert after.players[0].workers == 3 + worker
    assert after.players[0].unlocked == int(worker)


def _earnings_state(space: int) -> GameState:
    """Seat 0 one space before `space`: karma 2, two upgrades made, markets silk 3, tea 2, tea 1,
    money 10, fame 0; no track bonus can interfere."""
    state = turn_to(new(2, seed=3), 0)
    state = market_tiles(state, 0, [(Good.SILK, 3), (Good.TEA, 2), (Good.TEA, 1)])
    state = with_player(state, 0, hand=["g1"], karma=2, levels=(3, 3, 2, 2), money=10, fame=0)
    return _boats(neutral(state, 0), (space - 1, 0 if space != 1 else 23))


# space -> the change each automatic earning makes: (fame, money, karma, dice by colour).
AUTOMATIC: dict[int, tuple[int, int, int, str]] = {
    2: (0, 3, 0, ""),
    3: (0, 0, 1, ""),  # karma +2 from 2, capped at 3
    4: (2, 0, 0, ""),
    5: (0, 0, 0, "oo"),  # one orange die per karma level
    6: (0, 3, 0, ""),  # one money per market (three markets)
    9: (0, 0, 0, "gg"),
    10: (0, 5, 0, ""),
    11: (2, 0, 0, ""),  # one fame per upgrade made (two)
    13: (0, 5, 0, ""),  # variety: silk 3 + tea 2
    14: (0, 0, 0, "bb"),
    15: (4, 0, 0, ""),
    16: (0, 4, 0, ""),  # two money per upgrade made
    18: (0, 0, 0, "pp"),
    20: (0, 0, 1, ""),
    21: (4, 0, 0, ""),  # two fame per karma level (two)
    22: (0, 7, 0, ""),
    23: (6, 0, 0, ""),
}


@pytest.mark.parametrize("space", sorted(AUTOMATIC))
def test_river_earnings(space: int) -> None:
    state = _earnings_state(space)
    after = rules.apply(state, act("harbor h1 g1 move 1"))
    assert after.river.boats[0] == space
    assert after.queue == ()
    fame, money, karma, taken = AUTOMATIC[space]
    before, now = state.players[0], after.players[0]
    assert now.fame - before.fame == fame
    assert now.money - before.money == money
    assert now.karma - before.karma == karma
    assert "".join(sorted(d.colour.letter for d in now.dice)) == "".join(
        sorted(taken, key="ogbp".index)
    )


@pytest.mark.parametrize("space", [1, 12])
def test_river_earnings_two_dice_of_any_colours(space: int) -> None:
    after = rules.apply(_earnings_state(space), act("harbor h1 g1 move 1"))
    offered = texts(after)
    assert {"take o o", "take o p", "take g b", "take p p"} <= offered
    assert all(len(t.split()) == 3 for t in offered)
    done = run(after, "take g b")
    assert sorted(d.colour for d in done.players[0].dice) == [GREEN, BLUE]
    assert done.players[0].workers == 3 + (space == 12)


def test_river_earnings_chamber_choice_on_space_7() -> None:
    after = rules.apply(_earnings_state(7), act("harbor h1 g1 move 1"))
    # No Great Mogul; no Master Builder without dice to pay with; the Portuguese is open.
    assert texts(after) == {"palace 2", "palace 3", "palace 4", "palace 6"}
    raja = run(after, "palace 4", "upgrade fort")
    assert raja.players[0].money == 13 and raja.players[0].levels == (3, 3, 3, 2)
    assert raja.spaces == after.spaces  # no worker goes to the palace
    portuguese = run(after, "palace 6")
    assert portuguese.river.boats[0] == 13


def test_river_chamber_choice_works_while_another_worker_stands_in_that_chamber() -> None:
    state = _earnings_state(7)
    c4 = catalog().side_for(2).index_of("c4")
    state = replace(state, spaces=(*state.spaces[:c4], 1, *state.spaces[c4 + 1 :]))
    state = with_player(state, 1, placed=1)
    after = rules.apply(state, act("harbor h1 g1 move 1"))
    assert "palace 4" in texts(after)
    assert run(after, "palace 4", "upgrade temple").players[0].money == 13


@pytest.mark.parametrize("karma", [0, 1, 3])
def test_dice_per_karma_level(karma: int) -> None:
    state = with_player(_earnings_state(9), 0, karma=karma)
    after = rules.apply(state, act("harbor h1 g1 move 1"))
    assert [d.colour for d in after.players[0].dice] == [GREEN] * karma


def test_river_earnings_chamber_choice_on_space_17_has_no_portuguese() -> None:
    after = rules.apply(_earnings_state(17), act("harbor h1 g1 move 1"))
    assert texts(after) == {"palace 2", "palace 3", "palace 4"}
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("palace 6"))
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("palace 1"))


def test_river_earnings_upgrade_on_space_8() -> None:
    after = rules.apply(_earnings_state(8), act("harbor h1 g1 move 1"))
    assert texts(after) == {"upgrade fort", "upgrade mill", "upgrade temple", "upgrade palace"}


def test_river_earnings_score_four_markets_of_one_good_on_space_19() -> None:
    after = rules.apply(_earnings_state(19), act("harbor h1 g1 move 1"))
    assert texts(after) == {"score silk", "score tea", "score spices"}
    assert run(after, "score tea").players[0].money == 10 + 3
    assert run(after, "score spices").players[0].money == 10
