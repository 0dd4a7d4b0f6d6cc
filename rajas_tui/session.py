"""The one door from the app to the save layer and the bots.

The app calls only this module for games, saves and bot moves, so `persist.py` and `bots.py` are
met in one place. No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rules.state import GameState

from . import bots, persist
from .records import HUMAN, Game, Seat, Setup
from .setups import setup_problem

BOT_KINDS: tuple[str, ...] = tuple(bots.KINDS)
UNDO_MODES = ("strict", "free")

__all__ = ["BOT_KINDS", "HUMAN", "Game", "SessionError"]


class SessionError(Exception):
    """A game could not be started, saved or read: the message is one sentence for the player."""


def new_game(seats: Sequence[tuple[str, str]], seed: int, undo: str = "strict") -> Game:
    """A new game for these (name, kind) seats; the board side follows the player count."""
    setup = Setup(seats=tuple(Seat(name, kind) for name, kind in seats), seed=seed, undo=undo)
    try:
        return persist.start_game(setup)
    except ValueError as error:
        raise SessionError(str(error)) from error


def setup_refusal(
    seats: Sequence[tuple[str, str]], seed: int, undo: str = "strict"
) -> str | None:
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
    return persist.start_game(setup, position=state)


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
    return persist.play(game, action)


def can_undo(game: Game) -> bool:
    return persist.can_undo(game)


def can_redo(game: Game) -> bool:
    return persist.can_redo(game)


def undo(game: Game) -> Game:
    """Takes back the last human action and the bot moves after it."""
    try:
        return persist.undo_turn(game)
    except ValueError as error:
        raise SessionError(str(error)) from error


def redo(game: Game) -> Game:
    try:
        return persist.redo_turn(game)
    except ValueError as error:
        raise SessionError(str(error)) from error


# Files --------------------------------------------------------------------------------------


def saves_dir(override: Path | None = None) -> Path:
    return persist.saves_dir(override)


def autosave(game: Game, directory: Path | None = None) -> Path:
    """Writes the game's autosave in the saves folder."""
    try:
        return persist.autosave(game, directory)
    except (persist.SaveError, OSError) as error:
        raise SessionError(f"the autosave could not be written: {error}") from error


def save_as(game: Game, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        persist.save(game, path)
    except (persist.SaveError, OSError) as error:
        raise SessionError(str(error)) from error


def load(path: Path) -> Game:
    try:
        return persist.load(path)
    except (persist.SaveError, OSError) as error:
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
    return [
        SaveLine(
            path=Path(s.path),
            players=", ".join(s.players),
            round=s.round,
            date=s.updated[:16].replace("T", " "),
            finished=s.over,
            problem=s.problem,
        )
        for s in persist.list_saves(directory)
    ]


def last_unfinished(directory: Path | None) -> Path | None:
    if directory is None:
        return None
    return persist.last_unfinished(directory)


# Bots ---------------------------------------------------------------------------------------


def bot_move(kind: str, game: Game) -> Any:
    """The bot's action for the seat to act."""
    return bots.choose(kind, game.state, game.setup.seed)
