"""Finding the keys for an action: the commands a player would press to reach it."""

from __future__ import annotations

from typing import Any

import rules
from rajas_tui.present.chooser import COLUMNS, DIGITS, ROWS, Chooser, Step
from rules import rotated


def plan(chooser: Chooser, target: Any, limit: int = 200) -> list[str]:
    """Commands that lead this chooser to `target`, found from the steps it shows.

    Used by the keyboard completeness test and by tests that play by keys: the commands are then
    pressed on a fresh chooser (or the app), which must produce exactly `target`.
    """
    commands: list[str] = []
    for _ in range(limit):
        step = chooser.top
        if step.kind == "confirm":
            commands.append("confirm")
            return commands
        if step.kind == "grid":
            cell = target.cell
            while step.cell != cell and step.fixed_cell < 0:
                row, column = divmod(step.cell, COLUMNS)
                trow, tcolumn = divmod(cell, COLUMNS)
                move = (
                    "down"
                    if trow > row
                    else "up"
                    if trow < row
                    else "right"
                    if tcolumn > column
                    else "left"
                )
                commands.append(move)
                chooser.press(move)
            ends = rules.catalog().tiles[step.tile].ends
            while rotated(ends, step.rotation) != rotated(ends, target.rotation):
                commands.append("rotate")
                chooser.press("rotate")
            commands.append("confirm")
            chooser.press("confirm")
            continue
        index = next(i for i, o in enumerate(step.options) if target in o.actions)
        batch = _commands_for(chooser, step, index)
        for command in batch:
            chooser.press(command)
        commands.extend(batch)
    raise AssertionError(f"no way to {target} within {limit} commands")


def _commands_for(chooser: Chooser, step: Step, index: int) -> list[str]:
    option = step.options[index]
    if step.kind == "spaces":
        if option.key == "pass":
            return ["pass"]
        spec = option.value
        area = spec.area
        same = [o for o in step.options if o.value is not None and o.value.area == area]
        if area in ROWS or len(same) == 1:
            return [area]
        return [area, DIGITS[same.index(option)]]
    if index < 9:
        return [DIGITS[index]]
    moves = (index - step.cursor) % len(step.options)
    return ["down"] * moves + ["confirm"]
