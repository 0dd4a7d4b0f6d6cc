"""The dialogs' words stand apart and whole: a field's name keeps a blank before its field, and
the Load list shows a save's file name whole when the dialog has room for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import OptionList

import saves as save_layer
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.dialog import FieldLabel
from rajas_tui.tui.screens.load import LoadScreen
from rajas_tui.tui.screens.newgame import NewGameScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio
SIZES = pytest.mark.parametrize("size", [apps.SMALL, apps.LARGE], ids=["80x24", "160x50"])


@SIZES
async def test_every_field_name_keeps_a_blank_before_its_field(
    saves: Path, size: tuple[int, int]
) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=size) as pilot:
        app.push_screen(NewGameScreen(seed=7))
        await pilot.pause()
        labels = [
            label for label in app.screen.query(FieldLabel) if label.text and label.parent.display
        ]
        assert any(label.text == "Variants" for label in labels)
        for label in labels:
            for marked in (False, True):
                label.mark(marked)
                shown = str(label.render())
                assert cell_len(shown) < label.size.width, (shown, label.size.width)


def _save(saves: Path, names: list[str], stem: str) -> Path:
    game = apps.new_game([(name, "human") for name in names], seed=3)
    path = saves / f"{stem}.toml"
    save_layer.save(game, path)
    return path


async def _listed(app: RajasApp, pilot: Pilot[None]) -> list[str]:
    app.action_load()
    menu = None
    for _ in range(400):
        await pilot.pause(0.01)
        if isinstance(app.screen, LoadScreen):
            menu = app.screen.query_one("#saves", OptionList)
            if menu.option_count and "looking" not in str(menu.get_option_at_index(0).prompt):
                break
    assert menu is not None
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


@SIZES
async def test_a_save_s_name_shows_whole_when_the_dialog_has_room(
    saves: Path, size: tuple[int, int]
) -> None:
    stem = "20261202-072754-asha-bela"
    _save(saves, ["Asha", "Bela"], stem)
    app = apps.app(saves=saves)
    async with app.run_test(size=size) as pilot:
        lines = await _listed(app, pilot)
        assert any(line.startswith(f"{stem} ") for line in lines), lines
        menu = app.screen.query_one("#saves", OptionList)
        assert all(cell_len(line) <= menu.scrollable_content_region.width for line in lines)


async def test_names_too_long_for_the_dialog_are_cut_to_fit(saves: Path) -> None:
    """Four long names in the file's name and in the players' column: cut, with an ellipsis,
    so each save stays one line."""
    names = ["Alexandrina", "Bartholomew", "Christabel", "Demetrius"]
    stem = "20261202-072754-alexandrina-bartholomew-christabel-demetrius"
    _save(saves, names, stem)
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        lines = await _listed(app, pilot)
        menu = app.screen.query_one("#saves", OptionList)
        width = menu.scrollable_content_region.width
        assert all(cell_len(line) <= width for line in lines), (width, lines)
        assert any(line.startswith("20261202-072754-") and "…" in line for line in lines), lines
