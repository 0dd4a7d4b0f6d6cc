"""Players the computer moves for. Each bot kind picks one of `rules.legal_actions`.

A bot draws from its own `random.Random`, seeded from the game seed and the number of actions so
far: it never touches the game's generator, so a game with bots is still reproduced by its seed
and its log, and a bot makes the same choice again after an undo. A bot sees the game only as its
seat may (`rules.seat_view`): another seat's face-down tile never reaches it.
"""

from __future__ import annotations

import random

import rules
from rules import GameState

KINDS = ("random",)


def choose(kind: str, state: GameState, game_seed: int) -> rules.Action:
    """The action bot `kind` takes in `state`; ValueError for an unknown kind or a finished game."""
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a bot kind ({', '.join(KINDS)}).")
    options = rules.legal_actions(rules.seat_view(state, state.turn))
    if not options:
        raise ValueError("The game is over: there is nothing to choose.")
    # A string seed is hashed the same way on every run and machine (unlike hash()).
    chooser = random.Random(f"rajas-bot:{kind}:{game_seed}:{state.steps}")
    return chooser.choice(options)
