"""What every dialog shares: its keys, Escape to cancel, and a footer of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label

from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp


FOCUS_MARK = ">"


class FieldLabel(Label):
    """A field's name at the left of its row, marked ">" while a widget of the row has the
    focus: the focus shows without colour (NO_COLOR, 16-colour terminals)."""

    def __init__(self, text: str, *, classes: str | None = None) -> None:
        super().__init__(f"  {text}", markup=False, classes=classes)
        self.text = text
        self.marked = False

    def mark(self, on: bool) -> None:
        if on != self.marked:
            self.marked = on
            self.update(f"{FOCUS_MARK if on else ' '} {self.text}")


def holds(row: DOMNode | None, widget: Widget) -> bool:
    """Whether `widget` is `row` or lies inside it."""
    node: DOMNode | None = widget
    while node is not None:
        if node is row:
            return True
        node = node.parent
    return False


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

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        for label in self.query(FieldLabel):
            label.mark(holds(label.parent, event.widget))
