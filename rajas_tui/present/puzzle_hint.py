"""A puzzle's hint, and the search over a puzzle's position it comes from: every line of the
player's actions to the end of their part (`Puzzle.ended`), and whether it meets the goal.

The player's part is short (one placement and its choices, or the few placements left when nobody
else can act), so the search is exhaustive, with a table of the states already found unsolvable.
A hint is the next step of a fair line: one that meets the goal in every world the player cannot
tell from the position (`rules.determinize` redraws everything hidden: the display below each
stack's top, the face-down tiles, every roll to come). The hint's search starts from such a world,
never from the real state, so that it tells nothing the player could not know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

import rules
from rajas_tui.present.action_preview import preview
from rajas_tui.present.bot_process import Cancelled
from rajas_tui.present.coach import Counsel
from rules import Action, GameState
from saves.puzzles import Puzzle

Line = tuple[Action, ...]
Stop = Callable[[], bool]
WORLDS = 12  # other worlds a fair line is played in
TRIES = 500  # lines tried for fairness before the search gives up
TITLE = "Hint (a step of a line that meets the goal, from your view)"


def _never() -> bool:
    return False


def _next(state: GameState) -> Iterator[tuple[Action, GameState]]:
    for action in rules.legal_actions(state):
        yield action, rules.apply(state, action, as_listed=True)


class Search:
    """The searches over one puzzle, sharing what they found of each state; `stop` is asked at
    each new state, and Cancelled raised once it says so."""

    def __init__(self, puzzle: Puzzle, stop: Stop = _never) -> None:
        self.puzzle = puzzle
        self.known: dict[GameState, bool] = {}
        self.visited = 0
        self.stop = stop

    def solvable(self, state: GameState) -> bool:
        """Whether some line from `state` (within the player's part) meets the goal."""
        puzzle = self.puzzle
        if puzzle.ended(state):
            return puzzle.solved(state)
        found = self.known.get(state)
        if found is None:
            if self.stop():
                raise Cancelled
            self.visited += 1
            found = any(self.solvable(after) for _, after in _next(state))
            self.known[state] = found
        return found

    def lines(self, state: GameState | None = None) -> Iterator[Line]:
        """Every line that meets the goal, from `state` (the puzzle's position by default)."""
        state = self.puzzle.state if state is None else state
        if self.puzzle.ended(state):
            if self.puzzle.solved(state):
                yield ()
            return
        for action, after in _next(state):
            if self.solvable(after):
                for rest in self.lines(after):
                    yield (action, *rest)

    def first_moves(self) -> dict[Action, bool]:
        """Each legal first action, and whether a line that begins with it meets the goal."""
        return {action: self.solvable(after) for action, after in _next(self.puzzle.state)}


def play(puzzle: Puzzle, world: GameState, line: Line) -> GameState | None:
    """Where `line` leads in `world`, or None when it cannot be played there to the end of the
    player's part (an action not legal, or the part ending before the line does)."""
    state = world
    for action in line:
        if puzzle.ended(state):
            return None
        try:
            state = rules.apply(state, action)
        except rules.IllegalAction:
            return None
    return state if puzzle.ended(state) else None


def worlds(puzzle: Puzzle, state: GameState, count: int = WORLDS) -> list[GameState]:
    """`count` states the player cannot tell from `state` (a state of the puzzle's part)."""
    return [rules.determinize(state, puzzle.seat, seed) for seed in range(1, count + 1)]


def meets_in(puzzle: Puzzle, world: GameState, line: Line) -> bool:
    """Whether `line` played in `world` ends the player's part with the goal met. The goal is
    measured from the puzzle's position, whose measures the player sees, so any world will do."""
    end = play(puzzle, world, line)
    return end is not None and puzzle.solved(end)


def fair_line(
    search: Search, start: GameState, others: list[GameState], tries: int = TRIES
) -> Line | None:
    """A line found from `start` that meets the goal in each of `others` too; None when none of
    the first `tries` lines found does."""
    for tried, line in enumerate(search.lines(start)):
        if tried >= tries:
            return None
        if all(meets_in(search.puzzle, world, line) for world in others):
            return line
    return None


@attrs.frozen
class Hint:
    """The next step of a line that meets the goal (None: no line from here does) and its words,
    the coach's: the chooser's preview of the action."""

    action: Action | None
    told: tuple[str, ...]


def hint(puzzle: Puzzle, state: GameState, stop: Stop = _never) -> Hint:
    """The hint for `state`, a state of the player's part not ended, from the player's view:
    the search runs in the first world they cannot tell from it and its line must meet the goal
    in the others."""
    first, *others = worlds(puzzle, state, WORLDS + 1)
    line = fair_line(Search(puzzle, stop), first, others)
    if not line:
        return Hint(None, ())
    view = rules.seat_view(state, puzzle.seat)
    return Hint(line[0], tuple(preview(view, line[0]).split("\n")))


def counsel(hint: Hint, again: str) -> Counsel:
    """The hint on the coach's card: the action in the coach's words, or, when no line meets
    the goal, one sentence ending in `again` (how to start again: the keys)."""
    if hint.action is None:
        return Counsel(TITLE, (f"No line from here meets the goal: {again}.",), None)
    return Counsel(TITLE, (f"Play {hint.told[0]}", *hint.told[1:]), hint.action)
