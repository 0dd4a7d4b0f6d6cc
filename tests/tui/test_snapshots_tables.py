"""Snapshots of the title's Tables screen and of the new-table dialog, from a fixed tables folder
(fixed seeds, one seat held and one watcher, as other terminals would), at explicit sizes, no
clocks.

Update only after looking at each one's text: `pytest tests/tui/test_snapshots_tables.py
--snapshot-update`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from saves import tables
from tests.helpers import apps
from tests.tui.test_tables_screen import make_table

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """Two tables: Bela plays friday elsewhere, and someone watches sunday."""
    where = tmp_path / "tables"
    friday = make_table(where)
    sunday = make_table(where, "sunday", seed=5)
    held = [tables.join(friday, 1), tables.join(sunday, None)]
    yield where
    for presence in held:
        presence.leave()


async def _listed(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_tables(snap_compare: Any, saves: Path, folder: Path, size: tuple[int, int]) -> None:
    app = apps.app(saves=saves, tables_dir=folder)
    assert snap_compare(app, terminal_size=size, press=["t"], run_before=_listed)


async def _new_table_dialog(pilot: Pilot[None]) -> None:
    """The dialog, once the list behind it is in, its name field's cursor shown steadily: it
    blinks on a clock."""
    await pilot.press("t")
    await _listed(pilot)
    await pilot.press("n")
    await _listed(pilot)
    pilot.app.screen.query_one("#table-name", Input).cursor_blink = False
    await pilot.pause()


@pytest.mark.slow
def test_new_table_dialog(snap_compare: Any, saves: Path, folder: Path) -> None:
    app = apps.app(saves=saves, tables_dir=folder, seed=7)
    assert snap_compare(app, terminal_size=apps.SMALL, run_before=_new_table_dialog)
