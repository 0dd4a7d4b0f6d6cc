"""The river: every space with its earnings, the bridge, the final space and the boats; in a
Ganga game the tiles laid over the printed spaces, marked ≈ (= in ASCII) and named."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

import rules
from rajas_tui.present import text, variants
from rajas_tui.tui.widgets.base import Pane, View, player_style
from rajas_tui.tui.widgets.yields import display_lines
from rules import GangaTile

GANGA_STYLE = "bold reverse"  # a bonus: the ≈ mark tells a Ganga tile without colour
CELLS = text.STRIP_CELLS + 1  # a space's column on the strip: its text, then a blank
STRIP_WIDTH = 80  # the river itself; a wider strip shows the face-up yield tiles beside it


def _space_words(space: int, tile: GangaTile | None, room: int) -> str:
    """A river space's gain in words when they fit `room` cells, else in the strip's symbols
    (help explains them): whole either way, never cut off."""
    river = rules.catalog().river
    if tile is not None:
        forms = [variants.ganga_words(tile), f"{tile.name} {variants.ganga_glyph(tile)}"]
        forms.append(variants.ganga_glyph(tile))
    elif river.gains[space]:
        gains = river.gains[space]
        forms = [text.gains_words(gains), " ".join(text.gain_short(gain) for gain in gains)]
    else:
        forms = ["start"]
    if space == river.final:
        forms = [f"final: {form}" for form in forms] + forms
    return next((form for form in forms if cell_len(form) <= room), forms[-1])


def _boats_at(view: View, space: int) -> list[int]:
    return [seat for seat, at in enumerate(view.state.river.boats) if at == space]


def _below(view: View, space: int, ganga: bool) -> Text:
    """The strip's row under a space's gain: the boats on it, by letter, two at most ("3⛀" for
    more); under a Ganga tile with no boat on it, the tile's mark."""
    here = _boats_at(view, space)
    cell = Text()
    if len(here) > CELLS - 1:
        cell.append(f"{len(here)}{text.G['boats']}")
    for seat in here if len(here) < CELLS else ():
        cell.append(text.PLAYER_LETTERS[seat], style=player_style(seat))
    if ganga and not here:
        cell.append(variants.shown(variants.GANGA_MARK), style=GANGA_STYLE)
    cell.pad_right(CELLS - cell.cell_len)
    return cell


class RiverStrip(Pane):
    """Three lines across the screen: space numbers, earnings, boats; and, where the screen is
    wide enough, the face-up yield tiles of a game that has them to the right."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        river = rules.catalog().river
        numbers, gains, boats = Text("River "), Text("      "), Text("      ")
        for space in range(len(river.gains)):
            final = space == river.final
            number = f"{space:<{CELLS}}" if not final else f"{text.G['final']}{space}"[:CELLS]
            numbers.append(number, style="bold" if final else "")
            tile = variants.river_tile(view.state, space)
            if tile is None:
                gains.append(f"{text.river_short(space):<{CELLS}}")
            else:
                short = variants.ganga_short(tile)
                gains.append(short, style=GANGA_STYLE).append(" " * (CELLS - len(short)))
            boats.append_text(_below(view, space, tile is not None))
            if space == river.bridge_after:
                for line in (numbers, gains, boats):
                    line.append(text.G["bridge"], style="bold")
        lines = [numbers, gains, boats]
        room = (self.size.width or 0) - STRIP_WIDTH
        if room >= 40 and variants.has_yields(view.state):
            for line, extra in zip(lines, display_lines(view, room, 3), strict=False):
                line.pad_right(STRIP_WIDTH - line.cell_len)
                line.append_text(extra)
        return Text("\n").join(lines)


class RiverPane(Pane):
    """Every river space in words, with the boats on it; a Ganga tile by its name."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        river = rules.catalog().river
        ganga = bool(view.state.river.tiles)
        bridge = text.G["bridge"]
        title = f"River — boats move on free spaces; {bridge} is the bridge (+1 worker)"
        if ganga:
            mark = variants.shown(variants.GANGA_MARK)
            title = f"River — {bridge} bridge (+1 worker); {mark} Ganga tile"
        lines = [self.title(title, f"River — {bridge} bridge (+1 worker)")]
        width = max(18, (self.size.width - 2) // 2) if self.size.width else 36
        rows = []
        for space in range(len(river.gains)):
            line = Text(f"{space:>2} ")
            tile = variants.river_tile(view.state, space)
            if tile is not None:
                line.append(variants.shown(variants.GANGA_MARK), style=GANGA_STYLE)
            boats = Text()
            for seat in _boats_at(view, space):
                boats.append(text.player_tag(seat), style=player_style(seat))
            room = width - line.cell_len - (boats.cell_len + 1 if boats else 0)
            line.append(_space_words(space, tile, room))
            if boats:
                line.append(" ").append_text(boats)
            line.pad_right(width - line.cell_len)
            rows.append(line)
            if space == river.bridge_after:
                edge = text.G["bridge_line"] * 3
                worker = f"+1{text.G['worker']}"
                forms = (f"   {edge} bridge: {worker} worker {edge}", f"   {edge} bridge {worker}")
                said = next((form for form in forms if cell_len(form) <= width), forms[-1])
                row = Text(said)
                row.pad_right(width - row.cell_len)
                rows.append(row)
        half = (len(rows) + 1) // 2
        for left, right in zip(rows[:half], [*rows[half:], Text("")], strict=False):
            lines.append(Text.assemble(left, " ", right))
        return Text("\n").join(lines)
