"""What a player cannot read on the screen: a text cut with "…", and the cuts that show no mark,
a pane drawing more than the room it was given (Textual clips the rest without a sign) or laid
out past the edge of what holds it."""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Footer

from rajas_tui.tui.screens.game import Line
from rajas_tui.tui.widgets.base import Pane

# The only "…" a player may see: it says an ongoing thing goes on, it does not cut words.
ELLIPSIS_MEANS_ONGOING = ("is thinking…", "is playing…")


def ellipses(screen: str) -> list[str]:
    """The text each "…" ends on screen, from where its pane's text begins (panes stand side
    by side, so a whole row would name the other panes' text too)."""
    cut = []
    for line in screen.splitlines():
        for ongoing in ELLIPSIS_MEANS_ONGOING:
            line = line.replace(ongoing, "")
        for end in (i for i, char in enumerate(line) if char == "…"):
            before = re.split(r" {3,}|[▕▏│║]", line[:end])[-1]
            cut.append(f"{before.strip()}…")
    return cut


def screen_text(app: App[object]) -> str:
    """The screen as a terminal would show it, one row a line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def cuts(app: App[object]) -> list[str]:
    """Every cut on the app's screen, each said in a line: the "…" ones, then the unmarked."""
    found = [f"'…' ends {text!r}" for text in ellipses(screen_text(app))]
    for widget in app.screen.query("*"):
        if isinstance(widget, Footer) or _in_footer(widget):
            continue  # Textual's own: it scrolls its keys sideways
        if not widget.display or not widget.region.area:
            continue
        found.extend(_beyond(app, widget))
        if isinstance(widget, Pane) and widget.view is not None:
            found.extend(overdrawn(app.console, widget, widget.draw(widget.view)))
        elif isinstance(widget, Line):
            found.extend(overdrawn(app.console, widget, widget.content))
    return found


def _in_footer(widget: Widget) -> bool:
    return any(isinstance(node, Footer) for node in widget.ancestors)


def _name(widget: Widget) -> str:
    return f"#{widget.id}" if widget.id else type(widget).__name__


def _beyond(app: App[object], widget: Widget) -> list[str]:
    """A widget laid out past the screen's edge or its parent's: the part outside is clipped."""
    parent = widget.parent
    bounds = Region(0, 0, *app.size)
    if isinstance(parent, Widget) and parent.region.area:
        bounds = bounds.intersection(parent.region)
    if bounds.contains_region(widget.region):
        return []
    return [f"{_name(widget)} at {widget.region} lies beyond {bounds}"]


def overdrawn(console: Console, widget: Widget, drawn: Text) -> list[str]:
    """Lines wider than the widget's content region (cut at its right edge), or more lines
    than its height (cut at its bottom): neither scrolls."""
    width, height = widget.content_size
    lines = drawn.split("\n", allow_blank=True)
    if not (isinstance(widget, Pane) and widget.TRUNCATE):
        lines = drawn.wrap(console, width)  # Textual wraps the text it is given
    found = [
        f"{_name(widget)} ({width} wide) cuts {line.plain!r} ({line.cell_len} wide)"
        for line in lines
        if line.cell_len > width
    ]
    if len(lines) > height:
        found.append(
            f"{_name(widget)} ({height} high) cuts {len(lines) - height} of {len(lines)} lines, "
            f"from {lines[height].plain!r}"
        )
    return found
