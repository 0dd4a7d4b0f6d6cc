"""The solved marks: kept in the data folder with the fewest hints, written atomically, with the
hints asked at a puzzle not yet solved again kept until it is; a file
that cannot be read as marks is one sentence and no marks, never a crash, and is kept as .bak
when the next solution writes the file again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from saves import marks
from saves.marks import Mark


def test_the_marks_live_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert marks.marks_path() == tmp_path / "rajas" / "puzzles.toml"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # ignored, as the XDG spec says
    assert marks.marks_path() == Path.home() / ".local" / "share" / "rajas" / "puzzles.toml"


def test_no_file_is_no_marks_and_no_sentence(tmp_path: Path) -> None:
    assert marks.read(tmp_path / "puzzles.toml") == ({}, None)


def test_a_solution_is_written_and_read_back_keeping_the_fewest_hints(tmp_path: Path) -> None:
    path = tmp_path / "rajas" / "puzzles.toml"
    assert marks.solved(path, "the-far-edge", 2) == ({"the-far-edge": Mark(2)}, None)
    marks.solved(path, "market-day", 0)
    marks.solved(path, "the-far-edge", 3)  # more hints than before: the mark stays
    assert marks.read(path) == ({"the-far-edge": Mark(2), "market-day": Mark(0)}, None)
    marks.solved(path, "the-far-edge", 1)
    assert marks.read(path)[0]["the-far-edge"] == Mark(1)
    assert "[solved.the-far-edge]" in path.read_text()
    assert not list(path.parent.glob("*.tmp")), "written through a temporary file"


def test_hints_asked_are_kept_until_a_solution_records_them(tmp_path: Path) -> None:
    path = tmp_path / "rajas" / "puzzles.toml"
    marks.solved(path, "market-day", 0)
    assert marks.asked(path, "the-far-edge", 2) is None
    book, problem = marks.read_book(path)
    assert problem is None
    assert book == marks.Book({"market-day": Mark(0)}, {"the-far-edge": 2})
    assert marks.read(path) == ({"market-day": Mark(0)}, None), "asked is not solved"
    assert marks.solved(path, "the-far-edge", 2) == (
        {"market-day": Mark(0), "the-far-edge": Mark(2)},
        None,
    )
    assert marks.read_book(path)[0].asked == {}, "a solution starts the count again"
    marks.asked(path, "market-day", 1)  # hints after a solution: the best mark stays
    marks.solved(path, "market-day", 1)
    assert marks.read_book(path) == (
        marks.Book({"market-day": Mark(0), "the-far-edge": Mark(2)}, {}),
        None,
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"[solved\n", "not a puzzles file"),
        (b"\xff\xfe\x00", "not a puzzles file"),
        (b"wins = 3\n", "only [solved] and [asked] go"),
        (b"[asked]\nx = { hints = 1.5 }\n", "asked.x.hints is not a whole number from 0"),
        (b"solved = 3\n", "solved is not a table"),
        (b"[solved]\nx = 1\n", "solved.x is not { hints = N }"),
        (b"[solved.x]\nhints = -1\n", "solved.x.hints is not a whole number from 0"),
        (b"[solved.x]\nhints = true\n", "solved.x.hints is not a whole number from 0"),
        (b"[solved.x]\nhints = 1\nwhen = 2\n", "solved.x is not { hints = N }"),
        (b"x" * (marks.MAX_BYTES + 1), "far more than the marks take"),
    ],
)
def test_a_broken_file_is_one_sentence_and_no_marks(
    tmp_path: Path, text: bytes, words: str
) -> None:
    path = tmp_path / "puzzles.toml"
    path.write_bytes(text)
    found, problem = marks.read(path)
    assert found == {}
    assert problem is not None and words in problem
    assert problem.startswith(str(path)) and problem.endswith("no puzzle shows solved.")
    assert "\n" not in problem


def test_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzles.toml"
    os.mkfifo(fifo)
    found, problem = marks.read(fifo)
    assert found == {} and problem is not None and "not a regular file" in problem
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    found, problem = marks.read(folder)
    assert found == {} and problem is not None


def test_a_solution_after_a_broken_file_keeps_it_beside_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.toml"
    path.write_text("not toml [\n")
    assert marks.solved(path, "blue-water", 0) == ({"blue-water": Mark(0)}, None)
    assert marks.read(path) == ({"blue-water": Mark(0)}, None)
    assert (tmp_path / "puzzles.toml.bak").read_text() == "not toml [\n"


def test_a_file_that_cannot_be_written_is_one_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles.toml"
    folder.mkdir()
    found, problem = marks.solved(folder, "blue-water", 0)
    assert found == {"blue-water": Mark(0)}
    assert problem is not None and problem.startswith("The solved puzzle could not be noted: ")
    assert "\n" not in problem
