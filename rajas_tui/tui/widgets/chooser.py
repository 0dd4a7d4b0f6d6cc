"""The guided chooser: the decision being asked, its options with costs and gains, the preview."""

from __future__ import annotations

from rich.text import Text

import rules
from rajas_tui.present import text
from rajas_tui.present.chooser import Chooser, Step
from rajas_tui.tui.widgets.base import Pane, View
from rules import cell_name


def breadcrumb(chooser: Chooser) -> str:
    parts = []
    for step in chooser.steps[:-1]:
        if step.options:
            option = step.options[step.cursor]
            parts.append(option.label.strip().strip("[]"))
        elif step.kind == "grid":
            parts.append(f"{cell_name(step.cell)} r{step.rotation}")
    return " › ".join(parts)


class ChooserPane(Pane):
    """What the acting player is asked now. Option lines are cut at the width; the preview
    wraps."""

    TRUNCATE = False

    def draw(self, view: View) -> Text:
        chooser = view.chooser
        if chooser is None:
            return Text("")
        step = chooser.top
        height = max(self.size.height, 6)
        lines: list[Text] = []
        crumbs = breadcrumb(chooser)
        title = Text(step.title, "bold")
        if crumbs:
            title = Text.assemble((crumbs, "bold underline"), " — ", (step.title, "bold"))
        lines.append(title)
        if step.kind == "confirm":
            lines.extend(Text(line) for line in chooser.preview(step).split("\n"))
            lines.append(Text("Enter: do it · Escape: step back", "dim"))
        elif step.kind == "grid":
            lines.extend(self._grid(chooser, step))
        else:
            # Below the title, every line is the options' (and the message): a 12-stack display
            # fits the 13 lines the chooser has at 160x50.
            lines.extend(self._options(step, height - 1 - bool(chooser.message)))
        if chooser.message:
            lines.append(Text(chooser.message, "italic"))
        return Text("\n").join(lines)

    def _options(self, step: Step, room: int) -> list[Text]:
        options = step.options
        room = max(room, 3)
        start = 0
        if len(options) > room:
            start = min(max(0, step.cursor - room // 2), len(options) - room)
        result = []
        for index in range(start, min(len(options), start + room)):
            option = options[index]
            mark = text.G["cursor"] if index == step.cursor else " "
            number = f"{(index + 1) % 10}" if index < 10 and step.kind == "list" else " "
            line = Text(f"{mark}{number} ")
            style = "" if option.enabled else "dim"
            if index == step.cursor:
                style += " reverse"
            line.append(option.label, style=style.strip())
            detail = option.detail if option.enabled else f"{text.G['refused']} {option.reason}"
            if detail:
                line.append(f"  {detail}", style="dim" if not option.enabled else "")
            line.no_wrap = True
            line.truncate(max(self.size.width, 20), overflow="ellipsis")
            result.append(line)
        return result

    def _grid(self, chooser: Chooser, step: Step) -> list[Text]:
        tile = rules.catalog().tiles[step.tile]
        lines = [
            Text(
                f"tile {text.tile_label(tile)} {text.road_glyph(tile.ends)} "
                f"{text.tile_words(tile) or 'roads only'}"
            ),
            Text(f"at {cell_name(step.cell)}, {text.turned(step.rotation)}"),
        ]
        match = chooser.grid_match(step)
        if match is None:
            lines.append(Text(f"{text.G['refused']} {chooser.grid_problem(step)}", "italic"))
        else:
            words, gains = chooser.preview_text(match).split("\n")
            lines.append(Text(f"{text.G['fits']} builds here: {gains}"))
            reached = words.partition(", reaches ")[2]
            if reached:
                lines.append(Text(f"  and reaches your yield tile {reached}"))
        lines.append(Text("arrows move · r turns · Enter builds · Escape back", "dim"))
        return lines
