"""Where saves live: the saves folder, autosave, and the listing of saved games."""

from __future__ import annotations

import os
import re
import unicodedata
from contextlib import suppress
from pathlib import Path
from typing import Any

import attrs

from . import lock as gamelock
from . import osfiles
from .atomic import Unwritable, write_atomic
from .converter import Problem
from .files import MAX_BYTES, SaveError, check_header, error_for, load, parse, read, save
from .records import Game


def home_expanded(path: str | Path) -> Path:
    """`path` with a leading `~` or `~user` made that home folder, as a shell would; left as
    it is when there is no such user (`Path.expanduser` raises then), so that the sentence
    about the path names it as given."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        return Path(path)


def data_dir() -> Path:
    """rajas's folder of the user's data: $XDG_DATA_HOME/rajas, else ~/.local/share/rajas. Not
    created here."""
    data_home = os.environ.get("XDG_DATA_HOME", "")
    if not data_home or not Path(data_home).is_absolute():  # the XDG spec ignores relative paths
        data_home = str(Path.home() / ".local" / "share")
    return Path(data_home) / "rajas"


def saves_dir(override: str | Path | None = None) -> Path:
    """The saves folder: `override` (--saves), else $RAJAS_SAVES, else
    $XDG_DATA_HOME/rajas/saves, else ~/.local/share/rajas/saves. Not created here."""
    if override:
        return home_expanded(override)
    if os.environ.get("RAJAS_SAVES"):
        return home_expanded(os.environ["RAJAS_SAVES"])
    return data_dir() / "saves"


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


def free_autosave_path(game: Game, directory: Path | None = None) -> Path:
    """The autosave path of a new game, numbered when another game already has that name
    (two games started in one second by the same players)."""
    path = autosave_path(game, directory)
    return free_path(path.parent, path.stem)


def free_path(directory: Path, stem: str) -> Path:
    """The first of STEM.toml, STEM-2.toml, ... in `directory` that no file and no other rajas
    holds."""
    path = directory / f"{stem}.toml"
    number = 1
    while path.exists() or held_elsewhere(path):
        number += 1
        path = directory / f"{stem}-{number}.toml"
    return path


def held_elsewhere(path: Path) -> bool:
    """Whether another rajas holds the name, maybe before writing to it."""
    try:
        gamelock.acquire(path).release()
    except (gamelock.GameInUse, gamelock.NotALockFile):  # something odd holds the name: skip it
        return True
    except OSError:
        return False
    return False


def autosave(game: Game, directory: Path | None = None) -> Path:
    """Saves to the game's autosave path, creating the saves folder (private) if needed."""
    path = autosave_path(game, directory)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    save(game, path)
    return path


@attrs.frozen
class SaveSummary:
    """What a listing shows of a save, read without replaying it; `problem` when unreadable,
    `elsewhere` when it lies outside the folder listed (played from there, see `PLAYED`)."""

    path: Path
    players: tuple[str, ...] = ()
    round: int = 0
    updated: str = ""
    over: bool = False
    to_act: str = ""
    problem: str = ""
    elsewhere: bool = False


HEAD_CHUNK = 2048
HEAD_LIMIT = 64 * 1024  # a header and a setup are a few hundred bytes; past this, read it whole
_HEAD_TABLES = (b"[header]", b"[setup]")


def read_head(path: Path) -> bytes:
    """The file's bytes up to its first table after [header] and [setup] (the log, the state or
    a position), read in small pieces from a regular file only: all a listing needs. b"" when
    it cannot be read."""
    data = b""
    try:
        with os.fdopen(osfiles.open_regular(path), "rb") as handle:
            while len(data) < HEAD_LIMIT:
                chunk = handle.read(HEAD_CHUNK)
                if not chunk:
                    return data
                start = max(0, len(data) - 1)
                data += chunk
                end = _end_of_head(data, start)
                if end is not None:
                    return data[:end]
    except OSError:
        return b""
    return data


def _end_of_head(data: bytes, start: int) -> int | None:
    """Where the first table line other than [header] and [setup] begins, from `start` on."""
    at = data.find(b"\n[", start)
    while at != -1:
        line_end = data.find(b"\n", at + 1)
        if line_end == -1:
            return None  # the line is not all here yet
        if data[at + 1 : line_end].strip() not in _HEAD_TABLES:
            return at + 1
        at = data.find(b"\n[", line_end)
    return None


