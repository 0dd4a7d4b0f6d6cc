"""The one door from the app to the save layer and the bots.

The app calls only this module for games, saves and bot moves, so `saves.py` and `bots.py` are
met in one place. No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import saves
from rajas_tui import bots
from rules import GameState
from saves import lock as gamelock
from saves.records import HUMAN, Game, Seat, Setup
from saves.sameness import Step, steps
from saves.setups import setup_problem

BOT_KINDS: tuple[str, ...] = tuple(bots.KINDS)
UNDO_MODES = ("strict", "free")

__all__ = ["BOT_KINDS", "HUMAN", "Game", "GameFile", "SessionError"]


class SessionError(Exception):
    """A game could not be started, saved or read: the message is one sentence for the player."""


def new_game(seats: Sequence[tuple[str, str]], seed: int, undo: str = "strict") -> Game:
    """A new game for these (name, kind) seats; the board side follows the player count."""
    setup = Setup(seats=tuple(Seat(name, kind) for name, kind in seats), seed=seed, undo=undo)
    try:
        return saves.start_game(setup)
    except ValueError as error:
        raise SessionError(str(error)) from error


def setup_refusal(seats: Sequence[tuple[str, str]], seed: int, undo: str = "strict") -> str | None:
    """Why `new_game` would refuse this setup, as one sentence; None when it can start.

    The same check as loading a save, so a dialog cannot start a game its autosave cannot hold."""
    setup = Setup(seats=tuple(Seat(name, kind) for name, kind in seats), seed=seed, undo=undo)
    problem = setup_problem(setup)
    if problem is None:
        return None
    words = problem[1]
    return f"{words[:1].upper()}{words[1:]}."


def from_position(seats: Sequence[tuple[str, str]], state: GameState) -> Game:
    """A game that starts from a given position (fixtures and tests)."""
    setup = Setup(seats=tuple(Seat(name, kind) for name, kind in seats), seed=state.config.seed)
    return saves.start_game(setup, position=state)


def with_kinds(game: Game, kinds: Sequence[str]) -> Game:
    """The same game with other kinds of player in the seats (tests: a save's humans as bots)."""
    seats = tuple(attrs.evolve(s, kind=k) for s, k in zip(game.setup.seats, kinds, strict=True))
    return attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))


def state_of(game: Game) -> GameState:
    return game.state


def seats_of(game: Game) -> list[tuple[str, str]]:
    return [(s.name, s.kind) for s in game.setup.seats]


def log_of(game: Game) -> list[tuple[int, str, str]]:
    return [(entry.seat, entry.action, entry.revealed) for entry in game.log]


def play(game: Game, action: Any) -> Game:
    """The game after one more action (raises rules.IllegalAction when it is not legal)."""
    return saves.play(game, action)


def can_undo(game: Game) -> bool:
    return saves.can_undo(game)


def can_redo(game: Game) -> bool:
    return saves.can_redo(game)


def undo(game: Game) -> Game:
    """Takes back the last human action and the bot moves after it."""
    try:
        return saves.undo_turn(game)
    except ValueError as error:
        raise SessionError(str(error)) from error


def redo(game: Game) -> Game:
    try:
        return saves.redo_turn(game)
    except ValueError as error:
        raise SessionError(str(error)) from error


# Files --------------------------------------------------------------------------------------


def saves_dir(override: Path | None = None) -> Path:
    return saves.saves_dir(override)


def autosave(game: Game, directory: Path | None = None) -> Path:
    """Writes the game's autosave in the saves folder."""
    try:
        return saves.autosave(game, directory)
    except (saves.SaveError, OSError) as error:
        raise SessionError(f"the autosave could not be written: {error}") from error


class ReplaceUnconfirmed(SessionError):
    """Save as met an existing save: the player has to say again that it may be replaced."""


