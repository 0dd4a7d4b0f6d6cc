"""Panes draw again only when what they read has changed: a key that moves the chooser's cursor
redraws the chooser, not the log or the other players' boards; a new theme or a new page does
redraw what it changes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style

from rajas_tui.tui import colours
from rajas_tui.tui.widgets.base import Pane, Same
from rajas_tui.tui.widgets.chooser import WRAP_INDENT, ChooserPane
from rajas_tui.tui.widgets.log import LogPane
from rajas_tui.tui.widgets.province import ProvincesPane
from rajas_tui.tui.widgets.tracks import TracksLine
from tests.helpers import apps


def _counting(monkeypatch: pytest.MonkeyPatch, *panes: type[Pane]) -> Counter[str]:
    """Counts each pane class's `draw` calls from now on."""
    drawn: Counter[str] = Counter()
    for pane in panes:
        original = pane.draw

        def draw(self: Pane, view: Any, original: Any = original, name: str = pane.__name__) -> Any:
            drawn[name] += 1
            return original(self, view)

        monkeypatch.setattr(pane, "draw", draw)
    return drawn


async def move_shown(
    app: Any, pilot: Any, chosen: Callable[[Any], bool] = lambda action: True
) -> tuple[Any, Any]:
    """Plays the first legal action `chosen` accepts as the app plays a move (`_swap`) and waits
    until it is shown; the games before and after it."""
    import rules
    from saves import play

    game = app.game
    assert game is not None
    action = next(action for action in rules.legal_actions(game.state) if chosen(action))
    moved = play(game, action)
    app._swap(moved)
    await apps.until(pilot, lambda: app.game is moved, "the move shown")
    await pilot.pause()
    return game, moved


def test_same_compares_by_identity() -> None:
    one, other = [1, 2], [1, 2]
    assert Same(one) == Same(one)
    assert Same(one) != Same(other)  # equal values, but not the same object
    assert Same(one) != one


@pytest.mark.asyncio
async def test_a_cursor_key_draws_the_chooser_once_and_no_pane_that_ignores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("q")  # into the quarry's display: arrows move the cursor
        await pilot.pause()
        drawn = _counting(monkeypatch, ChooserPane, LogPane, ProvincesPane, TracksLine)
        before = str(app.screen.query_one(ChooserPane).render())
        await pilot.press("down")
        await pilot.pause()
        after = str(app.screen.query_one(ChooserPane).render())
    assert before != after  # the cursor moved: the chooser shows it
    # Drawn once for the new view; its repaint uses that drawing instead of drawing again.
    assert drawn["ChooserPane"] == 1
    assert drawn["LogPane"] == drawn["ProvincesPane"] == drawn["TracksLine"] == 0


@pytest.mark.asyncio
async def test_a_new_theme_redraws_the_players_colours(tmp_path: Path) -> None:
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        dark = colours.player_colour(0)
        app.theme = "rajas-light"
        await pilot.pause()
        light = colours.player_colour(0)
        line = app.screen.query_one(TracksLine).render()
    assert dark != light
    styles = [span.style for span in line.spans if isinstance(span.style, Style)]
    shown = {style.color.name for style in styles if style.color is not None}
    assert light in shown and dark not in shown


@pytest.mark.asyncio
async def test_the_first_frame_draws_no_pane_unsized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unsized: list[str] = []
    drawing = Pane.drawing

    def sized(self: Pane, view: Any) -> Any:
        if not self.size.area:
            unsized.append(type(self).__name__)
        return drawing(self, view)

    monkeypatch.setattr(Pane, "drawing", sized)
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
    assert unsized == []


@pytest.mark.asyncio
async def test_a_cursor_move_wraps_only_the_two_options_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        wrapped: list[str] = []
        wrap = ChooserPane._wrapped

        def counted(self: ChooserPane, line: Any, width: int, indent: int = WRAP_INDENT) -> Any:
            if indent == WRAP_INDENT:  # an option's line (the title and message: indent 0)
                wrapped.append(line.plain)
            return wrap(self, line, width, indent)

        monkeypatch.setattr(ChooserPane, "_wrapped", counted)
        pane = app.screen.query_one(ChooserPane)
        first = str(pane.render())
        await pilot.press("down")
        await pilot.pause()
        moved = len(wrapped)
        await pilot.press("up")
        await pilot.pause()
        back = str(pane.render())
    assert moved == 2  # the option the cursor left and the one it reached
    assert len(wrapped) == moved  # and back again: both already wrapped as they are now
    assert back == first


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [apps.SMALL, apps.LARGE])
async def test_the_first_frame_draws_each_pane_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Not at a size it never shows before its breakpoint classes are set, nor again once the
    theme's colours arrive: the first frame has them both from the start."""
    drawn = _counting(monkeypatch, *Pane.__subclasses__())
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
    # The panes that read the chooser draw for each new view, and the screen's first resize
    # makes one: twice at most. The others read only the game: once.
    readers = {"BoardPane", "ChooserPane"}
    assert drawn and all(count <= (2 if name in readers else 1) for name, count in drawn.items())


