"""Player and dice colours as theme variables: every theme may restyle them.

A theme file sets them in its `[variables]` table (`player-a` .. `player-d`, `die-orange`,
`die-green`, `die-blue`, `die-purple`); a theme that leaves one out gets the default from
present/text.py. The panes ask here while they draw, so the colours are those of the app drawing
and its theme at that moment.
"""

from __future__ import annotations

from functools import lru_cache

from textual._context import active_app  # the app whose task draws: its theme is used
from textual.color import Color, ColorParseError

from rajas_tui.present import text
from rules import Colour


def player_variable(seat: int) -> str:
    return f"player-{text.PLAYER_LETTERS[seat].lower()}"


def die_variable(colour: Colour) -> str:
    return f"die-{colour.name.lower()}"


def defaults() -> dict[str, str]:
    """Every colour variable with its default, for the app's theme variable defaults."""
    players = {player_variable(seat): hex for seat, hex in enumerate(text.PLAYER_COLOURS)}
    dice = {die_variable(colour): hex for colour, hex in text.DICE_COLOURS.items()}
    return {**players, **dice}


@lru_cache(64)
def _rich_colour(value: str, default: str) -> str:
    """A theme's value as a colour Rich reads; a value Textual cannot read gives the default."""
    try:
        return Color.parse(value).hex.lower()
    except ColorParseError:
        return default


def _themed(name: str, default: str) -> str:
    app = active_app.get(None)
    if app is None:
        return default
    return _rich_colour(app.theme_variables.get(name, default), default)


def player_colour(seat: int) -> str:
    return _themed(player_variable(seat), text.PLAYER_COLOURS[seat])


def die_colour(colour: Colour) -> str:
    return _themed(die_variable(colour), text.DICE_COLOURS[colour])


def variables_in_use() -> dict[str, str] | None:
    """The theme variables the panes draw with now (the drawing app's), None outside an app.
    Textual sets them after the theme's name, so a pane's drawing is kept only while these
    stay the same."""
    app = active_app.get(None)
    return None if app is None else app.theme_variables
