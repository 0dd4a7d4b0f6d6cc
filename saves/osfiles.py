"""Files as the system has them: reading only a regular file, and only so much of it; and an
OSError in a few plain words.

Every file read beside a game or a table (a save, its head, the `.elsewhere` note, a public key
for a table) is opened without blocking and checked with fstat on the open descriptor: a FIFO
would hang the reader for good, a device such as /dev/zero never ends, and a check made on the
path before opening could be raced by a swap.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC


def kind_of(mode: int) -> str:
    """What a file that is not a regular one is, for a sentence."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "something other than a file"


class NotRegular(OSError):
    """Something other than a regular file is at the path; `kind` says what ("a folder")."""

    def __init__(self, path: Path | str, kind: str) -> None:
        super().__init__(errno.EINVAL, f"is {kind}, not a regular file", str(path))
        self.kind = kind

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class TooLarge(OSError):
    """The regular file holds more than the reader takes; `size` is what fstat said."""

    def __init__(self, path: Path | str, size: int, limit: int) -> None:
        words = f"is {size:,} bytes, more than the {limit:,} read here"
        super().__init__(errno.EFBIG, words, str(path))
        self.size = size

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def open_regular(path: Path | str) -> int:
    """A descriptor of the regular file at `path` (a symlink followed), open for reading, to
    be closed by the caller. NotRegular for anything else; OSError when it cannot be opened."""
    fd = os.open(path, _READ_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(path, kind_of(mode))
        os.set_blocking(fd, True)  # a regular file now: let reads wait as usual
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path` (a symlink followed), at most `limit`.
    NotRegular for anything else, TooLarge past `limit`; OSError when it cannot be opened."""
    fd = open_regular(path)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise TooLarge(path, size, limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:  # it grew while we read
        raise TooLarge(path, size, limit)
    return b"".join(chunks)


def reason(error: OSError) -> str:
    """What went wrong, in the system's words ("No space left on device"): never Python's
    "[Errno 28] ...: 'path'", which a sentence naming the file would say twice."""
    if error.strerror:
        return error.strerror
    if error.errno:
        return os.strerror(error.errno)
    return str(error) or type(error).__name__


def sync_folder(folder: Path) -> None:
    """Syncs a folder, so that a name just made or renamed in it lasts as the file's bytes do; a
    system that cannot open or sync a folder keeps the file all the same (a rename is still
    atomic there)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
