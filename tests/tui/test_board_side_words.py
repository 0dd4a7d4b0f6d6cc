"""The main board's side in the players' words: the board pane's title and the New game dialog
name it alike ("2-player", "3/4-player"), never by the data's key ("two", "three_four")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from textual.widgets import Select, Static

import rules
from rajas_tui.present import text
from rajas_tui.tui.screens.newgame import NewGameScreen
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.board import BoardPane
from rules.catalog import DATA_DIR, load_catalog
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


async def _dialog_says(saves: Path) -> dict[int, str]:
    """What the New game dialog says of the board side for each number of players."""
    app = apps.app(saves=saves, seed=5)
    said: dict[int, str] = {}
    async with app.run_test(size=apps.LARGE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        for players in (2, 3, 4):
            app.screen.query_one("#players", Select).value = players
            await pilot.pause()
            said[players] = str(app.screen.query_one("#board-side", Static).render())
    return said


def _covered_named(said: str) -> list[str]:
    """The spaces "… (q4 and h4 covered)" names, sorted; none when it names no covered space."""
    found = re.search(r"\((.+) covered\)$", said)
    return sorted(re.split(r", | and ", found.group(1))) if found else []


@pytest.mark.asyncio
async def test_the_new_game_dialog_names_the_side_as_the_board_pane_does(saves: Path) -> None:
    for players, said in (await _dialog_says(saves)).items():
        assert said.startswith(f"{text.board_side_words(players)} board side"), said


@pytest.mark.asyncio
async def test_the_new_game_dialog_names_the_spaces_a_new_game_covers(saves: Path) -> None:
    for players, said in (await _dialog_says(saves)).items():
        state = apps.new_game([(name, "human") for name in NAMES[:players]], 5).state
        side = rules.board_side(state)
        covered = [s.key for s in side.spaces if state.spaces[s.index] == rules.COVERED]
        assert _covered_named(said) == sorted(covered), said


@pytest.mark.asyncio
async def test_the_covered_spaces_named_follow_the_data(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir = tmp_path / "data"
    shutil.copytree(DATA_DIR, data_dir)
    board = data_dir / "board.toml"
    source = board.read_text(encoding="utf-8")
    today = 'covered = [{ players = 3, spaces = ["q4", "h4"] }]'
    assert today in source
    changed = '[{ players = 3, spaces = ["q4"] }, { players = 4, spaces = ["v2", "h4", "s1"] }]'
    board.write_text(source.replace(today, f"covered = {changed}"), encoding="utf-8")
    data = load_catalog(data_dir)
    # The screens read the data through rules.catalog().
    monkeypatch.setattr(rules, "catalog", lambda: data)
    for players, said in (await _dialog_says(saves)).items():
        covered = data.side_for(players).covered.get(players, ())
        assert _covered_named(said) == sorted(covered), said
