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
