"""The app with its bots in their own process (the default; other app tests think in the test's
process): they play the same game as in this process, an undo or quitting while one thinks ends
its search there, and a worker that died is replaced with a word to the player."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui.present import bot_process as process
from rajas_tui.present import turns
from rajas_tui.present.bot_process import Process
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps


def _human_has_played(seats: list[tuple[str, str]], seed: int) -> save_layer.Game:
    game = apps.new_game(seats, seed)
    game = turns.run_bots(game)
    while game.seat.is_human:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.mark.slow
@pytest.mark.asyncio
async def test_bots_in_their_process_play_the_game_this_process_would(saves: Path) -> None:
    game = _human_has_played([("Asha", "human"), ("Bela", "greedy"), ("Chand", "easy")], 3)
    expected = turns.run_bots(game)
    app = apps.app(game, saves=saves, thinker=Process())
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(
            pilot, lambda: app.shown.seat.is_human, "the bots played to the human", looks=6000
        )
        assert app.shown.log == expected.log
        worker = app.thinker
        assert isinstance(worker, Process) and worker.pid not in (None, os.getpid())


async def _hard_bot_thinking(pilot: Pilot[None], app: RajasApp, thinker: Process) -> int:
    """Waits until the hard bot thinks in its worker process; that process's id."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await apps.until(pilot, lambda: screen.bots.thinking is not None, "the bot is thinking")
    await apps.until(pilot, lambda: thinker.pid is not None, "its worker is running")
    pid = thinker.pid
    assert pid is not None
    return pid


@pytest.mark.slow
@pytest.mark.asyncio
async def test_undo_while_a_hard_bot_thinks_ends_its_search(saves: Path) -> None:
    game = _human_has_played([("Asha", "human"), ("Bela", "hard")], 5)
    thinker = Process()
    app = apps.app(game, saves=saves, thinker=thinker)
    async with app.run_test(size=apps.SMALL) as pilot:
        pid = await _hard_bot_thinking(pilot, app, thinker)
        await pilot.press("u")
        await apps.until(pilot, lambda: app.shown.seat.is_human, "the undo was shown")
        await apps.until(pilot, lambda: apps.process_gone(pid), "the search ended", looks=3000)
        assert len(app.shown.log) == len(game.log) - 1, "and no move of it was played"


@pytest.mark.slow
@pytest.mark.asyncio
async def test_quitting_while_a_hard_bot_thinks_ends_its_process(saves: Path) -> None:
    game = _human_has_played([("Asha", "human"), ("Bela", "hard")], 5)
    thinker = Process()
    app = apps.app(game, saves=saves, thinker=thinker)
    async with app.run_test(size=apps.SMALL) as pilot:
        pid = await _hard_bot_thinking(pilot, app, thinker)
        await pilot.press("ctrl+q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit")
    assert apps.process_gone(pid), "the worker ended with the app"


@pytest.mark.asyncio
async def test_a_dead_worker_is_replaced_and_the_player_told(saves: Path) -> None:
    game = _human_has_played([("Asha", "human"), ("Bela", "greedy")], 8)
    thinker = Process()
    app = apps.app(game, saves=saves, thinker=thinker, bot_delay=0.2)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, lambda: thinker.pid is not None, "the worker started")
        pid = thinker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)  # before the bot's pause is over: dead when asked
        await apps.until(pilot, lambda: app.shown.seat.is_human, "the bot moved", looks=3000)
        assert app.shown.log == turns.run_bots(game).log, "the game went on as it would"
        notes = apps.notices(app)
        assert notes.count(process.RESTARTED) == 1
