"""A broken data file stops every command with one sentence naming file and key, no traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rules
from rajas_tui import cli
from rules.catalog import DATA_DIR, load_catalog


@pytest.mark.parametrize("args", [["simulate", "--games", "1"], ["legal", "nowhere.toml"], []])
def test_broken_data_gets_one_sentence_and_exit_3(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    river = tmp_path / "river.toml"
    river.write_text(river.read_text().replace('kind = "karma"', 'kind = "nirvana"', 1))
    monkeypatch.setattr(rules, "catalog", lambda: load_catalog(tmp_path))
    assert cli.main(args) == cli.EXIT_DATA
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("rajas: the game's data is broken: river.toml: spaces[3].gain[0].kind: ")


@pytest.mark.parametrize(
    ("name", "old", "new", "says"),
    [
        # A board side for the wrong player count: found at load, not when a game is set up.
        ("board.toml", "players = [2]", "players = [3]", "board.toml: side: no board side for 2"),
        # A typing slip in a count: refused by name, not built until memory runs out.
        ("yields.toml", "count = 1", "count = 99999999999", "must be at most 1000"),
        ("province.toml", "columns = 5", "columns = 99999999999", "columns: must be at most"),
    ],
)
def test_a_data_slip_is_found_at_load(
    name: str, old: str, new: str, says: str, tmp_path: Path, monkeypatch, capsys
) -> None:
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    broken = tmp_path / name
    assert old in broken.read_text()
    broken.write_text(broken.read_text().replace(old, new, 1))
    monkeypatch.setattr(rules, "catalog", lambda: load_catalog(tmp_path))
    assert cli.main(["new", "--players", "A,B", "--save", str(tmp_path / "g.toml")]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
