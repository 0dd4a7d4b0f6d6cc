"""A step's draft is a class of its own that no one outside the step sees: what `apply` hands
back, refused actions included, must be ordinary records."""

from __future__ import annotations

import random

import attrs
import pytest

import rules
from rules.state import GameState, Player, Supply
from tests.helpers.fixture_states import new
from tests.helpers.playouts import random_game


def _ordinary(state: GameState) -> None:
    assert type(state) is GameState
    assert all(type(p) is Player for p in state.players)
    assert type(state.supply) is Supply
    twin = attrs.evolve(state, players=tuple(attrs.evolve(p) for p in state.players))
    assert hash(state) == hash(twin)
    assert hash(state.supply) == hash(attrs.evolve(state.supply))


def test_every_state_apply_returns_is_an_ordinary_state() -> None:
    _, *played = random_game(new(4, 6), random.Random(6))
    for state in played:
        _ordinary(state)


def test_a_refused_step_leaves_no_draft_behind() -> None:
    state = new(2, 1)
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, rules.parse_action("single s1 o1 silk"))
    _ordinary(state)
    after = rules.apply(state, rules.legal_actions(state)[0])
    _ordinary(after)
