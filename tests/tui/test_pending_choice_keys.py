"""A choice the game waits for (the tile bought in the quarry, to be placed) has nothing to step
back to: its lines and the footer do not offer Escape there, Escape says why it cannot act,
and an area key's refusal names the choice to finish rather than Escape."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.chooser import ChooserPane
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


def _to_placement() -> list[str]:
    """Keys from the mid-game position through the quarry's purchase, which leaves the tile
    to place as the game's own question."""
    chooser = Chooser(apps.midgame().state)
    commands = ["quarry"]
    chooser.press("quarry")
    while chooser.top.kind == "list":
        chooser.press("confirm")
        commands.append("confirm")
    return apps.keys_for([*commands, "confirm"])


async def test_placing_a_bought_tile_offers_no_step_back(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await apps.until(pilot, lambda: screen.chooser is not None, "a seat to play")
        await pilot.press(*_to_placement())

        def placing() -> bool:
            chooser = screen.chooser
            return chooser is not None and chooser.top.kind == "grid" and chooser.at_first_step

        await apps.until(pilot, placing, "the tile to place, asked by the game")
        await pilot.pause()
        pane = screen.query_one(ChooserPane)
        assert screen.view is not None
        drawn = str(pane.draw(screen.view))
        assert "Enter builds" in drawn and "Escape" not in drawn, drawn
        back = screen.active_bindings["escape"]
        assert not back.enabled, "the footer dims Escape: it has nothing to step back to"

        await pilot.press("q")
        await apps.until(pilot, lambda: bool(apps.notices(screen.app)), "the quarry key refused")
        refused = apps.notices(screen.app)[-1]
        assert "Escape" not in refused and "step back" not in refused, refused
        assert refused == "Choose where the tile goes and how it is turned first."

        await pilot.press("escape")
        await apps.until(pilot, lambda: len(apps.notices(screen.app)) == 2, "Escape refused")
        assert apps.notices(screen.app)[-1] == "Nothing to step back from."
        assert placing()


async def test_escape_is_dimmed_where_a_turn_has_nothing_to_step_back_to(saves: Path) -> None:
    # The footer dims a key that cannot act now (docs/playing.md); Escape at the spaces list,
    # nothing chosen yet, is one. It lights up once there is a stage to go back from, and
    # pressed dimmed it still says why.
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await apps.until(pilot, lambda: screen.chooser is not None, "a seat to play")
        await pilot.pause()
        assert not screen.active_bindings["escape"].enabled
        await pilot.press(*apps.keys_for(["quarry"]))
        await apps.until(pilot, lambda: screen.active_bindings["escape"].enabled, "Escape lit")
        await pilot.press("escape")
        await apps.until(pilot, lambda: not screen.active_bindings["escape"].enabled, "dimmed")
        await pilot.press("escape")
        await apps.until(pilot, lambda: bool(apps.notices(app)), "Escape refused")
        assert apps.notices(app)[-1] == "Nothing to step back from."
