"""The river pane says each space's gain whole, in words where they fit its column and else
in the strip's symbols: before, the words were sliced to the column without a mark ("+2⚀ dice
(an" at 120×40)."""

from __future__ import annotations

import re

import pytest
from textual.geometry import Size

import rules
from rajas_tui.present import text, variants
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.river import RiverPane

NAMES = ("Asha", "Bela", "Chand", "Devi")


class SizedRiver(RiverPane):
    """The pane as laid out `width` columns wide (a pane has no size until it is mounted)."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    @property
    def size(self) -> Size:
        return Size(self.width, 20)


def _forms(state: rules.GameState, space: int) -> list[str]:
    """The ways a space's gain may be said whole."""
    tile = variants.river_tile(state, space)
    if tile is not None:
        glyph = variants.ganga_glyph(tile)
        return [variants.ganga_words(tile), f"{tile.name} {glyph}", glyph]
    gains = rules.catalog().river.gains[space]
    if not gains:
        return ["start"]
    return [text.gains_words(gains), " ".join(text.gain_short(gain) for gain in gains)]


@pytest.mark.parametrize("ganga", [False, True], ids=["base", "ganga"])
@pytest.mark.parametrize("width", [38, 40, 42, 60, 82, 99])
def test_every_river_space_is_said_whole(ganga: bool, width: int) -> None:
    state = rules.new_game(rules.Config(players=4, seed=3, ganga=ganga))
    pane = SizedRiver(width)
    drawn = pane.draw(View(state=state, names=NAMES, kinds=("human",) * 4))
    rows = drawn.split("\n")[1:]
    assert all(row.cell_len <= width for row in rows), [row.plain for row in rows]
    plain = drawn.plain
    mark = re.escape(variants.shown(variants.GANGA_MARK))
    for space in range(len(rules.catalog().river.gains)):
        said = "|".join(re.escape(form) for form in _forms(state, space))
        entry = rf"(?<!\d){space} (?:{mark})?(?:final: )?(?:{said})(?= |$)"
        assert re.search(entry, plain, re.M), f"space {space} cut at {width} columns:\n{plain}"
