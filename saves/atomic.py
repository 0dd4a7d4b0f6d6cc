"""Writing a file so that a crash at any moment leaves the old or the new one, whole.

The new bytes go to a temporary file in the same folder (a rename is only atomic within one file
system), are flushed and fsynced, and then renamed over the target; the folder is fsynced so the
rename itself survives a power cut. The old file is first hard-linked to NAME.bak, so the target
name never stops pointing at a complete file.

Only a regular file is ever replaced: a symlink is followed and its target written (the link
stays), and a folder, FIFO, device or read-only file is refused with a sentence.
"""

from __future__ import annotations

import os
import shutil
import stat
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from .osfiles import kind_of, reason, sync_folder

NEW_FILE_MODE = 0o644
STALE_SECONDS = 600  # a write takes milliseconds; a temporary file this old was left by a crash


class Unwritable(Exception):
    """The path cannot take a save; the message is one sentence naming it."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _keep_backup(path: Path) -> None:
    """Makes NAME.bak the current file, without ever removing or emptying NAME itself."""
    keep_copy(path, backup_path(path))


def keep_copy(path: Path, kept: Path) -> None:
    """Makes `kept`, in the same folder, the current file at `path` (a hard link where the file
    system has them), without ever removing or emptying `path` itself."""
    import tempfile  # see write_atomic

    folder = path.parent
    fd, staging = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".bak.tmp", dir=folder)
    os.close(fd)
    os.unlink(staging)  # os.link needs a free name; mkstemp just reserved a unique one
    try:
        try:
            os.link(path, staging)
        except OSError:  # no hard links here (some network and FAT file systems): copy instead
            shutil.copyfile(path, staging)
            with open(staging, "rb+") as handle:
                os.fsync(handle.fileno())
        os.replace(staging, kept)
    except BaseException:
        with suppress(OSError):
            os.unlink(staging)
        raise


def target_of(path: Path) -> Path:
    """The file a write to `path` lands in: the end of its chain of symlinks, if it is one.
    Writing there, not over the link, keeps the link and leaves no stale target behind."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def write_problem(path: Path) -> str | None:
    """Why a save cannot be written at `path` (no sentence stop), or None when it can."""
    target = target_of(path)
    try:
        info = target.stat()
    except FileNotFoundError:
        if not target.parent.is_dir():
            return f"the folder {target.parent} does not exist"
        return None
    except OSError as error:
        return f"cannot be looked at ({reason(error)})"
    if not stat.S_ISREG(info.st_mode):
        return f"is {kind_of(info.st_mode)}, not a regular file; only a regular file is replaced"
    # Checked on the mode bits, not os.access: root may write anything, but a file someone
    # made read-only is still a file they want kept.
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return "is read-only; it is left as it is"
    if not os.access(target, os.W_OK):
        return "may not be written by you; it is left as it is"
    return None


def write_atomic(path: Path, data: bytes, backup: Callable[[Path], bool] | None = None) -> None:
    """Replaces the file at `path` (or at the end of its symlinks) with `data` atomically; if
    `backup(file)` holds, the old file is kept as NAME.bak first. Raises Unwritable when the
    path is not a file that may be replaced."""
    problem = write_problem(path)
    if problem:
        raise Unwritable(f"{path}: {problem}.")
    # Imported on the first write: commands that only read a save (rajas show, validate) would
    # pay for it on every start.
    import tempfile

    path = target_of(path)
    folder = path.parent
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = path.stat().st_mode & 0o777
        except OSError:
            mode = NEW_FILE_MODE  # mkstemp's 0600 would surprise someone mailing the save on
        os.chmod(temporary, mode)
        if backup is not None and path.exists() and backup(path):
            _keep_backup(path)
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    sync_folder(folder)
    _sweep(path)


def _sweep(path: Path) -> None:
    """Removes temporary files that a crash (kill -9, a power cut) left beside `path`."""
    import glob  # see write_atomic

    now = time.time()
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with suppress(OSError):
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
