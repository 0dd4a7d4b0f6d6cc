"""How the app ends on SIGHUP (its terminal or SSH connection gone) and SIGTERM, whatever it is
doing: in the middle of a flood of keys, a bot thinking, a write to a terminal that is gone.

Python's handler for the signal only writes its number to a pipe: it runs on the main thread
between two of its steps, even while Textual's event loop is stuck (its writes to a terminal
that is gone block it for good). A thread waiting on that pipe does the rest: it stops the bots
(their process is killed), keeps what the seat played and the disk does not hold yet, then asks
the app to exit as usual, and ends the process if that has not happened in time: on a hang-up
within a second (a terminal that is gone shows nothing), on SIGTERM within a few seconds (the
terminal, still there, is set back as it was by the usual exit).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from types import FrameType
from typing import Protocol

SIGNALS = (signal.SIGHUP, signal.SIGTERM)
HANG_UP_SECONDS = 0.75  # a hang-up: from the signal to the process's end, at most
TERM_SECONDS = 5.0


class Ends(Protocol):
    """What the app does as it ends, from the ending thread."""

    def stop_thinking(self) -> None:
        """Stops every bot now: nothing more is thought or played."""

    def keep_played(self, deadline: float) -> None:
        """Puts on disk what was played and is not there yet, waiting until `deadline`
        (time.monotonic) at most."""

    def exit_from_thread(self, code: int) -> None:
        """Asks the app to exit as usual with `code` (it may never get round to it)."""


def end_on_signals(app: Ends) -> bool:
    """Makes SIGHUP and SIGTERM end `app`; False where the signals cannot be caught here (only
    the main thread sets handlers: an app in a test runs on another)."""
    reading, writing = os.pipe()
    os.set_blocking(writing, False)

    def caught(number: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError):
            os.write(writing, bytes([number]))

    try:
        for number in SIGNALS:
            signal.signal(number, caught)
    except ValueError:
        os.close(reading)
        os.close(writing)
        return False
    threading.Thread(target=_wait, args=(app, reading), name="rajas-ending", daemon=True).start()
    return True


def _wait(app: Ends, reading: int) -> None:
    number = os.read(reading, 1)[0]
    code = 128 + number
    seconds = HANG_UP_SECONDS if number == signal.SIGHUP else TERM_SECONDS
    deadline = time.monotonic() + seconds
    # Whatever the steps below wait for, the process ends by then.
    last = threading.Timer(seconds, os._exit, args=(code,))
    last.daemon = True
    last.start()
    end(app, code, deadline)


def end(app: Ends, code: int, deadline: float) -> None:
    """Ends `app` without asking anything: its bots stopped, what was played kept by
    `deadline` (time.monotonic), then the app asked to exit with `code`."""
    app.stop_thinking()
    app.keep_played(deadline)
    app.exit_from_thread(code)