def save_as(game: Game, path: Path, replace: bool = False) -> None:
    """Writes the game to a file of its own. Something there is replaced only when it is a
    rajas save and `replace` says the player confirmed it."""
    if path.parent.is_dir():  # a missing folder is made below, so it is not a problem
        problem = saves.replace_problem(path)
        if problem:
            raise SessionError(f"{path}: {problem}.")
    if path.exists() and not replace:
        raise ReplaceUnconfirmed(f"{path.name} already exists: Enter again replaces it.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        saves.save(game, path)
    except (saves.SaveError, OSError) as error:
        raise SessionError(str(error)) from error


@attrs.define
class GameFile:
    """The one file an open game saves to, with the lock that makes this process its only
    writer. `path` is None when the game is not being saved (`note` says why, once)."""

    path: Path | None
    lock: gamelock.GameLock | None = None
    known: tuple[Step, ...] | None = None  # the history last read from or written to the file
    note: str = ""

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
    except SessionError as error:
        return GameFile(None, note=_unsaved(str(error)))
    return GameFile(path, lock, steps((*game.log, *game.redo)))


NEW_NAME_TRIES = 20


def _new_file(game: Game, directory: Path | None) -> GameFile:
    """A free autosave name, locked: a name another window has just locked, or written while
    we locked it, counts as taken and the next is tried."""
    problem = "no free name for its autosave"
    for _ in range(NEW_NAME_TRIES):
        target = saves.free_autosave_path(game, directory)
        try:
            lock = claim(target)
        except SessionError as error:
            problem = str(error)
            if gamelock.lock_path(target).exists():
                continue  # in use: free_autosave_path now skips it
            break
        if not target.exists():
            return GameFile(target, lock)
        lock.release()
    return GameFile(None, note=_unsaved(problem))


def claim(path: Path) -> gamelock.GameLock:
    """The lock on the game file at `path` (its folder made if needed); SessionError with one
    sentence when another rajas has it or it cannot be made."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        return gamelock.acquire(path)
    except gamelock.GameInUse as error:
        raise SessionError(str(error)) from None
    except OSError as error:
        raise SessionError(f"{path}: cannot be locked ({error.strerror or error}).") from None


def adopt(game: Game, path: Path, lock: gamelock.GameLock) -> GameFile:
    """The file a game was just written to (Save as), as its file from now on."""
    return GameFile(path, lock, steps((*game.log, *game.redo)))


def write(game: Game, file: GameFile) -> None:
    """Saves the game to its file, unless the file now holds another game or a history this
    game does not continue: then SessionError, the file is left alone and no longer written."""
    if file.path is None:
        return
    problem = saves.overwrite_problem(game, file.path, file.known)
    if problem is None:
        try:
            saves.save(game, file.path)
        except (saves.SaveError, OSError) as error:
            raise SessionError(f"the game could not be saved: {error}") from error
        file.known = steps((*game.log, *game.redo))
        return
    file.close()
    file.path = None
    raise SessionError(_unsaved(problem))


def load(path: Path) -> Game:
    try:
        return saves.load(path)
    except (saves.SaveError, OSError) as error:
        raise SessionError(str(error)) from error


@attrs.frozen
class SaveLine:
    """One save as the Load list shows it."""

    path: Path
    players: str
    round: int
    date: str
    finished: bool
    problem: str


def list_saves(directory: Path | None) -> list[SaveLine]:
    if directory is None:
        return []
    return _lines(saves.list_saves(directory))


def survey(directory: Path | None) -> tuple[list[SaveLine], Path | None]:
    """The saves folder's listing and the game to continue, from one reading of the folder."""
    if directory is None:
        return [], None
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


def folder_problem(directory: Path | None) -> str | None:
    """Why the saves folder cannot be listed (one sentence), or None."""
    return None if directory is None else saves.folder_problem(directory)


def last_unfinished(directory: Path | None) -> Path | None:
    if directory is None:
        return None
    return saves.last_unfinished(directory)


# Bots ---------------------------------------------------------------------------------------


def bot_move(kind: str, game: Game) -> Any:
    """The bot's action for the seat to act."""
    return bots.choose(kind, game.state, game.setup.seed)
