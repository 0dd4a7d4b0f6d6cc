"""`rajas review SAVE [--seat N] [--budget N] [--json]`: one entry per decision with the best
move, the worth lost and the mark; the same output twice (kept or made again); a game not over
reviewed for one seat only; every bad input one sentence and an exit code."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

import saves
from rajas_tui.bots import review as judging
from rajas_tui.bots.review import Budget
from rajas_tui.present import review, turns
from tests.helpers.exit_codes import exit_code
from tests.helpers.unwritable import unwritable

# The judging's games and rollout as small as they go, for the tests' time (`--budget` sets
# the iterations).
SMALL = Budget(iterations=2, rollout=0, samples=1)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judging, "DEFAULT", SMALL)


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    game = turns.run_bots(
        saves.start_game(saves.seated([("Asha", "random"), ("Bela", "random")], 2))
    )
    assert game.over
    path = tmp_path / "over.toml"
    saves.save(game, path)
    return path


@pytest.mark.slow
def test_json_has_one_entry_per_decision_and_is_the_same_twice(
    finished: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    assert exit_code(["review", str(finished), "--json"]) == 0
    first = capsys.readouterr().out
    assert exit_code(["review", str(finished), "--json"]) == 0  # kept: read back
    assert capsys.readouterr().out == first
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-cache"))
    assert exit_code(["review", str(finished), "--json"]) == 0  # made again from nothing
    assert capsys.readouterr().out == first
    data = json.loads(first)
    game = saves.load(finished)
    decisions = sum(len(review.asked(game, seat)) for seat in (0, 1))
    assert len(data["decisions"]) == decisions
    for entry in data["decisions"]:
        assert entry["mark"] == review.mark(entry["lost"])
        assert entry["best"] and entry["played"] and entry["lost"] >= 0
    assert [p["name"] for p in data["players"]] == ["Asha", "Bela"]
    assert data["method"]["thresholds"] == review.THRESHOLDS


@pytest.mark.slow
def test_text_tells_each_players_accuracy_and_every_decision(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(["review", str(finished), "--budget", "3"]) == 0
    out = capsys.readouterr().out
    assert "Asha: accuracy" in out and "Bela: accuracy" in out
    assert "better: " in out
    assert "3 iterations" in out
    assert out.count(" best: ") == sum(len(review.asked(saves.load(finished), s)) for s in (0, 1))


def test_a_game_not_over_is_reviewed_for_one_seat_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(saves.examples_dir() / "opening-2p.toml")
    assert exit_code(["review", path]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not over" in err and "--seat" in err
    assert exit_code(["review", path, "--seat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["seat"] for d in data["decisions"]} == {1}
    assert [p["seat"] for p in data["players"]] == [1]


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--seat", "2"], 2, "seats 0 to 1, not 2"),
        (["--seat", "x"], 2, "a seat is a number"),
        (["--budget", "0"], 2, "from 1 to"),
        (["--budget", "lots"], 2, "from 1 to"),
    ],
)
def test_bad_options_get_one_sentence(
    finished: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int, words: str
) -> None:
    assert exit_code(["review", str(finished), *args]) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_missing_or_broken_save_gets_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(["review", str(tmp_path / "nothing.toml")]) == 1
    broken = tmp_path / "broken.toml"
    broken.write_text("not a save")
    assert exit_code(["review", str(broken)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_a_cache_that_cannot_be_written_is_one_sentence_and_the_review_still_prints(
    finished: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    read_only = tmp_path / "read-only"
    read_only.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(read_only))
    with unwritable(read_only):
        assert exit_code(["review", str(finished), "--seat", "0"]) == 0
    out, err = capsys.readouterr()
    assert err == (
        f"rajas: the review could not be kept for next time: {read_only / 'rajas' / 'reviews'} "
        f"cannot be written ({os.strerror(errno.EACCES)}).\n"
    )
    assert "Asha" in out


def test_a_seat_with_no_decision_has_nothing_to_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game just begun: seat 1 has chosen nothing yet, so no accuracy is claimed (no "100%"
    over nothing), the text says there is nothing to review, and the JSON's accuracy is null."""
    path = tmp_path / "z.toml"
    assert exit_code(["new", "--players", "A,B", "--seed", "3", "--save", str(path)]) == 0
    capsys.readouterr()
    assert exit_code(["review", str(path), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "B: accuracy" not in out and "Every decision" not in out
    assert "B● B: nothing to review: no decision yet" in out
    assert "Nothing to review: no decision" in out
    assert exit_code(["review", str(path), "--seat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == [
        {
            "seat": 1,
            "name": "B",
            "decisions": 0,
            "accuracy": None,
            "marks": dict.fromkeys(review.MARKS, 0),
            "costliest": [],
        }
    ]
    assert data["decisions"] == []
