"""What the saved-game subcommands do. Each returns an exit code: 0 done, 1 refused (a bad or
illegal move, a broken file), 2 a bad argument; every refusal is one line on stderr."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

import attrs

import rules
import saves
from rajas_tui.cli import choices, summary
from rajas_tui.cli.terminal import clause, say, say_line
from rajas_tui.present import turns
from rules import counted
from saves import journal
from saves.osfiles import reason
from saves.records import BOT_KINDS, HUMAN, Game, Seat, Setup

EXIT_REFUSED = 1
EXIT_USAGE = 2


class Refusal(Exception):
    """A command cannot go on; `code` is its exit code and the message its one line."""

    def __init__(self, message: str, code: int = EXIT_REFUSED) -> None:
        super().__init__(message)
        self.code = code


def _usage(command: str, message: str) -> Refusal:
    return Refusal(f"{message.rstrip('.')}. See 'rajas {command} --help'.", EXIT_USAGE)


def _load(path: str) -> Game:
    """The saved game; a game saved under older rules is told so on stderr, once."""
    try:
        game = saves.load(path)
    except saves.SaveError as error:
        raise Refusal(str(error)) from None
    note = saves.rules_note(game)
    if note:
        say_line(f"rajas: {path}: {clause(note)}", file=sys.stderr)
    return game


def _write(game: Game, path: str, *, replaces_save: bool | None = None) -> None:
    """Writes the save; `replaces_save` when the file was just read as a save under the lock,
    so the write does not read it again to keep it as the backup."""
    saves.keep_older_rules(game, path)
    try:
        saves.save(game, path, replaces_save=replaces_save)
    except saves.SaveError as error:
        raise Refusal(str(error)) from None
    except OSError as error:
        raise Refusal(f"{path}: cannot be written ({reason(error)}).") from None


@contextmanager
def _sole_writer(path: str) -> Iterator[None]:
    """The game's lock from reading the save to writing it, so no other rajas writes between."""
    from saves import lock as gamelock  # only the commands that write take it

    try:
        lock = gamelock.acquire(Path(path))
    except gamelock.GameInUse as error:
        raise Refusal(str(error)) from None
    except OSError as error:  # a folder that cannot be written is said so, as Save as says it
        raise Refusal(gamelock.refusal(Path(path), error)) from None
    try:
        yield
    finally:
        lock.release()


def _report(game: Game, entries_from: int) -> None:
    for index in range(entries_from, len(game.log)):
        say_line(summary.entry_line(game, index))
    say_line(summary.status(game))


# new -------------------------------------------------------------------------------------------


def seats_of(
    args: argparse.Namespace, command: str = "new"
) -> tuple[tuple[Seat, ...], tuple[str, ...]]:
    """The seats (names, who plays them, their boards) and the variants the options of `new`
    (or `play`, which takes the same) name."""
    names: tuple[str, ...] = args.players
    kinds = [HUMAN] * len(names)
    lowered = [n.casefold() for n in names]
    given: set[int] = set()
    for seat_text, kind in args.bots:
        if kind not in BOT_KINDS:
            raise _usage(command, f"--bots: {kind!r} is not a bot kind ({', '.join(BOT_KINDS)})")
        number = choices.seat_index(seat_text, len(names))
        if number is not None:
            seat = number
        elif seat_text.casefold() in lowered:
            seat = lowered.index(seat_text.casefold())
        else:
            last = len(names) - 1
            neither = f"is neither a seat 0 to {last} nor a player"
            raise _usage(command, f"--bots: {seat_text!r} {neither}")
        if seat in given and kinds[seat] != kind:  # the last would win unseen: a slip
            raise _usage(command, f"--bots: seat {seat} ({names[seat]}) is given two bots")
        given.add(seat)
        kinds[seat] = kind
    try:
        named = choices.variants(args.variant)
        variants, boards = choices.boards(len(names), named, args.navaratnas, names)
    except ValueError as error:
        raise _usage(command, str(error)) from None
    seats = tuple(Seat(*seat) for seat in zip(names, kinds, boards, strict=True))
    return seats, variants


