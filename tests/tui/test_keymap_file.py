"""The keymap file is read as carefully as a save: only a small regular file, never a FIFO or a
device that would hang the app at start, and never a file shaped to make the parser slow."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

import pytest

from rajas_tui.tui import bindings


def _load_in_thread(path: Path) -> tuple[dict[str, str], str | None] | None:
    """What load_keymap returns, or None if it had not returned after 5 seconds (a hang)."""
    result: list[tuple[dict[str, str], str | None]] = []
    worker = threading.Thread(target=lambda: result.append(bindings.load_keymap(path)))
    worker.daemon = True
    worker.start()
    worker.join(timeout=5)
    return result[0] if result else None


def test_a_fifo_as_keymap_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "keymap.toml"
    os.mkfifo(fifo)
    try:
        loaded = _load_in_thread(fifo)
        assert loaded is not None, "load_keymap waited on a FIFO"
        keymap, problem = loaded
        assert keymap == {} and problem is not None and "not a regular file" in problem
    finally:
        # Unblock a reader that a hanging loader left waiting, so the test run can end.
        with contextlib.suppress(OSError):  # nobody was waiting
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_a_link_to_a_device_as_keymap_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "keymap.toml"
    link.symlink_to("/dev/zero")
    loaded = _load_in_thread(link)
    assert loaded is not None
    assert loaded[0] == {} and "not a regular file" in (loaded[1] or "")


@pytest.mark.parametrize(
    "text",
    [
        "x" + ".x" * 15_000 + " = 1\n",  # a dotted key the parser takes quadratic time on
        "[" + "a." * 3_000 + "a]\n" + "".join(f"k{i} = 1\n" for i in range(3_000)),
        "k = " + "[" * 5_000 + "]" * 5_000 + "\n",
    ],
    ids=["long-dotted-key", "long-header-many-keys", "deep-nesting"],
)
def test_a_keymap_shaped_to_be_slow_is_refused_quickly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text(text)
    start = time.process_time()
    keymap, problem = bindings.load_keymap(path)
    assert keymap == {} and problem
    assert time.process_time() - start < 1.0, "refusing it took over a second of CPU"


def test_a_keymap_file_still_moves_keys(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text('[keys]\n"area.quarry" = "Q"\n')
    assert bindings.load_keymap(path) == ({"area.quarry": "Q"}, None)
