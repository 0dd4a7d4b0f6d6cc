"""Previews show every gain of an action, the choices it leads to named as choices, and nothing
that is hidden until the action is confirmed (dice faces, yield tiles, the order of stacks)."""

from __future__ import annotations

import pytest

import rules
from rajas_tui.present.action_preview import preview
from rajas_tui.present.text import G
from rules.state import GameState, replace
from tests.helpers.playouts import random_states

GAMES = 16


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(GAMES)


def _other_chance(state: GameState) -> GameState:
    """The same position with what nobody has seen yet changed: the yield tiles' order and the
    random stream the next rolls come from."""
    supply = replace(state.supply, yields=tuple(reversed(state.supply.yields)))
    return replace(state, supply=supply, rng=state.rng ^ 0x5DEECE66D)


@pytest.mark.slow
def test_a_preview_tells_nothing_hidden() -> None:
    checked = 0
    for state in played_states()[::3]:
        other = _other_chance(state)
        for action in rules.legal_actions(state):
            assert preview(state, action) == preview(other, action), (state.steps, str(action))
            checked += 1
    assert checked > 3000


@pytest.mark.slow
def test_a_preview_counts_the_gains_behind_a_choice() -> None:
    """Fame the action's gains bring after a choice it waits for is in the preview too."""
    behind = 0
    for state in played_states():
        for action in rules.legal_actions(state):
            after = rules.apply(state, action)
            if after.over or after.turn != state.turn or not after.queue:
                continue
            later = sum(e.n for e in after.queue[1:] if e.kind == "fame")
            if not later:
                continue
            seat = state.turn
            fame = after.players[seat].fame - state.players[seat].fame + later
            text = preview(state, action)
            assert f"+{fame}{G['fame']}" in text, (state.steps, str(action), text)
            assert "choose" in text, text
            behind += 1
    assert behind > 5
