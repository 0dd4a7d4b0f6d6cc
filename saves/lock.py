"""One writer per game: an OS lock on a small file beside the save.

The save itself is replaced by a rename on every write, so it cannot carry a lock; the sidecar
`.NAME.toml.lock` stays put while its save is there. The lock is `flock`, non-blocking: the
kernel drops it when the holder exits or is killed, so a crash never leaves a game locked.

A sidecar left behind (its save deleted) may be removed, but only by `take_down`, which holds its
lock while it unlinks it; and `acquire` keeps a lock only when the file it locked is still the
one at that path. Without the second half, a process that opened the sidecar just before it was
removed would lock the removed file while another locked a new one: two writers.

The shape of a write by anyone: `with held(path):` read the save, check it is the game you
think (`overwrite.overwrite_problem`), apply, write (`savefile.save`); the lock goes at the end.

A shared table (`tables`) is written by several processes in turn, so there a writer waits a
moment for the lock (`waited`) instead of giving up at once: each holds it only for one
re-read, check, apply and write.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .osfiles import kind_of, reason

WAIT_STEP = 0.002  # seconds between tries: a table's write takes a few milliseconds
# A lock file is only ever a regular file rajas made: a symlink there is not followed (a dangling
# one would have the open create its target), and a FIFO or device is not waited on.
_SAFE = os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)


class GameInUse(Exception):
    """Another process (or another window of this one) holds the game; one sentence."""


class NotALockFile(OSError):
    """Something else (a folder, a FIFO, a symlink) is where a lock file goes; `strerror` says
    what, and that it is to be removed."""

    def __init__(self, path: Path, kind: str) -> None:
        words = f"{path.name} is {kind}, not the lock file rajas keeps there; remove it"
        super().__init__(errno.EEXIST, words, str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _open(path: Path, flags: int) -> int:
    """`path` opened with `flags`, refused (NotALockFile) unless it is a regular file."""
    try:
        fd = os.open(path, flags | _SAFE, 0o600)
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EOPNOTSUPP):
            raise
        try:  # a symlink (ELOOP), a folder opened for writing, a socket
            kind = kind_of(os.lstat(path).st_mode)
        except OSError:
            raise error from None
        raise NotALockFile(path, kind) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise NotALockFile(path, kind_of(mode))
    return fd


def lock_path(save: Path) -> Path:
    """The sidecar of a save, named after the file the path really leads to. The path is
    read as the file is (no `~` expanded: `./~/g.toml` is a folder named `~`), and a loop of
    symlinks is left for opening the file to refuse in a sentence (`Path.resolve` raises)."""
    real = Path(os.path.realpath(save))
    return real.with_name(f".{real.name}.lock")


class GameLock:
    """A held lock on one save; `release` gives it up (also done by the OS at exit)."""

    def __init__(self, save: Path, fd: int) -> None:
        self.save = save
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def acquire(save: Path) -> GameLock:
    """Takes the lock on `save`, or raises GameInUse at once when someone else has it.
    OSError when the lock file cannot be made (a read-only folder, say)."""
    fd = try_lock(lock_path(save))
    if fd is None:
        raise GameInUse(f"{save} is open in another rajas; close it there first.")
    return GameLock(save, fd)


def refusal(save: Path, error: OSError) -> str:
    """Why the lock on `save` could not be had (`acquire`'s OSError), in one sentence. Refused a
    new lock file, the folder cannot be written, and then neither can the save: the player is
    told that, not that a lock was refused."""
    lock = lock_path(save)
    # ENOENT in a folder that is there: a file system that makes no files (/proc).
    refused = (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT)
    if error.errno not in refused or os.path.lexists(lock):
        return f"{save}: cannot be locked ({reason(error)})."
    if not os.path.isdir(lock.parent):
        return f"{save}: cannot be saved: the folder {lock.parent} does not exist."
    # The lock lives beside the file a symlinked save leads to: that is the folder refused.
    folder = save.parent if os.path.realpath(save.parent) == str(lock.parent) else lock.parent
    return (
        f"{folder}: this folder cannot be written ({reason(error)}), so {save.name} cannot be "
        "saved there."
    )


def try_lock(path: Path) -> int | None:
    """An open descriptor of the file at `path` (made if missing) that holds its exclusive lock,
    or None when another process holds it; NotALockFile when something else is there. A file
    taken down between our open and our lock is opened again at `path`, so the lock kept is
    always on the file that is there."""
    while True:
        fd = _open(path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        if still_there(fd, path):
            return fd
        os.close(fd)


def still_there(fd: int, path: Path) -> bool:
    """Whether the open file `fd` is still the file at `path` (not unlinked or replaced)."""
    try:
        named = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


@contextmanager
def _probed(path: Path) -> Iterator[int | None]:
    """`path` opened read-only and locked without waiting, for the block: its descriptor, or
    None when a live process holds the lock. Closing the descriptor drops our lock.
    NotALockFile, unread and unwaited on, for what is not a regular file."""
    fd = _open(path, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield None
        else:
            yield fd
    finally:
        os.close(fd)


def holder_alive(path: Path) -> bool:
    """Whether a live process holds the lock file `path` (a missing file, or something other
    than a lock file: no)."""
    try:
        with _probed(path) as fd:
            return fd is None
    except OSError:
        return False


def take_down(path: Path) -> bool:
    """Removes the lock file `path` if no process holds it, under its own lock (see the module's
    note); whether it was removed. What is not a lock file is not rajas's, and stays."""
    try:
        with _probed(path) as fd:
            if fd is None or not still_there(fd, path):
                return False
            path.unlink()
            return True
    except (FileNotFoundError, NotALockFile):
        return False


@contextmanager
def held(save: Path) -> Iterator[GameLock]:
    """The lock on `save` for the length of a `with` block."""
    lock = acquire(save)
    try:
        yield lock
    finally:
        lock.release()


def wait(save: Path, timeout: float) -> GameLock:
    """Takes the lock on `save`, trying again for up to `timeout` seconds while another process
    holds it; GameInUse when it is still held then."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return acquire(save)
        except GameInUse:
            if time.monotonic() >= deadline:
                raise
        time.sleep(WAIT_STEP)


@contextmanager
def waited(save: Path, timeout: float) -> Iterator[GameLock]:
    """The lock on `save` for a `with` block, waited for as `wait` does."""
    lock = wait(save, timeout)
    try:
        yield lock
    finally:
        lock.release()
