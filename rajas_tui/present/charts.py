"""Charts drawn in plain text, so that they read the same with or without colour: each player is
marked by their own letter, and each fame source by its own fill character."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Where two or more players share a cell of a line chart.
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
    """Rows of a chart of each (letter, values) line, one column per point (thinned to `width`
    columns when longer), `height` rows from the lowest value to the highest, then an x-axis
    numbered from `first_x` every fifth point."""
    length = max((len(values) for _, values in lines), default=0)
    if length == 0 or height < 2:
        return []
    columns = _columns(length, width)
    every = [v for _, values in lines for v in values]
    low, high = min(every), max(every)
    span = max(high - low, 1)

    def row_of(value: int) -> int:
        return round((value - low) * (height - 1) / span)

    grid = [[" "] * len(columns) for _ in range(height)]
    for letter, values in lines:
        for x, index in enumerate(columns):
            if index >= len(values):
                continue
            cell = grid[row_of(values[index])]
            cell[x] = letter if cell[x] in (" ", letter) else SHARED
    label = max(len(str(low)), len(str(high)))
    rows: list[str] = []
    for r in range(height - 1, -1, -1):
        value = low + round(r * span / (height - 1))
        shown = str(value) if r in (0, height - 1, (height - 1) // 2) else ""
        rows.append(f"{shown:>{label}} |{''.join(grid[r])}")
    rows.append(" " * label + " +" + "-" * len(columns))
    ticks = [" "] * (len(columns) + 6)
    for x, index in enumerate(columns):
        number = str(index + first_x)
        if (index + first_x) % 5 == 0 and all(c == " " for c in ticks[x : x + len(number) + 1]):
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
