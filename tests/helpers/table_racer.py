"""One of the processes racing to write a table: helpers of the race tests, each run in its own
process."""

from __future__ import annotations

import time
from multiprocessing.synchronize import Barrier
from pathlib import Path

import rules
import saves
from rajas_tui.present import turns
from saves import tables


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
            after = tables.act(table, game.state.turn, action, saw)
        except tables.Stale:
            continue
        entry = after.log[len(saw)]
        won.append((len(saw), entry.seat, entry.action))
    return won


def tend_race(path: str, rounds: int, barrier: Barrier, who: int) -> int:
    """Each round both racers tend the table's bots at once, then racer 0 plays the human's
    next action; how many bot moves this racer thought (each a little slow, so the two overlap)."""
    table = Path(path)
    thinks = 0

    def choose(game: saves.Game) -> rules.Action:
        nonlocal thinks
        thinks += 1
        time.sleep(0.01)
        return turns.bot_action(game)

    for _ in range(rounds):
        barrier.wait()
        tables.tend(table, choose)
        barrier.wait()
        game = tables.read(table)
        if who == 0 and not game.over:
            action = rules.legal_actions(game.state)[0]
            tables.act(table, game.state.turn, action, tables.seen(game))
    return thinks
