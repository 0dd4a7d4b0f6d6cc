"""The save file: writing it, and reading it back with every check.

One TOML file per game (docs/saves.md): a header, the setup, the start position
when the game did not begin from the setup, the action log and a snapshot of the state. Loading
checks the file's shape, then replays the log and compares the result with the snapshot; anything
wrong becomes a `SaveError` whose message is one sentence naming the file and the place. A save
played under an older rules version is replayed under today's rules, and the replayed game is the
game (docs/saves.md). Writing is atomic and keeps the previous good save as NAME.toml.bak.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import rules
from rules import GameState, new_game, next_u64, seed_state

from . import journal, osfiles, positions
from .atomic import Unwritable, backup_path, keep_copy, target_of, write_atomic, write_problem
from .converter import (
    Document,
    Header,
    LogTable,
    Problem,
    describe,
    place_name,
    structure,
    unstructure,
)
from .records import Game, LogEntry
from .setups import config_for, position_mismatch, settled, setup_problem

FORMAT = "rajas-save"
VERSION = 1
# The generator's algorithm is part of the format: a save replays only with the one it was made
# with. A new algorithm needs a new version here, and the old one kept for the old saves.
GENERATORS = {1: "splitmix64"}
MAX_BYTES = 5 * 1024 * 1024
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_TOML_PLACE = re.compile(r"^(.*) \(at line (\d+), column (\d+)\)$")


class SaveError(Exception):
    """A save or position file that cannot be used; the message is one sentence naming the file
    and the place (a key or a log entry)."""


def error_for(path: Path | str, problem: Problem) -> SaveError:
    sentence = problem.sentence.rstrip(".")
    if problem.key is None:
        text = f"{path}: {sentence}."
    else:
        text = f"{path}: {place_name(problem.key)}: {sentence}."
    return SaveError(" ".join(text.split("\n")))


@cache
def app_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rajas")
    except PackageNotFoundError:
        return "unknown"


@cache
def engine_generator() -> str:
    """The engine's generator, recognised by its first output for seed 0 (a known answer)."""
    first, _ = next_u64(seed_state(0))
    return "splitmix64" if first == 0xE220A8397B1DCDAF else "unknown"


def _document(game: Game) -> dict[str, Any]:
    header = Header(
        FORMAT,
        VERSION,
        app_version(),
        GENERATORS[VERSION],
        game.created,
        game.updated,
        rules.RULES_VERSION,
        game.state.round,
        game.state.turn,
        game.state.over,
    )
    document = Document(header, game.setup, LogTable(game.log, game.redo), game.state)
    data: dict[str, Any] = unstructure(document)
    # The start position, when there is one, reads best before the log that plays from it.
    ordered = {"header": data["header"], "setup": data["setup"]}
    if game.from_position:
        ordered["position"] = unstructure(game.start)
    ordered["log"] = data["log"]
    ordered["state"] = data["state"]
    return ordered


def dumps(game: Game) -> str:
    """The save file's text."""
    # Only writing needs the TOML writer; reading a save (rajas show, validate) does not.
    import tomli_w

    return tomli_w.dumps(_document(game))


def is_save(raw: dict[str, Any]) -> bool:
    """Whether a file's TOML, as read, is a rajas save (its header says so)."""
    header = raw.get("header")
    return isinstance(header, dict) and header.get("format") == FORMAT


def _looks_like_save(path: Path) -> bool:
    """Whether the file about to be replaced is worth keeping as the backup."""
    try:
        return is_save(read(path))
    except SaveError:
        return False


def save(game: Game, path: Path | str, *, replaces_save: bool | None = None) -> None:
    """Writes the game atomically; the file it replaces, if a save, becomes NAME.toml.bak.
    A caller that has just read the file under the game's lock says whether it was a save
    (`replaces_save`), so that it is not read again; else the write reads it to tell.
    SaveError (one sentence) when the path is not a file that may be replaced."""
    backup: Callable[[Path], bool] = _looks_like_save
    if replaces_save is not None:
        backup = lambda _: replaces_save  # noqa: E731 - what the caller's read found
    try:
        write_atomic(Path(path), dumps(game).encode("utf-8"), backup=backup)
    except Unwritable as error:
        raise SaveError(str(error)) from None
    except OSError as error:  # a full disk, say: the old file is still there, whole
        raise SaveError(f"{path}: cannot be written ({osfiles.reason(error)}).") from None


