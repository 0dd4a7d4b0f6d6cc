"""A key that cannot act says why: the chooser names the reason for every command that changes
nothing, and the game screen shows a notification for every key that cannot act now."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import rules
from rajas_tui.present.chooser import COMMANDS, Chooser
from rules.state import Config
from tests.helpers import apps

GAMES = 20


def test_every_command_has_a_key() -> None:
    assert set(COMMANDS) <= set(apps.KEYS), set(COMMANDS) - set(apps.KEYS)


def _look(chooser: Chooser) -> tuple[Any, ...]:
    """Everything a command can change in the chooser."""
    return (
        chooser.prefix,
        tuple((s.kind, s.cursor, s.cell, s.rotation, len(s.options)) for s in chooser.steps),
    )


@pytest.mark.slow
def test_every_command_that_changes_nothing_says_why() -> None:
    silent: dict[str, int] = {}
    refused = 0
    for seed in range(1, GAMES + 1):
        state = rules.new_game(Config(players=2 + seed % 3, seed=seed))
        pick = random.Random(seed)
        while not state.over:
            chooser = Chooser(state)
            for _ in range(12):
                command = pick.choice(COMMANDS)
                before = _look(chooser)
                if chooser.press(command) is not None:
                    break
                if _look(chooser) == before:
                    refused += 1
                    if not chooser.message:
                        silent[command] = silent.get(command, 0) + 1
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    assert refused > 1000
    assert silent == {}


@pytest.mark.asyncio
@pytest.mark.parametrize("key", ["h", "x", "r", "u", "U", "8", "c"])
async def test_a_key_that_cannot_act_notifies_why(saves: Path, key: str) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        if key == "c":
            # Inside a decision an area key cannot act.
            await pilot.press("o")
        before = len(apps.notices(app))
        await pilot.press(key)
        await pilot.pause()
        notes = apps.notices(app)
        assert len(notes) == before + 1, (key, notes)
        sentence = notes[-1]
        assert sentence[:1].isupper() and sentence.endswith("."), sentence


@pytest.mark.asyncio
async def test_continue_with_no_unfinished_game_says_so(saves: Path) -> None:
    app = apps.app(None, saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        notes = apps.notices(app)
        assert len(notes) == 1 and notes[0].endswith("."), notes
