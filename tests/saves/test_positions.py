"""Games that start from a stated position, and positions that are refused."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from save_examples import MIDGAME, OPENING

import saves
from rajas_tui import bots
from rajas_tui.cli import main
from saves.records import Seat, Setup

NAMES = "Asha,Bela,Chand,Devi"


def _state_of(save: Path) -> dict[str, Any]:
    return tomllib.loads(save.read_text())["state"]


def _position(tmp_path: Path, state: dict[str, Any], name: str = "position.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps({"state": state}))
    return path


def _refused(tmp_path: Path, state: dict[str, Any], expected: str) -> str:
    path = _position(tmp_path, state)
    with pytest.raises(saves.SaveError) as caught:
        saves.load_position(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    assert expected in message, message
    return message


def test_forty_nine_dice_are_refused(tmp_path: Path) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    state["players"][0]["dice"] = ["o1", *state["players"][0]["dice"]]
    _refused(tmp_path, state, "key state.supply.dice.orange: 13 orange dice in play instead of 12 "
             "(49 dice in all; the game has 48)")  # fmt: skip


def test_karma_four_is_refused(tmp_path: Path) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    state["players"][1]["karma"] = 4
    _refused(tmp_path, state, "key state.players[1].karma: karma 4 is outside 0 to 3.")


def test_two_boats_on_one_space_are_refused(tmp_path: Path) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    state["river"]["boats"] = [3, 3]
    _refused(tmp_path, state, "key state.river.boats[1]: seats 0 and 1 have boats on river space 3")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda s: s["supply"]["stacks"]["d1"].append(s["supply"]["stacks"]["d2"][0]),
         "breaks a rule of the game: tile"),
        (lambda s: s["players"][0].update(dice=list(reversed(s["players"][0]["dice"]))),
         "the dice must be listed in order"),
        (lambda s: s["config"].update(players=5), "key state.config.players: rajas is played by 2"),
        (lambda s: s.update(turn=7), "key state.turn: seat 7 is outside 0 to 1"),
        (lambda s: s["spaces"].update(q1=9), "key state.spaces.q1: seat 9 does not play"),
        (lambda s: s.update(queue=[{"kind": "teleport"}]), "'teleport' is not a gain"),
        (lambda s: s["players"][0].update(province=[{"cell": "c1", "tile": 3, "rotation": 0}]),
         "the residence stands there"),
        (lambda s: s.update(rng="xyz"), "key state.rng: expected 16 lower-case hex digits"),
    ],
)  # fmt: skip
def test_other_broken_positions_are_refused(tmp_path: Path, change, expected: str) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    change(state)
    _refused(tmp_path, state, expected)


def test_a_file_without_a_state_is_no_position(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text("[other]\nx = 1\n")
    with pytest.raises(saves.SaveError, match=r"empty\.toml: a position file needs a \[state\]"):
        saves.load_position(path)


def test_a_game_from_a_position_saves_it_and_replays_from_it(tmp_path: Path) -> None:
    position = saves.load_position(MIDGAME)
    seats = tuple(Seat(n) for n in NAMES.split(","))
    game = saves.start_game(Setup(seats, 0, undo="free"), position)
    assert game.start == position and game.setup.seed == position.config.seed
    for _ in range(2):
        game = saves.play(game, str(bots.choose("random", game.state, 1)))
    path = tmp_path / "from-position.toml"
    saves.save(game, path)
    text = path.read_text()
    assert text.index("[position]") < text.index("[log]") < text.index("[state]")
    loaded = saves.load(path)
    assert loaded == game and loaded.from_position
    while saves.can_undo(loaded):
        loaded = saves.undo(loaded)
    assert loaded.state == position


def test_a_position_in_a_save_is_checked_as_strictly(tmp_path: Path) -> None:
    position = saves.load_position(MIDGAME)
    seats = tuple(Seat(n) for n in NAMES.split(","))
    path = tmp_path / "g.toml"
    saves.save(saves.start_game(Setup(seats, 0), position), path)
    broken = path.read_text().replace("[position]\n", "[position]\nround = 0\n", 1)
    broken = broken.replace("round = 11\n", "", 1)  # the position's own round line goes
    path.write_text(broken)
    with pytest.raises(saves.SaveError, match=r"key position\.round: round 0 is outside"):
        saves.load(path)


def test_new_from_a_position_on_the_command_line(tmp_path: Path, capsys) -> None:
    save = tmp_path / "p.toml"
    assert main(["new", "--players", NAMES, "--position", str(MIDGAME), "--save", str(save)]) == 0
    assert "[position]" in save.read_text()
    assert main(["validate", str(save)]) == 0
    capsys.readouterr()
    args = ["new", "--players", "Asha,Bela", "--position", str(MIDGAME), "--save", str(save)]
    assert main([*args, "--force"]) == 2
    assert "names 2 players, the position is for 4" in capsys.readouterr().err
    assert main([*args, "--force", "--seed", "3"]) == 2
    assert "--seed cannot go with --position" in capsys.readouterr().err


def test_a_broken_position_on_the_command_line_gets_one_line(tmp_path: Path, capsys) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    state["players"][0]["karma"] = 4
    position = _position(tmp_path, state)
    save = tmp_path / "p.toml"
    assert main(["new", "--players", "A,B", "--position", str(position), "--save", str(save)]) == 1
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and "karma 4 is outside 0 to 3" in error
    assert not save.exists()
