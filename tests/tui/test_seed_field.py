"""The new-game dialog's seed field takes ASCII digits only: a regular expression's \\d (and
int()) also take other scripts' digits, so '٣' started a game with seed 3."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from rajas_tui.tui.screens.newgame import NewGameScreen
from tests.helpers import apps


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_seed_field_takes_ascii_digits_only(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        field = app.screen.query_one("#seed", Input)
        field.value = ""
        await pilot.click("#seed")
        await pilot.press("٣", "３", "4", "²", "2")
        await pilot.pause()
        assert field.value == "42"
