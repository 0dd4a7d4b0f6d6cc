"""The processes a table costs its host: a joined seat is the app and one bots' process, a
watcher the app alone (it plays no bot). Each runs as sshd would run it, in a terminal."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

import saves
from saves import tables
from saves.records import Seat, Setup
from tests.helpers.pty_terminal import Terminal, children

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _open(folder: Path, *how: str) -> Terminal:
    setup = Setup((Seat("Asha", "human"), Seat("Bela", "greedy")), seed=2)
    tables.create(tables.table_path(folder, "t"), saves.start_game(setup))
    rajas = str(Path(sys.executable).parent / "rajas")
    terminal = Terminal([rajas, *how, "--tables", str(folder)], {**os.environ})
    terminal.wait_for(b"River")
    return terminal


@pytest.mark.slow
def test_a_seat_has_one_bots_process(tmp_path: Path) -> None:
    terminal = _open(tmp_path, "join", "t", "--seat", "A")
    try:
        deadline = time.monotonic() + 10
        while not children(terminal.pid):
            assert time.monotonic() < deadline, "no bots' process"
            time.sleep(0.02)
        assert len(children(terminal.pid)) == 1
    finally:
        terminal.kill()


@pytest.mark.slow
def test_a_watcher_has_no_bots_process(tmp_path: Path) -> None:
    terminal = _open(tmp_path, "watch", "t")
    try:
        time.sleep(1.0)  # a seat's app has started its bots' process well before this
        assert children(terminal.pid) == []
    finally:
        terminal.kill()
