"""The coach key, end to end with the real normal bot: on a human's turn it shows what the bot
would play (as the preview tells it) and Enter plays that; Escape while it thinks cancels it;
on a bot's turn the key says why it cannot help."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.present import coach, turns
from rajas_tui.tui.screens.bot_turns import COACH_GROUP
from rajas_tui.tui.screens.coach import CoachScreen
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.help import HelpScreen
from tests.helpers import apps

SEATS = [("Asha", "human"), ("Bela", "easy")]


def humans_turn() -> save_layer.Game:
    """A small fixed game with the human to act."""
    game = apps.new_game(SEATS, 7)
    while not game.seat.is_human:
        game = save_layer.play(game, turns.bot_action(game))
    return game


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_coach_key_shows_the_advice_and_enter_plays_it(saves: Path) -> None:
    game = humans_turn()
    expected = coach.advise(game.state, game.setup.seed)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a")
        await apps.until(
            pilot, lambda: isinstance(app.screen, CoachScreen), "the advice shown", looks=6000
        )
        shown = str(app.screen.query_one("#advice").render())
        assert shown.splitlines() == coach.lines(expected)
        await pilot.press("enter")
        await apps.until(
            pilot, lambda: len(app.shown.log) > len(game.log), "the advice played", looks=6000
        )
        assert app.shown.log[len(game.log)].action == str(expected.action)
        assert app.screen is screen


@pytest.mark.slow
@pytest.mark.asyncio
async def test_escape_ignores_the_advice(saves: Path) -> None:
    game = humans_turn()
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("a")
        await apps.until(
            pilot, lambda: isinstance(app.screen, CoachScreen), "the advice shown", looks=6000
        )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.shown is game, "nothing was played"


@pytest.mark.slow
@pytest.mark.asyncio
async def test_escape_cancels_the_coach_while_it_thinks(saves: Path, held_bot: apps.Held) -> None:
    held_bot.only = {coach.LEVEL}  # the coach's bot is held; the easy seat plays at once
    game = humans_turn()
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a")
        await apps.until(pilot, held_bot.started.is_set, "the coach started", looks=6000)
        assert "The coach is thinking" in apps.prompt(app)
        await pilot.press("7")
        assert screen.pane == "log", "the screen answers keys while the coach thinks"
        await pilot.press("a", "escape")
        assert screen.bots.coaching is None
        assert all(w.is_cancelled for w in screen.workers if w.group == COACH_GROUP)
        assert "The coach is thinking" not in apps.prompt(app)
        await apps.until(pilot, held_bot.stopped.is_set, "the coach stopped thinking")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen, "a cancelled answer is never shown"
        assert screen.chooser is not None and screen.chooser.idle, "Escape only cancelled"
        assert app.shown is game


@pytest.mark.asyncio
async def test_on_a_bots_turn_the_key_says_why_not(saves: Path, held_bot: apps.Held) -> None:
    game = humans_turn()
    game = save_layer.play(game, rules.legal_actions(game.state)[0])
    while game.seat.is_human:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "the bot started thinking", looks=6000)
        await pilot.press("a")
        await pilot.pause()
        notes = apps.notices(app)
        assert "A bot is playing: the coach advises on your turn." in notes
        assert not isinstance(app.screen, CoachScreen)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_help_cancels_the_coach_so_its_answer_never_covers_the_help(
    saves: Path, held_bot: apps.Held
) -> None:
    held_bot.only = {coach.LEVEL}
    game = humans_turn()
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a")
        await apps.until(pilot, held_bot.started.is_set, "the coach started", looks=6000)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert screen.bots.coaching is None
        await apps.until(pilot, held_bot.stopped.is_set, "the coach stopped thinking")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen), "no advice opened over the help"
