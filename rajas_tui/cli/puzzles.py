"""`rajas puzzle`: the puzzles with their goals, difficulties and solved marks; `rajas puzzle N`
opens puzzle N in the app (docs/puzzles.md). The listing imports no Textual."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rajas_tui.cli.terminal import say, say_line

NAMES = ("puzzle",)
EXIT_USAGE = 2


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "puzzle",
        help="list the puzzles, or open puzzle N in the app",
        description=(
            "With no number, list the puzzles: each one's number, title, difficulty, goal, "
            "whether you solved it, and the hints asked at it since (kept in "
            "$XDG_DATA_HOME/rajas/puzzles.toml, else ~/.local/share/rajas/puzzles.toml). With a "
            "number, open that puzzle in the app."
        ),
    )
    parser.add_argument("number", nargs="?", metavar="N", help="the puzzle to open")


def opens_app(args: argparse.Namespace) -> bool:
    return args.number is not None


def number_of(text: str, count: int) -> int | None:
    """The puzzle number `text` names, or None when it names none of the `count` puzzles."""
    if not text.strip().isdigit():
        return None
    number = int(text)
    return number if 1 <= number <= count else None


def run(args: argparse.Namespace) -> int:
    """Lists the puzzles, or checks N for the app that opens it (0: it may open)."""
    from rajas_tui.present import puzzles as words
    from saves import marks, puzzles

    try:
        found = puzzles.load_all()
    except puzzles.PuzzleError as error:
        say_line(f"rajas: {error}", file=sys.stderr)
        return 1
    if args.number is not None:
        if number_of(args.number, len(found)) is None:
            say_line(
                f"rajas: there is no puzzle {args.number!r}: the puzzles are 1 to {len(found)} "
                "('rajas puzzle' lists them).",
                file=sys.stderr,
            )
            return EXIT_USAGE
        return 0
    book, problem = marks.read_book(marks.marks_path())
    if problem:
        say_line(f"rajas: {problem}", file=sys.stderr)
    say("\n".join(words.listing(found, book.solved, book.asked)))
    return 0
