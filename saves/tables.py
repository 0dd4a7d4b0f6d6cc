"""Shared games ("tables"): one save that several rajas processes play at once, each bound to
a seat.

Every change to a table follows one protocol: take the table's lock (waiting a moment while
another process writes), re-read the file, check that the writer saw the state the file holds
now and that it is its seat's turn, apply, write atomically, release. So an action made against
a stale state is refused with a sentence and can never be applied twice.

A player's action is written at once, on its own; each bot move after it is a step of its own
(`bot_move`: lock, re-read, still that bot's turn?, choose, play, write, release), so the other
terminals see every move as it is made, and a bot moves exactly once, played by whichever
process holds the lock while the table rests on its turn. The bot thinks under the lock: a
search bot thinks for up to a couple of seconds, and thinking outside it would have every open
process (each terminal at the table, and a host often has fewer cores than players) think the
same move at once only for all but one to throw theirs away at the stale check. Under the lock
the others wait instead, in their worker threads, and the only thing they could want to write
then (a bot's move) is the one being made, or an undo that the bot's move would refuse anyway.

A joined seat also holds a presence lock (`.NAME.seat-B.here`), and each watcher one of its own
(`.NAME.watcher-PID-XXXX.here`, so they can be counted): the kernel drops it when the process
ends, so `connected` is always true, even after a `kill -9` or a dropped SSH link. `tidy` clears
away what such ends leave behind, each file under its own lock.
No user interface here; the bots come in as a function, since this layer cannot import them.
"""

from __future__ import annotations

import fcntl
import os
import re
import string
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import attrs

import rules

from . import lock as gamelock
from .files import SaveError, keep_older_rules, load, save
from .folder import home_expanded, saves_dir
from .osfiles import reason
from .overwrite import Step, steps
from .records import HUMAN, Game

SEATS = string.ascii_uppercase[:4]  # seats are letters A-D, as players say them
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
LOCK_TIMEOUT = 5.0  # seconds; a write holds the lock for milliseconds
# seconds a bot's move waits for the lock: another process may hold it while its bot thinks,
# for a couple of seconds on a busy host, and giving up would leave the bot's turn unplayed.
BOT_LOCK_TIMEOUT = 60.0
PROBE_WAIT = 0.2  # seconds a joiner tries again while `connected` looks at a free seat's file
# The files beside a table: its lock, its seats' and its watchers' presence files.
# (`watchers.here`: the one file all watchers shared before they were counted.)
LEFTOVER = re.compile(
    r"\.(.+?)\.(?:toml\.lock|seat-[A-D]\.here|watcher-[0-9]+-[0-9a-f]+\.here|watchers\.here)"
)

Choose = Callable[[Game], rules.Action]  # the acting bot's move in a game at its turn


class TableError(Exception):
    """A table cannot do this; the message is one sentence for the player, starting in lower
    case as it follows "rajas: " on the command line (`sentence`: as the app shows it)."""


def sentence(error: TableError) -> str:
    """The refusal as a sentence on its own, as the app shows it: a first word in lower case is
    capitalised; one that is a name or a path is left as it is written."""
    text = str(error)
    return text[:1].upper() + text[1:] if re.match(r"[a-z]+[ ']", text) else text


class NotASeat(TableError):
    """Words that name no seat of any table (a letter past D, a number past 3) nor a player of
    this one: a bad argument, where a seat A to D that this table lacks is a refusal."""


class Stale(TableError):
    """The file moved on after the state the player acted on."""


