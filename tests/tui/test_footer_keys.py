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


async def rebuilt(pilot: Pilot[None], footer: Footer) -> list[weakref.ref[FooterKey]]:
    """The footer rebuilt, as when the keys change; the keys it had before."""
    keys = list(footer.query(FooterKey))
    footer.screen.refresh_bindings()
    await kit.until(pilot, lambda: not any(key.is_attached for key in keys), "a rebuilt footer")
    await pilot.pause()  # drawn: the screen's last layout held the keys it drew
    return [weakref.ref(key) for key in keys]


async def test_the_footer_s_old_keys_are_freed(saves: Path) -> None:
    app = kit.app(kit.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await kit.until(pilot, gc.isenabled, "the first frame (start-up's heap frozen)")
        footer = app.screen.query_one(Footer)
        await rebuilt(pilot, footer)  # the keys made before are frozen: never freed by a collection
        old = await rebuilt(pilot, footer)
        assert old
        gc.collect()
        assert [key() for key in old if key() is not None] == []
        assert footer.query(FooterKey)  # the new keys are there
