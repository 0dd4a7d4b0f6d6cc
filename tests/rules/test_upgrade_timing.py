"""An upgrade won during an action counts from the next action on: a tile built later in the
same action scores its buildings at the levels the player had when the action began
(docs/rules.md §10 and §14; the printed rules: "the upgrade starts counting from your next
turn")."""

from __future__ import annotations

from rules.state import GameState
from tests.helpers.fixture_states import (
    boats,
    cell,
    neutral,
    new,
    only_on_display,
    run,
    texts,
    turn_to,
    with_player,
    with_tiles,
)

PALACE = 1  # the building row of the snake (17) and cow (25) green tiles, and of tile 7


def _quarry_then_boat() -> GameState:
    """Seat 0 buys green tile 17 (a palace) for a3, whose edge yields an upgrade and a boat's
    move; its boat, on space 6, reaches river space 7 and its chamber choice."""
    state = turn_to(new(2, seed=5), 0)
    state = with_tiles(state, 0, {cell("b1"): (3, 0), cell("b2"): (8, 0), cell("b3"): (0, 3)})
    state = only_on_display(state, 17, 25)
    state = with_player(state, 0, hand=["g4", "g3", "b1"], money=11, fame=3)
    state = with_player(state, 0, fame_bonus_next=0, money_bonus_next=0, money_workers_taken=0)
    return boats(state, 6, 0)


def test_the_master_builder_s_tile_scores_at_the_levels_the_action_began_with() -> None:
    state = run(_quarry_then_boat(), "quarry q1 d4 g4", "place a3 r1")
    assert state.players[0].fame == 3 + 2  # tile 17's palace at level 2
    state = run(state, "upgrade palace", "boat yes", "palace 5")
    assert state.players[0].levels[PALACE] == 3
    rebuild = min(t for t in texts(state) if t.startswith("rebuild b1"))
    state = run(state, rebuild)
    state = run(state, min(texts(state)))
    assert not state.queue and state.turn == 1, "the action is over"
    # Tile 25's palace scores at level 2, as the action began, not at the 3 won in it.
    assert state.players[0].fame == 3 + 2 + 2
    assert state.players[0].levels[PALACE] == 3


def test_the_same_holds_for_a_tile_with_a_market_too() -> None:
    state = turn_to(new(2, seed=5), 0)
    state = with_tiles(state, 0, {cell("d1"): (3, 0), cell("e1"): (0, 2)})
    state = only_on_display(state, 7, 25)
    state = neutral(state, 0)
    state = with_player(state, 0, hand=["o6", "g3", "b1"], money=12, money_bonus_next=0, fame=10)
    state = boats(state, 6, 0)
    state = run(state, "quarry q1 d2 o6", "place e2 r0", "upgrade palace", "boat yes")
    state = run(state, "palace 5")
    state = run(state, min(texts(state)))
    fame = state.players[0].fame
    state = run(state, min(texts(state)))
    assert not state.queue
    assert state.players[0].fame == fame + 2  # level 2, as the action began


def test_an_upgrade_counts_from_the_player_s_next_action_on() -> None:
    state = run(_quarry_then_boat(), "quarry q1 d4 g4", "place a3 r1", "upgrade palace")
    state = run(state, "boat no")
    assert not state.queue and state.turn == 1, "the action is over"
    state = with_player(turn_to(state, 0), 0, hand=["g6", "g1"], money=20)
    state = run(state, "quarry q2 d5 g1 g6")
    unupgraded = with_player(state, 0, levels=(2, 2, 2, 2))
    placed, before = run(state, "place a1 r0"), run(unupgraded, "place a1 r0")
    # Tile 25's palace scores at level 3 where, without the upgrade, it would at 2.
    assert placed.players[0].fame == before.players[0].fame + 1


def test_upgrades_made_so_far_count_one_made_earlier_in_the_same_action() -> None:
    """River space 11 counts the upgrades made, which an upgrade is as soon as it is won; only
    what a building scores waits for the next action (docs/rules.md §14)."""
    state = boats(_quarry_then_boat(), 10, 0)
    state = run(state, "quarry q1 d4 g4", "place a3 r1", "upgrade palace", "boat yes")
    assert state.river.boats[0] == 11
    assert state.players[0].fame == 3 + 2 + 1  # the palace at level 2, then 1 for the upgrade
