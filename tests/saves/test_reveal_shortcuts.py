"""What an earlier save's log says an action revealed is read the same when nothing is shared
between the states.

`reveal_words.compared` skips the fields and the display stacks when the state after an action still
holds the very objects of the state before (nothing there changed); this holds it to the words
it gives when every one of them is a fresh copy, in games of every board kind.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from rules import Config, GameState
from rules.state import replace
from saves import reveal_words
from tests.helpers.playouts import random_steps


def _unshared(state: GameState) -> GameState:
    """The same state with every field tuple and the display stacks copied anew."""
    players = tuple(replace(p, fields=tuple(list(p.fields))) for p in state.players)
    supply = replace(state.supply, stacks=tuple(list(state.supply.stacks)))
    return replace(state, players=players, supply=supply)


@pytest.mark.parametrize("boards", ["base", "navaratnas", "mixed"])
def test_reveal_is_the_same_without_shared_parts(boards: str) -> None:
    told = 0
    for seed in range(1, 5):
        kinds = {"base": ("base",) * 4, "navaratnas": ("navaratnas",) * 4}
        seats = kinds.get(boards, ("base", "navaratnas") * 2)
        state = rules.new_game(Config(players=4, seed=seed, boards=seats, ganga=seed % 2 == 0))
        for before, action in random_steps(state, random.Random(seed)):
            after = rules.apply(before, action)
            words = reveal_words.compared(before, after, action)
            assert words == reveal_words.compared(before, _unshared(after), action)
            told += bool(words)
    assert told > 50


def test_the_dice_told_rolled_are_the_new_dice_on_the_statue() -> None:
    # Told by taking the kept dice out of the statue after, one by one; checked here against
    # the multiset difference, re-rolls that bring a face back included.
    rerolls = 0
    for seed in range(1, 9):
        start = rules.new_game(Config(players=3, seed=seed))
        for state, action in random_steps(start, random.Random(seed)):
            after = rules.apply(state, action)
            kept = state.players[state.turn].dice
            if isinstance(action, rules.Reroll) and action.die is None and state.queue:
                remaining = rules.remove_dice(kept, state.queue[0].chosen)
                assert remaining is not None
                kept = remaining
                rerolls += 1
            new = Counter(after.players[state.turn].dice) - Counter(kept)
            assert reveal_words._rolled(state, after, action) == sorted(new.elements())
    assert rerolls > 5
