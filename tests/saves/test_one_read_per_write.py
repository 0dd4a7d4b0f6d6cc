"""A write reads the save it replaces at most once: the check that the file still holds this game
(or the table's fresh read) tells the write whether the old file is a save to keep as the
backup, rather than the write parsing it again."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules
import saves
from saves import files, tables

EXAMPLES = saves.examples_dir()


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """The paths whose TOML was parsed, one entry a parse."""
    parsed: list[Path] = []
    parse = files._parse

    def counting(path: Path, text: str) -> dict[str, Any]:
        parsed.append(Path(path))
        return parse(path, text)

    monkeypatch.setattr(files, "_parse", counting)
    yield parsed


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "g.toml"
    shutil.copy(EXAMPLES / "midgame-4p.toml", path)
    return path


def test_a_game_file_write_reads_the_old_save_once(tmp_path: Path, parses: list[Path]) -> None:
    path = _copy(tmp_path)
    game = saves.load(path)
    file = saves.open_file(game, path)
    try:
        game = saves.play(game, rules.legal_actions(game.state)[0])
        parses.clear()
        saves.write(game, file)
    finally:
        file.close()
    assert parses == [path]
    assert saves.backup_of(path).exists(), "the old save is kept as the backup"
    assert saves.load(path).log == game.log


def test_a_table_move_reads_the_table_once(tmp_path: Path, parses: list[Path]) -> None:
    path = _copy(tmp_path)
    game = saves.load(path)
    parses.clear()
    after = tables.act(path, game.state.turn, rules.legal_actions(game.state)[0], tables.seen(game))
    assert parses == [path]
    assert saves.backup_of(path).exists()
    assert saves.load(path).log == after.log


def test_a_file_that_is_no_save_is_not_kept_as_the_backup(tmp_path: Path) -> None:
    """What the single read says about the old file still decides the backup."""
    path = tmp_path / "notes.toml"
    path.write_text('title = "not a save"\n', encoding="utf-8")
    game = saves.load(EXAMPLES / "midgame-4p.toml")
    files.save(game, path, replaces_save=False)
    assert not saves.backup_of(path).exists()
    files.save(game, path, replaces_save=True)
    assert saves.backup_of(path).exists()
