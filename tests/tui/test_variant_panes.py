"""The panes in variant games: the Ganga tiles on the river and in the log, the Navaratnas fields
and what each seat may see of them, the yield-tile display, 8-place statues, and the new-game
dialog's variant switches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.text import Text

import rules
from rajas_tui.present import text, variants
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.help import symbols_text
from rajas_tui.tui.screens.newgame import variant_setup
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.kali import statue_line
from rajas_tui.tui.widgets.log import LogPane, told
from rajas_tui.tui.widgets.province import ProvincesPane, board_text, province_text
from rajas_tui.tui.widgets.river import RiverPane, RiverStrip
from rajas_tui.tui.widgets.yields import YieldsPane, display_lines
from saves import HUMAN
from tests.helpers import apps

NAMES = ("Asha", "Bela", "Chand", "Devi")
BOTS = (HUMAN, "random", "random", "random")


def _state(players: int = 4, boards: tuple[str, ...] = (), ganga: bool = True) -> rules.GameState:
    return rules.new_game(rules.Config(players=players, seed=9, boards=boards, ganga=ganga))


def _view(state: rules.GameState, kinds: tuple[str, ...] = BOTS) -> View:
    players = len(state.players)
    return View(state=state, names=NAMES[:players], kinds=kinds[:players])


@pytest.fixture
def unicode_after() -> Iterator[None]:
    yield
    text.G.use_ascii(False)


# Whose screen it is --------------------------------------------------------------------------


def test_the_viewer_is_the_acting_human_else_the_only_human() -> None:
    assert variants.viewer((HUMAN, "random"), 0) == 0
    assert variants.viewer((HUMAN, "random"), 1) == 0  # the bot plays: still A's screen
    assert variants.viewer((HUMAN, HUMAN, "random"), 1) == 1  # hot seat: B has the keys
    assert variants.viewer((HUMAN, HUMAN, "random"), 2) is None  # nobody's while the bot plays
    assert variants.viewer(("random", "random"), 0) is None


# Navaratnas fields -----------------------------------------------------------------------------


def _brown_code(state: rules.GameState, seat: int) -> str:
    (down,) = [f for f in variants.fields_of(state, seat) if f.face_down]
    return variants.yield_code(variants.yield_tile(down.tile))


def test_a_face_down_tile_shows_to_its_owner_alone() -> None:
    state = _state(boards=("navaratnas",) * 4)
    codes = [_brown_code(state, seat) for seat in range(4)]
    for viewer in range(4):
        kinds = tuple(HUMAN if seat == viewer else "random" for seat in range(4))
        seen = variants.seen(state, kinds)
        for seat in range(4):
            board = board_text(seen, seat, None).plain
            if seat == viewer:
                assert codes[seat] in board and "(face down)" in board
            else:
                assert codes[seat] not in board
                assert "b?" in board and "b? face down" in board


def test_an_onlooker_sees_no_face_down_tile() -> None:
    state = _state(boards=("navaratnas",) * 2, players=2)
    view = _view(state, ("random", "random"))
    drawn = ProvincesPane().draw(view).plain
    for seat in range(2):
        assert _brown_code(state, seat) not in drawn
    assert drawn.count("yields  b? face down") == 2


def test_fields_show_the_tile_its_gain_and_whether_it_was_gained() -> None:
    state = _state(boards=("navaratnas",) * 2, players=2)
    tile = rules.catalog().yield_tile("yellow3")
    player = state.players[0]
    fields = list(player.fields)
    index = [f.colour for f in rules.seat_rules(state, 0).fields].index("yellow")
    fields[index] = tile.id
    supply = rules.replace(
        state.supply, display=tuple(t for t in state.supply.display if t != tile.id)
    )
    placed = rules.replace(player, fields=tuple(fields))
    state = rules.replace(state, players=(placed, *state.players[1:]), supply=supply)
    assert "y3 5$" in board_text(state, 0, None).plain
    assert "y3 5$✓" not in board_text(state, 0, None).plain
    gained = rules.replace(placed, gained=placed.gained | (1 << index))
    state = rules.replace(state, players=(gained, *state.players[1:]))
    assert "y3 5$✓" in board_text(state, 0, None).plain


def test_a_base_board_has_no_fields_listed() -> None:
    state = _state(boards=("base", "navaratnas"), players=2)
    assert "yields" not in board_text(state, 0, None).plain
    assert "yields" in board_text(state, 1, None).plain


@pytest.mark.usefixtures("unicode_after")
def test_fields_read_in_ascii() -> None:
    text.G.use_ascii(True)
    state = _state(boards=("navaratnas",) * 2, players=2, ganga=False)
    board = board_text(state, 0, None).plain
    assert "w." in board and "y." in board and "·" not in board.split("\n")[-1]


@pytest.mark.usefixtures("unicode_after")
@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_field_list_keeps_to_its_board_width(ascii_only: bool) -> None:
    """Every field holding a long-named tile, all gained but the face-down one: the list is cut
    at the board's width, never pushed into the next board's column."""
    text.G.use_ascii(ascii_only)
    state = _state(boards=("navaratnas",) * 2, players=2, ganga=False)
    longest = {"white": "white1", "yellow": "yellow8", "red": "red6", "brown": "brown4"}
    fields = [
        variants.FieldView(
            field, rules.catalog().yield_tile(longest[field.colour]).id, i != 4, i == 4
        )
        for i, field in enumerate(rules.seat_rules(state, 0).fields)
    ]
    lines = variants.fields_lines(fields, 39)
    assert len(lines) == 2
    assert all(len(line) <= 39 for line in lines)


def test_a_field_the_placed_tile_would_reach_is_marked() -> None:
    state = _state(boards=("navaratnas",) * 2, players=2, ganga=False)
    fields = tuple(variants.fields_of(state, 0))
    white = fields[0].field  # a2, its west side
    tile = rules.catalog().tiles[0]
    turn = next(r for r in range(4) if rules.rotated(tile.ends, r) & (1 << white.side))
    player = state.players[0]
    ghosted = province_text(player, (tile.id, white.cell, turn), "navaratnas", fields)
    row = ghosted.split("\n")[2 + 2 * (white.cell // 5)]  # below the letters and north edge
    assert row.plain.startswith("w·")
    assert any("reverse" in str(span.style) and span.start == 0 for span in row.spans)
    plain = province_text(player, None, "navaratnas", fields).split("\n")[4]
    assert not any("reverse" in str(span.style) for span in plain.spans)


# Kali ------------------------------------------------------------------------------------------


def test_a_navaratnas_statue_has_8_places_a_base_one_10() -> None:
    state = _state(boards=("navaratnas", "base"), players=2)
    for seat, places in ((0, 8), (1, 10)):
        player = state.players[seat]
        line = statue_line(player).plain.split()
        assert len(line) == places
        assert len(player.dice) + line.count("·") == places


# The Ganga river --------------------------------------------------------------------------------


def test_the_log_says_where_each_ganga_tile_went() -> None:
    state = _state()
    lines = variants.ganga_lines(state)
    assert len(lines) == len(rules.catalog().ganga.tiles)
    for space, tile in enumerate(state.river.tiles):
        if tile != rules.EMPTY:
            name = rules.catalog().ganga.tiles[tile].name
            assert f"Ganga: the {name} tile lies on river space {space}." in lines
    view = _view(state)
    assert [line.plain for line in told(view)][: len(lines)] == lines
    assert LogPane().draw(view).plain.split("\n")[1] == lines[0]


def test_no_ganga_lines_without_the_module() -> None:
    assert variants.ganga_lines(_state(ganga=False)) == []


def test_the_strip_marks_the_ganga_spaces_and_the_pane_names_them() -> None:
    state = _state()
    # The mark is under the tile's gain, where a boat would be: none has left space 0 yet.
    strip = RiverStrip().draw(_view(state)).plain.split("\n")[2]
    laid = sum(tile != rules.EMPTY for tile in state.river.tiles)
    assert strip.count("≈") == laid
    pane = RiverPane().draw(_view(state)).plain
    for tile in rules.catalog().ganga.tiles:
        assert tile.name in pane
    plain = RiverStrip().draw(_view(_state(ganga=False))).plain
    assert "≈" not in plain


@pytest.mark.usefixtures("unicode_after")
def test_the_ganga_mark_in_ascii() -> None:
    text.G.use_ascii(True)
    state = _state()
    strip = RiverStrip().draw(_view(state)).plain.split("\n")[2]
    assert strip.count("=") == sum(tile != rules.EMPTY for tile in state.river.tiles)


# Yield tiles -----------------------------------------------------------------------------------


def test_the_yield_pane_lists_every_face_up_tile() -> None:
    state = _state(boards=("navaratnas",) * 3, players=3)
    drawn = YieldsPane().draw(_view(state)).plain
    for tile in state.supply.display:
        assert variants.yield_short(variants.yield_tile(tile)) in drawn


def test_a_mixed_game_tells_the_white_stack_face_down() -> None:
    state = _state(boards=("base", "navaratnas", "base"), players=3)
    drawn = YieldsPane().draw(_view(state)).plain
    assert "8 white tiles face down on the temple" in drawn
    assert "w1" not in drawn
    lines = display_lines(_view(state), 80, 3)
    assert "+8 white face down" in Text("\n").join(lines).plain


def test_a_base_game_has_no_yield_tiles_to_show() -> None:
    drawn = YieldsPane().draw(_view(_state(ganga=False))).plain
    assert "no yield tiles" in drawn


# The new-game dialog ---------------------------------------------------------------------------


def test_variant_setup_names_the_variants() -> None:
    seats = [("Asha", HUMAN), ("Bela", "random")]
    setup = variant_setup(seats, 3, "strict", True, ["navaratnas", "navaratnas"])
    assert setup.variants == ("ganga", "navaratnas")
    assert variant_setup(seats, 3, "strict", False, ["base", "base"]).variants == ()
    mixed = variant_setup(seats, 3, "strict", False, ["base", "navaratnas"])
    assert mixed.variants == ("navaratnas",)
    assert [seat.board for seat in mixed.seats] == ["base", "navaratnas"]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_dialog_starts_a_ganga_navaratnas_game_by_keys(saves: Path) -> None:
    app = apps.app(saves=saves, seed=5)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        # The first field has the focus: shift+tab twice wraps round to Cancel, then Start.
        await pilot.press("ctrl+g", "ctrl+n", "shift+tab", "shift+tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.game
        assert game is not None
        assert game.setup.variants == ("ganga", "navaratnas")
        config = game.state.config
        assert config.ganga and config.boards == ("navaratnas", "navaratnas")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_dialog_starts_a_mixed_table(saves: Path) -> None:
    app = apps.app(saves=saves, seed=5)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.click("#board-1")
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None
        assert app.game.state.config.boards == ("base", "navaratnas")
        assert app.game.setup.variants == ("ganga", "navaratnas")


@pytest.mark.asyncio
async def test_the_all_switch_follows_the_seats(saves: Path) -> None:
    from rajas_tui.tui.screens.newgame import MarkedCheckbox

    app = apps.app(saves=saves, seed=5)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        every = app.screen.query_one("#navaratnas", MarkedCheckbox)
        await pilot.click("#board-0")
        await pilot.click("#board-1")
        await pilot.pause()
        assert every.value
        await pilot.click("#board-1")
        await pilot.pause()
        assert not every.value
        assert app.screen.query_one("#board-0", MarkedCheckbox).value


# The yield tiles' pane: only in a game that has them ------------------------------------------


@pytest.mark.asyncio
async def test_pane_8_shows_the_yield_tiles_only_where_there_are_some(saves: Path) -> None:
    from tests.helpers import variant_games

    app = apps.app(variant_games.ganga_navaratnas(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("8")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.pane == "yields"
        assert screen.query_one("#pane-yields").display
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("7")  # the log, the last pane of a base game
        await pilot.press("tab")
        await pilot.press("8")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.pane == "river"
        assert "There is no pane 8: 1 to 7 choose a pane." in apps.notices(app)


def test_the_strip_names_every_face_up_tile_in_40_cells() -> None:
    """At 120 columns the strip has 40 cells beside the river: all 26 tiles of a 4-player
    start must still be named there, by their codes when their gains do not fit."""
    state = _state(boards=("navaratnas",) * 4)
    lines = display_lines(_view(state), 40, 3)
    assert len(lines) <= 3 and all(line.cell_len <= 40 for line in lines)
    shown = Text(" ").join(lines).plain.split()
    for tile in state.supply.display:
        assert variants.yield_code(variants.yield_tile(tile)) in shown


def _river_gains() -> list[tuple[rules.Effect, ...]]:
    """Every set of gains the river strip may show: the printed spaces' and the Ganga tiles'."""
    data = rules.catalog()
    return [gains for gains in data.river.gains if gains] + [tile.gain for tile in data.ganga.tiles]


@pytest.mark.parametrize("ascii_glyphs", [False, True], ids=["glyphs", "ascii"])
@pytest.mark.usefixtures("unicode_after")
def test_a_gain_on_the_strip_is_its_glyph_or_its_own_short_form(ascii_glyphs: bool) -> None:
    """Cut to the strip's two cells, "3⚀~" (three dice of different colours) read as "3⚀",
    another gain; a gain whose glyph is longer has a short form of its own, which help tells."""
    text.G.use_ascii(ascii_glyphs)
    kinds = rules.catalog().gains
    help_text = symbols_text()
    for gains in _river_gains():
        shown = text.gains_strip(gains)
        assert cell_len(shown) <= text.STRIP_CELLS, (gains, shown)
        if shown != text.gains_short(gains):
            assert all(kinds[gain.kind].strip for gain in gains), (gains, shown)
            assert shown in help_text, shown


@pytest.mark.usefixtures("unicode_after")
def test_the_strip_shows_each_ganga_tile_by_its_short_form() -> None:
    text.G.use_ascii(False)
    state = _state()
    gains = RiverStrip().draw(_view(state)).plain.split("\n")[1]
    shown = [
        variants.ganga_short(tile)
        for space in range(len(state.river.tiles))
        if (tile := variants.river_tile(state, space)) is not None
    ]
    assert shown and all(f" {form} " in gains for form in shown), gains
    assert {"⚀~", "»~"} <= {text.gains_strip(tile.gain) for tile in rules.catalog().ganga.tiles}
