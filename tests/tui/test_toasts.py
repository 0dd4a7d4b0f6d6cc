"""Messages on screen: a few at a time, each once. Textual's stack of messages scrolls once it
is taller than the screen, and when its messages go, rows it covered are not all painted again:
at 80×24 in tmux, `x` pressed five times in a row (five refusals) left pieces of them over the
status line and the river for good."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from rajas_tui.tui.app import MOST_MESSAGES

from . import kit


def _messages(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [n.message for n in app._notifications]


@pytest.mark.asyncio
async def test_a_refusal_repeated_is_shown_once(saves: Path) -> None:
    game = kit.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = kit.app(game, saves=saves)
    async with app.run_test(size=kit.SMALL, notifications=True) as pilot:
        await pilot.press(*["x"] * 10)
        await pilot.pause()
        shown = _messages(app)
        assert len(shown) == 1, shown
        assert shown[0].startswith("You cannot pass"), shown
        assert len(app.screen.query(Toast)) == 1


@pytest.mark.asyncio
async def test_only_the_newest_few_messages_are_shown(saves: Path) -> None:
    game = kit.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = kit.app(game, saves=saves)
    async with app.run_test(size=kit.SMALL, notifications=True) as pilot:
        for n in range(10):
            app.notify(f"message {n}")
        await pilot.pause()
        assert _messages(app) == [f"message {n}" for n in range(10 - MOST_MESSAGES, 10)]
        assert len(app.screen.query(Toast)) == MOST_MESSAGES


@pytest.mark.asyncio
async def test_the_most_messages_fit_the_smallest_screen(saves: Path) -> None:
    game = kit.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = kit.app(game, saves=saves)
    async with app.run_test(size=kit.SMALL, notifications=True) as pilot:
        long = "You cannot do that: " + "a sentence long enough to wrap on three lines " * 2
        for n in range(10):
            app.notify(f"{n} {long}", severity="warning")
        await pilot.pause()
        await pilot.pause(0.1)
        regions = [toast.region for toast in app.screen.query(Toast)]
        assert regions and all(r.y >= 0 for r in regions), f"above the screen: {regions}"
