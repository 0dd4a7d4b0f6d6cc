"""Atomic saves: a crash or kill -9 at any moment leaves the old or the new save, whole, and the
previous good save as NAME.toml.bak."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import saves
from saves import atomic
from tests.helpers.save_examples import MIDGAME, OPENING


class Crash(BaseException):
    """Stands for the process dying: not an Exception, so nothing on the way catches it."""


def _loads_as_one_of(path: Path, *games: saves.Game) -> None:
    loaded = saves.load(path)
    assert any(loaded.state == g.state and loaded.log == g.log for g in games)


def _crashing(real: Callable[..., Any], nth: int) -> Callable[..., Any]:
    """`real`, except that its `nth` call dies instead."""
    calls = 0

    def crashing(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == nth:
            raise Crash
        return real(*args, **kwargs)

    return crashing


def test_a_crash_at_every_step_leaves_a_whole_save(tmp_path: Path, monkeypatch) -> None:
    old, new = saves.load(OPENING), saves.load(MIDGAME)
    steps = ("fsync", "chmod", "link", "replace")
    crash_points = 0
    for step in steps:
        for nth in range(1, 4):
            path = tmp_path / f"{step}{nth}.toml"
            saves.save(old, path)
            monkeypatch.setattr(atomic.os, step, _crashing(getattr(os, step), nth))
            try:
                saves.save(new, path)
            except Crash:
                crash_points += 1
            finally:
                monkeypatch.undo()
            _loads_as_one_of(path, old, new)
            backup = saves.backup_of(path)
            if backup.exists():
                _loads_as_one_of(backup, old, new)
    assert crash_points >= len(steps)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a writer mid-write")
def test_kill_9_at_random_moments_always_leaves_a_loadable_save(tmp_path: Path) -> None:
    games = (saves.load(OPENING), saves.load(MIDGAME))
    path = tmp_path / "game.toml"
    saves.save(games[0], path)
    rng = random.Random(9)
    for _ in range(40):
        child = os.fork()
        if child == 0:  # the writer: saves the two games in turn until it is killed
            try:
                turn = 0
                while True:
                    saves.save(games[turn % 2], path)
                    turn += 1
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        _loads_as_one_of(path, *games)
        backup = saves.backup_of(path)
        if backup.exists():
            _loads_as_one_of(backup, *games)
    # Whatever temporary files the kills left are hidden and never listed as saves.
    assert [s.path for s in saves.list_saves(tmp_path)] == [path]


def test_the_previous_good_save_is_kept_as_bak(tmp_path: Path) -> None:
    first, second = saves.load(OPENING), saves.load(MIDGAME)
    path = tmp_path / "g.toml"
    saves.save(first, path)
    assert not saves.backup_of(path).exists()
    saves.save(second, path)
    assert saves.load(saves.backup_of(path)).state == first.state
    assert saves.load(path).state == second.state
    path.write_text("garbage")  # a broken file is not a good save: the backup stays
    saves.save(first, path)
    assert saves.load(saves.backup_of(path)).state == first.state


def test_a_save_keeps_the_file_mode_and_new_files_are_readable(tmp_path: Path) -> None:
    game = saves.load(OPENING)
    path = tmp_path / "g.toml"
    saves.save(game, path)
    assert path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o600)
    saves.save(game, path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml", "g.toml.bak"]


def test_temporary_files_left_by_a_crash_are_swept_once_stale(tmp_path: Path) -> None:
    game = saves.load(OPENING)
    path = tmp_path / "g.toml"
    stale, fresh = tmp_path / ".g.toml.old1.tmp", tmp_path / ".g.toml.new1.tmp"
    for leftover in (stale, fresh):
        leftover.write_text("half a save")
    long_ago = time.time() - atomic.STALE_SECONDS - 60
    os.utime(stale, (long_ago, long_ago))
    saves.save(game, path)
    assert not stale.exists() and fresh.exists()
