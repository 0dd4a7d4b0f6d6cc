"""Paths a shell hands over as they are: `~nosuchuser/...` (no such home), a folder named `~`,
a loop of symlinks, and a command started with its standard output closed. Each gets one
sentence and an exit code, never a traceback, and a save's lock is the one beside the file
read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from rajas_tui.bots import tournament
from rajas_tui.cli import main
from rules import Config
from saves.lock import lock_path
from tests.helpers.exit_codes import exit_code

OPENING = saves.examples_dir() / "opening-2p.toml"
NO_USER = "~no-such-user-of-rajas"


def _one_line(text: str) -> bool:
    return text.count("\n") == 1 and "Traceback" not in text


@pytest.mark.parametrize(
    "args",
    [
        ["apply", f"{NO_USER}/g.toml", "pass"],
        ["undo", f"{NO_USER}/g.toml"],
        ["new", "--players", "A,B", "--save", f"{NO_USER}/g.toml"],
        ["validate", f"{NO_USER}/g.toml"],
    ],
)
def test_a_home_of_no_user_is_one_sentence(args: list[str], capsys) -> None:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert _one_line(err) and NO_USER in err, err


def test_a_saves_folder_under_a_home_of_no_user_lists_nothing(monkeypatch, capsys) -> None:
    assert main(["saves", "--saves", f"{NO_USER}/saves"]) == 0
    assert f"No saves in {NO_USER}/saves" in capsys.readouterr().out
    monkeypatch.setenv("RAJAS_SAVES", NO_USER)
    assert saves.saves_dir() == Path(NO_USER)


def test_the_lock_of_a_save_in_a_folder_named_tilde_lies_beside_it(monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    assert lock_path(Path("./~/g.toml")) == tmp_path / "~" / ".g.toml.lock"


def test_a_loop_of_symlinks_is_one_sentence(tmp_path: Path, capsys) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    for args in (["apply", str(loop), "pass"], ["undo", str(loop)], ["redo", str(loop)]):
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert _one_line(err) and "loop.toml" in err, (args, err)


def test_a_closed_standard_output_is_one_sentence(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    game.write_bytes(OPENING.read_bytes())
    for args in (["legal", str(game)], ["show", str(game)]):
        done = subprocess.run(
            [sys.executable, "-m", "rajas_tui.cli", *args],
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            preexec_fn=lambda: os.close(1),  # the child closes its own standard output
        )
        assert done.returncode == 1, args
        assert done.stderr == "rajas: cannot write the output: standard output is closed.\n"


def test_a_tournament_starts_no_more_processes_than_games(monkeypatch) -> None:
    asked: list[int] = []

    def pool(jobs: int) -> object:
        asked.append(jobs)
        raise RuntimeError("only the number of processes is looked at")

    monkeypatch.setattr(tournament, "_pool", pool)
    games = list(tournament.play_games(Config(players=2, seed=1), ("random", "random"), 1, 64))
    assert len(games) == 1 and asked == []  # one game: played here, no process started
    with pytest.raises(RuntimeError, match="only the number"):
        list(tournament.play_games(Config(players=2, seed=1), ("random", "random"), 3, 64))
    assert asked == [3]


@pytest.mark.parametrize("command", [["apply", "PATH", "pass"], ["undo", "PATH"], ["redo", "PATH"]])
@pytest.mark.parametrize("name", ["missing.toml", "nowhere/missing.toml"])
def test_a_missing_save_is_said_so_and_leaves_no_lock(
    command: list[str], name: str, tmp_path: Path, capsys
) -> None:
    path = tmp_path / name
    assert main([str(path) if part == "PATH" else part for part in command]) == 1
    assert capsys.readouterr().err == f"rajas: {path}: no such file.\n"
    assert list(tmp_path.rglob("*")) == []


BEYOND = str(2**63)  # one past the largest seed a save holds


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["simulate", "--games", "1", "--seed", BEYOND],
            "the seed must be a whole number from -9223372036854775808 to 9223372036854775807",
        ),
        (["simulate", "--games", "2", "--seed", str(2**63 - 1)], "--seed + --games goes past"),
        (["simulate", "--games", "1", "--seed", "x"], "the seed must be a whole number"),
    ],
)
def test_a_seed_no_save_can_hold_is_refused_by_simulate_as_by_new(
    args: list[str], says: str, capsys
) -> None:
    # Every game simulate plays can be played again with `rajas new --seed`, whose seeds a save
    # holds: one range for both.
    assert exit_code(args) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err, err


def test_a_table_seed_is_one_a_save_can_hold(tmp_path: Path, capsys) -> None:
    args = ["table", "new", "t", "--players", "A,B", "--seed", BEYOND, "--tables", str(tmp_path)]
    assert exit_code(args) == 2
    assert (
        "the seed must be a whole number from -9223372036854775808 to 9223372036854775807"
        in capsys.readouterr().err
    )
