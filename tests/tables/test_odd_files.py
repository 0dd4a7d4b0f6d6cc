"""Odd files where rajas keeps its own beside a table or a save: a FIFO, a folder, a dangling
symlink, a device. Each is refused in one sentence or passed over, never waited on for good,
followed, grown into memory or answered with a traceback. The tests that could hang run in a
thread or a process with a time limit."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rules
import saves
from rajas_tui.cli import main
from saves import lock as gamelock
from saves import tables
from saves.records import Seat, Setup

HANG = 10.0  # seconds: what would wait for good shows as a timeout; a refusal takes far less
CAPPED_BYTES = 1024**3  # the address space of a command that must not grow without limit


def _table(folder: Path) -> Path:
    setup = Setup((Seat("Asha"), Seat("Bela")), 5)
    path = tables.table_path(folder, "t")
    tables.create(path, saves.start_game(setup))
    return path


def _first(game: saves.Game) -> str:
    return str(rules.legal_actions(game.state)[0])


def _within(work: Callable[[], Any], unstick: Path | None = None) -> Any:
    """`work()`'s result (or the error it raised), failing if it does not end within HANG.
    `unstick`: a FIFO to open for writing if it hangs, so the stuck thread can end."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG)
    if worker.is_alive():
        if unstick is not None:
            os.close(os.open(unstick, os.O_WRONLY))
            worker.join(HANG)
        pytest.fail("it waited on a FIFO")
    return outcome[0]


def test_a_fifo_as_a_seats_file_does_not_hang_table_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _table(tmp_path)
    fifo = path.with_name(".t.seat-B.here")
    os.mkfifo(fifo)
    code = _within(lambda: main(["table", "list", "--tables", str(tmp_path)]), fifo)
    assert code == 0
    assert capsys.readouterr().out == "t  round 1, Bela to act; A=Asha (away), B=Bela (away)\n"
    assert fifo.exists()  # not rajas's file: left as it is


def test_a_fifo_as_a_watchers_file_does_not_hang_a_join(tmp_path: Path) -> None:
    path = _table(tmp_path)
    fifo = path.with_name(".t.watcher-1-deadbeef.here")
    os.mkfifo(fifo)
    for seat in (0, None):
        presence = _within(lambda seat=seat: tables.join(path, seat), fifo)
        assert isinstance(presence, tables.Presence), presence
        assert _within(lambda: tables.watching(path), fifo) == (1 if seat is None else 0)
        presence.leave()


def test_a_folder_as_a_seats_file_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rajas_tui.tui.table import run_table

    path = _table(tmp_path)
    path.with_name(".t.seat-B.here").mkdir()
    assert run_table("t", "B", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert err == (
        "rajas: seat B of t cannot be taken: .t.seat-B.here is a folder, not the lock file "
        "rajas keeps there; remove it.\n"
    )
    assert not tables.connected(path, 1)


def test_a_dangling_symlink_as_a_tables_lock_is_not_followed(tmp_path: Path) -> None:
    path = _table(tmp_path)
    lock = gamelock.lock_path(path)
    lock.unlink()
    target = tmp_path / "elsewhere" / "made-by-rajas"
    target.parent.mkdir()
    lock.symlink_to(target)
    game = tables.read(path)
    with pytest.raises(tables.TableError) as refused:
        tables.act(path, game.state.turn, _first(game), tables.seen(game))
    assert str(refused.value) == (
        f"{path}: cannot be locked (.t.toml.lock is a symbolic link, not the lock file rajas "
        "keeps there; remove it)."
    )
    assert not target.exists() and lock.is_symlink()


def test_a_dangling_symlink_as_a_saves_lock_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.toml"
    game = saves.start_game(Setup((Seat("Asha"), Seat("Bela")), 5))
    saves.save(game, save)
    target = tmp_path / "made-by-rajas"
    gamelock.lock_path(save).symlink_to(target)
    assert main(["apply", str(save), _first(game)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a symbolic link, not the lock file" in err, err
    assert not target.exists()


def test_a_fifo_as_a_saves_lock_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    os.mkfifo(gamelock.lock_path(save))
    refused = _within(lambda: gamelock.acquire(save))
    assert isinstance(refused, gamelock.NotALockFile), refused
    assert str(refused) == (
        f"{gamelock.lock_path(save)}: .g.toml.lock is a FIFO (named pipe), not the lock file "
        "rajas keeps there; remove it"
    )


@pytest.mark.parametrize("note", [".played", ".elsewhere"])
def test_a_fifo_as_the_played_note_does_not_hang_the_listing(tmp_path: Path, note: str) -> None:
    saves.save(saves.start_game(Setup((Seat("Asha"), Seat("Bela")), 5)), tmp_path / "g.toml")
    fifo = tmp_path / note
    os.mkfifo(fifo)
    found = _within(lambda: saves.list_saves(tmp_path), fifo)
    assert [s.path.name for s in found] == ["g.toml"]


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAPPED_BYTES, CAPPED_BYTES))


@pytest.mark.parametrize("keyfile", ["/dev/zero", "fifo"])
def test_table_keys_reads_a_key_file_with_a_bound(tmp_path: Path, keyfile: str) -> None:
    _table(tmp_path)
    if keyfile == "fifo":
        keyfile = str(tmp_path / "key.pub")
        os.mkfifo(keyfile)
    result = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", "table", "keys", "t", "--seat", "A", keyfile,
         "--tables", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=HANG * 3,
        preexec_fn=_capped,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    kind = "a device" if keyfile == "/dev/zero" else "a FIFO (named pipe)"
    assert result.stderr == f"rajas: {keyfile}: is {kind}, not a regular file.\n"


def test_a_key_file_larger_than_any_key_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _table(tmp_path)
    key = tmp_path / "big.pub"
    key.write_text("ssh-ed25519 " + "A" * 100_000 + "\n")
    assert main(["table", "keys", "t", "--seat", "A", str(key), "--tables", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"rajas: {key}: is 100,013 bytes, more than the 16,384 a public key file has.\n"
    )


def test_a_new_games_autosave_passes_over_a_name_whose_lock_is_a_dangling_symlink(
    tmp_path: Path,
) -> None:
    game = saves.start_game(Setup((Seat("Asha"), Seat("Bela")), 5))
    taken = saves.autosave_path(game, tmp_path)
    target = tmp_path / "made-by-rajas"
    gamelock.lock_path(taken).symlink_to(target)
    file = saves.open_file(game, None, tmp_path)
    try:
        assert file.path == taken.with_name(f"{taken.stem}-2.toml"), file.note
    finally:
        file.close()
    assert not target.exists()


def test_a_lock_file_is_made_private(tmp_path: Path) -> None:
    with gamelock.held(tmp_path / "g.toml"):
        assert gamelock.lock_path(tmp_path / "g.toml").stat().st_mode & 0o777 == 0o600
