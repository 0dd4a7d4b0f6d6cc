"""Every bot returns only legal actions, the same one again for the same seed, and decides on
what its seat may see only."""

from __future__ import annotations

import random

import pytest

import rules
from rajas_tui import bots
from rajas_tui.bots import greedy, search
from rules import GameState
from tests.helpers.playouts import random_states, variant_config

# Small budgets keep the search tests fast; the levels differ only in budget.
TINY = search.Budget(iterations=12, rollout=1)


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    """States of base games and of every variant (see tests.helpers.playouts.VARIANTS)."""
    every = random_states(3) + random_states(10, variants=True)
    return random.Random(3).sample(every, 160)


def test_the_kinds_are_the_save_format_s() -> None:
    from saves.records import BOT_KINDS

    assert bots.KINDS == BOT_KINDS
    assert bots.KINDS[0] == "random"


@pytest.mark.slow
def test_greedy_and_random_play_only_legal_actions(states: list[GameState]) -> None:
    for i, state in enumerate(states):
        legal = rules.legal_actions(state)
        for kind in ("random", "greedy"):
            action = bots.choose(kind, rules.seat_view(state, state.turn), i)
            assert action in legal, (kind, state.config, state.steps, action)


def test_search_plays_only_legal_actions(states: list[GameState]) -> None:
    for i, state in enumerate(states[::8]):
        action = search.decide(state, state.turn, i, TINY)
        assert action in rules.legal_actions(state), (state.config, state.steps, action)


@pytest.mark.slow
def test_every_kind_plays_a_variant_game_legally_for_a_while() -> None:
    state = rules.new_game(variant_config(3, 4))  # Navaratnas, mixed boards
    for kind in ("greedy", "easy"):
        game = state
        for _ in range(25):
            action = bots.choose(kind, rules.seat_view(game, game.turn), 4)
            assert action in rules.legal_actions(game)
            game = rules.apply(game, action)


def test_the_same_seed_gives_the_same_decision(states: list[GameState]) -> None:
    for state in states[:6]:
        seat = state.turn
        assert len({greedy.decide(state, seat, 5) for _ in range(3)}) == 1
        assert len({search.decide(state, seat, 5, TINY) for _ in range(3)}) == 1


def test_a_finished_game_and_an_unknown_kind_are_refused() -> None:
    state = rules.new_game(rules.Config(players=2, seed=1))
    with pytest.raises(ValueError, match="not a bot kind"):
        bots.choose("genius", state, 1)
    with pytest.raises(ValueError, match="over"):
        bots.choose("greedy", rules.replace(state, over=True), 1)


def _twin(state: GameState, seat: int, seed: int) -> GameState:
    """`state` with everything hidden from `seat` drawn again: another game the seat cannot
    tell from it (the real generator too)."""
    twin = rules.determinize(state, seat, seed)
    # determinize hides the other seats' tiles and the seed from its result; put back a whole
    # state: the real config, and what the other seats really see of themselves is irrelevant.
    return rules.replace(twin, config=state.config)


@pytest.mark.slow
def test_the_search_does_not_peek() -> None:
    # A Navaratnas game with Ganga: face-down brown tiles, a white stack, display stacks.
    state = rules.new_game(variant_config(4, 2))
    pick = random.Random(2)
    for _ in range(40):
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    seat = state.turn
    twin = _twin(state, seat, 77)
    assert rules.seat_view(twin, seat) == rules.seat_view(state, seat)
    assert twin.rng != state.rng and twin.supply != state.supply
    for seed in range(3):
        assert search.decide(state, seat, seed, TINY) == search.decide(twin, seat, seed, TINY)
        assert greedy.decide(state, seat, seed) == greedy.decide(twin, seat, seed)
