"""The shared-table commands' parsers: `rajas table new|list|keys`, and `join` and `watch`
(which open the app). The work of `table` is in `table_command`, imported when it runs, so that
every other command starts without the shared tables' modules."""

from __future__ import annotations

import argparse
from typing import Any

from rajas_tui.cli import choices
from rajas_tui.cli.commands import seed
from saves.records import BOT_KINDS

NAMES = ("table",)
APP_NAMES = ("join", "watch")


def _tables_option(parser: Any) -> None:
    parser.add_argument(
        "--tables",
        metavar="DIR",
        help="the tables folder (default: $RAJAS_TABLES, else 'tables' beside the saves folder)",
    )


def register(commands: Any) -> None:
    """Adds `table`, `join` and `watch` to the `rajas` subparsers."""
    table = commands.add_parser(
        "table",
        help="shared games several terminals play at once",
        description="Make, list and give out keys to shared games (tables).",
    )
    actions = table.add_subparsers(dest="table_command", metavar="ACTION", required=True)
    actions._parser_class = type(table)  # the one-sentence errors of `rajas`'s parser
    new = actions.add_parser(
        "new",
        help="make a table",
        description="Make a shared game that each player joins from their own terminal.",
    )
    new.add_argument("name", metavar="NAME", help="the table's name: a-z, 0-9, '-', '_'")
    new.add_argument(
        "--players",
        required=True,
        metavar="NAMES",
        help='2 to 4 names separated by commas, seat A first: "Asha,Bela,Chand"',
    )
    new.add_argument(
        "--seats",
        default="",
        metavar="SEAT=KIND,...",
        help=f"who plays each seat (A, B, ...): human or a bot ({', '.join(BOT_KINDS)}); "
        "seats not named are human: C=random",
    )
    choices.add_options(new, "by letter A-D or by name")
    new.add_argument("--seed", type=seed, help="the game's seed (default: a random one)")
    new.add_argument(
        "--undo",
        choices=("strict", "free"),
        default="strict",
        help="strict: no undo across revealed dice or tiles (default); free: practice",
    )
    _tables_option(new)
    listing = actions.add_parser(
        "list", help="list the tables", description="Each table, whose turn and who is here."
    )
    _tables_option(listing)
    keys = actions.add_parser(
        "keys",
        help="print authorized_keys lines for a seat",
        description="Print one authorized_keys line per public key, each forced to play only "
        "this seat of this table (or only watch it), with no shell, forwarding or files.",
    )
    keys.add_argument("name", metavar="NAME", help="the table")
    who = keys.add_mutually_exclusive_group(required=True)
    who.add_argument("--seat", metavar="SEAT", help="the seat these keys play: A, B, C or D")
    who.add_argument("--watch", action="store_true", help="these keys only watch")
    keys.add_argument("keyfiles", nargs="+", metavar="KEYFILE", help="public key files (.pub)")
    _tables_option(keys)
    for name, text in (("join", "play one seat of a table"), ("watch", "watch a table")):
        parser = commands.add_parser(name, help=text, description=f"Open the app to {text}.")
        parser.add_argument("name", metavar="NAME", help="the table")
        if name == "join":
            parser.add_argument("--seat", required=True, metavar="SEAT", help="A, B, C or D")
        _tables_option(parser)


def run(args: argparse.Namespace) -> int:
    from rajas_tui.cli.table_command import run_table

    return run_table(args)


def check(args: argparse.Namespace) -> int:
    """`join` and `watch` check their table and seat before the app asks for a terminal
    (`table_command.check_sitting`): 0 when the app may open."""
    from rajas_tui.cli.table_command import check_sitting

    return check_sitting(args)
