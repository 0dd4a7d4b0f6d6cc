"""What every pane draws from, and the base class that redraws it when the view changes."""

from __future__ import annotations

import attrs
from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

import rules
from rajas_tui.present import text, variants
from rajas_tui.present.chooser import Chooser
from rajas_tui.present.logbook import Told
from rajas_tui.tui import colours
from rules import Die, GameState

AUTO = -1
UNSIZED = 10_000  # before the first layout a pane has no width: the longest title is drawn


@attrs.frozen
class View:
    """One picture of the game: the state, who sits where, the chooser of the human to act."""

    state: GameState
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    chooser: Chooser | None = None
    ended_by: str = ""
    told: tuple[Told, ...] = ()  # the log with round separators (present.logbook)
    # Whose eyes the screen is for (another seat's face-down tiles stay hidden): the seat that
    # holds the keyboard; AUTO lets `variants.viewer` choose from the seats' kinds.
    viewer: int | None = AUTO

    def eyes(self) -> int | None:
        if self.viewer == AUTO:
            return variants.viewer(self.kinds, self.state.turn)
        return self.viewer

    def seen(self) -> GameState:
        """The state as the viewer may see it."""
        return rules.seat_view(self.state, self.eyes())

    def tag(self, seat: int) -> Text:
        return player_text(seat)

    def who(self, seat: int) -> str:
        return f"{text.player_tag(seat)} {self.names[seat]}"


def player_style(seat: int) -> Style:
    return Style(color=colours.player_colour(seat), bold=True)


def player_text(seat: int) -> Text:
    return Text(text.player_tag(seat), style=player_style(seat))


def die_text(die: Die, dim: bool = False) -> Text:
    style = Style(color=colours.die_colour(die.colour), bold=True, dim=dim)
    return Text(text.die_text(die), style=style)


class Pane(Widget):
    """A pane that draws a `View`: bound to its screen's (`data_bind`), or given one by `show`."""

    DEFAULT_CSS = """
    Pane { height: auto; }
    """

    TRUNCATE = True  # cut long lines at the pane's width (False: wrap them)

    # Not compared: a view holds a whole game state, and what is drawn is compared instead.
    view: reactive[View | None] = reactive(None, always_update=True, repaint=False, init=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: Text | None = None

    def show(self, view: View) -> None:
        self.view = view

    def watch_view(self, view: View | None) -> None:
        """Repaints only when what the pane shows has changed (a repaint of every pane on each
        key press would cost more than the key's whole work)."""
        if view is None:
            return
        if not self.display:
            self._shown = None
            return
        drawn = self.draw(view)
        if self._shown is None or drawn != self._shown:
            self._shown = drawn
            self.refresh()

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        drawn = self.draw(self.view)
        width = self.size.width
        if not self.TRUNCATE:
            return drawn
        if width:
            lines = drawn.split("\n", allow_blank=True)
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            drawn = Text("\n").join(lines)
        drawn.no_wrap = True
        return drawn

    def draw(self, view: View) -> Text:
        raise NotImplementedError

    def title(self, *forms: str) -> Text:
        """The pane's title line: the first form that fits the pane's width, else the last (the
        shortest): a title cut off mid-word reads as a mistake, and help says the rest."""
        width = self.size.width or UNSIZED
        for form in forms:
            if cell_len(form) <= width:
                break
        return Text(form, "bold")
