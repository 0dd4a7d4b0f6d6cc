"""The status line at 80 columns: the pane hint gives way to what the line says about the game,
rather than running into it ("… workers leftpane: …") or past the screen's edge."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves as save_layer
from tests.helpers import apps

pytestmark = pytest.mark.asyncio

LONG_NAME = "Chandraprabha Sen"[:16]  # the longest name the new-game dialog takes


@pytest.mark.parametrize(
    ("width", "hint"),
    [(80, "?:help"), (120, "pane: Board · ?:help")],
)
async def test_the_pane_hint_gives_way_on_a_long_status(saves: Path, width: int, hint: str) -> None:
    setup = save_layer.seated([(LONG_NAME, "human"), ("Bela", "random")], 3)
    app = apps.app(save_layer.start_game(setup), saves=saves)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        status = str(app.screen.query_one("#status").render())
        assert len(status) <= width, status
        said = f"{LONG_NAME} to play · 3 of 3 workers left"
        assert said in status, status
        rest = status.split(said, 1)[1]
        assert rest.strip() == hint, status
        if hint:
            assert rest.startswith(" "), status
