"""The load dialog: the saves with their players, round and date."""

from __future__ import annotations

from pathlib import Path

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from rajas_tui.present import listing
from rajas_tui.present.listing import SaveLine
from rajas_tui.tui import bindings
from rajas_tui.tui.screens.dialog import Dialog
from saves import ReplaceUnconfirmed, SaveError, folder_problem, load


def _cut(text: str, width: int) -> str:
    """Text fitted to a column, cut with an ellipsis, so each save stays on one line."""
    return f"{text[: width - 1]}…" if len(text) > width else f"{text:<{width}}"


STATE, DATE = 9, 16  # "round 12", "finished"; "2026-12-02 07:27"
NARROWEST = 12  # a column cut no narrower than this while the other can give way


def columns(saves: list[SaveLine], room: int) -> tuple[int, int]:
    """The widths of the file name's and the players' columns in `room` cells: each as wide as
    its longest entry when both fit; else the players give way first (the file name mostly
    names them again), then the file name."""
    rest = room - STATE - DATE - 3
    names = max((len(save.name) for save in saves), default=0)
    players = max((len(save.players) for save in saves), default=0)
    if names + players <= rest:
        return names, players
    players = max(min(players, NARROWEST), rest - names)
    return max(NARROWEST, rest - players), players


def _name_cut(save: SaveLine, width: int) -> str:
    """The save's name fitted to its column. A save outside the saves folder gives up its folder
    from the left, keeping the file's name whole while it fits; cut further, it still begins
    `…/`, so the row still shows that the save lies elsewhere."""
    name = save.name
    if not save.elsewhere or len(name) <= width:
        return _cut(name, width)
    if len(save.path.stem) + 2 <= width:
        return f"…{name[1 - width :]}"
    return _cut(f"…/{save.path.stem}", width)


def line_of(save: SaveLine, widths: tuple[int, int]) -> str:
    """A save's row: its name (`SaveLine.name`), players, round and date, cut to `widths`."""
    state = "unreadable" if save.problem else "finished" if save.finished else f"round {save.round}"
    name, players = widths
    return f"{_name_cut(save, name)} {_cut(save.players, players)} {state:<{STATE}} {save.date}"


class SaveList(OptionList):
    """The saves, one a line: says when its size changes, as the lines are cut to its width."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


class LoadScreen(Dialog):
    BINDINGS = bindings.LOAD

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[Path] = []
        self.saves: list[SaveLine] = []  # kept to cut again on a resize, not listed again
        self.widths: tuple[int, int] | None = None  # the columns the lines are cut to

    def compose_body(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static("Load a game", classes="dialog-title")
            # File names and player names are shown as written, never read as markup.
            yield SaveList(id="saves", markup=False)
            keys = "Enter loads · <load.replay> replays · <dialog.cancel> cancels"
            yield Static(bindings.said(self.rajas.keymap, keys), classes="dim")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.add_option(Option("looking for saves…", disabled=True))
        menu.focus()
        self._list_saves()

    @work(thread=True, exclusive=True, group="load-listing")
    def _list_saves(self) -> list[SaveLine]:
        return listing.lines(self.rajas.saves_dir)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS and isinstance(event.worker.result, list):
            self._show(event.worker.result)

    def _show(self, saves: list[SaveLine]) -> None:
        self.saves, self.widths = saves, None
        self.paths = [line.path for line in saves]
        if saves:
            self._fit()
            return
        menu = self.query_one(OptionList)
        menu.clear_options()
        problem = folder_problem(self.rajas.saves_dir)
        menu.add_option(Option(problem or "no saves yet", disabled=True))

    def on_save_list_resized(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Fills the list with the saves' lines cut to its present width, unless they are cut
        so already; the highlighted save and the scroll position stay where they were."""
        menu = self.query_one(OptionList)
        widths = columns(self.saves, menu.scrollable_content_region.width)
        if not self.saves or widths == self.widths:
            return
        self.widths = widths
        highlighted, scrolled = menu.highlighted, menu.scroll_y
        menu.clear_options()
        menu.add_options([Option(line_of(line, widths)) for line in self.saves])  # one redraw
        menu.highlighted = highlighted or 0
        menu.scroll_to(y=scrolled, animate=False, immediate=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index >= len(self.paths):
            return
        path = self.paths[event.option_index]
        self.dismiss()
        self.rajas.open_save(path)

    def action_replay(self) -> None:
        """Steps through the highlighted save (`screens.replay`) without opening it for play."""
        index = self.query_one(OptionList).highlighted
        if index is None or index >= len(self.paths):
            self.rajas.notify("There is no save to replay here.", severity="warning", markup=False)
            return
        path = self.paths[index]
        try:
            game = load(path)
        except SaveError as error:  # it names the file
            self.rajas.notify(str(error), severity="error", markup=False)
            return
        self.rajas.note_rules(game)
        self.rajas.open_replay(game)  # over the dialog: its Escape comes back here


class SaveAsScreen(Dialog):
    def compose_body(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Save as", classes="dialog-title")
            yield Input(placeholder="file name, e.g. friday-game", id="save-name")
            yield Static("", id="dialog-error", markup=False)
            yield Static("Enter saves · Escape cancels", classes="dim")

    def on_mount(self) -> None:
        self.confirmed = ""  # the name whose existing save the player was asked about
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.confirmed = ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            return
        try:
            path = self.rajas.save_as(name, replace=name == self.confirmed)
        except ReplaceUnconfirmed as question:
            self.confirmed = name
            self.query_one("#dialog-error", Static).update(str(question))
            return
        except SaveError as error:
            self.query_one("#dialog-error", Static).update(str(error))
            return
        self.dismiss()
        self.app.notify(f"Saved to {path}", markup=False)
