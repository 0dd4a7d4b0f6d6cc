"""Standard output that goes away (a closed pipe) or fills up (a full disk) ends every command
with at most one sentence and a plain exit code, never a traceback or "Exception ignored"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import saves
from rajas_tui.cli.output import EXIT_BROKEN_PIPE

MIDGAME = saves.examples_dir() / "midgame-4p.toml"
OPENING = saves.examples_dir() / "opening-2p.toml"


def _commands(tmp_path: Path) -> list[list[str]]:
    game = tmp_path / "g.toml"
    game.write_bytes(OPENING.read_bytes())
    undo = tmp_path / "u.toml"
    subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", "new", "--players", "A,B", "--undo", "free",
         "--seed", "3", "--save", str(undo)],
        check=True, capture_output=True,
    )  # fmt: skip
    (tmp_path / "m.toml").write_bytes(MIDGAME.read_bytes())
    return [
        ["new", "--players", "A,B", "--seed", "1", "--save", str(tmp_path / "n.toml"), "--force"],
        ["show", str(game)],
        ["show", "--json", str(game)],
        ["legal", str(game)],
        ["apply", str(game), "pass"],  # refused: the refusal goes to stderr, stdout stays empty
        ["apply", str(undo), "outer o"],
        ["undo", str(undo)],
        ["redo", str(undo)],
        ["validate", str(game)],
        ["saves", "--saves", str(tmp_path)],
        ["simulate", "--games", "50", "--players", "2"],
        ["--help"],
    ]


def _run(args: list[str], stdout: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_gives_one_sentence_and_exit_1(tmp_path: Path) -> None:
    for args in _commands(tmp_path):
        with open("/dev/full", "w") as full:
            done = _run(args, full.fileno())
        if args[0] == "apply" and args[-1] == "pass":
            assert done.returncode == 1 and done.stderr.count("\n") == 1, (args, done.stderr)
            continue
        assert done.stderr == "rajas: cannot write the output: No space left on device.\n", (
            args,
            done.stderr,
        )
        assert done.returncode == 1, args


@pytest.mark.slow
def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    for args in _commands(tmp_path):
        read, write = os.pipe()
        os.close(read)  # nobody reads: the first write fails with EPIPE
        try:
            done = _run(args, write)
        finally:
            os.close(write)
        if args[0] == "apply" and args[-1] == "pass":
            assert done.returncode == 1 and done.stderr.count("\n") == 1, (args, done.stderr)
            continue
        assert done.stderr == "", (args, done.stderr)
        assert done.returncode == EXIT_BROKEN_PIPE, args
