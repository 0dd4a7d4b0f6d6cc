"""The action space under the cursor is always in sight: after each arrow key on the spaces list
the board marks it in its text (not by a style alone) and the prompt names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.present import text
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.board import BoardPane

from . import kit

pytestmark = pytest.mark.asyncio


def _marked(board: str, key: str) -> bool:
    return f"{text.G['cursor']}{key}{text.G['to_play']}" in board


@pytest.mark.parametrize("size", [kit.SMALL, kit.LARGE], ids=["80x24", "160x50"])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
async def test_every_arrow_key_shows_the_space_it_reached(
    saves: Path, size: tuple[int, int], ascii_only: bool
) -> None:
    app = kit.app(kit.midgame(), saves=saves, ascii_glyphs=ascii_only)
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
            assert f"[{space}]" in kit.prompt(app), kit.prompt(app)
