"""Playing through the app with key presses only: a whole game, and resuming an autosave."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from textual.widgets import Select

import rules
import saves as save_layer
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.title import TitleScreen
from saves import HUMAN
from tests.helpers import apps
from tests.helpers.key_plan import plan

pytestmark = pytest.mark.asyncio


async def _settle(pilot, app, limit: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Waits until a human is to act (bots move by themselves) or the game is over. The limit
    only keeps a hang from stalling the suite: a normal bot on a loaded machine can take 10 s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        await pilot.pause()
        state = app.game.state
        human = app.game.seat.kind == HUMAN
        if app.saving:
            continue  # the next game is on its way to the screen
        if state.over or (human and isinstance(app.screen, GameScreen)):
            return
    raise AssertionError("the bots did not hand the turn back")


# The game's seed and the human's picks: the shortest game of seeds 1 to 60 with these picks (129
# actions, 54 of them the human's), for every action is keys pressed and the screen drawn again.
SEED = 18
PICKS = 11


@pytest.mark.slow
async def test_whole_two_player_game_by_keys_against_a_bot(saves: Path) -> None:
    """A human (moves picked at random, entered as keys) plays a random bot to the end."""
    app = apps.app(saves=saves)
    picker = random.Random(PICKS)
    async with app.run_test(size=apps.SMALL) as pilot:
        # Title → new game dialog → seed → start: the dialog's defaults are a human and a bot.
        await pilot.press("n")
        await pilot.pause()
        # The default bot searches for about 2 s a move: a whole game would take many minutes,
        # so this game is against the random bot (test_bot_levels plays the searching ones).
        app.screen.query_one("#kind-1", Select).value = "random"
        await pilot.click("#seed")
        await pilot.press(*str(SEED))
        await pilot.press("enter")
        await _settle(pilot, app)
        assert [seat.kind for seat in app.game.setup.seats] == ["human", "random"]
        assert app.game.setup.seed == SEED
        human_actions = 0
        while not app.game.state.over:
            state = app.game.state
            legal = rules.legal_actions(state)
            action = picker.choice(legal)
            keys = apps.keys_for(plan(Chooser(state, legal), action))
            played = len(app.game.log)
            await pilot.press(*keys)
            await app.settled()  # saved in a worker, then shown
            human_actions += 1
            assert app.game.log[played].action == str(action)
            await _settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        assert human_actions > 20
        seats = {e.seat for e in app.game.log}
        assert seats == {0, 1}, "both the human and the bot acted"
    autosave = save_layer.last_unfinished(saves)
    assert autosave is None, "a finished game is not offered to continue"


@pytest.mark.slow
async def test_resume_the_autosave_after_closing_mid_game(saves: Path) -> None:
    first = apps.app(saves=saves)
    async with first.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.click("#seed")
        await pilot.press(*"77", "enter")
        await _settle(pilot, first)
        for _ in range(3):
            state = first.game.state
            legal = rules.legal_actions(state)
            await pilot.press(*apps.keys_for(plan(Chooser(state, legal), legal[-1])))
            await _settle(pilot, first)
        left = first.game
    # The terminal closed: nothing saved by hand. Running rajas again offers to continue.
    assert save_layer.last_unfinished(saves) is not None
    second = apps.app(saves=saves)
    async with second.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, TitleScreen)
        await pilot.press("c")
        await _settle(pilot, second)
        assert isinstance(second.screen, GameScreen)
        assert second.game.state == left.state
        assert [e.action for e in second.game.log] == [e.action for e in left.log]


async def test_undo_takes_back_the_human_turn(saves: Path) -> None:
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 5, undo="free")
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        start = app.game.state
        legal = rules.legal_actions(start)
        terrace = next(a for a in legal if isinstance(a, rules.actions.Terrace))
        await pilot.press(*apps.keys_for(plan(Chooser(start, legal), terrace)))
        await pilot.pause()
        assert app.game.state != start
        await pilot.press("u")
        await pilot.pause()
        assert app.game.state == start


async def test_keymap_file_moves_a_key(saves: Path, tmp_path: Path) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('[keys]\n"area.quarry" = "Q"\n', encoding="utf-8")
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 5)
    app = apps.app(game, saves=saves, keymap_file=keymap)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("Q")
        await pilot.pause()
        assert screen.chooser is not None
        assert len(screen.chooser.steps) > 1 or "quarry" in screen.chooser.message


async def test_too_small_says_the_sizes(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause(0.1)
        text = str(app.screen.query_one("#too-small").render())
        assert "80×24" in text and "70×20" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, GameScreen)
