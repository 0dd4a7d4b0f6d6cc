"""The `rajas` command line. Headless subcommands never import Textual."""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import signal
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import rules
import saves
from rajas_tui.cli import choices, puzzles
from rajas_tui.cli import commands as saved_games
from rajas_tui.cli import tables as shared_tables
from rajas_tui.cli.output import guarded
from rajas_tui.cli.terminal import safe, say_line
from rules import Config, DataError

if TYPE_CHECKING:
    from pathlib import Path

    from rajas_tui.bots import ladder
    from rajas_tui.cli import ladder_file

EXIT_USAGE = 2
EXIT_DATA = 3


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a bad argument as one sentence and exit code 2, no usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"rajas: {safe(message)}. See '{self.prog} --help'.\n")


def _int_in(low: int, high: int | None, what: str) -> type:
    def parse(text: str) -> int:
        value = choices.whole_number(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
        if value < low or (high is not None and value > high):
            bound = f"{low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bound}, not {value}")
        return value

    parse.__name__ = what
    return parse  # type: ignore[return-value]


def _seat_list(text: str) -> tuple[str, ...]:
    from rajas_tui.bots import tournament  # the bots only when a tournament is asked for

    names = tuple(name.strip() for name in text.split(","))
    if not 2 <= len(names) <= 4:
        raise argparse.ArgumentTypeError(f"name 2 to 4 bots, not {len(names)}")
    for name in names:
        try:
            tournament.bot_kind(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def _player_counts(text: str) -> tuple[int, ...]:
    counts = []
    for part in text.split(","):
        value = choices.whole_number(part)
        if value is None:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {part!r}")
        if not 2 <= value <= 4:
            raise argparse.ArgumentTypeError(f"must be 2 to 4 (or several: 2,4), not {value}")
        counts.append(value)
    return tuple(dict.fromkeys(counts))


def _kind_list(text: str) -> tuple[str, ...]:
    from rajas_tui.bots import tournament

    names = tuple(dict.fromkeys(name.strip() for name in text.split(",")))
    if len(names) < 2:
        raise argparse.ArgumentTypeError("name at least 2 bots")
    try:
        return tuple(tournament.bot_kind(name) for name in names)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="rajas",
        description=(
            "Rajas of the Ganges in the terminal: play it, or run headless games. With no "
            "command, rajas opens the game: its title screen (new game, continue, load)."
        ),
        epilog=(
            "Exit codes: 0 done; 1 refused (an illegal move, a finished game, a broken file, "
            "output that cannot be written); 2 a bad argument; 3 a broken data file of the game "
            "itself; 129 the app's terminal went away (the game saved first); 130 stopped by "
            "Ctrl-C; 141 the reader of the output went away (rajas legal g.toml | head -1); 143 "
            "stopped by SIGTERM."
        ),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    simulate = commands.add_parser(
        "simulate",
        help="play whole games with random legal moves, or bots against each other",
        description=(
            "Play whole games with random legal moves, checking every rule invariant after each "
            "action, and print one line per game. Exits 1 naming the game seed and the action "
            "if a game breaks an invariant or does not finish. With --variant, every game plays "
            "those variants. With --seats, bots play instead (a tournament): the bots move one "
            "seat on every game, and a summary follows the games: win rates with 95% "
            "confidence intervals, mean margins, decision times (CPU) and the shape of the games. "
            "With --ladder, every two bot kinds meet in at least --games games at each player "
            "count of --players (at 4 players, four different kinds a table when there are "
            "four or more), and each kind gets a rating with its 95% interval."
        ),
    )
    simulate.add_argument(
        "--players",
        type=_player_counts,
        default=None,
        metavar="N[,N]",
        help=(
            "players per game, 2 to 4 (default 4, or one per bot of --seats); with --ladder, "
            "2 or 4 or both (default 2,4)"
        ),
    )
    simulate.add_argument(
        "--seats",
        type=_seat_list,
        default=None,
        metavar="BOT,BOT[,...]",
        help=(
            f"a bot per seat, 2 to 4: {', '.join((*saves.BOT_KINDS, 'search'))} (search is normal)"
        ),
    )
    simulate.add_argument(
        "--ladder",
        action="store_true",
        help=(
            "a round-robin of bot kinds (--kinds), --games games a pairing (default 100) at each "
            "player count: Bradley-Terry ratings with bootstrap intervals and the win rates"
        ),
    )
    simulate.add_argument(
        "--kinds",
        type=_kind_list,
        default=None,
        metavar="BOT,BOT[,...]",
        help="with --ladder: the bot kinds, weakest first (default all of them)",
    )
    simulate.add_argument(
        "--results",
        default=None,
        metavar="FILE",
        help=(
            "with --ladder: write each game to FILE as it ends (a line of JSON), and play only "
            "the games FILE does not hold yet, so that a ladder stopped part way goes on where "
            "it was; the output is the same"
        ),
    )
    simulate.add_argument(
        "--rules-version",
        type=_int_in(1, None, "--rules-version"),
        default=None,
        metavar="N",
        help=(
            "with --ladder and --results: rate the games FILE keeps from under rules version N "
            f"(default {rules.RULES_VERSION}, today's); an older N plays none, so FILE must "
            "hold them all"
        ),
    )
    simulate.add_argument(
        "--games",
        type=_int_in(1, None, "--games"),
        default=None,
        help="how many games (default 1; with --ladder, the fewest a pairing meets in: 100)",
    )
    simulate.add_argument(
        "--seed",
        type=saved_games.seed,
        default=1,
        help="seed of the first game; game i uses seed + i (default 1)",
    )
    simulate.add_argument(
        "--jobs",
        type=_int_in(1, None, "--jobs"),
        default=1,
        metavar="N",
        help=(
            "with --seats or --ladder: play N games at once, each in a process of its own "
            "(default 1); "
            "the games and results are the same, each game's seed and seating fix it"
        ),
    )
    simulate.add_argument(
        "--json",
        action="store_true",
        help=(
            "print one JSON object per game instead of a line (with --seats or --ladder: the "
            "summary, as one object)"
        ),
    )
    choices.add_options(simulate, "by number from 0")
    saved_games.register(commands)
    shared_tables.register(commands)
    puzzles.register(commands)
    load = commands.add_parser(
        "load",
        help="open a save in the app",
        description="Open the terminal app on this save (with no command, `rajas` opens the "
        "app's title screen).",
    )
    load.add_argument("path", metavar="PATH", help="a save file")
    commands.add_parser(
        "tutorial",
        help="play the guided first game, or go on with it",
        description=(
            "Open the app on the guided first game against an easy bot: a line above the prompt "
            "teaches one thing at a time, and moves on when you have done it (Escape skips a "
            "step). An unfinished tutorial is taken up where it was left: the last played, in the "
            "saves folder or saved elsewhere with Save as (as Load lists them)."
        ),
    )
    replay = commands.add_parser(
        "replay",
        help="step through a save in the app",
        description="Open the terminal app on a replay of this save: left and right step one "
        "action, Home and End go to the start and the end, PgUp, PgDn and g go to a round; "
        "every pane shows the game as it was, and the log marks the action shown. A game not "
        "yet over is shown as one seat saw it (--seat, else the game's one human seat, else as "
        "an onlooker, who sees no seat's face-down tiles); a finished game whole.",
    )
    replay.add_argument("path", metavar="PATH", help="a save file")
    replay.add_argument(
        "--seat",
        type=saved_games.seat_number,
        metavar="N",
        help="while the game is not over, show it as seat N (from 0) saw it",
    )
    serve = commands.add_parser(
        "serve",
        help="play in a browser: serve the app, each browser tab a game of its own",
        description=(
            "Serve the app to web browsers (through textual-serve): each tab that opens the "
            "address printed runs an app of its own, on the same saves folder and tables as "
            "rajas in a terminal. Ctrl-C stops the server and every app it started."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=(
            "the address to listen on (default 127.0.0.1: this machine only). Any other "
            "lets anyone who reaches the port play: put it behind a password "
            "(docs/hosting.md)"
        ),
    )
    serve.add_argument(
        "--port", type=_int_in(1, 65535, "--port"), default=8000, help="default 8000"
    )
    serve.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help=(
            "the address players open, when it is not the server's own (a proxy's, such as "
            "https://games.example.org); the page may start games only from there. Repeatable"
        ),
    )
    return parser


EXIT_NO_TERMINAL = 1


def served_in_a_browser() -> bool:
    """Whether the app runs for a browser tab under `rajas serve` (textual-serve), not in a
    terminal."""
    return os.environ.get("TEXTUAL_DRIVER") == saves.WEB_DRIVER


def run_app(
    path: str | None = None,
    table: argparse.Namespace | None = None,
    tutorial: bool = False,
    replay: argparse.Namespace | None = None,
    puzzle: int | None = None,
    game: saves.Game | None = None,
) -> int:
    """Opens the terminal app (bound to a table's seat for `join`, read-only for `watch`; on the
    tutorial; on a save's replay for `replay`; on puzzle `puzzle`) with the game read from
    `path` (`app_save`); Textual is imported only here."""
    # Without a terminal (`ssh host rajas` without -t, or a pipe) the app cannot read keys and
    # would run on, unseen, for ever: say so before Textual starts. `rajas serve` runs it through
    # pipes on purpose, with Textual's web driver, which reads and draws through them.
    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not served_in_a_browser():
        print(
            "rajas: the app needs a terminal (over SSH use 'ssh -t HOST rajas'); "
            "the headless commands and 'rajas play --plain' work without one, see "
            "'rajas --help'.",
            file=sys.stderr,
        )
        return EXIT_NO_TERMINAL
    # A dumb terminal (TERM=dumb: Emacs's shell, a braille or serial line) cannot place the
    # cursor, so the app's screen would arrive as a stream of escapes: the plain mode fits it.
    if os.environ.get("TERM") == "dumb":
        print(
            "rajas: this terminal (TERM=dumb) cannot show the app; 'rajas play --plain' plays "
            "the game in lines of text, for it and for screen readers.",
            file=sys.stderr,
        )
        return EXIT_NO_TERMINAL
    from pathlib import Path

    if table is not None:
        from rajas_tui.tui.app import run_table

        return run_table(table.name, getattr(table, "seat", None), table.tables)
    from rajas_tui.tui.app import run

    if replay is not None:
        return run(Path(replay.path), game, replay=True, seat=replay.seat)
    return run(Path(path) if path else None, game, tutorial=tutorial, puzzle=puzzle)


def app_save(args: argparse.Namespace) -> int:
    """`load` and `replay` read their save, and `replay` checks its --seat, before the app asks
    for a terminal: the same sentence and exit code with one or without. The game is kept in
    `args.game` for the app."""
    args.path = str(saves.home_expanded(args.path))  # the file the app reads is the one it saves
    try:
        game = saves.load(args.path)
    except saves.SaveError as error:
        say_line(f"rajas: {error}", file=sys.stderr)
        return 1
    seat = getattr(args, "seat", None)
    if seat is not None and seat >= len(game.setup.seats):
        last = len(game.setup.seats) - 1
        say_line(
            f"rajas: --seat: this game has seats 0 to {last}, not {seat}. "
            f"See 'rajas {args.command} --help'.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    args.game = game
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from rajas_tui.cli.simulate import SimulationError, play_random, report

    if args.ladder:
        return run_ladder(args)
    seats = args.seats
    args.games = args.games or 1
    try:
        if args.kinds is not None:
            raise ValueError("--kinds names a ladder's bots and needs --ladder")
        if args.results is not None:
            raise ValueError("--results keeps a ladder's games and needs --ladder")
        if args.rules_version is not None:
            raise ValueError("--rules-version rates a ladder's kept games and needs --ladder")
        if args.players is not None and len(args.players) > 1:
            raise ValueError("several player counts need --ladder")
        players = args.players[0] if args.players else (len(seats) if seats else 4)
        if seats and players != len(seats):
            raise ValueError(f"--players {players} does not match the {len(seats)} --seats")
        if args.jobs > 1 and not seats:
            raise ValueError("--jobs plays a tournament's games at once and needs --seats")
        if args.seed + args.games - 1 > saved_games.INT64_MAX:
            # Each game's seed must fit a save, so that `rajas new --seed` can play it again.
            raise ValueError(f"--seed + --games goes past {saved_games.INT64_MAX}, a seed's most")
        named = choices.variants(args.variant)
        variants, boards = choices.boards(players, named, args.navaratnas)
    except ValueError as error:
        say_line(f"rajas: {error}. See 'rajas simulate --help'.", file=sys.stderr)
        return EXIT_USAGE
    config = Config(
        players=players,
        seed=args.seed,
        boards=() if "navaratnas" not in boards else boards,
        ganga="ganga" in variants,
    )
    if seats:
        return run_tournament(config, seats, args.games, args.json, args.jobs)
    for i in range(args.games):
        seed = args.seed + i
        try:
            state = play_random(seed, players, config=config)
        except SimulationError as error:
            say_line(f"rajas: {error}", file=sys.stderr)
            return 1
        result = report(seed, state)
        print(result.as_json() if args.json else result.as_line(), flush=True)
    return 0


def run_ladder(args: argparse.Namespace) -> int:
    """The ladder: a line per pairing as its games end, then the ratings and win rates."""
    from pathlib import Path

    from rajas_tui import bots
    from rajas_tui.bots import ladder
    from rajas_tui.cli import ladder_file

    kinds = args.kinds or bots.KINDS
    counts = args.players or ladder.PLAYER_COUNTS
    games = args.games or 100
    try:
        if args.seats:
            raise ValueError("--ladder seats its bots itself: name them with --kinds, not --seats")
        if args.variant or args.navaratnas:
            raise ValueError("--ladder plays the base game")
        if any(count not in ladder.PLAYER_COUNTS for count in counts):
            raise ValueError("--ladder plays 2 or 4 players")
        if args.seed + games - 1 > saved_games.INT64_MAX:
            raise ValueError(f"--seed + --games goes past {saved_games.INT64_MAX}, a seed's most")
        played_under = _played_under(args)
    except ValueError as error:
        say_line(f"rajas: {error}. See 'rajas simulate --help'.", file=sys.stderr)
        return EXIT_USAGE
    known: dict[ladder.Key, ladder.Ranking] = {}
    writer = None
    if args.results is not None:
        try:
            known, writer = _results(
                Path(args.results), kinds, counts, games, args.seed, played_under
            )
        except ladder_file.ResultsError as error:
            say_line(f"rajas: {error}", file=sys.stderr)
            return EXIT_USAGE
    played = []
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        keep = writer.keep if writer else None
        for pair in ladder.play(
            kinds, counts, games, args.seed, args.jobs, known, keep, played_under
        ):
            played.append(pair)
            if not args.json:
                print(ladder.pairing_line(pair), flush=True)
    except RuntimeError as error:
        say_line(f"rajas: {error}", file=sys.stderr)
        return 1
    except ladder_file.Unwritable as error:
        say_line(f"rajas: {error}", file=sys.stderr)
        return 1
    except Terminated:
        say_line("rajas: stopped (SIGTERM).", file=sys.stderr)
        return EXIT_TERMINATED
    finally:
        signal.signal(signal.SIGTERM, previous)
        if writer is not None:
            writer.close()
    result = ladder.summary(kinds, played, args.seed)
    print(ladder.summary_json(result) if args.json else ladder.summary_text(result))
    return 0


def _played_under(args: argparse.Namespace) -> int:
    """The rules version of the ladder's games: --rules-version's, else today's; ValueError
    when it names none this rajas can rate."""
    if args.rules_version is None:
        return rules.RULES_VERSION
    if args.results is None:
        raise ValueError("--rules-version rates the games a file keeps and needs --results FILE")
    if args.rules_version > rules.RULES_VERSION:
        raise ValueError(
            f"--rules-version {args.rules_version}: this rajas plays rules version "
            f"{rules.RULES_VERSION} and knows none later"
        )
    return int(args.rules_version)


def _results(
    path: Path,
    kinds: Sequence[str],
    counts: Sequence[int],
    games: int,
    seed: int,
    played_under: int,
) -> tuple[dict[ladder.Key, ladder.Ranking], ladder_file.Writer | None]:
    """The games of rules version `played_under` a ladder's results file holds that this
    ladder may use, with a note of what it read on stderr, and the file open for the games to
    come (None for an older version's: none are played, so the file is only read);
    ResultsError when it cannot be, or when an older version's games are missing from it."""
    from rajas_tui.bots import ladder
    from rajas_tui.cli import ladder_file

    kept = ladder_file.read(path)
    known, passed = ladder_file.usable(kept.records, played_under)
    older = played_under < rules.RULES_VERSION
    if older:
        missing = ladder.planned(kinds, counts, games) - ladder.recorded(
            kinds, counts, games, seed, known, played_under
        )
        if missing:
            games_of = "game" if missing == 1 else "games"
            raise ladder_file.ResultsError(
                f"this rajas plays rules version {rules.RULES_VERSION}, so it cannot play the "
                f"{missing} {games_of} of rules version {played_under} missing from {path}."
            )
    writer = None if older else ladder_file.Writer(path, kept)
    if kept.cut_short:
        say_line(
            f"rajas: {path}: its last line was cut short (a run stopped while writing it); it "
            "is passed over.",
            file=sys.stderr,
        )
    if passed:
        say_line(
            f"rajas: {path}: {passed} of its {len(kept.records)} games passed over: other bots "
            "played them (another budget or evaluation, or another version of rajas).",
            file=sys.stderr,
        )
    if kept.records:
        planned = ladder.planned(kinds, counts, games)
        there = ladder.recorded(kinds, counts, games, seed, known, played_under)
        say_line(
            f"rajas: {path}: holds {there} of the ladder's {planned} games; "
            f"{planned - there} to play.",
            file=sys.stderr,
        )
    return known, writer


EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(Exception):
    """SIGTERM arrived while a tournament was played."""


def _terminated(number: int, frame: object) -> None:
    raise Terminated


def run_tournament(
    config: Config, seats: tuple[str, ...], games: int, as_json: bool, jobs: int = 1
) -> int:
    """Bots against each other, a line per game as it ends, then the summary."""
    from rajas_tui.bots import tournament

    played = []
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        for game in tournament.play_games(config, seats, games, jobs):
            played.append(game)
            if not as_json:
                print(tournament.game_line(game), flush=True)
    except RuntimeError as error:
        say_line(f"rajas: {error}", file=sys.stderr)
        return 1
    except Terminated:
        # Leaving the games' loop ended the game processes (`play_games`); killed at once, as
        # SIGTERM does by default, the parent left them playing on at full speed.
        say_line("rajas: stopped (SIGTERM).", file=sys.stderr)
        return EXIT_TERMINATED
    finally:
        signal.signal(signal.SIGTERM, previous)
    result = tournament.summary(played)
    print(tournament.summary_json(result) if as_json else tournament.summary_text(result))
    return 0


SAVE_APP_COMMANDS = ("load", "replay")  # the app on a save named
APP_COMMANDS = (None, "tutorial", *SAVE_APP_COMMANDS, *shared_tables.APP_NAMES)


def _opens_app(args: argparse.Namespace) -> bool:
    if args.command in puzzles.NAMES:
        return puzzles.opens_app(args)
    return args.command in APP_COMMANDS


def main(argv: Sequence[str] | None = None) -> int:
    parsed: list[argparse.Namespace] = []
    code = guarded(lambda: _headless(argv, parsed))
    if parsed and parsed[0].command == "serve" and code == 0:
        from rajas_tui.tui.app import serve

        return serve(parsed[0].host, parsed[0].port, parsed[0].origin)
    if parsed and _opens_app(parsed[0]) and code == 0:
        # The app owns the terminal itself; only the headless commands' stdout is guarded.
        args = parsed[0]
        table = args if args.command in shared_tables.APP_NAMES else None
        replay = args if args.command == "replay" else None
        puzzle = int(args.number) if args.command in puzzles.NAMES else None
        return run_app(
            getattr(args, "path", None),
            table,
            tutorial=args.command == "tutorial",
            replay=replay,
            puzzle=puzzle,
            game=getattr(args, "game", None),
        )
    # The command is done and its process about to end. The interpreter's last collection, at
    # exit, would walk everything still loaded (the modules, the game's data, the engine's
    # caches) for nothing. Frozen at exit, all of it is left to the system.
    # Unregistered first, so that a process running many commands (the tests) registers it once.
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    return code


def _headless(argv: Sequence[str] | None, parsed: list[argparse.Namespace]) -> int:
    """Parses the arguments into `parsed` and runs a headless command (0 for the app's)."""
    args = build_parser().parse_args(argv)
    parsed.append(args)
    # Every command needs the data: a broken file is one sentence here, not a traceback later.
    try:
        rules.catalog()
    except DataError as error:
        print(safe(f"rajas: the game's data is broken: {error}."), file=sys.stderr)
        return EXIT_DATA
    if args.command == "simulate":
        return run_simulate(args)
    if args.command in saved_games.NAMES:
        return saved_games.run(args)
    if args.command in shared_tables.NAMES:
        return shared_tables.run(args)
    if args.command in puzzles.NAMES:
        return puzzles.run(args)
    if args.command == "play":
        from rajas_tui.cli import plain  # the words and the bots only when a game is played

        return plain.run(args)
    if args.command in SAVE_APP_COMMANDS:
        return app_save(args)
    if args.command in shared_tables.APP_NAMES:
        return shared_tables.check(args)
    return 0
