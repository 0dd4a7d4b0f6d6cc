"""A joined app in a real pseudo-terminal (`tests/helpers/pty_terminal.py`): a pasted megabyte,
every byte a key, costs it little, and a terminal that goes away (closed by the other end, as
when an SSH connection drops) ends it at once, whatever it was doing, with its bots' process and
without losing what its seat played. CPU time is asserted (generously); how soon the process
ends is printed, and waited for only long enough to stop a hang."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present.chooser import Chooser
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps
from tests.helpers.key_plan import plan
from tests.helpers.pty_terminal import Terminal, alive, children, cpu_seconds

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

MEGABYTE = 1 << 20
# A paste of prose: letters the game binds (q h v s t b c o x u a r), digits (panes, choices),
# Enter, spaces.
PROSE = b"the quick brown fox jumps over the lazy dog 0123456789 -- a [paste] of text!\r"
TERMINAL_KEYS = {"enter": b"\r", "escape": b"\x1b", "up": b"\x1b[A", "down": b"\x1b[B"}
TERMINAL_KEYS |= {"right": b"\x1b[C", "left": b"\x1b[D", "tab": b"\t", "space": b" "}
CPU_LIMIT = 2.0  # seconds the app may spend, start-up included, on a pasted megabyte
SEED = 2  # seat A, the human, acts first


def _paste(size: int) -> bytes:
    return (PROSE * (size // len(PROSE) + 1))[:size]


def _table(folder: Path, bot: str = "greedy") -> Path:
    setup = Setup((Seat("Asha", "human"), Seat("Bela", bot)), seed=SEED)
    path = tables.table_path(folder, "flood")
    tables.create(path, saves.start_game(setup))
    return path


def _join(folder: Path, leader: bool = True) -> Terminal:
    rajas = str(Path(sys.executable).parent / "rajas")
    argv = [rajas, "join", "flood", "--seat", "A", "--tables", str(folder)]
    terminal = Terminal(argv, {**os.environ, "HOME": str(folder)}, leader=leader)
    terminal.wait_for(b"River")
    return terminal


def _bots(pid: int) -> list[int]:
    """The app's bots' process, once started (it starts after the first frame)."""
    deadline = time.monotonic() + 10
    while not children(pid):
        assert time.monotonic() < deadline, "no bots' process"
        time.sleep(0.02)
    return children(pid)


def _gone(terminal: Terminal, bots: list[int]) -> float:
    """Waits for the app and its bots' process to end (only a hang fails); the app's CPU."""
    started = time.monotonic()
    status, cpu = terminal.wait_end()
    took = time.monotonic() - started
    deadline = time.monotonic() + 10
    while any(alive(bot) for bot in bots):
        assert time.monotonic() < deadline, f"the bots' process outlived the app: {bots}"
        time.sleep(0.02)
    print(f"ended {took:.2f} s after its terminal closed (status {status}), {cpu:.2f} s of CPU")
    return cpu


@pytest.mark.slow
def test_a_pasted_megabyte_then_a_dropped_terminal(tmp_path: Path) -> None:
    _table(tmp_path)
    terminal = _join(tmp_path)
    try:
        bots = _bots(terminal.pid)
        terminal.type(_paste(MEGABYTE))
        terminal.close()
        cpu = _gone(terminal, bots)
        assert cpu < CPU_LIMIT, f"{cpu:.1f} s of CPU for a pasted megabyte"
    finally:
        terminal.kill()


@pytest.mark.slow
def test_a_pasted_burst_costs_a_fraction_of_a_second_and_keys_work_after(tmp_path: Path) -> None:
    _table(tmp_path)
    terminal = _join(tmp_path)
    try:
        time.sleep(0.5)  # the start-up's last work (the bots' process, the first collections)
        before = cpu_seconds(terminal.pid)
        assert before is not None
        terminal.type(_paste(64 * 1024))
        spent = _idle(terminal.pid) - before
        print(f"a pasted 64 KB cost the app {spent:.2f} s of CPU")
        assert spent < 0.5
        terminal.wait_for(b"Keys came faster")  # the player is told, once
        # The player's next key, typed at a person's pace, acts: ? opens the help (whatever
        # the pasted keys left half chosen).
        time.sleep(0.5)
        terminal.output.clear()
        terminal.type(b"?")
        terminal.wait_for(b"Keys in the game")
    finally:
        terminal.kill()


def _idle(pid: int) -> float:
    """The process's CPU once it stops using any (a quarter second without a tick's worth)."""
    last = cpu_seconds(pid)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = cpu_seconds(pid)
        assert now is not None and last is not None
        if now - last < 0.02:
            return now
        last = now
    raise AssertionError("the app never went idle")


@pytest.mark.slow
def test_a_closed_terminal_ends_an_app_that_was_not_sent_sighup(tmp_path: Path) -> None:
    """An app that does not lead the terminal's session gets no SIGHUP when the terminal goes
    (a wrapper between sshd and rajas, a terminal that only carries its input and output): the
    end of its input ends it all the same, instead of a thread spinning on the closed input."""
    _table(tmp_path)
    terminal = _join(tmp_path, leader=False)
    try:
        bots = _bots(terminal.pid)
        terminal.close()
        _gone(terminal, bots)
    finally:
        terminal.kill()


@pytest.mark.slow
def test_a_terminal_closed_while_its_bot_thinks(tmp_path: Path) -> None:
    """Seat A plays; the hard bot of seat B thinks for seconds in the bots' process; the
    terminal closes meanwhile: the app and its bots' process end at once, and A's action is on
    the table (B's move is left to the next process at the table)."""
    path = _table(tmp_path, bot="hard")
    game = tables.read(path)
    view = rules.seat_view(game.state, 0)
    action = next(a for a in rules.legal_actions(view) if saves.play(game, a).state.turn == 1)
    keys = apps.keys_for(plan(Chooser(view), action))
    terminal = _join(tmp_path)
    try:
        bots = _bots(terminal.pid)
        for key in keys:
            terminal.type(TERMINAL_KEYS.get(key, key.encode()))
            time.sleep(0.1)
        deadline = time.monotonic() + 20
        while len(tables.read(path).log) < 1 or not _thinking(bots):
            assert time.monotonic() < deadline, "the bot never started thinking"
            time.sleep(0.05)
        terminal.close()
        _gone(terminal, bots)
        log = tables.read(path).log
        assert [str(entry.action) for entry in log] == [str(action)]
    finally:
        terminal.kill()


def _thinking(pids: list[int]) -> bool:
    """Whether one of the processes is using CPU now."""
    before = [cpu_seconds(pid) or 0.0 for pid in pids]
    time.sleep(0.2)
    return any(
        (cpu_seconds(pid) or 0.0) - was > 0.05 for pid, was in zip(pids, before, strict=True)
    )


@pytest.mark.slow
def test_an_app_stuck_writing_to_a_stalled_terminal_ends_on_sighup(tmp_path: Path) -> None:
    """The terminal stops taking what the app draws (an SSH link that stalled: sshd reads no
    more from it), so the app's writes wait for good; then sshd gives up and sends SIGHUP. The
    app ends on it all the same."""
    _table(tmp_path)
    terminal = _join(tmp_path)
    try:
        bots = _bots(terminal.pid)
        terminal.reading = False
        for _ in range(6):  # pane after pane, each drawn anew: more than the terminal holds
            for key in b"1234567":
                terminal.type(bytes([key]))
                time.sleep(0.05)
        time.sleep(0.5)
        os.kill(terminal.pid, signal.SIGHUP)
        _gone(terminal, bots)
    finally:
        terminal.kill()
