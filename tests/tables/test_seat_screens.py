"""A joined seat and a watcher hold the game only as they may see it: the state their view, and no
seed anywhere in the game they show (set up again from it, a game tells every face-down tile),
and their screens show no seed. (The panes drawing only what the view holds is tested with the
panes.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present.bot_process import InProcess
from rajas_tui.tui.screens.help import HelpScreen
from rajas_tui.tui.table import TableApp, TableScreen
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps
from tests.helpers.screen_cuts import screen_text

pytestmark = pytest.mark.asyncio
SEED = 7_346_912_058_113


def _table(folder: Path) -> Path:
    setup = Setup((Seat("Asha"), Seat("Bela")), SEED, ("navaratnas",))
    path = tables.table_path(folder, "nav")
    game = saves.start_game(setup)
    for _ in range(3):
        game = saves.play(game, rules.legal_actions(game.state)[0])
    tables.create(path, game)
    return path


@pytest.mark.parametrize("seat", [0, 1, None])
async def test_a_seat_holds_and_shows_no_seed(tmp_path: Path, seat: int | None) -> None:
    path = _table(tmp_path)
    real = tables.read(path)
    app = TableApp(path, seat, bot_delay=0, theme="rajas-dark", thinker=InProcess())
    async with app.run_test(size=apps.LARGE) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "the table shown")
        await pilot.pause()
        shown = app.shown
        assert shown.state == rules.seat_view(real.state, seat)
        assert shown.setup.seed != SEED and shown.start.config.seed != SEED
        assert shown.log == real.log and shown.setup.seats == real.setup.seats
        screens = [screen_text(app)]
        await pilot.press("?")
        await apps.until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help shown")
        await pilot.pause()
        screens.append(screen_text(app))
    hidden = [p.face_down for n, p in enumerate(real.state.players) if n != seat]
    assert any(hidden), "the game has tiles this seat may not see, unseen in its view"
    assert "Asha" in screens[0] and screens[1].strip() and screens[1] != screens[0]
    for screen in screens:
        assert str(SEED) not in screen


async def test_the_files_beside_a_table_hold_nothing(tmp_path: Path) -> None:
    """A seat's presence file, a watcher's and the table's lock are empty: only the table's own
    file, which no seat is given, holds the game."""
    path = _table(tmp_path)
    here = [tables.join(path, 0), tables.join(path, None)]
    try:
        beside = [p for p in tmp_path.iterdir() if p != path]
        assert len(beside) == 3, beside
        assert all(p.stat().st_size == 0 for p in beside), beside
    finally:
        for presence in here:
            presence.leave()


async def test_a_seat_opens_no_puzzle(tmp_path: Path) -> None:
    """The palette's Puzzles would have put a puzzle's game where the seat's view is, and sent
    its moves to the table."""
    from rajas_tui.tui.table import ONE_TABLE

    path = _table(tmp_path)
    app = TableApp(path, 0, bot_delay=0, theme="rajas-dark", thinker=InProcess())
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "the table shown")
        app.action_puzzles()
        await apps.until(pilot, lambda: ONE_TABLE in apps.notices(app), "refused")
        assert isinstance(app.screen, TableScreen) and app.attempt is None