def tables_dir(override: str | Path | None = None) -> Path:
    """The tables folder: `override` (--tables), else $RAJAS_TABLES, else `tables` beside the
    saves folder. Not created here."""
    if override:
        return home_expanded(override)
    if os.environ.get("RAJAS_TABLES"):
        return home_expanded(os.environ["RAJAS_TABLES"])
    return saves_dir().parent / "tables"


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a table (it goes into file names and SSH forced commands)."""
    if NAME.fullmatch(name):
        return None
    return (
        f"a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a "
        f"letter or digit, not {name!r}"
    )


def table_path(folder: Path, name: str) -> Path:
    problem = name_problem(name)
    if problem:
        raise TableError(f"{problem}.")
    return folder / f"{name}.toml"


def seat_letter(seat: int) -> str:
    return SEATS[seat]


def seat_number(text: str, game: Game) -> int:
    """The seat `text` names: a letter A-D, a number from 0, or a player's name. TableError for
    a seat A-D (or 0-3) this table lacks, NotASeat for words that name no seat of any table."""
    count = len(game.setup.seats)
    names = [seat.name.casefold() for seat in game.setup.seats]
    if len(text) == 1 and text.upper() in SEATS[:count]:
        return SEATS.index(text.upper())
    if text.isascii() and text.isdigit() and int(text) < count:
        return int(text)
    if text.casefold() in names:
        return names.index(text.casefold())
    sentence = f"this table has seats {SEATS[0]} to {SEATS[count - 1]}, not {text!r}."
    if text.upper() in tuple(SEATS) or text in tuple(str(seat) for seat in range(len(SEATS))):
        raise TableError(sentence)
    raise NotASeat(sentence)


def human_seat(text: str, game: Game) -> int:
    """The seat `text` names (`seat_number`), refused when a bot plays it: a seat to join."""
    number = seat_number(text, game)
    if not game.setup.seats[number].is_human:
        raise TableError(f"seat {seat_letter(number)} is played by a bot.")
    return number


# Reading and writing under the lock -------------------------------------------------------------


def read(path: Path) -> Game:
    """The table as the file holds it now; TableError with the save layer's sentence."""
    if not path.exists():
        raise TableError(f"there is no table {path.stem} in {path.parent}.")
    try:
        return load(path)
    except SaveError as error:
        raise TableError(str(error)) from None


def create(path: Path, game: Game) -> Game:
    """Writes a new table as `game` is, refused when the name is taken; a bot to act first is
    played by `tend`, one move at a time like every other."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as error:
        raise TableError(f"{path.parent}: the folder cannot be made ({reason(error)}).") from None
    with _locked(path):
        if path.exists():
            raise TableError(f"there is already a table {path.stem}; choose another name.")
        _write(game, path)
    return game


@contextmanager
def _locked(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """The table's lock for a `with` block, waited for while another process writes."""
    try:
        lock = gamelock.wait(path, timeout)
    except gamelock.GameInUse:
        raise TableError(f"the table {path.stem} stayed busy; try again.") from None
    except OSError as error:
        raise TableError(gamelock.refusal(path, error)) from None
    try:
        yield
    finally:
        lock.release()


def _write(game: Game, path: Path, *, replaces_save: bool | None = None) -> None:
    keep_older_rules(game, path)  # a table saved under older rules, before its first write
    try:
        save(game, path, replaces_save=replaces_save)
    except SaveError as error:
        raise TableError(f"the table could not be saved: {error}") from None


def seen(game: Game) -> tuple[Step, ...]:
    """What a player saw: the actions played so far. Two reads with the same steps hold the same
    state (the engine is deterministic), so this tells a stale view from the file's."""
    return steps(game.log)


def _fresh(path: Path, saw: tuple[Step, ...]) -> Game:
    """The table re-read under the lock, refused when it moved on after what the player saw."""
    game = read(path)
    if seen(game) != saw:
        moved = len(game.log) - len(saw)
        what = f"{moved} more actions" if moved > 1 else "another action"
        if moved < 1:
            what = "an undo"
        raise Stale(f"the table changed while you looked ({what}); look again and choose anew.")
    return game


def turn_problem(game: Game, seat: int) -> str | None:
    """Why `seat` may not act in `game` now, as one sentence; None when it may."""
    if game.over:
        return "the game is over."
    if game.state.turn != seat:
        return f"it is {game.seat.name}'s turn."
    return None


def act(path: Path, seat: int, action: rules.Action | str, saw: tuple[Step, ...]) -> Game:
    """Plays `action` for `seat` on the table at `path` and writes it at once, on its own (the
    bots' moves after it are `tend`'s); the game as written. TableError (Stale for a stale
    view)."""
    with _locked(path):
        game = _fresh(path, saw)
        problem = turn_problem(game, seat)
        if problem:
            raise TableError(problem)
        try:
            game = _play(game, action)
        except rules.IllegalAction as error:
            raise TableError(str(error)) from None
        _write(game, path, replaces_save=True)  # read under this lock: a save
    return game


def _play(game: Game, action: rules.Action | str) -> Game:
    from . import play  # the package's own entry point; imported late, as it imports us

    return play(game, action)


