"""The ANSI themes (`ansi-dark`, `ansi-light`) draw with the terminal's 16 colours only: every
coloured thing, the players, the dice, the tiles and goods, the yield fields, the tracks, the
status line and Textual's own widgets, takes a colour of the terminal's palette (or its
default), never one of 256 or a truecolor one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.color import Color, ColorType
from textual.geometry import Region
from textual.widget import Widget

from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.gameover import GameOverScreen
from tests.helpers import apps, variant_games

ANSI_THEMES = ("ansi-dark", "ansi-light")
PALETTE = (ColorType.DEFAULT, ColorType.STANDARD)


def _colours(app: RajasApp) -> Iterator[tuple[str, Color]]:
    """Every colour the screen's widgets draw with, with the widget that drew it."""
    for widget in app.screen.walk_children(with_self=False):
        if not isinstance(widget, Widget) or not widget.display or not widget.size.area:
            continue
        for strip in widget.render_lines(Region(0, 0, *widget.size)):
            for segment in strip:
                style = segment.style
                if style is None:
                    continue
                for colour in (style.color, style.bgcolor):
                    if colour is not None:
                        yield type(widget).__name__, colour


def _outside_the_palette(app: RajasApp) -> set[tuple[str, str]]:
    return {(who, c.name) for who, c in _colours(app) if c.type not in PALETTE}


@pytest.mark.asyncio
@pytest.mark.parametrize("theme", ANSI_THEMES)
@pytest.mark.parametrize("game", ["base", "variants"])
async def test_an_ansi_theme_draws_the_game_in_the_terminal_s_colours(
    saves: Path, theme: str, game: str
) -> None:
    played = apps.midgame() if game == "base" else variant_games.ganga_navaratnas()
    app = apps.app(played, saves=saves, theme=theme)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        assert _outside_the_palette(app) == set()
        await pilot.press("q")  # a choice open: the chooser's own colours
        await pilot.pause()
        assert _outside_the_palette(app) == set()


@pytest.mark.asyncio
@pytest.mark.parametrize("theme", ANSI_THEMES)
async def test_an_ansi_theme_draws_the_game_over_in_the_terminal_s_colours(
    saves: Path, theme: str
) -> None:
    app = apps.app(apps.finished(), saves=saves, theme=theme)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert _outside_the_palette(app) == set()


@pytest.mark.asyncio
async def test_another_theme_still_draws_its_own_colours(saves: Path) -> None:
    # The check can fail: rajas-dark's players and dice are truecolor.
    app = apps.app(apps.midgame(), saves=saves, theme="rajas-dark")
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        assert _outside_the_palette(app) != set()


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("theme", ANSI_THEMES)
async def test_an_ansi_theme_draws_the_title_help_and_dialogs_in_the_terminal_s_colours(
    saves: Path, theme: str
) -> None:
    app = apps.app(saves=saves, theme=theme)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert _outside_the_palette(app) == set(), "the title"
        for opened in (app.action_rules, app.action_new_game):
            opened()
            await pilot.pause()
            assert _outside_the_palette(app) == set(), type(app.screen).__name__
            await pilot.press("escape")
            await pilot.pause()
