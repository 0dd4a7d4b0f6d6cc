"""One game, one writer: the OS lock beside a save, taken by the app and by apply/undo/redo."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import saves
from saves import lock as gamelock

EXAMPLES = saves.examples_dir()
HOLD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from saves import lock as gamelock
    lock = gamelock.acquire(Path(sys.argv[1]))
    print("held", flush=True)
    sys.stdin.readline()
    lock.release()
    """
)


@pytest.fixture
def holder(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Another process holding the lock on a copy of an example save until told to stop."""
    save = tmp_path / "opening.toml"
    shutil.copy(EXAMPLES / "opening-2p.toml", save)
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "held\n"
    yield save
    assert process.stdin is not None
    process.stdin.write("\n")
    process.stdin.close()
    process.wait(timeout=10)


def test_a_second_process_finds_the_game_in_use(holder: Path) -> None:
    with pytest.raises(gamelock.GameInUse) as caught:
        gamelock.acquire(holder)
    assert str(caught.value) == f"{holder} is open in another rajas; close it there first."


def test_the_lock_is_free_again_after_release(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    first = gamelock.acquire(save)
    first.release()
    second = gamelock.acquire(save)
    second.release()
    assert not save.exists(), "taking the lock never creates the save itself"


def test_one_process_cannot_open_one_game_twice(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    with gamelock.held(save), pytest.raises(gamelock.GameInUse):
        gamelock.acquire(save)


def test_the_lock_follows_the_file_not_the_spelling_of_its_path(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    with gamelock.held(save), pytest.raises(gamelock.GameInUse):
        gamelock.acquire(tmp_path / "." / "g.toml")


@pytest.mark.parametrize(
    "command",
    [
        ["apply", "PATH", "pass"],
        ["undo", "PATH"],
        ["redo", "PATH"],
        ["new", "--players", "A,B", "--save", "PATH", "--force"],
    ],
)
def test_cli_writes_refuse_while_another_process_holds_the_game(
    holder: Path, command: list[str]
) -> None:
    before = holder.read_bytes()
    args = [str(holder) if part == "PATH" else part for part in command]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == (f"rajas: {holder} is open in another rajas; close it there first.\n")
    assert holder.read_bytes() == before
