"""A puzzle's hint: for every shipped puzzle, playing the hint, then the hint from there, and so
on meets the goal; the hint is told in the coach's words; a position that can no longer meet the
goal gets no action."""

from __future__ import annotations

import pytest

import rules
from rajas_tui.present import puzzle_hint
from rajas_tui.present.action_preview import preview
from saves import puzzles
from saves.puzzles import Puzzle
from tests.helpers.puzzle_search import Search

SHIPPED = puzzles.load_all()


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_following_the_hint_at_each_step_meets_the_goal(puzzle: Puzzle) -> None:
    state, played = puzzle.state, 0
    while not puzzle.ended(state):
        hint = puzzle_hint.hint(puzzle, state)
        assert hint.action is not None, f"no hint after {played} actions"
        state, played = rules.apply(state, hint.action), played + 1
    assert puzzle.solved(state)


def test_the_hint_is_told_in_the_coachs_words() -> None:
    puzzle = SHIPPED[0]
    hint = puzzle_hint.hint(puzzle, puzzle.state)
    assert hint.action is not None
    view = rules.seat_view(puzzle.state, puzzle.seat)
    assert "\n".join(hint.told) == preview(view, hint.action)


def test_a_position_that_cannot_meet_the_goal_gets_no_hint() -> None:
    puzzle = SHIPPED[0]
    search = Search(puzzle)
    wrong = next(action for action, solves in search.first_moves().items() if not solves)
    after = rules.apply(puzzle.state, wrong)
    assert puzzle_hint.hint(puzzle, after) == puzzle_hint.Hint(None, ())


def test_the_hint_on_the_card_plays_its_action_or_says_no_line_meets_the_goal() -> None:
    puzzle = SHIPPED[0]
    hint = puzzle_hint.hint(puzzle, puzzle.state)
    shown = puzzle_hint.counsel(hint, "g then r starts again")
    assert shown.action == hint.action
    assert shown.lines == (f"Play {hint.told[0]}", *hint.told[1:])
    none = puzzle_hint.counsel(puzzle_hint.Hint(None, ()), "g then r starts again")
    assert none.action is None
    assert none.lines == ("No line from here meets the goal: g then r starts again.",)
