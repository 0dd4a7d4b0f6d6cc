"""The bots' worker process: `python -m rajas_tui.bots.process REQUESTS ANSWERS` answers each
request, for the app's `present.bot_process.Process` (its docstring says why bots think in a process
of their own): `("choose", kind, view, game seed, clock)` with `bots.choose`'s action (the
clock, the app's `time.monotonic` or None, caps a search's time), and
`("judge", view, seat, played, seed, budget)` with `bots.review.judge`'s judgement.

The worker never outlives the app: it ends when the app's end of its pipe closes, and a thread
in it ends it when the app's process is gone (killed without a chance to close it).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection

from rajas_tui import bots
from rajas_tui.bots import review

# How often the worker looks at the app being alive.
ORPHAN_POLL_SECONDS = 0.25


def serve(requests: Connection, answers: Connection) -> None:
    """The worker's loop: a request in, `bots.choose`'s answer (or its error) out, until the
    app's end of the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the app's to handle, not ours
    threading.Thread(target=_end_when_orphaned, args=(os.getppid(),), daemon=True).start()
    while True:
        try:
            verb, *request = requests.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, object] = ("ok", ANSWERS[verb](*request))
        except Exception as error:  # said to the app, which raises it there
            reply = ("error", error)
        try:
            answers.send(reply)
        except OSError:
            return


ANSWERS: dict[str, Callable[..., object]] = {"choose": bots.choose, "judge": review.judge}


def _end_when_orphaned(app: int) -> None:
    """Ends this process once the app's is gone: killed, the app could not close its end of
    the pipes, and a worker deep in a hard search would read them only when it is done."""
    while os.getppid() == app:
        time.sleep(ORPHAN_POLL_SECONDS)
    os._exit(0)


if __name__ == "__main__":
    serve(
        Connection(int(sys.argv[1]), writable=False),
        Connection(int(sys.argv[2]), readable=False),
    )
