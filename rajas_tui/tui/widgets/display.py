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
        # The fame a tile would bring is for whoever watches the screen: during a bot's turn
        # its own levels would mislead the human waiting. Whose levels, the title says.
        eyes = view.eyes()
        seat = view.state.turn if eyes is None else eyes
        levels = rules.scoring_levels(view.state, seat)  # mid-action: as the action began
        whose = f"{G['fame']} at {text.player_tag(seat)}'s levels"
        lines = [
            self.title(
                f"Display — top tiles, {whose} (T P F M buildings, s t x markets)",
                f"Display — top tiles, {whose}",
                f"Display — {whose}",
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
