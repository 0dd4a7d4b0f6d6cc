"""Whatever key is pressed during the bots' turns, they play on and the turn comes back to the
human: a key that cannot act says why and leaves the bot at its move."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.binding import Binding
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui import bots
from rajas_tui.present.bot_process import Cancelled, InProcess, Stop
from rajas_tui.tui import bindings
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps

BOTS = [("Asha", "human"), ("Bela", "random"), ("Chand", "random"), ("Dev", "random")]


def _humans_turn(app: apps.RajasApp) -> bool:
    """Whether the human is to act, on the game screen, with the game shown as saved."""
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and not app.saving
        and app.game is app.newest
        and app.game is not None
        and app.game.seat.is_human
        and screen.chooser is not None
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("key", ["u", "U"])
async def test_a_refused_undo_or_redo_while_a_bot_thinks_leaves_the_bots_playing(
    saves: Path, held_bot: apps.Held, key: str
) -> None:
    """Strict undo: the human's terrace rolled a die, so `u` is refused; with nothing undone,
    `U` is refused too. The bot thinking then plays on, and so do the bots after it."""
    game = apps.new_game(BOTS, 3)
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: _humans_turn(app), "Asha's turn")
        await pilot.press("t", "2", "enter")
        await apps.until(pilot, held_bot.started.is_set, "Bela started thinking")
        played = app.game
        assert played is not None and played.log[-1].revealed, "the terrace rolled a die"
        assert "Bela (bot) is thinking…" in apps.prompt(app)
        await pilot.press(key)
        await pilot.pause()
        told = apps.notices(app)
        assert any("never takes that back" in m or "nothing to redo" in m for m in told), told
        assert not held_bot.stopped.is_set(), "the refusal left the bot thinking"
        assert "Bela (bot) is thinking…" in apps.prompt(app)
        held_bot.release.set()
        await apps.until(pilot, lambda: _humans_turn(app), "the bots played on to Asha")
        assert app.game is not None
        assert {entry.seat for entry in app.game.log[len(played.log) :]} == {1, 2, 3}
        path = app.file.path
        assert path is not None and save_layer.load(path).log == app.game.log


# Every key of the game's keymap, each key of a binding that has several.
GAME_KEYS = [key for b in bindings.GAME if isinstance(b, Binding) for key in b.key.split(",")]
SEEDS = range(6)
LONGEST_PAUSE = 0.08  # a bot's move at most, in seconds: its pause, thinking and saving


class Dawdling(InProcess):
    """The bots' real decisions, each answered after a pause drawn from the test's seed, so
    that keys fall before, during and after a bot's thinking. Stopped, it gives up as the bots'
    process does."""

    def __init__(self, seed: int) -> None:
        self.draw = random.Random(seed)

    def choose(self, kind: str, state: rules.GameState, game_seed: int, stop: Stop) -> rules.Action:
        action = bots.choose(kind, state, game_seed)
        until = time.monotonic() + self.draw.uniform(0, 0.05)
        while time.monotonic() < until:
            if stop():
                raise Cancelled
            time.sleep(0.002)
        if stop():
            raise Cancelled
        return action


CHARACTERS = {"question_mark": "?", "enter": "\r", "tab": "\t", "escape": "\x1b"}


def _press(app: apps.RajasApp, key: str) -> None:
    """Sends the key as the terminal does, without waiting for the app to be idle as
    `Pilot.press` does: the bots keep it busy, and the key must come at the moment drawn."""
    app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))


def _bots_turn(app: apps.RajasApp) -> bool:
    game = app.newest
    return game is not None and not game.over and not game.seat.is_human


async def _back_to_the_human(pilot: Pilot[None], app: apps.RajasApp, pressed: list[str]) -> None:
    """Waits for the human's turn, closing whatever a key opened over the game (help, Save as,
    the coach's advice) as a player would; fails naming the keys pressed if it never comes."""
    for _ in range(1000):
        if _humans_turn(app):
            return
        if not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        await pilot.pause(0.01)
    raise AssertionError(f"the turn never came back to the human after the keys {pressed}")


async def _moved_on(
    pilot: Pilot[None], app: apps.RajasApp, before: save_layer.Game, pressed: list[str]
) -> None:
    """Waits for the game to move on from `before` (a bot's move, or an undo), or for the
    human's turn; fails naming the keys pressed if the bots stop."""
    for _ in range(1000):
        if app.newest is not before or _humans_turn(app):
            return
        if not isinstance(app.screen, GameScreen):
            _press(app, "escape")  # help, or Save as: closed as a player would
        await pilot.pause(0.01)
    raise AssertionError(f"the bots stopped after the keys {pressed}")


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize(("screen", "seed"), [*(("game", s) for s in SEEDS), ("tutorial", 0)])
async def test_every_key_at_random_moments_of_the_bots_turns(
    saves: Path, screen: str, seed: int
) -> None:
    """Each key of the game's keymap, in an order and at moments drawn from the seed, pressed
    while a bot is at its move (waiting to move, thinking, its move being saved): the game
    moves on after each, and the turn comes back to the human, who plays a move drawn from the
    seed each time. On the game screen (three bots, strict or free undo) and the tutorial's
    (one easy bot, where Escape on a bot's turn skips a step of the lesson)."""
    draw = random.Random(seed)
    options: dict[str, Any] = {"thinker": Dawdling(seed), "bot_delay": 0.02}
    if screen == "tutorial":
        app = apps.app(saves=saves, tutorial=True, **options)
    else:
        undo = ("strict", "free")[seed % 2]
        app = apps.app(apps.new_game(BOTS, seed, undo), saves=saves, **options)
    keys = list(GAME_KEYS)
    draw.shuffle(keys)
    pressed: list[str] = []
    async with app.run_test(size=apps.SMALL) as pilot:
        while keys:
            await _back_to_the_human(pilot, app, pressed)
            while _humans_turn(app):
                shown = app.newest
                assert shown is not None
                app.commit(draw.choice(rules.legal_actions(rules.seat_view(shown.state, 0))))
                await apps.until(pilot, lambda: app.game is app.newest, "the move shown")
            while keys and _bots_turn(app):
                before = app.newest
                assert before is not None
                await pilot.pause(draw.uniform(0, LONGEST_PAUSE))
                if app.newest is not before or not _bots_turn(app):
                    continue  # the bot moved first: the next moment is drawn from its move
                pressed.append(keys.pop())
                _press(app, pressed[-1])
                await _moved_on(pilot, app, before, pressed)
        await _back_to_the_human(pilot, app, pressed)
