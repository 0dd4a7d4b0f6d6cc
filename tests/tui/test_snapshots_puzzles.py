"""Snapshots of the puzzles: a puzzle's game screen with its goal, its card, the verdict, and the
list the title opens. Fixed puzzles, explicit sizes, no clocks.

Update only after looking at each one's text: `pytest tests/tui/test_snapshots_puzzles.py
--snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import rules
from rajas_tui.present.chooser import Chooser
from saves import marks, puzzles
from tests.helpers import apps
from tests.helpers.key_plan import plan

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]
SHIPPED = puzzles.load_all()


def _app(number: int = 1) -> Any:
    return apps.app(puzzle=(SHIPPED, SHIPPED[number - 1]))


async def _settled(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_puzzle(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_app(), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_card(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_app(12), terminal_size=size)


def _keys(puzzle: puzzles.Puzzle, line: tuple[str, ...]) -> list[str]:
    """The keys a player presses to play `line` from the puzzle's position."""
    keys, state = [], puzzle.state
    for words in line:
        action = rules.parse_action(words)
        keys += apps.keys_for(plan(Chooser(rules.seat_view(state, state.turn)), action))
        state = rules.apply(state, action)
    return keys


@pytest.mark.slow
def test_puzzle_verdict(snap_compare: Any) -> None:
    # The first puzzle's tile built on d1, the nearest cell: 5 fame of the 7 asked.
    keys = ["enter", *_keys(SHIPPED[0], ("quarry q1 d3 o4 o5", "place d1 r0"))]
    assert snap_compare(_app(), terminal_size=apps.LARGE, press=keys, run_before=_settled)


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_list(snap_compare: Any, saves: Path, tmp_path: Path, size: tuple[int, int]) -> None:
    noted = tmp_path / "puzzles.toml"
    marks.solved(noted, SHIPPED[0].id, 0)
    marks.solved(noted, SHIPPED[3].id, 1)
    marks.asked(noted, SHIPPED[1].id, 2)  # asked, not solved yet
    app = apps.app(saves=saves, marks_file=noted)

    async def listed(pilot: Pilot[None]) -> None:
        await _settled(pilot)
        await pilot.press("p")
        await _settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=listed)