def bot_move(path: Path, choose: Choose) -> Game | None:
    """One bot move as a step of its own: under the lock, re-read the table and, if a bot is to
    act, let it choose, play and write; the game as written, None when no bot is to act (a
    human's turn, the game over, or another process played the move first)."""
    with _locked(path, BOT_LOCK_TIMEOUT):
        game = read(path)
        if game.over or game.seat.is_human:
            return None
        try:
            game = _play(game, choose(game))
        except rules.IllegalAction as error:  # a bot's fault, said rather than hidden
            raise TableError(
                f"{game.seat.name} (a bot) chose a move the rules refuse: {error}"
            ) from None
        _write(game, path, replaces_save=True)  # read under this lock: a save
    return game


def tend(path: Path, choose: Choose) -> Game:
    """Lets the bots move, each move written as it is made, until a human is to act or the
    game is over: after a player's action, or when a process ended before playing them (then
    the first process to get here plays them, later ones find nothing to do). The table as it
    was left."""
    last = None
    while (moved := bot_move(path, choose)) is not None:
        last = moved
    return last if last is not None else read(path)


def undo_own(path: Path, seat: int, saw: tuple[Step, ...]) -> Game:
    """Takes back `seat`'s last action, only when it is the last action of all (nobody acted
    since) and the game's undo rule allows it."""
    from . import undo, undo_problem

    with _locked(path):
        game = _fresh(path, saw)
        problem = acted_since(game, seat) or undo_problem(game)
        if problem:
            raise TableError(problem)
        game = undo(game)
        _write(game, path, replaces_save=True)  # read under this lock: a save
    return game


def acted_since(game: Game, seat: int) -> str | None:
    """Why `seat` has no action of its own to take back: none yet, or someone (a bot too: the
    others have seen its moves, made in answer to yours) has acted after its last one."""
    mine = [i for i, entry in enumerate(game.log) if entry.seat == seat]
    if not mine:
        return "you have not acted yet, so there is nothing of yours to undo."
    names: list[str] = []
    for entry in game.log[mine[-1] + 1 :]:
        spec = game.setup.seats[entry.seat]
        name = spec.name if spec.is_human else f"{spec.name} (a bot)"
        if name not in names:
            names.append(name)
    if not names:
        return None
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return (
        f"{who} {'has' if len(names) == 1 else 'have'} acted since your last action, so it "
        "stands: at a table, undo takes back only your own last action, before anyone else acts."
    )


# Who is here ---------------------------------------------------------------------------------


def presence_path(path: Path, seat: int) -> Path:
    """The file a seat's process holds locked while it is there."""
    return path.with_name(f".{path.stem}.seat-{seat_letter(seat)}.here")


def _watcher_glob(path: Path) -> str:
    return f".{path.stem}.watcher-*.here"


class SeatTaken(TableError):
    """Another process has joined this seat."""


