"""The engine says why a space, a display tile, a chamber or a building row cannot be taken now:
the sentence is None exactly when some legal action takes it."""

from __future__ import annotations

import re

import pytest

import rules
from rules import GameState
from rules.actions import PLACEMENTS, Quarry
from rules.catalog import catalog
from rules.model import BUILDINGS
from rules.spaces import board_side, open_spaces
from tests.helpers.playouts import random_states

GAMES = 24


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(GAMES)


def test_enough_states() -> None:
    assert len(played_states()) > 2000


@pytest.mark.slow
def test_a_space_has_a_reason_exactly_when_no_legal_action_takes_it() -> None:
    placed = 0
    for state in played_states():
        taken = {a.space for a in rules.legal_actions(state) if isinstance(a, PLACEMENTS)}
        for spec in board_side(state).spaces:
            reason = rules.why_not(state, spec.key)
            assert (reason is None) == (spec.key in taken), (state.steps, spec.key, reason)
            if reason is not None:
                assert reason[0].isupper() and reason.endswith("."), reason
                assert "\n" not in reason
                assert not re.search(r"\ba [aeiou]", reason), reason
        placed += bool(taken)
    assert placed > 1000


def test_a_display_tile_has_a_reason_exactly_when_it_cannot_be_bought() -> None:
    checked = 0
    for state in played_states():
        if state.over or state.queue:
            continue
        # With money for any quarry space, only the tile and the dice decide.
        rich = state.update_player(state.turn, money=99)
        if not any(s.area == "quarry" for s in open_spaces(rich)):
            continue
        bought = {a.stack for a in rules.legal_actions(rich) if isinstance(a, Quarry)}
        for stack in range(len(state.supply.stacks)):
            reason = rules.why_not_tile(state, stack)
            assert (reason is None) == (stack in bought), (state.steps, stack, reason)
            checked += 1
    assert checked > 1000


def test_a_master_builder_tile_has_a_reason_exactly_when_no_rebuild_takes_it() -> None:
    checked = 0
    for state in played_states():
        if not state.queue or state.queue[0].kind != "rebuild":
            continue
        legal = {(a.cell, a.stack) for a in rules.legal_actions(state)}
        for cell, _ in state.player.province.placed():
            for stack in range(len(state.supply.stacks)):
                reason = rules.why_not_tile(state, stack, cell)
                assert (reason is None) == ((cell, stack) in legal), (state.steps, cell, stack)
                checked += 1
    assert checked > 100


def test_chambers_and_rows_offered_by_a_choice_have_a_reason_exactly_when_not_legal() -> None:
    seen = set()
    for state in played_states():
        if not state.queue:
            continue
        effect = state.queue[0]
        legal = rules.legal_actions(state)
        if effect.kind == "chamber_choice":
            values = {a.value for a in legal}
            for value in range(effect.low, effect.high + 1):
                reason = rules.why_not_chamber(state, value)
                assert (reason is None) == (value in values), (state.steps, value, reason)
            seen.add("chamber")
        if effect.kind == "upgrade":
            rows = {a.building for a in legal}
            for building in BUILDINGS:
                reason = rules.why_not_upgrade(state, building)
                assert (reason is None) == (building in rows), (state.steps, building, reason)
                if reason is not None:
                    top = catalog().setup.building_level_max
                    assert str(top) in reason
                    seen.add("top row")
            seen.add("upgrade")
    assert {"chamber", "upgrade"} <= seen
