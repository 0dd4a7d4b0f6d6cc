"""The tables screen, opened from the title: the shared tables in the tables folder with each
one's seats, to join a free seat or watch, as `rajas join` and `rajas watch` do (`table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer
from saves import tables

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp
    from rajas_tui.tui.table import Seated

LISTING = "tables-listing"
SITTING_DOWN = "tables-sit-down"
NAME_WIDTH = 16


@attrs.frozen
class Row:
    """What a line of the list stands for: a table (Enter watches it) or one of its seats
    (Enter joins it); `problem` for a table that cannot be read."""

    table: str
    seat: str | None = None
    problem: str | None = None
    free: bool = False  # a human seat nobody holds


def _cut(text: str, width: int) -> str:
    return f"{text[: width - 1]}…" if len(text) > width else f"{text:<{width}}"


def rows(found: list[tables.TableSummary]) -> list[tuple[str, Row, bool]]:
    """Each line of the list: its words, what it stands for, and whether Enter does anything
    there (a bot's seat: nothing)."""
    lines: list[tuple[str, Row, bool]] = []
    for table in found:
        if table.problem is not None:
            words = f"{table.name}  unreadable: {table.problem}"
            lines.append((words, Row(table.name, problem=table.problem), True))
            continue
        watched = f" · {table.watchers} watching" if table.watchers else ""
        lines.append((f"{table.name}  {table.where}{watched}", Row(table.name), True))
        for seat in table.seats:
            free = seat.is_human and not seat.here
            what = "free: Enter joins" if free else seat.word
            words = f"   {seat.letter}  {_cut(seat.name, NAME_WIDTH)} {what}"
            lines.append((words, Row(table.name, seat.letter, free=free), seat.is_human))
    return lines


class TablesScreen(Screen[None]):
    """The shared tables and their seats; Enter joins the seat highlighted (or watches the
    table), w watches its table."""

    BINDINGS = bindings.TABLES

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.listed = False  # the first listing is the mount's; a return lists again

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="tables-box"):
            yield Static("Tables", classes="dialog-title")
            # Table and player names are shown as written, never read as markup.
            yield OptionList(id="tables-menu", markup=False)
            yield Static(
                "Enter joins the seat highlighted; on a table's name, watches it", classes="dim"
            )
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.add_option(Option("looking for tables…", disabled=True))
        menu.focus()
        self._list()

    def on_screen_resume(self) -> None:
        if self.listed:
            self._list()

    @work(thread=True, exclusive=True, group=LISTING)
    def _list(self) -> list[tables.TableSummary]:
        return tables.list_tables(self.rajas.tables_dir)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        group = event.worker.group
        if group == LISTING and event.state == WorkerState.SUCCESS:
            self._show(event.worker.result)  # type: ignore[arg-type]
        elif group == LISTING and event.state == WorkerState.ERROR:
            self._show([], f"The tables could not be listed: {event.worker.error}")
        elif group == SITTING_DOWN and event.state == WorkerState.SUCCESS:
            self._sat_down(event.worker.result)  # type: ignore[arg-type]
        elif group == SITTING_DOWN and event.state == WorkerState.ERROR:
            error = event.worker.error
            sentence = (
                tables.sentence(error) if isinstance(error, tables.TableError) else f"{error}."
            )
            self.notify(sentence, severity="warning", markup=False)
            self._list()  # the seat taken meanwhile, the table gone: the list shows it now

    def _show(self, found: list[tables.TableSummary], problem: str | None = None) -> None:
        self.listed = True
        menu = self.query_one(OptionList)
        moved_to = self._highlighted()  # a listing again keeps the player's place
        menu.clear_options()
        lines = rows(found)
        self.rows = [row for _, row, _ in lines]
        menu.add_options([Option(words, disabled=not acts) for words, _, acts in lines])
        if not lines:
            menu.add_option(
                Option(problem or f"no tables in {self.rajas.tables_dir}", disabled=True)
            )
            return
        free = [i for i, row in enumerate(self.rows) if row.free]
        start = free[0] if free else 0
        if moved_to is not None:
            place = (moved_to.table, moved_to.seat)
            start = next((i for i, r in enumerate(self.rows) if (r.table, r.seat) == place), start)
        menu.highlighted = start

    def _highlighted(self) -> Row | None:
        index = self.query_one(OptionList).highlighted
        return self.rows[index] if index is not None and index < len(self.rows) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self.rows):
            row = self.rows[event.option_index]
            self._sit_down(row, row.seat)

    def on_key(self, event: events.Key) -> None:
        """Enter is the list's own key, which does nothing where there is no line to choose:
        the screen says so, as `w` does, since its line offers Enter."""
        if event.key == "enter" and self._highlighted() is None:
            event.stop()
            self.notify("There is no table here to join.", severity="warning", markup=False)

    def action_watch(self) -> None:
        row = self._highlighted()
        if row is None:
            self.notify("There is no table here to watch.", severity="warning", markup=False)
            return
        self._sit_down(row, None)

    def action_refresh(self) -> None:
        self._list()

    def action_new(self) -> None:
        """The new-game dialog, making a table and taking its seat A."""
        from rajas_tui.tui.screens.newgame import NewGameScreen

        self.app.push_screen(NewGameScreen(self.rajas.new_game_seed, table=True))

    def action_back(self) -> None:
        self.app.pop_screen()

    def _sit_down(self, row: Row, seat: str | None) -> None:
        """Joins `seat` of the row's table (None: watches it) in a worker: the seat's file may
        be held for a moment by a listing elsewhere."""
        if row.problem is not None:
            self.notify(row.problem, severity="warning", markup=False)
            return
        if any(
            w.node is self and w.group == SITTING_DOWN and not w.is_finished for w in self.workers
        ):
            self.notify("Still sitting down at a table.", markup=False)
            return
        self._take(row.table, seat)

    @work(thread=True, group=SITTING_DOWN, exit_on_error=False)
    def _take(self, name: str, seat: str | None) -> Seated:
        from rajas_tui.tui.table import sit_down

        return sit_down(name, seat, self.rajas.tables_dir)

    def _sat_down(self, seated: Seated) -> None:
        if not self.is_current:  # the player went elsewhere meanwhile: the seat is let go
            seated.presence.leave()
            return
        self.rajas.sit_at(seated)