@attrs.define
class Presence:
    """A held seat, or a watcher's own file; `leave` gives it up (the OS drops the lock too when
    the process ends; a watcher's file is then left for `tidy`)."""

    fd: int | None
    own_file: Path | None = None  # a watcher's, removed on leaving

    def leave(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        if self.own_file is not None:  # unlinked while still locked: no one else uses it
            with suppress(OSError):
                self.own_file.unlink()
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def join(path: Path, seat: int | None) -> Presence:
    """Marks `seat` as joined (None: one more watcher) for as long as this process lives;
    SeatTaken when another process has the seat already."""
    tidy(path.parent)
    who = "a watcher" if seat is None else f"seat {seat_letter(seat)}"
    try:
        return _watch(path) if seat is None else _take_seat(path, seat)
    except OSError as error:  # SeatTaken is a TableError: it goes on as it is
        raise TableError(f"{who} of {path.stem} cannot be taken: {reason(error)}.") from None


def _take_seat(path: Path, seat: int) -> Presence:
    where = presence_path(path, seat)
    deadline = time.monotonic() + PROBE_WAIT
    while True:
        fd = gamelock.try_lock(where)
        if fd is not None:
            return Presence(fd)
        # `connected` holds a free seat's file for an instant; a joined seat holds it on.
        if time.monotonic() >= deadline:
            raise SeatTaken(_taken(path, seat))
        time.sleep(PROBE_WAIT / 20)


def _taken(path: Path, seat: int) -> str:
    return f"seat {seat_letter(seat)} of {path.stem} is open in another rajas already."


def seat_free(path: Path, seat: int) -> None:
    """SeatTaken when a live process holds `seat` now. A look that holds nothing: the seat may
    still be taken before `join` takes it, which refuses it then."""
    if connected(path, seat):
        raise SeatTaken(_taken(path, seat))


def _watch(path: Path) -> Presence:
    """A watcher's own presence file, so that watchers can be counted: made, locked, and kept
    only if `tidy` did not take it down between the two (it looked unheld then)."""
    while True:
        # os.urandom, as secrets.token_hex reads it: `secrets` would bring hmac and OpenSSL's
        # hashes into every command that imports this module.
        mine = path.with_name(f".{path.stem}.watcher-{os.getpid()}-{os.urandom(4).hex()}.here")
        fd = os.open(mine, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)  # our own file: at most a probe holds it, for an instant
        if gamelock.still_there(fd, mine):
            return Presence(fd, mine)
        os.close(fd)


def connected(path: Path, seat: int | None) -> bool:
    """Whether a live process holds `seat` of the table (None: whether anyone watches)."""
    if seat is None:
        return watching(path) > 0
    return gamelock.holder_alive(presence_path(path, seat))


def watching(path: Path) -> int:
    """How many processes watch the table now."""
    return sum(1 for where in path.parent.glob(_watcher_glob(path)) if gamelock.holder_alive(where))


def tidy(folder: Path) -> list[Path]:
    """Removes what processes left behind in the tables folder: the files of watchers that are
    gone, and the lock and seat files of tables that are no more. Each is taken down under its
    own lock, so a process using it keeps it (`saves.lock`); the files removed."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for where in sorted(folder.glob(".*.here")) + sorted(folder.glob(".*.toml.lock")):
        table = _table_of(where)
        stale = table is not None and (".watcher" in where.name or not table.exists())
        if stale and gamelock.take_down(where):
            removed.append(where)
    return removed


def _table_of(where: Path) -> Path | None:
    """The table a presence or lock file belongs to, None for a file that is not one of ours."""
    found = LEFTOVER.fullmatch(where.name)
    if found is None or name_problem(found.group(1)):
        return None
    return where.with_name(f"{found.group(1)}.toml")


@attrs.frozen
class SeatSummary:
    """One seat as a listing shows it: who sits there and whether they are at the table."""

    letter: str
    name: str
    kind: str  # "human" or a bot's kind
    here: bool  # a live process holds the seat

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def word(self) -> str:
        """What the seat is now: here, free (a human seat nobody holds), or the bot's kind."""
        if not self.is_human:
            return f"bot ({self.kind})"
        return "taken" if self.here else "free"


@attrs.frozen
class TableSummary:
    name: str
    path: Path
    line: str
    seats: tuple[SeatSummary, ...] = ()
    where: str = ""  # "round 3, Bela to act", or "over"
    watchers: int = 0
    problem: str | None = None  # why the table cannot be read; then it has no seats


def list_tables(folder: Path) -> list[TableSummary]:
    """Each table in the folder by name: players, whose turn, who is connected."""
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        if name_problem(path.stem):
            continue
        found.append(summary(path))
    return found


def _presence_word(seat: SeatSummary) -> str:
    if seat.here:
        return "here"
    return "away" if seat.is_human else "bot"


def summary(path: Path) -> TableSummary:
    """The table at `path` as a listing shows it; an unreadable one says why."""
    try:
        game = read(path)
    except TableError as error:
        return TableSummary(path.stem, path, f"unreadable: {error}", problem=str(error))
    seats = tuple(
        SeatSummary(seat_letter(i), seat.name, seat.kind, connected(path, i))
        for i, seat in enumerate(game.setup.seats)
    )
    listed = [f"{s.letter}={s.name} ({_presence_word(s)})" for s in seats]
    where = "over" if game.over else f"round {game.state.round}, {game.seat.name} to act"
    watchers = watching(path)
    watched = f"; {watchers} watching" if watchers else ""
    line = f"{where}; {', '.join(listed)}{watched}"
    return TableSummary(path.stem, path, line, seats, where, watchers)
