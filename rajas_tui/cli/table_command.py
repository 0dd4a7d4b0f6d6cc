"""What `rajas table new|list|keys` do, and what `join` and `watch` check before the app opens.
Each returns an exit code: 0 done, 1 refused, 2 a bad argument; every refusal is one line on
stderr."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import saves
from rajas_tui.cli import choices
from rajas_tui.cli.terminal import clause, say, say_line
from saves import osfiles, tables
from saves.records import BOT_KINDS, HUMAN, Seat, Setup

EXIT_REFUSED = 1
EXIT_USAGE = 2
# The longest public key (RSA of 16,384 bits) is under 3 KB; a file far longer is no key file.
KEY_FILE_BYTES = 16_384
KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)


class Usage(Exception):
    """A bad argument: one sentence, exit code 2."""


def run_table(args: argparse.Namespace) -> int:
    return _answered(f"table {args.table_command}", lambda: _table(args))


def check_sitting(args: argparse.Namespace) -> int:
    """What `join` and `watch` check before the app asks for a terminal, so that a bad table or
    seat gets the same sentence and exit code with a terminal or without: the table's name and
    file, and `join`'s seat (the table's, a human's, free now). Nothing is held: the app takes
    the seat itself (`tables.join`), and refuses it then if another process took it first."""
    return _answered(args.command, lambda: _sitting(args))


def _answered(command: str, work: Callable[[], int]) -> int:
    """`work`'s exit code, or its Usage or TableError said in one line."""
    try:
        return work()
    except Usage as error:
        say_line(f"rajas: {error} See 'rajas {command} --help'.", file=_stderr())
        return EXIT_USAGE
    except tables.TableError as error:
        say_line(f"rajas: {error}", file=_stderr())
        return EXIT_REFUSED


def _table(args: argparse.Namespace) -> int:
    if args.table_command == "new":
        return _new(args)
    if args.table_command == "list":
        return _list(args)
    return _keys(args)


def _sitting(args: argparse.Namespace) -> int:
    path = _path(args)
    game = tables.read(path)
    if args.command == "join":
        tables.seat_free(path, _human_seat(args.seat, game))
    return 0


def _stderr() -> Any:
    import sys

    return sys.stderr


def _path(args: argparse.Namespace) -> Path:
    problem = tables.name_problem(args.name)
    if problem:
        raise Usage(f"{problem}.")
    return tables.table_path(tables.tables_dir(args.tables), args.name)


def _human_seat(text: str, game: saves.Game) -> int:
    """The seat --seat names to join (`tables.human_seat`); Usage when it names no seat at all."""
    try:
        return tables.human_seat(text, game)
    except tables.NotASeat as error:
        raise Usage(f"--seat: {error}") from None


def _names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if not 2 <= len(names) <= 4 or not all(names):
        raise Usage("--players: name 2 to 4 players separated by commas, none of them empty.")
    return names


def _kinds(text: str, names: tuple[str, ...]) -> list[str]:
    kinds = [HUMAN] * len(names)
    lowered = [name.casefold() for name in names]
    for item in filter(None, (part.strip() for part in text.split(","))):
        seat, _, kind = (part.strip() for part in item.partition("="))
        if kind not in (HUMAN, *BOT_KINDS):
            raise Usage(f"--seats: write SEAT=KIND with KIND human or a bot, not {item!r}.")
        if len(seat) == 1 and seat.upper() in tables.SEATS[: len(names)]:
            kinds[tables.SEATS.index(seat.upper())] = kind
        elif seat.casefold() in lowered:
            kinds[lowered.index(seat.casefold())] = kind
        else:
            last = tables.SEATS[len(names) - 1]
            raise Usage(f"--seats: {seat!r} is neither a seat A to {last} nor a player.")
    return kinds


def _new(args: argparse.Namespace) -> int:
    path = _path(args)
    names = _names(args.players)
    kinds = _kinds(args.seats, names)
    try:
        named = choices.variants(args.variant)
        variants, boards = choices.boards(len(names), named, args.navaratnas, names)
    except ValueError as error:
        raise Usage(f"{error}.") from None
    seed = args.seed if args.seed is not None else choices.random_seed()
    seats = tuple(Seat(*s) for s in zip(names, kinds, boards, strict=True))
    setup = Setup(seats, seed, variants, args.undo)
    try:
        game = saves.start_game(setup)
    except ValueError as error:
        raise Usage(clause(str(error), names)) from None
    # A bot to act first is left to the first terminal that joins: it thinks there in a worker,
    # its seat saying so, where here a searching bot's first turn kept `new` waiting for
    # half a minute on a busy host.
    game = tables.create(path, game)
    say_line(f"Table {args.name} made in {path.parent}: {', '.join(names)}.")
    for i, seat in enumerate(game.setup.seats):
        how = f"'rajas join {args.name} --seat {tables.seat_letter(i)}'"
        say(f"  {tables.seat_letter(i)}  {seat.name}: " + (how if seat.is_human else seat.kind))
    return 0


def _list(args: argparse.Namespace) -> int:
    folder = tables.tables_dir(args.tables)
    tables.tidy(folder)  # what ended processes and removed tables left behind
    found = tables.list_tables(folder)
    if not found:
        say_line(f"No tables in {folder}.")
    for table in found:
        say_line(f"{table.name}  {table.line}")
    return 0


def _keys(args: argparse.Namespace) -> int:
    path = _path(args)
    game = tables.read(path)
    command = ["rajas"]
    if args.watch:
        command += ["watch", args.name]
    else:
        seat = _human_seat(args.seat, game)
        command += ["join", args.name, "--seat", tables.seat_letter(seat)]
    if args.tables or _moved_tables():
        command += ["--tables", str(tables.tables_dir(args.tables).resolve())]
    forced = shlex.join(command)
    if '"' in forced or "\\" in forced:
        raise Usage("the tables folder's path cannot hold '\"' or '\\' in an SSH forced command.")
    for key in (_public_key(Path(file)) for file in args.keyfiles):
        print(f'restrict,pty,command="{forced}" {key}')
    return 0


def _moved_tables() -> bool:
    import os

    return bool(os.environ.get("RAJAS_TABLES"))


def _public_key(path: Path) -> str:
    """The one public key in a .pub file, as `TYPE BASE64 [COMMENT]`; read only from a regular
    file, and no more of it than a key file holds."""
    try:
        data = osfiles.read_regular(path, KEY_FILE_BYTES)
    except osfiles.NotRegular as error:
        raise tables.TableError(f"{path}: {error.strerror}.") from None
    except osfiles.TooLarge as error:
        raise tables.TableError(
            f"{path}: is {error.size:,} bytes, more than the {KEY_FILE_BYTES:,} a public key "
            "file has."
        ) from None
    except OSError as error:
        raise tables.TableError(f"{path}: cannot be read ({osfiles.reason(error)}).") from None
    text = data.decode("utf-8", errors="replace")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    parts = lines[0].split() if len(lines) == 1 else []
    if len(parts) < 2 or parts[0] not in KEY_TYPES or not parts[1].isascii():
        raise tables.TableError(f"{path}: is not one SSH public key (a .pub file's one line).")
    comment = " ".join(parts[2:])
    safe = "".join(c for c in comment if c.isprintable())
    return " ".join(filter(None, (parts[0], parts[1], safe)))
