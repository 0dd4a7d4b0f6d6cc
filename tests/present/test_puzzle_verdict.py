"""A puzzle's verdict says how many hints were used, solved or not."""

from __future__ import annotations

import rules
from rajas_tui.present import puzzles as words
from saves import puzzles
from tests.helpers.puzzle_search import play

FIRST = puzzles.load_all()[0]
SOLUTION = ("quarry q1 d3 o4 o5", "place a1 r0")
NEAREST = ("quarry q1 d3 o4 o5", "place d1 r0")


def _end(line: tuple[str, ...]) -> rules.GameState:
    end = play(FIRST, FIRST.state, tuple(map(rules.parse_action, line)))
    assert end is not None
    return end


def test_a_verdict_not_solved_says_how_many_hints_were_used() -> None:
    near = _end(NEAREST)
    assert words.verdict(FIRST, near, 0)[0] == "Not solved, with no hints."
    assert words.verdict(FIRST, near, 2) == [
        "Not solved, with 2 hints.",
        "  gain 7 fame: gained 5 (not met)",
    ]


def test_a_verdict_solved_says_how_many_hints_were_used() -> None:
    assert words.verdict(FIRST, _end(SOLUTION), 1)[0] == "Solved, with 1 hint."
