"""The app never loses a game, never reads a name as markup, and says when it cannot start."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static
from textual.widgets._toast import Toast

from rajas_tui import persist, session
from rajas_tui.screens.game import GameScreen
from rajas_tui.screens.load import LoadScreen, SaveAsScreen
from rajas_tui.screens.newgame import NewGameScreen

from . import kit

TOO_BIG_SEED = str(2**63)


async def _fill(pilot, selector: str, value: str) -> None:  # type: ignore[no-untyped-def]
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    await pilot.click(selector)
    await pilot.press(*value)


def _dialog_error(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#dialog-error", Static).render())


# Item 3: the dialog starts only games the save format can hold ----------------------------------


def test_a_seed_beyond_64_bits_is_refused_when_the_game_starts() -> None:
    with pytest.raises(session.SessionError, match="seed"):
        session.new_game([("Asha", "human"), ("Bela", "random")], 2**63)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("#seed", TOO_BIG_SEED, "seed"),
        ("#name-0", "A,b", "comma"),
        ("#name-1", "x=y", "comma"),
    ],
)
async def test_new_game_dialog_keeps_a_setup_the_save_cannot_hold(
    saves: Path, field: str, value: str, words: str
) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, field, value)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game is None
        assert isinstance(app.screen, NewGameScreen), "the dialog stays open to mend the setup"
        assert words in _dialog_error(app)
    assert not list(saves.glob("*.toml"))


@pytest.mark.asyncio
async def test_the_largest_seed_the_dialog_takes_can_be_continued(saves: Path) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, "#seed", str(2**63 - 1))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    autosave = persist.last_unfinished(saves)
    assert autosave is not None
    assert persist.load(autosave).setup.seed == 2**63 - 1


# Item 10: no text from a file or a user is read as markup ---------------------------------------

MARKUP_NAMES = ("[/]", "[b]Bela", "[@click=app.quit]x")


@pytest.mark.asyncio
async def test_load_dialog_shows_markup_in_names_as_written(saves: Path) -> None:
    game = session.new_game([(MARKUP_NAMES[0], "human"), (MARKUP_NAMES[1], "human")], 3)
    session.save_as(game, saves / "[a=b=c].toml")
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.LARGE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        shown = str(app.screen.query_one("#saves").render_line(0).text)
        assert "[a=b=c]" in shown and "[/]" in shown, shown
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert app.return_code in (0, None)


@pytest.mark.asyncio
async def test_messages_with_markup_are_shown_as_written(saves: Path) -> None:
    game = session.new_game([(MARKUP_NAMES[0], "human"), ("Bela", "human")], 3)
    app = kit.app(game, saves=saves)
    async with app.run_test(size=kit.LARGE, notifications=True) as pilot:
        app.open_save(saves / "[/]" / "[b]missing.toml")
        await pilot.pause()
        app.action_save_as()
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        (saves / "[x]").write_text("a file, so no folder can be made under it")
        await pilot.press(*"[x]/[x=y]/nowhere", "enter")
        await pilot.pause()
        assert "[x=y]" in _dialog_error(app)
        await pilot.pause(0.2)
        shown = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert any("[/]/[b]missing.toml" in words for words in shown), shown
    assert app.return_code in (0, None)


@pytest.mark.asyncio
async def test_new_game_dialog_error_shows_markup_as_written(saves: Path) -> None:
    app = kit.app(saves=saves)
    async with app.run_test(size=kit.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, "#name-0", "[/],")
        await pilot.press("enter")
        await pilot.pause()
        assert "[/]," in _dialog_error(app)
