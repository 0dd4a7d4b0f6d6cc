"""A search over a puzzle's position: every line of the player's actions to the end of their
part (`Puzzle.ended`), and whether it meets the goal.

The player's part is short (one placement and its choices, or the few placements left when nobody
else can act), so the search is exhaustive, with a table of the states already found unsolvable.
Fairness is checked on other worlds: `rules.determinize` redraws everything hidden from the player
(the display below each stack's top, the face-down tiles, every roll to come), and a fair puzzle
has a line that meets the goal in each of them, so that its solution never rests on what the
player cannot see.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

import rules
from rules import Action, GameState
from saves.puzzles import Puzzle

Line = tuple[Action, ...]
WORLDS = 12  # other worlds a fair line is played in


def _next(state: GameState) -> Iterator[tuple[Action, GameState]]:
    for action in rules.legal_actions(state):
        yield action, rules.apply(state, action, as_listed=True)


class Search:
    """The searches over one puzzle, sharing what they found of each state."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.known: dict[GameState, bool] = {}
        self.visited = 0

    def solvable(self, state: GameState) -> bool:
        """Whether some line from `state` (within the player's part) meets the goal."""
        puzzle = self.puzzle
        if puzzle.ended(state):
            return puzzle.solved(state)
        found = self.known.get(state)
        if found is None:
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


def worlds(puzzle: Puzzle, count: int = WORLDS) -> list[GameState]:
    """The real position and `count` others the player cannot tell from it."""
    state = puzzle.state
    return [state, *(rules.determinize(state, puzzle.seat, seed) for seed in range(1, count + 1))]


def meets_in(puzzle: Puzzle, world: GameState, line: Line) -> bool:
    end = play(puzzle, world, line)
    return end is not None and attrs.evolve(puzzle, state=world).solved(end)


def fair_line(search: Search, count: int = WORLDS, tries: int = 500) -> Line | None:
    """A line that meets the goal in the real position and in `count` others the player cannot
    tell from it; None when none of the first `tries` lines found does."""
    every = worlds(search.puzzle, count)
    for tried, line in enumerate(search.lines()):
        if tried >= tries:
            return None
        if all(meets_in(search.puzzle, world, line) for world in every[1:]):
            return line
    return None
