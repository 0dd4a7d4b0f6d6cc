"""Asked on quitting a game that is not saved (`RajasApp.quit_or_ask`): Save as, then quit;
quit anyway, losing the moves not saved; or back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp

SAYS = (
    "This game is not saved: if you quit now, the moves played since it was last saved are "
    "lost. Save as writes it to a file of its own first."
)
KEYS = (
    "<quit.save_as> save as, then quit · <quit.quit> quit anyway, losing them · <quit.cancel> back"
)


class QuitScreen(ModalScreen[None]):
    BINDINGS = bindings.QUIT

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        keymap = self.rajas.keymap
        with Vertical(id="dialog"):
            yield Static("Quit without saving?", classes="dialog-title")
            yield Static(bindings.said(keymap, SAYS), markup=False)
            yield Static(bindings.said(keymap, KEYS), id="quit-keys", classes="dim", markup=False)
        # Its own footer: without it the keys of the screen beneath show through.
        yield Footer()

    def action_save_as(self) -> None:
        self.dismiss()
        self.rajas.save_then_quit()

    def action_quit(self) -> None:
        self.rajas.quit_anyway()

    def action_cancel(self) -> None:
        self.dismiss()
