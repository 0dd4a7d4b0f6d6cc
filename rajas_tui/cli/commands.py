"""The saved-game subcommands: new, show, legal, apply, undo, redo, validate, saves.

Only the argument parsers live here, so that `rajas --help` stays fast; the work is in
`headless`, imported when a command runs. Nothing here or there imports Textual.
"""

from __future__ import annotations

import argparse
from typing import Any

from rajas_tui.cli import choices

NAMES = ("new", "show", "legal", "apply", "undo", "redo", "validate", "saves", "review")
# The most search iterations `review --budget` takes: the hard bot's budget several times over.
MOST_ITERATIONS = 5000
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def seed(text: str) -> int:
    """A seed option: a whole number that fits a save (64 bits), as `new` and `simulate` take."""
    from saves import seed_problem  # a seed is checked as a save's setup checks it

    value = choices.whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}")
    problem = seed_problem(value)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return value


def seat_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, not {text!r}")
    return int(text)


def _names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if not 2 <= len(names) <= 4:
        raise argparse.ArgumentTypeError(
            f"name 2 to 4 players separated by commas, not {len(names)}"
        )
    if not all(names):
        raise argparse.ArgumentTypeError("a player name cannot be empty")
    return names


def _iterations(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MOST_ITERATIONS:
        raise argparse.ArgumentTypeError(
            f"the budget is a number of search iterations from 1 to {MOST_ITERATIONS}, not {text!r}"
        )
    return int(text)


def _pairs(text: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in text.split(","):
        seat, equals, kind = item.partition("=")
        if not equals or not seat.strip() or not kind.strip():
            raise argparse.ArgumentTypeError(
                f"write bots as SEAT=KIND (a seat number from 0 or a name), not {item!r}"
            )
        pairs.append((seat.strip(), kind.strip()))
    return tuple(pairs)


def _play_parser(commands: Any) -> None:
    play = commands.add_parser(
        "play",
        help="play in lines of text (--plain), for screen readers and dumb terminals",
        description=(
            "Play the game as lines of text, for screen readers and terminals that cannot show "
            "the app: each decision is a numbered list in words; a number chooses, an action in "
            "the notation of 'apply' plays it at once, and 'help' lists the commands (board, "
            "log, undo, back, quit). The game is saved after every action, as the app saves "
            "it; the end of input saves and ends. With a save, that game goes on; with "
            "--players, a new game starts in the saves folder; with neither, the game last "
            "played goes on, else a new game of Asha against a normal bot starts."
        ),
    )
    play.add_argument(
        "--plain", action="store_true", help="the game in lines of text (needed for now)"
    )
    play.add_argument("path", nargs="?", metavar="SAVE", help="a save to go on with")
    play.add_argument(
        "--players",
        type=_names,
        metavar="NAMES",
        help='a new game: 2 to 4 names separated by commas, seat 0 first: "Asha,Bela"',
    )
    _new_game_options(play, "1=easy,Bela=normal", "the new game's seed")
    play.add_argument(
        "--saves", metavar="DIR", help="the saves folder (default: as 'rajas saves' says)"
    )


def _new_game_options(parser: Any, bots_example: str, seed_words: str) -> None:
    """The options that set up a new game beside its players: bots, variants, seed, undo."""
    parser.add_argument(
        "--bots",
        type=_pairs,
        default=(),
        metavar="SEAT=KIND,...",
        help=f"seats the computer plays, by number from 0 or by name: {bots_example}",
    )
    choices.add_options(parser, "by number from 0 or by name")
    parser.add_argument("--seed", type=seed, help=f"{seed_words} (default: a random one)")
    parser.add_argument(
        "--undo",
        choices=("strict", "free"),
        default="strict",
        help="strict: no undo across revealed dice or tiles (default); free: practice",
    )


def _path_command(commands: Any, name: str, help_text: str, description: str) -> Any:
    parser = commands.add_parser(name, help=help_text, description=description)
    parser.add_argument("path", metavar="PATH", help="the save file")
    return parser


def register(commands: Any) -> None:
    """Adds the saved-game subcommands to the `rajas` subparsers."""
    new = commands.add_parser(
        "new",
        help="start a game and write its save file",
        description=(
            "Start a game and write it to a save file. Bots move at once whenever it is their "
            "turn; humans move with 'rajas apply'."
        ),
    )
    new.add_argument(
        "--players",
        type=_names,
        required=True,
        metavar="NAMES",
        help='2 to 4 names separated by commas, seat 0 first: "Asha,Bela,Chand"',
    )
    _new_game_options(new, "1=random,Chand=random", "the game's seed")
    new.add_argument(
        "--position",
        metavar="FILE",
        help="start from the [state] table of this TOML file (a save is one) instead of a setup",
    )
    new.add_argument("--save", required=True, metavar="PATH", help="the save file to write")
    new.add_argument("--force", action="store_true", help="overwrite PATH if it exists")

    show = _path_command(
        commands,
        "show",
        "summarise a saved game",
        "Print the round, whose turn it is, and each player's fame, money, margin, karma, "
        "dice, workers, boat and province; with variants, the Ganga tiles on the river, the "
        "yield tiles, and each seat's board, Kali statue and fields. Face-down tiles show as "
        "hidden, but for the seat named by --seat.",
    )
    show.add_argument(
        "--seat",
        type=seat_number,
        metavar="N",
        help="show the game as seat N (from 0) sees it: its own face-down tiles too",
    )
    show.add_argument(
        "--json",
        action="store_true",
        help="print JSON: round, whose turn, the prompt, the legal actions, each player (margin "
        "included), the ranking, and the whole state in the save's format",
    )
    legal = _path_command(
        commands,
        "legal",
        "list the legal actions now",
        "Print every legal action now, one per line, in the action notation: one canonical "
        "spelling of each distinct outcome, and payments only in their minimal forms (no die and "
        "no karma turn more than the price needs). 'apply' also takes larger payments, which the "
        "rules allow, and other spellings of a listed action, which it plays and logs as listed. "
        "A finished game is refused (exit 1).",
    )
    legal.add_argument(
        "--json",
        action="store_true",
        help="print JSON: round, whose turn, the prompt and the legal actions",
    )
    apply = _path_command(
        commands,
        "apply",
        "play actions and save",
        "Play the actions in order (quote each one), let bots answer, and write the save. If "
        "any action is illegal, or the game is over, nothing changes and the command exits 1.",
    )
    apply.add_argument("actions", nargs="+", metavar="ACTION", help='e.g. "terrace t1"')
    apply.add_argument(
        "--json",
        action="store_true",
        help="print JSON: the actions played (bots' too), what changed for each player, and "
        "where the game stands now",
    )
    _path_command(
        commands,
        "undo",
        "take back the last action",
        "Take back the last human action (and the bot moves after it) and save. A strict game "
        "never undoes an action that revealed dice or tiles.",
    )
    _path_command(
        commands, "redo", "play an undone action again", "Redo the last undone action and save."
    )
    _path_command(
        commands,
        "validate",
        "check a save file",
        "Check a save completely, replaying its log; print one line and exit 0 (valid) or 1.",
    )
    saves = commands.add_parser(
        "saves",
        help="list saved games",
        description=(
            "List the saves in the saves folder, last played first: $RAJAS_SAVES, else "
            "$XDG_DATA_HOME/rajas/saves, else ~/.local/share/rajas/saves."
        ),
    )
    saves.add_argument("--saves", metavar="DIR", help="list this folder instead")
    _review_parser(commands)
    _play_parser(commands)


def _review_parser(commands: Any) -> None:
    review = _path_command(
        commands,
        "review",
        "judge every decision of a finished game",
        "Judge each decision of each player (an action chosen among more than one): the move "
        "played, the search bot's best move from that player's view at that moment, and the "
        "worth lost between them, in fame points of the bots' evaluation (what a position is "
        "worth to a player: its margin toward the markers meeting plus the future worth of what "
        "it holds, against its best rival). A decision is marked good, inaccuracy (2 or more "
        "lost), mistake (4 or more) or blunder (8 or more); a player's accuracy is the mean of "
        "its decisions', 100% for none lost. Then the three costliest decisions of each player "
        "with the better move. The review is the same for the same save every time, and is kept "
        "in $XDG_CACHE_HOME/rajas/reviews (else ~/.cache/rajas/reviews), so asking again is "
        "instant. A game not yet over is reviewed for one seat only (--seat), from what that "
        "seat saw.",
    )
    review.add_argument(
        "--seat",
        type=seat_number,
        metavar="N",
        help="review seat N (from 0) only; needed while the game is not over",
    )
    review.add_argument(
        "--budget",
        type=_iterations,
        metavar="N",
        help="search iterations a decision (default 100): more finds better moves, slower",
    )
    review.add_argument(
        "--json",
        action="store_true",
        help="print JSON: the method, each player's accuracy, marks and costliest decisions, "
        "and every decision (action number, round, seat, played, best, worth_played, "
        "worth_best, lost, mark)",
    )


def run(args: argparse.Namespace) -> int:
    from rajas_tui.cli.headless import run_command

    return run_command(args)
