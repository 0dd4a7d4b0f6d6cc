"""The guided chooser: the decision being asked, its options with costs and gains, the preview."""

from __future__ import annotations

from rich.text import Text

import rules
from rajas_tui.present import logbook, text
from rajas_tui.present.chooser import Chooser, Step
from rajas_tui.tui.widgets.base import Pane, View
from rules import cell_name, counted


def breadcrumb(chooser: Chooser) -> str:
    parts = []
    for step in chooser.trail:
        if step.options:
            option = step.options[step.cursor]
            parts.append(option.label.strip().strip("[]"))
        elif step.kind == "grid":
            parts.append(f"{cell_name(step.cell)} r{step.rotation}")
    return " › ".join(parts)


WRAP_INDENT = 4  # under the option's label, past its cursor mark and number


def shown_options(heights: list[int], cursor: int, room: int) -> tuple[int, int]:
    """The options shown (start, end) when each takes `heights[i]` rows: the cursor's, then
    one more above and below by turns while they fit, so the cursor stays near the middle."""
    if not heights:
        return 0, 0
    start, end = cursor, cursor + 1
    used = heights[cursor]
    grew = True
    while grew:
        grew = False
        if end < len(heights) and used + heights[end] <= room:
            used, end, grew = used + heights[end], end + 1, True
        if start > 0 and used + heights[start - 1] <= room:
            used, start, grew = used + heights[start - 1], start - 1, True
    return start, end


