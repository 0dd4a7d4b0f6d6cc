"""Games that start from a stated position, and positions that are refused."""

from __future__ import annotations

import copy
import random
import tomllib
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import rules
import saves
from rajas_tui import bots
from rajas_tui.cli import main
from rules.state import Config
from saves import positions
from saves.records import Seat, Setup
from tests.helpers.playouts import random_game
from tests.helpers.save_examples import ALL, FINAL, MIDGAME, OPENING

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
    before, _, position_on = path.read_text().partition("[position]\n")
    position_on = position_on.replace("round = 11\n", "", 1)  # the position's own round goes
    broken = f"{before}[position]\nround = 0\n{position_on}"
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


def _met_but_untriggered(s: dict[str, Any]) -> None:
    s["players"][1].update(
        fame=40, fame_bonus_next=4, money=46, money_bonus_next=3, money_workers_taken=1,
        workers=5, unlocked=2,
    )  # fmt: skip


def _tile_far_from_the_residence(s: dict[str, Any]) -> None:
    tile = s["supply"]["stacks"]["d1"].pop()
    s["players"][0]["province"] = [{"cell": "a4", "tile": tile, "rotation": 0}]


def _two_statue_places_too_many(s: dict[str, Any]) -> None:
    s["players"][0]["places"] = 12


# Each is a position no game can reach, though every number in it is in range.
UNREACHABLE = [
    (_met_but_untriggered,
     "key state.players[1]: seat 1's fame and money markers have met but the end is not triggered"),
    (lambda s: s["players"][0].update(money=15),
     "key state.players[0].money_bonus_next: money has reached 15 but the bonus marker still "
     "stands on 12"),
    (lambda s: s["players"][1].update(placed=1),
     "key state.players[1].placed: 1 worker of seat 1 placed but 2 action spaces show its workers"),
    (lambda s: s["spaces"].update(q2=1) or s["players"][1].update(placed=3),
     "key state.spaces.q2: space q2 is taken while q1 is free (the quarry fills from the left)"),
    (_tile_far_from_the_residence,
     "key state.players[0].province[0]: the tile on a4 has no road to the residence"),
    (lambda s: s["players"][1].update(workers=5),
     "key state.players[1].workers: 5 workers but only 3 at the start and 0 unlocked"),
    (lambda s: s["players"][0].update(fame=6),
     "key state.players[0].fame_bonus_next: fame 6 has passed the bonus at 5, which is not taken"),
    (lambda s: s.update(mogul=0),
     "key state.mogul: seat 0 has the Great Mogul but its chamber c1 is free"),
    (_two_statue_places_too_many,
     "key state.players[0].places: 12 statue places but the Kali statue has 10"),
    (lambda s: s.update(over=True),
     "key state.over: the game is over but no player's markers have met"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "expected"), UNREACHABLE)
def test_positions_no_game_can_reach_are_refused(tmp_path: Path, change, expected: str) -> None:
    state = copy.deepcopy(_state_of(OPENING))
    change(state)
    message = _refused(tmp_path, state, expected)
    assert message.count(". ") == 0 and message.endswith("."), message


@pytest.mark.parametrize("save", ALL, ids=lambda p: p.name)
def test_the_example_saves_are_positions_that_are_accepted(save: Path) -> None:
    assert saves.load_position(save).steps > 0


@pytest.mark.slow
def test_every_state_of_random_games_is_accepted() -> None:
    """The checks above must never refuse a state that play reaches, mid-turn states included."""
    states = 0
    for seed in range(30):
        game = random_game(
            rules.new_game(Config(players=2 + seed % 3, seed=seed)), random.Random(seed)
        )
        for state in islice(game, 1, None):
            positions.check(state)
            states += 1
    assert states > 5000  # 30 whole games, not a few moves


def _rebuilt_from_nothing(s: dict[str, Any]) -> None:
    tile = s["supply"]["stacks"]["d1"].pop()  # a T: its east end meets the residence from b1
    s["players"][0]["province"] = [{"cell": "b1", "tile": tile, "rotation": 0, "rebuilt": True}]


def _stacks_swapped(s: dict[str, Any]) -> None:
    stacks = s["supply"]["stacks"]
    stacks["d1"][0], stacks["d2"][0] = stacks["d2"][0], stacks["d1"][0]


def _temple_built_for_nothing(s: dict[str, Any]) -> None:
    s["supply"]["stacks"]["d1"].remove(1)  # a temple on a straight road, turned east-west
    s["players"][0]["province"] = [{"cell": "b1", "tile": 1, "rotation": 1}]


