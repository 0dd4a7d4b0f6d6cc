"""Standard output of the command line.

A reader that stops early (`rajas legal | head -1`) or a disk that fills up must end a command
with at most one sentence and a plain exit code: never a traceback, and never the interpreter's
"Exception ignored" when it flushes stdout on the way out.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from saves.osfiles import reason

# A closed pipe ends the command as if SIGPIPE had stopped it, as shells report such a command
# (128 + 13), so `set -o pipefail` scripts see the same code as for `yes | head -1`.
EXIT_BROKEN_PIPE = 141
# Ctrl-C: what a shell reports for a command SIGINT stopped (128 + 2).
EXIT_INTERRUPTED = 130
EXIT_OUTPUT_FAILED = 1


class OutputError(Exception):
    """Writing to stdout failed. Not an OSError, so handlers for save files let it pass."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _GuardedStream:
    """Stdout whose write and flush failures become `OutputError`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputError(error) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _discard_stdout(stream: TextIO) -> None:
    """Points stdout's file at /dev/null so what is still buffered goes nowhere, quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


def _say(sentence: str) -> None:
    with contextlib.suppress(OSError):  # stderr gone too: the exit code is all that is left
        print(sentence, file=sys.stderr)


def guarded(run: Callable[[], int]) -> int:
    """Runs a command with stdout guarded and flushed before returning its exit code."""
    stream = sys.stdout
    if stream is None:  # started with its standard output closed (`rajas legal g.toml >&-`)
        _say("rajas: cannot write the output: standard output is closed.")
        return EXIT_OUTPUT_FAILED
    sys.stdout = _GuardedStream(stream)
    try:
        try:
            return run()
        finally:  # also for SystemExit (argparse's --help), so the exit finds nothing to flush
            sys.stdout.flush()
    except (OutputError, BrokenPipeError) as failure:
        error = failure.error if isinstance(failure, OutputError) else failure
        _discard_stdout(stream)
        if isinstance(error, BrokenPipeError):
            return EXIT_BROKEN_PIPE
        _say(f"rajas: cannot write the output: {reason(error)}.")
        return EXIT_OUTPUT_FAILED
    except KeyboardInterrupt:
        # A long command (a tournament) stopped by Ctrl-C: one line, not Python's traceback.
        # The saved-game commands write their files atomically, so nothing is left half done.
        _say("rajas: stopped (Ctrl-C).")
        return EXIT_INTERRUPTED
    finally:
        sys.stdout = stream
