"""Helpers for the app's tests: apps built from fixed games, commands turned into keys."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Collection
from functools import cache
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui import bots
from rajas_tui.present.bot_process import Cancelled, InProcess, Stop
from rajas_tui.tui import bindings
from rajas_tui.tui.app import RajasApp

ROOT = Path(__file__).resolve().parents[2]
SAVES = save_layer.examples_dir()
SMALL = (80, 24)
LARGE = (160, 50)
NO_KEYMAP = Path("/nonexistent/keymap.toml")  # the default keys, whatever the user's file says


def command_keys() -> dict[str, str]:
    """Chooser command -> the first key the default bindings give it."""
    keys: dict[str, str] = {}
    for binding in bindings.GAME:
        assert isinstance(binding, Binding)
        action = binding.action
        if action.startswith(("command(", "digit(")):
            command = action.split("'")[1]
            keys.setdefault(command, binding.key.split(",")[0])
    return keys


KEYS = command_keys()


def keys_for(commands: list[str]) -> list[str]:
    return [KEYS[c] for c in commands]


@cache
def example(name: str) -> save_layer.Game:
    """A shipped example, loaded once per process: a Game is frozen, so tests share it."""
    return save_layer.load(SAVES / name)


def midgame() -> save_layer.Game:
    return example("midgame-4p.toml")


@cache
def finished() -> save_layer.Game:
    """The 3-player example one action before the end, played to its end."""
    import rules

    game = example("final-action-3p.toml")
    while not game.state.over:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


def app(game: save_layer.Game | None = None, saves: Path | None = None, **options: Any) -> RajasApp:
    """An app for tests: no bot pause, no count of a bot's seconds of thought, a private saves
    folder, fixed theme, bots thinking in
    the test's process (the bots' own process has tests of its own: tests/bots/test_process.py,
    tests/tui/test_bot_process.py)."""
    options.setdefault("thinker", InProcess())
    options.setdefault("bot_delay", 0)
    options.setdefault("progress_after", None)  # no clock on the screens tests look at
    options.setdefault("theme", "rajas-dark")
    options.setdefault("keymap_file", NO_KEYMAP)
    return RajasApp(game, saves_dir=saves, **options)


def notices(app: App[Any]) -> list[str]:
    """The messages of the notifications the app shows now, oldest first. Textual keeps them in a
    private list with no public read: this is the tests' one place that reads it."""
    return [str(n.message) for n in app._notifications]


def new_game(seats: list[tuple[str, str]], seed: int, undo: str = "strict") -> save_layer.Game:
    return save_layer.start_game(save_layer.seated(seats, seed, undo))


async def until(pilot: Pilot[Any], done: Callable[[], bool], what: str, looks: int = 400) -> None:
    """Waits, a look every 10 ms, until `done()`; fails naming `what` after `looks` looks."""
    for _ in range(looks):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


def prompt(app: RajasApp) -> str:
    """The game screen's prompt line as shown."""
    from rajas_tui.tui.screens.game import Line

    return str(app.screen.query_one("#prompt", Line).content)


# Longest a held bot waits: a test that fails half-way never leaves a thread waiting for good.
HOLD_SECONDS = 30


class Held(InProcess):
    """Where the bots think, for tests: the real decision (`bots.choose`), held back until the
    test sets `release`, so that keys are pressed while a bot is at work on any machine. Only
    the kinds in `only` are held (all when None); the coach asks for a `normal` one. Stopped
    while held (an undo, quitting), it gives up as the bots' process does (Cancelled), and sets
    `stopped`. Starting, notes and closing are the in-process thinker's: there are none."""

    def __init__(self, only: Collection[str] | None = None) -> None:
        self.only = only
        self.started = threading.Event()
        self.release = threading.Event()
        self.stopped = threading.Event()
        self.kinds: list[str] = []
        self.threads: list[threading.Thread] = []  # where each held decision was asked for

    @property
    def calls(self) -> int:
        return len(self.kinds)

    def choose(self, kind: str, state: rules.GameState, game_seed: int, stop: Stop) -> rules.Action:
        if self.only is not None and kind not in self.only:
            return bots.choose(kind, state, game_seed)
        self.kinds.append(kind)
        self.threads.append(threading.current_thread())
        self.started.set()
        action = bots.choose(kind, state, game_seed)
        for _ in range(HOLD_SECONDS * 100):
            if self.release.wait(0.01):
                break
            if stop():
                self.stopped.set()
                raise Cancelled
        return action


def process_gone(pid: int) -> bool:
    """Whether process `pid` has ended (a zombie has too, only not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] == "Z"
