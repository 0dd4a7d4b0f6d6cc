"""Games saved outside the saves folder are offered from it: Continue and Load list the file a
game was taken to (Save as elsewhere, `rajas load PATH`), not only the copy it left behind."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
from save_examples import OPENING

import saves


def _game_at(path: Path, updated: str) -> Path:
    saves.save(attrs.evolve(saves.load(OPENING), updated=updated), path)
    return path


def test_a_game_noted_elsewhere_is_listed_and_continued(tmp_path: Path) -> None:
    folder, away = tmp_path / "saves", tmp_path / "away"
    folder.mkdir()
    away.mkdir()
    left = _game_at(folder / "left.toml", "2025-01-01T10:00:00Z")
    taken = _game_at(away / "taken.toml", "2025-01-02T10:00:00Z")
    assert saves.last_unfinished(folder) == left
    saves.remember_elsewhere(folder, taken)
    assert [s.path for s in saves.list_saves(folder)] == [taken, left]
    assert saves.last_unfinished(folder) == taken


def test_only_files_outside_the_folder_are_noted_newest_first_each_once(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    inside = _game_at(folder / "inside.toml", "2025-01-01T10:00:00Z")
    first = _game_at(tmp_path / "first.toml", "2025-01-01T10:00:00Z")
    second = _game_at(tmp_path / "second.toml", "2025-01-01T10:00:00Z")
    for path in (inside, first, second, first):
        saves.remember_elsewhere(folder, path)
    assert (folder / ".elsewhere").read_text().splitlines() == [str(first), str(second)]
    assert sorted(s.path.name for s in saves.list_saves(folder)) == [
        "first.toml",
        "inside.toml",
        "second.toml",
    ]


def test_a_noted_file_since_gone_is_not_listed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    gone = _game_at(tmp_path / "gone.toml", "2025-01-01T10:00:00Z")
    saves.remember_elsewhere(folder, gone)
    gone.unlink()
    assert saves.list_saves(folder) == []
    assert saves.last_unfinished(folder) is None


def test_a_folder_that_cannot_be_written_loses_only_the_note(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    taken = _game_at(tmp_path / "taken.toml", "2025-01-01T10:00:00Z")
    folder.chmod(0o500)
    try:
        saves.remember_elsewhere(folder, taken)  # no error: the game goes on
    finally:
        folder.chmod(0o700)
    if os.geteuid() != 0:  # root writes a read-only folder anyway
        assert saves.list_saves(folder) == []


def test_noting_the_newest_again_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    taken = _game_at(tmp_path / "taken.toml", "2025-01-01T10:00:00Z")
    saves.remember_elsewhere(folder, taken)
    note = folder / ".elsewhere"
    before = note.stat().st_ino
    saves.remember_elsewhere(folder, taken)
    assert note.stat().st_ino == before  # a write would have renamed a new file over it
