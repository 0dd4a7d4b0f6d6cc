"""Saves played from outside the saves folder (`rajas load PATH`, Save as elsewhere) are listed
with it, and the words say so: the title counts them apart."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

import saves as save_layer
from rajas_tui.present import listing
from rajas_tui.present.listing import SaveLine
from tests.helpers import apps


@pytest.fixture
def elsewhere(saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two saves in the folder and, in ~/x, a copy of one of them that was played from there."""
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("opening-2p.toml", "midgame-4p.toml"):
        shutil.copy(apps.SAVES / name, saves / name)
    (tmp_path / "x").mkdir()
    copy = tmp_path / "x" / "opening-2p.toml"
    shutil.copy(apps.SAVES / "opening-2p.toml", copy)
    save_layer.remember_played(saves, copy)
    return copy


async def _listed(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.usefixtures("elsewhere")
async def test_the_title_counts_the_saves_outside_the_folder_apart(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _listed(pilot)
        note = str(app.screen.query_one("#title-note", Static).content)
    assert note == "3 saves: 2 in the saves folder, 1 elsewhere"


def _line(path: Path, elsewhere: bool) -> SaveLine:
    return SaveLine(path, "Asha, Bela", 1, "2025-03-09 21:05", False, "", elsewhere)


def test_the_count_says_where_the_saves_are(tmp_path: Path) -> None:
    inside, outside = _line(tmp_path / "a.toml", False), _line(tmp_path / "b.toml", True)
    assert listing.count_words([]) == ""
    assert listing.count_words([inside, inside]) == "2 saves in the saves folder"
    assert listing.count_words([outside]) == "1 save outside the saves folder"
    assert listing.count_words([inside, outside, outside]) == (
        "3 saves: 1 in the saves folder, 2 elsewhere"
    )
