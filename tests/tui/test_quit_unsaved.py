"""Quitting a game that is not saved (its file held by another rajas, refused, or a write
failed: the status line's `not saved`) asks first: Save as, quit anyway, or back to the game.
A saved game quits at once, as ever. The dialog's look: test_snapshots_screens.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio

TWO_HUMANS = [("Asha", "human"), ("Bela", "human")]


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "g1.toml"
    save_layer.save(apps.new_game(TWO_HUMANS, 42), path)
    return path


@contextmanager
def _held_elsewhere(path: Path) -> Iterator[None]:
    """`path` held by another rajas for the block: an app opened on it plays unsaved."""
    other = save_layer.claim(path)
    try:
        yield
    finally:
        other.release()


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """A two-player game's file, held by another rajas while the test runs."""
    path = _file(tmp_path)
    with _held_elsewhere(path):
        yield path


@pytest.fixture
def app(held: Path, saves: Path) -> RajasApp:
    """The app on the game in `held`: it plays it unsaved."""
    return _app_on(held, saves)


def _app_on(path: Path, saves: Path) -> RajasApp:
    return apps.app(save_layer.load(path), saves=saves, path=path)


def _asking(app: RajasApp) -> bool:
    from rajas_tui.tui.screens.quit import QuitScreen

    return isinstance(app.screen, QuitScreen)


async def _one_move(pilot: object, app: RajasApp) -> int:
    """Plays one action on the game shown; the number of actions in its log after it."""
    await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")  # type: ignore[arg-type]
    played = len(app.shown.log) + 1
    app.commit(rules.legal_actions(app.shown.state)[0])
    await apps.until(pilot, lambda: len(app.shown.log) == played, "the move shown")  # type: ignore[arg-type]
    return played


async def test_ctrl_q_on_an_unsaved_game_asks_and_escape_goes_back(app: RajasApp) -> None:
    async with app.run_test(size=apps.SMALL) as pilot:
        played = await _one_move(pilot, app)
        assert app.unsaved
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running, "quit without asking"
        assert _asking(app), app.screen
        await pilot.press("ctrl+q")  # again: still asking, no second dialog
        await pilot.pause()
        assert app.is_running and _asking(app)
        assert sum(type(s) is type(app.screen) for s in app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), app.screen
        assert len(app.shown.log) == played, "the move is still there"
        assert app.is_running


async def test_quit_anyway_quits(held: Path, app: RajasApp) -> None:
    async with app.run_test(size=apps.SMALL) as pilot:
        await _one_move(pilot, app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and _asking(app)
        await pilot.press("q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit")
    assert app.return_code == 0
    assert save_layer.load(held).log == (), "the other rajas's file is left alone"


async def test_save_as_saves_the_moves_then_quits(app: RajasApp, saves: Path) -> None:
    async with app.run_test(size=apps.SMALL) as pilot:
        played = await _one_move(pilot, app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and _asking(app)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"kept", "enter")
        await apps.until(pilot, lambda: not app.is_running, "the app quit once saved")
    kept = save_layer.load(saves / "kept.toml")
    assert len(kept.log) == played, kept.log


async def test_save_as_left_with_escape_goes_back_to_the_game(app: RajasApp) -> None:
    async with app.run_test(size=apps.SMALL) as pilot:
        played = await _one_move(pilot, app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, GameScreen), app.screen
        assert len(app.shown.log) == played and app.unsaved


async def test_the_palettes_quit_asks_too(app: RajasApp) -> None:
    async with app.run_test(size=apps.SMALL) as pilot:
        await _one_move(pilot, app)
        await pilot.press("ctrl+p", *"quit")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running, "the palette's Quit quit without asking"
        assert _asking(app), app.screen


async def test_a_saved_game_quits_at_once(tmp_path: Path, saves: Path) -> None:
    path = _file(tmp_path)
    app = _app_on(path, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        played = await _one_move(pilot, app)
        assert not app.unsaved
        await pilot.press("ctrl+q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit")
    assert app.return_code == 0
    assert len(save_layer.load(path).log) == played


async def test_quit_on_an_unsaved_game_over_and_the_title_asks(saves: Path, tmp_path: Path) -> None:
    from rajas_tui.tui.screens.gameover import GameOverScreen

    path = tmp_path / "over.toml"
    save_layer.save(apps.example("final-action-3p.toml"), path)
    with _held_elsewhere(path):
        app = _app_on(path, saves)
        async with app.run_test(size=apps.SMALL) as pilot:
            await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            while not app.shown.state.over:  # the game's end, played here, is in no file
                await _one_move(pilot, app)
            await apps.until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game over")
            await pilot.press("q")
            await pilot.pause()
            assert app.is_running, "the game-over q quit without asking"
            assert _asking(app), app.screen
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen), app.screen
            await pilot.press("escape")  # to the title: the game is still the app's, unsaved
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert app.is_running, "the title's q quit without asking"
            assert _asking(app), app.screen


async def test_a_puzzle_quits_at_once(saves: Path) -> None:
    """A puzzle is never saved (its card starts it again): nothing to ask."""
    from saves import puzzles

    shipped = puzzles.load_all()
    app = apps.app(saves=saves, puzzle=(shipped, shipped[0]), marks_file=None)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit")
    assert app.return_code == 0


async def test_a_game_held_elsewhere_with_no_move_played_quits_at_once(
    held: Path, app: RajasApp, saves: Path
) -> None:
    # Its file holds it as it is: a second window that only looked loses nothing by quitting,
    # and leaves no rescued copy behind.
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert app.unsaved and not app.quitting_loses_moves
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not _asking(app)
    assert not list(saves.glob("rescued*"))
    await _played_then_back(saves, held)


async def _played_then_back(saves: Path, path: Path) -> None:
    """A move played in such a window is one its file does not hold: quitting would lose it."""
    app = _app_on(path, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _one_move(pilot, app)
        assert app.quitting_loses_moves
