"""At a table, nothing a seat or a watcher can reach writes on the host but the table itself:
every command the palette offers is run (with the home and working folders the test's own), and
Save as's key and Textual's screenshot action are tried; no file appears outside the tables
folder. Textual's palette offered "Screenshot", an SVG of the screen written to ~/Downloads each
time, without limit; and a theme or glyphs chosen at a table were written to the settings file
of the host's account, which every seat and watcher of every table shares."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from inspect import isclass
from pathlib import Path

import pytest
from textual.app import App
from textual.command import Provider

import saves
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.table import table_app
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


def _files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


def _table(folder: Path) -> Path:
    setup = Setup((Seat("Asha", "human"), Seat("Bela", "random")), seed=2)
    path = tables.table_path(folder, "host")
    tables.create(path, saves.start_game(setup))
    return path


async def offered(app: App[None]) -> dict[str, Callable[[], object]]:
    """Every command the palette offers on the screen shown: Textual's system commands (those
    it lists and those it only finds when searched) and each other provider's."""
    screen = app.screen
    commands = {command.title: command.callback for command in app.get_system_commands(screen)}
    for source in (*app.COMMANDS, *screen.COMMANDS):
        provider = source if isclass(source) else source()
        if provider.__name__ == "SystemCommandsProvider":
            continue
        assert issubclass(provider, Provider)
        async for hit in provider(screen).discover():
            commands[hit.text or str(hit.display)] = hit.command
    return commands


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own home, downloads, config and working folders."""
    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_DOWNLOAD_DIR", "XDG_CONFIG_HOME", "RAJAS_THEME", "RAJAS_ASCII"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(home)
    return home


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, None], ids=["seat", "watcher"])
async def test_nothing_at_a_table_writes_beyond_the_table(
    tmp_path: Path, home: Path, seat: int | None
) -> None:
    path = _table(tmp_path / "tables")
    app = table_app(path, seat)  # as `rajas join` and `rajas watch` make it
    before = _files(tmp_path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        commands = await offered(app)
        assert "Rules and keys" in commands and "Theme" in commands  # the palette was read
        for title, callback in commands.items():
            if title == "Quit":
                continue
            done = callback()
            if inspect.isawaitable(done):
                await done
            await pilot.pause(0.3)  # Textual's screenshot waits 0.1 s before it is taken
            while len(app.screen_stack) > 2:
                app.pop_screen()
                await pilot.pause()
        await pilot.press("ctrl+s")
        await app.run_action("screenshot")
        await pilot.pause(0.3)
    written = {p for p in _files(tmp_path) - before if (tmp_path / "tables") not in p.parents}
    assert not written, f"written on the host: {sorted(map(str, written))}"


async def test_the_palette_offers_no_screenshot_anywhere(tmp_path: Path, home: Path) -> None:
    folder = tmp_path / "saves"
    app = apps.app(apps.new_game([("Asha", "human"), ("Bela", "human")], 42), saves=folder)
    assert isinstance(app, RajasApp)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert not [title for title in await offered(app) if "screenshot" in title.casefold()]
        await app.run_action("screenshot")
        await pilot.pause(0.3)
    assert not _files(home)
