"""A game that is not saved (its file held by another rajas, refused, or its last write failed)
and ends without the quit dialog (a hang-up, SIGTERM, any exit but `quit_or_ask`) is written once
to a new `rescued-*.toml` in the saves folder: an ordinary save that Load lists and that plays
on. A saved game, a puzzle and a table seat write none, nor does "quit anyway"."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.tui import ending
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps
from tests.tui.test_robust import Terminal

TWO_HUMANS = [("Asha", "human"), ("Bela", "human")]


def _file(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "g1.toml"
    save_layer.save(apps.new_game(TWO_HUMANS, 42), path)
    return path


def _rescued(saves: Path) -> list[Path]:
    return sorted(saves.glob("rescued*.toml"))


async def _moves(pilot: object, app: RajasApp, count: int) -> None:
    """Plays `count` actions on the game shown, each shown before the next."""
    await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")  # type: ignore[arg-type]
    played = len(app.shown.log) + count
    for _ in range(count):
        app.commit(rules.legal_actions(app.newest.state)[0])  # type: ignore[union-attr]
    await apps.until(pilot, lambda: len(app.shown.log) == played, "the moves shown")  # type: ignore[arg-type]


async def _hang_up(pilot: object, app: RajasApp) -> None:
    """What the ending thread does on SIGHUP (`ending`), without the timer that ends the
    process: bots stopped, what was played kept, the app asked to exit."""
    deadline = time.monotonic() + ending.HANG_UP_SECONDS
    await asyncio.to_thread(ending.end, app, 128 + signal.SIGHUP, deadline)
    await apps.until(pilot, lambda: not app.is_running, "the app ended")  # type: ignore[arg-type]


def _plays_on(path: Path, log: tuple[save_layer.LogEntry, ...]) -> None:
    """`path` is a save holding `log`, that the Load list shows and that plays on."""
    rescued = save_layer.load(path)
    assert rescued.log == log
    assert path in [summary.path for summary in save_layer.list_saves(path.parent)]
    save_layer.play(rescued, rules.legal_actions(rescued.state)[0])


@pytest.mark.asyncio
async def test_a_hang_up_rescues_a_game_whose_file_another_rajas_holds(
    tmp_path: Path, saves: Path
) -> None:
    path = _file(tmp_path / "games")
    other = save_layer.claim(path)
    try:
        app = apps.app(save_layer.load(path), saves=saves, path=path)
        async with app.run_test(size=apps.SMALL) as pilot:
            await _moves(pilot, app, 3)
            assert app.unsaved
            log = app.shown.log
            await _hang_up(pilot, app)
        assert app.return_code == 129
        assert _rescued(saves) == [saves / "rescued-g1.toml"], "written once, named for its file"
        _plays_on(saves / "rescued-g1.toml", log)
        assert save_layer.last_unfinished(saves) == saves / "rescued-g1.toml", "Continue offers it"
        assert save_layer.load(path).log == (), "the other rajas's file is left alone"
    finally:
        other.release()


@pytest.mark.asyncio
async def test_a_rescue_never_replaces_a_file(tmp_path: Path, saves: Path) -> None:
    path = _file(tmp_path / "games")
    earlier = saves / "rescued-g1.toml"
    earlier.write_text("not a save\n")
    other = save_layer.claim(path)
    try:
        app = apps.app(save_layer.load(path), saves=saves, path=path)
        async with app.run_test(size=apps.SMALL) as pilot:
            await _moves(pilot, app, 1)
            log = app.shown.log
            await _hang_up(pilot, app)
        assert earlier.read_text() == "not a save\n"
        assert _rescued(saves) == [saves / "rescued-g1-2.toml", earlier]
        _plays_on(saves / "rescued-g1-2.toml", log)
    finally:
        other.release()


@pytest.mark.asyncio
async def test_a_hang_up_after_a_failed_write_rescues_the_moves(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path / "games")
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _moves(pilot, app, 1)
        real_save = save_layer.gamefile.save

        def full_disk(game: save_layer.Game, where: Path, **options: object) -> None:
            if Path(where) == path:
                raise save_layer.SaveError(f"{path}: cannot be written (No space left on device).")
            real_save(game, where, **options)  # type: ignore[arg-type]

        monkeypatch.setattr(save_layer.gamefile, "save", full_disk)
        await _moves(pilot, app, 2)
        assert app.unsaved
        log = app.shown.log
        await _hang_up(pilot, app)
    assert len(save_layer.load(path).log) == 1, "the file holds the game as it was"
    assert _rescued(saves) == [saves / "rescued-g1.toml"]
    _plays_on(saves / "rescued-g1.toml", log)


@pytest.mark.asyncio
async def test_an_exit_that_did_not_ask_rescues_the_game(tmp_path: Path, saves: Path) -> None:
    """Any end but the quit dialog's (an unhandled error, say) keeps the moves too."""
    path = _file(tmp_path / "games")
    other = save_layer.claim(path)
    try:
        app = apps.app(save_layer.load(path), saves=saves, path=path)
        async with app.run_test(size=apps.SMALL) as pilot:
            await _moves(pilot, app, 2)
            log = app.shown.log
            app.exit(return_code=1)
            await apps.until(pilot, lambda: not app.is_running, "the app ended")
        _plays_on(saves / "rescued-g1.toml", log)
    finally:
        other.release()


