"""Where a bot thinks: in a process of its own (`Process`, whose worker runs `bots.process`), or
in the calling thread (`InProcess`, for tests that hold a bot back and as the fallback). This
side imports no bot: the app starts, and starts its worker, without loading them.

Why a process: a search bot allocates trees of game states, and the collector's full passes over
them stop every thread of the process that made them, the app's UI thread too; in a process of
its own its garbage is its own.

A `Process` keeps one long-lived worker: a fresh interpreter running this module (never a fork
of the app, which has threads; and not multiprocessing's, whose workers import the app's main
script again), started in the background before the first request. A request is the seat's
view, the bot kind, the game seed and the clock; the answer is the action, the same as
`bots.choose` gives in this process with that clock; a review's judgement of one decision
(`bots.review.judge`) is asked the same way. The calling thread waits for it, checking `stop`
as it waits: a request stopped (an undo, a newer game, the app closing) kills the worker, so it
never thinks on about a game that is gone, and its answer is never given; a fresh worker is
started at once for the next request. A worker that dies is started again and the request
asked again; `take_note` then says so, once.

The worker never outlives the app: it ends when the app's end of its pipe closes, and a thread
in it ends it when the app's process is gone (killed without a chance to close it).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

import rules
from rules import GameState

if TYPE_CHECKING:
    from rajas_tui.bots.review import Budget, Judgement

WORKER = "rajas_tui.bots.process"  # the module the worker process runs
Stop = Callable[[], bool]
# How often a waiting thread looks at `stop`, and the worker at the app being alive: an undo
# is felt within this, and the wait costs nothing the player could notice.
POLL_SECONDS = 0.02
# How long a killed worker is waited for before it is left to the system.
REAP_SECONDS = 2.0
RESTARTED = "The bots' process stopped; a new one was started and the bot thought again."
FELL_BACK = "The bots' process would not run; the bot thought in the app instead."


# What a bot's decision is timed by in the app: a search stops at its level's seconds by it
# (`bots.search.LEVELS`) so a player never waits long. None: iterations only, as headless.
Clock = Callable[[], float]
APP_CLOCK: Clock = time.monotonic


class Cancelled(Exception):
    """The request was stopped before its answer came: there is no answer to use."""


class Thinker(Protocol):
    """Where bots think: `choose` is `bots.choose`, called from a worker thread."""

    def start(self) -> None:
        """Gets ready for the first request (in the background: it may take a while)."""

    def choose(self, kind: str, state: GameState, game_seed: int, stop: Stop) -> rules.Action:
        """Bot `kind`'s action for the seat to act in `state` (a seat's view); Cancelled when
        `stop()` became true first; ValueError as `bots.choose` raises it."""
        ...

    def judge(
        self,
        view: GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        """`bots.review.judge`'s judgement of a decision; Cancelled when `stop()` became true
        first."""
        ...

    def take_note(self) -> str:
        """A sentence for the player when something went wrong and was mended, once; or ""."""
        ...

    def close(self) -> None:
        """Stops any thinking and frees what was held; a request after this is Cancelled."""


class NoBots:
    """Where no bot thinks: for an app that plays none (a table's watcher). Nothing is started;
    a request is Cancelled."""

    def start(self) -> None:
        pass

    def choose(self, kind: str, state: GameState, game_seed: int, stop: Stop) -> rules.Action:
        raise Cancelled

    def judge(
        self,
        view: GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        raise Cancelled

    def take_note(self) -> str:
        return ""

    def close(self) -> None:
        pass


class InProcess:
    """Thinks in the calling thread. It cannot be interrupted: a stopped request is known only
    when its thinking is done, and then Cancelled like any other. `clock` times a search as in
    the bots' process; tests give none, so that their games repeat however busy the machine."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock

    def start(self) -> None:
        pass

    def choose(self, kind: str, state: GameState, game_seed: int, stop: Stop) -> rules.Action:
        from rajas_tui import bots  # on first use: the app starts without the bots' modules

        action = bots.choose(kind, state, game_seed, self.clock)
        if stop():
            raise Cancelled
        return action

    def judge(
        self,
        view: GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        from rajas_tui.bots import review

        if stop():
            raise Cancelled
        judgement = review.judge(view, seat, played, seed, budget)
        if stop():
            raise Cancelled
        return judgement

    def take_note(self) -> str:
        return ""

    def close(self) -> None:
        pass


class _Died(Exception):
    """The worker process ended without answering."""


class _Worker:
    """One worker process and the app's ends of its two pipes."""

    def __init__(self) -> None:
        requests_read, requests_write = os.pipe()
        answers_read, answers_write = os.pipe()
        theirs = (requests_read, answers_write)
        try:
            self.process = _popen(
                [sys.executable, "-m", WORKER, str(requests_read), str(answers_write)],
                theirs,
            )
        except BaseException:
            os.close(requests_write)
            os.close(answers_read)
            raise
        finally:
            for fd in theirs:  # only the worker holds its ends: its death reads as their end
                os.close(fd)
        self.requests = Connection(requests_write, readable=False)
        self.answers = Connection(answers_read, writable=False)

    def ask(self, request: tuple[object, ...], stop: Stop) -> object:
        try:
            self.requests.send(request)
            while not self.answers.poll(POLL_SECONDS):
                if stop():
                    raise Cancelled
            status, value = self.answers.recv()
        except (EOFError, OSError) as error:
            raise _Died from error
        if status == "error":
            raise value
        return value

    def end(self) -> None:
        self.process.kill()
        self.requests.close()
        self.answers.close()
        with contextlib.suppress(subprocess.TimeoutExpired):  # killed: reaped when the app ends
            self.process.wait(REAP_SECONDS)


def _popen(command: list[str], fds: tuple[int, int]) -> subprocess.Popen[bytes]:
    """The worker, started; _Died when it cannot be (no interpreter, no processes left)."""
    try:
        return subprocess.Popen(
            command,
            pass_fds=fds,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # the screen is the app's: nothing may reach it
            stderr=subprocess.DEVNULL,
            env=_environment(),
        )
    except OSError as error:
        raise _Died from error


def _environment() -> dict[str, str]:
    """The app's environment, with this package first on the path: the worker imports the same
    code as the app, even run from a source tree that is not installed."""
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, path) if p)}


