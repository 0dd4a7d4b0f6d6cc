"""The title screen: new game, continue the last unfinished autosave, load a save, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .. import bindings, session

if TYPE_CHECKING:
    from ..app import RajasApp

LOGO = """\
 ╦═╗ ╔═╗   ╦ ╔═╗ ╔═╗
 ╠╦╝ ╠═╣   ║ ╠═╣ ╚═╗
 ╩╚═ ╩ ╩ ╚═╝ ╩ ╩ ╚═╝"""


class TitleScreen(Screen[None]):
    BINDINGS = bindings.TITLE

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static("of the Ganges — in the terminal, by keyboard", id="subtitle")
            with Center():
                yield OptionList(id="title-menu")
            yield Static(id="title-note")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_resize(self) -> None:
        self.rajas._check_size()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        menu.clear_options()
        last = self.rajas.last_unfinished()
        saves = session.list_saves(self.rajas.saves_dir)
        menu.add_options(
            [
                Option("New game            n", id="new"),
                Option(
                    "Continue            c" + ("" if last else "  (no unfinished game)"),
                    id="continue",
                    disabled=last is None,
                ),
                Option(
                    "Load                l" + ("" if saves else "  (no saves yet)"),
                    id="load",
                    disabled=not saves,
                ),
                Option("Quit                q", id="quit"),
            ]
        )
        menu.highlighted = 1 if last else 0
        count = len(saves)
        note = f"{count} save{'s' if count != 1 else ''} in the saves folder" if saves else ""
        self.query_one("#title-note", Static).update(note)
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        getattr(self, f"action_{event.option.id}")()

    def action_new(self) -> None:
        self.rajas.action_new_game()

    def action_continue(self) -> None:
        last = self.rajas.last_unfinished()
        if last is not None:
            self.rajas.open_save(last)

    def action_load(self) -> None:
        self.rajas.action_load()

    def action_quit(self) -> None:
        # Not async: the title menu calls its actions directly, and a coroutine never awaited
        # would quit nothing.
        self.app.exit()
