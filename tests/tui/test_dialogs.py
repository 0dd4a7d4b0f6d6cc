"""Dialogs: the focused field is marked without colour, the footer says the dialog's keys, and
Enter as the new-game dialog opens does not start a game with defaults nobody has looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer, Select

from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.dialog import FOCUS_MARK, FieldLabel
from rajas_tui.tui.screens.newgame import NewGameScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


def _marked(app: RajasApp) -> list[str]:
    return [str(label.render()) for label in app.screen.query(FieldLabel) if label.marked]


async def _new_game_dialog(app: RajasApp, pilot: object) -> None:
    await app.workers.wait_for_complete()
    await pilot.press("n")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, NewGameScreen)


@pytest.mark.slow
async def test_enter_on_opening_does_not_start_a_game(saves: Path) -> None:
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        assert app.focused is app.screen.query_one("#players", Select)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game is None
        assert any(isinstance(screen, NewGameScreen) for screen in app.screen_stack)


@pytest.mark.slow
async def test_the_focused_row_is_marked_without_colour(saves: Path) -> None:
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        assert _marked(app) == [f"{FOCUS_MARK} Players"]
        await pilot.press("tab")  # A's name
        await pilot.pause()
        assert _marked(app) == [f"{FOCUS_MARK} A▲"]
        await pilot.press("tab", "tab")  # A's kind, then A's board switch: still A's row
        await pilot.pause()
        assert _marked(app) == [f"{FOCUS_MARK} A▲"]
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        await pilot.pause()
        assert _marked(app) == [f"{FOCUS_MARK} Players"]
        labels = [str(label.render()) for label in app.screen.query(FieldLabel)]
        assert sum(label.startswith(FOCUS_MARK) for label in labels) == 1


async def test_the_footer_says_the_dialogs_keys(saves: Path) -> None:
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        assert app.screen.query(Footer)
        shown = {
            active.binding.description
            for active in app.screen.active_bindings.values()
            if active.binding.show
        }
        assert {"next field", "cancel", "Ganga", "Navaratnas, all"} <= shown
        assert "quarry" not in shown and "new game" not in shown


@pytest.mark.slow
async def test_start_is_reached_by_keys_and_starts_the_game(saves: Path) -> None:
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        for _ in range(40):
            if app.focused is not None and app.focused.id == "start":
                break
            await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "start"
        assert _marked(app) == [f"{FOCUS_MARK} "]
        await pilot.press("enter")
        await pilot.pause()
        assert app.game is not None


async def test_a_bot_seat_starts_at_the_normal_level(saves: Path) -> None:
    """Someone playing alone meets a real opponent unless they pick otherwise."""
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        kinds = [app.screen.query_one(f"#kind-{seat}", Select) for seat in range(4)]
        assert [kind.value for kind in kinds] == ["human", "normal", "normal", "normal"]
        labels = [str(label) for label, _ in kinds[1]._options]
        assert labels == [
            "human",
            "bot: random",
            "bot: greedy",
            "bot: easy",
            "bot: normal",
            "bot: hard",
        ]


async def test_the_new_game_dialog_says_how_to_start_and_it_does(saves: Path) -> None:
    # Start is the dialog's last field, a dozen Tabs away: the row of its buttons says the
    # shorter way, which Enter in the first name then takes.
    app = apps.app(saves=saves, seed=7)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _new_game_dialog(app, pilot)
        said = str(app.screen.query_one("#start-hint").render())
        assert said == "or Enter in a name"
        await pilot.press("tab", "enter")  # A's name, then Enter there
        await apps.until(pilot, lambda: app.game is not None, "the game started")
