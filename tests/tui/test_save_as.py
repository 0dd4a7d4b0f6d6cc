"""The Save as dialog asks before replacing a file, and only ever replaces a rajas save, and in a
browser or over SSH saves only in the saves folder; the Load dialog says why a saves folder cannot
be listed."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

import saves as save_layer
from rajas_tui.tui.screens.load import SaveAsScreen
from tests.helpers import apps
from tests.helpers.unwritable import unwritable

pytestmark = pytest.mark.asyncio


async def _save_as(app, pilot, name: str, presses: int = 1) -> str:  # type: ignore[no-untyped-def]
    """Types `name` in a fresh Save as dialog, presses Enter `presses` times, and returns the
    dialog's message ('' when it closed)."""
    app.action_save_as()
    await pilot.pause()
    await pilot.press(*name)
    for _ in range(presses):
        await pilot.press("enter")
        await pilot.pause()
    if not isinstance(app.screen, SaveAsScreen):
        return ""
    message = str(app.screen.query_one("#dialog-error", Static).render())
    await pilot.press("escape")
    await pilot.pause()
    return message


async def test_replacing_a_save_asks_first(saves: Path) -> None:
    existing = saves / "friday.toml"
    existing.write_bytes((apps.SAVES / "opening-2p.toml").read_bytes())
    before = existing.read_bytes()
    game = apps.midgame()
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        asked = await _save_as(app, pilot, "friday")
        assert "already exists" in asked and "Enter again" in asked, asked
        assert existing.read_bytes() == before
        assert await _save_as(app, pilot, "friday", presses=2) == ""
    assert save_layer.load(existing).state == game.state


async def test_save_as_never_replaces_another_kind_of_file(saves: Path) -> None:
    letter = saves / "letter.docx"
    letter.write_bytes(b"PK\x03\x04 a letter")
    locked = saves / "locked.toml"
    locked.write_bytes((apps.SAVES / "opening-2p.toml").read_bytes())
    locked.chmod(0o444)
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        refused = await _save_as(app, pilot, "letter.docx", presses=2)
        assert "is not a rajas save" in refused, refused
        refused = await _save_as(app, pilot, "locked", presses=2)
        assert "read-only" in refused, refused
    assert letter.read_bytes() == b"PK\x03\x04 a letter"
    assert save_layer.load(locked).log == save_layer.load(apps.SAVES / "opening-2p.toml").log


async def test_save_as_into_a_read_only_folder_says_the_folder_cannot_be_written(
    saves: Path, tmp_path: Path
) -> None:
    read_only = tmp_path / "ro"
    read_only.mkdir()
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        before = app.file.path
        with unwritable(read_only):
            refused = await _save_as(app, pilot, str(read_only / "new"))
        assert refused == (
            f"{read_only}: this folder cannot be written ({os.strerror(errno.EACCES)}), so "
            "new.toml cannot be saved there."
        )
        assert app.file.path == before, "the game goes on in its own file"
    assert list(read_only.iterdir()) == []


async def test_the_load_dialog_names_an_unusable_saves_folder(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "saves"
    not_a_folder.write_text("a file where the saves folder should be")
    app = apps.app(apps.midgame(), saves=not_a_folder)
    async with app.run_test(size=apps.SMALL) as pilot:
        app.action_load()
        await pilot.pause()
        shown = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
    assert shown == f"{not_a_folder}: is a file, not a folder of saves.", shown


@pytest.mark.slow
async def test_in_a_browser_save_as_stays_in_the_saves_folder(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Served to a browser (`rajas serve`), a player is anyone with the page: Save as writes
    only into the saves folder, never where a path names."""
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        for name in (str(elsewhere / "x"), "~/x", "../x", "sub/x", ".."):
            refused = await _save_as(app, pilot, name)
            assert "only a name" in refused, (name, refused)
        assert await _save_as(app, pilot, "friday") == ""
    assert list(elsewhere.iterdir()) == []
    assert not (tmp_path / "x.toml").exists()
    assert (saves / "friday.toml").is_file()


OVER_SSH = "Over SSH, Save as saves in the saves folder: give only a name, no folder."


@pytest.mark.slow
async def test_over_ssh_save_as_stays_in_the_saves_folder(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reached over SSH (a login whose forced command runs rajas), a player may have the game
    and nothing else: Save as must not write where the account can but the player may not."""
    monkeypatch.setenv("SSH_CONNECTION", "192.0.2.7 50022 192.0.2.1 22")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # "~/x" never reaches the real one
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        for name in (str(elsewhere / "x"), "~/x", "~", "../x", "sub/x", "..", "."):
            assert await _save_as(app, pilot, name) == OVER_SSH, name
        assert await _save_as(app, pilot, "friday") == ""
    assert list(elsewhere.iterdir()) == []
    assert not (tmp_path / "x.toml").exists() and not (tmp_path / "home").exists()
    assert sorted(p.name for p in saves.glob("*.toml")) == ["friday.toml"]
    assert save_layer.load(saves / "friday.toml").state == apps.midgame().state


async def test_an_older_ssh_server_is_told_by_ssh_client(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some servers set only SSH_CLIENT; it confines Save as the same way."""
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    monkeypatch.setenv("SSH_CLIENT", "192.0.2.7 50022 22")
    app = apps.app(apps.midgame(), saves=saves)
    with pytest.raises(save_layer.SaveError) as refused:
        app.save_as(str(tmp_path / "x"))
    assert str(refused.value) == OVER_SSH
    assert list(tmp_path.glob("x*")) == []


async def test_without_ssh_or_a_browser_save_as_writes_where_it_is_told(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the player's own terminal, Save as takes a path: the player is the account."""
    for variable in ("SSH_CONNECTION", "SSH_CLIENT", "TEXTUAL_DRIVER"):
        monkeypatch.delenv(variable, raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        assert await _save_as(app, pilot, str(elsewhere / "x")) == ""
    assert save_layer.load(elsewhere / "x.toml").state == apps.midgame().state
