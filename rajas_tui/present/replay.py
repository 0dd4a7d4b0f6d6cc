"""Stepping through a saved game: the state after each action, where each round starts, the
log up to the action shown with a mark where it is, and what the viewing seat may see.

Headless (no Textual). A save holds its start and its log; the states between are made by
replaying the log once. Position `p` is the game after its first `p` actions (0: the start).
While a game is not over, a replay shows each state as one seat saw it then (`rules.seat_view`);
once it is over, everything.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import rules
import saves
from rajas_tui.present import logbook, review, text
from rajas_tui.present.logbook import MOVE, ROUND, Told
from rules import GameState


@attrs.frozen
class Replay:
    """A game to step through: its states by position, and whose eyes see it (`seat`; None
    for an onlooker's, who sees no seat's hidden tiles). A finished game shows everything."""

    game: saves.Game
    seat: int | None
    states: tuple[GameState, ...]
    starts: tuple[tuple[int, int], ...]  # (round, its first position), in order

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def everything(self) -> bool:
        """Whether every hidden thing may show: only once the game is over."""
        return self.game.over

    def shown(self, position: int) -> GameState:
        """The state at `position` as it may be shown."""
        state = self.states[position]
        return state if self.everything else rules.seat_view(state, self.seat)

    def round_at(self, position: int) -> int:
        return self.states[position].round

    def round_start(self, game_round: int) -> int | None:
        return dict(self.starts).get(game_round)

    def earlier_round(self, position: int) -> int | None:
        """The last round start before `position`."""
        found = [start for _, start in self.starts if start < position]
        return found[-1] if found else None

    def later_round(self, position: int) -> int | None:
        """The first round start after `position`."""
        return next((start for _, start in self.starts if start > position), None)

    def entry(self, position: int) -> saves.LogEntry | None:
        """The action that led to `position` (none at the start)."""
        return self.game.log[position - 1] if position > 0 else None


def replay(game: saves.Game, seat: int | None = None) -> Replay:
    """The game replayed from its start; `seat` sees it while it is not over."""
    states = [game.start]
    for entry in game.log:
        states.append(rules.apply(states[-1], rules.parse_action(entry.action), as_listed=True))
    starts: list[tuple[int, int]] = []
    for position, state in enumerate(states):
        if not starts or starts[-1][0] != state.round:
            starts.append((state.round, position))
    return Replay(game, seat, tuple(states), tuple(starts))


def viewer(game: saves.Game, seat: int | None = None) -> int | None:
    """Whose eyes a replay of the game is for while it is not over: the seat asked for, else
    the one human at the table; with several (who share the keyboard) or none, an onlooker's,
    who sees no seat's face-down tiles."""
    if seat is not None:
        return seat
    humans = [index for index, s in enumerate(game.setup.seats) if s.is_human]
    return humans[0] if len(humans) == 1 else None


def told(
    game: saves.Game,
    position: int,
    marks: Mapping[int, review.Decision] | None = None,
    before: bool = False,
) -> tuple[Told, ...]:
    """The log up to the action at `position`, that action marked as the one shown; each
    reviewed move with its mark (?!, ?, ??). `before`: the board is the one the action was
    chosen on, so what followed it (a round begun, the end) is left out."""
    lines: list[Told] = []
    moves = 0
    cursor = text.G["cursor"]
    for line in logbook.told(game):
        if line.kind == MOVE:
            if moves == position:
                break
            moves += 1
            found = (marks or {}).get(moves)
            symbol = review.symbol(found) if found is not None else ""
            if symbol:
                line = _edited(line, suffix=f" {symbol}")
        lines.append(line)
    if position == 0:
        return (Told(f"{cursor} the start of the game", ROUND, game.start.start_player),)
    last = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].kind == MOVE)
    lines[last] = _edited(lines[last], prefix=f"{cursor} ")
    return tuple(lines[: last + 1] if before else lines)


def _edited(line: Told, prefix: str = "", suffix: str = "") -> Told:
    """The line with each of its forms (`Told`) given the same prefix and suffix."""

    def edit(words: str) -> str:
        return f"{prefix}{words}{suffix}" if words else words

    return attrs.evolve(line, words=edit(line.words), brief=edit(line.brief), gist=edit(line.gist))


def marks_of(found: tuple[review.SeatReview, ...]) -> dict[int, review.Decision]:
    """The reviewed decisions by their action's number."""
    return {d.action: d for seat_review in found for d in seat_review.decisions}
