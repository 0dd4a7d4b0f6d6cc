"""The one file an open game saves to, and Save as: the writer's side of the save layer.

A game being played holds its file with a lock (`lock`), so this process is its only writer;
every write first checks that the file still holds this game (`overwrite`). Errors are
`SaveError`s whose message is one sentence for the player. No user interface here.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from . import lock as gamelock
from .files import SaveError, replace_problem, save
from .folder import free_autosave_path
from .osfiles import reason
from .overwrite import Step, overwrite_check, steps
from .records import Game

NEW_NAME_TRIES = 20


class ReplaceUnconfirmed(SaveError):
    """Save as met an existing save: the player has to say again that it may be replaced."""


class FileGivenUp(SaveError):
    """The game's file now holds another game or a history this one does not continue: it is
    left alone and no longer written. The message offers the app's Save as; `reason` alone is
    the problem, for a caller that offers something else."""

    def __init__(self, reason: str) -> None:
        super().__init__(_unsaved(reason))
        self.reason = reason


def save_as(game: Game, path: Path, replace: bool = False) -> None:
    """Writes the game to a file of its own. Something there is replaced only when it is a
    rajas save and `replace` says the player confirmed it."""
    if path.parent.is_dir():  # a missing folder is made below, so it is not a problem
        problem = replace_problem(path)
        if problem:
            raise SaveError(f"{path}: {problem}.")
    if path.exists() and not replace:
        raise ReplaceUnconfirmed(f"{path.name} already exists: Enter again replaces it.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(f"{path.parent}: cannot be made ({reason(error)}).") from None
    save(game, path)


@attrs.define
class GameFile:
    """The one file an open game saves to, with the lock that makes this process its only
    writer. `path` is None when the game is not being saved (`note` says why, once, and
    `problem` alone the reason it could not be had)."""

    path: Path | None
    lock: gamelock.GameLock | None = None
    known: tuple[Step, ...] | None = None  # the history last read from or written to the file
    note: str = ""
    problem: str = ""

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def _unsaved(reason: str) -> str:
    return f"{reason.rstrip('.')}. This game goes on unsaved here; Save as writes it to a new file."


def open_file(game: Game, path: Path | None, directory: Path | None = None) -> GameFile:
    """Makes this process the writer of the game's file: `path` for a loaded game, a free name
    in the saves folder for a new one. When another process has it, the game is played here
    without saving and `note` says so."""
    if path is None:
        return _new_file(game, directory)
    try:
        lock = claim(path)
    except SaveError as error:
        return GameFile(None, note=_unsaved(str(error)), problem=str(error))
    return GameFile(path, lock, steps((*game.log, *game.redo)))


def _new_file(game: Game, directory: Path | None) -> GameFile:
    """A free autosave name, locked: a name another window has just locked, or written while
    we locked it, counts as taken and the next is tried."""
    problem = "no free name for its autosave"
    for _ in range(NEW_NAME_TRIES):
        target = free_autosave_path(game, directory)
        try:
            lock = claim(target)
        except SaveError as error:
            problem = str(error)
            if gamelock.lock_path(target).exists():
                continue  # in use: free_autosave_path now skips it
            break
        if not target.exists():
            return GameFile(target, lock)
        lock.release()
    return GameFile(None, note=_unsaved(problem), problem=problem)


def claim(path: Path) -> gamelock.GameLock:
    """The lock on the game file at `path` (its folder made if needed); SaveError with one
    sentence when another rajas has it or it cannot be made."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        return gamelock.acquire(path)
    except gamelock.GameInUse as error:
        raise SaveError(str(error)) from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be locked ({reason(error)}).") from None


def adopt(game: Game, path: Path, lock: gamelock.GameLock) -> GameFile:
    """The file a game was just written to (Save as), as its file from now on."""
    return GameFile(path, lock, steps((*game.log, *game.redo)))


def write(game: Game, file: GameFile) -> None:
    """Saves the game to its file, unless the file now holds another game or a history this
    game does not continue: then SaveError, the file is left alone and no longer written."""
    if file.path is None:
        return
    problem, was_save = overwrite_check(game, file.path, file.known)
    if problem is None:
        try:
            save(game, file.path, replaces_save=bool(was_save))
        except SaveError as error:
            raise SaveError(f"the game could not be saved: {error}") from error
        file.known = steps((*game.log, *game.redo))
        return
    file.close()
    file.path = None
    raise FileGivenUp(problem)
