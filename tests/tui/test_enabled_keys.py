"""The game screen enables a chooser command's key exactly when the chooser says the command
can act (`Chooser.enabled`), at the spaces list and after an area was chosen."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.present.chooser import AREAS, COMMANDS
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


def _keys_match(screen: GameScreen) -> int:
    chooser = screen.chooser
    assert chooser is not None
    for command in COMMANDS:
        want = True if chooser.enabled(command) else None
        assert screen.check_action("command", (command,)) == want, command
    return sum(chooser.enabled(c) for c in COMMANDS)  # how many are enabled


async def test_the_screens_keys_are_the_choosers(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await apps.until(pilot, lambda: screen.chooser is not None, "a seat to play")
        assert screen.chooser is not None
        assert _keys_match(screen) > 0
        area = next(a for a in AREAS if screen.chooser.enabled(a))
        await pilot.press(apps.KEYS[area])
        assert not screen.chooser.idle
        _keys_match(screen)
