"""The random bot: any legal action, uniformly. No opposition, but a check of the rules."""

from __future__ import annotations

import random

import rules
from rajas_tui.bots.seeds import Seed
from rules import GameState


def decide(state: GameState, seat: int, seed: Seed) -> rules.Action:
    """A legal action for `seat`, drawn from `seed` alone."""
    options = rules.legal_actions(rules.seat_view(state, seat))
    return random.Random(seed).choice(options)
