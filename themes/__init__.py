"""The theme files shipped with rajas, read as package data (no user interface imported here).

Each `*.toml` file here is one theme: the keyword arguments of a Textual `Theme`. The app turns
them into themes; this package only finds and parses them, so a wheel install finds them too.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def theme_files() -> list[dict[str, Any]]:
    """Every shipped theme's settings, sorted by file name."""
    found = []
    for entry in sorted(resources.files(__name__).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml") and entry.is_file():
            found.append(tomllib.loads(entry.read_text(encoding="utf-8")))
    return found
