"""The game's log as a reader follows it: every move in words, a separator where each round
begins saying who starts it, and which moves came since a seat last acted.

Headless (no Textual). The round of each move is not in the save's log, so the log is replayed;
the replay is kept and only extended while the game grows by appended moves (one per action),
so a redraw does not replay the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import rules
import saves
from rajas_tui.present import text

MOVE, ROUND = "move", "round"


@attrs.frozen
class Told:
    """One line of the log: a move (`seat` acted) or a round separator (`seat` starts it)."""

    words: str
    kind: str
    seat: int


@attrs.define
class _Replay:
    start: rules.GameState | None = None
    entries: list[saves.LogEntry] = attrs.Factory(list)
    rounds: list[tuple[int, int]] = attrs.Factory(list)  # (round, start player) before each move
    state: rules.GameState | None = None


_replay = _Replay()


def rounds_of(game: saves.Game) -> list[tuple[int, int]]:
    """The round and its start player in which each logged move was played."""
    known = _replay
    if known.start is not game.start or tuple(known.entries) != game.log[: len(known.entries)]:
        known.start, known.entries, known.rounds, known.state = game.start, [], [], game.start
    state = known.state
    assert state is not None
    for entry in game.log[len(known.entries) :]:
        known.rounds.append((state.round, state.start_player))
        state = rules.apply(state, rules.parse_action(entry.action))
        known.entries.append(entry)
    known.state = state
    return known.rounds[: len(game.log)]


def move_words(names: Sequence[str], entry: saves.LogEntry) -> str:
    try:
        words = text.action_words(rules.parse_action(entry.action))
    except ValueError:
        words = entry.action
    extra = f" ({entry.revealed})" if entry.revealed else ""
    return f"{text.player_tag(entry.seat)} {names[entry.seat]} {words}{extra}"


def ruled(words: str) -> str:
    """A separator line's words between dashes, plain ASCII ones in the ASCII glyph set."""
    dash = "--" if text.G.ascii else "—"
    return f"{dash} {words} {dash}"


def round_words(names: Sequence[str], round_: int, starts: int) -> str:
    return ruled(f"round {round_}, {names[starts]} starts")


# The last game told, in which glyph set (the words hold the player marks), and its lines.
_told: list[tuple[saves.Game, bool, tuple[Told, ...]]] = []


def told(game: saves.Game) -> tuple[Told, ...]:
    """Every move in words, each round's moves after a separator naming who starts it. A
    redraw for a key that played nothing asks again for the same game: it is told once."""
    if _told and _told[0][0] is game and _told[0][1] == text.G.ascii:
        return _told[0][2]
    lines = tuple(_tell(game))
    _told[:] = [(game, text.G.ascii, lines)]
    return lines


def _tell(game: saves.Game) -> list[Told]:
    names = [seat.name for seat in game.setup.seats]
    lines: list[Told] = []
    current: tuple[int, int] | None = None
    for entry, (round_, starts) in zip(game.log, rounds_of(game), strict=True):
        if (round_, starts) != current:
            current = (round_, starts)
            lines.append(Told(round_words(names, round_, starts), ROUND, starts))
        lines.append(Told(move_words(names, entry), MOVE, entry.seat))
    return lines


def since_last_turn(lines: Sequence[Told], seat: int | None) -> int:
    """The index of the first line after `seat`'s last move: the moves the seat has not seen
    played (all of them when the seat has not moved yet; none for an onlooker)."""
    if seat is None:
        return len(lines)
    # The seat's own last moves run together as one turn: the new lines start after them.
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].kind == MOVE and lines[index].seat == seat:
            return index + 1
    return 0
