"""A log's words for what an action revealed come from the engine's report (`told`); saves
written before it hold the words found by comparing the states (`compared`), and both must say
the same wherever the comparison could tell, so that earlier saves load and read as before."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from rules import GameState
from saves.reveal_words import compared, told
from tests.helpers.playouts import random_steps, variant_config


def _rolled_onto_a_face_given_up(
    before: GameState, action: rules.Action, after: GameState, revealed: tuple[rules.Reveal, ...]
) -> bool:
    """Whether a die rolled came up as a die the statue gave up in the same action (a re-roll
    aside, which both tell alike): comparing the statues cannot see that roll."""
    if isinstance(action, rules.Reroll):
        return False
    seat = before.turn
    rolled = Counter(d for r in revealed if isinstance(r, rules.Rolled) for d in r.dice)
    new = Counter(after.players[seat].dice) - Counter(before.players[seat].dice)
    return bool(rolled - new)


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_engines_words_are_the_compared_words(seed: int) -> None:
    start = rules.new_game(
        variant_config(2 + seed % 3, seed) if seed % 2 else rules.Config(3, seed)
    )
    said = 0
    for state, action in random_steps(start, random.Random(seed)):
        after, revealed = rules.apply_revealing(state, action)
        words, earlier = told(revealed), compared(state, after, action)
        assert bool(words) == bool(earlier)
        if words != earlier:
            assert _rolled_onto_a_face_given_up(state, action, after, revealed), (
                action,
                words,
                earlier,
            )
        said += bool(words)
    assert said > 20


def test_a_roll_onto_a_face_given_up_is_told_by_its_die() -> None:
    # In this game a harbor action is paid with a blue 2 and brings two blue dice, one of which
    # rolls a 2: comparing the statues saw only the 6.
    start = rules.new_game(rules.Config(players=2, seed=36))
    for state, action in random_steps(start, random.Random(36)):
        after, revealed = rules.apply_revealing(state, action)
        if _rolled_onto_a_face_given_up(state, action, after, revealed):
            assert told(revealed) == "rolled b2 b6"
            assert compared(state, after, action) == "rolled b6"
            return
    raise AssertionError("the harbor's roll was not met")
