"""Player and dice colours are theme variables: each shipped theme file sets them, and what a
theme sets is what the panes draw with; a theme that sets none keeps the defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from rich.text import Text
from textual.theme import Theme

from rajas_tui.present import text
from rajas_tui.tui import colours
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.widgets.kali import KaliPane
from rajas_tui.tui.widgets.tracks import TracksLine
from rules import Colour
from tests.helpers import apps
from themes import theme_files

SHIPPED = {settings["name"]: settings for settings in theme_files()}


def _colours_in(drawn: Text) -> set[str]:
    found = set()
    for span in drawn.spans:
        style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
        if style.color is not None and style.color.triplet is not None:
            found.add(style.color.triplet.hex)
    return found


def test_every_shipped_theme_sets_every_colour() -> None:
    for name, settings in SHIPPED.items():
        assert set(settings.get("variables", {})) == set(colours.defaults()), name


async def _drawn(app: RajasApp, theme: str) -> tuple[set[str], set[str]]:
    """The colours the tracks line and the Kali pane draw with under `theme`."""
    async with app.run_test(size=apps.LARGE) as pilot:
        app.theme = theme
        await pilot.pause()
        tracks = app.screen.query_one(TracksLine).render()
        kali = app.screen.query_one(KaliPane)
        assert kali.view is not None
        dice = kali.draw(kali.view)
        return _colours_in(tracks), _colours_in(dice)


@pytest.mark.asyncio
@pytest.mark.parametrize("theme", sorted(SHIPPED))
async def test_a_theme_colours_reach_the_panes(saves: Path, theme: str) -> None:
    variables = SHIPPED[theme]["variables"]
    app = apps.app(apps.midgame(), saves=saves)
    players, dice = await _drawn(app, theme)
    for seat in range(4):
        assert variables[colours.player_variable(seat)] in players, seat
    shown = {variables[colours.die_variable(c)] for c in Colour} & dice
    assert shown, "the Kali pane draws its dice in the theme's colours"


@pytest.mark.asyncio
async def test_a_theme_of_ones_own_restyles_players_and_dice(saves: Path) -> None:
    mine = {colours.player_variable(0): "#010203", colours.die_variable(Colour.ORANGE): "#0a0b0c"}
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        app.register_theme(Theme(name="mine", primary="#336699", variables=mine))
        app.theme = "mine"
        await pilot.pause()
        assert colours.player_colour(0) == "#010203"
        assert colours.die_colour(Colour.ORANGE) == "#0a0b0c"
        assert "#010203" in _colours_in(app.screen.query_one(TracksLine).render())
        # Not set by this theme: the default.
        assert colours.player_colour(1) == text.PLAYER_COLOURS[1]


def test_outside_an_app_the_defaults() -> None:
    assert colours.player_colour(2) == text.PLAYER_COLOURS[2]
    assert colours.die_colour(Colour.BLUE) == text.DICE_COLOURS[Colour.BLUE]
