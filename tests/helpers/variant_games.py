"""Fixed variant games for the app's tests: played from a seed by a seeded choice among the
legal actions (taking yield tiles when offered), stopped at a position that shows the variants."""

from __future__ import annotations

import random

import rules
import saves

SEATS = (("Asha", saves.HUMAN), ("Bela", "random"), ("Chand", "random"), ("Devi", "random"))


def _showing(before: rules.GameState, after: rules.GameState, played: int) -> bool:
    """A human's turn with tiles on their fields, one of them gained somewhere at the table."""
    players = after.players
    return (
        before.turn == after.turn == 0
        and played > 40
        and any(p.gained for p in players)
        and players[0].fields.count(rules.EMPTY) <= 5
        and players[0].workers_left > 0
        and not after.queue
    )


def ganga_navaratnas(seed: int = 14) -> saves.Game:
    """A 4-player Ganga and Navaratnas game, seat A human, at such a position."""
    setup = saves.Setup(
        seats=tuple(saves.Seat(name, kind) for name, kind in SEATS),
        seed=seed,
        variants=("ganga", "navaratnas"),
    )
    game = saves.start_game(setup)
    pick = random.Random(1)
    while not game.state.over:
        state = game.state
        legal = rules.legal_actions(state)
        takes = [a for a in legal if isinstance(a, rules.TakeYield)]
        game = saves.play(game, pick.choice(takes or legal))
        if _showing(state, game.state, len(game.log)):
            return game
    raise AssertionError(f"seed {seed} reached no position that shows the variants")