def cmd_new(args: argparse.Namespace) -> int:
    target = Path(args.save)
    problem = saves.write_problem(target)
    if problem:  # --force overwrites a file, never a FIFO, device, folder or read-only file
        raise Refusal(f"{target}: {problem}.")
    if target.exists() and not args.force:
        raise Refusal(f"{target}: already exists; choose another name or add --force.")
    position = None
    if args.position is not None:
        if args.seed is not None:
            raise _usage("new", "--seed cannot go with --position: the position has its own seed")
        if args.variant or args.navaratnas is not None:
            chosen = "--variant" if args.variant else "--navaratnas"
            raise _usage(
                "new", f"{chosen} cannot go with --position: the position has its own variants"
            )
        try:
            position = saves.load_position(args.position)
        except saves.SaveError as error:
            raise Refusal(str(error)) from None
    seed = args.seed if args.seed is not None else choices.random_seed()
    seats, variants = seats_of(args)
    setup = Setup(seats, seed, variants, args.undo)
    try:
        game = saves.start_game(setup, position)
    except ValueError as error:
        raise _usage("new", clause(str(error), (seat.name for seat in seats))) from None
    game = turns.run_bots(game)
    with _sole_writer(args.save):  # --force must not replace a game someone is playing
        _write(game, args.save)
    names = ", ".join(s.name for s in game.setup.seats)
    say_line(f"New game for {names} (seed {game.setup.seed}) saved to {args.save}.")
    for line in saves.setup_revealed(game.start):  # where the setup's die rolls laid tiles
        say(line)
    _report(game, 0)
    return 0


# show, legal, validate, saves -------------------------------------------------------------------


def _say_json(data: object) -> None:
    import json  # only --json prints it, and every start would pay for the import

    say(json.dumps(data, indent=2, ensure_ascii=True))


def _playable(path: str) -> Game:
    """The saved game, refused with a sentence when it is over: nothing can be played in it."""
    game = _load(path)
    if game.over:
        winner = game.name(rules.ranking(game.state)[0].seat)
        raise Refusal(f"{path}: the game is over ({winner} won), so no action can be played.")
    return game


def cmd_show(args: argparse.Namespace) -> int:
    game = _load(args.path)
    seat = None
    if args.seat is not None:
        seats = len(game.setup.seats)
        if args.seat >= seats:
            raise _usage("show", f"--seat: this game has seats 0 to {seats - 1}, not {args.seat}")
        seat = args.seat
    if args.json:
        _say_json(summary.show_json(game, seat))
    else:
        say(summary.show(game, args.path, seat))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    game = _playable(args.path)
    if args.json:
        now = summary.now_json(game)
        keys = ("round", "last_turns", "turn", "to_act", "prompt")
        _say_json({**{k: now[k] for k in keys}, "note": summary.LEGAL_NOTE, "legal": now["legal"]})
        return 0
    for action in rules.legal_actions(game.state):
        say(str(action))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    game = _load(args.path)
    state = game.state
    where = "over" if state.over else f"round {state.round}, {game.seat.name} to act"
    actions = counted(len(game.log), "action")
    say_line(f"{args.path}: a valid save: {actions}, {where}.")
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    folder = saves.saves_dir(args.saves)
    problem = saves.folder_problem(folder)
    if problem:
        raise Refusal(problem)
    found = saves.list_saves(folder)
    if not found:
        missing = "" if folder.exists() else " (it does not exist yet)"
        say_line(f"No saves in {folder}{missing}.")
        return 0
    for item in found:
        if item.problem:
            say_line(f"{item.path}  (unreadable: {item.problem})")
            continue
        where = "over" if item.over else f"round {item.round}, {item.to_act} to act"
        say_line(f"{item.path}  {', '.join(item.players)}  {where}  last played {item.updated}")
    return 0


# review ----------------------------------------------------------------------------------------


def cmd_review(args: argparse.Namespace) -> int:
    from rajas_tui.present import review, reviewcache

    game = _load(args.path)
    seats = _reviewed_seats(game, args.path, args.seat)
    budget = review.default_budget()
    if args.budget is not None:
        budget = attrs.evolve(budget, iterations=args.budget)
    troubles: list[str] = []

    def keep(found: review.SeatReview) -> None:
        problem = reviewcache.store(game, found, budget)
        if problem and not troubles:
            troubles.append(problem)

    def keep_begun(found: review.SeatReview) -> None:
        # Interrupted: what was judged is kept, and the next run goes on from it.
        reviewcache.store(game, found, budget, complete=False)

    found = review.review(
        game,
        seats,
        budget,
        review.default_judge(),
        _progress_on(sys.stderr),
        keep,
        lambda seat: reviewcache.load(game, seat, budget),
        lambda seat: reviewcache.load(game, seat, budget, begun=True),
        keep_begun,
    )
    for problem in troubles:
        say_line(f"rajas: {clause(problem)}", file=sys.stderr)
    if args.json:
        _say_json(review.as_json(game, found, budget))
    else:
        say(review.report(game, args.path, found, budget))
    return 0


