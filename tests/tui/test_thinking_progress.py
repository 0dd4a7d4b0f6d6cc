"""A bot or the coach that thinks for more than a second is seen to go on: the prompt counts the
seconds ("Bela (bot) is thinking… 2 s"), and the count goes when the thinking ends. The tests'
apps (`apps.app`) show no count, so that no screen a test looks at depends on a clock; these
give the app its default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.present import coach, turns
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps

PROGRESS_AFTER = 1.0  # the app's default
COUNTED = re.compile(r"thinking… (\d+) s")


def _seconds(app: RajasApp) -> int | None:
    found = COUNTED.search(apps.prompt(app))
    return int(found.group(1)) if found else None


def _human_then_bot() -> save_layer.Game:
    """Asha (human) has just played: Bela, a bot, is to move."""
    game = apps.new_game([("Asha", "human"), ("Bela", "random")], 11)
    while not game.seat.is_human:
        game = save_layer.play(game, turns.bot_action(game))
    while game.seat.is_human:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.mark.asyncio
async def test_a_bot_thinking_for_seconds_is_counted_and_the_count_goes_with_it(
    saves: Path, held_bot: apps.Held
) -> None:
    game = _human_then_bot()
    app = apps.app(game, saves=saves, thinker=held_bot, progress_after=PROGRESS_AFTER)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "Bela started thinking")
        await apps.until(pilot, lambda: _seconds(app) == 1, "one second counted")
        assert "Bela (bot) is thinking… 1 s" in apps.prompt(app)
        await apps.until(pilot, lambda: _seconds(app) == 2, "the next second counted")
        held_bot.release.set()
        await apps.until(pilot, lambda: app.game is not game, "Bela's move shown")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await apps.until(pilot, lambda: screen.chooser is not None, "Asha's turn")
        assert "thinking" not in apps.prompt(app) and _seconds(app) is None


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_coach_thinking_for_seconds_is_counted_until_cancelled(
    saves: Path, held_bot: apps.Held
) -> None:
    held_bot.only = {coach.LEVEL}  # the coach's bot is held; Bela plays at once
    game = _human_then_bot()
    app = apps.app(game, saves=saves, thinker=held_bot, progress_after=PROGRESS_AFTER)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await apps.until(pilot, lambda: screen.chooser is not None, "Asha's turn")
        await pilot.press("a")
        await apps.until(pilot, held_bot.started.is_set, "the coach started", looks=6000)
        await apps.until(pilot, lambda: _seconds(app) is not None, "its seconds counted")
        assert re.search(r"The coach is thinking… \d+ s \(Esc cancels\)", apps.prompt(app))
        await pilot.press("escape")
        assert screen.bots.coaching is None and _seconds(app) is None
        assert "thinking" not in apps.prompt(app)


def test_the_tests_apps_count_no_seconds() -> None:
    """Snapshots are taken of `apps.app`s: a count there would make them depend on a clock."""
    assert apps.app().progress_after is None
    assert RajasApp().progress_after == PROGRESS_AFTER
