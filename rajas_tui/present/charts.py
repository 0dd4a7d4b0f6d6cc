"""Charts drawn in plain text, so that they read the same with or without colour: each player is
marked by their own letter, and each fame source by its own fill character."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Where players share a point of a line chart and there is no room for their letters side by
# side (a chart narrower than its points' letters).
SHARED = "*"
# One fill per fame source, told apart without colour; the legend spells them out.
FILLS: dict[str, str] = {"start": ".", "tiles": "#", "river": "~", "chambers": "=", "other": "+"}


def _columns(length: int, width: int) -> list[int]:
    """Which points to draw when there are more than `width`: evenly spread, always the last."""
    if length <= width:
        return list(range(length))
    step = (length - 1) / (width - 1)
    return [round(i * step) for i in range(width)]


def line_chart(
    lines: Sequence[tuple[str, Sequence[int]]], height: int, width: int, first_x: int = 0
) -> list[str]:
    """Rows of a chart of each (letter, values) line, `height` rows from the lowest value to
    the highest, over `width` columns, then an x-axis numbered under the points. The points
    spread over the width (thinned to one a column when there are more), each player's marked
    by their letter; between two points the line runs on in the lower-case letter. Where
    players meet at a point their letters stand side by side when the points leave room, else
    the point is marked SHARED."""
    length = max((len(values) for _, values in lines), default=0)
    if length == 0 or height < 2:
        return []
    every = [v for _, values in lines for v in values]
    low, high = min(every), max(every)
    span = max(high - low, 1)
    label = max(len(str(low)), len(str(high)))
    room = max(1, width - label - 2)  # the value labels and the axis take the rest
    meet = len(lines)  # the cells a point may need, its players' letters side by side
    columns = _columns(length, room)
    step = 1
    if len(columns) > 1:
        step = max(1, (room - meet) // (len(columns) - 1))
    xs = [i * step for i in range(len(columns))]

    def row_of(value: int) -> int:
        return round((value - low) * (height - 1) / span)

    grid = [[" "] * (xs[-1] + meet) for _ in range(height)]
    for letter, values in lines:
        for i in range(len(columns) - 1):
            a, b = columns[i], columns[i + 1]
            if b >= len(values):
                break
            for x in range(xs[i] + 1, xs[i + 1]):
                t = (x - xs[i]) / step
                cell = grid[round(row_of(values[a]) + (row_of(values[b]) - row_of(values[a])) * t)]
                cell[x] = letter.lower() if cell[x] == " " else cell[x]
    for i, index in enumerate(columns):
        at: dict[int, list[str]] = {}
        for letter, values in lines:
            if index < len(values):
                at.setdefault(row_of(values[index]), []).append(letter)
        room_here = step if i < len(columns) - 1 else meet
        for row, letters in at.items():
            shown = letters if len(letters) <= room_here else [SHARED]
            for offset, letter in enumerate(shown):
                grid[row][xs[i] + offset] = letter
    rows: list[str] = []
    for r in range(height - 1, -1, -1):
        value = low + round(r * span / (height - 1))
        shown_value = str(value) if r in (0, height - 1, (height - 1) // 2) else ""
        rows.append(f"{shown_value:>{label}} |{''.join(grid[r]).rstrip()}")
    rows.append(" " * label + " +" + "-" * len(grid[0]))
    ticks = [" "] * (len(grid[0]) + 6)
    every_fifth = step < 3
    for x, index in zip(xs, columns, strict=True):
        number = str(index + first_x)
        if every_fifth and (index + first_x) % 5:
            continue
        if all(c == " " for c in ticks[max(0, x - 1) : x + len(number) + 1]):
            ticks[x : x + len(number)] = number
    rows.append(" " * (label + 2) + "".join(ticks).rstrip())
    return rows


def source_bar(parts: Mapping[str, int], scale: float) -> str:
    """One player's fame split by source: a run of each source's fill, `scale` characters per
    point, each run at least one character when the source gave any fame."""
    out = ""
    for source, fill in FILLS.items():
        amount = parts.get(source, 0)
        if amount > 0:
            out += fill * max(1, round(amount * scale))
    return out


def source_legend(words: Mapping[str, str]) -> str:
    return "  ".join(f"{fill} {words[source]}" for source, fill in FILLS.items())
