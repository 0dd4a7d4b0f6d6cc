"""kill -9 the moment the screen shows an action: the save on disk already holds it. The real
app under tmux, as a player would see it."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import saves
from rajas_tui.present import logbook

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
EXAMPLE = saves.examples_dir() / "opening-2p.toml"


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def _log_line(session: str) -> str:
    """The newest move on the log line ("Log: ..." or "Log, 3 new moves (key 7): ...")."""
    lines = _tmux("capture-pane", "-p", "-t", session).splitlines()
    line = next((line for line in lines if line.startswith("Log")), "")
    return re.sub(r"^Log(, [^(]*\(key 7[^)]*\)| \(\d+ new\))?: ", "", line)


def _wait_for_change(session: str, before: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = _log_line(session)
        if line and line != before:
            return line
        time.sleep(0.01)
    raise AssertionError(f"the log line stayed {before!r}")


def _last_line_on_disk(path: Path) -> str:
    game = saves.load(path)
    return [line.words for line in logbook.told(game) if line.kind == logbook.MOVE][-1]


def test_kill_9_once_the_action_is_shown_loses_nothing(tmp_path: Path) -> None:
    keys = ["t", "1", "Enter"]  # a terrace: free and legal in this opening
    save = tmp_path / "g.toml"
    shutil.copy(EXAMPLE, save)
    session = f"rajas-kill-{os.getpid()}-{keys[0]}"
    env = " ".join(
        f"{name}={shlex.quote(value)}"
        for name, value in (
            ("HOME", str(tmp_path)),
            ("RAJAS_SAVES", str(tmp_path / "saves")),
            ("TERM", "xterm-256color"),
            ("PYTHONPATH", str(Path(__file__).resolve().parents[2])),
        )
    )
    command = f"exec env {env} {shlex.quote(sys.executable)} -m rajas_tui.cli load {save}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        before = _wait_for_change(session, "")
        pid = int(_tmux("display", "-p", "-t", session, "#{pane_pid}").strip())
        _tmux("send-keys", "-t", session, *keys)
        shown = _wait_for_change(session, before)
        os.kill(pid, signal.SIGKILL)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    # The screen may cut a long line; its start names the seat, the player and the action.
    assert _last_line_on_disk(save).startswith(shown.strip()[:30])
