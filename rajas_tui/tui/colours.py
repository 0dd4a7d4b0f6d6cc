"""Player and dice colours as theme variables: every theme may restyle them.

A theme file sets them in its `[variables]` table (`player-a` .. `player-d`, `die-orange`,
`die-green`, `die-blue`, `die-purple`); a theme that leaves one out gets the default from
present/text.py, or in an ANSI theme one of the terminal's 16 colours. The panes ask here while
they draw, so the colours are those of the app drawing and its theme at that moment.
"""

from __future__ import annotations

from functools import lru_cache

from textual import getters
from textual.app import App
from textual.color import Color, ColorParseError

from rajas_tui.present import text
from rules import Colour


def player_variable(seat: int) -> str:
    return f"player-{text.PLAYER_LETTERS[seat].lower()}"


def die_variable(colour: Colour) -> str:
    return f"die-{colour.name.lower()}"


# An ANSI theme draws with the terminal's own palette: players bright, dice not, so that the two
# stay apart in it as they do in the other themes (and each keeps its letter besides).
ANSI_PLAYERS = ("ansi_bright_red", "ansi_bright_cyan", "ansi_bright_yellow", "ansi_bright_magenta")
ANSI_DICE = {
    Colour.ORANGE: "ansi_yellow",
    Colour.GREEN: "ansi_green",
    Colour.BLUE: "ansi_blue",
    Colour.PURPLE: "ansi_magenta",
}
# The yield tiles' colours (Navaratnas), beside each tile's initial, never the only sign of it.
YIELD_COLOURS = {"white": "bright_white", "yellow": "yellow", "red": "red", "brown": "#b07040"}
# In the terminal's palette brown is the dark yellow (as on the PC's first colour screens).
ANSI_YIELD_COLOURS = {**YIELD_COLOURS, "yellow": "bright_yellow", "brown": "yellow"}


def defaults(ansi: bool = False) -> dict[str, str]:
    """Every colour variable with its default, for the app's theme variable defaults; `ansi`:
    for a theme that draws with the terminal's 16 colours."""
    player_colours = ANSI_PLAYERS if ansi else text.PLAYER_COLOURS
    dice_colours = ANSI_DICE if ansi else text.DICE_COLOURS
    players = {player_variable(seat): value for seat, value in enumerate(player_colours)}
    dice = {die_variable(colour): value for colour, value in dice_colours.items()}
    return {**players, **dice}


@lru_cache(64)
def _rich_colour(value: str, default: str) -> str:
    """A theme's value as a colour Rich reads (an ANSI one stays one of the terminal's); a
    value Textual cannot read gives the default."""
    try:
        return Color.parse(value).rich_color.name
    except ColorParseError:
        return Color.parse(default).rich_color.name


class _Drawing:
    app = getters.app(App)


def drawing_app() -> App[object] | None:
    """The app whose task draws now (Textual knows it in every task of an app), or None outside
    one: its theme and glyphs are the ones to draw with."""
    try:
        # Read on the class: Textual's getter then asks only the running task for its app.
        return _Drawing.app  # type: ignore[arg-type]
    except RuntimeError:  # Textual's "no active app"
        return None


def _themed(name: str, default: str) -> str:
    app = drawing_app()
    if app is None:
        return default
    return _rich_colour(app.theme_variables.get(name, default), default)


def yield_colour(colour: str) -> str:
    """A yield tile colour's colour on screen: one of the terminal's in an ANSI theme."""
    app = drawing_app()
    ansi = app is not None and app.current_theme.ansi
    return (ANSI_YIELD_COLOURS if ansi else YIELD_COLOURS)[colour]


def player_colour(seat: int) -> str:
    return _themed(player_variable(seat), text.PLAYER_COLOURS[seat])


def die_colour(colour: Colour) -> str:
    return _themed(die_variable(colour), text.DICE_COLOURS[colour])


def variables_in_use() -> dict[str, str] | None:
    """The theme variables the panes draw with now (the drawing app's), None outside an app.
    Textual sets them after the theme's name, so a pane's drawing is kept only while these
    stay the same."""
    app = drawing_app()
    return None if app is None else app.theme_variables