class Process:
    """Thinks in a worker process (the module's docstring says how). Requests are answered one
    at a time: the app asks for one move or one piece of advice at a time, and a stopped one
    gives way within `POLL_SECONDS`."""

    def __init__(self, clock: Clock | None = APP_CLOCK) -> None:
        self.clock = clock  # sent with each request: a function the worker can import
        self._lock = threading.Lock()  # one request at a time, and one worker
        self._worker: _Worker | None = None
        self._closed = False
        self._note = ""

    def start(self) -> None:
        threading.Thread(target=self._warm, name="rajas-bots-start", daemon=True).start()

    def _warm(self) -> None:
        with self._lock:
            self._ready()

    def _ready(self) -> None:
        """A worker waiting for the next request, if one can be started: if not, the request
        will say so."""
        if not self._closed:
            with contextlib.suppress(_Died):
                self._running()

    def _running(self) -> _Worker:
        if self._worker is None:
            self._worker = _Worker()
        return self._worker

    def choose(self, kind: str, state: GameState, game_seed: int, stop: Stop) -> rules.Action:
        request = ("choose", kind, state, game_seed, self.clock)
        fallback = partial(InProcess(self.clock).choose, kind, state, game_seed, stop)
        return cast(rules.Action, self._call(request, stop, fallback))

    def judge(
        self,
        view: GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        request = ("judge", view, seat, played, seed, budget)
        fallback = partial(InProcess().judge, view, seat, played, seed, budget, stop)
        return cast("Judgement", self._call(request, stop, fallback))

    def _call(
        self, request: tuple[object, ...], stop: Stop, fallback: Callable[[], object]
    ) -> object:
        """The worker's answer to `request`; the fallback's, in this process, when no worker will
        answer."""
        with self._lock:
            for _ in range(2):
                if self._closed or stop():
                    raise Cancelled
                try:
                    return self._ask(request, stop)
                except _Died:
                    self._note = RESTARTED
        self._note = FELL_BACK
        return fallback()

    def _ask(self, request: tuple[object, ...], stop: Stop) -> object:
        worker = self._running()
        try:
            return worker.ask(request, stop)
        except (Cancelled, _Died):
            self._drop(worker)
            if self._closed:
                raise Cancelled from None
            raise
        finally:
            self._ready()

    def _drop(self, worker: _Worker) -> None:
        worker.end()
        if self._worker is worker:
            self._worker = None

    def take_note(self) -> str:
        note, self._note = self._note, ""
        return note

    @property
    def pid(self) -> int | None:
        """The worker's process id, while there is one."""
        worker = self._worker
        return None if worker is None else worker.process.pid

    def close(self) -> None:
        """Kills the worker without waiting for a request under way: its thread finds the
        worker gone and gives up (Cancelled)."""
        self._closed = True
        worker = self._worker
        if worker is not None:
            worker.process.kill()
        if self._lock.acquire(timeout=REAP_SECONDS):
            try:
                if self._worker is not None:
                    self._drop(self._worker)
            finally:
                self._lock.release()


# In the worker process ---------------------------------------------------------------------
