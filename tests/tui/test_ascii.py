"""ASCII mode (`RAJAS_ASCII=1`, `ascii_glyphs=True`): no character beyond ASCII reaches the screen,
on any screen or pane, at 80x24 and 160x50, in base and variant games; and the glyph set is each
app's own, so two apps in one process keep theirs."""

from __future__ import annotations

import io
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from rajas_tui.present import text
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import PANE_NAMES
from rajas_tui.tui.widgets.base import Pane
from tests.helpers import apps, variant_games

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]


def screen_text(app: RajasApp) -> str:
    """What the screen shows, as the terminal would get it (the SVG snapshot's characters)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True, record=True
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)


def not_ascii(shown: str) -> list[str]:
    """Each screen line holding a character beyond ASCII, with those characters."""
    return [
        f"{line!r}: {sorted({c for c in line if not c.isascii()})}"
        for line in shown.splitlines()
        if not line.isascii()
    ]


Steps = Callable[[Pilot[None]], Awaitable[None]]


async def _run(app: RajasApp, size: tuple[int, int], steps: Steps) -> list[str]:
    found: list[str] = []
    async with app.run_test(size=size) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await steps(pilot)
        await pilot.pause()
        found = not_ascii(screen_text(app))
    return found


def _keys(*keys: str) -> Steps:
    async def press(pilot: Pilot[None]) -> None:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return press


def _with_a_save(saves: Path) -> Path:
    shutil.copy(apps.SAVES / "midgame-4p.toml", saves / "midgame-4p.toml")
    return saves


def _pane_key(name: str) -> str:
    return str(PANE_NAMES.index(name) + 1)


TITLE_SCREENS = {
    "title": (),
    "new game": ("n",),
    "new game, the variant switches": ("n", "tab", "tab", "tab", "tab", "tab", "tab"),
    "load": ("l",),
    "palette": ("ctrl+p",),
}


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", TITLE_SCREENS)
async def test_title_and_dialogs(saves: Path, size: tuple[int, int], screen: str) -> None:
    app = apps.app(saves=_with_a_save(saves), ascii_glyphs=True, seed=7)
    assert await _run(app, size, _keys(*TITLE_SCREENS[screen])) == []


GAME_SCREENS = {
    **{f"pane {name}": (_pane_key(name),) for name in PANE_NAMES},
    "quarry": ("q",),
    "placement": ("q", "enter", "enter", "enter", "left", "r"),
    "harbor, a die and the boat move": ("h", "enter"),
    "market": ("s", "enter"),
    "balcony": ("b",),
    "chamber": ("c", "enter"),
    "help": ("question_mark",),
    "help, scrolled": ("question_mark", "end"),
    "save as": ("ctrl+s",),
    "palette": ("ctrl+p",),
}


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", GAME_SCREENS)
@pytest.mark.asyncio
async def test_base_game(saves: Path, size: tuple[int, int], screen: str) -> None:
    app = apps.app(apps.midgame(), saves=saves, ascii_glyphs=True)
    assert await _run(app, size, _keys(*GAME_SCREENS[screen])) == []


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", GAME_SCREENS)
@pytest.mark.asyncio
async def test_variant_game(saves: Path, size: tuple[int, int], screen: str) -> None:
    app = apps.app(variant_games.ganga_navaratnas(), saves=saves, ascii_glyphs=True)
    assert await _run(app, size, _keys(*GAME_SCREENS[screen])) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("keys", [(), ("tab",), ("question_mark",)], ids=["", "tab", "help"])
@pytest.mark.asyncio
async def test_game_over(saves: Path, size: tuple[int, int], keys: tuple[str, ...]) -> None:
    app = apps.app(apps.finished(), saves=saves, ascii_glyphs=True)
    assert await _run(app, size, _keys(*keys)) == []


@pytest.mark.slow
@pytest.mark.asyncio
async def test_two_apps_in_one_process_keep_their_glyphs(saves: Path) -> None:
    """An ASCII app started beside a Unicode one (or switched by the palette) leaves the other's
    symbols as they were."""
    unicode_app = apps.app(apps.midgame(), saves=saves)
    other = saves / "other"
    other.mkdir()
    ascii_app = apps.app(apps.midgame(), saves=other, ascii_glyphs=True)
    async with unicode_app.run_test(size=apps.LARGE) as first:
        await first.pause()
        async with ascii_app.run_test(size=apps.LARGE) as second:
            await second.pause()
            assert not_ascii(screen_text(ascii_app)) == []
            ascii_app.set_glyphs(True)
            await second.pause()
            await first.pause()
            assert not_ascii(screen_text(unicode_app)) != []
            unicode_app.set_glyphs(False)
            await first.pause()
            await second.pause()
            assert not_ascii(screen_text(ascii_app)) == []
        unicode_app.screen.refresh(repaint=True, layout=True)
        await first.pause()
        assert "─" in screen_text(unicode_app)
    assert not text.G.ascii, "outside the apps the process's set is as it was"


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_switched_to_ascii_by_the_palette(saves: Path, size: tuple[int, int]) -> None:
    """The palette's "Glyphs: plain ASCII" redraws every pane and Textual's frames at once."""
    app = apps.app(variant_games.ganga_navaratnas(), saves=saves)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert not_ascii(screen_text(app)) != []
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"plain ascii")
        await app.workers.wait_for_complete()
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.glyphs.ascii
        assert not_ascii(screen_text(app)) == []


# Dashes, dots and arrows in sentences: the filter turns them into ASCII cell for cell.
TYPOGRAPHY = set("—–·→←…›")


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["base", "variants"])
async def test_the_panes_own_text_takes_the_ascii_set(saves: Path, game: str) -> None:
    """Each pane draws its symbols, roads and marks from the ASCII set itself: only sentence
    typography is left to the screen's filter (which would also hide a box-drawing road)."""
    played = apps.midgame() if game == "base" else variant_games.ganga_navaratnas()
    app = apps.app(played, saves=saves, ascii_glyphs=True)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        for key in ("q", "escape", "h"):
            await pilot.press(key)
            await pilot.pause()
            for pane in app.screen.query(Pane):
                if pane.view is not None:
                    drawn = pane.draw(pane.view).plain
                    left = {c for c in drawn if not c.isascii()} - TYPOGRAPHY
                    assert not left, (type(pane).__name__, sorted(left))


def test_no_player_glyph_is_a_gain_symbol() -> None:
    """A player's tag must not read as a gain: "C*" beside "4*" fame was both."""
    symbols = text.Glyphs(ascii_only=True).table.values()
    unicode = text.Glyphs(ascii_only=False).table.values()
    for glyph in text.PLAYER_GLYPHS_ASCII:
        assert glyph not in symbols
    for glyph in text.PLAYER_GLYPHS_UNICODE:
        assert glyph not in unicode


@pytest.mark.asyncio
async def test_the_title_s_logo_reads_in_ascii(saves: Path) -> None:
    """The logo's double lines made `+` for every corner by the screen's filter read as
    '+-+ +++': in ASCII the logo is drawn in ASCII of its own, and the palette switches it."""
    from rajas_tui.tui.screens.title import ASCII_LOGO, LOGO

    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert LOGO.splitlines()[0].strip() in screen_text(app)
        app.set_glyphs(True)
        await pilot.pause()
        shown = screen_text(app)
        for line in ASCII_LOGO.splitlines():
            assert line.rstrip() in shown, (line, shown)
        assert "+-+" not in shown and "+++" not in shown
