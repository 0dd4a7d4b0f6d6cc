"""Shown while the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_resize(self) -> None:
        self.call_after_refresh(self.app._check_size)  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        # A screen opened above it may have closed after the terminal grew back.
        self.app._check_size()  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        found = self.query("#too-small")
        if not found:
            return
        found.first(Static).update(
            f"rajas needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {width}×{height}.\nMake the window larger; the game waits."
        )
