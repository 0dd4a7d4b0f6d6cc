"""`apply` trusts an action that `legal_actions` has just listed for the very same state: it
skips the spelling, and the checks of a placement, which the listing made (issue 10). Anything
else, an equal action made elsewhere, an action listed for another state, one a caller added to
the list it was given, is checked as always."""

from __future__ import annotations

import random

import attrs
import pytest

import rules
from rules import engine
from rules.actions import Action, Pass
from rules.state import Config, GameState


@pytest.fixture
def checked_placements(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """The placements `apply` checked, in order."""
    checked: list[Action] = []
    place = engine._place

    def spy(state: GameState, action: Action, *rest: object) -> GameState:
        checked.append(action)
        return place(state, action, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "_place", spy)
    return checked


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 4), (3, 3)])
def test_a_just_listed_placement_is_not_checked_and_leads_where_a_checked_one_leads(
    seed: int, players: int, checked_placements: list[Action]
) -> None:
    state = rules.new_game(Config(players=players, seed=seed))
    chooser = random.Random(seed)
    placements = 0
    while not state.over:
        action = chooser.choice(rules.legal_actions(state))
        equal = attrs.evolve(action)  # equal, but not the record listed
        checked_before = len(checked_placements)
        after = rules.apply(state, action)
        if not state.queue and not isinstance(action, Pass):
            placements += 1
            assert len(checked_placements) == checked_before
            assert rules.apply(state, equal) == after
            assert checked_placements[-1] is equal
        else:
            assert rules.apply(state, equal) == after
        state = after
    assert placements > 20


def _a_placement_and_the_next_placement_state(seed: int) -> tuple[GameState, Action, GameState]:
    state = rules.new_game(Config(players=4, seed=seed))
    action = next(a for a in rules.legal_actions(state) if not isinstance(a, Pass))
    after = rules.apply(state, action)
    while after.queue:  # the choices it brings, up to the next placement
        after = rules.apply(after, rules.legal_actions(after)[0])
    return state, action, after


def test_an_action_listed_for_another_state_is_checked() -> None:
    before, action, after = _a_placement_and_the_next_placement_state(7)
    rules.legal_actions(before)
    with pytest.raises(rules.IllegalAction, match="taken"):
        rules.apply(after, action)  # its space is taken now
    # Nor once the state it is applied to was listed: the record is not among its actions.
    assert action not in rules.legal_actions(after)
    with pytest.raises(rules.IllegalAction, match="taken"):
        rules.apply(after, action)


def test_an_action_a_caller_added_to_the_list_is_checked() -> None:
    state = rules.new_game(Config(players=4, seed=8))
    actions = rules.legal_actions(state)
    passing = Pass()
    actions.append(passing)
    with pytest.raises(rules.IllegalAction, match="cannot pass"):
        rules.apply(state, passing)


def test_a_just_listed_choice_is_not_spelled_again_and_leads_where_a_spelled_one_leads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spelled: list[Action] = []
    spell = engine.canonical

    def spy(state: GameState, action: Action) -> Action:
        spelled.append(action)
        return spell(state, action)

    monkeypatch.setattr(engine, "canonical", spy)
    state = rules.new_game(Config(players=3, seed=11))
    chooser = random.Random(11)
    choices = 0
    while not state.over:
        action = chooser.choice(rules.legal_actions(state))
        equal = attrs.evolve(action)
        after = rules.apply(state, action)
        assert spelled == []
        assert rules.apply(state, equal) == after
        assert spelled == [equal]
        spelled.clear()
        choices += bool(state.queue)
        state = after
    assert choices > 20
