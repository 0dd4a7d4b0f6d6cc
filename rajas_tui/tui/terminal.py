"""The app's terminal on Linux and macOS: Textual's own driver, with its input guarded.

Textual turns each byte that comes in into an event, in Python, and the app then handles each
key: a megabyte pasted into a terminal that does not bracket pastes kept a core busy for minutes.
A thread of ours reads the terminal first and hands Textual's reader, through a pipe, only what a
person could have sent (`ByteGate`); of that, keys beyond a typist's pace are dropped as Textual
parses them, before they reach the app (`KeyPace`). A burst dropped is told once it is over
(told as it began, the keys passed before it would push the message out at once).

The same thread sees the terminal end (the end of its input, or an error reading it: the
terminal closed, the SSH connection gone) and sends the process SIGHUP, as the system does only
to a session's leader; the app ends on it (`RajasApp`). Textual's own reader, which spins on an
input that has ended, never sees that end.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import signal
import threading
import time
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

# A person's keys come a few at a time, each a few bytes (an escape sequence at most a dozen or
# two); a mouse swept across the screen sends a few kilobytes a second. Beyond these, a burst.
BURST_BYTES = 4096
BYTES_PER_SECOND = 4096.0
QUIET_SECONDS = 0.25  # after a burst, input passes again once it has rested this long
# Typing, and a key held down, stay well within these.
BURST_KEYS = 32
KEYS_PER_SECOND = 32.0
TELL_AGAIN_SECONDS = 10.0  # a burst dropped is told once, not again for this long
TELL_FOR_SECONDS = 10.0
READ_BYTES = 65536
LOOK_SECONDS = 0.1  # how often the reading thread looks whether the driver is stopping
DROPPED = "Keys came faster than anyone types (a paste?): the rest of them were dropped."

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


class ByteGate:
    """Which of the terminal's bytes are passed on. A read that would take the budget below
    nothing is dropped, and so is every read after it until the input rests for `quiet`
    seconds: the next read then starts with a key of its own, not inside a sequence. What is
    passed is whole UTF-8 (Textual's decoder stops its reader on a broken one), and a
    bracketed paste that a drop cuts short is closed, or Textual would take every key after it
    for the paste."""

    def __init__(
        self,
        burst: int = BURST_BYTES,
        rate: float = BYTES_PER_SECOND,
        quiet: float = QUIET_SECONDS,
    ) -> None:
        self.burst, self.rate, self.quiet = burst, rate, quiet
        self.budget = float(burst)
        self.dropping = False
        self.dropped = 0  # bytes, in all
        self._last: float | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pasting = False  # what was passed is inside a bracketed paste
        self._tail = b""  # the last bytes passed: a paste marker may be split between reads

    def feed(self, data: bytes, now: float) -> bytes:
        """What of `data`, read at `now` (seconds), goes on to Textual."""
        resumed = False
        if self._last is not None:
            self.budget = min(self.burst, self.budget + (now - self._last) * self.rate)
            if self.dropping and now - self._last >= self.quiet:
                self.dropping, resumed = False, True
        self._last = now
        if not self.dropping and len(data) > self.budget:
            self.dropping = True
            self._decoder.reset()  # a character half passed is never finished
            if self._pasting:
                self._pasting, self._tail = False, b""
                self.dropped += len(data)
                return PASTE_END
        if self.dropping:
            self.dropped += len(data)
            return b""
        self.budget -= len(data)
        if resumed:  # the rest of a character whose start was dropped
            data = data.lstrip(bytes(range(0x80, 0xC0)))
        passed = self._decoder.decode(data).encode()
        self._follow_pastes(passed)
        return passed

    def _follow_pastes(self, passed: bytes) -> None:
        seen = self._tail + passed
        start, end = seen.rfind(PASTE_START), seen.rfind(PASTE_END)
        if start != end:  # either is there (both absent: -1 and -1)
            self._pasting = start > end
        self._tail = seen[-(len(PASTE_START) - 1) :]


class KeyPace:
    """Whether a key parsed now is passed to the app: `burst` at once, then `rate` a second."""

    def __init__(self, burst: int = BURST_KEYS, rate: float = KEYS_PER_SECOND) -> None:
        self.burst, self.rate = burst, rate
        self.budget = float(burst)
        self.dropped = 0
        self._last: float | None = None

    def allow(self, now: float) -> bool:
        if self._last is not None:
            self.budget = min(self.burst, self.budget + (now - self._last) * self.rate)
        self._last = now
        if self.budget >= 1:
            self.budget -= 1
            return True
        self.dropped += 1
        return False


class GuardedDriver(LinuxDriver):
    """Textual's Linux and macOS driver, reading the terminal through `ByteGate` and `KeyPace`
    (the module's docstring says why)."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self.owner = app
        self.gate = ByteGate()
        self.pace = KeyPace()
        self._told: float | None = None
        self._dropped_at: float | None = None  # the last drop not told yet

    def run_input_thread(self) -> None:
        """Textual's reader, reading a pipe that the terminal's guarded bytes are written to.
        The terminal is its `fileno` again once it returns (the driver restores the terminal's
        settings through it)."""
        terminal = self.fileno
        reading, writing = os.pipe()
        os.set_blocking(writing, False)
        stop = threading.Event()
        relay = threading.Thread(
            target=self._relay, args=(terminal, writing, stop), name="rajas-input", daemon=True
        )
        self.fileno = reading
        relay.start()
        try:
            super().run_input_thread()
        finally:
            stop.set()
            relay.join()
            self.fileno = terminal
            os.close(reading)
            os.close(writing)

    def _relay(self, terminal: int, pipe: int, stop: threading.Event) -> None:
        """In a thread: the terminal's bytes, through the gate, into the pipe; the terminal's
        end ends the app."""
        while not stop.is_set() and not self.exit_event.is_set():
            if not select.select([terminal], [], [], LOOK_SECONDS)[0]:
                self._tell_dropped()
                continue
            try:
                data = os.read(terminal, READ_BYTES)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                os.kill(os.getpid(), signal.SIGHUP)
                return
            dropped = self.gate.dropped
            passed = self.gate.feed(data, time.monotonic())
            if self.gate.dropped > dropped:
                self._dropped_at = time.monotonic()
            with contextlib.suppress(BlockingIOError):  # Textual's reader is stuck: drop it
                os.write(pipe, passed)

    def process_message(self, message: Message) -> None:
        """Drops a key beyond the pace before the app is ever told of it."""
        if isinstance(message, events.Key) and not self.pace.allow(time.monotonic()):
            self._dropped_at = time.monotonic()
            return
        super().process_message(message)

    def _tell_dropped(self) -> None:
        """Tells the player of keys dropped, once the input has rested since."""
        now, dropped = time.monotonic(), self._dropped_at
        if dropped is None or now - dropped < QUIET_SECONDS:
            return
        self._dropped_at = None
        if self._told is None or now - self._told >= TELL_AGAIN_SECONDS:
            self._told = now
            self.owner.notify(DROPPED, severity="warning", timeout=TELL_FOR_SECONDS, markup=False)
