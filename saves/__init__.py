"""The save layer: start, play, undo, redo, save, load and list saved games.

The app and the headless commands call this package's names; the work is in small modules
beside them: `records` (what a game is), `setups` (checking a setup), `journal` (the action log
and what each action revealed), `converter` (the one cattrs converter), `positions` (checking a
state), `files` (the TOML file and loading with every check), `osfiles` (reading only regular
files, with a bound), `atomic` (atomic writes), `folder` (the saves folder, autosave names,
listing), `lock` (one writer per game), `overwrite` (whether the file on disk is still this game)
and `gamefile` (the one file an open game saves to, and Save as). No user interface is imported
here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

import rules
from rules import GameState, new_game

from . import journal, positions
from .atomic import Unwritable, write_atomic, write_problem
from .converter import Problem
from .files import (
    FORMAT,
    GENERATORS,
    MAX_BYTES,
    VERSION,
    SaveError,
    app_version,
    backup_of,
    dumps,
    engine_generator,
    keep_older_rules,
    load,
    load_position,
    older_rules_backup,
    replace_problem,
    rules_note,
    save,
)
from .journal import setup_revealed
from .records import BOT_KINDS, DEFAULT_NAMES, HUMAN, Game, LogEntry, Seat, Setup
from .setups import (
    VARIANTS,
    boards_of,
    config_for,
    position_mismatch,
    seated_on,
    seed_problem,
    settled,
    setup_problem,
)

# The saves folder (its listing, autosave names, the lock each game takes) and the file an open
# game saves to serve the app and the commands that write. Their names are imported on first
# use, so that reading one save (`rajas show`, `rajas validate`) does not import them.
_LATER = {
    "folder": (
        "SaveSummary",
        "autosave",
        "autosave_path",
        "first_unfinished",
        "folder_problem",
        "free_autosave_path",
        "home_expanded",
        "last_unfinished",
        "list_saves",
        "remember_played",
        "saves_dir",
    ),
    "gamefile": (
        "FileGivenUp",
        "GameFile",
        "ReplaceUnconfirmed",
        "WEB_DRIVER",
        "adopt",
        "claim",
        "move_to",
        "open_file",
        "rescue",
        "save_as",
        "save_as_confinement",
        "save_as_target",
        "write",
    ),
    "overwrite": ("overwrite_problem",),
    "tutorials": (
        "TUTORIAL_DONE",
        "free_tutorial_path",
        "tutorial_step",
        "unfinished_tutorial",
        "write_tutorial_step",
    ),
}
_MODULE_OF = {name: module for module, names in _LATER.items() for name in names}

if TYPE_CHECKING:
    from .folder import (
        SaveSummary,
        autosave,
        autosave_path,
        first_unfinished,
        folder_problem,
        free_autosave_path,
        home_expanded,
        last_unfinished,
        list_saves,
        remember_played,
        saves_dir,
    )
    from .gamefile import (
        WEB_DRIVER,
        FileGivenUp,
        GameFile,
        ReplaceUnconfirmed,
        adopt,
        claim,
        move_to,
        open_file,
        rescue,
        save_as,
        save_as_confinement,
        save_as_target,
        write,
    )
    from .overwrite import overwrite_problem
    from .tutorials import (
        TUTORIAL_DONE,
        free_tutorial_path,
        tutorial_step,
        unfinished_tutorial,
        write_tutorial_step,
    )
else:

    def __getattr__(name: str) -> object:
        module = _MODULE_OF.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", __name__), name)
        globals()[name] = value  # found directly from now on
        return value


__all__ = [
    "BOT_KINDS",
    "DEFAULT_NAMES",
    "FORMAT",
    "GENERATORS",
    "HUMAN",
    "MAX_BYTES",
    "TUTORIAL_DONE",
    "VARIANTS",
    "VERSION",
    "WEB_DRIVER",
    "FileGivenUp",
    "Game",
    "GameFile",
    "LogEntry",
    "ReplaceUnconfirmed",
    "SaveError",
    "SaveSummary",
    "Seat",
    "Setup",
    "Unwritable",
    "adopt",
    "app_version",
    "autosave",
    "autosave_path",
    "backup_of",
    "boards_of",
    "can_redo",
    "can_undo",
    "claim",
    "dumps",
    "engine_generator",
    "examples_dir",
    "first_unfinished",
    "folder_problem",
    "free_autosave_path",
    "free_tutorial_path",
    "home_expanded",
    "keep_older_rules",
    "last_unfinished",
    "list_saves",
    "load",
    "load_position",
    "move_to",
    "older_rules_backup",
    "open_file",
    "overwrite_problem",
    "play",
    "redo",
    "redo_turn",
    "remember_played",
    "replace_problem",
    "rescue",
    "revealed_at",
    "rules_note",
    "save",
    "save_as",
    "save_as_confinement",
    "save_as_target",
    "saves_dir",
    "seated",
    "seed_problem",
    "settled",
    "setup_refusal",
    "setup_revealed",
    "start_game",
    "turn_count",
    "tutorial_step",
    "undo",
    "undo_problem",
    "undo_turn",
    "unfinished_tutorial",
    "write",
    "write_atomic",
    "write_problem",
    "write_tutorial_step",
]


def examples_dir() -> Path:
    """The folder of example games shipped with rajas (package data, so a wheel has them too)."""
    # Imported here: importlib.resources costs a few milliseconds on every start of `rajas`,
    # and only the app's example list needs it.
    from importlib import resources

    return Path(str(resources.files(__name__) / "examples"))


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# Starting, playing, undoing, redoing ------------------------------------------------------------


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def seated(
    seats: Sequence[tuple[str, str]],
    seed: int,
    undo: str = "strict",
    variants: Sequence[str] = (),
    navaratnas: Collection[int] = (),
) -> Setup:
    """The setup of a new game for these (name, kind) seats; the main board's side follows the
    player count. With the navaratnas variant, the seats in `navaratnas` play Navaratnas boards
    (none named: every seat does)."""
    boards = ["navaratnas" if i in navaratnas else "base" for i in range(len(seats))]
    return settled(
        Setup(
            seats=tuple(
                Seat(name, kind, board) for (name, kind), board in zip(seats, boards, strict=True)
            ),
            seed=seed,
            variants=tuple(variants),
            undo=undo,
        )
    )


def setup_refusal(setup: Setup) -> str | None:
    """Why `start_game` would refuse this setup, as one sentence; None when it can start.

    The same check as loading a save, so a dialog cannot start a game its autosave cannot hold."""
    problem = setup_problem(setup)
    return None if problem is None else _sentence(problem[1])


def start_game(setup: Setup, position: GameState | None = None) -> Game:
    """A new game from the setup, or from a stated position (whose seed and variants the setup
    takes over). Raises ValueError with one sentence when either cannot be played."""
    if position is not None:
        setup = seated_on(setup, position.config)
    setup = settled(setup)
    problem = setup_problem(setup)
    if problem:
        raise ValueError(_sentence(problem[1]))
    if position is None:
        start = new_game(config_for(setup))
    else:
        problem = position_mismatch(setup, position)
        if problem:
            raise ValueError(_sentence(problem[1]))
        try:
            positions.check(position)
        except Problem as error:
            where = f" (state.{error.key})" if error.key else ""
            raise ValueError(f"The position cannot be played{where}: {error.sentence}.") from None
        start = position
    stamp = now()
    return Game(setup, start, (), start, (), stamp, stamp, from_position=position is not None)


# Playing, undoing, redoing ---------------------------------------------------------------------


def play(game: Game, action: rules.Action | str) -> Game:
    """The game after `action` (an Action or its notation): logged, redo cleared.
    Raises rules.IllegalAction with the engine's sentence when it is not legal now."""
    state, entry = journal.play(game.state, action)
    return attrs.evolve(game, log=(*game.log, entry), state=state, redo=(), updated=now())


