"""The commands that read a save, and the plain mode, say once that a game was saved under
older rules (docs/saves.md, "Versions and the generator")."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui import cli
from tests.helpers.older_rules import NOTE, copy_saying, play_version_2


@pytest.fixture
def older(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    play_version_2(monkeypatch)
    return copy_saying(saves.examples_dir() / "opening-2p.toml", tmp_path / "g.toml")


@pytest.mark.parametrize("command", [["show"], ["validate"], ["show", "--json"], ["legal"]])
def test_a_command_says_it_once_on_stderr(
    older: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main([command[0], str(older), *command[1:]]) == 0
    said = capsys.readouterr()
    assert said.err == f"rajas: {older}: t{NOTE[1:]}\n"  # a clause, as every "rajas:" line
    assert "rules version" not in said.out
    assert "\nrules = 1\n" in older.read_text(), "a command that only reads writes nothing"
    assert not saves.older_rules_backup(older, 1).exists()


def test_apply_saves_under_today_s_version_and_keeps_the_old_file(
    older: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = older.read_bytes()
    action = str(rules.legal_actions(saves.load(older).state)[0])
    assert cli.main(["apply", str(older), action]) == 0
    assert capsys.readouterr().err == f"rajas: {older}: t{NOTE[1:]}\n"
    assert "\nrules = 2\n" in older.read_text()
    assert saves.backup_of(older).read_bytes() == before
    assert saves.older_rules_backup(older, 1).read_bytes() == before


def test_the_plain_mode_says_it_once(
    older: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path / "saves"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--plain", str(older)]) == 0
    assert capsys.readouterr().out.count(NOTE) == 1