def replace_problem(path: Path | str) -> str | None:
    """Why Save as must not write at `path` (no sentence stop): it cannot be written, or it
    holds something other than a rajas save. None for a new file or a save."""
    path = Path(path)
    problem = write_problem(path)
    if problem or not path.exists():
        return problem
    if not _looks_like_save(path):
        return "is not a rajas save, so it is not replaced"
    return None


def _read_regular(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES; a FIFO, a terminal or a device (also
    behind a symlink) is refused at once, unread (`osfiles`)."""
    try:
        return osfiles.read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file.") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file.") from None
    except osfiles.NotRegular as error:
        if error.kind == "a folder":
            raise SaveError(f"{path}: is a folder, not a save file.") from None
        raise SaveError(f"{path}: is {error.kind}, not a regular file; not read.") from None
    except osfiles.TooLarge as error:
        raise SaveError(
            f"{path}: is {error.size:,} bytes, over the 5 MB a save may have; not read."
        ) from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read ({osfiles.reason(error)}).") from None


def read(path: Path) -> dict[str, Any]:
    """The file's TOML, refused unread when too large or shaped to make the parser slow;
    SaveError when unreadable."""
    return parse(path, _read_regular(path))


def parse(path: Path, data: bytes) -> dict[str, Any]:
    """The TOML of a save's bytes (or of a part of them, such as the head a listing reads),
    with every limit applied before the parser sees them: the one way a save, a table or a
    position is parsed. SaveError, naming `path`, for bytes that are no save's."""
    if len(data) > MAX_BYTES:
        raise SaveError(f"{path}: is over the 5 MB a save may have; not read.")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # what some editors write as "Unicode"
        raise SaveError(f"{path}: byte 0: UTF-16 text, but a save is UTF-8.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(f"{path}: byte {error.start}: not text (UTF-8), so not a save.") from None
    text = text.removeprefix("\ufeff")  # a byte order mark some editors add: harmless
    problem = scan_problem(data)
    if problem:
        raise SaveError(f"{path}: {problem}.")
    return _parse(path, text)


def _parse(path: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:  # tomllib recurses per nested array or table; a save nests 4 deep
        raise SaveError(f"{path}: nests arrays or tables too deeply to be a save.") from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = _TOML_PLACE.match(message)
        if match:
            what, line, column = match.groups()
            raise SaveError(
                f"{path}: line {line}, column {column}: not valid TOML ({what.lower()})."
            ) from None
        if message.endswith(" (at end of document)"):
            what = message.removesuffix(" (at end of document)").lower()
            raise SaveError(
                f"{path}: line {text.count(chr(10)) + 1}, the last: not valid TOML ({what}; "
                "is the file cut short?)."
            ) from None
        raise SaveError(f"{path}: not valid TOML ({message.lower()}).") from None
    except ValueError as error:  # tomllib lets int()'s digit limit through
        raise SaveError(f"{path}: not valid TOML ({str(error).lower()}).") from None


# Python's TOML parser is quadratic in the parts of a dotted key or table header, and every
# key, value and table costs it microseconds. A save is small and flat (the longest example
# line is under 100 characters, keys have at most 4 parts, a finished game has some 3,000
# items), so these limits, far above any save, keep the parse of any file under a second.
MAX_LINE = 1024
MAX_KEY_PARTS = 16
MAX_ITEMS = 50_000
_ITEM_BYTES = (b"\n", b",", b"=", b"[", b"{", b".", b"\\")
_KEY = rb"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""
_DEEP_KEY = re.compile(
    rb"(?:^|[{,])[ \t]*+\[{0,2}+[ \t]*+(?:%s[ \t]*+\.[ \t]*+){%d}" % (_KEY, MAX_KEY_PARTS),
    re.MULTILINE,
)


def count_items(data: bytes) -> int:
    """Roughly how many lines, keys, values and escapes the parser will meet."""
    return sum(data.count(byte) for byte in _ITEM_BYTES)


def scan_problem(data: bytes) -> str | None:
    """Why a file is refused before parsing (an item count, a line or a key beyond any save),
    or None. Linear in the file's size: the count bounds the lines the other checks meet."""
    items = count_items(data)
    if items > MAX_ITEMS:
        return (
            f"is {items:,} lines, keys and values, over the {MAX_ITEMS:,} a save may have; not read"
        )
    for number, line in enumerate(data.split(b"\n"), start=1):
        if len(line) > MAX_LINE:
            return f"line {number}: is over {MAX_LINE:,} bytes long, far more than a save has"
    deep = _DEEP_KEY.search(data)
    if deep:
        number = data.count(b"\n", 0, deep.start()) + 1
        return f"line {number}: has a key of over {MAX_KEY_PARTS} dotted parts, unlike any save"
    return None


def check_header(raw: dict[str, Any]) -> int:
    """Refuses a file that is not a save this rajas can replay; the rules version its log was
    played under, which is this rajas's or an older one (replayed under today's rules)."""
    header = raw.get("header")
    if not isinstance(header, dict):
        raise Problem("this is not a rajas save: it has no [header] table")
    if header.get("format") != FORMAT:
        found = describe(header.get("format")) if "format" in header else "none"
        raise Problem(f"this is not a rajas save (format {found}, not {FORMAT!r})", "header.format")
    version = header.get("version")
    if type(version) is not int:
        raise Problem(f"expected a whole number, got {describe(version)}", "header.version")
    if version not in GENERATORS:
        known = ", ".join(map(str, GENERATORS))
        raise Problem(
            f"format version {version} is not one this rajas reads (it reads {known})",
            "header.version",
        )
    generator = GENERATORS[version]
    if "generator" not in header:
        raise Problem("is missing", "header.generator")
    if header["generator"] != generator:
        where = "header.generator"
        found = describe(header["generator"])
        raise Problem(
            f"format version {version} uses the {generator} generator, not {found}", where
        )
    if engine_generator() != generator:
        raise Problem(f"this rajas no longer has the {generator} generator", "header.generator")
    played_under = header.get("rules", 1)
    if type(played_under) is not int:
        raise Problem(f"expected a whole number, got {describe(played_under)}", "header.rules")
    if played_under > rules.RULES_VERSION:
        raise Problem(
            f"the game was saved by a newer rajas (rules version {played_under}; this one plays "
            f"version {rules.RULES_VERSION}): update rajas to open it",
            "header.rules",
        )
    if played_under < 1:
        raise Problem(f"there is no rules version {played_under}", "header.rules")
    return played_under


def _check_times(header: Header) -> None:
    for key in ("created", "updated"):
        value = getattr(header, key)
        valid = _TIME.fullmatch(value) is not None
        if valid:
            # The pattern fixes the shape, so this only checks the date and time exist; unlike
            # strptime it needs no locale tables, which would slow every load.
            try:
                datetime.fromisoformat(value)
            except ValueError:
                valid = False
        if not valid:
            raise Problem(
                f"expected a UTC time such as 2025-01-31T18:05:00Z, got {describe(value)}",
                f"header.{key}",
            )


def _first_difference(saved: Any, replayed: Any, path: str) -> tuple[str, str] | None:
    """The first key where two unstructured states differ: (key, "file X, log Y")."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in replayed:
            if key not in saved:
                return f"{path}.{key}", f"the file has no {key}, the log leads to " + describe(
                    replayed[key]
                )
            found = _first_difference(saved[key], replayed[key], f"{path}.{key}")
            if found:
                return found
        extra = next((key for key in saved if key not in replayed), None)
        if extra is not None:
            return f"{path}.{extra}", f"the file has {extra}, the log has none"
        return None
    if isinstance(saved, list | tuple) and isinstance(replayed, list | tuple):
        if len(saved) != len(replayed):
            items = "item" if len(saved) == 1 else "items"
            return path, f"the file lists {len(saved)} {items}, the log leads to {len(replayed)}"
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if saved == replayed:
        return None
    return path, f"the file says {describe(saved)}, the log leads to {describe(replayed)}"


def _game(document: Document) -> Game:
    _check_times(document.header)
    setup = document.setup
    problem = setup_problem(setup)
    if problem:
        raise Problem(problem[1], f"setup.{problem[0]}")
    setup = settled(setup)  # a file from before seats named boards says "navaratnas" only
    if document.position is not None:
        start = document.position
        check_state(start, "position")
        problem = position_mismatch(setup, start)
        if problem:
            raise Problem(problem[1], f"setup.{problem[0]}")
    else:
        try:
            start = new_game(config_for(setup))
        except ValueError as error:
            raise Problem(str(error), "setup.variants") from None
    check_state(document.state, "state")
    if document.state.config.players != len(setup.seats):
        raise Problem(f"{len(setup.seats)} seats play this game", "state.config.players")
    played_under = document.header.rules
    state, played, undone = _replayed(start, document.log, played_under)
    # Under older rules the file's state and header may rightly differ from where today's
    # rules lead: the replayed game is the game.
    if played_under == rules.RULES_VERSION:
        _check_snapshot(document, state)
    return Game(
        setup=setup,
        start=start,
        log=played,
        state=state,
        redo=undone,
        created=document.header.created,
        updated=document.header.updated,
        from_position=document.position is not None,
        played_under=played_under,
    )


def _replayed(
    start: GameState, log: LogTable, played_under: int
) -> tuple[GameState, tuple[LogEntry, ...], tuple[LogEntry, ...]]:
    """Where the log leads under today's rules, and its played and undone entries as replayed.
    An entry of an older game that today's rules refuse is told with both versions."""
    migrating = played_under != rules.RULES_VERSION
    try:
        state, played = journal.replay_log(start, log.played, "log.played", migrating)
        _, undone = journal.replay_log(state, log.undone, "log.undone", migrating)
    except journal.Unplayable as problem:
        if not migrating:
            raise
        raise _no_longer_legal(problem, played_under) from None
    return state, played, undone


def _no_longer_legal(problem: journal.Unplayable, played_under: int) -> Problem:
    """The refusal of an older game with an action today's rules do not allow; its place
    names the action by number."""
    return Problem(
        f"{journal.quoted(problem.entry.action)} was played under rules version {played_under} "
        f"but cannot be played under version {rules.RULES_VERSION}, which this rajas plays "
        f"({problem.reason})",
        problem.key,
    )


def _check_snapshot(document: Document, state: GameState) -> None:
    """The file's [state], and its header's round, turn and over, are where the log leads."""
    if state != document.state:
        saved, replayed = unstructure(document.state), unstructure(state)
        difference = _first_difference(saved, replayed, "state")
        key, sentence = difference or ("state", "differs from where the log leads")
        raise Problem(f"the log does not lead here: {sentence}", key)
    if document.header.round:
        _check_summary(document.header, state)


def _check_summary(header: Header, state: GameState) -> None:
    """The header's round, turn and over are what listings show: they must be where the log
    leads, or a listing would show another position than loading does."""
    for key in ("round", "turn", "over"):
        said, found = getattr(header, key), getattr(state, key)
        if said != found:
            raise Problem(
                f"the file says {describe(said)}, the log leads to {describe(found)}",
                f"header.{key}",
            )


def check_state(state: GameState, key: str) -> None:
    try:
        positions.check(state)
    except Problem as problem:
        raise Problem(problem.sentence, f"{key}.{problem.key}" if problem.key else key) from None


def load(path: Path | str) -> Game:
    """Reads, checks and replays a save. Raises SaveError (one sentence) for any problem."""
    path = Path(path)
    raw = read(path)
    try:
        check_header(raw)
        document = structure(raw, Document)
        return _game(document)
    except Problem as problem:
        raise error_for(path, problem) from None


def load_position(path: Path | str) -> GameState:
    """The [state] table of a TOML file (a save is one), checked as strictly as a save's."""
    path = Path(path)
    raw = read(path)
    try:
        if not isinstance(raw.get("state"), dict):
            raise Problem("a position file needs a [state] table in the save's state format")
        state: GameState = structure(raw["state"], GameState, "state")
        check_state(state, "state")
        return state
    except Problem as problem:
        raise error_for(path, problem) from None


def rules_note(game: Game) -> str | None:
    """The one sentence that tells, on opening, that a game was saved under older rules and
    is now played under today's; None for a game of today's rules."""
    if game.played_under == rules.RULES_VERSION:
        return None
    return (
        f"This game was saved under rules version {game.played_under} and now plays under "
        f"version {rules.RULES_VERSION}: the Rules versions section of docs/rules.md lists what "
        "changed."
    )


def backup_of(path: Path | str) -> Path:
    return backup_path(Path(path))


def older_rules_backup(path: Path | str, version: int) -> Path:
    """NAME.toml.rulesN.bak: the file of a game saved under rules version N, kept as it was."""
    path = Path(path)
    return path.with_name(f"{path.name}.rules{version}.bak")


def keep_older_rules(game: Game, path: Path | str) -> None:
    """Before a game saved under older rules is first written under today's, its file (just
    loaded, under the game's lock) is kept once as `older_rules_backup`: NAME.toml.bak holds
    only the file the last write replaced, and the app writes at every action. An older rajas
    can open the kept copy. Kept at most once; a copy that cannot be made leaves NAME.toml.bak
    as the backup."""
    if game.played_under == rules.RULES_VERSION:
        return
    path = target_of(Path(path))
    kept = older_rules_backup(path, game.played_under)
    if kept.exists() or not path.is_file():
        return
    try:
        keep_copy(path, kept)
    except OSError:
        return
