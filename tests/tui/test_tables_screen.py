"""The title's Tables screen: it lists the shared tables with their seats (in a worker), joins a
free seat and watches as `rajas join` and `rajas watch` do (the same seat held, the same seat's
view, actions through the table's protocol), refuses a seat taken, and says in one sentence what
is wrong with an empty folder or a broken table file. A new table is made from the new-game
dialog, and its maker takes seat A."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._footer import FooterKey

import rules
import saves
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.screens.newgame import NewGameScreen
from rajas_tui.tui.screens.tables import TablesScreen
from rajas_tui.tui.screens.title import TitleScreen
from rajas_tui.tui.table import LEAVE_FIRST, WATCHERS, TableScreen
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


def make_table(folder: Path, name: str = "friday", seed: int = 1) -> Path:
    """Asha (A) and Bela (B) human, Chand (C) a random bot; Asha to act first."""
    seats = (Seat("Asha"), Seat("Bela"), Seat("Chand", "random"))
    path = tables.table_path(folder, name)
    tables.create(path, saves.start_game(Setup(seats, seed=seed)))
    return path


def app_for(folder: Path, saves_dir: Path) -> RajasApp:
    return apps.app(saves=saves_dir, tables_dir=folder)


def lines(app: RajasApp) -> list[str]:
    menu = app.screen.query_one("#tables-menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def open_tables(pilot: Pilot[None], app: RajasApp) -> None:
    await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
    await pilot.press("t")
    await apps.until(pilot, lambda: isinstance(app.screen, TablesScreen), "the tables screen")
    await apps.until(pilot, lambda: "looking for tables…" not in lines(app), "the listing")


async def choose(pilot: Pilot[None], app: RajasApp, starts: str) -> None:
    """Highlights the first line that starts with `starts` (after its spaces)."""
    menu = app.screen.query_one("#tables-menu", OptionList)
    shown = [line.strip() for line in lines(app)]
    menu.highlighted = next(i for i, line in enumerate(shown) if line.startswith(starts))
    await pilot.pause()


async def test_the_tables_are_listed_with_each_seat(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    path = make_table(folder)
    make_table(folder, "sunday", seed=5)  # Bela to act first
    held = tables.join(path, 1)  # Bela plays friday in another terminal
    try:
        app = app_for(folder, saves)
        async with app.run_test(size=apps.SMALL) as pilot:
            await open_tables(pilot, app)
            assert lines(app) == [
                "friday  round 1, Asha to act",
                "   A  Asha             free: Enter joins",
                "   B  Bela             taken",
                "   C  Chand            bot (random)",
                "sunday  round 1, Bela to act",
                "   A  Asha             free: Enter joins",
                "   B  Bela             free: Enter joins",
                "   C  Chand            bot (random)",
            ]
            menu = app.screen.query_one("#tables-menu", OptionList)
            assert menu.highlighted == 1, "the first free seat is where Enter joins"
            assert menu.get_option_at_index(3).disabled, "a bot's seat is nobody's to join"
    finally:
        held.leave()


@pytest.mark.slow
async def test_joining_a_free_seat_is_rajas_join(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    path = make_table(folder)
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        await pilot.press("enter")  # the first free seat: Asha's
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "the seat's screen")
        sitting = app.sitting
        assert sitting is not None and sitting.seat == 0 and sitting.table == path
        assert tables.connected(path, 0), "the seat is held, as `rajas join` holds it"
        real = tables.read(path)
        assert app.shown.state == rules.seat_view(real.state, 0), "the seat's view, no more"
        assert app.shown.setup.seed != real.setup.seed, "and no seed to set the game up from"
        assert app.file.path is None, "no save of the app's own: the table is the file"
        # An action goes through the table's protocol: it is in the table's file.
        app.commit(rules.legal_actions(real.state)[0])
        await apps.until(pilot, lambda: len(tables.read(path).log) >= 1, "the action written")
        await apps.until(pilot, lambda: len(sitting.real.log) >= 1, "and shown")
        # No other game while at the table.
        app.action_new_game()
        await apps.until(pilot, lambda: LEAVE_FIRST in apps.notices(app), "no new game at a table")
        app.leave_table()
        await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "back at the title")
        await apps.until(pilot, lambda: app.game is None, "the seat's view gone with the seat")
        assert app.sitting is None
        assert not tables.connected(path, 0), "the seat is free again"


async def test_a_seat_taken_is_refused_in_one_sentence(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    path = make_table(folder)
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        await choose(pilot, app, "A  Asha")
        held = tables.join(path, 0)  # taken meanwhile, from another terminal
        try:
            await pilot.press("enter")
            sentence = "Seat A of friday is open in another rajas already."
            await apps.until(pilot, lambda: sentence in apps.notices(app), "the refusal")
            assert isinstance(app.screen, TablesScreen) and app.sitting is None
            await apps.until(
                pilot, lambda: "   A  Asha             taken" in lines(app), "listed again"
            )
        finally:
            held.leave()


@pytest.mark.slow
async def test_watching_is_rajas_watch(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    path = make_table(folder)
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        await pilot.press("w")
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "the table, watched")
        sitting = app.sitting
        assert sitting is not None and sitting.seat is None
        assert tables.watching(path) == 1
        real = tables.read(path)
        assert app.shown.state == rules.seat_view(real.state, None)
        await pilot.pause()
        # Only the keys that look, and Escape, which leaves the table for the title.
        footer = app.screen.query_one(Footer).query(FooterKey)
        assert [key.description for key in footer] == ["next pane", "back", "help", "palette"]
        await pilot.press("q")
        await apps.until(pilot, lambda: WATCHERS in apps.notices(app), "a watcher's key refused")
        # A move made at the table shows here.
        tables.act(path, 0, rules.legal_actions(real.state)[0], tables.seen(real))
        await apps.until(pilot, lambda: len(app.shown.log) == 1, "the move shown")
        await pilot.press("escape")  # a watcher from the title leaves by Escape
        await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "back at the title")
        assert tables.watching(path) == 0


async def test_an_empty_folder_says_so(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "none-yet"
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        assert lines(app) == [f"no tables in {folder}"]
        await pilot.press("w")
        await apps.until(
            pilot, lambda: "There is no table here to watch." in apps.notices(app), "said"
        )
        # The line under the list offers Enter: with no seat to join, it says so too.
        await pilot.press("enter")
        await apps.until(
            pilot, lambda: "There is no table here to join." in apps.notices(app), "said"
        )
        assert isinstance(app.screen, TablesScreen)
        await pilot.press("escape")
        await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "back at the title")


async def test_a_broken_table_is_one_sentence(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    make_table(folder)
    (folder / "broken.toml").write_text("this is no table\n")
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        broken = next(line for line in lines(app) if line.startswith("broken"))
        assert broken.startswith("broken  unreadable: ")
        sentence = broken.removeprefix("broken  unreadable: ")
        assert "\n" not in sentence and "Traceback" not in sentence
        await choose(pilot, app, "broken")
        await pilot.press("enter")
        await apps.until(
            pilot, lambda: apps.notices(app) == [sentence], "the broken table's sentence"
        )
        await pilot.press("w")
        await pilot.pause()
        assert apps.notices(app) == [sentence], "and again for watching it (shown once: the same)"
        assert isinstance(app.screen, TablesScreen) and app.sitting is None


async def test_a_table_gone_is_one_sentence(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    path = make_table(folder)
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await open_tables(pilot, app)
        path.unlink()
        await pilot.press("enter")
        sentence = f"There is no table friday in {folder}."
        await apps.until(pilot, lambda: sentence in apps.notices(app), "the refusal")
        await apps.until(pilot, lambda: lines(app) == [f"no tables in {folder}"], "listed again")
        assert app.sitting is None


async def test_the_tables_are_listed_in_a_worker(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tables"
    make_table(folder)
    go, threads = threading.Event(), []
    real = tables.list_tables

    def waiting(where: Path) -> list[tables.TableSummary]:
        threads.append(threading.current_thread())
        go.wait(timeout=5)
        return real(where)

    monkeypatch.setattr(tables, "list_tables", waiting)
    app = app_for(folder, saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await pilot.press("t")
        await apps.until(pilot, lambda: isinstance(app.screen, TablesScreen), "the tables screen")
        assert lines(app) == ["looking for tables…"], "drawn before the listing arrives"
        go.set()
        await apps.until(pilot, lambda: len(lines(app)) == 4, "the listing")
        assert threads and all(t is not threading.main_thread() for t in threads)


async def new_table_dialog(pilot: Pilot[None], app: RajasApp) -> None:
    await open_tables(pilot, app)
    await pilot.press("n")
    await apps.until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the dialog")
    assert app.focused is app.screen.query_one("#table-name", Input)


@pytest.mark.slow
async def test_a_new_table_is_made_and_seat_a_taken(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    app = apps.app(saves=saves, tables_dir=folder, seed=1)
    async with app.run_test(size=apps.SMALL) as pilot:
        await new_table_dialog(pilot, app)
        await pilot.press(*"Friday!", "enter")  # what a table's name cannot hold is not typed
        await apps.until(pilot, lambda: isinstance(app.screen, TableScreen), "seat A, taken")
        path = folder / "riday.toml"
        real = tables.read(path)
        assert [(s.name, s.kind) for s in real.setup.seats] == [
            ("Asha", "human"),
            ("Bela", "normal"),
        ]
        assert real.setup.seed == 1
        sitting = app.sitting
        assert sitting is not None and sitting.seat == 0 and sitting.table == path
        assert tables.connected(path, 0)
        assert app.shown.state == rules.seat_view(real.state, 0)
        assert list(saves.iterdir()) == [], "no save of the app's own"


@pytest.mark.slow
async def test_a_new_table_refuses_a_name_taken_or_missing(tmp_path: Path, saves: Path) -> None:
    folder = tmp_path / "tables"
    make_table(folder)
    app = apps.app(saves=saves, tables_dir=folder, seed=1)
    async with app.run_test(size=apps.SMALL) as pilot:
        await new_table_dialog(pilot, app)
        error = app.screen.query_one("#dialog-error", Static)
        app.screen.start()
        await pilot.pause()
        assert str(error.content) == "Name the table: lower-case letters, digits, '-' or '_'."
        await pilot.press(*"friday", "enter")
        sentence = "There is already a table friday; choose another name."
        await apps.until(pilot, lambda: str(error.content) == sentence, "the name taken")
        assert isinstance(app.screen, NewGameScreen) and app.sitting is None
        kind = app.screen.query_one("#kind-0", Select)
        kind.value = "random"
        app.screen.query_one("#table-name", Input).value = "saturday"
        app.screen.start()
        await pilot.pause()
        assert str(error.content) == "Seat A is yours at the table: make it human."
        assert not (folder / "saturday.toml").exists()
