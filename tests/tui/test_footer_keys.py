"""The game screen's footer lets go of the keys it rebuilt (rajas_tui/tui/widgets/footer.py):
Textual's kept every rebuild's keys alive through their watchers (textual issue 6666)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from . import kit

pytestmark = pytest.mark.asyncio


async def rebuilt(pilot: Pilot[None], footer: Footer, *keys: str) -> list[weakref.ref[FooterKey]]:
    """The footer rebuilt by keys that change what it offers; the keys it had before."""
    shown = list(footer.query(FooterKey))
    await pilot.press(*keys)
    await kit.until(pilot, lambda: not any(key.is_attached for key in shown), "a rebuilt footer")
    await pilot.pause()  # drawn: the screen's last layout held the keys it drew
    return [weakref.ref(key) for key in shown]


async def test_the_footer_s_old_keys_are_freed(saves: Path) -> None:
    app = kit.app(kit.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (start-up's heap frozen)")
        footer = app.screen.query_one(Footer)
        # Terrace 1 leads to the preview, where the spaces' keys cannot act: the footer changes.
        await rebuilt(pilot, footer, "t", "1")  # the keys made before are frozen: never freed
        old = await rebuilt(pilot, footer, "escape")
        assert old
        gc.collect()
        assert [key() for key in old if key() is not None] == []
        assert footer.query(FooterKey)  # the new keys are there


async def test_the_footer_is_not_rebuilt_for_the_same_keys(saves: Path) -> None:
    """The screen says its keys may have changed at every key a player types; most leave them
    as they were (choosing terrace's row here), and the footer keeps its keys then."""
    app = kit.app(kit.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame")
        footer = app.screen.query_one(Footer)
        shown = list(footer.query(FooterKey))
        await pilot.press("t")
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert list(footer.query(FooterKey)) == shown
        assert all(key.is_attached for key in shown)


async def test_a_footer_asked_to_rebuild_once_its_screen_closed_does_nothing(saves: Path) -> None:
    """Textual asks for the rebuild after the next refresh, which may come once the game
    screen has closed (another game shown): the footer then has no screen to read keys from."""
    app = kit.app(kit.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame")
        footer = app.screen.query_one(Footer)
        app.to_title()
        await kit.until(pilot, lambda: not footer.is_attached, "the game screen closed")
        await footer.recompose()
