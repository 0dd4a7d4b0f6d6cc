"""The one file an open game saves to, and Save as: the writer's side of the save layer.

A game being played holds its file with a lock (`lock`), so this process is its only writer;
every write first checks that the file still holds this game (`overwrite`). Errors are
`SaveError`s whose message is one sentence for the player. No user interface here.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs

from . import lock as gamelock
from .files import SaveError, keep_older_rules, replace_problem, save
from .folder import free_autosave_path, free_path, home_expanded
from .osfiles import reason
from .overwrite import Step, overwrite_check, steps
from .records import Game

NEW_NAME_TRIES = 20
RESCUED = "rescued"  # a rescued game's file: rescued-NAME.toml, after the file it could not use
RESCUED_NAME_BYTES = 200  # of the name it is after: room left for the prefix and a number
# What textual-serve sets for the app it runs for a browser tab (`rajas serve`).
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


class ReplaceUnconfirmed(SaveError):
    """Save as met an existing save: the player has to say again that it may be replaced."""


class FileGivenUp(SaveError):
    """The game's file now holds another game or a history this one does not continue: it is
    left alone and no longer written. The message offers the app's Save as; `reason` alone is
    the problem, for a caller that offers something else."""

    def __init__(self, reason: str) -> None:
        super().__init__(_unsaved(reason))
        self.reason = reason


def save_as_confinement() -> str | None:
    """Why Save as takes only a name in the saves folder, where the player may not be the
    account's owner: served to a browser tab, or run by an SSH login (whose forced command may
    be all the player was given); None in the owner's own terminal."""
    where = "In a browser" if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER else None
    if where is None and (os.environ.get("SSH_CONNECTION") or os.environ.get("SSH_CLIENT")):
        where = "Over SSH"
    if where is None:
        return None
    return f"{where}, Save as saves in the saves folder: give only a name, no folder."


def _plain_name(name: str) -> bool:
    """Whether `name` names a file with no folder: not a path, not `~`, not `.` or `..`."""
    return Path(name).name == name and not name.startswith("~") and name not in (".", "..")


def save_as_target(name: str, directory: Path | None, confined: str | None) -> Path:
    """The file Save as writes for the name the player gave: `~` expanded, `.toml` added when
    it has none, a relative name in the saves folder `directory`. When `confined` (the sentence
    of `save_as_confinement`), anything but a plain name is a SaveError saying it."""
    if confined is not None and not _plain_name(name):
        raise SaveError(confined)
    path = home_expanded(name)
    if not path.suffix:
        path = path.with_suffix(".toml")
    if not path.is_absolute() and directory is not None:
        path = directory / path
    return path


def move_to(game: Game, path: Path, file: GameFile, replace: bool = False) -> GameFile:
    """Save as: writes the game to `path` (`save_as`) and returns the game's file from now on,
    `path` under its lock in place of `file` (closed), or `file` itself when it is `path`. The
    lock is taken before the write, so no other rajas writes there between the two."""
    lock = None if path == file.path else claim(path)
    try:
        save_as(game, path, replace or lock is None)  # its own file: nothing else to replace
    except SaveError:
        if lock is not None:
            lock.release()
        raise
    if lock is None:
        return file
    file.close()
    return adopt(game, path, lock)


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
    keep_older_rules(game, path)  # before its first write under today's rules
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
    except OSError as error:
        raise SaveError(f"{path.parent}: the folder cannot be made ({reason(error)}).") from None
    try:
        return gamelock.acquire(path)
    except gamelock.GameInUse as error:
        raise SaveError(str(error)) from None
    except OSError as error:
        raise SaveError(gamelock.refusal(path, error)) from None


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


def rescue(game: Game, directory: Path, after: str) -> Path:
    """Writes the game once to a new file in the saves folder `directory`, for a game its own
    file does not hold as the app ends: `rescued-AFTER.toml` (AFTER the name of that file),
    numbered when taken. The name is locked before the write, so nothing there is replaced;
    SaveError (one sentence) when it cannot be written."""
    stem = _rescued_stem(after)
    for _ in range(NEW_NAME_TRIES):
        target = free_path(directory, stem)
        try:
            lock = claim(target)
        except SaveError:
            if gamelock.lock_path(target).exists():
                continue  # in use: free_path now skips it
            raise
        try:
            if not target.exists():
                save_as(game, target)
                return target
        finally:
            lock.release()
    raise SaveError(f"{directory}: no free name to keep the game in.")


def _rescued_stem(after: str) -> str:
    """`rescued-AFTER`, with AFTER's own `rescued-` dropped (a rescued game rescued again) and
    AFTER cut to fit a file name."""
    while after.startswith(f"{RESCUED}-"):
        after = after[len(RESCUED) + 1 :]
    data = after.encode("utf-8", "surrogateescape")[:RESCUED_NAME_BYTES]
    after = data.decode("utf-8", "ignore")
    return f"{RESCUED}-{after}" if after else RESCUED
