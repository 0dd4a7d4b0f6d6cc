"""Every pane and every seat's province can be brought on screen, whole, at every size: each
pane's key is pressed in turn (and the provinces' key again, page after page), in games of 2, 3
and 4 seats, with base and Navaratnas boards, at 80×24, 120×40, 160×50 and 200×60. A pane
counts as shown when it is laid out inside the screen, nothing covers any of its cells and it
draws no more than its room; a province when its player's name heads a board in that pane."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.geometry import Region
from textual.widget import Widget

import saves
from rajas_tui.present import text, variants
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import PANE_NAMES, GameScreen
from rajas_tui.tui.widgets.base import Pane
from tests.helpers import apps
from tests.helpers.screen_cuts import overdrawn, screen_text

SIZES = ((80, 24), (120, 40), (160, 50), (200, 60))
NAMES = ("Asha", "Bela", "Chand", "Devi")
NEVER = 3600.0  # no bot moves while the panes are walked


def _game(players: int, navaratnas: bool) -> saves.Game:
    """A new game, the seat to act a human and the others bots: no hand-over is asked."""
    seats = [(name, saves.HUMAN) for name in NAMES[:players]]
    variants = ("navaratnas",) if navaratnas else ()
    game = saves.start_game(saves.seated(seats, 7 + players, variants=variants))
    turn = game.state.turn
    kinds = tuple(
        attrs.evolve(seat, kind=saves.HUMAN if index == turn else "random")
        for index, seat in enumerate(game.setup.seats)
    )
    return attrs.evolve(game, setup=attrs.evolve(game.setup, seats=kinds))


def uncovered(app: RajasApp, widget: Widget) -> list[str]:
    """What keeps the widget from being read whole: laid out beyond the screen, a cell of it
    under another widget, or more drawn than its room holds."""
    screen = Region(0, 0, *app.size)
    region = widget.region
    if not widget.display or not region.area:
        return [f"#{widget.id} is not on screen"]
    if not screen.contains_region(region):
        return [f"#{widget.id} at {region} lies beyond the screen {screen}"]
    found = []
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            top, _ = app.screen.get_widget_at(x, y)
            if top is not widget:
                found.append(f"#{widget.id} is covered at ({x}, {y}) by {top!r}")
                return found
    if isinstance(widget, Pane) and widget.view is not None:
        found.extend(overdrawn(app.console, widget, widget.draw(widget.view)))
    return found


def heads_shown(app: RajasApp, widget: Widget, players: int) -> set[int]:
    """The seats whose board heads are on screen inside the widget's region."""
    rows = screen_text(app).splitlines()
    region = widget.region
    inside = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
    return {
        seat
        for seat in range(players)
        if any(f"{text.player_tag(seat)} {NAMES[seat]}" in row for row in inside)
    }


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("navaratnas", [False, True], ids=["base", "navaratnas"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_every_pane_and_province_can_be_seen_whole(
    players: int, navaratnas: bool, size: tuple[int, int], saves: Path
) -> None:
    app = apps.app(_game(players, navaratnas), saves=saves, bot_delay=NEVER)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        yields = variants.has_yields(app.state)
        panes = [name for name in PANE_NAMES if yields or name != "yields"]
        for number, name in enumerate(panes, start=1):
            await pilot.press(str(number % 10))
            await pilot.pause()
            pane = screen.query_one(f"#pane-{name}")
            problems.extend(f"key {number} ({name}): {p}" for p in uncovered(app, pane))
            if name != "provinces":
                continue
            seen = heads_shown(app, pane, players)
            for _ in range(players):
                await pilot.press(str(number))
                await pilot.pause()
                problems.extend(f"key {number} again ({name}): {p}" for p in uncovered(app, pane))
                seen |= heads_shown(app, pane, players)
            unseen = sorted(set(range(players)) - seen)
            if unseen:
                problems.append(f"provinces never shown: {[NAMES[s] for s in unseen]}")
    assert not problems, "\n".join(problems)
