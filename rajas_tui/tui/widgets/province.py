"""Province boards: the 5×4 grid, the residence, roads in box-drawing characters, edge yields,
on a Navaratnas board its fields and the yield tiles on them, and, while a tile is being placed,
its ghost under the cursor."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

import rules
from rajas_tui.present import text, variants
from rajas_tui.present.variants import FieldView
from rajas_tui.tui import colours
from rajas_tui.tui.widgets.base import Pane, Same, View, player_text
from rajas_tui.tui.widgets.kali import karma_workers, levels_line, statue_line
from rules import EMPTY, UNSEEN, GameState, Player, Side, cell_name, ends_at, rotated

CELL = 7
MARGIN = 2
BOARD_WIDTH = 5 * CELL + 2 * MARGIN
GHOST = Style(reverse=True, bold=True)
COLUMN_LETTERS = "abcde"  # as in the cell names (rules.cell_name: a1 .. e4)


def _edge(board: str, cell: int, side: Side) -> str:
    spot = rules.catalog().province.edges[board].get((cell, side))
    if spot is None or not spot.gain:
        return ""
    return text.gains_short(spot.gain)[:2]


def _field_text(field: FieldView, width: int) -> Text:
    """A field on the border: its code in two cells ("y3", "b?" face down, "w·" empty), and
    where there is room the tile's gain; a gained tile is dimmed (the list under the board
    says so in words)."""
    label = field.code()
    if field.glyph() and cell_len(f"{label} {field.glyph()}") <= width:
        label = f"{label} {field.glyph()}"
    colour = colours.yield_colour(field.field.colour)
    style = Style(color=colour, dim=field.gained, bold=field.tile not in (EMPTY, UNSEEN))
    return Text(label, style=style)


def province_text(
    player: Player,
    ghost: tuple[int, int, int] | None = None,
    board: str = "base",
    fields: tuple[FieldView, ...] = (),
) -> Text:
    """The board in 11 lines of 39 cells. `ghost` is (tile, cell, rotation) being placed;
    `fields` the yield-tile fields of a Navaratnas board as the screen may show them."""
    spec = rules.catalog().province
    tiles = rules.catalog().tiles
    ends = [ends_at(player.province, cell) for cell in range(spec.rows * spec.columns)]
    styles: list[Style | None] = [None] * len(ends)
    infos: list[str] = []
    for cell in range(len(ends)):
        placed = player.province.cells[cell]
        if cell == spec.residence:
            infos.append(" R ")
        elif placed is not None:
            infos.append(f"{text.tile_label(tiles[placed.tile]):>3}")
            styles[cell] = Style(color=colours.die_colour(tiles[placed.tile].colour))
        else:
            infos.append("   ")
    summaries = [
        text.tile_summary(tiles[p.tile])[:3] if p is not None else "" for p in player.province.cells
    ]
    if ghost is not None:
        tile, cell, rotation = ghost
        ends[cell] = rotated(tiles[tile].ends, rotation)
        infos[cell] = f"{text.tile_label(tiles[tile]):>3}"
        summaries[cell] = text.tile_summary(tiles[tile])[:3]
        styles[cell] = GHOST
    # A cell's label stands right, against the road south, so that the letters of the cell to
    # its west keep a blank before it; only a three-letter label (value 10) fills its part, and
    # the letters west of it give way by one (the display and help name the tile whole).
    for cell, summary in enumerate(summaries):
        neighbour = cell + 1
        if neighbour % spec.columns and len(summary) == 3 and infos[neighbour][0] != " ":
            summaries[cell] = summary[:2]
    reached = {
        (cell, side)
        for cell in range(len(ends))
        for side in Side
        if ends[cell] & (1 << side) and (ghost is None or cell == ghost[1])
    }

    def yield_text(cell: int, side: Side, width: int, align: str) -> Text:
        field = variants.field_at(fields, cell, side)
        if field is not None:
            shown = _field_text(field, width)
            shown.truncate(width)
            if (cell, side) in reached and ghost is not None:
                shown.stylize("reverse")  # the tile being placed would reach this field
            pad = width - shown.cell_len
            left = pad // 2 if align == "c" else (pad if align == "r" else 0)
            return Text(" " * left).append_text(shown).append(" " * (pad - left))
        label = _edge(board, cell, side)
        padded = (
            label.center(width)
            if align == "c"
            else (label.rjust(width) if align == "r" else label.ljust(width))
        )
        used = (cell, side) in reached and ghost is not None
        taken = player.province.cells[cell] is not None and ends[cell] & (1 << side)
        return Text(padded, style="reverse" if used else ("dim" if taken else ""))

    lines = []
    # The column letters on a line of their own, each over its column's middle (where the
    # road's junction is drawn), so that none is read as part of a north edge's yield.
    letters = Text(" " * MARGIN)
    for column in range(spec.columns):
        letters.append(COLUMN_LETTERS[column].center(CELL), style="bold")
    lines.append(letters)
    top = Text(" " * MARGIN)
    for column in range(spec.columns):
        top.append_text(yield_text(column, Side.N, CELL, "c"))
    lines.append(top)
    for row in range(spec.rows):
        road = Text()
        info = Text().append(f"{row + 1:<{MARGIN}}", style="bold")  # the row's number
        first = row * spec.columns
        road.append_text(yield_text(first, Side.W, MARGIN, "l"))
        for column in range(spec.columns):
            cell = first + column
            e = ends[cell]
            filled = e or cell == spec.residence
            across = text.road_glyph(1 << Side.W | 1 << Side.E) * 3
            west = across if e & (1 << Side.W) else "   "
            east = across if e & (1 << Side.E) else "   "
            glyph = text.road_glyph(e) if filled else text.G["no_tile"]
            style = styles[cell]
            road.append(west + glyph + east, style=style or ("" if filled else "dim"))
            south = text.road_glyph(1 << Side.N | 1 << Side.S) if e & (1 << Side.S) else " "
            info.append(f"{infos[cell]}{south}{summaries[cell]:<3}", style=style or "")
        road.append_text(yield_text(first + spec.columns - 1, Side.E, MARGIN, "r"))
        lines.append(road)
        lines.append(info)
    bottom = Text(" " * MARGIN)
    last = (spec.rows - 1) * spec.columns
    for column in range(spec.columns):
        bottom.append_text(yield_text(last + column, Side.S, CELL, "c"))
    lines.append(bottom)
    return Text("\n").join(lines)


def ghost_of(view: View, seat: int) -> tuple[int, int, int] | None:
    chooser = view.chooser
    if chooser is None or seat != view.state.turn:
        return None
    step = chooser.placing()
    return None if step is None else (step.tile, step.cell, step.rotation)


def board_text(state: GameState, seat: int, ghost: tuple[int, int, int] | None) -> Text:
    """A seat's board and, on a Navaratnas board, the tiles on its fields in words. `state` is
    the screen's view of the game (`View.seen`), so another seat's face-down tile is "?"."""
    fields = tuple(variants.fields_of(state, seat))
    board = rules.seat_rules(state, seat).board
    return _board_text(state.players[seat], ghost, board, fields)


def _board_text(
    player: Player, ghost: tuple[int, int, int] | None, board: str, fields: tuple[FieldView, ...]
) -> Text:
    drawn = province_text(player, ghost, board, fields)
    listed = variants.fields_lines(fields, BOARD_WIDTH)
    return Text("\n").join([drawn, *(Text(line) for line in listed)])


class Boards:
    """Each seat's board as a pane last drew it, with what it was drawn from: a province
    changes only when its player builds, and drawing the four boards was the most of a move's
    redraw."""

    def __init__(self) -> None:
        self._drawn: dict[int, tuple[tuple[object, ...], Text]] = {}

    def text(self, state: GameState, seat: int, ghost: tuple[int, int, int] | None) -> Text:
        """`board_text`: the same text as before, not a copy, when nothing it shows changed."""
        board = rules.seat_rules(state, seat).board
        fields = tuple(variants.fields_of(state, seat))
        province = state.players[seat].province
        key = (Same(province), ghost, board, fields, text.G.ascii, colours.variables_in_use())
        found = self._drawn.get(seat)
        if found is None or found[0] != key:
            drawn = _board_text(state.players[seat], ghost, board, fields)
            found = self._drawn[seat] = (key, drawn)
        return found[1]


class PlayerCard(Pane):
    """The acting player's essentials: statue, karma, workers, levels and province."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.boards = Boards()

    def inputs(self, view: View) -> tuple[object, ...]:
        return (ghost_of(view, view.state.turn),)  # of the chooser, only the tile being placed

    def draw(self, view: View) -> Text:
        state = view.seen()
        seat = state.turn
        player = state.players[seat]
        head = Text()
        head.append_text(player_text(seat))
        head.append(f" {view.names[seat]} ({view.kinds[seat]})", style="bold")
        board = self.boards.text(state, seat, ghost_of(view, seat))
        lines = [head, Text("Kali ").append_text(statue_line(player)), karma_workers(player)]
        levels = levels_line(player)
        rows = len(lines) + 1 + len(board.split("\n"))
        if self.size.height and rows > self.size.height:
            # A Navaratnas board's fields take two more rows than 80×24 has: the levels join
            # the name's row, without their heading if they must.
            short = levels[len("levels ") :]
            for joined in (Text.assemble(head, "  ", levels), Text.assemble(head, "  ", short)):
                if joined.cell_len <= self.size.width:
                    lines[0] = joined
                    break
        if lines[0] is head:
            lines.append(levels)
        return Text("\n").join([*lines, board])


