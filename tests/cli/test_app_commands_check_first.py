"""The commands that open the app read their save and check their arguments before they ask
for a terminal: a usage error is exit 2 and a broken save exit 1, with a terminal or without
one, and only a command that would open the app hears that it needs a terminal."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import saves
from rajas_tui.cli import main

THREE_SEATS = saves.examples_dir() / "final-action-3p.toml"
NO_TERMINAL = "the app needs a terminal"


def test_arguments_and_the_save_are_checked_before_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no terminal
    assert main(["replay", str(THREE_SEATS), "--seat", "7"]) == 2
    assert capsys.readouterr().err == (
        "rajas: --seat: this game has seats 0 to 2, not 7. See 'rajas replay --help'.\n"
    )
    missing = tmp_path / "none.toml"
    for command in ("load", "replay"):
        assert main([command, str(missing)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(missing) in err and NO_TERMINAL not in err
    assert main(["puzzle", "99"]) == 2
    assert NO_TERMINAL not in capsys.readouterr().err
    for args in (["load", str(THREE_SEATS)], ["replay", str(THREE_SEATS), "--seat", "2"]):
        assert main(args) == 1
        assert NO_TERMINAL in capsys.readouterr().err
