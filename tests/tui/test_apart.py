"""Text never runs together: each province cell, each river space and each gain of several stands
one blank apart from the next, in every state of random games, with Unicode glyphs and ASCII."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from rich.cells import cell_len

import rules
from rajas_tui.cli.summary import province_lines
from rajas_tui.present import text, variants
from rajas_tui.tui.screens.help import help_text
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.province import CELL, MARGIN, province_text
from rajas_tui.tui.widgets.river import RiverStrip
from rajas_tui.tui.widgets.yields import tile_text
from rules import GameState, Player
from tests.helpers.playouts import random_states

NAMES = ("Asha", "Bela", "Chand", "Devi")
GLYPHS = pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])


@pytest.fixture(autouse=True)
def unicode_after() -> Iterator[None]:
    yield
    text.G.use_ascii(False)


@cache
def _states() -> list[GameState]:
    """Every 7th state of random games, base and variant: a value-10 tile beside another tile,
    boats crowding a space, Ganga tiles on the river."""
    every = random_states(6) + random_states(10, variants=True)
    return every[::7]


def _apart(row: str, boundary: int) -> bool:
    """Whether the cells either side of column `boundary` keep a blank between them."""
    if boundary >= len(row):
        return True
    return row[boundary - 1] == " " or row[boundary] == " "


def _runs_together(state: GameState) -> bool:
    return any(
        not _apart(row, MARGIN + column * CELL)
        for player in state.players
        for row in province_text(player).plain.split("\n")[3::2]
        for column in range(1, 5)
    )


@cache
def _players() -> tuple[Player, ...]:
    """A player of the sample states for each province among them: a board is drawn from its
    province alone (the board pane keeps a drawing until the province changes), and most of
    the states' players share theirs with another's."""
    return tuple({p.province: p for s in _states() for p in s.players}.values())


@GLYPHS
def test_every_province_cell_stands_apart_on_the_screen(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    checked = 0
    ten = False
    for player in _players():
        shown = province_text(player).plain
        ten = ten or "10" in shown
        # The second row of each cell: its tile's colour and value, the road south, its
        # buildings and markets.
        for row in shown.split("\n")[3::2]:
            assert cell_len(row) == len(row)
            for column in range(1, 5):
                assert _apart(row, MARGIN + column * CELL), row
                checked += 1
    assert checked and ten, "the sample has a value-10 tile"


def test_two_value_10_tiles_side_by_side_stand_apart() -> None:
    """The four tiles of value 10 carry three letters each: one beside another leaves no room
    for both whole, and the west one's letters give way to the blank."""
    tiles = rules.catalog().tiles
    tens = [i for i, tile in enumerate(tiles) if tile.value == 10]
    state = rules.new_game(rules.Config(players=2, seed=1))
    province = state.players[0].province
    cells = list(province.cells)
    cells[5] = rules.Placed(tile=tens[0], rotation=0)
    cells[6] = rules.Placed(tile=tens[1], rotation=0)
    player = state.players[0]
    player = rules.replace(player, province=rules.replace(province, cells=tuple(cells)))
    row = province_text(player).plain.split("\n")[5]
    assert _apart(row, MARGIN + CELL), row
    assert text.tile_label(tiles[tens[0]]) in row and text.tile_label(tiles[tens[1]]) in row


@GLYPHS
def test_every_province_cell_stands_apart_in_rajas_show(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    for player in _players():
        head, *rows = province_lines(player.province)
        starts = [head.index(letter) for letter in "abcde"]
        for row in rows:
            for start in starts[1:]:
                assert len(row) <= start or row[start - 1] == " ", row


@GLYPHS
def test_every_river_space_stands_apart_on_the_strip(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    river = rules.catalog().river
    for state in _states():
        view = View(state=state, names=NAMES[: len(state.players)], kinds=("human",) * 4)
        numbers, gains, boats = RiverStrip().draw(view).split("\n")
        assert cell_len(gains.plain) == len(gains.plain)
        column = len("River ")
        for space in range(len(river.gains)):
            if space != river.final:
                for row in (numbers, gains, boats):
                    assert row.plain[column : column + 3][2:] in ("", " "), row.plain
            tile = variants.river_tile(state, space)
            if tile is not None:
                styles = {str(span.style) for span in gains.spans if span.start == column}
                assert any("reverse" in style for style in styles), (space, gains.spans)
                if space not in state.river.boats:
                    mark = variants.shown(variants.GANGA_MARK)
                    assert boats.plain[column : column + 3].strip() == mark, boats.plain
            column += 3 + (space == river.bridge_after)


def _several() -> list[tuple[str, tuple[rules.Effect, ...]]]:
    """Every set of gains of more than one the screens show in a row: on yield tiles, Ganga
    tiles, river spaces and province edges."""
    data = rules.catalog()
    found: list[tuple[str, tuple[rules.Effect, ...]]] = []
    found += [(t.name, t.gain) for t in data.yield_tiles]
    found += [(t.name, t.gain) for t in data.ganga.tiles]
    found += [(f"river {i}", gains) for i, gains in enumerate(data.river.gains)]
    for board, edges in data.province.edges.items():
        found += [(f"{board} {where}", spot.gain) for where, spot in edges.items()]
    return [(name, gains) for name, gains in found if len(gains) > 1]


@GLYPHS
def test_several_gains_in_a_row_stand_apart(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    several = _several()
    assert several, "some yield tile gives two gains"
    for name, gains in several:
        shown = text.gains_short(gains)
        parts = [text.gain_short(gain) for gain in gains]
        assert shown != "".join(parts), name
        assert shown.split(text.G["and"]) == parts, (name, shown)
    for tile_id, tile in enumerate(rules.catalog().yield_tiles):
        if len(tile.gain) > 1:
            assert text.gains_short(tile.gain) in variants.yield_short(tile)
            assert text.gains_short(tile.gain) in tile_text(tile_id).plain


def test_a_long_key_in_help_keeps_a_blank_before_what_it_does() -> None:
    keymap = {"game.save_as": "ctrl+shift+s", "move.up": "ctrl+shift+up"}
    shown = help_text(keymap).plain.split("\n")
    for key in keymap.values():
        row = next(line for line in shown if line.strip().startswith(key))
        assert row.strip()[len(key)] == " ", row
