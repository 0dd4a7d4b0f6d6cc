"""A key moved in the keymap is named as it is now by every line of the game screen that names a
key (the prompt, the chooser's lines and refusals), as the tutorial's line names it; and a
keymap that gives two keys of one screen the same key is refused in one sentence naming both,
those two keeping their default keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from rajas_tui.present import keynames
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui import bindings
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen, Line
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.help import help_text
from rajas_tui.tui.widgets.chooser import ChooserPane
from tests.helpers import apps


def _keymap(tmp_path: Path, lines: str) -> Path:
    path = tmp_path / "keymap.toml"
    path.write_text(f"[keys]\n{lines}\n")
    return path


async def _game(pilot: object, app: RajasApp) -> GameScreen:
    await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")  # type: ignore[arg-type]
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await apps.until(pilot, lambda: screen.chooser is not None, "a seat to play")  # type: ignore[arg-type]
    return screen


@pytest.mark.asyncio
async def test_the_prompt_names_a_moved_key(tmp_path: Path, saves: Path) -> None:
    keymap = _keymap(tmp_path, '"area.quarry" = "Q"\n"game.pass" = "ctrl+x"')
    app = apps.app(apps.midgame(), saves=saves, keymap_file=keymap)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _game(pilot, app)
        prompt = apps.prompt(app)
        assert prompt.startswith(" Your turn: Q h v s t b c o choose a space"), prompt
        assert prompt.endswith("· Ctrl+X pass"), prompt


@pytest.mark.asyncio
async def test_the_default_keys_are_named_as_before(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _game(pilot, app)
        assert apps.prompt(app) == (
            " Your turn: q h v s t b c o choose a space · arrows+Enter too · x pass"
        )


@pytest.mark.asyncio
async def test_the_choosers_lines_name_moved_keys(tmp_path: Path, saves: Path) -> None:
    keymap = _keymap(tmp_path, '"choose.back" = "backspace"\n"choose.confirm" = "space"')
    app = apps.app(apps.midgame(), saves=saves, keymap_file=keymap)
    async with app.run_test(size=apps.LARGE) as pilot:
        screen = await _game(pilot, app)
        assert screen.chooser is not None
        await pilot.press("q")  # the quarry: a tile, the dice to pay, then the preview
        while screen.chooser.top.kind == "list":
            await pilot.press("space")
        await apps.until(pilot, lambda: screen.chooser.top.kind == "confirm", "the preview")  # type: ignore[union-attr]
        assert screen.chooser.top.title == "Space confirms, Backspace steps back"
        assert screen.view is not None
        drawn = str(screen.query_one(ChooserPane).draw(screen.view))
        assert "Space: do it · Backspace: step back" in drawn, drawn
        await pilot.press("r")  # nothing to turn: the refusal says what the step wants
        await pilot.pause()
        told = apps.notices(app)
        assert told[-1] == "Space confirms this action, Backspace steps back.", told


def test_a_chooser_without_a_keymap_names_the_default_keys() -> None:
    chooser = Chooser(apps.midgame().state)
    chooser.press("1")
    assert chooser.message == "Numbers choose from a list: choose a space first (q h v s t b c o)."
    chooser.press("quarry")
    chooser.press("harbor")
    assert chooser.message == "Finish or step back (Esc) first."


def test_the_default_keys_the_sentences_name_are_the_bindings() -> None:
    for binding in bindings.ALL:
        if binding.id in keynames.DEFAULT_KEYS:
            assert binding.key.split(",")[0] == keynames.DEFAULT_KEYS[binding.id], binding.id
    assert set(keynames.DEFAULT_KEYS) <= {binding.id for binding in bindings.ALL}


def test_no_two_default_keys_of_one_screen_clash() -> None:
    assert bindings.clash({}) is None


def test_a_key_taken_from_another_binding_is_refused(tmp_path: Path) -> None:
    path = _keymap(tmp_path, '"area.quarry" = "h"\n"move.up" = "up,k"')
    keymap, problem = bindings.load_keymap(path)
    assert keymap == {"move.up": "up,k"}, "the other entries stand"
    assert problem == (
        f"{path}: area.quarry and area.harbor would both have the key 'h', "
        "so area.quarry keeps its default key"
    )


def test_two_bindings_given_one_key_both_keep_theirs(tmp_path: Path) -> None:
    path = _keymap(tmp_path, '"area.quarry" = "z"\n"area.harbor" = "z"')
    keymap, problem = bindings.load_keymap(path)
    assert keymap == {}
    assert problem is not None and "area.quarry and area.harbor" in problem
    assert problem.endswith("so both keep their default keys")


def test_one_key_on_two_screens_is_no_clash(tmp_path: Path) -> None:
    # The title's `t` and the game's terrace never act on one screen.
    path = _keymap(tmp_path, '"title.tables" = "h"')
    assert bindings.load_keymap(path) == ({"title.tables": "h"}, None)


@pytest.mark.asyncio
async def test_a_clash_is_said_once_and_both_keys_still_act(tmp_path: Path, saves: Path) -> None:
    keymap = _keymap(tmp_path, '"area.quarry" = "h"')
    app = apps.app(apps.midgame(), saves=saves, keymap_file=keymap)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = await _game(pilot, app)
        told = apps.notices(app)
        assert [t for t in told if "keymap" in t] == [
            f"{keymap}: area.quarry and area.harbor would both have the key 'h', "
            "so area.quarry keeps its default key"
        ]
        assert screen.active_bindings["h"].binding.id == "area.harbor"
        assert screen.active_bindings["q"].binding.id == "area.quarry"


@pytest.mark.asyncio
async def test_the_other_screens_lines_name_moved_keys(tmp_path: Path, saves: Path) -> None:
    keymap = _keymap(
        tmp_path, '"over.title" = "backspace"\n"over.quit" = "ctrl+x"\n"app.help" = "f1"'
    )
    app = apps.app(apps.finished(), saves=saves, keymap_file=keymap)
    async with app.run_test(size=apps.LARGE) as pilot:
        await apps.until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game over")
        lines = [str(s.render()) for s in app.screen.query(Static)]
        assert "n new game · r replay · v review · Backspace title · Ctrl+X quit" in lines, lines
    assert help_text({"help.close": "escape,x"}).plain.endswith("Esc or x closes this help.")
    assert help_text({}).plain.endswith("Esc, ? or q closes this help.")


@pytest.mark.asyncio
async def test_the_status_line_names_the_help_key(tmp_path: Path, saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves, keymap_file=_keymap(tmp_path, '"app.help" = "f1"'))
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = await _game(pilot, app)
        status = str(screen.query_one("#status", Line).content)
        assert status.endswith(" F1:help "), status