@pytest.mark.asyncio
async def test_quit_anyway_rescues_nothing(tmp_path: Path, saves: Path) -> None:
    path = _file(tmp_path / "games")
    other = save_layer.claim(path)
    try:
        app = apps.app(save_layer.load(path), saves=saves, path=path)
        async with app.run_test(size=apps.SMALL) as pilot:
            await _moves(pilot, app, 1)
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("q")
            await apps.until(pilot, lambda: not app.is_running, "the app quit")
        assert _rescued(saves) == [], "the player chose to lose the moves"
    finally:
        other.release()


@pytest.mark.asyncio
async def test_a_saved_games_hang_up_rescues_nothing(tmp_path: Path, saves: Path) -> None:
    path = _file(tmp_path / "games")
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _moves(pilot, app, 2)
        assert not app.unsaved
        await _hang_up(pilot, app)
    assert app.return_code == 129
    assert len(save_layer.load(path).log) == 2
    assert _rescued(saves) == []


@pytest.mark.asyncio
async def test_a_puzzles_hang_up_rescues_nothing(saves: Path) -> None:
    """A puzzle is never saved by design: its card starts it again."""
    from saves import puzzles

    shipped = puzzles.load_all()
    app = apps.app(saves=saves, puzzle=(shipped, shipped[0]), marks_file=None)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.commit(rules.legal_actions(app.shown.state)[0])
        await pilot.pause()
        await _hang_up(pilot, app)
    assert app.return_code == 129
    assert list(saves.iterdir()) == []


@pytest.mark.asyncio
async def test_a_rescue_that_cannot_be_written_still_ends_the_app(tmp_path: Path) -> None:
    path = _file(tmp_path / "games")
    saves = tmp_path / "saves"
    saves.write_text("a file where the saves folder should be\n")
    other = save_layer.claim(path)
    try:
        app = apps.app(save_layer.load(path), saves=saves, path=path)
        async with app.run_test(size=apps.SMALL) as pilot:
            await _moves(pilot, app, 1)
            await _hang_up(pilot, app)
        assert app.return_code == 129
        assert not list(tmp_path.glob("**/rescued*"))
    finally:
        other.release()


@pytest.mark.slow
def test_sighup_rescues_an_unsaved_game(tmp_path: Path) -> None:
    """The whole way, in a terminal: the connection drops, SIGHUP, the process ends within its
    deadline with the moves in a rescued save."""
    path = _file(tmp_path / "games")
    shown = tmp_path / "shown"
    code = (
        "import pathlib, rules, saves\n"
        "import rajas_tui.tui.app as tui\n"
        f"path, shown = pathlib.Path({str(path)!r}), pathlib.Path({str(shown)!r})\n"
        "started = tui.RajasApp._started\n"
        "def play_one(self):\n"
        "    started(self)\n"
        "    self.commit(rules.legal_actions(self.shown.state)[0])\n"
        "    self.call_after_refresh(shown.touch)\n"
        "tui.RajasApp._started = play_one\n"
        "sys.exit(tui.run(path, saves.load(path)))"
    )
    other = save_layer.claim(path)
    terminal = Terminal(tmp_path, code)
    try:
        deadline = time.monotonic() + 30
        while not shown.exists() and time.monotonic() < deadline:
            terminal.drain()
            time.sleep(0.05)
        assert shown.exists(), terminal.output[-600:]
        terminal.hang_up()
        exit_code = terminal.wait()
    finally:
        terminal.close()
        other.release()
    assert exit_code == 129
    rescued = tmp_path / "saves" / "rescued-g1.toml"
    assert len(save_layer.load(rescued).log) == 1
    assert save_layer.load(path).log == ()
    assert not os.path.exists(tmp_path / "saves" / "g1.toml")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_table_seats_hang_up_rescues_nothing(tmp_path: Path, saves: Path) -> None:
    """A table writes every action itself: the seat's view is no game of the app's to keep."""
    from rajas_tui.tui.table import TableScreen
    from saves import tables
    from tests.tui.test_tables_screen import make_table, open_tables

    folder = tmp_path / "tables"
    path = make_table(folder)
    app = apps.app(saves=saves, tables_dir=folder)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        await pilot.press("enter")  # Asha's seat
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "the seat's screen")
        app.commit(rules.legal_actions(tables.read(path).state)[0])
        await apps.until(pilot, lambda: len(tables.read(path).log) >= 1, "the action written")
        assert app.newest is not None and app.file.path is None
        await _hang_up(pilot, app)
    assert _rescued(saves) == []
