"""The river: every space with its earnings, the bridge, the final space and the boats."""

from __future__ import annotations

from rich.text import Text

import rules
from rajas_tui.present import text
from rajas_tui.tui.widgets.base import Pane, View, player_style


def _boats_at(view: View, space: int) -> list[int]:
    return [seat for seat, at in enumerate(view.state.river.boats) if at == space]


class RiverStrip(Pane):
    """Three lines across the screen: space numbers, earnings, boats."""

    def draw(self, view: View) -> Text:
        river = rules.catalog().river
        numbers, gains, boats = Text("River "), Text("      "), Text("      ")
        for space in range(len(river.gains)):
            final = space == river.final
            numbers.append(f"{space:<3}" if not final else "◎23", style="bold" if final else "")
            gains.append(f"{text.river_short(space):<3}")
            here = _boats_at(view, space)
            cell = Text()
            for seat in here[:3]:
                cell.append(text.PLAYER_LETTERS[seat], style=player_style(seat))
            if len(here) > 3:
                cell = Text(f"{len(here)}⛀"[:3])
            cell.pad_right(3 - cell.cell_len)
            boats.append_text(cell)
            if space == river.bridge_after:
                for line in (numbers, gains, boats):
                    line.append("║", style="bold")
        return Text("\n").join([numbers, gains, boats])


class RiverPane(Pane):
    """Every river space in words, with the boats on it."""

    def draw(self, view: View) -> Text:
        river = rules.catalog().river
        lines = [Text("River — boats move on free spaces; ║ is the bridge (+1 worker)", "bold")]
        half = (len(river.gains) + 1) // 2
        width = max(18, (self.size.width - 2) // 2) if self.size.width else 36
        rows = []
        for space in range(len(river.gains)):
            line = Text(f"{space:>2} ")
            words = text.gains_words(river.gains[space]) if river.gains[space] else "start"
            if space == river.final:
                words = "final: " + words
            line.append(words[: width - 8])
            here = _boats_at(view, space)
            if here:
                line.append(" ")
                for seat in here:
                    line.append(text.player_tag(seat), style=player_style(seat))
            line.pad_right(width - line.cell_len)
            line.truncate(width)
            rows.append(line)
            if space == river.bridge_after:
                rows.append(Text("   ═══ bridge: +1☺ worker ═══".ljust(width)[:width]))
        half = (len(rows) + 1) // 2
        for left, right in zip(rows[:half], [*rows[half:], Text("")], strict=False):
            lines.append(Text.assemble(left, " ", right))
        return Text("\n").join(lines)
