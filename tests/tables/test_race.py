"""Two processes racing to write one table: the file always loads, no action is lost or doubled."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

import saves
from saves import tables
from saves.records import Seat, Setup
from tests.helpers.table_racer import race

ROUNDS = 200


def _table(folder: Path) -> Path:
    names = ("Asha", "Bela", "Chand", "Devi")
    game = saves.start_game(Setup(tuple(Seat(n) for n in names), seed=12))
    path = tables.table_path(folder, "race")
    tables.create(path, game)
    return path


@pytest.mark.slow
def test_two_racers_lose_and_double_nothing(tmp_path: Path) -> None:
    path = _table(tmp_path)
    context = multiprocessing.get_context("spawn")
    barrier = context.Manager().Barrier(2, timeout=60)
    with context.Pool(2) as pool:
        results = [pool.apply_async(race, (str(path), ROUNDS, barrier)) for _ in range(2)]
        won = [result.get(timeout=300) for result in results]
    game = saves.load(path)  # loads and replays with every check
    played = sorted(won[0] + won[1])
    # Each action that went through is in the file exactly once, where its writer put it ...
    assert [index for index, _, _ in played] == list(range(len(game.log)))
    assert [(e.seat, e.action) for e in game.log] == [(s, a) for _, s, a in played]
    # ... and they did race: both won some rounds and some writes were refused as stale.
    assert won[0] and won[1]
    assert len(game.log) < 2 * ROUNDS
