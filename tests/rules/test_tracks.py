"""The fame and money tracks (docs/rules.md §5, §14): margins, bonuses, workers, boat offers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules import tracks
from rules.actions import Boat, Take
from rules.model import Colour, Good
from rules.state import GameState, replace
from tests.helpers.fixture_states import (
    act,
    cell,
    clear_board,
    margin_by_edition,
    market_tiles,
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


def test_seed_example_margins() -> None:
    # 000: money 65 / fame 30 and money 52 / fame 37 "both have a difference of 2 fame points".
    assert tracks.margin(30, 65) == 2
    assert tracks.margin(37, 52) == 2


@pytest.mark.parametrize(
    ("money", "cell"), [(0, 0), (12, 12), (50, 50), (51, 51), (52, 51), (53, 52), (65, 58)]
)
def test_money_counts_two_per_cell_past_fifty(money: int, cell: int) -> None:
    assert tracks.money_cell(money) == cell


@given(fame=st.integers(0, 300), money=st.integers(0, 400))
def test_margin_is_the_edition_formula(fame: int, money: int) -> None:
    assert tracks.margin(fame, money) == margin_by_edition(fame, money)
    assert tracks.have_met(fame, money) == (fame >= 86 - tracks.money_cell(money))


def _seat0(**changes: Any) -> GameState:
    return with_player(turn_to(new(2, seed=1), 0), 0, **changes)


def _mogul(fame: int, **changes: Any) -> GameState:
    """Seat 0 uses the Great Mogul (+2 fame) from `fame`."""
    state = _seat0(hand=["g1"], fame=fame, **changes)
    return rules.apply(state, act("chamber c1 g1"))


def test_fame_5_gives_an_upgrade() -> None:
    after = _mogul(4)
    assert after.turn == 0 and texts(after) == {
        "upgrade temple",
        "upgrade palace",
        "upgrade fort",
        "upgrade mill",
    }
    done = run(after, "upgrade mill")
    assert done.players[0].levels == (2, 2, 2, 3)


def test_fame_15_gives_a_worker() -> None:
    after = _mogul(14, fame_bonus_next=1)
    assert after.players[0].workers == 4


def test_fame_24_gives_two_karma() -> None:
    after = _mogul(23, fame_bonus_next=2, karma=0)
    assert after.players[0].karma == 2
    capped = _mogul(23, fame_bonus_next=2, karma=2)
    assert capped.players[0].karma == 3


def test_fame_31_offers_a_boat_move_that_can_be_declined() -> None:
    after = _mogul(30, fame_bonus_next=3)
    assert texts(after) == {"boat yes", "boat no"}
    declined = run(after, "boat no")
    assert declined.river.boats[0] == 0
    assert declined.players[0].fame_bonus_next == 4
    taken = run(after, "boat yes")
    assert taken.river.boats[0] == 1  # the next free space; its earnings (2 dice) follow
    assert taken.turn == 0 and {str(a) for a in rules.legal_actions(taken)} >= {"take o o"}


def _outer(money: int, **changes: Any) -> GameState:
    """Seat 0, holding no dice, takes the outer terrace (+2 money) from `money`."""
    state = _seat0(hand=[], money=money, **changes)
    return rules.apply(state, act("outer o"))


def test_money_12_offers_a_boat_move_that_can_be_declined() -> None:
    after = _outer(11)
    assert texts(after) == {"boat yes", "boat no"}
    declined = run(after, "boat no")
    assert declined.river.boats[0] == 0 and declined.players[0].money == 13
    taken = run(after, "boat yes")
    assert taken.river.boats[0] == 1


def test_money_20_gives_a_worker_once() -> None:
    after = _outer(19, money_bonus_next=1)
    assert after.players[0].workers == 4
    # Falling back below 20 and rising again gives nothing new; the worker is never lost.
    again = _outer(19, money_bonus_next=1, money_workers_taken=1, workers=4)
    assert again.players[0].workers == 4
    fell = run(with_player(turn_to(after, 0), 0, money=10), "terrace t1")
    assert fell.players[0].workers == 4


@pytest.mark.parametrize(("marker", "at"), [(1, 33), (3, 55)])
def test_money_33_and_55_give_two_dice_of_any_colours(marker: int, at: int) -> None:
    after = _outer(at - 2, money_bonus_next=marker, money_workers_taken=1)
    offered = texts(after)
    assert "take o p" in offered and "take g g" in offered
    done = run(after, "take o p")
    assert len(done.players[0].dice) == 2 and done.players[0].money_bonus_next == marker + 1


def test_money_44_offers_a_boat_move() -> None:
    after = _outer(43, money_bonus_next=2, money_workers_taken=1)
    assert texts(after) == {"boat yes", "boat no"}


def test_a_money_bonus_is_taken_once_falling_back_and_rising_gives_nothing_new() -> None:
    first = run(_outer(11), "boat no")
    assert first.players[0].money_bonus_next == 1
    # Money falls back to 11 (spent) and rises past 12 again: no new boat offer.
    again = run(with_player(clear_board(turn_to(first, 0)), 0, money=11), "outer o")
    assert again.queue == () and again.turn != 0
    assert again.players[0].money == 13
    # The marker waits on 33 now.
    third = run(with_player(clear_board(turn_to(again, 0)), 0, money=31), "outer o")
    assert "take o o" in texts(third)


def test_the_marker_takes_every_bonus_passed_in_one_gain() -> None:
    state = neutral(_seat0(hand=[]), 0)
    state = with_player(
        state, 0, money=10, money_bonus_next=0, money_workers_taken=0, fame_bonus_next=0
    )
    after = tracks.gain_money(replace(state, queue=()), 0, 35)
    assert [e.kind for e in after.queue] == ["boat_offer", "worker", "dice", "boat_offer"]
    assert after.players[0].money_bonus_next == 3 and after.players[0].money_workers_taken == 1
    fame = tracks.gain_fame(replace(state, queue=()), 0, 40)
    assert [e.kind for e in fame.queue] == ["upgrade", "worker", "karma", "boat_offer"]


def test_several_bonuses_from_one_gain_are_taken_in_track_order_each_whole() -> None:
    # Variety scoring of three 3-money markets: 11 -> 20 passes 12 (boat) and 20 (worker).
    state = _seat0(hand=[], money=11)
    state = market_tiles(state, 0, [(Good.SILK, 3), (Good.TEA, 3), (Good.SPICES, 3)])
    after = rules.apply(state, act("variety v1"))
    player = after.players[0]
    assert player.money == 20
    assert texts(after) == {"boat yes", "boat no"}
    assert player.workers == 3  # the worker at 20 comes after the boat at 12
    moved = rules.apply(after, Boat(True))
    # The boat's earnings (space 1: two dice) are carried out whole before the worker.
    assert moved.river.boats[0] == 1 and moved.players[0].workers == 3
    assert all(isinstance(a, Take) for a in rules.legal_actions(moved))
    done = run(moved, "take b b")
    assert done.players[0].workers == 4


def test_fame_bonuses_from_one_tile_come_in_track_order() -> None:
    # Two buildings at level 4 from fame 23: 31 passes 24 (karma +2) then 31 (boat offer).
    spec = tile(ORANGE, 9, "T")  # temple and palace
    state = _seat0(hand=["o5", "o4"], fame=23, fame_bonus_next=2, karma=0, money=5)
    state = with_player(state, 0, levels=(4, 4, 2, 2))
    state, stack = on_top(state, spec.id)
    bought = run(state, f"quarry q1 d{stack + 1} o4 o5")
    placed = rules.apply(bought, act("place c2 r1"))
    assert placed.players[0].fame == 31
    assert placed.players[0].karma == 2
    assert texts(placed) == {"boat yes", "boat no"}


def test_no_boat_offer_when_no_free_space_lies_ahead() -> None:
    state = replace(_seat0(), river=replace(_seat0().river, boats=(23, 0)))
    after = rules.apply(with_player(state, 0, hand=[], money=11), act("outer o"))
    assert after.queue == () and after.turn == 1
    assert after.players[0].money_bonus_next == 1  # the bonus is used up, not kept


def test_worker_cap_five_the_third_unlock_is_lost() -> None:
    after = _outer(19, money_bonus_next=1, workers=5, unlocked=2)
    assert after.players[0].workers == 5
    assert after.players[0].unlocked == 3


def test_every_worker_source_together_gives_five_workers() -> None:
    # Fame 15, money 20 and the bridge: three unlocks, two kept (§14).
    state = _seat0(hand=["g1"], fame=14, fame_bonus_next=1, money=19, money_bonus_next=1)
    state = replace(state, river=replace(state.river, boats=(11, 0)))
    state = run(state, "chamber c1 g1")  # fame 16: worker 1
    assert state.players[0].workers == 4
    state = run(with_player(turn_to(state, 0), 0, hand=[]), "outer o")  # money 21: worker 2
    assert state.players[0].workers == 5
    state = with_player(turn_to(state, 0), 0, hand=["b1"])
    state = run(state, "harbor h1 b1 move 1")  # over the bridge: worker 3, lost
    assert state.players[0].workers == 5 and state.players[0].unlocked == 3


def test_an_upgrade_with_every_row_at_four_is_lost() -> None:
    state = _seat0(hand=["g4"], levels=(4, 4, 4, 4))
    after = rules.apply(state, act("chamber c4 g4"))  # Raja: +3 money, one upgrade
    assert after.queue == () and after.turn == 1
    assert after.players[0].levels == (4, 4, 4, 4)


def test_a_row_at_four_cannot_rise() -> None:
    state = _seat0(hand=["g4"], levels=(4, 2, 3, 4))
    after = rules.apply(state, act("chamber c4 g4"))
    assert texts(after) == {"upgrade palace", "upgrade fort"}
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("upgrade temple"))


def test_money_cannot_go_below_zero() -> None:
    # With 1 money the second quarry space (2 money) cannot be chosen.
    state = _seat0(hand=["o6", "o6"], money=1)
    state = replace(state, spaces=(1, *state.spaces[1:]))  # q1 taken by seat 1
    assert not any(t.startswith("quarry") for t in texts(state))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("quarry q2 d1 o6 o6"))


def test_a_tiles_own_gains_come_before_the_track_bonuses_they_reach() -> None:
    # §14: market money (crossing 12), then the edge yields (a die, +5 money), then the bonus.
    spec = tile(ORANGE, 5, "T")  # a spices market worth 2
    state = _seat0(hand=["o5"], money=11)
    state = with_tiles(
        state,
        0,
        {
            cell("c2"): (tile(GREEN, 4, "straight").id, 0),
            cell("c3"): (tile(BLUE, 4, "straight").id, 0),
            cell("c4"): (tile(GREEN, 4, "bend").id, 3),  # ends W, N
            cell("b4"): (tile(PURPLE, 4, "straight").id, 1),  # ends E, W
        },
    )
    state, stack = on_top(state, spec.id)
    placed = run(state, f"quarry q1 d{stack + 1} o5", "place a4 r0")
    assert placed.players[0].money >= 12  # the market's 2 passed 12 ...
    assert "take g" in texts(placed)  # ... but the edge's die comes first
    took = run(placed, "take g")
    assert took.players[0].money == 11 - 1 + 2 + 5  # and the edge's money
    assert texts(took) == {"boat yes", "boat no"}  # and only then the bonus of 12


def test_gains_of_a_bonus_can_reach_further_bonuses() -> None:
    # Money 11 -> 13 offers the boat; it lands on river space 22 (+7 money): 20 gives a worker.
    state = _seat0(hand=[], money=11)
    state = replace(state, river=replace(state.river, boats=(21, 0)))
    offered = run(state, "outer o")
    assert offered.players[0].workers == 3
    done = run(offered, "boat yes")
    assert done.river.boats[0] == 22
    assert done.players[0].money == 20 and done.players[0].workers == 4
