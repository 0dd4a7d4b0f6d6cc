"""Started on a game, the app builds only the game's screen for its first frame; the title is
made when the player goes back to it, and works as if it had been there all along."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.widgets import OptionList

from rajas_tui.tui import app as app_module
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.title import TitleScreen

from . import kit

pytestmark = pytest.mark.asyncio


async def test_a_game_opens_without_a_title_beneath_it(saves: Path) -> None:
    app = kit.app(kit.midgame(), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not any(isinstance(screen, TitleScreen) for screen in app.screen_stack)


async def test_escape_from_the_game_over_screen_opens_the_title(saves: Path) -> None:
    app = kit.app(kit.finished(), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await kit.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        menu = app.screen.query_one("#title-menu", OptionList)

        def listed() -> bool:
            prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            return "looking" not in " ".join(prompts)

        await kit.until(pilot, listed, "the title's listing of the saves")
        assert len(app.screen_stack) == 2  # the title took the game's place


async def test_the_collector_is_paused_until_the_first_frame_then_runs_again(saves: Path) -> None:
    """Start-up's objects are frozen once the first frame is drawn; collection runs again."""
    seen: list[bool] = []

    class Watched(RajasApp):
        CSS_PATH = Path(app_module.__file__).with_name("app.tcss")  # not beside this test

        def on_mount(self) -> None:  # Textual runs RajasApp's own on_mount after this one
            seen.append(gc.isenabled())

    app = Watched(kit.midgame(), saves_dir=saves, bot_delay=0, keymap_file=kit.NO_KEYMAP)
    frozen = gc.get_freeze_count()
    try:
        async with app.run_test(size=kit.SMALL) as pilot:
            await kit.until(pilot, gc.isenabled, "the collector running again")
            assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
        gc.enable()
    assert seen == [False]
