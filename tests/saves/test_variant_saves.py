"""Saves of variant games: the seats' boards, the variants' state, positions refused by key,
what the new actions reveal, and files from before seats named boards."""

from __future__ import annotations

import copy
import random
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w

import rules
import saves
from saves import journal, positions, reveal_words
from saves.records import Seat, Setup
from tests.helpers.save_examples import GANGA, MIXED, NAVARATNAS, OPENING, VARIANT_GAMES

SETUPS = {
    "ganga": ((Seat("A"), Seat("B")), ("ganga",)),
    "navaratnas": ((Seat("A"), Seat("B"), Seat("C")), ("navaratnas",)),
    "mixed": ((Seat("A"), Seat("B", board="navaratnas"), Seat("C")), ("ganga", "navaratnas")),
    "mixed-4": (
        (Seat("A", board="navaratnas"), Seat("B"), Seat("C"), Seat("D", board="navaratnas")),
        ("ganga", "navaratnas"),
    ),
}


def _random_game(name: str, seed: int, actions: int = 10_000) -> saves.Game:
    seats, variants = SETUPS[name]
    game = saves.start_game(Setup(seats, seed, variants))
    chooser = random.Random(seed)
    while not game.over and len(game.log) < actions:
        game = saves.play(game, chooser.choice(rules.legal_actions(game.state)))
    return game


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_variant_games_round_trip_at_random_points(tmp_path: Path, name: str) -> None:
    seats, variants = SETUPS[name]
    for seed in range(2):
        game = saves.start_game(Setup(seats, seed, variants))
        chooser = random.Random(seed)
        saved = 0
        while not game.over:
            game = saves.play(game, chooser.choice(rules.legal_actions(game.state)))
            if chooser.random() < 0.05 or game.over:
                saves.save(game, tmp_path / "g.toml")
                loaded = saves.load(tmp_path / "g.toml")
                assert (loaded.setup, loaded.log, loaded.state) == (
                    game.setup,
                    game.log,
                    game.state,
                )
                saved += 1
        assert saved > 3


@pytest.mark.slow
def test_every_state_of_variant_games_is_accepted_as_a_position() -> None:
    states = 0
    for name in ("mixed", "navaratnas"):
        for seed in range(3):
            game = _random_game(name, seed)
            state = game.start
            for entry in game.log:
                state = rules.apply(state, rules.parse_action(entry.action))
                positions.check(state)
                states += 1
    assert states > 1500


def test_the_variant_examples_are_what_they_say() -> None:
    ganga, navaratnas, mixed = (saves.load(p) for p in VARIANT_GAMES)
    assert ganga.setup.variants == ("ganga",) and ganga.state.river.tiles
    assert [s.board for s in navaratnas.setup.seats] == ["navaratnas"] * 3
    assert [s.board for s in mixed.setup.seats] == ["base", "navaratnas", "base"]
    assert mixed.state.config.boards == ("base", "navaratnas", "base") and mixed.state.config.ganga
    for game in (ganga, navaratnas, mixed):
        assert len(game.log) >= 30 and not game.over
    for path in VARIANT_GAMES:  # exactly what the save layer writes
        assert saves.dumps(saves.load(path)) == path.read_text()


def test_a_base_game_file_carries_no_variant_keys() -> None:
    text = saves.dumps(saves.load(OPENING))
    for key in ("board =", "fields =", "gained =", "face_down =", "display =", "tiles ="):
        assert key not in text, key
    mixed = MIXED.read_text()
    assert mixed.count('board = "navaratnas"') == 1 and "base" not in mixed.split("[log]")[0]
    for key in ("fields =", "face_down =", "display =", "tiles ="):
        assert key in mixed, key


def test_a_file_naming_navaratnas_without_seat_boards_loads_as_every_seat_on_it(
    tmp_path: Path,
) -> None:
    """Files written before seats named boards said only `variants = ["navaratnas"]`."""
    text = NAVARATNAS.read_text()
    old = text.replace(', board = "navaratnas"', "")
    assert 'board = "' not in old
    path = tmp_path / "old.toml"
    path.write_text(old)
    game = saves.load(path)
    assert game == saves.load(NAVARATNAS)
    assert [s.board for s in game.setup.seats] == ["navaratnas"] * 3


def test_mixed_setups() -> None:
    seats, _ = SETUPS["mixed"]
    assert saves.config_for(Setup(seats, 4, ("navaratnas",))).boards == (
        "base",
        "navaratnas",
        "base",
    )
    # A seat on a Navaratnas board brings the variant; the variant alone puts every seat on one.
    game = saves.start_game(Setup(seats, 4))
    assert game.setup.variants == ("navaratnas",)
    whole = saves.start_game(Setup((Seat("A"), Seat("B")), 4, ("navaratnas",)))
    assert whole.state.config.boards == ("navaratnas", "navaratnas")
    assert saves.start_game(Setup((Seat("A"), Seat("B")), 4)).state.config.boards == ()
    seated = saves.seated([("A", "human"), ("B", "random")], 4, variants=["ganga"], navaratnas={1})
    assert [s.board for s in seated.seats] == ["base", "navaratnas"]
    assert seated.variants == ("ganga", "navaratnas")
    with pytest.raises(ValueError, match="'wood' is not a board"):
        saves.start_game(Setup((Seat("A"), Seat("B", board="wood")), 4))


