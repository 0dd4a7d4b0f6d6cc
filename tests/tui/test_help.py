"""Help (`?`) explains every symbol the screens can draw, has its own footer, and covers the
dialogs and how the game ends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Footer

import rules
import saves as save_layer
from rajas_tui.present import text
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import PANE_NAMES, GameScreen, Line
from rajas_tui.tui.screens.help import HelpScreen, help_text, rules_text
from rajas_tui.tui.widgets.base import Pane
from rules.catalog import catalog
from tests.helpers import apps, variant_games

# Typography, not symbols: dashes, the ellipsis of a cut line, the × and ° of a rotation.
PUNCTUATION = set("—–…×°’")

# Keys that open each kind of choice from the games below (the chooser draws its own marks).
CHOICES = [[], ["q"], ["q", "enter"], ["h"], ["c"], ["b"], ["t"], ["s"]]


def _games() -> list[save_layer.Game]:
    return [
        apps.midgame(),
        apps.example("final-action-3p.toml"),
        apps.example("mixed-ganga-3p.toml"),
        apps.example("navaratnas-3p.toml"),
        variant_games.ganga_navaratnas(),
    ]


def _drawn(app: RajasApp) -> str:
    screen = app.screen
    parts = [str(widget.render()) for widget in screen.query(Pane) if widget.display]
    parts += [widget.content.plain for widget in screen.query(Line)]
    return "\n".join(parts)


def _backed_out(app: RajasApp) -> bool:
    """Whether Escape has nothing left to step back from: the game screen, no choice begun."""
    screen = app.screen
    if not isinstance(screen, GameScreen):
        return False
    chooser = screen.chooser
    return chooser is None or (chooser.at_first_step and chooser.prefix is None)


async def _glyphs_on_screen(
    games: list[save_layer.Game], saves: Path, size: tuple[int, int]
) -> set[str]:
    """Every non-ASCII character the game screen's panes draw, over several games, every
    pane and each kind of choice."""
    seen: set[str] = set()
    for game in games:
        app = apps.app(game, saves=saves)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for number in range(1, len(PANE_NAMES) + 1):
                await pilot.press(str(number))
                seen |= set(_drawn(app))
            for keys in CHOICES:
                await pilot.press(*keys)
                await pilot.pause()
                if isinstance(app.screen, GameScreen):
                    seen |= set(_drawn(app))
                # Up to three Escapes back out of any choice here; one more than it needs only
                # says there is nothing to step back from, and costs a redraw.
                for _ in range(3):
                    if _backed_out(app):
                        break
                    await pilot.press("escape")
    return {c for c in seen if not c.isascii()} - PUNCTUATION


@pytest.fixture
def unicode_after() -> Iterator[None]:
    yield
    text.G.use_ascii(False)


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.usefixtures("unicode_after")
async def test_every_glyph_on_screen_is_explained_in_help(saves: Path) -> None:
    explained = help_text({}).plain
    glyphs: set[str] = set()
    games = _games()
    for size in (apps.SMALL, apps.LARGE):
        glyphs |= await _glyphs_on_screen(games, saves, size)
    assert glyphs, "the screens draw some symbols"
    assert sorted(glyphs - set(explained)) == []


def test_every_symbol_and_mark_is_in_help() -> None:
    explained = help_text({}).plain
    for symbol in rules.catalog().symbols.values():
        assert f"{symbol.glyph} {symbol.word}" in explained
    for symbol in text.UI_SYMBOLS.values():
        assert symbol.glyph in explained
    for ends in range(16):
        assert text.road_glyph(ends) in explained or text.road_glyph(ends) == " "


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_covered_mark_is_explained_in_either_set(ascii_only: bool) -> None:
    """The board marks a covered space with ▒, in ASCII #: help says what it means in the set
    in use (the track bars' # "passed" is another meaning of the same ASCII mark)."""
    text.G.use_ascii(ascii_only)
    try:
        explained = help_text({}).plain
    finally:
        text.G.use_ascii(False)
    assert f"{text.G['covered'] if not ascii_only else '#'} after a space: covered" in explained


@pytest.mark.asyncio
async def test_help_has_its_footer_and_covers_dialogs_and_the_end(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query(Footer)
        described = {active.binding.description for active in app.screen.active_bindings.values()}
        assert "close" in described and "quarry" not in described
        words = help_text(app.keymap).plain
        for heading in ("New game dialog", "Hand-over", "How the game ends"):
            assert heading in words
        assert "markers meet" in words and "last turn" in words


@pytest.mark.asyncio
async def test_the_rules_of_a_space_not_open_name_it_without_brackets(saves: Path) -> None:
    # Brackets mean a space open to you now (help's own symbols): `?` over a space taken or
    # refused names it bare.
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.chooser is not None
        root = screen.chooser.steps[0]
        root.cursor = next(i for i, o in enumerate(root.options) if not o.enabled)
        key = root.options[root.cursor].key
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.space == key
        shown = help_text(app.keymap, app.screen.area, app.screen.space).plain
        assert shown.startswith(f"Rules of {key}\n"), shown[:40]


@pytest.mark.asyncio
async def test_help_pages_on_with_its_keys(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        scroll = app.screen.query_one("#help")
        assert scroll.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y == 0


@pytest.mark.asyncio
async def test_the_palette_offers_no_keys_panel(saves: Path) -> None:
    # Textual's keys panel docks beside the game and leaves the board about 50 columns at
    # 80×24, with no Escape to close it; `?` shows the game's own keys and rules.
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Keys" not in titles and "Theme" in titles and "Quit" in titles


def test_help_takes_the_chambers_and_the_harbor_from_data() -> None:
    words = rules_text("chamber")
    for value, chamber in catalog().chambers.items():
        gains = text.gains_words(chamber.gain).removeprefix(f"{chamber.name}: ")
        assert f"{value} {chamber.name} ({gains})" in words
    assert f"1 to {catalog().harbor_max_die}" in rules_text("harbor")


def test_help_says_how_quitting_goes_and_the_quit_dialogs_keys() -> None:
    """Quitting a game that is not saved asks first (`quit_or_ask`): the help's quit line says
    so in one line that fits 80 columns, and its dialogs name the quit dialog's keys."""
    said = help_text({}).plain
    lines = said.splitlines()
    quit_line = next(line for line in lines if line.lstrip().startswith("ctrl+q"))
    assert quit_line == "  ctrl+q      quit (saved after every action; a game not saved asks first)"
    assert len(quit_line) <= apps.SMALL[0] - 4  # the help's border and padding
    assert "autosaved after every action" not in said
    dialog = next(line for line in lines if line.startswith("Quit dialog: "))
    keys = "s save as, then quit; q quit anyway, losing the moves not saved; Esc back."
    assert dialog.endswith(keys)
    moved = help_text({"quit.save_as": "w", "quit.quit": "x"}).plain
    assert "w save as, then quit; x quit anyway" in moved
