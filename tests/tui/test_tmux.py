"""The real thing over a terminal: rajas under tmux at 80×24, keys by send-keys, the screen read
back with capture-pane (as a player over SSH would see it)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import tmux_screens

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


_tmux = tmux_screens.tmux


def _wait(session: str, found: Callable[[str], bool], timeout: float = 15.0) -> str:
    return tmux_screens.wait(session, found, timeout)


def test_play_some_actions_under_tmux(tmp_path: Path) -> None:
    session = f"rajas-test-{os.getpid()}"
    saves = tmp_path / "saves"
    env = " ".join(
        f"{name}={shlex.quote(value)}"
        for name, value in (
            ("HOME", str(tmp_path)),
            ("RAJAS_SAVES", str(saves)),
            ("TERM", "xterm-256color"),
            ("PYTHONPATH", str(Path(__file__).resolve().parents[2])),
        )
    )
    command = f"env {env} {shlex.quote(sys.executable)} -m rajas_tui.cli"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = _wait(session, lambda s: "New game" in s)
        assert "Continue" in screen and "Quit" in screen
        _tmux("send-keys", "-t", session, "n")
        _wait(session, lambda s: "Start" in s and "Seed" in s)
        # The first field has the focus: shift+tab twice wraps round to Cancel, then Start.
        _tmux("send-keys", "-t", session, "BTab")
        _tmux("send-keys", "-t", session, "BTab")
        _tmux("send-keys", "-t", session, "Enter")
        screen = _wait(session, lambda s: "Your turn" in s)
        assert "River" in screen and "Tracks" in screen and "A▲ Asha" in screen
        # A terrace is free and always legal while one is free: t1..t4, the first not taken.
        for space in "1234":
            _tmux("send-keys", "-t", session, "t", space)
            screen = _wait(session, lambda s: "Enter confirms" in s or "taken by" in s)
            if "Enter confirms" in screen:
                break
        _tmux("send-keys", "-t", session, "Enter")
        screen = _wait(session, lambda s: "A▲ Asha terrace" in s)
        _tmux("send-keys", "-t", session, "1")  # the river pane
        _wait(session, lambda s: "bridge" in s)
        _tmux("send-keys", "-t", session, "?")
        _wait(session, lambda s: "Keys in the game" in s)
        _tmux("send-keys", "-t", session, "Escape")
        _tmux("send-keys", "-t", session, "C-q")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(saves.glob("*.toml")) is False:
            time.sleep(0.1)
        assert list(saves.glob("*.toml")), "the game was autosaved"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
