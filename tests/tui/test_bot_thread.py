"""A bot chooses in a worker thread: while a slow one thinks, the keys still answer, the screen
says it is thinking, and an undo cancels it so that it stops thinking and its move is never
played. The bot is held (`apps.Held`) until the test lets it answer."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.present import turns
from rajas_tui.tui.screens.bot_turns import BOT_GROUP
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.help import HelpScreen
from tests.helpers import apps


def _human_then_bot() -> save_layer.Game:
    """A game whose human seat has just played, so that the bot is to move and undo can act."""
    game = apps.new_game([("Asha", "human"), ("Bela", "random")], 11)
    while not game.seat.is_human:
        game = save_layer.play(game, turns.bot_action(game))
    while game.seat.is_human:  # one turn may take more than one action
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.mark.asyncio
async def test_help_and_panes_answer_while_a_bot_thinks(saves: Path, held_bot: apps.Held) -> None:
    game = _human_then_bot()
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "the bot started thinking")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Bela (bot) is thinking…" in apps.prompt(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen), "help opens while the bot thinks"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("7")
        assert screen.pane == "log", "the panes change while the bot thinks"
        assert not held_bot.release.is_set() and app.game is game, "and the bot is still at it"
        held_bot.release.set()
        await apps.until(pilot, lambda: app.game is not game, "the bot's move was played")
        assert app.game is not None and len(app.game.log) == len(game.log) + 1


@pytest.mark.asyncio
async def test_undo_cancels_a_thinking_bot_and_its_move_is_never_played(
    saves: Path, held_bot: apps.Held
) -> None:
    game = _human_then_bot()
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "the bot started thinking")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        thinking = [w for w in screen.workers if w.group == BOT_GROUP]
        await pilot.press("u")
        await apps.until(pilot, lambda: app.game is not game, "the undo was shown")
        undone = app.game
        assert undone is not None and len(undone.log) == len(game.log) - 1
        assert undone.seat.is_human, "the human's turn again"
        assert thinking and all(w.is_cancelled for w in thinking)
        await apps.until(pilot, held_bot.stopped.is_set, "the bot stopped thinking")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game is undone, "that move was not played on the game after the undo"
        assert "is thinking" not in apps.prompt(app)


@pytest.mark.asyncio
async def test_quit_while_a_bot_thinks_keeps_the_game(saves: Path, held_bot: apps.Held) -> None:
    game = _human_then_bot()
    path = saves / "kept.toml"
    save_layer.save(game, path)
    app = apps.app(save_layer.load(path), saves=saves, path=path, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "the bot started thinking")
        await pilot.press("ctrl+q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit")
    assert held_bot.stopped.wait(apps.HOLD_SECONDS), "quitting stopped the bot's thinking"
    assert save_layer.load(path).log == game.log
