"""Started on a game, the app builds only the game's screen for its first frame; the title is
made when the player goes back to it, and works as if it had been there all along."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.widgets import OptionList

from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.title import TitleScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


async def test_a_game_opens_without_a_title_beneath_it(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not any(isinstance(screen, TitleScreen) for screen in app.screen_stack)


async def test_escape_from_the_game_over_screen_opens_the_title(saves: Path) -> None:
    app = apps.app(apps.finished(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        menu = app.screen.query_one("#title-menu", OptionList)

        def listed() -> bool:
            prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            return "looking" not in " ".join(prompts)

        await apps.until(pilot, listed, "the title's listing of the saves")
        assert len(app.screen_stack) == 2  # the title took the game's place


@pytest.mark.slow
async def test_start_up_s_heap_is_frozen_once_the_first_frame_is_drawn(saves: Path) -> None:
    """What start-up made lives as long as the app: kept out of full collections, which walked
    it on the UI thread while bots played."""
    app = apps.app(apps.midgame(), saves=saves)
    before = gc.get_freeze_count()
    try:
        async with app.run_test(size=apps.SMALL) as pilot:
            await apps.until(pilot, lambda: gc.get_freeze_count() > before, "start-up frozen")
            assert gc.isenabled()
    finally:
        gc.unfreeze()
