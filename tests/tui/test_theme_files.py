"""The app's themes: the shipped files read as Textual themes, the built-in one when they cannot
be read, and the theme to start in when the one asked for does not exist."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rajas_tui.tui import theme_files
from rajas_tui.tui.theme_files import (
    DEFAULT_THEME,
    FALLBACK_THEME,
    load_themes,
    starting_theme,
)
from tests.helpers import apps


def test_the_shipped_themes_load_with_the_default_among_them() -> None:
    themes, problem = load_themes()
    assert problem == ""
    assert DEFAULT_THEME in {theme.name for theme in themes}


def _unreadable() -> list[dict[str, Any]]:
    raise PermissionError(13, "Permission denied")


@pytest.mark.parametrize(
    "found",
    [_unreadable, lambda: [{"name": "x", "no-such-setting": 1}]],
    ids=["unreadable", "bad-setting"],
)
def test_theme_files_that_cannot_be_read_give_the_built_in_theme_and_say_so(
    monkeypatch: pytest.MonkeyPatch, found: Any
) -> None:
    monkeypatch.setattr(theme_files, "theme_files", found)
    themes, problem = load_themes()
    assert themes == [FALLBACK_THEME]
    assert problem.startswith("The theme files could not be read (") and problem.endswith(".")


def test_the_starting_theme_is_the_one_asked_for_if_it_exists() -> None:
    available = {DEFAULT_THEME, "rajas-light"}
    assert starting_theme("rajas-light", available) == ("rajas-light", "")
    assert starting_theme(None, available) == (DEFAULT_THEME, "")
    assert starting_theme("purple", available) == (
        DEFAULT_THEME,
        f"There is no theme 'purple'; using {DEFAULT_THEME}.",
    )


@pytest.mark.asyncio
async def test_an_unknown_theme_starts_the_app_in_the_default(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves, theme="purple")
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
