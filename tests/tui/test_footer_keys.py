"""The game screen's footer (in rajas_tui/tui/private_textual.py) changes its keys in place, shows
what Textual's own footer would, and lets go of the keys it removes: Textual's kept every
rebuild's keys alive through their watchers (textual issue 6666)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.title import TitleScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio


class Keys(App[None]):
    """An app whose footer's keys come and go: an action in `hidden` is not shown
    (`check_action` False), one in `off` is shown disabled (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [(key, key, f"say {key}") for key in "abcd"]

    def __init__(self) -> None:
        super().__init__()
        self.hidden: set[str] = set()
        self.off: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Footer()
        yield TextualFooter(id="textual")  # rebuilt by Textual itself: what the keys should show

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.hidden:
            return False
        return None if action in self.off else True

    def show(self, hidden: str = "", off: str = "") -> None:
        self.hidden, self.off = set(hidden), set(off)
        self.refresh_bindings()


def shown(footer: TextualFooter) -> list[tuple[str, str, str, str, bool, object]]:
    """What each of the footer's keys shows and does."""
    return [
        (
            key.key,
            key.key_display,
            key.description,
            key.action,
            key.has_class("-disabled"),
            key.tooltip,
        )
        for key in footer.query(FooterKey)
    ]


async def changed_alone(pilot: Pilot[None], footer: Footer, before: object) -> None:
    """Waits until the footer shows other keys than `before`."""
    await apps.until(pilot, lambda: shown(footer) != before, "the footer's keys changed")


async def changed(pilot: Pilot[None], footer: Footer, before: object) -> None:
    """Waits until both footers show the new keys."""
    textual = footer.app.query_one("#textual", TextualFooter)
    await apps.until(
        pilot,
        lambda: shown(footer) != before and shown(textual) == shown(footer),
        "the footer's keys changed as Textual's did",
    )
    await pilot.pause()


async def test_changed_keys_are_changed_in_place_as_textual_would_show_them() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        footer = app.query_one(Footer)  # ours
        await apps.until(pilot, lambda: len(shown(footer)) == 5, "the first keys")
        widgets = list(footer.query(FooterKey))
        for hidden, off in (("", "bc"), ("b", "c"), ("", ""), ("ab", "d")):
            before = shown(footer)
            app.show(hidden, off)
            await changed(pilot, footer, before)
            assert [key.description for key in footer.query(FooterKey)][-1] == "palette"
        kept = list(footer.query(FooterKey))
    assert set(kept) <= set(widgets)  # no key was made anew: fewer keys kept the first ones


async def test_more_keys_are_added_before_the_palette_s() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        footer = app.query_one(Footer)  # ours
        await apps.until(pilot, lambda: len(shown(footer)) == 5, "the first keys")
        app.show("abc")
        await changed(pilot, footer, shown(footer))
        before = shown(footer)
        app.show()
        await changed(pilot, footer, before)
        assert [key.key for key in footer.query(FooterKey)][:4] == list("abcd")


async def kept_after(
    pilot: Pilot[None], footer: Footer, changes: list[tuple[Callable[[], None], int]]
) -> tuple[int, int]:
    """How many keys the footer showed through `changes` (each a change and how many keys it
    leaves), and how many of those it no longer shows are still alive after them."""
    seen: list[weakref.ref[FooterKey]] = []
    for change, count in changes:
        seen += [weakref.ref(key) for key in footer.query(FooterKey)]
        before = shown(footer)
        change()
        footer.app.refresh_bindings()
        await apps.until(
            pilot,
            lambda: shown(footer) != before and len(shown(footer)) == count,  # noqa: B023
            "the footer's keys changed",
        )
    await pilot.pause()
    gc.collect()
    return len(seen), len({key() for key in seen} - {None} - set(footer.query(FooterKey)))


@pytest.mark.slow
async def test_a_rebuilt_footer_s_keys_are_freed() -> None:
    """The command palette's key coming or going rebuilds the footer, as Textual does."""
    app = Keys()
    async with app.run_test() as pilot:
        footer = app.query_one(Footer)  # ours

        def palette(on: bool) -> tuple[Callable[[], None], int]:
            return (lambda: setattr(footer, "show_command_palette", on)), 4 + on

        await apps.until(pilot, lambda: len(shown(footer)) == 5, "the first keys")
        seen, few = await kept_after(pilot, footer, [palette(False), palette(True)] * 4)
        more_seen, many = await kept_after(pilot, footer, [palette(False), palette(True)] * 12)
    # Each rebuild makes five new keys: kept alive, 60 more would stay after 24 rebuilds.
    assert seen >= 32 and more_seen >= 96
    assert many <= max(few, 10)


async def test_the_footer_is_not_rebuilt_for_the_same_keys(saves: Path) -> None:
    """The screen says its keys may have changed at every key a player types; most leave them
    as they were (choosing terrace's row here), and the footer keeps its keys then."""
    app = apps.app(apps.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, gc.isenabled, "the first frame")
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
    app = apps.app(apps.new_game([("Asha", "human"), ("Bela", "human")], 3), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, gc.isenabled, "the first frame")
        footer = app.screen.query_one(Footer)
        app.to_title()
        await apps.until(pilot, lambda: not footer.is_attached, "the game screen closed")
        await footer.recompose()


async def test_compact_reaches_the_keys_as_in_textual_s_footer() -> None:
    """The footer makes its keys with its `compact` and tells them when it changes, without
    Textual's binding of each key (a watcher, the leak above); the palette's key stays as
    Textual makes it."""
    app = Keys()
    async with app.run_test() as pilot:
        ours = app.query_one(Footer)
        textual = app.query_one("#textual", TextualFooter)

        def looks(footer: TextualFooter) -> list[tuple[str, bool, bool]]:
            return [
                (key.key, key.compact, key.has_class("-compact")) for key in footer.query(FooterKey)
            ]

        async def alike(compact: bool) -> None:
            # Textual's footer makes its keys in a recompose of its own, which a busy machine
            # may leave for later than ours: wait for it to show `compact` on the bound keys
            # (the palette's key is always compact), then for ours to look the same.
            def done(keys: list[tuple[str, bool, bool]]) -> bool:
                bound = [shape for key, *shape in keys if key != "ctrl+p"]
                return len(keys) == 5 and bound == [[compact, compact]] * 4

            await apps.until(pilot, lambda: done(looks(textual)), f"Textual's keys, {compact=}")
            await apps.until(pilot, lambda: looks(ours) == looks(textual), f"ours, {compact=}")

        await alike(False)  # as first made
        for compact in (True, False):
            ours.compact = textual.compact = compact
            await alike(compact)


async def test_the_first_keys_are_made_as_they_are_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual made each key compact, then bound it to the footer's `compact`, restyling it
    twice: 13 ms of the game screen's first frame for its 16 keys."""
    restyled: list[object] = []
    original = Keys.update_styles

    def update_styles(self: Any, node: Any, animate: bool = True) -> None:
        if isinstance(node, FooterKey) and node.parent is self.query_one(Footer):
            restyled.append(node)
        original(self, node, animate)

    monkeypatch.setattr(Keys, "update_styles", update_styles)
    app = Keys()
    async with app.run_test() as pilot:
        footer = app.query_one(Footer)
        await apps.until(pilot, lambda: len(shown(footer)) == 5, "the first keys")
        await pilot.pause()
    assert restyled == []


class GroupedKeys(Keys):
    """Keys in a binding group, which only Textual's own rebuild shows (as one group)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, key, f"say {key}", group=Binding.Group("letters")) for key in "abcd"
    ]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["Keys", "GroupedKeys"])
async def test_removed_keys_do_not_pile_up(kind: str) -> None:
    """Textual kept every removed key alive through its watcher (textual issue 6666): its
    rebuild, which only grouped keys take, binds each key to the footer's `compact`, and the
    footer drops the removed keys' watchers. Its caches of what the footer laid out last may
    hold a few keys for a while: as many after 24 changes as after 8."""
    app = {"Keys": Keys, "GroupedKeys": GroupedKeys}[kind]()
    async with app.run_test() as pilot:
        footer = app.query_one(Footer)  # ours
        await apps.until(pilot, lambda: len(shown(footer)) == 5, "the first keys")
        hide, show = (lambda: app.show("cd"), 3), (lambda: app.show(), 5)
        seen, few = await kept_after(pilot, footer, [hide, show] * 4)
        more_seen, many = await kept_after(pilot, footer, [hide, show] * 12)
    # A rebuild makes its keys anew: kept alive, about 96 more would stay after 24 rebuilds.
    assert seen >= 32 and more_seen >= 96
    assert many <= max(few, 10)


async def alive_after_games(saves: Path, kind: type) -> list[int]:
    """How many objects of `kind` are alive back at the title after each of four games opened
    and closed in one session."""
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 3)
    app = apps.app(saves=saves)
    alive = []
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, gc.isenabled, "the first frame")
        for _ in range(4):
            app.show_game(game)
            await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await pilot.pause()
            app.to_title()
            await apps.until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
            await pilot.pause()
            await pilot.pause()
            gc.collect()
            alive.append(sum(isinstance(o, kind) for o in gc.get_objects()))
    return alive


async def test_going_back_to_the_title_leaves_no_footer_keys_behind(saves: Path) -> None:
    """The title stays open under every game; each return to it rebuilds its footer's keys, and
    a footer that kept the keys it removed would grow by a dozen keys (and their styles and
    drawn lines) a game, for as long as a player plays on in one session."""
    alive = await alive_after_games(saves, FooterKey)
    assert alive[-1] == alive[1], alive


async def test_a_closed_game_screen_s_drawn_lines_are_let_go(saves: Path) -> None:
    """Textual keeps each widget's style cache (and the lines it drew) in a cache of up to 1,024
    entries that outlives the widget (`private_textual.forget_closed_styles`): a game screen's
    three dozen widgets a game, several thousand objects each time, until it is full."""
    alive = await alive_after_games(saves, StylesCache)
    assert alive[-1] <= alive[1], alive