def test_a_stated_position_takes_over_the_seats_boards(tmp_path: Path) -> None:
    position = saves.load_position(MIXED)
    setup = Setup((Seat("Asha"), Seat("Bela"), Seat("Chand")), seed=1)
    game = saves.start_game(setup, position)
    assert [s.board for s in game.setup.seats] == ["base", "navaratnas", "base"]
    assert game.setup.variants == ("ganga", "navaratnas") and game.setup.seed == 23
    saves.save(game, tmp_path / "p.toml")
    assert saves.load(tmp_path / "p.toml").state == position


def _refused_save(tmp_path: Path, text: str, expected: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    message = str(caught.value)
    assert "\n" not in message and expected in message, message
    return message


def test_setups_whose_boards_do_not_fit_are_refused_by_key(tmp_path: Path) -> None:
    text = MIXED.read_text()
    no_variant = text.replace('    "ganga",\n    "navaratnas",\n', '    "ganga",\n')
    _refused_save(tmp_path, no_variant, "key setup.seats[1].board: Bela plays the navaratnas")
    wood = text.replace('board = "navaratnas"', 'board = "wood"')
    _refused_save(tmp_path, wood, "key setup.seats[1].board: 'wood' is not a board")
    moved = text.replace(
        '{ name = "Asha", kind = "human" }',
        '{ name = "Asha", kind = "human", board = "navaratnas" }',
    ).replace('{ name = "Bela", kind = "human", board = "navaratnas" }', '{ name = "Bela" }')
    _refused_save(tmp_path, moved, "log entry")  # the log no longer plays as it did


# Positions with broken variant state: one sentence naming the key ----------------------------


def _state_of(save: Path) -> dict[str, Any]:
    return tomllib.loads(save.read_text())["state"]


def _refused(tmp_path: Path, state: dict[str, Any], expected: str) -> None:
    path = tmp_path / "position.toml"
    path.write_text(tomli_w.dumps({"state": state}))
    with pytest.raises(saves.SaveError) as caught:
        saves.load_position(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    assert message.count(". ") == 0 and message.endswith("."), message
    assert expected in message, message


def _first_laid(river: list[int]) -> int:
    return next(space for space, tile in enumerate(river) if tile >= 0)


def _river_tile_out_of_range(s: dict[str, Any]) -> None:
    s["river"]["tiles"][_first_laid(s["river"]["tiles"])] = 99


def _river_tile_on_the_start(s: dict[str, Any]) -> None:
    tiles = s["river"]["tiles"]
    first = _first_laid(tiles)
    tiles[0], tiles[first] = tiles[first], -1


def _river_tile_twice(s: dict[str, Any]) -> None:
    tiles = s["river"]["tiles"]
    free = next(space for space in range(2, 20) if tiles[space] == -1)
    tiles[free] = tiles[_first_laid(tiles)]


def _yellow_on_a_brown_field(s: dict[str, Any]) -> None:
    s["players"][1]["fields"][5] = s["supply"]["display"].pop(0)  # yellow1, face up


def _a_field_too_many(s: dict[str, Any]) -> None:
    s["players"][1]["fields"].append(-1)


def _a_base_seat_with_fields(s: dict[str, Any]) -> None:
    s["players"][0]["fields"] = [-1] * 7


def _gained_beyond_the_fields(s: dict[str, Any]) -> None:
    s["players"][1]["gained"] = 1 << 9


def _a_tile_in_two_places(s: dict[str, Any]) -> None:
    s["supply"]["display"].append(s["supply"]["yields"][0])
    s["supply"]["display"].sort()


def _a_white_tile_face_up(s: dict[str, Any]) -> None:
    white = s["supply"]["yields"].pop()
    s["supply"]["display"] = sorted([white, *s["supply"]["display"]])


def _a_yield_tile_lost(s: dict[str, Any]) -> None:
    s["supply"]["display"].pop()


def _seven_navaratnas_workers(s: dict[str, Any]) -> None:
    s["players"][1]["workers"] = 7


def _nine_places_on_a_base_statue(s: dict[str, Any]) -> None:
    s["players"][0]["places"] = 21


def _ganga_tiles_without_ganga(s: dict[str, Any]) -> None:
    s["config"]["ganga"] = False


VARIANT_BREAKS = [
    (_river_tile_out_of_range, "key state.river.tiles["),
    (_river_tile_on_the_start, "key state.river.tiles[0]: no Ganga tile lies on space 0"),
    (_river_tile_twice, "key state.river.tiles: each of the 8 Ganga tiles must lie there once"),
    (
        _yellow_on_a_brown_field,
        "key state.players[1].fields[5]: yellow1 lies on the red field by c4 s.",
    ),
    (_a_field_too_many, "key state.players[1].fields: the navaratnas board has 7 yield-tile"),
    (_a_base_seat_with_fields, "key state.players[0].fields: the base board has no yield-tile"),
    (_gained_beyond_the_fields, "key state.players[1].gained: 512 marks fields the board"),
    (_a_tile_in_two_places, "lies in two places (also at supply.yields[0])"),
    (_a_white_tile_face_up, "lies face down on the temple in this game, not face up"),
    (_a_yield_tile_lost, "key state.supply.yields: the yield tiles brown7 lie nowhere"),
    (_seven_navaratnas_workers, "key state.players[1].workers: workers 7 is outside 1 to 6"),
    (_nine_places_on_a_base_statue, "key state.players[0].places: statue places 21 is outside"),
    (_ganga_tiles_without_ganga, "key state.river.tiles: Ganga tiles lie on the river, but"),
]


@pytest.mark.parametrize(
    ("change", "expected"), VARIANT_BREAKS, ids=[c.__name__ for c, _ in VARIANT_BREAKS]
)
def test_broken_variant_positions_are_refused_by_key(
    tmp_path: Path, change: Any, expected: str
) -> None:
    state = copy.deepcopy(_state_of(MIXED))
    change(state)
    _refused(tmp_path, state, expected)


def test_a_white_tile_in_the_display_of_an_all_navaratnas_game_is_accepted(tmp_path: Path) -> None:
    state = _state_of(NAVARATNAS)
    assert state["supply"]["yields"] == [] and min(state["supply"]["display"]) < 8
    path = tmp_path / "p.toml"
    path.write_text(tomli_w.dumps({"state": state}))
    assert saves.load_position(path).supply.display == tuple(state["supply"]["display"])


# What the new actions reveal --------------------------------------------------------------


def test_the_ganga_tiles_laid_at_setup_are_told() -> None:
    state = saves.load(GANGA).start
    lines = saves.setup_revealed(state)
    assert len(lines) == len(rules.catalog().ganga.tiles)
    space = _first_laid(list(state.river.tiles))
    name = rules.catalog().ganga.tiles[state.river.tiles[space]].name
    assert lines[0] == f"Ganga: the {name} tile lies on river space {space}."
    assert saves.setup_revealed(saves.load(OPENING).start) == []


def _first_logged(name: str, seeds: range, verb: str) -> tuple[saves.Game, int]:
    """A game of `name` and the index of its first log entry starting with `verb`."""
    for seed in seeds:
        game = _random_game(name, seed)
        for index, entry in enumerate(game.log):
            if entry.action.startswith(verb):
                return game, index
    raise AssertionError(f"no {verb!r} in these games")


def test_a_tile_drawn_from_the_stack_is_revealed_and_bars_a_strict_undo() -> None:
    game, index = _first_logged("mixed", range(10), "yield stack")
    entry = game.log[index]
    before = journal.rewind(game.start, game.log[:index])
    after = rules.apply(before, rules.parse_action(entry.action))
    drawn = set(before.supply.yields) - set(after.supply.yields)
    drawn |= {t for t in before.supply.yield_discard if t not in after.supply.yield_discard}
    names = [
        rules.catalog().yield_tiles[t].name for t in drawn if t in after.players[entry.seat].fields
    ]
    assert entry.revealed.endswith(f"drew yield {names[0]}"), entry.revealed
    played = attrs.evolve(game, log=game.log[: index + 1], state=after, redo=())
    with pytest.raises(ValueError, match="brought chance to light"):
        saves.undo(played)
    free = attrs.evolve(played, setup=attrs.evolve(played.setup, undo="free"))
    assert saves.undo(free).state == before


def test_a_face_up_tile_taken_reveals_nothing() -> None:
    game, index = _first_logged("navaratnas", range(5), "yield ")
    assert "stack" not in game.log[index].action and game.log[index].revealed == ""


def test_a_face_down_tile_reached_by_a_road_is_revealed() -> None:
    seats = (Seat("A", board="navaratnas"), Seat("B", board="navaratnas"))
    game = saves.start_game(Setup(seats, 64, ("navaratnas",)))
    chooser = random.Random(64)
    while not game.over and not any("turned up" in e.revealed for e in game.log):
        game = saves.play(game, chooser.choice(rules.legal_actions(game.state)))
    entry = game.log[-1]
    before = journal.rewind(game.start, game.log[:-1])
    index = next(i for i in range(7) if before.players[entry.seat].face_down >> i & 1)
    tile = rules.catalog().yield_tiles[before.players[entry.seat].fields[index]]
    assert f"turned up seat {entry.seat}'s {tile.name}" in entry.revealed
    assert not game.state.players[entry.seat].face_down >> index & 1
    with pytest.raises(ValueError, match="brought chance to light"):
        saves.undo(game)


def test_turning_a_tile_face_up_is_told_whoever_turns_it() -> None:
    """The reveal compares the face-down marks, so it holds for any seat and any field."""
    before = saves.load(MIXED).state
    bela = before.players[1]
    index = next(i for i in range(7) if bela.face_down >> i & 1)
    after = before.with_player(1, attrs.evolve(bela, face_down=0, gained=bela.gained | 1 << index))
    name = rules.catalog().yield_tiles[bela.fields[index]].name
    assert reveal_words.compared(before, after, rules.Pass()) == f"turned up seat 1's {name}"
