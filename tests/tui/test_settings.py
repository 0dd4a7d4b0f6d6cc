"""The settings the palette changes (theme, glyphs) are kept in the user's config folder and
read at the next start; a broken or foreign file gets one sentence and the defaults; the
environment (RAJAS_THEME, RAJAS_ASCII) wins over the file for its launch (docs/settings.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rajas_tui.tui import settings
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.theme_files import DEFAULT_THEME
from tests.helpers import apps


def _app(path: Path, saves: Path, **options: object) -> RajasApp:
    """An app that reads and keeps its settings in `path`, with nothing else choosing them."""
    options.setdefault("theme", None)
    return apps.app(apps.midgame(), saves=saves, settings_file=path, **options)


async def _palette(pilot: object, *typed: str) -> None:
    """Runs a palette command: each of `typed` is typed into the palette and chosen."""
    app = pilot.app  # type: ignore[attr-defined]
    await pilot.press("ctrl+p")  # type: ignore[attr-defined]
    for words in typed:
        await pilot.pause()  # type: ignore[attr-defined]
        await pilot.press(*words)  # type: ignore[attr-defined]
        await app.workers.wait_for_complete()
        await pilot.pause(0.3)  # type: ignore[attr-defined]
        await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_theme_and_glyphs_chosen_in_the_palette_survive_a_relaunch(
    tmp_path: Path, saves: Path
) -> None:
    path = tmp_path / "config" / "rajas" / "settings.toml"  # its folder not made yet
    app = _app(path, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME and not app.glyphs.ascii
        await _palette(pilot, "theme", "rajas-light")
        await _palette(pilot, "plain ascii")
        assert app.theme == "rajas-light" and app.glyphs.ascii
    again = _app(path, saves)
    async with again.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert again.theme == "rajas-light" and again.glyphs.ascii
        assert apps.notices(again) == []
        await _palette(pilot, "glyphs: unicode")
    assert settings.load(path) == (settings.Settings("rajas-light", False), None)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("theme = \n", "not a settings file"),
        ("ascii = 'yes'\n", "ascii needs true or false"),
        ("theme = 7\n", "theme needs a theme's name"),
        ("colour = 'red'\n", "there is no setting 'colour'"),
        ("[keys]\n'area.quarry' = 'Q'\n", "there is no setting 'keys'"),
        ("\xff\xfe", "not a settings file"),
    ],
    ids=["broken", "ascii-word", "theme-number", "unknown", "a-keymap", "not-utf8"],
)
async def test_a_broken_or_foreign_file_gets_one_sentence_and_the_defaults(
    tmp_path: Path, saves: Path, text: str, said: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(text.encode("latin-1"))
    app = _app(path, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME and not app.glyphs.ascii
        notes = apps.notices(app)
        assert len(notes) == 1 and notes[0].startswith(f"{path}: "), notes
        assert said in notes[0] and notes[0].endswith("; using the defaults."), notes
        await _palette(pilot, "plain ascii")
    # A change replaces the file, and keeps what was there beside it.
    assert settings.load(path) == (settings.Settings(ascii=True), None)
    assert path.with_name("settings.toml.bak").read_bytes() == text.encode("latin-1")


@pytest.mark.asyncio
async def test_a_settings_file_that_is_a_fifo_is_refused_at_once(
    tmp_path: Path, saves: Path
) -> None:
    path = tmp_path / "settings.toml"
    os.mkfifo(path)
    app = _app(path, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        notes = apps.notices(app)
        assert len(notes) == 1 and "not a regular file" in notes[0], notes
        await _palette(pilot, "plain ascii")
        notes = apps.notices(app)
        assert any(n.startswith("The settings could not be saved") for n in notes), notes
        assert app.glyphs.ascii, "the change holds for this launch"


@pytest.mark.asyncio
async def test_what_the_environment_chose_is_not_written_to_the_file(
    tmp_path: Path, saves: Path
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('theme = "rajas-light"\n')
    # As `rajas` starts with RAJAS_THEME=rajas-contrast RAJAS_ASCII=0 set.
    theme, ascii_glyphs = settings.from_environment(
        {"RAJAS_THEME": "rajas-contrast", "RAJAS_ASCII": "0"}
    )
    app = _app(path, saves, theme=theme, ascii_glyphs=ascii_glyphs)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert app.theme == "rajas-contrast" and not app.glyphs.ascii
        await _palette(pilot, "plain ascii")
    assert settings.load(path) == (settings.Settings("rajas-light", True), None)


def test_the_environment_chooses_only_what_it_sets() -> None:
    assert settings.from_environment({}) == (None, None)
    assert settings.from_environment({"RAJAS_THEME": "", "RAJAS_ASCII": ""}) == (None, None)
    assert settings.from_environment({"RAJAS_ASCII": "0"}) == (None, False)
    assert settings.from_environment({"RAJAS_ASCII": "1"}) == (None, True)
    assert settings.from_environment({"RAJAS_THEME": "ansi-dark"}) == ("ansi-dark", None)


def test_the_file_lives_beside_the_keymap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings.settings_path() == tmp_path / "rajas" / "settings.toml"


def test_a_relative_config_home_is_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # The XDG spec: a relative path there is invalid; one would read a folder that depends on
    # where rajas was started.
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert settings.settings_path() == tmp_path / ".config" / "rajas" / "settings.toml"
