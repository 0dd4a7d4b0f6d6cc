"""The chooser only words what the engine says: every space, display tile, chamber and building
row that cannot be chosen is shown dimmed with the engine's sentence, never left out."""

from __future__ import annotations

import rules
from rajas_tui.present import text
from rajas_tui.present.chooser import Chooser
from rajas_tui.present.option_words import STACK_TITLE
from rules import GameState
from rules.catalog import catalog
from rules.model import BUILDINGS
from tests.helpers.playouts import random_states

GAMES = 12


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(GAMES)


def test_space_reasons_are_the_engines() -> None:
    checked = 0
    for state in played_states()[::7]:
        if state.queue:
            continue
        for option in Chooser(state).top.options:
            if option.key == "pass":
                continue
            assert option.enabled == (rules.why_not(state, option.key) is None)
            if not option.enabled:
                assert option.reason == rules.why_not(state, option.key)
                checked += 1
    assert checked > 100


def test_display_reasons_are_the_engines() -> None:
    checked = 0
    for state in played_states()[::5]:
        if state.queue:
            continue
        chooser = Chooser(state)
        chooser.press("quarry")
        step = chooser.top
        if step.title != STACK_TITLE:
            continue
        for option in step.options:
            assert option.enabled == (rules.why_not_tile(state, option.value) is None)
            if not option.enabled:
                assert option.reason == rules.why_not_tile(state, option.value)
                checked += 1
    assert checked > 50


def test_every_chamber_of_a_choice_is_shown_and_the_impossible_ones_say_why() -> None:
    dimmed = 0
    for state in played_states():
        if not state.queue or state.queue[0].kind != "chamber_choice":
            continue
        effect = state.queue[0]
        step = Chooser(state).top
        assert step.kind == "list"
        assert [o.value for o in step.options] == list(range(effect.low, effect.high + 1))
        for option in step.options:
            assert option.reason == (rules.why_not_chamber(state, option.value) or "")
            dimmed += not option.enabled
    assert dimmed


def test_every_building_row_of_an_upgrade_is_shown_and_a_full_one_says_why() -> None:
    dimmed = 0
    for state in played_states():
        if not state.queue or state.queue[0].kind != "upgrade":
            continue
        step = Chooser(state).top
        assert [o.value for o in step.options] == list(BUILDINGS)
        for option in step.options:
            assert option.reason == (rules.why_not_upgrade(state, option.value) or "")
            dimmed += not option.enabled
    assert dimmed


def test_space_words_say_an_before_a_vowel() -> None:
    import re

    for side in catalog().sides:
        for spec in side.spaces:
            words = text.space_words(spec)
            assert not re.search(r"\ba [aeiou]", words), words
