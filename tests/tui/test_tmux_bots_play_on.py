"""Every key of the game's keymap, typed into a real terminal (tmux) at moments drawn from a seed
while a `hard` bot thinks, and the turn must come back to the human: no key may leave the bots
stopped ("… (bot) is playing…" for good).

Each game is a position from a game played by random moves with three `hard` seats, where the
human's terrace (a die rolled, so a strict game refuses to undo it) is answered by one move of
one bot, whatever it plays: a `hard` decision costs seconds, and a few are all the test can
afford."""

from __future__ import annotations

import os
import random
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.binding import Binding

import rules
import saves
from rajas_tui import bots
from rajas_tui.tui import bindings
from tests.helpers import apps, tmux_screens

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
SEATS = [("Asha", "human"), ("Bela", "hard"), ("Chand", "hard"), ("Dev", "hard")]
TMUX_KEYS = {
    "enter": "Enter",
    "escape": "Escape",
    "tab": "Tab",
    "shift+tab": "BTab",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "ctrl+s": "C-s",
    "question_mark": "?",
}
# Keys that open a screen over the game, and what it shows: closing it starts the bot's turn
# afresh, so in each game they come first, where they cannot hide a bot a key stopped before.
OPENS = {"?": "Keys in the game", "C-s": "Enter saves"}
SEEDS = 3  # games the keys are shared among: a third of them typed in each
GAMES = 12  # at most: the keys left when a bot answers go on in the next game
LONGEST_GAP = 0.1  # seconds between two keys at most
ESCAPE_GAP = 0.3  # after Escape: a key sooner would be read with it as an Alt key
TURN_BACK = 120.0  # seconds the bot's answer may take on a loaded machine


def _keys() -> list[str]:
    """Every key of the game's keymap, as tmux names it, in an order drawn from a seed."""
    keys = [
        TMUX_KEYS.get(key, key)
        for b in bindings.GAME
        if isinstance(b, Binding)
        for key in b.key.split(",")
    ]
    random.Random(0).shuffle(keys)
    return keys


def _one_bot_move(game: saves.Game, terrace: rules.Action) -> bool:
    """Whether, after the human's terrace, a bot has a choice to think about, and whatever it
    plays the human is to play next: one `hard` decision, with the turn back after it."""
    game = saves.play(game, terrace)
    if game.over or game.seat.is_human:
        return False
    choices = rules.legal_actions(game.state)
    return len(choices) > 1 and all(
        (after := saves.play(game, choice)).seat.is_human and not after.over for choice in choices
    )


def _position(seed: int) -> tuple[saves.Game, str] | None:
    """A game of the seed, strict undo, with the human to place a worker on a terrace that one
    bot's move answers; and the terrace's space."""
    game = apps.new_game(SEATS, seed)
    while not game.over:
        if game.seat.is_human:
            terraces = [a for a in rules.legal_actions(game.state) if str(a).startswith("terrace")]
            if terraces and _one_bot_move(game, terraces[0]):
                return game, str(terraces[0]).split()[-1]
        game = saves.play(game, bots.choose("random", game.state, game.setup.seed))
    return None


class Terminal:
    def __init__(self, session: str, home: Path) -> None:
        self.session = session
        self.home = home

    def start(self, path: Path) -> None:
        env = " ".join(
            f"{name}={shlex.quote(value)}"
            for name, value in (
                ("HOME", str(self.home)),
                ("RAJAS_SAVES", str(self.home / "saves")),
                ("TERM", "xterm-256color"),
                ("PYTHONPATH", str(ROOT)),
            )
        )
        # A tmux server's environment may hold COLUMNS and LINES, which Textual would take as
        # the terminal's size for good.
        command = f"env -u COLUMNS -u LINES {env} {shlex.quote(sys.executable)}"
        command += f" -m rajas_tui.cli load {shlex.quote(str(path))}"
        tmux_screens.tmux("new-session", "-d", "-s", self.session, "-x", "80", "-y", "24", command)

    def screen(self) -> str:
        return tmux_screens.tmux("capture-pane", "-p", "-t", self.session)

    def wait(self, text: str, timeout: float = 15.0) -> str:
        return tmux_screens.wait(self.session, lambda s: text in s, timeout, 0.05)

    def keys(self, *keys: str) -> None:
        tmux_screens.tmux("send-keys", "-t", self.session, *keys)

    def stop(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


def _press_while_the_bot_thinks(
    terminal: Terminal, keys: list[str], most: int, draw: random.Random
) -> list[str]:
    """Types at most `most` of the keys, each after a gap drawn from `draw`, until the human is
    to play: those typed are taken from `keys`, and returned."""
    typed: list[str] = []
    for key in sorted(keys[:most], key=lambda k: k not in OPENS):
        time.sleep(draw.uniform(0, LONGEST_GAP))
        if "Asha to play" in terminal.screen():
            break
        keys.remove(key)
        typed.append(key)
        terminal.keys(key)
        if key in OPENS:
            terminal.wait(OPENS[key])
            terminal.keys("Escape")
        if key in OPENS or key == "Escape":
            time.sleep(ESCAPE_GAP)
    return typed


def test_every_key_while_a_hard_bot_thinks_and_the_turn_comes_back(tmp_path: Path) -> None:
    keys = _keys()
    positions = (found for seed in range(1, 200) if (found := _position(seed)) is not None)
    draw = random.Random(1)
    games = 0
    started = time.monotonic()
    while keys and games < GAMES:
        game, space = next(positions)
        games += 1
        path = tmp_path / f"game-{games}.toml"
        saves.save(game, path)
        terminal = Terminal(f"rajas-bots-{os.getpid()}-{games}", tmp_path)
        try:
            terminal.start(path)
            terminal.wait("Your turn")
            terminal.keys("t", space[1:])
            terminal.wait("Enter confirms")
            terminal.keys("Enter")
            terminal.wait("(bot) is thinking")
            share = -(-len(_keys()) // SEEDS)
            typed = _press_while_the_bot_thinks(terminal, keys, share, draw)
            try:
                terminal.wait("Asha to play", TURN_BACK)
            except AssertionError as frozen:
                raise AssertionError(f"the bots stopped after the keys {typed}: {frozen}") from None
            terminal.keys("C-q")
        finally:
            terminal.stop()
    print(f"{games} games, {time.monotonic() - started:.1f} s")
    assert not keys, f"keys never typed while a bot thought: {keys}"
