"""Any sequence of keys and terminal sizes leaves the app alive: seeded random sessions of key
presses mixed with resizes down to 1×1, from the title screen and from a game in progress."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.helpers import apps

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]

SESSIONS = 20
STEPS = 45
KEYS = (
    "ctrl+p",
    "escape",
    "escape",
    "tab",
    "shift+tab",
    "enter",
    "enter",
    "up",
    "down",
    "left",
    "right",
    "question_mark",
    "space",
    "backspace",
    *"0123456789",
    *"abcdefghijklmnoprstuvwxyz",
)


def _size(picker: random.Random) -> tuple[int, int]:
    """Mostly small and tiny terminals, where the layout and the palette break, some large."""
    if picker.random() < 0.3:
        return picker.randint(80, 200), picker.randint(24, 60)
    return picker.randint(1, 100), picker.randint(1, 30)


async def _session(seed: int, saves: Path) -> None:
    picker = random.Random(seed)
    game = apps.midgame() if seed % 2 else None
    app = apps.app(game, saves=saves)
    steps: list[str] = []
    try:
        async with app.run_test(size=_size(picker)) as pilot:
            for _ in range(STEPS):
                if picker.random() < 0.3:
                    width, height = _size(picker)
                    steps.append(f"{width}x{height}")
                    await pilot.resize_terminal(width, height)
                else:
                    key = picker.choice(KEYS)
                    steps.append(key)
                    await pilot.press(key)
                if app.return_code is not None:
                    break
    except Exception as error:
        raise AssertionError(
            f"session seed {seed} crashed at step {len(steps)} ({' '.join(steps[-8:])}): "
            f"{type(error).__name__}: {error}"
        ) from error
    assert app.return_code in (None, 0), f"session seed {seed} ended with {app.return_code}"


@pytest.mark.parametrize("seed", range(SESSIONS))
async def test_random_keys_and_sizes_leave_the_app_alive(seed: int, tmp_path: Path) -> None:
    await _session(seed, tmp_path)
