"""The tracks pane draws each player's bar across the pane's whole width, at every size."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.present import text
from rajas_tui.tui.screens.game import PANE_NAMES
from rajas_tui.tui.widgets.tracks import BAR_INDENT, TracksPane
from tests.helpers import apps

pytestmark = pytest.mark.asyncio

TRACKS_KEY = str(PANE_NAMES.index("tracks") + 1)


def _bars(pane: TracksPane) -> list[str]:
    """The pane's bar lines as drawn, without their indent."""
    assert pane.view is not None
    lines = pane.render().plain.split("\n")
    markers = (text.G["fame"], text.G["money"], text.G["meet"])
    return [
        line[len(BAR_INDENT) :]
        for line in lines
        if line.startswith(BAR_INDENT) and any(m in line for m in markers) and "next" not in line
    ]


async def test_the_bars_fill_the_pane_as_it_grows(saves: Path) -> None:
    app = apps.app(apps.example("final-action-3p.toml"), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press(TRACKS_KEY)
        await pilot.pause()
        pane = app.screen.query_one(TracksPane)
        widths = []
        for size in (apps.SMALL, (110, 30), apps.LARGE):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            bars = _bars(pane)
            assert len(bars) == 3  # one per player of the 3-player game
            assert {len(bar) for bar in bars} == {pane.size.width - len(BAR_INDENT)}
            widths.append(pane.size.width)
        assert widths[1] > widths[0]
