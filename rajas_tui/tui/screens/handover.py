"""The hot-seat hand-over: between two human seats at one keyboard, a blank screen asks for the
keyboard to be passed, so one player never sees what another's screen would show."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rajas_tui.present.handover import hand_over_words
from rajas_tui.tui.private_textual import Footer


class HandOverScreen(ModalScreen[None]):
    """Covers the whole game screen until the next human seat says it is ready."""

    BINDINGS = [  # noqa: RUF012
        Binding("enter", "ready", "ready", id="handover.ready"),
        Binding("u", "undo", "undo the last turn", id="handover.undo"),
    ]

    def __init__(
        self, tag: str, name: str, ready: Callable[[], None], undo: Callable[[], None]
    ) -> None:
        super().__init__()
        self.words = hand_over_words(name, tag)
        self.ready = ready
        self.undo = undo

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over-box"):
            yield Static(self.words, id="hand-over", markup=False)
        yield Footer()

    def action_ready(self) -> None:
        # The game screen takes the new viewer first: it redraws for them when it resumes.
        self.ready()
        self.dismiss()

    def action_undo(self) -> None:
        """The player who just moved may take it back before passing the keyboard on; the game
        screen beneath then draws whoever is to act (asking again if it is another seat)."""
        self.undo()
        self.dismiss()