def _parsed(path: Path, data: bytes) -> dict[str, Any] | None:
    """Part of a file parsed under the loader's limits (`files.parse`); None when it cannot be,
    and the whole file is read then, to tell why."""
    try:
        return parse(path, data)
    except SaveError:
        return None


def _where(table: dict[str, Any]) -> dict[str, Any] | None:
    """Round, turn and over from a table, when all three are there and of the right type."""
    round_, turn, over = table.get("round"), table.get("turn"), table.get("over")
    if type(round_) is not int or round_ < 1 or type(turn) is not int or type(over) is not bool:
        return None
    return {"round": round_, "turn": turn, "over": over}


def _with_header(path: Path, head: dict[str, Any], state: Any) -> SaveSummary | None:
    """The summary from a parsed head and the round, turn and over of `state`, when both are
    plain enough to trust."""
    where = _where(state) if isinstance(state, dict) else None
    if where is None:
        return None
    try:
        check_header(head)
    except Problem:
        return None
    return _from_tables(path, head, where)


def _summary_skipping_the_log(path: Path, head: dict[str, Any]) -> SaveSummary | None:
    """Older saves, without round, turn and over in the header: the [state] table's own keys
    (written before its sub-tables), found by searching the bytes, so the log is never parsed.
    None when the file is not laid out that plainly."""
    try:
        data = osfiles.read_regular(path, MAX_BYTES)
    except OSError:
        return None
    at = data.find(b"\n[state]\n")
    if at == -1:
        return None
    after = data.find(b"\n[", at + 1)
    scalars = _parsed(path, data[at + 1 : after + 1 if after != -1 else len(data)])
    return _with_header(path, head, scalars.get("state") if scalars is not None else None)


def _summary(path: Path) -> SaveSummary:
    """A listing's line for one file: from its head, parsed once, when it is plain enough; else
    from the whole file, read as a load reads it."""
    head = _parsed(path, read_head(path))
    if head is not None:
        quick = _with_header(path, head, head.get("header"))
        quick = quick or _summary_skipping_the_log(path, head)
        if quick is not None:
            return quick
    try:
        raw = read(path)
        check_header(raw)
    except SaveError as error:
        return SaveSummary(path, problem=str(error))
    except Problem as problem:
        return SaveSummary(path, problem=str(error_for(path, problem)))
    return _from_tables(path, raw, _table_in(raw, "state"))


def _from_tables(path: Path, raw: dict[str, Any], state: dict[str, Any]) -> SaveSummary:
    """A summary from a file's header and setup, and its state's round, turn and over."""
    setup = _table_in(raw, "setup")
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


def folder_problem(directory: Path | str) -> str | None:
    """Why the saves folder cannot be listed (a sentence naming it), or None. A folder that
    does not exist yet is no problem: it is made at the first autosave."""
    folder = Path(directory)
    if folder.is_symlink() and not folder.exists():
        return f"{folder}: is a link to {os.path.realpath(folder)}, which does not exist."
    if not folder.exists():
        return None
    if not folder.is_dir():
        return f"{folder}: is a file, not a folder of saves."
    try:
        with os.scandir(folder) as entries:
            next(entries, None)
    except OSError as error:
        return f"{folder}: the saves folder cannot be read ({osfiles.reason(error)})."
    return None


# Summaries already read, by path, with the file's (inode, size, mtime, ctime) they were read from
# (ctime, so that a chmod that makes a file readable shows at once):
# the title lists the folder again on every return, and most files have not changed since.
_SEEN: dict[Path, tuple[tuple[int, int, int, int], SaveSummary]] = {}


def forget_listing() -> None:
    """Drops the remembered summaries, so the next listing reads every file again."""
    _SEEN.clear()


def _remembered(path: Path) -> SaveSummary:
    """The file's summary, read again only when the file changed (a save is replaced by a
    rename, so a new save is a new inode)."""
    try:
        info = path.stat()
    except OSError:
        return _summary(path)
    stamp = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    seen = _SEEN.get(path)
    if seen is not None and seen[0] == stamp:
        return seen[1]
    summary = _summary(path)
    _SEEN[path] = (stamp, summary)
    return summary


