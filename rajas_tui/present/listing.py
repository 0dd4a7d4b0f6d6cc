"""What the Load list and the title screen show of the saves folder: one line a save."""

from __future__ import annotations

from pathlib import Path

import attrs

import saves
from rules import counted


@attrs.frozen
class SaveLine:
    """One save as the Load list shows it; `elsewhere` when it lies outside the saves folder."""

    path: Path
    players: str
    round: int
    date: str
    finished: bool
    problem: str
    elsewhere: bool = False

    @property
    def name(self) -> str:
        """The name Load shows: the file's, after its folder when it lies outside the saves
        folder, so that a copy elsewhere never reads as the save in the folder."""
        if not self.elsewhere:
            return self.path.stem
        return f"{shortened(self.path.parent).rstrip('/')}/{self.path.stem}"


def shortened(folder: Path) -> str:
    """A folder as a person writes it: `~/games` under the home folder (unless home is `/`)."""
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no account entry
        return str(folder)
    if not home.is_absolute() or home == Path(home.anchor) or not folder.is_relative_to(home):
        return str(folder)
    rest = folder.relative_to(home)
    return "~" if rest == Path() else f"~/{rest}"


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
            elsewhere=s.elsewhere,
        )
        for s in listed
    ]


def count_words(listed: list[SaveLine]) -> str:
    """How many saves Load lists, and where: the saves folder, or outside it (played from
    there), for the title's note; "" for none."""
    outside = sum(line.elsewhere for line in listed)
    inside = len(listed) - outside
    if not outside:
        return f"{counted(inside, 'save')} in the saves folder" if inside else ""
    if not inside:
        return f"{counted(outside, 'save')} outside the saves folder"
    return f"{counted(len(listed), 'save')}: {inside} in the saves folder, {outside} elsewhere"
