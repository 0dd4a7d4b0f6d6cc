"""The main board's side in the players' words: the board pane's title and the New game dialog
name it alike ("2-player", "3/4-player"), never by the data's key ("two", "three_four")."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, Static

from rajas_tui.present import text
from rajas_tui.tui.screens.newgame import NewGameScreen
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.board import BoardPane
from tests.helpers import apps

NAMES = ("Asha", "Bela", "Chand", "Devi")
WORDS = {2: "2-player", 3: "3/4-player", 4: "3/4-player"}


def test_the_side_is_named_by_its_players() -> None:
    assert {players: text.board_side_words(players) for players in WORDS} == WORDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_pane_names_its_side_as_players_do(players: int) -> None:
    seats = [(name, "human") for name in NAMES[:players]]
    state = apps.new_game(seats, 5).state
    view = View(state=state, names=NAMES[:players], kinds=("human",) * players)
    title = BoardPane().draw(view).plain.split("\n")[0]
    assert title.startswith(f"Board — {WORDS[players]} side"), title


@pytest.mark.asyncio
async def test_the_new_game_dialog_names_the_side_as_the_board_pane_does(saves: Path) -> None:
    app = apps.app(saves=saves, seed=5)
    async with app.run_test(size=apps.LARGE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        for players in (2, 3, 4):
            app.screen.query_one("#players", Select).value = players
            await pilot.pause()
            said = str(app.screen.query_one("#board-side", Static).render())
            assert said.startswith(f"{text.board_side_words(players)} board side"), said
