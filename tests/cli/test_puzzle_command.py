"""`rajas puzzle`: the list with goals, difficulties and solved marks; `rajas puzzle N` checks N
before the app opens (one sentence and exit 2 when there is no such puzzle); a broken marks file
is one sentence and the list without marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from rajas_tui.cli import main
from saves import marks, puzzles
from tests.helpers.exit_codes import exit_code

SHIPPED = puzzles.load_all()


@pytest.fixture
def data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "rajas" / "puzzles.toml"


def test_the_list_names_every_puzzle_with_its_difficulty_and_goal(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["puzzle"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"{len(SHIPPED)} puzzles, 0 solved; 'rajas puzzle N' opens puzzle N."
    for puzzle in SHIPPED:
        head = f"{puzzle.number:>2}. {puzzle.title} ({puzzle.level})"
        index = lines.index(head)
        assert lines[index + 1] == f"    {puzzle.goal_words()}"
    assert len(SHIPPED) >= 12
    assert "solved" not in out.split("\n", 1)[1]


def test_solved_puzzles_are_marked_with_their_hints_and_hints_asked_shown(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marks.solved(data, SHIPPED[0].id, 0)
    marks.solved(data, SHIPPED[2].id, 1)
    marks.solved(data, "a-puzzle-of-another-version", 0)  # kept, and not listed
    marks.asked(data, SHIPPED[3].id, 2)  # hints asked, not solved yet
    marks.asked(data, SHIPPED[2].id, 1)  # a new try after a solution
    assert main(["puzzle"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{len(SHIPPED)} puzzles, 2 solved;")
    assert f" 1. {SHIPPED[0].title} ({SHIPPED[0].level})  [solved, no hints]\n" in out
    assert (
        f" 3. {SHIPPED[2].title} ({SHIPPED[2].level})  [solved, 1 hint; 1 hint asked since]\n"
        in out
    )
    assert f" 4. {SHIPPED[3].title} ({SHIPPED[3].level})  [2 hints asked]\n" in out
    assert f" 2. {SHIPPED[1].title} ({SHIPPED[1].level})\n" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_broken_marks_file_is_one_sentence_and_the_list_without_marks(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data.parent.mkdir(parents=True)
    data.write_text("[solved.x]\nhints = 'many'\n")
    assert main(["puzzle"]) == 0
    out, err = capsys.readouterr()
    broken = "solved.x.hints is not a whole number from 0; no puzzle shows solved."
    assert err == f"rajas: {data}: {broken}\n"
    assert out.startswith(f"{len(SHIPPED)} puzzles, 0 solved;")


@pytest.mark.parametrize("number", ["0", str(len(SHIPPED) + 1), "two", "-1", "1.5", ""])
def test_a_number_naming_no_puzzle_is_one_sentence_and_exit_2(
    number: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(["puzzle", number]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"rajas: there is no puzzle {number!r}: the puzzles are 1 to {len(SHIPPED)} "
        "('rajas puzzle' lists them).\n"
    )


def test_a_puzzle_number_opens_the_app_which_needs_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Under pytest there is no terminal: the app says so instead of starting, which shows that
    a good number goes on to open it."""
    assert exit_code(["puzzle", "3"]) == 1
    assert "the app needs a terminal" in capsys.readouterr().err


def test_the_list_imports_no_textual(tmp_path: Path) -> None:
    from tests.helpers.new_interpreter import output_of

    code = (
        "import sys\n"
        "from rajas_tui.cli import main\n"
        "main(['puzzle'])\n"
        "ui = any(m.startswith(('textual', 'rich')) for m in sys.modules)\n"
        "print('TEXTUAL' if ui else 'NONE')\n"
    )
    assert output_of(code, tmp_path).strip().splitlines()[-1] == "NONE"
