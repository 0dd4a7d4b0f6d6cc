"""Writing a file so that a crash at any moment leaves the old or the new one, whole.

The new bytes go to a temporary file in the same folder (a rename is only atomic within one file
system), are flushed and fsynced, and then renamed over the target; the folder is fsynced so the
rename itself survives a power cut. The old file is first hard-linked to NAME.bak, so the target
name never stops pointing at a complete file.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

NEW_FILE_MODE = 0o644
STALE_SECONDS = 600  # a write takes milliseconds; a temporary file this old was left by a crash


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the rename is still atomic there
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Makes NAME.bak the current file, without ever removing or emptying NAME itself."""
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
        os.replace(staging, backup_path(path))
    except BaseException:
        with suppress(OSError):
            os.unlink(staging)
        raise


def write_atomic(path: Path, data: bytes, backup: Callable[[Path], bool] | None = None) -> None:
    """Replaces `path` with `data` atomically; if `backup(path)` holds, the old file is kept as
    NAME.bak first."""
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
    _fsync_folder(folder)
    _sweep(path)


def _sweep(path: Path) -> None:
    """Removes temporary files that a crash (kill -9, a power cut) left beside `path`."""
    now = time.time()
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with suppress(OSError):
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