# The game files the app last played, one absolute path a line, newest first. The header's time
# counts seconds, and a game taken by Save as and played on within the same second as its last
# move ties with the copy it left behind: the note says which was played last. It also lists
# the files outside the folder (Save as elsewhere, `rajas load PATH`), so that Continue and Load
# offer them, and not a copy the game left in the folder.
PLAYED = ".played"
FORMER_NOTE = ".elsewhere"  # the older note, of files outside the folder only, read if alone
PLAYED_KEPT = 20  # of each kind: inside the folder, and outside it
# Twice PLAYED_KEPT paths of at most 4,096 bytes, each with its line break.
PLAYED_BYTES = 2 * PLAYED_KEPT * 4097


def remember_played(directory: Path | str, path: Path) -> None:
    """Notes that a game was just opened or saved at `path`, so that the folder's listing offers
    it first among games last played at the same time, and offers it at all if it lies outside
    the folder. Best effort: a folder that cannot be written loses only this note, never a
    game, so the game goes on without a word."""
    folder = Path(os.path.abspath(directory))
    path = Path(os.path.abspath(path))
    noted = played(folder)
    kept = _kept([path, *(p for p in noted if p != path)], folder)
    if kept == noted:  # the same game opened again: nothing to write (and fsync)
        return
    data = "".join(f"{p}\n" for p in kept).encode("utf-8", "surrogateescape")
    with suppress(OSError, Unwritable):
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / PLAYED, data)


def _kept(paths: list[Path], folder: Path) -> list[Path]:
    """The newest PLAYED_KEPT of the files in the folder and of those outside it, in order."""
    inside = [p for p in paths if p.parent == folder]
    outside = [p for p in paths if p.parent != folder]
    kept = {*inside[:PLAYED_KEPT], *outside[:PLAYED_KEPT]}
    return [p for p in paths if p in kept]


def played(directory: Path | str) -> list[Path]:
    """The files that `remember_played` noted, newest first (absolute paths)."""
    folder = Path(directory)
    for name in (PLAYED, FORMER_NOTE):
        try:
            data = osfiles.read_regular(folder / name, PLAYED_BYTES)
        except FileNotFoundError:
            continue
        except OSError:  # not a file rajas wrote (a FIFO, a folder, too long): nothing noted
            return []
        text = data.decode("utf-8", "surrogateescape")
        return [Path(line) for line in text.splitlines() if line.startswith("/")]
    return []


def _real(path: Path) -> Path:
    """The path by its folder's real name (the file itself may be a link: it is the save)."""
    return Path(os.path.realpath(path.parent)) / path.name


def list_saves(directory: Path | str) -> list[SaveSummary]:
    """Every save in the folder and every one outside it noted as played (see `PLAYED`), last
    played first; unreadable ones last, with their problem."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    # Paths compared by their real folders: the saves folder may be a link, and a file noted
    # by the folder's real name is one it lists already.
    here = Path(os.path.realpath(folder))
    rank: dict[Path, int] = {}  # each file's place in the note, newest first
    moved = []
    for path in played(folder):
        real = _real(path)
        if real in rank:
            continue
        rank[real] = len(rank)
        if real.parent != here and real.suffix == ".toml" and path.is_file():
            moved.append(path)
    paths = [p for p in folder.glob("*.toml") if not p.name.startswith(".") and p.is_file()]
    reals = {path: here / path.name for path in paths} | {path: _real(path) for path in moved}
    found = [_remembered(path) for path in paths]
    found += [attrs.evolve(_remembered(path), elsewhere=True) for path in moved]
    found.sort(key=lambda s: s.path.name)
    # Played within the same second (`updated` counts seconds): the one played last, by the
    # note, first. Stable sorts: each sort below keeps the order of the ones before it on ties.
    found.sort(key=lambda s: rank.get(reals[s.path], len(rank)))
    found.sort(key=lambda s: s.updated, reverse=True)  # ISO times sort as text
    found.sort(key=lambda s: s.problem != "")
    return found


LOAD_TRIES = 3  # broken saves tried before giving up, so a folder of them cannot stall the title


def last_unfinished(directory: Path | str) -> Path | None:
    """The most recently played save in the folder that loads and is not over."""
    return first_unfinished(list_saves(directory))


def first_unfinished(listed: list[SaveSummary]) -> Path | None:
    """The first save of a listing that loads and is not over. Only the listing's candidates
    are loaded, and at most LOAD_TRIES of them."""
    candidates = [s.path for s in listed if not s.problem and not s.over]
    for path in candidates[:LOAD_TRIES]:
        try:
            game = load(path)
        except SaveError:
            continue
        if not game.over:
            return path
    return None
