"""Whether writing a game over a file would lose anything: the file must hold the same game, and
no history this game does not also hold.

Read from the file's TOML only (no replay), so the check costs one parse of the file about to be
replaced, and tells the write whether that file is a save to keep as the backup. Used before
every write of a game that already has a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .converter import Problem, structure
from .files import SaveError, is_save, read
from .records import Game, LogEntry, Setup

Step = tuple[Any, Any]  # (seat, action) as found in the file; a file may hold anything there


def steps(entries: Sequence[LogEntry]) -> tuple[Step, ...]:
    return tuple((entry.seat, entry.action) for entry in entries)


def _file_steps(log: Any) -> tuple[Step, ...]:
    """The played then the undone entries of a file's [log], as (seat, action)."""
    found: list[Step] = []
    if not isinstance(log, dict):
        return ()
    for key in ("played", "undone"):
        entries = log.get(key)
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict):
                found.append((entry.get("seat"), entry.get("action")))
            else:
                found.append((None, None))
    return tuple(found)


def _same_game(raw: dict[str, Any], game: Game) -> bool:
    """Same start time and setup; the setup compared as read, so keys left at their defaults
    in the file do not make it another game."""
    header = raw.get("header")
    created = header.get("created") if isinstance(header, dict) else None
    if created != game.created:
        return False
    try:
        setup: Setup = structure(raw.get("setup"), Setup, "setup")
    except Problem:
        return False
    return setup == game.setup


def overwrite_problem(game: Game, path: Path, known: tuple[Step, ...] | None = None) -> str | None:
    """Why `game` must not replace the file at `path`, or None when it may.

    It may when there is no file, or the file holds this game (same start time and setup) and
    either exactly the history this writer last saw there (`known`, played then undone) or a
    history that this game's log and redo list continue."""
    return overwrite_check(game, path, known)[0]


def overwrite_check(
    game: Game, path: Path, known: tuple[Step, ...] | None = None
) -> tuple[str | None, bool | None]:
    """`overwrite_problem`, and whether the file there is a save (None when there is no file),
    from the one read of the file: the write that follows keeps a save as the backup without
    reading it again."""
    if not path.exists():
        return None, None
    try:
        raw = read(path)
    except SaveError as error:
        return f"{str(error).rstrip('.')}; it was not overwritten", False
    if not _same_game(raw, game):
        return f"{path}: holds a different game; it was not overwritten", is_save(raw)
    there = _file_steps(raw.get("log"))
    ours = steps((*game.log, *game.redo))
    if there == known or ours[: len(there)] == there:
        return None, is_save(raw)
    return (
        f"{path}: holds {len(there)} actions of this game that this window does not follow "
        "(it was played elsewhere meanwhile); it was not overwritten"
    ), is_save(raw)