class ProvincesPane(Pane):
    """Every player's province board, side by side as the width allows; when they do not all
    fit, the page starts at the seat to act (whose board changes now) and `first` counts the
    boards paged on from there (the pane's key pages on by as many as it shows)."""

    first = 0

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.boards = Boards()
        self.per_page = 0  # how many boards the last drawing showed at once

    def page(self) -> None:
        """The next boards: every seat's comes in turn, however many fit at once."""
        self.first += max(1, self.per_page)

    def inputs(self, view: View) -> tuple[object, ...]:
        return (ghost_of(view, view.state.turn), self.first)  # the placed tile, the page

    def draw(self, view: View) -> Text:
        boards = []
        state = view.seen()
        for seat, player in enumerate(state.players):
            head = Text()
            head.append_text(player_text(seat))
            head.append(f" {view.names[seat][:12]} ")
            head.append(levels_line(player).plain[7:18])
            head.pad_right(BOARD_WIDTH - head.cell_len)
            drawn = self.boards.text(state, seat, ghost_of(view, seat))
            boards.append([head, *drawn.split("\n")])
        width = self.size.width or 84
        height = self.size.height or 50
        per_row = max(1, (width + 1) // (BOARD_WIDTH + 1))
        tallest = max(len(board) for board in boards)
        rows = max(1, (height - 1) // tallest)
        shown = per_row * rows
        self.per_page = min(shown, len(boards))
        first = (state.turn + self.first) % len(boards) if len(boards) > shown else 0
        boards = (boards + boards)[first : first + self.per_page]
        roads = "".join(text.road_glyph(ends) for ends in (10, 5, 14))  # ─ │ ┬
        title = f"Provinces — R residence, roads {roads}; yields at the edges"
        if variants.has_yields(state):
            empty = variants.shown(variants.EMPTY_FIELD)
            title = f"Provinces — R residence; fields: y3 tile, b? face down, w{empty} empty"
        short = "Provinces — R residence"
        if shown < len(view.state.players):
            title, short = "Provinces (6 again: next) — R residence", "Provinces (6 again: next)"
        lines = [self.title(title, short)]
        for start in range(0, len(boards), per_row):
            group = boards[start : start + per_row]
            for row in range(max(len(board) for board in group)):
                line = Text()
                for i, board in enumerate(group):
                    if i:
                        line.append(" ")
                    cell = board[row].copy() if row < len(board) else Text()
                    cell.pad_right(BOARD_WIDTH - cell.cell_len)
                    line.append_text(cell)
                lines.append(line)
        return Text("\n").join(lines)


__all__ = ["PlayerCard", "ProvincesPane", "cell_name", "province_text"]
