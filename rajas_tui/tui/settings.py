"""The player's settings: what the command palette changes (the theme and the glyphs), kept in
a TOML file beside the keymap, `$XDG_CONFIG_HOME/rajas/settings.toml` (else under
`~/.config`), and read at the next start:

    theme = "rajas-light"
    ascii = true

RAJAS_THEME and RAJAS_ASCII, when set, choose for their launch and are never written to the
file (docs/settings.md).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

import saves
from rajas_tui.tui import bindings
from saves.osfiles import reason

# Each setting, the type its value must have, and the words for that in a sentence.
KINDS: dict[str, tuple[type, str]] = {
    "theme": (str, 'a theme\'s name, such as "rajas-light"'),
    "ascii": (bool, "true or false"),
}


@attrs.frozen
class Settings:
    """What the file says; None where it says nothing (the app's default then)."""

    theme: str | None = None
    ascii: bool | None = None


def settings_path() -> Path:
    return bindings.config_dir() / "settings.toml"


def load(path: Path) -> tuple[Settings, str | None]:
    """The file's settings, and one sentence when it cannot be used (the defaults then)."""
    if not path.exists() and not path.is_symlink():
        return Settings(), None
    try:
        data = tomllib.loads(bindings.config_text(path, "a settings file"))
    except OSError as error:
        return Settings(), f"{path}: cannot be read ({reason(error)}); using the defaults."
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, UnicodeError: ValueErrors
        return Settings(), f"{path}: not a settings file ({error}); using the defaults."
    problem = _problem(data)
    if problem:
        return Settings(), f"{path}: {problem}; using the defaults."
    return Settings(data.get("theme"), data.get("ascii")), None


def _problem(data: Mapping[str, Any]) -> str | None:
    for key, value in data.items():
        if key not in KINDS:
            return f"there is no setting {key!r} (there are {' and '.join(KINDS)})"
        kind, words = KINDS[key]
        if type(value) is not kind:
            return f"{key} needs {words}"
    return None


def save(path: Path, settings: Settings, keep_old: bool = False) -> str | None:
    """Writes the settings atomically (`keep_old`: what was there is kept as NAME.bak first);
    one sentence when they could not be saved."""
    import tomli_w  # only a change in the palette writes

    kept = {key: value for key, value in attrs.asdict(settings).items() if value is not None}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        backup = (lambda _: True) if keep_old else None
        saves.write_atomic(path, tomli_w.dumps(kept).encode(), backup)
    except saves.Unwritable as error:
        return f"The settings could not be saved: {error}"
    except OSError as error:
        return f"The settings could not be saved: {path}: {reason(error)}."
    return None


def from_environment(environ: Mapping[str, str]) -> tuple[str | None, bool | None]:
    """The theme and glyphs RAJAS_THEME and RAJAS_ASCII choose; None for one not set (or set
    empty): the file or the default chooses it then. RAJAS_ASCII=0 chooses Unicode."""
    theme = environ.get("RAJAS_THEME") or None
    ascii_words = environ.get("RAJAS_ASCII", "")
    return theme, (ascii_words != "0") if ascii_words else None
