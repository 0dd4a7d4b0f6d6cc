"""The app's collector policy (rajas_tui/tui/collector.py), by what is frozen, never by time: a
game screen is frozen once drawn, so that full collections during play do not walk it; closing
it gives the heap back to the collector, so that a closed game's widgets are freed."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

import rules
from rajas_tui.tui import collector
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.title import TitleScreen

from . import kit

pytestmark = pytest.mark.asyncio

HUMANS = [("Asha", "human"), ("Bela", "human")]  # no bot moves while the test looks


def frozen(objects: list[object]) -> list[bool]:
    """Whether each object is in the collector's permanent generation: gc.get_objects lists
    every tracked object but those."""
    walked = {id(found) for found in gc.get_objects()}
    return [id(thing) not in walked for thing in objects]


@pytest.fixture(autouse=True)
def collector_as_found() -> Iterator[None]:
    """The policy freezes the process's heap: the next test starts with it thawed."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.enable()
    gc.set_threshold(*thresholds)


async def open_game(pilot: Pilot[None], app: RajasApp, seats: list[tuple[str, str]]) -> GameScreen:
    """Starts a new game from the title and waits until its screen is frozen."""
    app.show_game(kit.new_game(seats, 3))
    await kit.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await kit.until(pilot, lambda: all(frozen([screen])), "the game screen frozen")
    return screen


async def test_a_game_screen_is_frozen_once_drawn(saves: Path) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (the collector running again)")
        after_start = gc.get_freeze_count()
        screen = await open_game(pilot, app, HUMANS)
        # The panes; the footer makes its keys anew whenever the keys change.
        widgets: list[object] = [screen, *(pane for pane in screen.query("*") if pane.id)]
        assert all(frozen(widgets))
        assert gc.get_freeze_count() > after_start + len(widgets)


async def test_leaving_a_game_thaws_the_heap_and_the_next_game_frees_the_last(
    saves: Path,
) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (the collector running again)")
        closed = weakref.ref(await open_game(pilot, app, HUMANS))
        app.to_title()
        await kit.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await kit.until(pilot, lambda: gc.get_freeze_count() == 0, "the heap thawed")
        # Frozen, the closed screen would never be freed; the next game's collection frees it.
        await open_game(pilot, app, HUMANS)
        assert closed() is None


async def test_the_game_s_end_thaws_the_heap(saves: Path) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (the collector running again)")
        app.show_game(kit.example("final-action-3p.toml"))
        await kit.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await kit.until(pilot, lambda: all(frozen([app.screen])), "the game screen frozen")
        while not app.shown.state.over:
            app.commit(rules.legal_actions(app.shown.state)[0])
            await app.settled()
        await kit.until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        await kit.until(pilot, lambda: gc.get_freeze_count() == 0, "the heap thawed")


async def test_a_game_started_on_is_frozen_with_the_start_up_heap(saves: Path) -> None:
    app = kit.app(kit.new_game(HUMANS, 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (the collector running again)")
        assert isinstance(app.screen, GameScreen)
        assert all(frozen([app.screen, *(pane for pane in app.screen.query("*") if pane.id)]))


async def test_a_closed_game_leaves_no_drawn_lines_behind(saves: Path) -> None:
    """Textual's StylesCache.get_inner_outer is an lru_cache on a method: it kept each widget's
    styles cache, with every line it drew, for its last 1,024 calls (textual issue 6665),
    about 17,000 objects and 2 MB a game, after the widgets themselves were freed."""
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (the collector running again)")
        screen = await open_game(pilot, app, HUMANS)
        drawn = [weakref.ref(pane._styles_cache) for pane in screen.query("*")]
        del screen
        app.to_title()
        await kit.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await open_game(pilot, app, HUMANS)  # its collection frees what the last one left
        assert [cache() for cache in drawn if cache() is not None] == []


def full_collections() -> int:
    return int(gc.get_stats()[2]["collections"])


async def test_full_collections_wait_for_a_turn_of_their_own(saves: Path) -> None:
    """Work that allocates enough for Python to start a full collection inside it (a redraw, a
    rebuilt footer) runs without one; the collection follows as a piece of work of its own."""
    app = kit.app(kit.new_game(HUMANS, 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame")
        before = full_collections()
        # Kept alive, so each middle-generation collection moves them on: Python's own
        # thresholds start a full collection within the first 110,000 or so.
        kept = [[] for _ in range(20 * 700 * (collector.FULL_AFTER + 1))]
        assert full_collections() == before, "a full collection ran inside the work"
        await kit.until(pilot, lambda: full_collections() > before, "the full collection")
        assert gc.get_count()[2] < collector.FULL_AFTER
        del kept


async def test_python_s_thresholds_come_back_when_the_app_closes(saves: Path) -> None:
    thresholds = gc.get_threshold()
    app = kit.app(kit.new_game(HUMANS, 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame")
        assert gc.get_threshold()[2] == collector.NEVER
    assert gc.get_threshold() == thresholds
    ours = [found for found in gc.callbacks if getattr(found, "__self__", None) is app.collector]
    assert ours == []
