"""What the Load list and the title screen show of the saves folder: one line a save."""

from __future__ import annotations

from pathlib import Path

import attrs

import saves


@attrs.frozen
class SaveLine:
    """One save as the Load list shows it."""

    path: Path
    players: str
    round: int
    date: str
    finished: bool
    problem: str


def lines(directory: Path) -> list[SaveLine]:
    """The saves folder's listing, last played first."""
    return _lines(saves.list_saves(directory))


def survey(directory: Path) -> tuple[list[SaveLine], Path | None]:
    """The saves folder's listing and the game to continue, from one reading of the folder."""
    listed = saves.list_saves(directory)
    return _lines(listed), saves.first_unfinished(listed)


def _lines(listed: list[saves.SaveSummary]) -> list[SaveLine]:
    return [
        SaveLine(
            path=Path(s.path),
            players=", ".join(s.players),
            round=s.round,
            date=s.updated[:16].replace("T", " "),
            finished=s.over,
            problem=s.problem,
        )
        for s in listed
    ]
