"""The puzzle search the tests check the shipped puzzles with: the product's
(`rajas_tui.present.puzzle_hint`), started from the real position, which the puzzle's author
may see, where a hint starts from a world the player cannot tell from it.

A fair puzzle has a line that meets the goal in the real position and in each of a dozen worlds
the player cannot tell from it, so that its solution never rests on what the player cannot see.
"""

from __future__ import annotations

from rajas_tui.present import puzzle_hint
from rajas_tui.present.puzzle_hint import WORLDS, Line, Search, meets_in, play
from rules import GameState
from saves.puzzles import Puzzle

__all__ = ["WORLDS", "Line", "Search", "fair_line", "meets_in", "play", "worlds"]


def worlds(puzzle: Puzzle, count: int = WORLDS) -> list[GameState]:
    """The real position and `count` others the player cannot tell from it."""
    return [puzzle.state, *puzzle_hint.worlds(puzzle, puzzle.state, count)]


def fair_line(search: Search, count: int = WORLDS, tries: int = 500) -> Line | None:
    """A line that meets the goal in the real position and in `count` others the player cannot
    tell from it; None when none of the first `tries` lines found does."""
    state = search.puzzle.state
    return puzzle_hint.fair_line(search, state, worlds(search.puzzle, count)[1:], tries)
