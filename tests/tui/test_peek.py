"""Tab during a choice at 80×24: the other panes show in the chooser's place, and the choice is
one key away (the next choice key brings it back and acts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.tui.screens.game import GameScreen, Line
from rajas_tui.tui.widgets.chooser import ChooserPane
from tests.helpers import apps


@pytest.mark.asyncio
async def test_tab_during_a_choice_shows_a_pane_and_a_choice_key_brings_it_back(
    saves: Path,
) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("q")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        chooser = screen.query_one(ChooserPane)
        assert chooser.display and screen.chooser is not None
        cursor = screen.chooser.top.cursor
        await pilot.press("tab")
        await pilot.pause()
        current = screen.query_one(f"#pane-{screen.pane}")
        assert not chooser.display and current.display, "the pane shows in the choice's place"
        assert "a choice key brings it back" in screen.query_one("#prompt", Line).content.plain
        assert screen.chooser.top.cursor == cursor, "the choice is kept as it was"
        await pilot.press("down")
        await pilot.pause()
        assert chooser.display and not current.display
        assert screen.chooser.top.cursor != cursor, "the key brought the choice back and acted"
