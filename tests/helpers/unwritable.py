"""A folder that cannot be written, also for tests run as root: chmod stops any other user, and
for root, whom it does not stop, making a file or a folder in it fails as it would for them."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


@contextmanager
def unwritable(folder: Path) -> Iterator[None]:
    """`folder` read-only for the block: a new entry in it is refused with EACCES."""
    real_open, real_mkdir = os.open, os.mkdir

    def refused(path: Any) -> bool:
        name = os.fsdecode(path)
        return Path(os.path.abspath(name)).parent == folder and not os.path.lexists(name)

    def opening(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and refused(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        return real_open(path, flags, *args, **kwargs)

    def making(path: Any, *args: Any, **kwargs: Any) -> None:
        if refused(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        real_mkdir(path, *args, **kwargs)

    folder.chmod(0o500)
    try:
        with pytest.MonkeyPatch.context() as patch:
            if os.geteuid() == 0:
                patch.setattr(os, "open", opening)
                patch.setattr(os, "mkdir", making)
            yield
    finally:
        folder.chmod(0o700)
