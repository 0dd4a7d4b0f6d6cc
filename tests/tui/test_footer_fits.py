"""The game screen's footer is never cut: at every size, choosing a space or a tile, each key it
shows lies whole inside the screen (none scrolled out of sight or cut at the edge), help's key
among them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets._footer import FooterKey

from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps

SIZES = ((80, 24), (100, 30), (120, 40), (160, 50), (200, 60))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_every_key_in_the_footer_is_whole_on_screen(
    size: tuple[int, int], saves: Path
) -> None:
    app = apps.app(apps.midgame(), saves=saves, bot_delay=3600.0)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        for keys in ([], ["q"], ["escape", "2"]):
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            footer = app.screen.query_one(Footer)
            bounds = Region(0, 0, *app.size).intersection(footer.region)
            shown = [key for key in footer.query(FooterKey) if key.display]
            where = f"after {keys or 'no key'}"
            if footer.virtual_size.width > footer.size.width:
                problems.append(f"{where}: the footer scrolls ({footer.virtual_size.width} wide)")
            for key in shown:
                if not bounds.contains_region(key.region):
                    problems.append(f"{where}: {key.key_display} {key.description} is cut")
            if "help" not in [key.description for key in shown]:
                problems.append(f"{where}: no help key")
    assert not problems, "\n".join(problems)


@pytest.mark.asyncio
async def test_a_narrower_terminal_fits_the_footer_again(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves, bot_delay=3600.0)
    async with app.run_test(size=(200, 60)) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        wide = len(footer.query(FooterKey))
        await pilot.resize_terminal(80, 24)
        await apps.until(
            pilot,
            lambda: footer.size.width == 80 and footer.virtual_size.width <= 80,
            "the footer fitted to 80 columns",
        )
        assert len(footer.query(FooterKey)) < wide


@pytest.mark.asyncio
async def test_keys_that_cannot_act_are_dimmed_as_the_docs_say(saves: Path) -> None:
    """At a new game's first turn in a strict game, pass and undo cannot act: where the footer
    shows them, dimmed, and pressed they say why; docs/playing.md says the footer shows them so."""
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], seed=1)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=(200, 60)) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game shown")
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(Footer).query(FooterKey)
        dimmed = {key.description: key.has_class("-disabled") for key in footer}
        assert dimmed["pass"] and dimmed["undo"], dimmed
        assert not dimmed["quarry"] and not dimmed["help"], dimmed
        await pilot.press("x")
        await pilot.pause()
        told = apps.notices(app)
        assert told == ["You cannot pass while a worker of yours can be placed."], told
    playing = (apps.ROOT / "docs/playing.md").read_text()
    bullets = playing.replace("\n\n", "\n- ").split("\n- ")
    footer = next(line for line in bullets if line.startswith("**The footer**"))
    assert "dimmed" in footer and "says why" in footer, footer
