"""The folder's note of the files last played: Continue and Load list the file a game was taken
to outside the folder (Save as elsewhere, `rajas load PATH`), and of games last played in the
same second, the one played last comes first."""

from __future__ import annotations

import os
from pathlib import Path

import attrs

import saves
from saves.folder import PLAYED_KEPT, played
from tests.helpers.save_examples import OPENING


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
    saves.remember_played(folder, taken)
    assert [s.path for s in saves.list_saves(folder)] == [taken, left]
    assert saves.last_unfinished(folder) == taken


def test_files_are_noted_newest_first_each_once(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    inside = _game_at(folder / "inside.toml", "2025-01-01T10:00:00Z")
    first = _game_at(tmp_path / "first.toml", "2025-01-01T10:00:00Z")
    second = _game_at(tmp_path / "second.toml", "2025-01-01T10:00:00Z")
    for path in (inside, first, second, first):
        saves.remember_played(folder, path)
    assert (folder / ".played").read_text().splitlines() == [str(first), str(second), str(inside)]
    assert [s.path.name for s in saves.list_saves(folder)] == [
        "first.toml",
        "second.toml",
        "inside.toml",
    ]


def test_of_games_played_in_the_same_second_the_one_played_last_comes_first(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    left = _game_at(folder / "2025-left.toml", "2025-01-01T10:00:00Z")
    copy = _game_at(folder / "copy.toml", "2025-01-01T10:00:00Z")
    older = _game_at(folder / "older.toml", "2024-01-01T10:00:00Z")
    for path in (left, copy, older):
        saves.remember_played(folder, path)
    # A later time comes first whatever the note says; the note orders the tie.
    assert [s.path for s in saves.list_saves(folder)] == [copy, left, older]
    assert saves.last_unfinished(folder) == copy


def test_the_note_keeps_the_newest_of_each_kind(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    away = _game_at(tmp_path / "away.toml", "2025-01-01T10:00:00Z")
    saves.remember_played(folder, away)
    for number in range(PLAYED_KEPT + 5):
        saves.remember_played(folder, folder / f"g{number}.toml")
    noted = played(folder)
    assert noted[-1] == away, "games played in the folder do not push one outside it out"
    assert noted[:-1] == [folder / f"g{n}.toml" for n in reversed(range(5, PLAYED_KEPT + 5))]


def test_the_former_note_of_files_elsewhere_is_read_until_replaced(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    taken = _game_at(tmp_path / "taken.toml", "2025-01-01T10:00:00Z")
    (folder / ".elsewhere").write_text(f"{taken}\n")
    assert [s.path for s in saves.list_saves(folder)] == [taken]
    inside = _game_at(folder / "inside.toml", "2025-01-01T10:00:00Z")
    saves.remember_played(folder, inside)
    assert played(folder) == [inside, taken]


def test_a_noted_file_since_gone_is_not_listed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    gone = _game_at(tmp_path / "gone.toml", "2025-01-01T10:00:00Z")
    saves.remember_played(folder, gone)
    gone.unlink()
    assert saves.list_saves(folder) == []
    assert saves.last_unfinished(folder) is None


def test_a_folder_that_cannot_be_written_loses_only_the_note(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    taken = _game_at(tmp_path / "taken.toml", "2025-01-01T10:00:00Z")
    folder.chmod(0o500)
    try:
        saves.remember_played(folder, taken)  # no error: the game goes on
    finally:
        folder.chmod(0o700)
    if os.geteuid() != 0:  # root writes a read-only folder anyway
        assert saves.list_saves(folder) == []


def test_noting_the_newest_again_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    taken = _game_at(tmp_path / "taken.toml", "2025-01-01T10:00:00Z")
    saves.remember_played(folder, taken)
    note = folder / ".played"
    before = note.stat().st_ino
    saves.remember_played(folder, taken)
    assert note.stat().st_ino == before  # a write would have renamed a new file over it


def test_a_file_in_the_folder_by_another_path_is_listed_once(tmp_path: Path) -> None:
    real = tmp_path / "data" / "saves"
    real.mkdir(parents=True)
    folder = tmp_path / "saves"
    folder.symlink_to(real)  # the saves folder is a link; Save as named the real folder
    game = _game_at(real / "friday.toml", "2025-01-01T10:00:00Z")
    saves.remember_played(folder, game)
    assert [s.path.name for s in saves.list_saves(folder)] == ["friday.toml"]
