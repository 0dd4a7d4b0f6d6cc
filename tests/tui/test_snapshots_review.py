"""Snapshots of the replay and the review of the finished 3-player example: a fixed save, a fixed
review budget judged in the test's process, no clock.

Update only after looking at each one's text: `pytest tests/tui/test_snapshots_review.py
--snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rajas_tui.bots.review import Budget
from rajas_tui.present import review, reviewcache
from rajas_tui.tui.screens.review import ReviewScreen
from tests.helpers import apps

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]
TINY = Budget(iterations=2, rollout=0, samples=1)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """The replay at the first player's costliest decision, its review kept."""
    game = apps.finished()
    found = review.review(game, [0, 1, 2], TINY, review.default_judge())
    for seat_review in found:
        reviewcache.store(game, seat_review, TINY)
    worst = found[0].costliest()[0]

    async def at_the_worst(pilot: Pilot[None]) -> None:
        app: Any = pilot.app
        app.open_replay(game, position=worst.action)
        await apps.until(pilot, lambda: bool(getattr(app.screen, "marks", None)), "the marks")
        await pilot.pause()

    app = apps.app(game, saves=saves, review_budget=TINY)
    assert snap_compare(app, terminal_size=size, run_before=at_the_worst)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_review(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    async def reviewed(pilot: Pilot[None]) -> None:
        await pilot.press("v")

        def done() -> bool:
            screen = pilot.app.screen
            return isinstance(screen, ReviewScreen) and bool(screen.found)

        await apps.until(pilot, done, "the review", 3000)
        await pilot.pause()

    app = apps.app(apps.finished(), saves=saves, review_budget=TINY)
    assert snap_compare(app, terminal_size=size, run_before=reviewed)