@pytest.mark.asyncio
async def test_a_new_game_state_repaints_the_panes_that_changed_not_the_whole_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each move swaps the app's `game`; the panes that show it repaint themselves. A repaint
    of the whole screen as well drew every line of every pane again on each move, the most
    of a bot move's time on the UI thread."""
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        screen = app.screen
        whole: list[bool] = []
        original = type(screen).refresh

        def refresh(self: Any, *regions: Any, **options: Any) -> Any:
            if self is screen and not regions and options.get("repaint", True):
                whole.append(True)
            return original(self, *regions, **options)

        monkeypatch.setattr(type(screen), "refresh", refresh)
        log_before = str(screen.query_one(LogPane).render())
        await move_shown(app, pilot)
        log_after = str(screen.query_one(LogPane).render())
    assert not whole
    assert log_after != log_before  # the move did reach the screen


@pytest.mark.asyncio
async def test_a_choice_begun_and_left_restyles_the_panes_not_the_whole_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classes a key or a move changes sit on the widgets they govern: set on the screen,
    each restyled every widget in it, the footer's keys too (more than half a move's redraw)."""
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        restyled: list[object] = []
        original = type(app).update_styles

        def update_styles(self: Any, node: Any, animate: bool = True) -> None:
            restyled.append(node)
            original(self, node, animate)

        monkeypatch.setattr(type(app), "update_styles", update_styles)
        chooser = app.screen.query_one(ChooserPane)
        await pilot.press("q")  # a choice begins: the chooser takes the pane's place
        await apps.until(pilot, lambda: chooser.display, "the chooser shown")
        await pilot.press("escape")
        await apps.until(pilot, lambda: not chooser.display, "the chooser gone")
        screen = app.screen
    assert restyled
    assert screen not in restyled


@pytest.mark.asyncio
async def test_a_move_draws_again_only_the_provinces_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The provinces pane draws every board at each move; a board is drawn anew only when its
    province changed (drawing the four was the most of a move's redraw)."""
    from rajas_tui.tui.widgets import province

    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        drawn: list[object] = []
        original = province.province_text

        def province_text(player: Any, *args: Any) -> Any:
            drawn.append(player.province)
            return original(player, *args)

        monkeypatch.setattr(province, "province_text", province_text)
        # A market's or the palace's: no tile to place follows, which would show on the board.
        game, moved = await move_shown(
            app,
            pilot,
            lambda action: (
                type(action).__name__ in {"Single", "Variety", "Terrace", "Balcony", "Outer"}
            ),
        )
        game_screen = next(s for s in app.screen_stack if s.query(ProvincesPane))
        pane_text = str(game_screen.query_one(ProvincesPane).render())
    changed = [
        after.province
        for before, after in zip(game.state.players, moved.state.players, strict=True)
        if before.province is not after.province
    ]
    assert all(any(province is seen for seen in drawn) for province in changed)
    assert len(drawn) <= 2 * len(changed)  # at most the card's and the pane's of each
    assert "Provinces" in pane_text


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [apps.SMALL, apps.LARGE])
async def test_the_first_frame_restyles_the_game_screen_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The size classes are set before the screen's widgets are styled: set after, each
    restyled the whole screen (two at every size, 14 ms of the first frame). The one left is
    Textual's own, as the screen comes on top."""
    from rajas_tui.tui.app import RajasApp
    from rajas_tui.tui.screens.game import GameScreen

    restyled: list[str] = []
    original = RajasApp.update_styles

    def update_styles(self: Any, node: Any, animate: bool = True) -> None:
        if isinstance(node, GameScreen):
            restyled.append(" ".join(sorted(node.classes)))
        original(self, node, animate)

    monkeypatch.setattr(RajasApp, "update_styles", update_styles)
    app = apps.app(apps.midgame(), saves=tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        classes = set(app.screen.classes)
    assert len(restyled) <= 1
    assert classes & {"-narrow", "-wide", "-huge"} and classes & {"-short", "-tall", "-deep"}
