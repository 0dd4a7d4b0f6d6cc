"""One of the processes racing to write a table: a helper of test_race, run in its own process."""

from __future__ import annotations

from multiprocessing.synchronize import Barrier
from pathlib import Path

import rules
from saves import tables
from saves.records import Game


def no_bots(game: Game) -> Game:
    return game


def race(path: str, rounds: int, barrier: Barrier) -> list[tuple[int, int, str]]:
    """Each round: read the table, wait for the other racer, then play the first legal action
    for the seat to act against what was read. The (log index, seat, action) of each write that
    went through; a stale view is refused, which is the point."""
    won: list[tuple[int, int, str]] = []
    table = Path(path)
    for _ in range(rounds):
        game = tables.read(table)
        saw = tables.seen(game)
        action = str(rules.legal_actions(game.state)[0]) if not game.over else ""
        barrier.wait()
        if not action:
            continue
        try:
            after = tables.act(table, game.state.turn, action, saw, no_bots)
        except tables.Stale:
            continue
        entry = after.log[len(saw)]
        won.append((len(saw), entry.seat, entry.action))
    return won
