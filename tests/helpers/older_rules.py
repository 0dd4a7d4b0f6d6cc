"""Saves played under an older rules version than this rajas plays (docs/saves.md, "Versions
and the generator"): this rajas is made to play version 2, and a copy's header says version 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules

# What the app, the plain mode and the commands say once of a game saved under version 1.
NOTE = (
    "This game was saved under rules version 1 and now plays under version 2: the Rules "
    "versions section of docs/rules.md lists what changed."
)


def play_version_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "RULES_VERSION", 2)


def with_rules_line(text: str, rules_line: str = "rules = 1") -> str:
    """A save's text whose header says `rules_line` instead of its own."""
    changed, found = re.subn(r"(?m)^rules = \d+$", rules_line, text)
    assert found == 1
    return changed


def copy_saying(source: Path, path: Path, rules_line: str = "rules = 1") -> Path:
    """`source` copied to `path`, its header saying `rules_line`."""
    path.write_text(with_rules_line(source.read_text(), rules_line))
    return path
