"""The action space under the cursor is always in sight: after each arrow key on the spaces list
the board marks it in its text (not by a style alone) and the prompt names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rajas_tui.present import text
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.board import BoardPane
from tests.helpers import apps
from tests.helpers.playouts import random_states


def _marked(board: str, key: str) -> bool:
    return f"{text.G['cursor']}{key}{text.G['to_play']}" in board


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [apps.SMALL, apps.LARGE], ids=["80x24", "160x50"])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
async def test_every_arrow_key_shows_the_space_it_reached(
    saves: Path, size: tuple[int, int], ascii_only: bool
) -> None:
    app = apps.app(apps.midgame(), saves=saves, ascii_glyphs=ascii_only)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.chooser is not None
        board = screen.query_one(BoardPane)
        for key in ["down", "down", "right", "up", "left", "down"]:
            await pilot.press(key)
            await pilot.pause()
            root = screen.chooser.steps[0]
            space = root.options[root.cursor].key
            shown = board.render().plain
            assert board.display, "the board is on screen while the cursor moves over it"
            assert _marked(shown, space), f"{key}: {space} not marked in\n{shown}"
            assert sum(_marked(shown, o.key) for o in root.options) == 1
            open_now = root.options[root.cursor].enabled
            named = f"[{space}]" if open_now else f" {space} "
            assert named in apps.prompt(app), apps.prompt(app)


def test_the_board_tells_the_spaces_open_now_by_their_brackets() -> None:
    """Dimness alone (a colour, to Textual) does not tell a space the player cannot take:
    only the spaces open now keep the brackets of a key that takes them."""
    checked = 0
    for state in random_states(4)[::9]:
        if state.queue or state.over:
            continue
        chooser = Chooser(state)
        names = ("Asha", "Bela", "Chand", "Devi")[: len(state.players)]
        view = View(state=state, names=names, kinds=("human",) * len(names), chooser=chooser)
        drawn = BoardPane().draw(view).plain
        for option in chooser.top.options:
            if option.value is None:
                continue
            bracketed = f"[{option.key}]" in drawn
            assert bracketed == option.enabled, (option.key, option.reason, drawn)
            assert bracketed or f" {option.key} " in drawn, (option.key, drawn)
            holder = state.spaces[option.value.index]
            if 0 <= holder < len(names):
                # Who holds it, apart from the key: "b4 C◆", never "b→2oC◆".
                said = re.escape(f" {option.key} {text.player_tag(holder)}")
                assert re.search(rf"{said}( |$)", drawn, re.M), drawn
            checked += not option.enabled
    assert checked


def test_the_spaces_list_brackets_only_the_spaces_open_now() -> None:
    """As on the board and in help's symbols ("[q1] a space open to you now"), a list of spaces
    brackets a key only while its space can be taken; a refused one keeps its place bare."""
    checked = 0
    for state in random_states(4)[::9]:
        if state.queue or state.over:
            continue
        for option in Chooser(state).top.options:
            if option.value is None:
                continue
            assert option.label == (f"[{option.key}]" if option.enabled else f" {option.key} ")
            checked += not option.enabled
    assert checked