def undo_problem(game: Game, count: int = 1) -> str | None:
    """Why the last `count` actions cannot be undone, or None when they can."""
    if count > len(game.log):
        return "There is nothing to undo." if not game.log else "The log is not that long."
    index = revealed_at(game, count)
    if index is None:
        return None
    entry = game.log[index]
    return (
        f"{game.name(entry.seat)}'s {entry.action!r} brought chance to light ({entry.revealed}), "
        "and this game never takes that back (a game started with undo free, for practice, does)."
    )


def revealed_at(game: Game, count: int = 1) -> int | None:
    """Where in the log the latest of the last `count` actions that brought chance to light is,
    in a strict game: what undo may not take back; None when there is none."""
    if game.setup.undo == "free":
        return None
    first = max(0, len(game.log) - count)
    return next((i for i in range(len(game.log) - 1, first - 1, -1) if game.log[i].revealed), None)


def can_undo(game: Game) -> bool:
    return undo_problem(game) is None


def undo(game: Game, count: int = 1) -> Game:
    """The game before its last `count` actions, replayed from the start; those actions go to
    the redo list. Raises ValueError (the `undo_problem` sentence) across revealed information
    in a strict game."""
    problem = undo_problem(game, count)
    if problem:
        raise ValueError(problem)
    kept = len(game.log) - count
    state = journal.rewind(game.start, game.log[:kept])
    return attrs.evolve(
        game,
        log=game.log[:kept],
        state=state,
        redo=(*game.log[kept:], *game.redo),
        updated=now(),
    )


def can_redo(game: Game) -> bool:
    return bool(game.redo)


def redo(game: Game) -> Game:
    """Plays the next undone action again. Raises ValueError when there is none."""
    if not game.redo:
        raise ValueError("There is nothing to redo.")
    state, entry = journal.play(game.state, game.redo[0].action)
    return attrs.evolve(
        game, log=(*game.log, entry), state=state, redo=game.redo[1:], updated=now()
    )


def _humans(game: Game) -> bool:
    return any(seat.is_human for seat in game.setup.seats)


def undo_turn(game: Game) -> Game:
    """Takes back the last human action and the bot actions after it, so that human has the
    turn again (bots would only play the same moves again). With no humans: one action."""
    return undo(game, turn_count(game))


def turn_count(game: Game) -> int:
    """How many actions `undo_turn` takes back; ValueError when no human has acted yet."""
    if not (_humans(game) and game.log):
        return 1
    humans = [i for i, e in enumerate(game.log) if game.setup.seats[e.seat].is_human]
    if not humans:
        raise ValueError("There is nothing to undo: no human has acted yet.")
    return len(game.log) - humans[-1]


def redo_turn(game: Game) -> Game:
    """Redoes one action and the bot actions that followed it."""
    game = redo(game)
    while game.redo and not game.setup.seats[game.redo[0].seat].is_human:
        game = redo(game)
    return game
