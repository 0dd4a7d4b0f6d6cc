"""Numbers on the command line are ASCII digits only, and a seed out of range is told its range.

Python's int() and str.isdigit() take any script's digits ('٣', '²', full-width '３'): such a
seed or seat was quietly taken as another number, or (a superscript, which isdigit takes and
int() does not) ended in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves
from saves import tables
from saves.records import Seat, Setup
from tests.helpers.exit_codes import exit_code

OPENING = saves.examples_dir() / "opening-2p.toml"
RANGE = "from -9223372036854775808 to 9223372036854775807"
NOT_ASCII = ["٣", "²", "３", "1_0", " 1"]


def _one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("seed", [str(2**64 - 1), str(2**63), str(-(2**63) - 1)])
@pytest.mark.parametrize("command", ["new", "simulate", "table"])
def test_a_seed_out_of_range_is_told_the_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str, command: str
) -> None:
    args = {
        "new": ["new", "--players", "A,B", "--save", str(tmp_path / "g.toml")],
        "simulate": ["simulate", "--games", "1"],
        "table": ["table", "new", "t", "--players", "A,B", "--tables", str(tmp_path)],
    }[command]
    assert exit_code([*args, "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert _one_line(err) and f"the seed must be a whole number {RANGE}, not {seed}" in err, err


def test_a_setup_out_of_range_is_told_the_range() -> None:
    setup = Setup((Seat("Asha"), Seat("Bela")), 2**64 - 1)
    assert saves.setup_refusal(setup) == (
        f"The seed must be a whole number {RANGE}, not {2**64 - 1}."
    )


@pytest.mark.parametrize("text", NOT_ASCII)
def test_a_seed_is_ascii_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    save = tmp_path / "g.toml"
    assert exit_code(["new", "--players", "A,B", "--seed", text, "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert _one_line(err) and f"the seed must be a whole number, not {text!r}" in err, err
    assert not save.exists()


@pytest.mark.parametrize("text", NOT_ASCII)
@pytest.mark.parametrize("option", ["--games", "--players", "--jobs"])
def test_simulate_counts_are_ascii_digits(
    capsys: pytest.CaptureFixture[str], text: str, option: str
) -> None:
    assert exit_code(["simulate", option, text]) == 2
    err = capsys.readouterr().err
    assert _one_line(err) and f"must be a whole number, not {text!r}" in err, err


@pytest.mark.parametrize("text", NOT_ASCII)
def test_show_seat_is_ascii_digits(capsys: pytest.CaptureFixture[str], text: str) -> None:
    assert exit_code(["show", str(OPENING), "--seat", text]) == 2
    err = capsys.readouterr().err
    assert _one_line(err) and f"a seat is a number from 0, not {text!r}" in err, err


@pytest.mark.parametrize("text", ["١", "²"])
@pytest.mark.parametrize("option", ["--bots", "--navaratnas"])
def test_new_seats_are_ascii_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, option: str
) -> None:
    value = f"{text}=random" if option == "--bots" else text
    save = tmp_path / "g.toml"
    assert exit_code(["new", "--players", "A,B", option, value, "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert _one_line(err) and f"{text!r} is neither a seat 0 to 1 nor a player" in err, err
    assert not save.exists()


@pytest.mark.parametrize("text", ["١", "²"])
def test_a_tables_seat_is_ascii_digits(tmp_path: Path, text: str) -> None:
    path = tables.table_path(tmp_path, "t")
    game = tables.create(path, saves.start_game(Setup((Seat("Asha"), Seat("Bela")), 5)))
    with pytest.raises(tables.TableError, match=f"seats A to B, not {text!r}"):
        tables.seat_number(text, game)


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("harbor h1 b2 move ٣", "a harbor action is written harbor SPACE DIE move STEPS"),
        ("quarry q1 d٣ b2", "is not a display stack"),
        ("place a² r0", "is not a province cell"),
        ("place a٣ r0", "is not a province cell"),
    ],
)
def test_action_numbers_are_ascii_digits(notation: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        rules.parse_action(notation)
