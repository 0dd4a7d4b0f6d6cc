"""The log: every action told in words."""

from __future__ import annotations

from rich.text import Text

from rajas_tui.tui.widgets.base import Pane, View


class LogPane(Pane):
    """The latest actions, newest last; as many as fit."""

    def draw(self, view: View) -> Text:
        height = self.size.height or 10
        lines = [Text("Log", "bold")]
        shown = view.log[-max(1, height - 1) :] if view.log else ("(no action yet)",)
        lines.extend(Text(line) for line in shown)
        return Text("\n").join(lines)


class LogLine(Pane):
    """The newest log line alone, for the small screen."""

    def draw(self, view: View) -> Text:
        return Text(f"Log: {view.log[-1]}" if view.log else "Log: (no action yet)", "dim")
