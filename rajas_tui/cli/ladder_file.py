"""The ladder's results file (`rajas simulate --ladder --results FILE`): each game of a ladder as
a line of JSON (`ladder.Record`), written as soon as the game ends, so that a ladder stopped part
way goes on where it was, and the games of runs on several machines can be put together.

A line goes to the file in one write, with its line break, and is synced to the disk before the
next game is counted: only a run killed in that write leaves a last line cut short, which
reading passes over (with a note) and the next run cuts off before it writes. Any other line
that is not a ladder's game means the file is not a results file: it is neither used nor
written to.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

import attrs

from rajas_tui.bots import ladder
from saves import osfiles

# A ladder of every kind is 2,000 games of about 250 bytes: this is a hundred ladders' worth.
MAX_BYTES = 64 * 1024 * 1024
_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | os.O_NONBLOCK
    | getattr(os, "O_NOCTTY", 0)
    | os.O_CLOEXEC
)


class ResultsError(Exception):
    """The file cannot be used: one sentence naming it."""


class Unwritable(Exception):
    """A game could not be written to the file: one sentence naming it."""


@attrs.frozen
class Kept:
    """What a results file held when read: its games in order, and how to go on writing it."""

    records: tuple[ladder.Record, ...]
    size: int  # the file's bytes; 0 when there was none
    keep: int  # the bytes before what is cut off: a last line cut short
    cut_short: bool
    needs_break: bool  # the last line is whole but has no line break after it
    existed: bool


def read(path: Path) -> Kept:
    """The games the file holds (none when there is no file yet); ResultsError when it cannot
    be read or is not a ladder's results."""
    try:
        data = osfiles.read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return Kept((), 0, 0, cut_short=False, needs_break=False, existed=False)
    except osfiles.NotRegular as error:
        raise ResultsError(f"{path}: is {error.kind}, not a results file.") from None
    except osfiles.TooLarge as error:
        raise ResultsError(
            f"{path}: is {error.size:,} bytes, more than the {MAX_BYTES:,} a results file may "
            "have; not read."
        ) from None
    except OSError as error:
        raise ResultsError(f"{path}: cannot be read ({osfiles.reason(error)}).") from None
    lines = data.split(b"\n")
    tail = lines.pop()  # what follows the last line break: nothing, when the file ends with one
    records = [_parse(path, number, line) for number, line in enumerate(lines, 1) if line.strip()]
    whole = len(data) - len(tail)
    if not tail.strip():
        return Kept(tuple(records), len(data), whole, False, needs_break=False, existed=True)
    try:
        records.append(ladder.parse_record(tail.decode("utf-8")))
    except (ladder.NotARecord, UnicodeDecodeError):
        return Kept(tuple(records), len(data), whole, True, needs_break=False, existed=True)
    return Kept(tuple(records), len(data), len(data), False, needs_break=True, existed=True)


def _parse(path: Path, number: int, line: bytes) -> ladder.Record:
    try:
        return ladder.parse_record(line.decode("utf-8"))
    except UnicodeDecodeError:
        why = "not UTF-8 text"
    except ladder.NotARecord as error:
        why = str(error)
    raise ResultsError(
        f"{path}: line {number} is not a ladder's game ({why}); not a ladder's results file, "
        "so it is left as it is."
    )


def usable(
    records: Sequence[ladder.Record], rules_version: int | None = None
) -> tuple[dict[ladder.Key, ladder.Ranking], int]:
    """How the kinds finished in each game these bots would play alike under `rules_version`
    (today's unless given; the first record of a game kept twice), and how many records were of
    other bots or rules and are passed over."""
    known: dict[ladder.Key, ladder.Ranking] = {}
    passed = 0
    for found in records:
        if found.bots == ladder.fingerprint(found.seats, rules_version):
            known.setdefault(found.key, found.ranking)
        else:
            passed += 1
    return known, passed


class Writer:
    """The file open for the games to come, each appended and synced as it ends."""

    def __init__(self, path: Path, kept: Kept) -> None:
        """Opens the file (made when there is none), cutting off a last line cut short or
        ending a whole one; ResultsError when it cannot be written."""
        self.path = path
        try:
            self.fd = os.open(path, _APPEND, 0o644)
        except IsADirectoryError:
            raise ResultsError(f"{path}: is a folder, not a results file.") from None
        except OSError as error:
            raise ResultsError(f"{path}: cannot be written ({osfiles.reason(error)}).") from None
        try:
            self._ready(kept)
        except BaseException:
            os.close(self.fd)
            raise

    def _ready(self, kept: Kept) -> None:
        info = os.fstat(self.fd)
        if not stat.S_ISREG(info.st_mode):
            raise ResultsError(f"{self.path}: is {osfiles.kind_of(info.st_mode)}, not a file.")
        os.set_blocking(self.fd, True)
        mended = kept.keep < kept.size or kept.needs_break
        if mended and info.st_size != kept.size:
            # Another run wrote to it since it was read: cutting it now could cut that run's game.
            raise ResultsError(f"{self.path}: changed while it was read; is another run on it?")
        try:
            if kept.keep < kept.size:
                os.ftruncate(self.fd, kept.keep)
            if kept.needs_break:
                self._write(b"\n")
            if not kept.existed:
                osfiles.sync_folder(self.path.parent)
        except OSError as error:
            raise ResultsError(
                f"{self.path}: cannot be written ({osfiles.reason(error)})."
            ) from None

    def keep(self, record: ladder.Record) -> None:
        """Appends the game and syncs it to the disk; Unwritable when it cannot."""
        try:
            self._write(f"{record.line()}\n".encode())
            os.fsync(self.fd)
        except OSError as error:
            raise Unwritable(
                f"{self.path}: cannot be written ({osfiles.reason(error)}); the games that "
                "ended before are kept in it."
            ) from None

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view) :]

    def close(self) -> None:
        os.close(self.fd)
