"""`Chooser.enabled` says which commands can act now, and `why_not` says why the others cannot:
a command it calls disabled, pressed, is refused and gives no action. The game screen asks it
(tests/tui/test_enabled_keys.py) instead of reading the chooser's steps."""

from __future__ import annotations

import random

from rajas_tui.present.chooser import COMMANDS, Chooser
from rules import GameState
from tests.helpers.playouts import random_states

GAMES = 6
WALK = 4  # commands pressed at random before looking, so that later steps are looked at too


def _walked(state: GameState, commands: list[str]) -> Chooser:
    chooser = Chooser(state)
    for command in commands:
        chooser.press(command)
    return chooser


def test_a_disabled_command_says_why_and_is_refused() -> None:
    picker = random.Random(25)
    disabled = 0
    kinds: set[str] = set()
    for state in random_states(GAMES)[::6]:
        walk = [picker.choice(COMMANDS) for _ in range(picker.randrange(WALK + 1))]
        walk = [c for c in walk if c != "confirm"]  # a confirmed action ends the chooser's work
        chooser = _walked(state, walk)
        kinds.add(chooser.top.kind)
        for command in COMMANDS:
            if chooser.enabled(command):
                assert chooser.why_not(command) == ""
                continue
            assert chooser.why_not(command).endswith("."), (command, chooser.why_not(command))
            pressed = _walked(state, walk)
            assert pressed.press(command) is None, command
            assert pressed.refused, (command, state.steps, walk)
            disabled += 1
    assert disabled > 500
    assert {"spaces", "list"} <= kinds
