"""Every action legal_actions lists can be reached by keys alone.

The chooser turns commands into actions, and every default key is one command (see
bindings.py); `test_every_command_has_a_key` in tests/tui/test_silent_keys.py ties the two. For
states from 100 random games, the plan the chooser's own steps give for each legal action is
pressed on a fresh chooser, which must produce exactly that action.
"""

from __future__ import annotations

import random

import pytest

import rules
from rajas_tui.present.chooser import Chooser
from rules.state import Config
from tests.helpers.key_plan import plan
from tests.helpers.playouts import random_game

GAMES = 100
STATES_PER_GAME = 12


def _sample_states(seed: int) -> list[rules.GameState]:
    """States along one random game: every placement and choice kind turns up over the games."""
    players = 2 + seed % 3
    state = rules.new_game(Config(players=players, seed=seed))
    chooser = random.Random(seed)
    states = [s for s in random_game(state, chooser) if not s.over]
    picked = chooser.sample(states, min(STATES_PER_GAME, len(states)))
    # Choices the engine asks for are rarer than placements: keep every one of a few kinds.
    rare = [s for s in states if s.queue and s.queue[0].kind in ("rebuild", "reroll", "dice")]
    return picked + rare[:4]


@pytest.mark.slow
def test_every_legal_action_is_reachable_by_keys() -> None:
    checked = 0
    kinds: set[str] = set()
    for seed in range(1, GAMES + 1):
        for state in _sample_states(seed):
            legal = rules.legal_actions(state)
            for action in legal:
                commands = plan(Chooser(state, legal), action)
                fresh = Chooser(state, legal)
                results = [fresh.press(c) for c in commands]
                assert results[-1] == action, (seed, state.steps, str(action), commands)
                assert all(r is None for r in results[:-1])
                checked += 1
            kinds.add(state.queue[0].kind if state.queue else "placement")
    assert checked > 10_000
    assert {"placement", "place_tile", "dice", "upgrade"} <= kinds


def test_escape_steps_back_without_changing_the_game() -> None:
    state = rules.new_game(Config(players=2, seed=3))
    chooser = Chooser(state)
    chooser.press("quarry")
    depth = len(chooser.steps)
    assert depth > 1 or chooser.message
    for _ in range(depth + 1):
        assert chooser.press("back") is None
    assert len(chooser.steps) == 1 and chooser.state is state


def test_a_space_that_is_not_legal_says_why() -> None:
    state = rules.new_game(Config(players=2, seed=3))
    chooser = Chooser(state)
    root = chooser.top
    blocked = [o for o in root.options if not o.enabled]
    assert blocked and all(o.reason for o in blocked)
    index = root.options.index(blocked[0])
    root.cursor = index
    chooser.press("confirm")
    assert blocked[0].reason.lower() in chooser.message.lower()
