"""The quarry display: the top tile of each of the 12 stacks."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

import rules
from rajas_tui.present import text
from rajas_tui.present.text import G
from rajas_tui.tui import colours
from rajas_tui.tui.widgets.base import Pane, View


class DisplayPane(Pane):
    """Colour and value, road shape, buildings and markets, animal and the tiles left."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        tiles = rules.catalog().tiles
        levels = view.state.player.levels
        lines = [
            self.title(
                "Display — top tiles (T P F M buildings, s t x markets)",
                "Display — top tiles (? explains)",
            )
        ]
        for index, stack in enumerate(view.state.supply.stacks):
            line = Text(f"d{index + 1:<2} ")
            if not stack:
                line.append("— empty", style="dim")
                lines.append(line)
                continue
            tile = tiles[stack[-1]]
            line.append(
                f"{text.tile_label(tile):<3}",
                style=Style(color=colours.die_colour(tile.colour), bold=True),
            )
            line.append(f" {text.road_glyph(tile.ends)} {text.tile_summary(tile):<3} ")
            gains = []
            if tile.market_money:
                gains.append(f"+{tile.market_money}{G['money']}")
            if tile.buildings:
                gains.append(f"+{sum(levels[b] for b in tile.buildings)}{G['fame']}")
            line.append(f"{' '.join(gains):<8}")
            line.append(f"{tile.animal:<5} {len(stack):>2} left", style="dim")
            lines.append(line)
        return Text("\n").join(lines)
