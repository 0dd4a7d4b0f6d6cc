"""Turns, passing, the round's end, the elephant, the end of the game and the ranking
(docs/rules.md §3, §13, §14)."""

from __future__ import annotations

import random

import pytest

import rules
from rules import tracks
from rules.actions import Action, Pass
from rules.state import COVERED, FREE, GameState, replace
from tests.helpers.fixture_states import (
    act,
    margin_by_edition,
    neutral,
    new,
    nothing_to_do,
    run,
    turn_to,
    with_player,
)


def _finish_turn(state: GameState, chooser: random.Random) -> GameState:
    """Answers the acting player's pending choices at random."""
    seat = state.turn
    while state.queue and not state.over and state.turn == seat:
        state = rules.apply(state, chooser.choice(rules.legal_actions(state)))
    return state


def _placements(state: GameState) -> list[Action]:
    return [a for a in rules.legal_actions(state) if not str(a).startswith("chamber c1")]


def _play_round(state: GameState, seed: int, mogul: int = -1) -> tuple[GameState, list[int]]:
    """Plays one round with random moves; returns the state and the seat of every placement.
    Only the seat `mogul` uses the Great Mogul, at its first chance."""
    chooser = random.Random(seed)
    seats: list[int] = []
    round_ = state.round
    while state.round == round_ and not state.over:
        options = rules.legal_actions(state)
        mogul_options = [a for a in options if str(a).startswith("chamber c1")]
        if state.turn == mogul and mogul_options:
            action = mogul_options[0]
            mogul = -1
        else:
            action = chooser.choice(_placements(state) or options)
        seats.append(state.turn)
        state = _finish_turn(rules.apply(state, action), chooser)
    return state, seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_clockwise_from_the_start_player(players: int) -> None:
    state = new(players, seed=11)
    start = state.start_player
    assert state.turn == start
    _, seats = _play_round(state, seed=1)
    expected = [(start + i) % players for i in range(players)]
    assert seats[:players] == expected
    assert seats[players : 2 * players] == expected


def test_a_player_without_workers_left_is_skipped() -> None:
    state = turn_to(new(4, seed=2), 0)
    state = with_player(state, 1, placed=3)
    after = run(with_player(state, 0, hand=[]), "outer o")
    assert after.turn == 2


def test_a_player_with_no_legal_placement_passes_and_sits_out_the_round() -> None:
    state = nothing_to_do()
    assert rules.legal_actions(state) == [Pass()]
    passed = rules.apply(state, Pass())
    assert passed.players[0].passed and passed.turn == 1
    # Seat 0 now gets dice and money: a placement would be legal, yet its round is over.
    state = with_player(passed, 0, hand=["g1", "o6"], money=9)
    while state.round == passed.round:
        assert state.turn != 0
        state = _any_turn(state)
    assert not state.players[0].passed and state.players[0].placed == 0


def test_passing_is_refused_while_a_placement_is_legal() -> None:
    state = turn_to(new(2, seed=3), 0)
    assert Pass() not in rules.legal_actions(state)
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, Pass())


def test_the_round_ends_when_nobody_can_place_and_all_workers_return() -> None:
    for players in (2, 3, 4):
        state = new(players, seed=21)
        after, seats = _play_round(state, seed=5)
        assert after.round == 2
        assert len(seats) >= 3 * players  # everybody placed (or passed with) each worker
        assert all(p.placed == 0 and not p.passed for p in after.players)
        covered = [COVERED if s == COVERED else FREE for s in state.spaces]
        assert list(after.spaces) == covered


@pytest.mark.parametrize("players", [2, 3, 4])
def test_without_great_mogul_the_elephant_passes_clockwise(players: int) -> None:
    state = new(players, seed=8)
    start = state.start_player
    after, _ = _play_round(state, seed=2)
    assert after.start_player == (start + 1) % players
    assert after.turn == after.start_player


@pytest.mark.parametrize("seed", range(6))
def test_the_great_mogul_user_starts_the_next_round(seed: int) -> None:
    state = new(4, seed=seed)
    # The start player is seat 1 (the elephant would pass to seat 2); seat 3 uses the Mogul.
    state = turn_to(state, 1)
    state = with_player(state, 3, hand=["o1", "g3", "b3", "p3"])
    after, _ = _play_round(state, seed=seed, mogul=3)
    assert after.start_player == 3 and after.turn == 3
    assert after.mogul == -1  # the Great Mogul is free again


def test_a_worker_gained_mid_round_can_be_placed_that_round() -> None:
    state = turn_to(new(2, seed=4), 0)
    state = with_player(state, 1, placed=3)
    state = with_player(state, 0, hand=[], money=19, placed=2, money_bonus_next=1)
    after = run(state, "outer o")  # money 21: a worker
    assert after.players[0].workers == 4
    assert after.turn == 0 and after.round == 1


# The end of the game --------------------------------------------------------------------------


def _about_to_meet(state: GameState, seat: int, fame: int, money: int) -> GameState:
    """The seat's markers are 2 money short of meeting; it holds no dice (no re-roll choice)."""
    state = neutral(with_player(state, seat, hand=[], fame=fame, money=money), seat)
    assert not tracks.have_met(fame, money) and tracks.have_met(fame, money + 2)
    return state


def _any_turn(state: GameState) -> GameState:
    seat = state.turn
    state = rules.apply(state, rules.legal_actions(state)[0])
    while state.queue and state.turn == seat:
        state = rules.apply(state, rules.legal_actions(state)[0])
    return state


