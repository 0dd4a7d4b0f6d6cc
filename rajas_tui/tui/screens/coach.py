"""The coach's answer over the game: what the normal bot would play now, the worth it expects
and why (in a puzzle, its hint); Enter plays it, Escape leaves the choice to the player."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rajas_tui.present import coach
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer


class CoachScreen(ModalScreen[None]):
    """Shows one piece of advice; `take` plays its action on the game it was given for (Enter
    has nothing to play when the advice names no action)."""

    BINDINGS = bindings.COACH

    def __init__(self, counsel: coach.Counsel, take: Callable[[], None]) -> None:
        super().__init__()
        self.counsel = counsel
        self.take = take

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.counsel.title, classes="dialog-title", markup=False)
            # The words come from the game's data and player names: never markup.
            yield Static("\n".join(self.counsel.lines), id="advice", markup=False)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "take" or self.counsel.action is not None

    def action_take(self) -> None:
        self.dismiss()
        self.take()

    def action_ignore(self) -> None:
        self.dismiss()
