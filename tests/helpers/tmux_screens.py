"""Driving a terminal under tmux, shared by the tests that play rajas in one (locally and over
SSH): run a tmux command, and wait until a session's screen shows something."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

# The app's key names (as the tests' plans give them) as tmux's send-keys spells them.
KEYS = {"enter": "Enter", "escape": "Escape", "tab": "Tab", "space": "Space"}
KEYS |= {name: name.capitalize() for name in ("up", "down", "left", "right")}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def wait(session: str, found: Callable[[str], bool], timeout: float, step: float = 0.1) -> str:
    """The session's screen once `found` holds for it (looked at every `step` seconds); fails
    showing the screen after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if found(screen):
            return screen
        time.sleep(step)
    raise AssertionError(f"not shown in time; the screen was:\n{screen}")
