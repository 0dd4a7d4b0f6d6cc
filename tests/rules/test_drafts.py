"""`apply` changes a private draft of the state in place: what it was given, what it
returned before and the records they share must never change, refused actions included."""

from __future__ import annotations

import random
import sys
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest

import rules
from rules.errors import IllegalAction
from rules.state import GameState, replace
from tests.helpers.fixture_states import act, new, run
from tests.helpers.playouts import random_game


def _twin(state: GameState) -> GameState:
    """An equal state that shares no record with `state` down to the players."""
    players = tuple(attrs.evolve(p) for p in state.players)
    return attrs.evolve(state, players=players)


def _placed_quarry(seed: int = 1) -> GameState:
    """A state waiting for the bought tile to be placed."""
    state = new(2, seed)
    quarry = next(a for a in rules.legal_actions(state) if isinstance(a, rules.Quarry))
    state = rules.apply(state, quarry)
    assert state.queue[0].kind == "place_tile"
    return state


def test_a_refused_choice_leaves_the_state_as_it_was() -> None:
    # Placing the tile pops the choice off the queue before it finds the cell taken: on the
    # draft, not on the state given.
    state = _placed_quarry()
    twin = _twin(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, act("place a1 r0"))
    assert state == twin
    assert state.queue == twin.queue


def test_the_given_state_and_its_players_do_not_change() -> None:
    state = new(4, 3)
    for _ in range(40):
        twin = _twin(state)
        players = state.players
        after = rules.apply(state, rules.legal_actions(state)[-1])
        assert state == twin
        assert state.players is players
        assert all(p == t for p, t in zip(players, twin.players, strict=True))
        state = after


def test_a_state_apply_returned_is_frozen_again() -> None:
    state = new(2, 1)
    after = rules.apply(state, rules.legal_actions(state)[0])
    twin = _twin(after)
    copy = replace(after, rng=after.rng + 1)
    assert copy is not after
    assert after == twin
    changed = after.update_player(after.turn, money=99)
    assert changed is not after and after == twin
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.rng = 0  # type: ignore[misc]


def test_hashes_are_those_of_the_final_fields() -> None:
    state = run(new(2, 2), "terrace t1")
    hash(state)  # cached now, as a searching bot would
    after = rules.apply(state, rules.legal_actions(state)[0])
    assert hash(after) == hash(_twin(after))
    assert [hash(p) for p in after.players] == [hash(p) for p in _twin(after).players]


def _play(seed: int) -> GameState:
    *_, end = random_game(new(3, seed), random.Random(seed))
    return end


def test_threads_applying_at_once_play_the_games_they_play_alone() -> None:
    # Each step's draft keeps the records it owns itself: steps under way in other threads (a bot
    # thinking while the screen plays) must not touch each other's.
    alone = [_play(seed) for seed in range(1, 5)]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # hand over between threads as often as Python will
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(_play, range(1, 5)))
    finally:
        sys.setswitchinterval(switch)
    assert together == alone
