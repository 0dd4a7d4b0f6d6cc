"""The large screens' room is used: the log has the rows the tracks and the province leave at
120×40, and while bots play the middle pane, which holds the choice on a human turn, shows
what was played since the player's last turn instead of standing empty."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import saves
from rajas_tui.present import logbook
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.chooser import ChooserPane
from rajas_tui.tui.widgets.log import LogPane
from tests.helpers import apps
from tests.helpers.screen_cuts import cuts, screen_text

NAMES = ("Asha", "Bela", "Chand", "Devi")
NEVER = 3600.0


def _game(players: int) -> saves.Game:
    seats = [(name, saves.HUMAN) for name in NAMES[:players]]
    game = saves.start_game(saves.seated(seats, 3))
    turn = game.state.turn
    kinds = tuple(
        attrs.evolve(seat, kind=saves.HUMAN if index == turn else "random")
        for index, seat in enumerate(game.setup.seats)
    )
    return attrs.evolve(game, setup=attrs.evolve(game.setup, seats=kinds))


@pytest.mark.asyncio
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_at_120x40_the_log_has_the_rows_left(players: int, saves: Path) -> None:
    """33 rows for the panes: the province takes 14 and the tracks two a player and two more;
    the log has the rest (9 rows, 7 lines of moves, with four players; it had 7 rows)."""
    app = apps.app(_game(players), saves=saves, bot_delay=NEVER)
    async with app.run_test(size=(120, 40)) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        assert log.region.height >= 33 - 14 - (2 * players + 2)
        assert not cuts(app)


def _bots_play_after_asha() -> saves.Game:
    """The 4-player example with Asha the one human: Devi, a bot, is to play, and Bela and
    Chand (bots) have played since Asha's last turn."""
    game = apps.midgame()
    seats = tuple(
        attrs.evolve(seat, kind=saves.HUMAN if index == 0 else "random")
        for index, seat in enumerate(game.setup.seats)
    )
    return attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (160, 50), (200, 60)], ids=str)
async def test_while_bots_play_the_middle_pane_shows_what_they_played(
    size: tuple[int, int], saves: Path
) -> None:
    game = _bots_play_after_asha()
    told = logbook.told(game)
    since = told[logbook.since_last_turn(told, 0) :]
    assert [entry.seat for entry in since if entry.kind == logbook.MOVE] == [1, 2]
    app = apps.app(game, saves=saves, bot_delay=NEVER)
    async with app.run_test(size=size) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        await pilot.pause()
        pane = app.screen.query_one(ChooserPane)
        assert pane.display and pane.region.area
        rows = screen_text(app).splitlines()[pane.region.y : pane.region.bottom]
        shown = " ".join(row[pane.region.x : pane.region.right].strip() for row in rows)
        assert "Played since your last turn" in shown
        for entry in since:
            assert " ".join(entry.words.split()) in " ".join(shown.split())
        assert not cuts(app)
