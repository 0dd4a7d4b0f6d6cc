"""The title screen: new game, continue the last unfinished autosave, load a save, the guided
first game, the puzzles, the shared tables, quit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from textual import work
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from rajas_tui.present import listing, text
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp

LOGO = """\
 ╦═╗ ╔═╗   ╦ ╔═╗ ╔═╗
 ╠╦╝ ╠═╣   ║ ╠═╣ ╚═╗
 ╩╚═ ╩ ╩ ╚═╝ ╩ ╩ ╚═╝"""
# In ASCII the screen's filter would make each corner of the double lines a `+`: unreadable.
ASCII_LOGO = r"""
 ___    _       _   _   ___
| _ \  /_\   _ | | /_\ / __|
|   / / _ \ | || |/ _ \\__ \
|_|_\/_/ \_\ \__//_/ \_\___/""".lstrip("\n")


class Logo(Static):
    """The logo in the glyph set in use (the palette can switch it while the title shows)."""

    def render(self) -> str:
        return ASCII_LOGO if text.G.ascii else LOGO


@attrs.frozen
class Listing:
    """What the title shows of the saves folder: the game to continue, how many saves Load
    lists and the note that says where they are."""

    last: Path | None
    count: int
    note: str


def list_folder(app: RajasApp) -> Listing:
    """Reads the saves folder (headers only, but thousands of files): run it off the UI."""
    saves, last = listing.survey(app.saves_dir)
    return Listing(last, len(saves), listing.count_words(saves))


class TitleScreen(Screen[None]):
    BINDINGS = bindings.TITLE

    def __init__(self) -> None:
        super().__init__()
        self.listing: Listing | None = None  # None until the first listing arrives

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Logo(id="logo")
            yield Static("of the Ganges — in the terminal, by keyboard", id="subtitle")
            with Center():
                yield OptionList(id="title-menu")
            yield Static(id="title-note")
        yield Footer()

    def on_mount(self) -> None:
        self.rajas.title_shown()
        self.refresh_menu()

    def on_resize(self) -> None:
        self.rajas._check_size()

    def on_screen_resume(self) -> None:
        self.rajas.title_shown()
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """Shows the menu now, from the last listing (or as still looking), and lists the
        folder again in a thread; the menu is redrawn when that listing arrives."""
        self._show_menu()
        self._list_saves()

    @work(thread=True, exclusive=True, group="title-listing")
    def _list_saves(self) -> Listing:
        return list_folder(self.rajas)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        result = event.worker.result
        if event.state == WorkerState.SUCCESS and isinstance(result, Listing):
            self.listing = result
            self._show_menu()

    def _show_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        # The listing can arrive after the player moved the cursor: their choice stays.
        moved_to = None
        if menu.option_count and menu.highlighted:
            moved_to = menu.get_option_at_index(menu.highlighted).id
        menu.clear_options()
        listing = self.listing
        if listing is None:
            menu.add_options(
                [
                    Option("New game            n", id="new"),
                    Option(
                        "Continue            c  (looking for saves…)", id="continue", disabled=True
                    ),
                    Option("Load                l", id="load"),
                    Option("Learn               e  (a guided first game)", id="learn"),
                    Option("Puzzles             p", id="puzzles"),
                    Option("Tables              t  (shared games)", id="tables"),
                    Option("Quit                q", id="quit"),
                ]
            )
            menu.highlighted = 0
            menu.focus()
            return
        last, saves = listing.last, listing.count
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
                Option("Learn               e  (a guided first game)", id="learn"),
                Option("Puzzles             p", id="puzzles"),
                Option("Tables              t  (shared games)", id="tables"),
                Option("Quit                q", id="quit"),
            ]
        )
        menu.highlighted = 1 if last else 0
        if moved_to is not None and not menu.get_option(moved_to).disabled:
            menu.highlighted = menu.get_option_index(moved_to)
        self.query_one("#title-note", Static).update(listing.note)
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        getattr(self, f"action_{event.option.id}")()

    def action_new(self) -> None:
        self.rajas.action_new_game()

    def action_continue(self) -> None:
        if self.listing is None:
            self.notify("Still looking for saves; try again in a moment.", markup=False)
            return
        if self.listing.last is None:
            self.notify(
                "There is no unfinished game to continue: n starts a new one.",
                severity="warning",
                markup=False,
            )
            return
        self.rajas.open_save(self.listing.last)

    def action_load(self) -> None:
        self.rajas.action_load()

    def action_learn(self) -> None:
        self.rajas.start_tutorial()

    def action_puzzles(self) -> None:
        self.rajas.action_puzzles()

    def action_tables(self) -> None:
        self.rajas.action_tables()

    def action_quit(self) -> None:
        # Not async: the title menu calls its actions directly, and a coroutine never awaited
        # would quit nothing.
        self.rajas.quit_or_ask()
