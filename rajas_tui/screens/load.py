"""The load dialog: the saves with their players, round and date."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from .. import session
from .dialog import Dialog


def _cut(text: str, width: int) -> str:
    """Text fitted to a column, cut with an ellipsis, so each save stays on one line at 80×24."""
    return f"{text[: width - 1]}…" if len(text) > width else f"{text:<{width}}"


class LoadScreen(Dialog):
    def compose_body(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Load a game", classes="dialog-title")
            # File names and player names are shown as written, never read as markup.
            yield OptionList(id="saves", markup=False)
            yield Static("Enter loads · Escape cancels", classes="dim")

    def on_mount(self) -> None:
        saves = session.list_saves(self.rajas.saves_dir)
        menu = self.query_one(OptionList)
        self.paths = [line.path for line in saves]
        for line in saves:
            state = "finished" if line.finished else f"round {line.round}"
            if line.problem:
                state = "unreadable"
            name, players = _cut(line.path.stem, 16), _cut(line.players, 24)
            menu.add_option(Option(f"{name} {players} {state:<9} {line.date}"))
        if not saves:
            menu.add_option(Option("no saves yet", disabled=True))
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths[event.option_index]
        self.dismiss()
        self.rajas.open_save(path)


class SaveAsScreen(Dialog):
    def compose_body(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Save as", classes="dialog-title")
            yield Input(placeholder="file name, e.g. friday-game", id="save-name")
            yield Static("", id="dialog-error", markup=False)
            yield Static("Enter saves · Escape cancels", classes="dim")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            return
        try:
            path = self.rajas.save_as(name)
        except session.SessionError as error:
            self.query_one("#dialog-error", Static).update(str(error))
            return
        self.dismiss()
        self.app.notify(f"Saved to {path}")
