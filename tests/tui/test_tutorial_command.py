"""`rajas tutorial` from the command line: in a terminal it opens the guided first game and
keeps its step on the way out; without one it says so, as `rajas` does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves as save_layer
from tests.tui.test_robust import Terminal, _env


@pytest.mark.slow
def test_rajas_tutorial_opens_the_tutorial_and_keeps_its_step(tmp_path: Path) -> None:
    code = "from rajas_tui.cli import main; sys.exit(main(['tutorial']))"
    terminal = Terminal(tmp_path, code)
    try:
        terminal.read_until(b"1/10 The goal")
        os.write(terminal.master, b"2")  # the tracks: the goal looked at
        terminal.read_until(b"2/10 The river")
        os.write(terminal.master, b"\x11")  # Ctrl+Q
        exit_code = terminal.wait(timeout=30)
    finally:
        terminal.close()
    assert exit_code == 0, terminal.output[-600:]
    save = tmp_path / "saves" / "tutorial.toml"
    assert save_layer.tutorial_step(save) == "river"
    assert save_layer.unfinished_tutorial(tmp_path / "saves") == save


def test_rajas_tutorial_without_a_terminal_says_so(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", "tutorial"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=30,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "terminal" in done.stderr and "Traceback" not in done.stderr
