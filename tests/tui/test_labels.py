"""Where a player reads a key off the screen: the province grid's column letters and row
numbers (the cell names a1..e4) on every province view, the display stacks' keys d1..d12."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.present import variants
from rajas_tui.tui.screens.game import PANE_NAMES
from rajas_tui.tui.widgets.chooser import ChooserPane
from rajas_tui.tui.widgets.display import DisplayPane
from rajas_tui.tui.widgets.province import CELL, MARGIN, PlayerCard, ProvincesPane, province_text
from tests.helpers import apps, variant_games

SIZES = [apps.SMALL, apps.LARGE]
COLUMNS = re.compile(r"a.{6}b.{6}c.{6}d.{6}e")


def _labelled(board: list[str]) -> None:
    """A board's top line carries a..e over the columns' middles and nothing else (the north
    edge's yields have the next line); each row's second line its number."""
    top = board[0]
    for column, letter in enumerate("abcde"):
        assert top[MARGIN + column * CELL + CELL // 2] == letter, top
    assert top.split() == list("abcde"), "no yield shares the letters' line"
    for row in range(4):
        assert board[3 + 2 * row].startswith(f"{row + 1} "), board[3 + 2 * row]


def test_every_board_side_is_labelled() -> None:
    for game in (apps.midgame(), variant_games.ganga_navaratnas()):
        state = game.state
        for seat, player in enumerate(state.players):
            board = rules.seat_rules(state, seat).board
            fields = tuple(variants.fields_of(rules.seat_view(state, 0), seat))
            _labelled(province_text(player, None, board, fields).plain.split("\n"))
            assert rules.cell_name(0) == "a1" and rules.cell_name(19) == "e4"


def _games() -> list[save_layer.Game]:
    return [apps.midgame(), variant_games.ganga_navaratnas()]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x50"])
async def test_every_province_view_shows_its_labels(saves: Path, size: tuple[int, int]) -> None:
    for game in _games():
        app = apps.app(game, saves=saves)
        async with app.run_test(size=size) as pilot:
            await pilot.press(str(PANE_NAMES.index("provinces") + 1))
            await pilot.pause()
            views = [*app.screen.query(PlayerCard), *app.screen.query(ProvincesPane)]
            shown = [v for v in views if v.display and v.size.height]
            assert shown
            for view in shown:
                drawn = str(view.render())
                # A board comes with its player's levels (the card's line, a pane's head).
                boards = len(re.findall(r"T\d P\d F\d M\d", drawn))
                assert boards >= 1
                assert len(COLUMNS.findall(drawn)) == boards, drawn


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x50"])
async def test_every_display_stack_shows_its_key(saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    keys = [f"d{n}" for n in range(1, 13)]
    async with app.run_test(size=size) as pilot:
        await pilot.press(str(PANE_NAMES.index("display") + 1))
        await pilot.pause()
        drawn = str(app.screen.query_one(DisplayPane).render())
        assert all(re.search(rf"\b{key}\b", drawn) for key in keys), drawn
        await pilot.press("q")  # the quarry's tile choice lists the display
        await pilot.pause()
        drawn = str(app.screen.query_one(ChooserPane).render())
        assert all(re.search(rf"\b{key}\b", drawn) for key in keys), drawn


def _hidden_counts(drawn: str, labels: tuple[str, ...]) -> tuple[int, int, int]:
    """(options said to be above, options drawn, options said to be below)."""
    above = re.search(r"↑ (\d+) more", drawn)
    below = re.search(r"↓ (\d+) more", drawn)
    shown = sum(1 for line in drawn.split("\n") if line[3:].startswith(labels))
    return (int(above[1]) if above else 0, shown, int(below[1]) if below else 0)


@pytest.mark.asyncio
async def test_a_list_longer_than_its_pane_says_how_many_options_are_out_of_sight(
    saves: Path,
) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        step = screen.chooser.steps[0]
        labels = tuple(option.label for option in step.options)
        counts = _hidden_counts(str(screen.query_one(ChooserPane).render()), labels)
        assert counts[0] == 0 and counts[2] > 0, "the cursor on the first option"
        assert sum(counts) == len(labels)
        await pilot.press(*["down"] * 12)
        await pilot.pause()
        counts = _hidden_counts(str(screen.query_one(ChooserPane).render()), labels)
        assert counts[0] > 0 and counts[2] > 0, "the cursor in the middle of the list"
        assert sum(counts) == len(labels)
