"""Logs hold only canonical notation: what `legal` lists. Another spelling in a save is stored as
the listed one when it plays the same; one that would play differently is refused; an over-long
entry is refused before it is read."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.cli import main
from tests.helpers.save_examples import ALL, FINAL, OPENING


def _logged(path: Path) -> list[str]:
    document = tomllib.loads(path.read_text())
    return [entry["action"] for entry in document["log"]["played"]]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_the_example_saves_are_canonical_and_load_unchanged(path: Path) -> None:
    assert [e.action for e in saves.load(path).log] == _logged(path)


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = FINAL.read_text()
    assert text.count(f'"{old}"') == 1
    path = tmp_path / "edited.toml"
    path.write_text(text.replace(f'"{old}"', f'"{new}"'))
    return path


@pytest.mark.parametrize("spelling", ["quarry q1 d12 p4 p3", "quarry  q1 d12 p3 p4 \\t "])
def test_another_spelling_is_stored_canonically(tmp_path: Path, spelling: str) -> None:
    path = _edited(tmp_path, "quarry q1 d12 p3 p4", spelling)
    assert [e.action for e in saves.load(path).log] == _logged(FINAL)


def test_an_overlong_entry_is_refused(tmp_path: Path) -> None:
    # Under the file scan's line limit, so the log check itself must refuse it.
    path = _edited(tmp_path, "quarry q1 d12 p3 p4", "quarry q1 d12 p3 p4" + " " * 800)
    with pytest.raises(saves.SaveError, match="at most 200 characters") as refused:
        saves.load(path)
    assert len(str(refused.value)) < 300  # the sentence quotes the start of the entry only


def test_a_megabyte_entry_is_refused_before_parsing(tmp_path: Path) -> None:
    path = _edited(tmp_path, "quarry q1 d12 p3 p4", "quarry q1 d12 p3 p4" + " " * 1_000_000)
    with pytest.raises(saves.SaveError, match="bytes long") as refused:
        saves.load(path)
    assert len(str(refused.value)) < 300


def test_apply_refuses_an_overlong_action_in_a_short_sentence(tmp_path: Path, capsys) -> None:
    path = tmp_path / OPENING.name
    path.write_bytes(OPENING.read_bytes())
    assert main(["apply", str(path), "pass" + " " * 1_000_000 + "x"]) == 1
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and "at most 200 characters" in error
    assert len(error) < 300, len(error)


def test_dice_taken_in_another_order_are_refused_naming_the_listed_spelling(
    tmp_path: Path,
) -> None:
    # As a save from before canonical notation holds it: purple rolled first, so it got the 6.
    text = FINAL.read_text().replace(
        'action = "take o p", revealed = "rolled o6 p5"',
        'action = "take p o", revealed = "rolled o5 p6"',
    )
    path = tmp_path / "old.toml"
    path.write_text(text)
    with pytest.raises(saves.SaveError, match="played as 'take o p'"):
        saves.load(path)


def test_apply_logs_the_listed_spelling(tmp_path: Path, capsys) -> None:
    path = tmp_path / OPENING.name
    path.write_bytes(OPENING.read_bytes())
    before = len(saves.load(path).log)
    listed = {str(a) for a in rules.legal_actions(saves.load(path).state)}
    assert "quarry q1 d1 o3 o4" in listed
    assert main(["apply", str(path), "quarry  q1 d1 o4 o3   "]) == 0
    assert saves.load(path).log[before].action == "quarry q1 d1 o3 o4"
    assert "quarry q1 d1 o3 o4" in capsys.readouterr().out
