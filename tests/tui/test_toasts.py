"""Messages on screen: a few at a time, each once. Textual's stack of messages scrolls once it
is taller than the screen, and when its messages go, rows it covered are not all painted again:
at 80×24 in tmux, `x` pressed five times in a row (five refusals) left pieces of them over the
status line and the river for good."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.content import Content

from rajas_tui.tui.private_textual import MOST_MESSAGES
from tests.helpers import apps

ROOT = Path(__file__).resolve().parents[2]


TOAST = "Toast"  # Textual's message widget, found by its type's name (its module is private)


def _messages(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The messages on screen, oldest first, as their toasts show them."""
    return [str(toast.render()).strip() for toast in app.screen.query(TOAST)]


@pytest.mark.asyncio
async def test_a_refusal_repeated_is_shown_once(saves: Path) -> None:
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await pilot.press(*["x"] * 10)
        await pilot.pause()
        shown = _messages(app)
        assert len(shown) == 1, shown
        assert shown[0].startswith("You cannot pass"), shown
        assert len(app.screen.query(TOAST)) == 1


@pytest.mark.asyncio
async def test_only_the_newest_few_messages_are_shown(saves: Path) -> None:
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        for n in range(10):
            app.notify(f"message {n}")
        await pilot.pause()
        assert _messages(app) == [f"message {n}" for n in range(10 - MOST_MESSAGES, 10)]
        assert len(app.screen.query(TOAST)) == MOST_MESSAGES


@pytest.mark.asyncio
async def test_the_most_messages_fit_the_smallest_screen(saves: Path) -> None:
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        long = "You cannot do that: " + "a sentence long enough to wrap on three lines " * 2
        for n in range(10):
            app.notify(f"{n} {long}", severity="warning")
        await pilot.pause()
        await pilot.pause(0.1)
        regions = [toast.region for toast in app.screen.query(TOAST)]
        assert regions and all(r.y >= 0 for r in regions), f"above the screen: {regions}"


class Posted:
    """The notifications the app hands to Textual (`App.notify`), as they are shown: their
    markup read when they say they hold some."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[str] = []
        notify = App.notify

        def counted(app: App[None], message: str, **options: Any) -> None:
            markup = options.get("markup", True)
            self.shown.append(Content.from_markup(message).plain if markup else message)
            notify(app, message, **options)

        monkeypatch.setattr(App, "notify", counted)


@pytest.mark.asyncio
async def test_a_refusal_repeated_many_times_costs_one_message(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key held down, or pasted many times over, that cannot act: its sentence is handed to
    Textual once while it is on screen, not a new message (a toast made and laid out) at every
    key. (Messages stay up here longer than the keys take: told again halfway through its
    time, a message stays up for as long as its key is pressed.)"""
    posted = Posted(monkeypatch)
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    app.NOTIFICATION_TIMEOUT = 600
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await pilot.pause()
        posted.shown.clear()
        await pilot.press(*["x"] * 100)
        await pilot.pause()
    assert len(posted.shown) == 1 and posted.shown[0].startswith("You cannot pass"), posted.shown


@pytest.mark.asyncio
async def test_textual_s_own_messages_show_their_markup_read(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C's message is Textual's, written in its markup: shown as written, it said
    "Press [b]ctrl+q[/b] to quit the app"."""
    posted = Posted(monkeypatch)
    app = apps.app(apps.new_game([("Asha", "human"), ("Bela", "human")], 42), saves=saves)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert "Press ctrl+q to quit the app" in posted.shown, posted.shown


def test_every_message_of_rajas_is_plain_text() -> None:
    """rajas's messages quote names, file names and keymap entries: each call that shows one
    says its text is not markup, or a `[/]` in a name would break it or a `[@click=…]` act. A
    call of `notify`, or one that is handed `notify` to call (`call_from_thread`), must say
    markup=False."""
    unmarked = []
    for path in sorted(ROOT.glob("rajas_tui/**/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        for call in calls:
            handed = [call.func, *call.args]
            if not any(isinstance(n, ast.Attribute) and n.attr == "notify" for n in handed):
                continue
            if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
                continue  # super().notify: the override that passes its caller's choice on
            plain = any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in call.keywords
            )
            if not plain:
                unmarked.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not unmarked, unmarked
