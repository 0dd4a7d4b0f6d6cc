"""Puzzles for the command line and the app: their listing with the solved marks, a game to play
one in, and the verdict at the end of the player's part (docs/puzzles.md).

The puzzles and their goals are the save layer's (`saves.puzzles`), the marks too
(`saves.marks`); here they are put into words. Headless: no Textual.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import saves
from rules import GameState
from saves.marks import Mark, Marks
from saves.puzzles import Puzzle

# The other seats never move in a puzzle (its part ends when they would): the kind only says,
# wherever the screen names a seat's kind, that they are not the player.
OPPONENT = "normal"


@attrs.define
class Attempt:
    """One go at a puzzle: its game starts at the puzzle's position; `hints` counts the hints
    shown since the puzzle was last solved, in this go and the ones before it."""

    puzzle: Puzzle
    hints: int = 0
    told: GameState | None = None  # the end of the part whose verdict was given

    def ended(self, state: GameState) -> bool:
        return self.puzzle.ended(state)


def game_for(puzzle: Puzzle) -> saves.Game:
    """A new game at the puzzle's position: the player's seat human, the others not."""
    seats = [
        (name, saves.HUMAN if seat == puzzle.seat else OPPONENT)
        for seat, name in enumerate(puzzle.names)
    ]
    boards = puzzle.state.config.boards
    navaratnas = [seat for seat, board in enumerate(boards) if board == "navaratnas"]
    setup = saves.seated(seats, puzzle.state.config.seed, navaratnas=navaratnas)
    return saves.start_game(setup, puzzle.state)


def hints_words(hints: int) -> str:
    return "no hints" if hints == 0 else f"{hints} hint" + ("" if hints == 1 else "s")


def mark_words(mark: Mark | None, asked: int = 0) -> str:
    """A puzzle's solved mark and the hints asked at it since (kept for the next try), in
    words: "" when neither."""
    said = [] if mark is None else [f"solved, {hints_words(mark.hints)}"]
    if asked:
        since = " since" if mark is not None else ""
        said.append(f"{hints_words(asked)} asked{since}")
    return "; ".join(said)


def verdict(puzzle: Puzzle, end: GameState, hints: int) -> list[str]:
    """What the end of the player's part says: solved or not with the hints used, then each
    condition of the goal with what was reached."""
    said = "Solved" if puzzle.solved(end) else "Not solved"
    lines = [f"{said}, with {hints_words(hints)}."]
    for condition in puzzle.goal:
        sign = "met" if condition.met(puzzle.state, end, puzzle.seat) else "not met"
        reached = condition.reached(puzzle.state, end, puzzle.seat)
        lines.append(f"  {condition.words()}: {reached} ({sign})")
    return lines


@attrs.frozen
class Row:
    number: int
    title: str
    level: str
    goal: str
    mark: str


def rows(puzzles: list[Puzzle], marks: Marks, asked: Mapping[str, int]) -> list[Row]:
    """Each puzzle as the lists show it; `asked`: the hints asked at a puzzle since it was last
    solved."""
    return [
        Row(
            p.number,
            p.title,
            p.level,
            p.goal_words(),
            mark_words(marks.get(p.id), asked.get(p.id, 0)),
        )
        for p in puzzles
    ]


def listing(puzzles: list[Puzzle], marks: Marks, asked: Mapping[str, int]) -> list[str]:
    """The command line's list: a line with the number, the title, the difficulty and the
    mark (and the hints asked), and the goal beneath it."""
    solved = sum(1 for p in puzzles if p.id in marks)
    lines = [f"{len(puzzles)} puzzles, {solved} solved; 'rajas puzzle N' opens puzzle N.", ""]
    width = len(str(len(puzzles)))
    for row in rows(puzzles, marks, asked):
        mark = f"  [{row.mark}]" if row.mark else ""
        lines.append(f"{row.number:>{width}}. {row.title} ({row.level}){mark}")
        lines.append(f"{'':>{width}}  {row.goal}")
    return lines
