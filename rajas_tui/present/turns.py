"""Turns between the saved game and the bots: who moves next when a bot has the seat."""

from __future__ import annotations

import saves
from rajas_tui import bots


def run_bots(game: saves.Game) -> saves.Game:
    """Lets bots move until a human is to act or the game is over."""
    while not game.over and not game.seat.is_human:
        game = saves.play(game, bots.choose(game.seat.kind, game.state, game.setup.seed))
    return game
