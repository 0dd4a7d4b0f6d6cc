"""Snapshots of the guided first game at 80×24 and 160×50: its third step, the harbor's dice to
choose from, with the lesson's line above the prompt.

Update only after looking at the report: `pytest tests/tui --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rajas_tui.tui.screens.tutorial import TutorialScreen
from tests.helpers import apps

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]


async def _tutorial_shown(pilot: Pilot[None]) -> None:
    await apps.until(pilot, lambda: isinstance(pilot.app.screen, TutorialScreen), "the tutorial")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_tutorial_step(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(saves=saves, tutorial=True)
    assert snap_compare(app, terminal_size=size, run_before=_tutorial_shown, press=["2", "1", "h"])
