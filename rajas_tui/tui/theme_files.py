"""The app's themes: the shipped theme files as Textual themes, the one built in for when they
cannot be read, and the theme to start in."""

from __future__ import annotations

from collections.abc import Container

from textual.theme import Theme

from saves.osfiles import reason
from themes import theme_files

DEFAULT_THEME = "rajas-dark"

# Used when the theme files cannot be read (a broken install): the app must still start.
FALLBACK_THEME = Theme(
    name=DEFAULT_THEME,
    dark=True,
    primary="#2f7fb8",
    secondary="#1c4e73",
    accent="#f0a030",
    foreground="#e8e2d4",
    background="#14181c",
    surface="#1d2328",
    panel="#26303a",
    success="#5cb85c",
    warning="#f0c040",
    error="#e05050",
)


def load_themes() -> tuple[list[Theme], str]:
    """The shipped themes as Textual themes, and a sentence if any could not be read."""
    try:
        return [Theme(**settings) for settings in theme_files()], ""
    except OSError as error:
        problem = reason(error)
    except (ValueError, TypeError) as error:
        problem = str(error)
    return [FALLBACK_THEME], f"The theme files could not be read ({problem}); using a default."


def starting_theme(wanted: str | None, available: Container[str]) -> tuple[str, str]:
    """The theme to start in, `wanted` (from the command line or the settings) when there is
    one by that name, else the default; and a sentence when `wanted` was not found."""
    name = wanted or DEFAULT_THEME
    if name in available:
        return name, ""
    return DEFAULT_THEME, f"There is no theme {name!r}; using {DEFAULT_THEME}."
