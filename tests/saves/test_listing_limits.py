"""Listing a saves folder holds every file to the loader's limits: a save built to make the TOML
parser slow costs `rajas saves` and the title screen no more than it costs a load, and each
file's head is parsed once."""

from __future__ import annotations

import shutil
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import saves
from rajas_tui.cli import main
from rajas_tui.present import listing
from saves import folder as savefolder
from tests.helpers.save_examples import OPENING

DOTTED_PARTS = 20_000  # about 43 KB, on which tomllib is slow and grows to gigabytes
OLD_EXAMPLES = ("opening-2p.toml", "midgame-4p.toml", "final-action-3p.toml")


def _dotted_key_save(folder: Path) -> Path:
    """A save as rajas writes it, with one long dotted key in its [setup], before the log."""
    text = saves.dumps(saves.load(OPENING))
    key = "x" + ".x" * (DOTTED_PARTS - 1) + " = 1\n"
    head, table, rest = text.partition("[setup]\n")
    path = folder / "crafted.toml"
    path.write_text(head + table + key + rest)
    assert 40_000 < path.stat().st_size < 44_000
    return path


def _cpu(run: Callable[[], Any]) -> tuple[Any, float]:
    savefolder.forget_listing()
    started = time.process_time()
    result = run()
    return result, time.process_time() - started


def test_rajas_saves_lists_a_dotted_key_save_within_a_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crafted = _dotted_key_save(tmp_path)
    saves.save(saves.load(OPENING), tmp_path / "good.toml")
    code, spent = _cpu(lambda: main(["saves", "--saves", str(tmp_path)]))
    out = capsys.readouterr().out.splitlines()
    assert code == 0 and len(out) == 2, out
    assert out[0].startswith(f"{tmp_path / 'good.toml'}  Asha, Bela"), out
    assert out[1].startswith(f"{crafted}  (unreadable: {crafted}: line 14: "), out
    assert spent < 1.0, spent


def test_the_title_screen_lists_it_within_a_second(tmp_path: Path) -> None:
    crafted = _dotted_key_save(tmp_path)
    (lines, last), spent = _cpu(lambda: listing.survey(tmp_path))
    assert [line.path for line in lines] == [crafted] and last is None
    assert "line 14: is over 1,024 bytes long" in lines[0].problem
    assert spent < 1.0, spent


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every text the TOML parser is handed."""
    handed: list[int] = []
    real = tomllib.loads

    def counting(text: str, **options: Any) -> dict[str, Any]:
        handed.append(len(text))
        return real(text, **options)

    monkeypatch.setattr(tomllib, "loads", counting)
    savefolder.forget_listing()
    return handed


def test_each_head_is_parsed_once(tmp_path: Path, parses: list[int]) -> None:
    for seed in range(3):
        game = saves.start_game(saves.Setup((saves.Seat("Asha"), saves.Seat("Bela")), seed))
        saves.save(game, tmp_path / f"g{seed}.toml")
    parses.clear()  # writing reads the file it replaces; only the listing is counted
    found = saves.list_saves(tmp_path)
    assert len(found) == 3 and not any(s.problem for s in found)
    assert len(parses) == 3, parses


def test_an_old_save_parses_its_head_and_its_state_once_each(
    tmp_path: Path, parses: list[int]
) -> None:
    for name in OLD_EXAMPLES:  # written before the header held round, turn and over
        shutil.copy(saves.examples_dir() / name, tmp_path / name)
    found = saves.list_saves(tmp_path)
    assert len(found) == 3 and not any(s.problem for s in found)
    assert len(parses) == 2 * 3, parses
