"""The game-over screen's words: the end's sentence is true for every seat order, and the fame
sources and charts are there for each player."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.containers import VerticalScroll

import rules
import saves
from rajas_tui.present import charts, history
from rajas_tui.tui.screens.gameover import (
    Chart,
    GameOverScreen,
    chart_text,
    ranking_text,
    sources_text,
)
from tests.helpers import apps


def _played(seed: int) -> saves.Game:
    players = 2 + seed % 3
    game = saves.start_game(saves.seated([(f"P{i}", saves.HUMAN) for i in range(players)], seed))
    pick = random.Random(seed)
    while not game.state.over:
        game = saves.play(game, pick.choice(rules.legal_actions(game.state)))
    return game


def _position(state: rules.GameState) -> int:
    return (state.end_trigger - state.start_player) % state.config.players


# Seeds whose random games end in each way (found by `test_history`'s search; checked below).
LAST_IN_ORDER = 0  # 2 players, the second in turn order triggers the end
FIRST_IN_ORDER = 8  # 4 players, the start player triggers; three seats follow
NOBODY_LEFT = 7  # 3 players, the second triggers, the third could not act any more


def test_the_seeds_end_the_way_they_are_named_for() -> None:
    last, first, nobody = (_played(s) for s in (LAST_IN_ORDER, FIRST_IN_ORDER, NOBODY_LEFT))
    assert _position(last.state) == last.state.config.players - 1
    assert _position(first.state) == 0
    assert len(history.history(first).last_turns) == first.state.config.players - 1
    assert _position(nobody.state) < nobody.state.config.players - 1
    assert history.history(nobody).last_turns == ()


@pytest.mark.parametrize("seed", [LAST_IN_ORDER, NOBODY_LEFT])
def test_no_last_turn_is_claimed_when_nobody_had_one(seed: int) -> None:
    game = _played(seed)
    words = ranking_text(game, history.history(game)).plain
    assert "last turn" not in words
    assert "nobody after them in the round had a turn left" in words


def test_each_seat_that_had_a_last_turn_is_named() -> None:
    game = _played(FIRST_IN_ORDER)
    hist = history.history(game)
    words = " ".join(ranking_text(game, hist).plain.split())
    names = [game.setup.seats[seat].name for seat in hist.last_turns]
    assert f"{', '.join(names[:-1])} and {names[-1]} then each had one last turn." in words


def test_the_fixture_names_its_one_last_turn() -> None:
    game = apps.finished()
    words = " ".join(ranking_text(game, history.history(game)).plain.split())
    assert "Chand then had one last turn." in words


def test_sources_and_charts_show_every_player() -> None:
    game = apps.finished()
    hist = history.history(game)
    sources = sources_text(game, hist).plain.splitlines()
    for seat, player in enumerate(game.state.players):
        row = next(line for line in sources if line.startswith(f" {'ABC'[seat]}"))
        assert f"{player.fame:>3}" in row
    for what in ("fame", "money"):
        chart = chart_text(game, hist, what, what).plain
        assert all(letter in chart for letter in "ABC")
        assert "Asha" in chart and "Bela" in chart and "Chand" in chart


@pytest.mark.slow
@pytest.mark.asyncio
async def test_at_80x24_the_charts_are_reached_by_scrolling_with_keys(saves: Path) -> None:
    app = apps.app(apps.finished(), saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        box = app.screen.query_one("#over-box", VerticalScroll)
        assert box.max_scroll_y > 0  # the charts do not fit: the box scrolls
        assert app.focused is box  # so the keys below reach it
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_y == 0


@pytest.mark.asyncio
async def test_at_160x50_everything_fits_without_scrolling(saves: Path) -> None:
    app = apps.app(apps.finished(), saves=saves)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#over-box", VerticalScroll)
        assert box.max_scroll_y == 0


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=str)
async def test_the_charts_take_the_width_and_tell_players_apart(
    size: tuple[int, int], saves: Path
) -> None:
    """Each chart is as wide as the box, less a few columns (the points' spacing is whole); the
    three players start level, and where there is room their letters stand side by side."""
    app = apps.app(apps.finished(), saves=saves)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = list(app.screen.query(Chart))
        assert len(shown) == 2
        for chart in shown:
            drawn = chart.render().plain
            assert chart.content_size.width >= size[0] - 12
            axis = next(line for line in drawn.splitlines() if "+--" in line)
            assert len(axis) >= chart.content_size.width - 30
            first = next(line for line in drawn.splitlines() if line.strip().startswith("0 |"))
            if size[0] >= 120:
                assert first.split("|", 1)[1].startswith("ABC")
                assert charts.SHARED not in drawn
            else:
                assert "players at one point" in drawn  # the legend says what * means