class ChooserPane(Pane):
    """What the acting player is asked now. Every option line wraps, so each reason reads whole;
    the preview wraps."""

    TRUNCATE = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        # Each option's wrapped rows, kept for the step they were made for: a cursor move
        # changes two options' rows, and wrapping every option again cost most of a key press.
        self._rows_for: Step | None = None
        self._rows: dict[tuple[int, bool, int, bool], list[Text]] = {}

    def draw(self, view: View) -> Text:
        chooser = view.chooser
        if chooser is None:
            return self._played(view)
        step = chooser.top
        height = max(self.size.height, 6)
        width = max(self.size.width, 20)
        crumbs = breadcrumb(chooser)
        title = Text(step.title, "bold")
        if crumbs:
            title = Text.assemble((crumbs, "bold underline"), " — ", (step.title, "bold"))
        # The title and the message wrap like every line: the options get the rows they leave.
        lines = self._wrapped(title, width, indent=0)
        message = self._wrapped(Text(chooser.message, "italic"), width, indent=0)
        if step.kind == "confirm":
            lines.extend(Text(line) for line in chooser.preview(step).split("\n"))
            keys = "<choose.confirm>: do it · <choose.back>: step back"
            lines.append(Text(chooser.said(keys), "dim"))
        elif step.kind == "grid":
            lines.extend(self._grid(chooser, step))
        else:
            # Below the title, every line is the options' (and the message): a 12-stack display
            # fits the 13 lines the chooser has at 160x50.
            room = height - len(lines) - (len(message) if chooser.message else 0)
            lines.extend(self._options(step, room))
        if chooser.message:
            lines.extend(message)
        return Text("\n").join(lines)

    def _played(self, view: View) -> Text:
        """No choice is asked (a bot's turn, the game's end): what the other seats played since
        the viewer's last turn, newest last, each move whole, as many as fit. The log's own
        words, so nothing the log keeps from this seat shows here."""
        if view.state.over or not self.size.area:
            return Text("")
        entries = list(view.told)
        seat = view.eyes()
        start = logbook.since_last_turn(entries, seat) if seat is not None else 0
        told = entries[start:]
        moves = [entry for entry in told if entry.kind == logbook.MOVE]
        if seat is None:
            title, told = "The last moves", told[-self.size.height :]
        else:
            title = "Played since your last turn" if start else "Played so far"
        width = max(self.size.width, 20)
        rows = [
            self._wrapped(Text(e.words, "" if e.kind == logbook.MOVE else "bold"), width, indent=2)
            for e in told
        ]
        room = max(1, self.size.height - 1)
        if sum(len(move) for move in rows) > room:
            room -= 1  # a row says how many earlier moves are left out
        kept: list[list[Text]] = []
        while rows and sum(len(move) for move in kept) + len(rows[-1]) <= room:
            kept.insert(0, rows.pop())
        lines = [Text(title, "bold")]
        if rows:
            lines.append(Text(f"  {text.G['above']} {counted(len(rows), 'earlier line')}", "dim"))
        lines.extend(row for move in kept for row in move)
        if not moves:
            nothing = "Nothing played since your last turn." if start else "No move yet."
            lines.append(Text(nothing, "dim"))
        return Text("\n").join(lines)

    def _options(self, step: Step, room: int) -> list[Text]:
        """Every option wrapped whole when all fit so. Else, when all fit a row each, every
        option stays in sight (every display stack with its key): one row each, the cursor's
        and then its neighbours' unfolded while they fit, the others' detail or reason shown
        where it fits the row whole, else left to the cursor (a refused one keeps its mark).
        Else as many whole options as fit around the cursor (the others a cursor move away)."""
        room = max(room, 3)
        width = max(self.size.width, 20)
        count = len(step.options)
        rows = [self._option_rows(step, i, width) for i in range(count)]
        if sum(len(option) for option in rows) <= room or count > room:
            return self._window(rows, step.cursor, room)
        extra = [len(option) - 1 for option in rows]
        spare = room - count
        # Unfolded only as far as the spare rows go: even the cursor's stays a row if they
        # are too few, or an option would fall out of sight.
        unfolded = set(range(*shown_options(extra, step.cursor, spare)))
        if extra[step.cursor] > spare:
            unfolded = set()
        result = []
        for index, option in enumerate(rows):
            if index in unfolded or len(option) == 1:
                result.extend(option)
            else:
                result.append(self._option_line(step, index, said=False))
        return result

    def _window(self, rows: list[list[Text]], cursor: int, room: int) -> list[Text]:
        """As many whole options as fit around the cursor; where some are out of sight, a row
        above or below says how many (taken from the options' rows)."""
        heights = [len(option) for option in rows]
        start, end = shown_options(heights, cursor, room)
        if start == 0 and end == len(rows):
            return [row for option in rows for row in option]
        start, end = shown_options(heights, cursor, room - 1)
        if start > 0 and end < len(rows):
            start, end = shown_options(heights, cursor, room - 2)
        lines = [row for option in rows[start:end] for row in option]
        if start > 0:
            lines.insert(0, Text(f"  {text.G['above']} {start} more", "dim"))
        if end < len(rows):
            lines.append(Text(f"  {text.G['below']} {len(rows) - end} more", "dim"))
        return lines

    def _option_rows(self, step: Step, index: int, width: int) -> list[Text]:
        """The option's line wrapped to `width`: a step's options never change once made, so
        the rows depend only on whether the cursor is on it, the width and the glyph set."""
        if not self.is_attached:  # not wrapped (no console yet): nothing worth keeping
            return self._wrapped(self._option_line(step, index), width)
        if self._rows_for is not step:
            self._rows_for, self._rows = step, {}
        key = (index, index == step.cursor, width, text.G.ascii)
        rows = self._rows.get(key)
        if rows is None:
            rows = self._rows[key] = self._wrapped(self._option_line(step, index), width)
        return rows

    def _option_line(self, step: Step, index: int, said: bool = True) -> Text:
        """The option's row: its mark, number and label, then (`said`) its detail, or why it
        is refused; unsaid, a refused option keeps the refusal's mark."""
        option = step.options[index]
        mark = text.G["cursor"] if index == step.cursor else " "
        number = f"{(index + 1) % 10}" if index < 10 and step.kind == "list" else " "
        line = Text(f"{mark}{number} ")
        style = "" if option.enabled else "dim"
        if index == step.cursor:
            style += " reverse"
        line.append(option.label, style=style.strip())
        detail = option.detail if option.enabled else f"{text.G['refused']} {option.reason}"
        if not said and not option.enabled:
            detail = text.G["refused"]
        elif not said:
            detail = ""
        if detail:
            line.append(f"  {detail}", style="dim" if not option.enabled else "")
        return line

    def _wrapped(self, line: Text, width: int, indent: int = WRAP_INDENT) -> list[Text]:
        """The line in rows of the pane's width, later rows indented (an option's under its
        label)."""
        if line.cell_len <= width or not self.is_attached:
            return [line]
        rows = line.wrap(self.app.console, width - indent)
        result = []
        for index, row in enumerate(rows):
            row.rstrip()
            result.append(Text(" " * indent).append_text(row) if index and indent else row)
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
        keys = "<arrows> move · <choose.rotate> turns · <choose.confirm> builds"
        if chooser.can_step_back:
            keys += " · <choose.back> back"
        lines.append(Text(chooser.said(keys), "dim"))
        return lines
