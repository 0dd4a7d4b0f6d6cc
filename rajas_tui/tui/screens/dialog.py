"""What every dialog shares: its keys, Escape to cancel, and a footer of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Footer

from rajas_tui.tui import bindings

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp


class Dialog(ModalScreen[None]):
    """A modal dialog: subclasses compose their body in `compose_body`."""

    BINDINGS = bindings.DIALOG

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        # The dialog's own footer: without it the keys of the screen beneath show through.
        yield Footer()

    def compose_body(self) -> ComposeResult:
        raise NotImplementedError

    def action_cancel(self) -> None:
        self.dismiss()
