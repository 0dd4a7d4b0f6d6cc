"""How the variants read on screen: the Ganga river tiles, the Navaratnas fields and the yield
tiles, in short codes for the panes and in words for the log.

Headless (no Textual). What a seat may not see is taken out by `rules.seat_view` before anything
here is drawn: a face-down tile another seat holds arrives as `rules.UNSEEN` and shows as "?".
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import rules
from rajas_tui.present.text import G, gains_short, gains_strip, gains_words
from rules import EMPTY, UNSEEN, Field, GameState, GangaTile, Side, Symbol, YieldTile
from saves import HUMAN

# A river space whose printed earnings a Ganga tile covers: water over the print.
GANGA_MARK = Symbol(glyph="≈", ascii="=", word="Ganga tile")
# A field on the province border: with no tile, with a tile face down, with a gained tile.
EMPTY_FIELD = Symbol(glyph="·", ascii=".", word="empty field")
HIDDEN = "?"
GAINED = Symbol(glyph="✓", ascii="(got)", word="gained")
SIDE_LETTERS = "NESW"


def shown(symbol: Symbol) -> str:
    return symbol.ascii if G.ascii else symbol.glyph


# Whose screen it is -----------------------------------------------------------------------------


def viewer(kinds: Sequence[str], turn: int) -> int | None:
    """The seat whose eyes the screen is for: the acting human seat (hot-seat play passes the
    keyboard), else the one human at the table; with no human or several while a bot plays,
    nobody's (an onlooker sees no seat's face-down tiles)."""
    if 0 <= turn < len(kinds) and kinds[turn] == HUMAN:
        return turn
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    return humans[0] if len(humans) == 1 else None


def seen(state: GameState, kinds: Sequence[str]) -> GameState:
    """The state as the screen may show it."""
    return rules.seat_view(state, viewer(kinds, state.turn))


# The Ganga river --------------------------------------------------------------------------------


def river_tile(state: GameState, space: int) -> GangaTile | None:
    tiles = state.river.tiles
    if space >= len(tiles) or tiles[space] == EMPTY:
        return None
    return rules.catalog().ganga.tiles[tiles[space]]


def ganga_glyph(tile: GangaTile) -> str:
    return gains_short(tile.gain)


def ganga_short(tile: GangaTile) -> str:
    """The tile's gain in the river strip's two cells (its mark goes on the row below)."""
    return gains_strip(tile.gain)


def ganga_short_forms() -> str:
    """The Ganga tiles the strip shows by a form of their own, their glyph being too long:
    "⚀~ Three colours (+3⚀ dice of different colours)"."""
    forms: dict[str, str] = {}  # by form: two tiles alike are named once
    for tile in rules.catalog().ganga.tiles:
        short = ganga_short(tile)
        if short != ganga_glyph(tile):
            forms.setdefault(short, f"{short} {tile.name} ({gains_words(tile.gain)})")
    return ", ".join(forms.values())


def ganga_words(tile: GangaTile) -> str:
    return f"{tile.name}: {gains_words(tile.gain)}"


def ganga_lines(state: GameState) -> list[str]:
    """Where each Ganga tile went at setup, one line a tile, in river order (the words of the
    save layer's `setup_revealed` on its branch, which may take this function's place)."""
    return [
        f"Ganga: the {tile.name} tile lies on river space {space}."
        for space in range(len(state.river.tiles))
        if (tile := river_tile(state, space)) is not None
    ]


# Yield tiles ------------------------------------------------------------------------------------


def yield_tile(tile: int) -> YieldTile:
    return rules.catalog().yield_tiles[tile]


def yield_code(tile: YieldTile) -> str:
    """Two cells: the colour's initial and the tile's number, "y3" for yellow3."""
    return f"{tile.colour[0]}{tile.number + 1}"


def yield_glyph(tile: YieldTile) -> str:
    return gains_short(tile.gain)


def yield_short(tile: YieldTile) -> str:
    """The tile's code and gain, "y3 5$"."""
    return f"{yield_code(tile)} {yield_glyph(tile)}"


def display_by_colour(state: GameState) -> list[tuple[str, list[YieldTile]]]:
    """The face-up yield tiles on the main board, grouped by colour in catalogue order."""
    groups: dict[str, list[YieldTile]] = {}
    for tile in sorted(state.supply.display):
        spec = yield_tile(tile)
        groups.setdefault(spec.colour, []).append(spec)
    return list(groups.items())


def has_yields(state: GameState) -> bool:
    """Whether the game has yield tiles on its main board (a Navaratnas board at the table)."""
    return rules.ruleset(state).fields


# Navaratnas fields ------------------------------------------------------------------------------


@attrs.frozen
class FieldView:
    """One field of a seat's board as the screen may show it."""

    field: Field
    tile: int  # a yield tile id, EMPTY or UNSEEN
    gained: bool
    face_down: bool

    @property
    def where(self) -> str:
        """The field's place, "a2 W": the cell and the outer side."""
        return f"{rules.cell_name(self.field.cell)} {SIDE_LETTERS[self.field.side]}"

    def code(self) -> str:
        """Two cells: the tile's code, the field colour's initial and "?" for a tile face down
        and unseen, or the initial and "·" for an empty field."""
        if self.tile == EMPTY:
            return self.field.colour[0] + shown(EMPTY_FIELD)
        if self.tile == UNSEEN:
            return self.field.colour[0] + HIDDEN
        return yield_code(yield_tile(self.tile))

    def glyph(self) -> str:
        if self.tile in (EMPTY, UNSEEN):
            return ""
        return yield_glyph(yield_tile(self.tile))

    def entry(self) -> str:
        """The field for a list under the board: "y3 5$✓", "b? face down", "w· a2W"."""
        code = self.code()
        if self.tile == EMPTY:
            return ""
        if self.tile == UNSEEN:
            return f"{code} face down"
        mark = shown(GAINED) if self.gained else ""
        down = " (face down)" if self.face_down and not self.gained else ""
        return f"{code} {self.glyph()}{mark}{down}"


def fields_of(state: GameState, seat: int) -> list[FieldView]:
    """The seat's fields in board order; `state` is already the screen's view of the game."""
    player = state.players[seat]
    fields = rules.seat_rules(state, seat).fields
    return [
        FieldView(
            field=field,
            tile=player.fields[i] if i < len(player.fields) else EMPTY,
            gained=bool(player.gained & (1 << i)),
            face_down=bool(player.face_down & (1 << i)),
        )
        for i, field in enumerate(fields)
    ]


def field_at(fields: Sequence[FieldView], cell: int, side: Side) -> FieldView | None:
    for view in fields:
        if view.field.cell == cell and view.field.side == side:
            return view
    return None


def fields_lines(fields: Sequence[FieldView], width: int, lines: int = 2) -> list[str]:
    """The tiles on the fields in words short enough for `lines` lines of `width` cells."""
    entries = [e for e in (f.entry() for f in fields) if e]
    if not fields:
        return []
    out = ["yields"]
    for entry in entries or ["none on the fields yet"]:
        if len(out[-1]) + 2 + len(entry) > width and len(out) < lines:
            out.append(" ")
        out[-1] += "  " + entry
    # What does not fit is cut where it shows, never pushed into the next board's column.
    return [line if len(line) <= width else line[: width - 1] + "…" for line in out]
