"""The bots' own process (`present.bot_process.Process`): the same decision as in this process for
the same seed, every kind; a stopped request stops the worker; a dead worker is replaced and said so
once; closing ends it; and a worker never outlives the process that started it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

import rules
from rajas_tui import bots
from rajas_tui.present import bot_process as process
from rajas_tui.present.bot_process import Cancelled, Process
from rules import GameState
from tests.bots.clocks import Ticking
from tests.helpers import apps
from tests.helpers.playouts import random_states

# Bounds on waiting for another process: reached, the test fails instead of hanging.
PATIENCE = 30.0


@pytest.fixture
def thinker() -> Iterator[Process]:
    runner = Process()
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def views() -> list[GameState]:
    """Seat views of base and variant games, mid-game and late."""
    every = random_states(2) + random_states(5, variants=True)
    states = [s for s in random.Random(7).sample(every, 40) if not s.over]
    return [rules.seat_view(state, state.turn) for state in states]


def _never() -> bool:
    return False


def _wait_gone(pid: int) -> bool:
    limit = time.monotonic() + PATIENCE
    while time.monotonic() < limit:
        if apps.process_gone(pid):
            return True
        time.sleep(0.02)
    return False


def _worker(thinker: Process) -> int:
    """The pid of the thinker's worker, started by a first request."""
    thinker.choose("random", _a_view(), 1, _never)
    pid = thinker.pid
    assert pid is not None and pid != os.getpid()
    return pid


def _a_view() -> GameState:
    state = rules.new_game(rules.Config(players=3, seed=4))
    return rules.seat_view(state, state.turn)


# How many views each kind is compared on: the searches at their real budgets take a while.
SAMPLES = {"random": 12, "greedy": 12, "easy": 6, "normal": 2, "hard": 1}


@pytest.mark.slow
def test_the_process_decides_as_this_process_does_for_every_kind(views: list[GameState]) -> None:
    thinker = Process(clock=None)  # iterations only, as here: the same on a busy machine
    try:
        assert set(SAMPLES) == set(bots.KINDS)
        for kind, count in SAMPLES.items():
            for i, view in enumerate(views[:count]):
                seed = 100 + i
                there = thinker.choose(kind, view, seed, _never)
                assert there == bots.choose(kind, view, seed), (kind, view.config, view.steps)
        assert thinker.take_note() == "", "one worker did it all"
    finally:
        thinker.close()


def test_the_app_times_its_bots_and_the_process_stops_a_search_by_the_clock_sent(
    views: list[GameState],
) -> None:
    assert Process().clock is process.APP_CLOCK is time.monotonic
    assert process.InProcess().clock is None
    # A clock that passes a level's seconds after a few readings: the worker's search stops
    # where this process's does with the same clock.
    step = 0.4
    thinker = Process(clock=Ticking(step))
    try:
        for kind in ("normal", "hard"):
            for i, view in enumerate(views[:3]):
                there = thinker.choose(kind, view, 200 + i, _never)
                here = bots.choose(kind, view, 200 + i, Ticking(step))
                assert there == here, (kind, view.config, view.steps)
        # The clock did stop the search: in some position (an obvious move is found either way,
        # so look on until one), its choice differs from the whole search's.
        assert any(
            bots.choose("normal", view, 200 + i, Ticking(step))
            != bots.choose("normal", view, 200 + i)
            for i, view in enumerate(views[:10])
        ), "stopped early, some decision differs from the whole search's"
        fallback = process.InProcess(Ticking(step))
        assert fallback.choose("hard", views[0], 7, _never) == bots.choose(
            "hard", views[0], 7, Ticking(step)
        )
    finally:
        thinker.close()


def test_a_bots_error_is_raised_here(thinker: Process) -> None:
    with pytest.raises(ValueError, match="not a bot kind"):
        thinker.choose("genius", _a_view(), 1, _never)
    assert thinker.choose("random", _a_view(), 1, _never) in rules.legal_actions(_a_view())


def test_a_stopped_request_stops_the_worker_and_the_next_is_answered(thinker: Process) -> None:
    pid = _worker(thinker)
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3  # stopped while the hard bot is deep in thought

    with pytest.raises(Cancelled):
        thinker.choose("hard", _a_view(), 1, stop)
    assert _wait_gone(pid), "the worker stopped thinking: it was ended"
    assert thinker.choose("greedy", _a_view(), 1, _never) == bots.choose("greedy", _a_view(), 1)
    assert thinker.pid not in (None, pid)
    assert thinker.take_note() == "", "a stop is no trouble to tell"


def test_a_dead_worker_is_replaced_and_said_so_once(thinker: Process) -> None:
    pid = _worker(thinker)
    os.kill(pid, signal.SIGKILL)
    assert _wait_gone(pid)
    assert thinker.choose("greedy", _a_view(), 2, _never) == bots.choose("greedy", _a_view(), 2)
    assert thinker.take_note() == process.RESTARTED
    assert thinker.take_note() == ""


def test_without_a_worker_the_bot_thinks_here_and_says_so(
    thinker: Process, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    assert thinker.choose("greedy", _a_view(), 3, _never) == bots.choose("greedy", _a_view(), 3)
    assert thinker.take_note() == process.FELL_BACK


def test_closing_ends_the_worker_and_refuses_later_requests(thinker: Process) -> None:
    pid = _worker(thinker)
    thinker.close()
    assert _wait_gone(pid)
    with pytest.raises(Cancelled):
        thinker.choose("random", _a_view(), 1, _never)


ORPHAN = """
import os, sys, time
from rajas_tui.present.bot_process import Process
import rules
runner = Process()
state = rules.new_game(rules.Config(players=2, seed=1))
runner.choose("random", rules.seat_view(state, state.turn), 1, lambda: False)
print(runner.pid, flush=True)
runner.choose("hard", rules.seat_view(state, state.turn), 1, lambda: False)
time.sleep(60)
"""


def test_a_worker_ends_when_its_app_is_killed() -> None:
    """SIGKILL gives the app no chance to close anything, here while the worker is deep in a
    hard bot's search: the worker notices by itself (it would also end on finding no one to
    answer, but only once that search is done)."""
    app = subprocess.Popen([sys.executable, "-c", ORPHAN], stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        pid = int(app.stdout.readline())
        assert not apps.process_gone(pid)
        app.kill()
        app.wait(PATIENCE)
        assert _wait_gone(pid), "the worker outlived its app"
    finally:
        app.kill()
