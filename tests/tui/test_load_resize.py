"""The Load list's lines are cut to the list's width as it is, not as it was when the saves were
listed: more saves than the list shows at once bring its scrollbar, and with it two cells less
room; a list made wider or narrower while the dialog is open is cut again, the highlighted save
and the scroll position staying where they were. The dialog grows with the terminal, from 76
columns at 80x24 to 120, so that long names and folders are cut less; a terminal resize cuts
the lines again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import OptionList

import saves as save_layer
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.load import LoadScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio

# More saves than the list shows at once; names that fit beside "Asha, Bela" without the
# list's scrollbar, and are one cell too long with it.
STEMS = [f"202612{day:02}-072754-asha-and-bela" for day in range(1, 25)]


def _menu(app: RajasApp) -> OptionList:
    return app.screen.query_one("#saves", OptionList)


def _prompts(menu: OptionList) -> list[str]:
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def _fits(menu: OptionList) -> None:
    width = menu.scrollable_content_region.width
    lines = _prompts(menu)
    assert all(cell_len(line) <= width for line in lines), (width, lines)


def _cut(menu: OptionList) -> bool:
    return all(line.split()[0].endswith("…") for line in _prompts(menu))


def _whole(menu: OptionList) -> bool:
    return sorted(line.split()[0] for line in _prompts(menu)) == STEMS


def _listed(app: RajasApp) -> bool:
    return isinstance(app.screen, LoadScreen) and bool(getattr(app.screen, "paths", []))


async def _open(app: RajasApp, pilot: Pilot[None], saves: Path) -> OptionList:
    first = saves / f"{STEMS[0]}.toml"
    save_layer.save(apps.new_game([("Asha", "human"), ("Bela", "human")], seed=3), first)
    for stem in STEMS[1:]:
        shutil.copy(first, saves / f"{stem}.toml")
    await pilot.pause()
    app.action_load()
    await apps.until(pilot, lambda: _listed(app), "the saves listed")
    await pilot.pause()
    return _menu(app)


async def _settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_the_load_list_leaves_room_for_its_scrollbar(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        menu = await _open(app, pilot, saves)
        assert menu.show_vertical_scrollbar
        _fits(menu)
        assert _cut(menu), _prompts(menu)


async def test_the_load_list_is_cut_again_when_its_width_changes(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        menu = await _open(app, pilot, saves)
        await pilot.press(*["down"] * 20)
        highlighted, scrolled = menu.highlighted, menu.scroll_y
        assert highlighted == 20 and scrolled > 0, (highlighted, scrolled)
        chosen = app.screen.paths[20]  # type: ignore[attr-defined]
        shown = _prompts(menu)

        for size, whole in ((apps.LARGE, True), (apps.SMALL, False)):
            await pilot.resize_terminal(*size)
            await _settle(pilot)
            assert _whole(menu) if whole else _prompts(menu) == shown, _prompts(menu)
            _fits(menu)
            assert (menu.highlighted, menu.scroll_y) == (highlighted, scrolled)

        dialog = app.screen.query_one("#dialog")
        dialog.styles.width = 90
        await _settle(pilot)
        assert _whole(menu), _prompts(menu)
        _fits(menu)
        assert (menu.highlighted, menu.scroll_y) == (highlighted, scrolled)

        dialog.styles.width = 76
        await _settle(pilot)
        assert _prompts(menu) == shown
        _fits(menu)
        assert (menu.highlighted, menu.scroll_y) == (highlighted, scrolled)
        await pilot.press("enter")
        await pilot.pause()
    assert app.file.path == chosen, "Enter opens the save highlighted before the resizes"


@pytest.mark.parametrize(("size", "width"), [(apps.SMALL, 76), ((100, 30), 95), (apps.LARGE, 120)])
async def test_the_load_dialog_grows_with_the_terminal(
    saves: Path, size: tuple[int, int], width: int
) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=size) as pilot:
        menu = await _open(app, pilot, saves)
        dialog = app.screen.query_one("#dialog")
        assert dialog.outer_size.width == width
        assert dialog.region.x >= 0 and dialog.region.right <= size[0]
        _fits(menu)
        assert _cut(menu) if width == 76 else _whole(menu), _prompts(menu)