def _reviewed_seats(game: Game, path: str, seat: int | None) -> list[int]:
    count = len(game.setup.seats)
    if seat is not None and seat >= count:
        raise _usage("review", f"--seat: this game has seats 0 to {count - 1}, not {seat}")
    if seat is None and not game.over:
        raise Refusal(
            f"{path}: the game is not over, so it is reviewed for one seat only, from what that "
            "seat saw: add --seat N."
        )
    return list(range(count)) if seat is None else [seat]


def _progress_on(stream: TextIO) -> Callable[[int, int], None]:
    """Tells how far the review is on a terminal's stderr, on one line; says nothing elsewhere."""
    if not stream.isatty():
        return lambda done, total: None

    def tell(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        # The decision being judged, counted from 1, as the app counts it.
        shown = min(done + 1, total)
        print(f"\rrajas: reviewing decision {shown} of {total}", end=end, file=stream, flush=True)

    return tell


# apply, undo, redo ------------------------------------------------------------------------------


def _hint(text: str, error: Exception, later: list[str]) -> str:
    """A lone known verb followed by more arguments means the action was not quoted."""
    if len(text.split()) == 1 and later and "is not an action" not in str(error):
        return ' (quote each action as one argument: "quarry q1 d5 o4")'
    return ""


def _existing(path: str) -> None:
    """Refuses a save that is not there before its lock is taken: the lock file would be left
    behind, and the refusal would be about the lock rather than the file."""
    if not os.path.lexists(path):
        raise Refusal(f"{path}: no such file.")


def cmd_apply(args: argparse.Namespace) -> int:
    _existing(args.path)
    with _sole_writer(args.path):
        return _apply(args)


def _apply(args: argparse.Namespace) -> int:
    game = start = _playable(args.path)
    before = len(game.log)
    actions: list[str] = args.actions
    for number, text in enumerate(actions, start=1):
        which = f" (action {number})" if len(actions) > 1 else ""
        try:
            rules.parse_action(text)
        except rules.Unreadable as error:  # one phrase that quotes the text once
            hint = _hint(text, error, actions[number:])
            reading = f"cannot read {journal.quoted(text)}{which}"
            raise Refusal(f"{reading}: {error.reason}{hint}.") from None
        try:
            game = saves.play(game, text)
        except rules.IllegalAction as error:
            raise Refusal(f"{journal.quoted(text)}{which}: {error}") from None
    game = turns.run_bots(game)
    _write(game, args.path, replaces_save=True)
    if args.json:
        played = [summary.entry_json(game, entry) for entry in game.log[before:]]
        changed = summary.changes_json(start, game)
        _say_json({"played": played, "changed": changed, "now": summary.now_json(game)})
    else:
        _report(game, before)
    return 0


def _step_back(args: argparse.Namespace, step: Callable[[Game], Game], verb: str) -> int:
    _existing(args.path)
    with _sole_writer(args.path):
        return _step_back_locked(args, step, verb)


def _step_back_locked(args: argparse.Namespace, step: Callable[[Game], Game], verb: str) -> int:
    game = _load(args.path)
    try:
        changed = step(game)
    except ValueError as error:  # "Asha's 'x' brought chance to light" keeps its name
        raise Refusal(clause(str(error), (seat.name for seat in game.setup.seats))) from None
    _write(changed, args.path, replaces_save=True)
    # The entries taken back are told as they were played, from the game before the undo.
    told, first = (game, len(changed.log)) if verb == "Took back" else (changed, len(game.log))
    say(f"{verb}:")
    for index in range(first, len(told.log)):
        say_line(summary.entry_line(told, index))
    say_line(summary.status(changed))
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    return _step_back(args, saves.undo_turn, "Took back")


def cmd_redo(args: argparse.Namespace) -> int:
    return _step_back(args, saves.redo_turn, "Played again")


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "new": cmd_new,
    "show": cmd_show,
    "legal": cmd_legal,
    "apply": cmd_apply,
    "undo": cmd_undo,
    "redo": cmd_redo,
    "validate": cmd_validate,
    "saves": cmd_saves,
    "review": cmd_review,
}


def run_command(args: argparse.Namespace) -> int:
    try:
        return COMMANDS[args.command](args)
    except Refusal as refusal:
        say_line(f"rajas: {refusal}", file=sys.stderr)
        return refusal.code
    except OSError as error:  # a file we did not expect to touch: still one line
        name = f"{error.filename}: " if error.filename else ""
        say_line(f"rajas: {name}{reason(error)}.", file=sys.stderr)
        return EXIT_REFUSED
