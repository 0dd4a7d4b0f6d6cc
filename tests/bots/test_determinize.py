"""`rules.determinize`: equal in all a seat sees, hidden parts resampled, a state play goes on
from; `rules.returns`: a win always outweighs margin."""

from __future__ import annotations

import random

import pytest

import rules
from rules import GameState, determinize, returns, seat_view
from tests.helpers.playouts import random_states, variant_config


@pytest.fixture(scope="module")
def sample() -> list[GameState]:
    states = random_states(3) + random_states(5, variants=True)
    return random.Random(11).sample(states, 60)


def _visible(state: GameState, seat: int) -> GameState:
    """What the seat sees, with the stand-in seed and generator the view holds anyway."""
    return seat_view(state, seat)


def test_a_determinized_game_looks_the_same_to_its_seat(sample: list[GameState]) -> None:
    for state in sample:
        seat = state.turn
        for seed in (1, 2):
            made = determinize(state, seat, seed)
            assert _visible(made, seat) == _visible(state, seat)


def test_a_determinized_game_is_whole_and_goes_on(sample: list[GameState]) -> None:
    for i, state in enumerate(sample):
        made = determinize(state, state.turn, i)
        assert rules.invariant_problems(made) == []
        pick = random.Random(i)
        for _ in range(30):
            if made.over:
                break
            before = made
            made = rules.apply(made, pick.choice(rules.legal_actions(made)))
            assert rules.invariant_problems(made, before) == []


def test_the_hidden_parts_differ_across_seeds() -> None:
    # Every variant at once: stacks, the white stack and the others' face-down brown tiles.
    state = rules.new_game(variant_config(4, 4))
    assert state.config.boards and state.supply.yields
    made = [determinize(state, 0, seed) for seed in range(8)]
    assert len({m.supply.stacks for m in made}) > 1
    assert len({m.supply.yields for m in made}) > 1
    assert len({m.rng for m in made}) == len(made)
    hidden = {tuple(p.fields for p in m.players[1:] if p.face_down) for m in made}
    assert len(hidden) > 1
    # Its own face-down tile the seat knows: never resampled.
    assert {m.players[0].fields for m in made} == {state.players[0].fields}


def test_the_same_seed_gives_the_same_game_and_the_real_one_is_not_consulted() -> None:
    state = rules.new_game(variant_config(3, 2))
    other = rules.new_game(rules.replace(state.config, seed=99))
    # Same view for seat 0, other hidden parts: build one by taking the view's visible fields.
    twin = rules.replace(
        state,
        rng=other.rng,
        supply=rules.replace(state.supply, yields=tuple(reversed(state.supply.yields))),
    )
    assert seat_view(twin, 0) == seat_view(state, 0)
    assert determinize(state, 0, 5) == determinize(twin, 0, 5)
    assert determinize(state, 0, 5) == determinize(state, 0, 5)


def test_a_win_outweighs_any_margin() -> None:
    state = rules.new_game(rules.Config(players=3, seed=1))
    p = state.players
    ended = rules.replace(
        state,
        players=(
            rules.replace(p[0], fame=40, money=50),  # margin +4: met, wins
            rules.replace(p[1], fame=10, money=0),  # far from meeting
            rules.replace(p[2], fame=38, money=50),  # margin +2: met, second
        ),
        met_order=(2, 0),
    )
    values = returns(ended)
    assert values[0] > 1.0 > values[2] > values[1]
    assert max(abs(v - round(v)) for v in values) <= 0.1


def test_a_determinized_game_carries_no_seed_nor_the_real_generator(
    sample: list[GameState],
) -> None:
    for state in sample:
        made = determinize(state, state.turn, 3)
        assert made.config.seed == seat_view(state, None).config.seed != state.config.seed
        assert made.rng != state.rng
