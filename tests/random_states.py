"""Every state of a few seeded random games: the sample the reason, preview and why-not tests
check their equivalences on."""

from __future__ import annotations

import random

import rules
from rules import Config, GameState


def random_states(games: int) -> list[GameState]:
    """Every state of `games` random games, of each player count in turn, seeds 1..games."""
    states = []
    for seed in range(1, games + 1):
        state = rules.new_game(Config(players=2 + seed % 3, seed=seed))
        pick = random.Random(seed)
        while not state.over:
            states.append(state)
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    return states
