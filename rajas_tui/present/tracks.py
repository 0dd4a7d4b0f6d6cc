"""The fame and money tracks as a picture: where each marker falls on a bar of any width.

The two tracks run round the board in opposite directions (docs/rules.md §5), so the bar is laid out
along fame values 0..meeting cell: the fame marker advances from the left, the money marker from
the right (it sits beside fame value `meeting cell - money cell`), and the markers have met once
the fame marker reaches or passes the money marker. Headless: the tracks pane draws from it.
"""

from __future__ import annotations

from typing import NamedTuple

import rules
from rajas_tui.present.text import G

MIN_WIDTH = 2  # room for the two markers side by side

# The runs of a bar, in the words the pane styles them by.
FAME_PATH = "fame path"
FAME = "fame"
GAP = "gap"
MEET = "meet"
OVERLAP = "overlap"
MONEY = "money"
MONEY_PATH = "money path"


class Marks(NamedTuple):
    """The columns of a player's two markers on a bar."""

    fame: int
    money: int


def column(value: int, cells: int, width: int) -> int:
    """The column, 0..width-1, of fame value `value` on a bar showing fame values 0..cells.

    Values past either end sit on that end: the tracks have no end (§5) but the bar does.
    Integer rounding, half up, so the same value always lands on the same column.
    """
    if width < MIN_WIDTH:
        raise ValueError(f"a track bar needs at least {MIN_WIDTH} columns, not {width}")
    clamped = min(max(value, 0), cells)
    return (2 * clamped * (width - 1) + cells) // (2 * cells)


def money_beside(money: int) -> int:
    """The fame value the money marker lies beside."""
    return rules.catalog().tracks.meeting_cell - rules.money_cell(money)


def marks(fame: int, money: int, width: int) -> Marks:
    """Where a player's fame and money markers fall on a bar `width` columns wide.

    Markers that have met share a column or have crossed; markers that have not met never
    share one, even when the bar has fewer columns than the track has cells, so the picture
    never says the game is ending when it is not.
    """
    cells = rules.catalog().tracks.meeting_cell
    fame_at = column(fame, cells, width)
    money_at = column(money_beside(money), cells, width)
    if rules.margin(fame, money) < 0 and fame_at == money_at:
        if money_at < width - 1:
            money_at += 1
        else:
            fame_at -= 1
    return Marks(fame_at, money_at)


def bar(fame: int, money: int, width: int) -> list[tuple[str, str]]:
    """A player's bar as runs of (part, text), left to right, `width` columns in all."""
    at = marks(fame, money, width)
    track = G["track"]
    if at.fame < at.money:
        runs = [
            (FAME_PATH, track * at.fame),
            (FAME, G["fame"]),
            (GAP, G["gap"] * (at.money - at.fame - 1)),
            (MONEY, G["money"]),
            (MONEY_PATH, track * (width - at.money - 1)),
        ]
    elif at.fame == at.money:
        runs = [
            (FAME_PATH, track * at.fame),
            (MEET, G["meet"]),
            (MONEY_PATH, track * (width - at.fame - 1)),
        ]
    else:
        runs = [
            (FAME_PATH, track * at.money),
            (MONEY, G["money"]),
            (OVERLAP, G["overlap"] * (at.fame - at.money - 1)),
            (FAME, G["fame"]),
            (MONEY_PATH, track * (width - at.fame - 1)),
        ]
    return [(part, shown) for part, shown in runs if shown]
