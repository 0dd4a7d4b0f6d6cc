"""The puzzles a player has solved, kept in `$XDG_DATA_HOME/rajas/puzzles.toml` (else under
`~/.local/share`), each with the fewest hints a solution took, and the hints asked at a puzzle
since it was last solved, so that starting it again does not forget them:

    [solved]
    roads-to-the-edge = { hints = 0 }
    [asked]
    market-day = { hints = 2 }

A file that cannot be read as marks gives one sentence and no marks, never a crash; the next
solution writes a new file and keeps the old one beside it as puzzles.toml.bak.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

import attrs

from .atomic import Unwritable, write_atomic
from .folder import data_dir

FILE_NAME = "puzzles.toml"
# A mark is a line of some 30 bytes: anything far larger is not this file, and is not parsed.
MAX_BYTES = 65_536


@attrs.frozen
class Mark:
    """A solved puzzle: the fewest hints (coach's advice) a solution of it took."""

    hints: int


Marks = dict[str, Mark]
TABLES = ("solved", "asked")


@attrs.frozen
class Book:
    """The whole file: the solved marks, and per puzzle the hints asked since it was last solved
    (none kept for a puzzle asked nothing)."""

    solved: Marks = attrs.Factory(dict)
    asked: dict[str, int] = attrs.Factory(dict)


def marks_path() -> Path:
    return data_dir() / FILE_NAME


def _text(path: Path) -> str:
    """The file's text; OSError or ValueError (the reason) when it is not a small regular file.
    Opened without blocking and checked on the open descriptor: a FIFO is refused at once."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("it is not a regular file")
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"it is over {MAX_BYTES:,} bytes, far more than the marks take")
    return data.decode("utf-8")


def read(path: Path) -> tuple[Marks, str | None]:
    """The solved marks in the file (none when there is no file), and one sentence when it
    cannot be used: then no marks."""
    book, problem = read_book(path)
    return book.solved, problem


def read_book(path: Path) -> tuple[Book, str | None]:
    """The whole file (empty when there is none), and one sentence when it cannot be used: then
    an empty book."""
    if not path.exists() and not path.is_symlink():
        return Book(), None
    try:
        data = tomllib.loads(_text(path))
    except OSError as error:
        return (
            Book(),
            f"{path}: cannot be read ({error.strerror or error}); no puzzle shows solved.",
        )
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, UnicodeError: ValueErrors
        return Book(), f"{path}: not a puzzles file ({error}); no puzzle shows solved."
    try:
        if extra := set(data) - set(TABLES):
            raise ValueError(
                f"it has {', '.join(sorted(extra))}, where only [solved] and [asked] go"
            )
        solved, asked = (_counts(data, table) for table in TABLES)
    except ValueError as problem:
        return Book(), f"{path}: {problem}; no puzzle shows solved."
    return Book({puzzle: Mark(hints) for puzzle, hints in solved.items()}, asked), None


def _counts(data: dict[str, Any], table: str) -> dict[str, int]:
    """The hints of each puzzle in `table`; ValueError (the words) when it is not of that shape."""
    found = data.get(table, {})
    if not isinstance(found, dict):
        raise ValueError(f"{table} is not a table")
    counts: dict[str, int] = {}
    for puzzle, mark in found.items():
        if not isinstance(mark, dict) or set(mark) != {"hints"}:
            raise ValueError(f"{table}.{puzzle} is not {{ hints = N }}")
        hints = mark["hints"]
        if type(hints) is not int or hints < 0:
            raise ValueError(f"{table}.{puzzle}.hints is not a whole number from 0")
        counts[puzzle] = hints
    return counts


def dumps(book: Book) -> str:
    import tomli_w  # only a solution or a hint writes

    solved = {puzzle: {"hints": mark.hints} for puzzle, mark in sorted(book.solved.items())}
    data: dict[str, Any] = {"solved": solved}
    if book.asked:
        data["asked"] = {puzzle: {"hints": hints} for puzzle, hints in sorted(book.asked.items())}
    return tomli_w.dumps(data)


def solved(path: Path, puzzle: str, hints: int) -> tuple[Marks, str | None]:
    """Marks `puzzle` solved with `hints` (a mark with fewer hints stays), its hints asked
    forgotten (the next attempt starts again from none), and writes the file atomically; the
    marks now, and one sentence when they could not be written. A file that could not be read is
    kept as NAME.bak beside the new one."""
    book, problem = read_book(path)
    old = book.solved.get(puzzle)
    if old is not None and old.hints <= hints and puzzle not in book.asked:
        return book.solved, None
    best = hints if old is None else min(old.hints, hints)
    asked = {name: n for name, n in book.asked.items() if name != puzzle}
    book = Book({**book.solved, puzzle: Mark(best)}, asked)
    trouble = _write(path, book, problem is not None)
    return book.solved, f"The solved puzzle could not be noted: {trouble}" if trouble else None


def asked(path: Path, puzzle: str, hints: int) -> str | None:
    """Notes that `hints` hints have been asked at `puzzle` since it was last solved, written
    atomically as `solved` writes; one sentence when it could not be written."""
    book, problem = read_book(path)
    book = Book(book.solved, {**book.asked, puzzle: hints})
    trouble = _write(path, book, problem is not None)
    return f"The hint asked could not be noted: {trouble}" if trouble else None


def _write(path: Path, book: Book, keep_old: bool) -> str:
    """Writes `book` to `path` (the file there kept as NAME.bak when `keep_old`); "" when
    written, else why not."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, dumps(book).encode(), (lambda _: True) if keep_old else None)
    except Unwritable as error:
        return str(error)
    except OSError as error:
        return f"{path}: {error.strerror or error}."
    return ""
