"""The title and load screens draw at once and fill in the list of saves when it is ready, so a
folder of thousands of saves never holds up the first frame."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

import saves as save_layer
from rajas_tui.tui.screens.load import LoadScreen
from rajas_tui.tui.screens.title import TitleScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


@pytest.fixture
def slow_listing(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Listing waits until the test lets it go (at most 5 s, so a wrong app cannot hang)."""
    go = threading.Event()
    real = save_layer.list_saves

    def waiting(directory: Path | str) -> list[save_layer.SaveSummary]:
        go.wait(timeout=5)
        return real(directory)

    monkeypatch.setattr(save_layer, "list_saves", waiting)
    return go


def _prompts(menu: OptionList) -> list[str]:
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def _listed(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_title_draws_before_the_listing_arrives(
    saves: Path, slow_listing: threading.Event
) -> None:
    shutil.copy(apps.SAVES / "midgame-4p.toml", saves / "m.toml")
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert not slow_listing.is_set()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu", OptionList)
        assert "New game" in _prompts(menu)[0]
        assert "looking" in _prompts(menu)[1], "Continue waits for the listing"
        slow_listing.set()
        await _listed(pilot)
        assert "looking" not in " ".join(_prompts(menu))
        assert not menu.get_option_at_index(1).disabled, "the unfinished game can be continued"
        assert str(app.screen.query_one("#title-note", Static).content) == (
            "1 save in the saves folder"
        )


@pytest.mark.slow
async def test_the_load_dialog_draws_before_the_listing_arrives(
    saves: Path, slow_listing: threading.Event
) -> None:
    shutil.copy(apps.SAVES / "midgame-4p.toml", saves / "m.toml")
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        slow_listing.set()
        await _listed(pilot)
        slow_listing.clear()
        app.action_load()
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        menu = app.screen.query_one("#saves", OptionList)
        assert "looking" in _prompts(menu)[0]
        slow_listing.set()
        await _listed(pilot)
        assert _prompts(menu)[0].startswith("m ")
        await pilot.press("enter")
        await pilot.pause()
        assert app.file.path == saves / "m.toml", "the chosen save is opened as its own file"
