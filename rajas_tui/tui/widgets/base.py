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
# A viewer who may see everything: a replay of a finished game, or of a state already made a
# seat's view (`present.replay`).
EVERYTHING = -2
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
    # holds the keyboard; AUTO lets `variants.viewer` choose from the seats' kinds; EVERYTHING
    # shows the state as it is.
    viewer: int | None = AUTO

    def eyes(self) -> int | None:
        if self.viewer == AUTO:
            return variants.viewer(self.kinds, self.state.turn)
        return None if self.viewer == EVERYTHING else self.viewer

    def seen(self) -> GameState:
        """The state as the viewer may see it."""
        if self.viewer == EVERYTHING:
            return self.state
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


class Same:
    """A value compared by identity: a game state or a log, which the engine and the logbook
    never change in place, so the same object means the same picture (comparing two whole
    states field by field would cost more than drawing them)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)


class Pane(Widget):
    """A pane that draws a `View`: bound to its screen's (`data_bind`), or given one by `show`.
    It draws again only when what it reads has changed: a key press sets a new view on every
    pane, and most of them show the same text as before."""

    DEFAULT_CSS = """
    Pane { height: auto; }
    """

    TRUNCATE = True  # cut long lines at the pane's width (False: wrap them)

    # Not compared: a view holds a whole game state, and what is drawn is compared instead.
    view: reactive[View | None] = reactive(None, always_update=True, repaint=False, init=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: Text | None = None
        # The last drawing and the last rendering, each with what it was made from.
        self._drawn: tuple[tuple[object, ...], Text] | None = None
        self._rendered: tuple[tuple[object, ...], Text] | None = None

    def show(self, view: View) -> None:
        self.view = view

    def inputs(self, view: View) -> tuple[object, ...]:
        """What the drawing reads beyond the game, the seats, the log, the pane's size, the
        glyphs and the theme, compared with == to tell whether to draw again. By default the
        view itself: its chooser changes in place as keys are pressed, so a pane that reads
        the chooser draws for every new view. A pane that reads less says what it reads."""
        return (Same(view),)

    def _key(self, view: View) -> tuple[object, ...]:
        return (
            Same(view.state),
            view.names,
            view.kinds,
            view.ended_by,
            Same(view.told),
            view.viewer,
            self.size,
            text.G.ascii,
            colours.variables_in_use(),  # by value: Textual makes it anew, often the same
            *self.inputs(view),
        )

    def drawing(self, view: View) -> Text:
        """The pane's text for `view`, drawn again only when what it reads has changed."""
        key = self._key(view)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self.draw(view))
        return self._drawn[1]

    def watch_view(self, view: View | None) -> None:
        """Repaints only when what the pane shows has changed (a repaint of every pane on each
        key press would cost more than the key's whole work)."""
        if view is None:
            return
        if not self.display:
            self._shown = None
            return
        if not self.size.area:
            # Not laid out yet (the screen's first frame): drawn now, at no width, the text would
            # be thrown away; `render` draws it once the pane has its size.
            self._shown = None
            self.refresh()
            return
        drawn = self.drawing(view)
        if self._shown is None or (drawn is not self._shown and drawn != self._shown):
            self._shown = drawn
            self.refresh()

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        key = self._key(self.view)
        if self._rendered is None or self._rendered[0] != key:
            self._rendered = (key, self._fitted(self.drawing(self.view)))
        return self._rendered[1]

    def _fitted(self, drawn: Text) -> Text:
        """The drawing cut to the pane's width, line by line (unless the pane wraps)."""
        width = self.size.width
        if not self.TRUNCATE:
            return drawn
        if width:
            lines = drawn.split("\n", allow_blank=True)
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            drawn = Text("\n").join(lines)
        else:
            drawn = drawn.copy()
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
