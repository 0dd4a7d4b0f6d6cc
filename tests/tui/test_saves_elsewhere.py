"""Saves played from outside the saves folder (`rajas load PATH`, Save as elsewhere) are listed
with it, and the words say so: the title counts them apart, and a Load row names their folder,
so that two copies of one save never read the same."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

import saves as save_layer
from rajas_tui.present import listing
from rajas_tui.present.listing import SaveLine
from rajas_tui.tui.screens.load import LoadScreen, columns, line_of
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


@pytest.mark.asyncio
async def test_a_save_outside_the_folder_names_its_folder(saves: Path, elsewhere: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _listed(pilot)
        app.action_load()
        await _listed(pilot)
        assert isinstance(app.screen, LoadScreen)
        menu = app.screen.query_one("#saves", OptionList)
        rows = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        openings = [row for row in rows if "opening-2p" in row]
        assert len(openings) == 2 and len(set(openings)) == 2, rows
        assert any(row.startswith("~/x/opening-2p ") for row in openings), rows
        assert any(row.startswith("opening-2p ") for row in openings), rows
        assert all(len(row) <= menu.scrollable_content_region.width for row in rows), rows
        menu.highlighted = next(i for i, row in enumerate(rows) if row.startswith("~/x/"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.file.path == elsewhere


def test_a_long_folder_gives_way_from_its_left_and_the_file_name_stays() -> None:
    far = Path("/srv/games/rajas/friday-evenings/club/opening-2p.toml")
    inside = _line(Path("/saves/opening-2p.toml"), False)
    outside = SaveLine(far, "Asha, Bela", 1, "2025-03-09 21:05", False, "", True)
    lines = [inside, outside]
    shown = [line_of(line, columns(lines, 60)) for line in lines]
    assert shown[0].startswith("opening-2p ")
    assert shown[1].startswith("…") and "/opening-2p " in shown[1], shown
    assert all(len(row) == 60 for row in shown), shown
    # So narrow that the file's name itself is cut: the row still shows it lies elsewhere.
    long_name = SaveLine(
        far.with_name("20250309-210500-asha-bela-chand.toml"), "A, B", 1, "x", False, "", True
    )
    assert line_of(long_name, (12, 4)).startswith("…/20250309-")
