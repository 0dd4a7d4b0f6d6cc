"""A disk that fills up (or any other failing write) is told in one plain sentence wherever it
shows, the command line and the app alike: "No space left on device", never Python's
"[Errno 28] No space left on device: '/…/.g.toml.x1y2.tmp'"."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.cli import main
from saves import tables
from saves.records import Seat, Setup

FULL = os.strerror(errno.ENOSPC)


def _no_space(fd: int) -> None:
    raise OSError(errno.ENOSPC, FULL)


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fsync fails as on a full disk (a write's data reaches the disk there, or fails)."""
    monkeypatch.setattr(os, "fsync", _no_space)


def _game() -> saves.Game:
    return saves.start_game(Setup((Seat("Asha"), Seat("Bela")), 5))


def _first(game: saves.Game) -> str:
    return str(rules.legal_actions(game.state)[0])


def _plain(text: str) -> bool:
    return FULL in text and "Errno" not in text and ".tmp" not in text


def test_saving_says_the_disk_is_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.toml"
    saves.save(_game(), path)
    monkeypatch.setattr(os, "fsync", _no_space)
    with pytest.raises(saves.SaveError) as refused:
        saves.save(_game(), path)
    assert str(refused.value) == f"{path}: cannot be written ({FULL})."


@pytest.mark.usefixtures("full_disk")
def test_new_says_it_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--players", "A,B", "--save", str(tmp_path / "g.toml")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and _plain(err), err


def test_apply_says_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.toml"
    game = _game()
    saves.save(game, path)
    monkeypatch.setattr(os, "fsync", _no_space)
    assert main(["apply", str(path), _first(game)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and _plain(err), err


@pytest.mark.usefixtures("full_disk")
def test_a_table_says_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["table", "new", "t", "--players", "A,B", "--tables", str(tmp_path)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and _plain(err), err


def test_a_tables_move_says_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tables.table_path(tmp_path, "t")
    game = tables.create(path, _game())
    monkeypatch.setattr(os, "fsync", _no_space)
    with pytest.raises(tables.TableError) as refused:
        tables.act(path, game.state.turn, _first(game), tables.seen(game))
    assert _plain(str(refused.value)), refused.value


def test_the_apps_autosave_and_save_as_say_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game()
    file = saves.open_file(game, None, tmp_path)
    monkeypatch.setattr(os, "fsync", _no_space)
    try:
        with pytest.raises(saves.SaveError) as autosave:
            saves.write(saves.play(game, _first(game)), file)
        with pytest.raises(saves.SaveError) as save_as:
            saves.save_as(game, tmp_path / "copy.toml")
    finally:
        file.close()
    assert _plain(str(autosave.value)), autosave.value
    assert _plain(str(save_as.value)), save_as.value


def test_save_as_into_a_folder_that_cannot_be_made_says_it_plainly(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(saves.SaveError) as refused:
        saves.save_as(_game(), tmp_path / "file" / "sub" / "g.toml")
    assert "Errno" not in str(refused.value), refused.value
