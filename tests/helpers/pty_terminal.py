"""rajas in a pseudo-terminal of the test's own, with no tmux or sshd between: the test writes
what a terminal would send (keys, a paste), reads what the app draws, and can close the terminal
as a dropped connection does. The process is the test's child: its CPU time is read from
/proc while it runs and from its resource usage once it has ended."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANG = 30.0  # seconds: only stops a hang


def cpu_seconds(pid: int) -> float | None:
    """The user and system CPU a live process (all its threads) has used; None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The process's children. Each thread lists those it started (the bots' process is started
    by a thread of the app), and a thread that ends hands its own to another thread."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return sorted(set(found))


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


class Terminal:
    """A pseudo-terminal of 80×24 running `argv`. `leader`: the process leads a session whose
    controlling terminal this is, as under sshd (closing it sends the process SIGHUP); else
    the terminal is only its input and output, and its end shows only as the input's end."""

    def __init__(self, argv: list[str], env: dict[str, str], leader: bool = True) -> None:
        env = {**env, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
        self.output = bytearray()
        self.ended: tuple[int, float] | None = None  # exit status and CPU seconds
        if leader:
            pid, master = pty.fork()
            if pid == 0:  # the child: leads a session on the terminal, then becomes the app
                _become(argv, env, None)
        else:
            master, slave = os.openpty()
            _size(slave)
            pid = os.fork()
            if pid == 0:
                _become(argv, env, slave)
            os.close(slave)
        self.pid, self.master = pid, master
        self._closed = False
        self.reading = True  # False: what the app draws stays unread, as when a link stalls
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Drains what the app draws (an undrained terminal would stop the app writing)."""
        while not self._closed:
            if not self.reading:
                time.sleep(0.05)
                continue
            try:
                ready, _, _ = select.select([self.master], [], [], 0.1)
                data = os.read(self.master, 65536) if ready else b"-"
            except (OSError, ValueError):
                return
            if not data:
                return
            if ready:
                self.output.extend(data)
                del self.output[: max(0, len(self.output) - 1_000_000)]

    def wait_for(self, text: bytes, timeout: float = HANG) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.output:
            assert time.monotonic() < deadline, f"{text!r} not shown; the app ended: {self.ended}"
            self.reap()
            time.sleep(0.05)

    def type(self, data: bytes, timeout: float = HANG) -> None:
        """Writes `data` as the terminal would send it, as fast as the app takes it in."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            assert time.monotonic() < deadline, f"{len(view)} bytes still unread by the app"
            _, ready, _ = select.select([], [self.master], [], 0.1)
            if ready:
                view = view[os.write(self.master, view[:4096]) :]

    def close(self) -> None:
        """The terminal goes, as when the SSH connection drops."""
        if not self._closed:
            self._closed = True
            self._reader.join()
            os.close(self.master)

    def reap(self) -> bool:
        """Whether the process has ended (its status and CPU then in `ended`)."""
        if self.ended is None:
            done, status, usage = os.wait4(self.pid, os.WNOHANG)
            if done:
                self.ended = (status, usage.ru_utime + usage.ru_stime)
        return self.ended is not None

    def wait_end(self, timeout: float = HANG) -> tuple[int, float]:
        """The exit status and CPU seconds once the process ends (fails after `timeout`)."""
        deadline = time.monotonic() + timeout
        while not self.reap():
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"still running {timeout} s on, {cpu_seconds(self.pid)} s of CPU used"
                )
            time.sleep(0.02)
        assert self.ended is not None
        return self.ended

    def kill(self) -> None:
        """Ends whatever is left (after a failed test): the process and its bots' process."""
        if self.ended is None:
            for child in children(self.pid):
                with contextlib.suppress(OSError):
                    os.kill(child, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                self.wait_end()
        self.close()


def _become(argv: list[str], env: dict[str, str], terminal: int | None) -> None:
    """In the forked child: `argv` on the terminal; the child never returns to the test."""
    try:
        if terminal is not None:
            for fd in (0, 1, 2):
                os.dup2(terminal, fd)
        _size(0)
        os.execve(argv[0], argv, env)
    finally:
        os._exit(127)


def _size(fd: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
