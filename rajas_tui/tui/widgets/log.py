"""The log: where setup laid the Ganga tiles, then every action told in words."""

from __future__ import annotations

from rich.text import Text

from rajas_tui.present import variants
from rajas_tui.tui.widgets.base import Pane, View


def told(view: View) -> list[str]:
    """The log's lines: a Ganga game first says where each river tile went at setup."""
    return [*variants.ganga_lines(view.state), *view.log]


class LogPane(Pane):
    """The latest actions, newest last; as many as fit."""

    def draw(self, view: View) -> Text:
        height = self.size.height or 10
        lines = [Text("Log", "bold")]
        entries = told(view)
        shown = entries[-max(1, height - 1) :] if entries else ["(no action yet)"]
        lines.extend(Text(line) for line in shown)
        return Text("\n").join(lines)


class LogLine(Pane):
    """The newest log line alone, for the small screen."""

    def draw(self, view: View) -> Text:
        entries = told(view)
        return Text(f"Log: {entries[-1]}" if entries else "Log: (no action yet)", "dim")
