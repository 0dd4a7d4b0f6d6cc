"""Every "rajas: …" line goes on in lower case, as a clause after the program's name: the
sentences the app shows on their own (the saves' and the review cache's) are lowered there,
but a player's name that opens one is kept as it is written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rajas_tui.cli.terminal import clause
from tests.helpers.exit_codes import exit_code


@pytest.mark.parametrize(
    ("command", "refusal"),
    [
        ("undo", "rajas: there is nothing to undo.\n"),
        ("redo", "rajas: there is nothing to redo.\n"),
    ],
)
def test_nothing_to_undo_or_redo(command: str, refusal: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.toml"
    new = ["new", "--players", "A,B", "--undo", "free", "--seed", "3", "--save", str(path)]
    assert exit_code(new) == 0
    capsys.readouterr()
    assert exit_code([command, str(path)]) == 1
    assert capsys.readouterr().err == refusal


@pytest.mark.parametrize(
    ("args", "help_of"),
    [
        (["new", "--players", "A,A", "--save", "{dir}/x.toml"], "new"),
        (["play", "--plain", "--players", "A,A", "--saves", "{dir}"], "play"),
        (["table", "new", "t", "--players", "A,A", "--tables", "{dir}"], "table new"),
    ],
)
def test_a_setup_the_saves_refuse(
    args: list[str], help_of: str, tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert exit_code([arg.format(dir=tmp_path) for arg in args]) == 2
    err = capsys.readouterr().err
    assert err == f"rajas: two players are called A. See 'rajas {help_of} --help'.\n"


def test_a_save_and_the_options_of_a_new_game(tmp_path: Path, capsys) -> None:
    args = ["play", "--plain", str(tmp_path / "g.toml"), "--players", "A,B"]
    assert exit_code(args) == 2
    assert capsys.readouterr().err.startswith(
        "rajas: a save and the options of a new game cannot go together"
    )


def test_a_sentence_that_opens_with_a_player_keeps_the_name() -> None:
    taken = "Asha's 'roll' brought chance to light (5), and this game never takes that back."
    assert clause(taken, ("Bela", "Asha")) == taken
    assert clause("There is nothing to undo.", ("Asha",)) == "there is nothing to undo."


def test_a_tables_folder_no_forced_command_can_name(tmp_path: Path, capsys) -> None:
    folder = tmp_path / 'say "hi"'
    new = ["table", "new", "fri", "--players", "Asha,Bela", "--tables", str(folder)]
    assert exit_code(new) == 0
    key = tmp_path / "k.pub"
    key.write_text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE0 bela@home\n")
    keys = ["table", "keys", "fri", "--seat", "B", str(key), "--tables", str(folder)]
    capsys.readouterr()
    assert exit_code(keys) == 2
    assert capsys.readouterr().err.startswith("rajas: the tables folder's path cannot hold")