def test_the_end_trigger_gives_one_more_turn_up_to_the_seat_right_of_the_start_player() -> None:
    # Four players, start player 1: the order is 1, 2, 3, 0. Seat 2 meets its markers.
    state = turn_to(new(4, seed=9), 2, start=1)
    state = _about_to_meet(state, 2, fame=28, money=63)
    triggered = run(state, "outer o")
    assert triggered.end_trigger == 2 and triggered.met_order == (2,)
    assert not triggered.over and triggered.turn == 3
    after_3 = _any_turn(triggered)
    assert not after_3.over and after_3.turn == 0
    after_0 = _any_turn(after_3)
    assert after_0.over and rules.is_over(after_0)
    # Seat 1 (the start player) and seat 2 got no further turn.
    assert after_0.players[1].placed == triggered.players[1].placed
    assert after_0.players[2].placed == triggered.players[2].placed
    assert after_0.players[3].placed == triggered.players[3].placed + 1
    assert after_0.players[0].placed == triggered.players[0].placed + 1
    assert rules.legal_actions(after_0) == []
    with pytest.raises(rules.IllegalAction):
        rules.apply(after_0, act("outer o"))


def test_the_end_trigger_by_the_last_seat_in_order_ends_the_game_at_once() -> None:
    state = turn_to(new(4, seed=9), 0, start=1)  # order 1, 2, 3, 0
    state = _about_to_meet(state, 0, fame=28, money=63)
    after = run(state, "outer o")
    assert after.over and after.end_trigger == 0


def test_a_seat_due_a_last_turn_without_workers_has_none() -> None:
    state = turn_to(new(4, seed=9), 2, start=1)
    state = _about_to_meet(state, 2, fame=28, money=63)
    state = with_player(state, 3, placed=3)
    after = run(state, "outer o")
    assert after.turn == 0 and not after.over


def test_the_end_trigger_mid_round_does_not_wait_for_the_round_to_end() -> None:
    # Two players, start 0: seat 1 triggers, nobody else is due a turn.
    state = turn_to(new(2, seed=9), 1, start=0)
    state = _about_to_meet(state, 1, fame=28, money=63)
    after = run(state, "outer o")
    assert after.over and after.round == state.round


# Ranking --------------------------------------------------------------------------------------


def _boat(state: GameState, seat: int, space: int) -> GameState:
    boats = list(state.river.boats)
    boats[seat] = space
    return replace(state, river=replace(state.river, boats=tuple(boats)))


def _meet_by_river(
    state: GameState, seat: int, fame: int, money: int, space: int, cost: int
) -> GameState:
    """The seat (holding only g1) will move its boat onto river `space` (10: +5 money, 22: +7
    money) with the harbor, paying `cost`, meeting its markers there."""
    state = neutral(with_player(state, seat, hand=["g1"], fame=fame, money=money), seat)
    gain = {10: 5, 22: 7}[space]
    assert not tracks.have_met(fame, money) and tracks.have_met(fame, money - cost + gain)
    return _boat(state, seat, space - 1)


def _seed_example_game(first: int, second_fame: int = 37) -> GameState:
    """000's example played out in a two-player game: seat `first` (the start player) reaches
    money 65 / fame 30 and ends the game; the other seat, in its last turn, reaches money 52 /
    fame 37. Both margins are 2."""
    other = 1 - first
    state = turn_to(new(2, seed=12), first)
    state = _meet_by_river(state, first, fame=30, money=60, space=10, cost=0)
    state = _meet_by_river(state, other, fame=second_fame, money=46, space=22, cost=1)
    state = run(state, "harbor h1 g1 move 1")
    assert state.turn == other and not state.over and state.end_trigger == first
    state = run(state, "harbor h2 g1 move 1")
    assert state.over
    return state


@pytest.mark.parametrize("first", [0, 1])
def test_seed_example_tie_goes_to_who_met_first(first: int) -> None:
    state = _seed_example_game(first)
    players = state.players
    assert (players[first].money, players[first].fame) == (65, 30)
    assert (players[1 - first].money, players[1 - first].fame) == (52, 37)
    assert state.met_order == (first, 1 - first)
    standings = rules.ranking(state)
    assert [(s.place, s.seat, s.margin, s.met) for s in standings] == [
        (1, first, 2, True),
        (2, 1 - first, 2, True),
    ]


def test_the_largest_margin_wins_even_if_it_met_later() -> None:
    state = _seed_example_game(0, second_fame=39)
    assert state.met_order == (0, 1)
    assert [(s.seat, s.margin) for s in rules.ranking(state)] == [(1, 4), (0, 2)]


def test_players_who_did_not_meet_come_after_by_distance_still_to_go() -> None:
    state = turn_to(new(4, seed=12), 0, start=0)
    state = _about_to_meet(state, 2, fame=28, money=63)  # meets with margin 0
    state = with_player(state, 0, fame=10, money=10)  # margin -66
    state = with_player(state, 1, fame=20, money=30)  # margin -36
    state = with_player(state, 3, fame=0, money=0)  # margin -86
    state = turn_to(state, 2, start=0)
    state = run(state, "outer o")
    while not state.over:
        state = _any_turn(state)
    standings = rules.ranking(state)
    assert [(s.place, s.seat, s.met) for s in standings] == [
        (1, 2, True),
        (2, 1, False),
        (3, 0, False),
        (4, 3, False),  # seat 3's last turn cannot close a gap of 86
    ]
    for s in standings:
        player = state.players[s.seat]
        assert s.margin == margin_by_edition(player.fame, player.money)
