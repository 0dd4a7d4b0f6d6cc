"""The puzzles a player has solved, kept in `$XDG_DATA_HOME/rajas/puzzles.toml` (else under
`~/.local/share`), each with the fewest hints a solution took:

    [solved]
    roads-to-the-edge = { hints = 0 }

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
    """The marks in the file (none when there is no file), and one sentence when it cannot be
    used: then no marks."""
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = tomllib.loads(_text(path))
    except OSError as error:
        return {}, f"{path}: cannot be read ({error.strerror or error}); no puzzle shows solved."
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, UnicodeError: ValueErrors
        return {}, f"{path}: not a puzzles file ({error}); no puzzle shows solved."
    marks, problem = _marks(data)
    if problem:
        return {}, f"{path}: {problem}; no puzzle shows solved."
    return marks, None


def _marks(data: dict[str, Any]) -> tuple[Marks, str | None]:
    if set(data) - {"solved"}:
        return {}, f"it has {', '.join(sorted(set(data) - {'solved'}))}, where only [solved] goes"
    solved = data.get("solved", {})
    if not isinstance(solved, dict):
        return {}, "solved is not a table"
    marks: Marks = {}
    for puzzle, mark in solved.items():
        hints = mark.get("hints") if isinstance(mark, dict) else None
        if not isinstance(mark, dict) or set(mark) != {"hints"}:
            return {}, f"solved.{puzzle} is not {{ hints = N }}"
        if type(hints) is not int or hints < 0:
            return {}, f"solved.{puzzle}.hints is not a whole number from 0"
        marks[puzzle] = Mark(hints)
    return marks, None


def dumps(marks: Marks) -> str:
    import tomli_w  # only a solution writes

    solved = {puzzle: {"hints": mark.hints} for puzzle, mark in sorted(marks.items())}
    return tomli_w.dumps({"solved": solved})


def solved(path: Path, puzzle: str, hints: int) -> tuple[Marks, str | None]:
    """Marks `puzzle` solved with `hints` (a mark with fewer hints stays) and writes the file
    atomically; the marks now, and one sentence when they could not be written. A file that could
    not be read is kept as NAME.bak beside the new one."""
    marks, problem = read(path)
    old = marks.get(puzzle)
    if old is not None and old.hints <= hints:
        return marks, None
    marks = {**marks, puzzle: Mark(hints)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        backup = (lambda _: True) if problem else None
        write_atomic(path, dumps(marks).encode(), backup)
    except Unwritable as error:
        return marks, f"The solved puzzle could not be noted: {error}"
    except OSError as error:
        return marks, f"The solved puzzle could not be noted: {path}: {error.strerror or error}."
    return marks, None
