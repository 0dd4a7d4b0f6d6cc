"""The commands that open the app read their save (or table) and check their arguments before
they ask for a terminal: a usage error is exit 2 and a broken save exit 1, with a terminal or
without one, and only a command that would open the app hears that it needs a terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from rajas_tui.cli import main
from saves import tables
from saves.records import Seat, Setup

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


def _table(folder: Path) -> Path:
    """A table "fri": Asha and Bela in seats A and B, a bot in seat C."""
    setup = Setup((Seat("Asha"), Seat("Bela"), Seat("Chand", "random")), 5)
    path = tables.table_path(folder, "fri")
    tables.create(path, saves.start_game(setup))
    return path


def test_join_and_watch_check_the_table_and_seat_before_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no terminal
    path = _table(tmp_path)
    folder = ["--tables", str(tmp_path)]
    here = tables.join(path, 0)  # seat A is taken
    try:
        for args, says in (
            (["join", "nope", "--seat", "A"], f"rajas: there is no table nope in {tmp_path}.\n"),
            (["watch", "nope"], f"rajas: there is no table nope in {tmp_path}.\n"),
            (["join", "fri", "--seat", "D"], "rajas: this table has seats A to C, not 'D'.\n"),
            (["join", "fri", "--seat", "C"], "rajas: seat C is played by a bot.\n"),
            (["join", "fri", "--seat", "A"], "rajas: seat A of fri is open in another rajas "
             "already.\n"),
        ):  # fmt: skip
            assert main([*args, *folder]) == 1, args
            assert capsys.readouterr().err == says
        # What may open the app gets as far as the terminal, having taken nothing on the way:
        # the app takes the seat, or a watcher's place, itself.
        for args in (["join", "fri", "--seat", "b"], ["watch", "fri"]):
            assert main([*args, *folder]) == 1
            assert NO_TERMINAL in capsys.readouterr().err
        assert not tables.connected(path, 1) and tables.watching(path) == 0
    finally:
        here.leave()


def test_join_without_a_terminal_in_a_process_of_its_own(tmp_path: Path) -> None:
    _table(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", "join", "fri", "--seat", "C"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "RAJAS_TABLES": str(tmp_path)},
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "rajas: seat C is played by a bot.\n"
