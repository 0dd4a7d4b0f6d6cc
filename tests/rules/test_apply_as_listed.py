"""`apply(..., as_listed=True)` plays an action spelled as listed without spelling it again: a
log's replay and `journal.play`, which asks `canonical` itself, skip the second spelling. Given
the listed spelling it must lead exactly where `apply` leads."""

from __future__ import annotations

import random

import attrs
import pytest

import rules
from rules.actions import Harbor, Quarry, Take
from rules.state import Config


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 4), (3, 3)])
def test_a_listed_action_leads_where_apply_leads(seed: int, players: int) -> None:
    state = rules.new_game(Config(players=players, seed=seed))
    chooser = random.Random(seed)
    while not state.over:
        action = chooser.choice(rules.legal_actions(state))
        # An equal record, not the one listed: `apply` trusts that one without checking it at
        # all (see test_apply_just_listed.py), and this is about `as_listed` alone.
        equal = attrs.evolve(action)
        after = rules.apply(state, equal)
        assert rules.apply(state, equal, as_listed=True) == after
        state = after


def test_another_spelling_made_canonical_first_leads_where_apply_leads() -> None:
    state = rules.new_game(Config(players=4, seed=5))
    chooser = random.Random(5)
    respelled = 0
    while not state.over:
        action = chooser.choice(rules.legal_actions(state))
        other = action
        if isinstance(action, Take) and len(set(action.colours)) > 1:
            other = Take(tuple(reversed(action.colours)))
        elif isinstance(action, Quarry) and len(action.pay) > 1:
            other = attrs.evolve(action, pay=tuple(reversed(action.pay)))
        elif isinstance(action, Harbor) and action.steps < action.pay.value:
            other = attrs.evolve(action, steps=action.pay.value)
        if other != action:
            listed = rules.canonical(state, other)
            assert rules.apply(state, listed, as_listed=True) == rules.apply(state, other)
            respelled += 1
        state = rules.apply(state, action)
    assert respelled > 0


def test_an_illegal_action_is_refused_as_listed_too() -> None:
    state = rules.new_game(Config(players=2, seed=1))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, rules.Pass(), as_listed=True)
