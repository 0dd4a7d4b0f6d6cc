"""Where saves live: the saves folder, autosave, and the listing of saved games."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import Any

import attrs

from .converter import Problem
from .files import SaveError, check_header, error_for, load, read, save
from .records import Game


def saves_dir(override: str | Path | None = None) -> Path:
    """The saves folder: `override` (--saves), else $RAJAS_SAVES, else
    $XDG_DATA_HOME/rajas/saves, else ~/.local/share/rajas/saves. Not created here."""
    if override:
        return Path(override).expanduser()
    if os.environ.get("RAJAS_SAVES"):
        return Path(os.environ["RAJAS_SAVES"]).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME", "")
    if not data_home or not Path(data_home).is_absolute():  # the XDG spec ignores relative paths
        data_home = str(Path.home() / ".local" / "share")
    return Path(data_home) / "rajas" / "saves"


def _slug(text: str) -> str:
    """A file-name-safe form of a name: accents dropped (Ö -> o), other letters to hyphens."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.casefold()).strip("-")


def autosave_path(game: Game, directory: Path | None = None) -> Path:
    """Where the app keeps this game: the saves folder, named by start time and players."""
    stamp = re.sub(r"[^0-9T]", "", game.created).replace("T", "-") or "game"
    names = "-".join(filter(None, (_slug(s.name) for s in game.setup.seats)))[:60]
    name = f"{stamp}-{names}" if names else stamp
    return (directory or saves_dir()) / f"{name}.toml"


def autosave(game: Game, directory: Path | None = None) -> Path:
    """Saves to the game's autosave path, creating the saves folder (private) if needed."""
    path = autosave_path(game, directory)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    save(game, path)
    return path


@attrs.frozen
class SaveSummary:
    """What a listing shows of a save, read without replaying it; `problem` when unreadable."""

    path: Path
    players: tuple[str, ...] = ()
    round: int = 0
    updated: str = ""
    over: bool = False
    to_act: str = ""
    problem: str = ""


def _summary(path: Path) -> SaveSummary:
    try:
        raw = read(path)
        check_header(raw)
    except SaveError as error:
        return SaveSummary(path, problem=str(error))
    except Problem as problem:
        return SaveSummary(path, problem=str(error_for(path, problem)))
    setup, state = _table_in(raw, "setup"), _table_in(raw, "state")
    seats = setup.get("seats")
    names = tuple(
        str(seat.get("name", "?"))
        for seat in (seats if isinstance(seats, list) else [])
        if isinstance(seat, dict)
    )
    turn, round_, updated = state.get("turn"), state.get("round"), raw["header"].get("updated")
    if not names or type(round_) is not int:
        missing = "it names no players or no round; 'rajas validate' tells what is wrong"
        return SaveSummary(path, problem=f"{path}: {missing}.")
    return SaveSummary(
        path,
        players=names,
        round=round_,
        updated=updated if isinstance(updated, str) else "",
        over=state.get("over") is True,
        to_act=names[turn] if type(turn) is int and 0 <= turn < len(names) else "",
    )


def _table_in(raw: dict[str, Any], key: str) -> dict[str, Any]:
    """A table of a file only listed, not loaded: anything else reads as empty."""
    value = raw.get(key)
    return value if isinstance(value, dict) else {}


def list_saves(directory: Path | str) -> list[SaveSummary]:
    """Every save in the folder, last played first; unreadable ones last, with their problem."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    found = [
        _summary(path)
        for path in folder.glob("*.toml")
        if not path.name.startswith(".") and path.is_file()
    ]
    found.sort(key=lambda s: s.path.name)
    found.sort(key=lambda s: s.updated, reverse=True)  # ISO times sort as text; stable sorts
    found.sort(key=lambda s: s.problem != "")
    return found


def last_unfinished(directory: Path | str) -> Path | None:
    """The most recently played save in the folder that loads and is not over."""
    for summary in list_saves(directory):
        if summary.problem or summary.over:
            continue
        try:
            game = load(summary.path)
        except SaveError:
            continue
        if not game.over:
            return summary.path
    return None