# Siblings of the listed cases: other facts no reachable state breaks. (base save, change, error)
UNREACHABLE_TOO = [
    (OPENING, lambda s: s["players"][1].update(fame_bonus_next=1),
     "key state.players[1].fame_bonus_next: the fame bonus at 5 is taken but fame is only 0"),
    (OPENING, lambda s: s["players"][0].update(money_bonus_next=2),
     "key state.players[0].money_workers_taken: money has reached 33 but the worker at 20 "
     "is not taken"),
    (OPENING, lambda s: s["players"][1].update(workers=4, unlocked=1),
     "key state.players[1].unlocked: 1 worker unlocked but the tracks and the bridge gave 0"),
    (OPENING, lambda s: s["spaces"].update(s2=1) or s["players"][1].update(placed=3, passed=True),
     "key state.players[1].passed: seat 1 passed with no worker left to place"),
    (OPENING, lambda s: s["spaces"].update(q3="covered"),
     "key state.spaces.q3: space q3 is covered on the 2-player board"),
    (FINAL, lambda s: s["spaces"].update(q4="free"),
     "key state.spaces.q4: space q4 is open on the 3-player board"),
    (MIDGAME, lambda s: s["spaces"].update(v1=0, v2=0) or s["players"][0].update(placed=2),
     "key state.spaces: seat 0 has 2 workers on the variety spaces, one is allowed"),
    (OPENING, lambda s: s["spaces"].update(c1=1) or s["players"][1].update(placed=3),
     "key state.spaces.c1: seat 1 used chamber c1 but is not the Great Mogul"),
    (OPENING, lambda s: s.update(end_trigger=0),
     "key state.end_trigger: seat 0 is named as the end trigger but no markers have met"),
    (OPENING, lambda s: s.update(met_order=[1]),
     "key state.end_trigger: the end trigger is seat -1 but seat 1's markers met first"),
    (FINAL, lambda s: s["players"][1].update(money=20),
     "key state.met_order: seat 1 is listed as met but its markers are 49 fame apart"),
    (OPENING, lambda s: s.update(last_turns=[1]),
     "key state.last_turns: last turns are due but the end is not triggered"),
    (FINAL, lambda s: s.update(over=True, last_turns=[2]),
     "key state.over: the game is over but turns or gains are still due"),
    (FINAL, lambda s: s.update(turn=0),
     "key state.turn: seat 0 is to act but is not due a last turn after seat 1 triggered the end"),
    (FINAL, lambda s: s.update(last_turns=[0]),
     "key state.last_turns: seat 0 is due a last turn but does not follow the acting seat 2 "
     "in this round"),
    (FINAL, lambda s: s.update(met_order=[1, 0]),
     "key state.met_order: seat 0 is listed as met but took no last turn after seat 1"),
    (OPENING, _rebuilt_from_nothing,
     "key state.supply.out_of_game: 1 tile rebuilt by the Master Builder but 0 tiles out of "
     "the game"),
    (OPENING, lambda s: s["spaces"].update(q1=1) or s["players"][1].update(placed=3),
     "key state.spaces.q1: seat 1 holds 1 quarry space but has 0 tiles in its province"),
    (OPENING, lambda s: s["river"].update(boats=[0, 0]) or s["spaces"].update(c6="free", o=0),
     "key state.spaces.h1: seat 0's workers on h1 moved its boat at least 1 space but it is on "
     "river space 0"),
    (OPENING, lambda s: s["river"].update(boats=[1, 0]) or s["players"][1].update(placed=3)
     or s["spaces"].update(c6="free", o=0, c5=1),
     "key state.spaces.c5: seat 1 used the Master Builder on c5 but has no rebuilt tile"),
    (OPENING, lambda s: s["river"].update(boats=[5, 0]),
     "key state.spaces.c6: seat 0's workers on h1, c6 moved its boat at least 7 spaces but it is "
     "on river space 5"),
    (OPENING, lambda s: s.update(turn=1),
     "key state.players[0].placed: seat 0 has 2 workers placed but, with seat 1 to act in a round "
     "begun by seat 0, it should have 3"),
    (OPENING, _temple_built_for_nothing,
     "key state.players[0].fame: seat 0 has 1 building in its province, which scored at least 2 "
     "fame, but its fame is 0"),
    (OPENING, _stacks_swapped,
     "key state.supply.stacks.d1[0]: tile 6 is an orange cow tile but lies in the orange snake "
     "stack d1"),
]  # fmt: skip


@pytest.mark.parametrize(("save", "change", "expected"), UNREACHABLE_TOO)
def test_other_unreachable_positions_are_refused(
    tmp_path: Path, save: Path, change, expected: str
) -> None:
    state = copy.deepcopy(_state_of(save))
    change(state)
    message = _refused(tmp_path, state, expected)
    assert message.count(". ") == 0 and message.endswith("."), message
