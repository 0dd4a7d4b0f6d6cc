"""`rajas play --plain` when its save cannot be written: it says what the plain mode can do (it
has no Save as, which the app's sentence offers), and does not claim at the end that the game
is saved when the last write failed."""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import saves
from rajas_tui import cli

NEW_GAME = ["play", "--plain", "--players", "Asha,Bela", "--bots", "Bela=easy", "--seed", "5"]
FULL = os.strerror(errno.ENOSPC)


class Keyboard:
    """Standard input typed from a list of lines (then the end of input); `before` runs just
    before the first line is read."""

    def __init__(self, lines: list[str], before: Callable[[], None]) -> None:
        self.lines = lines
        self.before = before

    def readline(self) -> str:
        self.before()
        self.before = lambda: None
        return f"{self.lines.pop(0)}\n" if self.lines else ""


def play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, before: Callable[[], None]) -> str:
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", Keyboard(["terrace t1"], before))
    assert cli.main(NEW_GAME) == 0
    monkeypatch.undo()
    return out.getvalue()


def test_a_file_that_now_holds_another_game_is_told_without_save_as(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = saves.start_game(saves.seated((("Chand", "human"), ("Devi", "human")), 7))

    def overwritten() -> None:  # by another program, past the lock
        (path,) = tmp_path.glob("*.toml")
        saves.save(other, path)

    said = play(monkeypatch, tmp_path, overwritten)
    assert "Save as" not in said
    assert (
        "holds a different game; it was not overwritten. This game goes on here unsaved and "
        "ends with this session: the plain mode cannot write it to another file." in said
    )
    assert said.rstrip().endswith("> End of input. The game was not saved.")
    (path,) = tmp_path.glob("*.toml")
    assert saves.load(path).setup.seed == 7


def test_a_failed_write_is_not_called_saved_at_the_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, FULL)

    def full() -> None:
        monkeypatch.setattr(os, "fsync", no_space)

    said = play(monkeypatch, tmp_path, full)
    (path,) = tmp_path.glob("*.toml")
    assert f"the game could not be saved: {path}: cannot be written ({FULL})." in said
    assert f"The game is saved in {path}" not in said.split("> End of input.", 1)[1]
    assert said.rstrip().endswith(
        f"> End of input. The last moves could not be saved: {path} holds the game as it was "
        "before them, and rajas play --plain goes on with that."
    )
    assert "terrace t1" not in [entry.action for entry in saves.load(path).log]
