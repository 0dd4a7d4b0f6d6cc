"""The data files (docs/rules.md §1, §2, §5-§11): they load, hold the edition's values, and a broken
copy is refused with a DataError that names the file and the key."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.catalog import DATA_DIR, DataError, catalog, load_catalog
from rules.model import Building, Colour, Effect, Good, Side

ORANGE, GREEN, BLUE, PURPLE = Colour


def test_the_data_loads_and_a_copy_loads_the_same(tmp_path: Path) -> None:
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    assert load_catalog(tmp_path) == catalog() == load_catalog()


# The edition's values ---------------------------------------------------------------------------

# §9: (animal, value, building slots, markets as (good slot, money), road).
TILE_TABLE = [
    ("snake", 4, (), ((0, 1),), "bend"),
    ("snake", 4, (0,), (), "straight"),
    ("snake", 4, (), ((1, 1),), "dead_end"),
    ("snake", 5, (), ((2, 2),), "T"),
    ("snake", 5, (1,), (), "bend"),
    ("cow", 5, (), ((0, 1), (1, 1)), "straight"),
    ("cow", 6, (2,), (), "T"),
    ("cow", 6, (3,), ((2, 1),), "bend"),
    ("cow", 6, (), ((1, 3),), "straight"),
    ("cow", 7, (0,), ((0, 2),), "T"),
    ("tiger", 7, (1, 2), (), "bend"),
    ("tiger", 8, (), ((2, 3), (0, 2)), "T"),
    ("tiger", 8, (3,), ((1, 2),), "straight"),
    ("tiger", 9, (0, 1), (), "T"),
    ("tiger", 9, (2,), ((2, 3),), "bend"),
    ("tiger", 10, (3, 0), ((1, 3),), "T"),
]
ROAD_ENDS = {
    "dead_end": {Side.N},
    "straight": {Side.N, Side.S},
    "bend": {Side.N, Side.E},
    "T": {Side.W, Side.S, Side.E},
}


def test_the_64_province_tiles_follow_the_table_for_every_colour() -> None:
    tiles = catalog().tiles
    assert len(tiles) == 64
    for k, colour in enumerate(Colour):
        mine = [t for t in tiles if t.colour == colour]
        assert len(mine) == 16
        expected = Counter(
            (
                animal,
                value,
                tuple(sorted(Building((j + k) % 4) for j in slots)),
                tuple(sorted((Good((j + k) % 3), money) for j, money in markets)),
                road,
            )
            for animal, value, slots, markets, road in TILE_TABLE
        )
        found = Counter(
            (t.animal, t.value, tuple(sorted(t.buildings)), tuple(sorted(t.markets)), t.road)
            for t in mine
        )
        assert found == expected, colour
        for t in mine:
            assert {s for s in Side if t.ends & (1 << s)} == ROAD_ENDS[t.road]
            assert 4 <= t.value <= 10


def test_the_action_spaces_of_both_board_sides() -> None:
    def areas(players: int) -> dict[str, list[tuple[int, str, str, int]]]:
        found: dict[str, list[tuple[int, str, str, int]]] = {}
        for s in catalog().side_for(players).spaces:
            colour = s.colour.letter if s.colour is not None else ""
            take = s.take.letter if s.take is not None else ""
            found.setdefault(s.area, []).append((s.money, colour, take, s.value or s.n))
        return found

    four = areas(4)
    assert catalog().side_for(3) == catalog().side_for(4)
    assert sum(len(v) for v in four.values()) == 37
    assert [m for m, *_ in four["quarry"]] == [1, 2, 3, 4]
    assert [m for m, *_ in four["harbor"]] == [0, 1, 1, 2]
    assert len(four["variety"]) == 2
    assert sorted(c for _, c, _, _ in four["single"]) == sorted("oogg" + "bbpp")
    assert sorted(c for _, c, _, _ in four["terrace"]) == sorted("oogg" + "bbpp")
    pairings = {(c, t, n) for _, c, t, n in four["balcony"]}
    assert pairings == {("o", "p", 2), ("g", "b", 2), ("p", "g", 2), ("b", "o", 2)}
    assert sorted(v for *_, v in four["chamber"]) == [1, 2, 3, 4, 5, 6]
    assert len(four["outer"]) == 1
    assert catalog().side_for(4).variety_one_per_player
    two = areas(2)
    assert sum(len(v) for v in two.values()) == 27
    assert [m for m, *_ in two["quarry"]] == [1, 2, 3]
    assert [m for m, *_ in two["harbor"]] == [0, 1, 2]
    assert sorted(c for _, c, _, _ in two["single"]) == sorted("ogbp")
    assert sorted(c for _, c, _, _ in two["terrace"]) == sorted("ogbp")
    assert {(c, t, n) for _, c, t, n in two["balcony"]} == pairings
    assert not catalog().side_for(2).variety_one_per_player
    assert dict(catalog().side_for(3).covered) == {3: ("q4", "h4")}


def _gain(effects: tuple[Effect, ...]) -> list[tuple[str, int]]:
    return [(e.kind, e.n) for e in effects]


def test_the_chambers_and_the_outer_terrace() -> None:
    chambers = catalog().chambers
    assert _gain(chambers[1].gain) == [("fame", 2), ("mogul", 1)]
    assert _gain(chambers[2].gain) == [("dice", 2), ("yield_tile", 1)]
    assert chambers[2].gain[0].colour is None
    assert _gain(chambers[3].gain) == [("karma", 2), ("dice", 1)]
    assert _gain(chambers[4].gain) == [("money", 3), ("upgrade", 1)]
    assert _gain(chambers[5].gain) == [("rebuild", 1)]
    assert _gain(chambers[6].gain) == [("boat_exact", 6)]
    assert _gain(catalog().outer_gain) == [("money", 2), ("reroll", 1)]
    assert catalog().harbor_max_die == 3


def test_the_river() -> None:
    river = catalog().river
    expected = [
        [],
        [("dice", 2)],
        [("money", 3)],
        [("karma", 2)],
        [("fame", 2)],
        [("dice_per_karma", 1)],
        [("money_per_market", 1)],
        [("chamber_choice", 1)],
        [("upgrade", 1)],
        [("dice_per_karma", 1)],
        [("money", 5)],
        [("fame_per_upgrade", 1)],
        [("dice", 2)],
        [("variety", 1)],
        [("dice_per_karma", 1)],
        [("fame", 4)],
        [("money_per_upgrade", 2)],
        [("chamber_choice", 1)],
        [("dice_per_karma", 1)],
        [("score_good", 4)],
        [("karma", 2)],
        [("fame_per_karma", 2)],
        [("money", 7)],
        [("fame", 6)],
    ]
    assert [_gain(g) for g in river.gains] == expected
    per_karma = [g[0].colour for g in river.gains if g and g[0].kind == "dice_per_karma"]
    assert per_karma == [ORANGE, GREEN, BLUE, PURPLE]
    choices = [(g[0].low, g[0].high) for g in river.gains if g and g[0].kind == "chamber_choice"]
    assert choices == [(2, 6), (2, 6)]
    assert river.final == 23 and river.bridge_after == 11 and river.portuguese_closed == 6
    assert _gain(river.bridge_gain) == [("worker", 1)]


def test_the_tracks_and_the_setup() -> None:
    tracks = catalog().tracks
    assert (tracks.meeting_cell, tracks.money_linear_until, tracks.money_per_cell_after) == (
        86,
        50,
        2,
    )
    assert [(b.at, _gain(b.gain)) for b in tracks.fame_bonus] == [
        (5, [("upgrade", 1)]),
        (15, [("worker", 1)]),
        (24, [("karma", 2)]),
        (31, [("boat_offer", 1)]),
    ]
    assert [(b.at, _gain(b.gain)) for b in tracks.money_worker] == [(20, [("worker", 1)])]
    assert [(b.at, _gain(b.gain)) for b in tracks.money_bonus] == [
        (12, [("boat_offer", 1)]),
        (33, [("dice", 2)]),
        (44, [("boat_offer", 1)]),
        (55, [("dice", 2)]),
    ]
    setup = catalog().setup
    assert (setup.karma, setup.karma_max, setup.fame) == (1, 3, 0)
    base = catalog().boards["base"]
    assert (base.statue_places, setup.workers_start, base.workers_max) == (10, 3, 5)
    navaratnas = catalog().boards["navaratnas"]
    assert (navaratnas.statue_places, navaratnas.workers_max) == (8, 6)
    assert (setup.building_level_start, setup.building_level_max) == (2, 4)
    assert setup.start_money == (3, 4, 5, 6)
    assert (setup.dice_per_colour, setup.start_dice_per_colour) == (12, 1)


def test_the_yield_tiles() -> None:
    yields = catalog().yields
    assert {k: len(v) for k, v in yields.items()} == {
        "white": 8,
        "yellow": 9,
        "red": 6,
        "brown": 7,
    }
    white = Counter(tuple(_gain(g)) for g in yields["white"])
    assert white == {
        (("dice", 1),): 2,
        (("money", 3),): 2,
        (("upgrade", 1),): 2,
        (("karma", 1),): 2,
    }
    assert all(g[0].colour is None for g in yields["white"] if g[0].kind == "dice")


def test_the_navaratnas_province_side() -> None:
    edges = catalog().province.edges["navaratnas"]
    gains = {key: _gain(spot.gain) for key, spot in edges.items() if spot.gain}
    assert gains == {
        (0, Side.W): [("money", 1)],
        (4, Side.E): [("money", 1)],
        (15, Side.W): [("fame", 1)],
        (19, Side.E): [("fame", 1)],
    }
    fields = {key: spot.field for key, spot in edges.items() if spot.field}
    assert fields == {
        (5, Side.W): "white",
        (9, Side.E): "white",
        (10, Side.W): "yellow",
        (14, Side.E): "yellow",
        (15, Side.S): "brown",
        (19, Side.S): "brown",
        (17, Side.S): "red",
    }


# Broken copies ----------------------------------------------------------------------------------

Edit = Callable[[str], str]


def _swap(old: str, new: str) -> Edit:
    def edit(text: str) -> str:
        assert old in text, f"the data file no longer holds {old!r}"
        return text.replace(old, new, 1)

    return edit


def _blocks_to_inline(header: str, inline: str, stop: str | None = None) -> Edit:
    """Removes every `[[header]]` block (up to `stop`, or the end) and writes `inline` at the
    top of the file instead: an array whose entries are not tables."""

    def edit(text: str) -> str:
        start = text.index(f"[[{header}]]")
        end = text.index(stop, start) if stop else len(text)
        return f"{inline}\n" + text[:start] + text[end:]

    return edit


BROKEN = [
    # A removed key.
    pytest.param("game.toml", _swap("meeting_cell = 86\n", ""), "tracks.meeting_cell", id="gone"),
    pytest.param(
        "board.toml",
        _swap('{ key = "q1", area = "quarry", money = 1 },', '{ area = "quarry", money = 1 },'),
        "side[0].spaces[0].key",
        id="space-key-gone",
    ),
    pytest.param(
        "yields.toml",
        _swap('count = 2\ngain = [{ kind = "upgrade" }]', 'gain = [{ kind = "upgrade" }]'),
        "white[2].count",
        id="count-gone",
    ),
    pytest.param(
        "board.toml",
        _swap('colour = "orange", take = "purple", n = 2', 'colour = "orange", n = 2'),
        "side[0].spaces[16].take",
        id="balcony-take-gone",
    ),
    pytest.param("board.toml", _swap("[outer]", "[garden]"), "outer", id="outer-gone"),
    # A wrong type.
    pytest.param("game.toml", _swap("karma = 1 ", 'karma = "1" '), "setup.karma", id="str"),
    pytest.param(
        "tiles.toml",
        _swap("value = 9\nbuildings = [0, 1]", "value = 9.0\nbuildings = [0, 1]"),
        "tile[13].value",
        id="float",
    ),
    pytest.param(
        "river.toml", _swap("bridge_after = 11", "bridge_after = true"), "bridge_after", id="bool"
    ),
    pytest.param(
        "board.toml",
        _swap("variety_one_per_player = true", 'variety_one_per_player = "yes"'),
        "side[1].variety_one_per_player",
        id="not-bool",
    ),
    pytest.param(
        "river.toml",
        _swap('{ space = 3, gain = [{ kind = "karma", n = 2 }] }', '{ space = 3, gain = "karma" }'),
        "spaces[3].gain",
        id="gain-not-list",
    ),
    # An unknown gain kind, or a gain with the wrong parameters.
    pytest.param(
        "river.toml",
        _swap('{ space = 3, gain = [{ kind = "karma"', '{ space = 3, gain = [{ kind = "nirvana"'),
        "spaces[3].gain[0].kind",
        id="unknown-gain",
    ),
    pytest.param(
        "province.toml",
        _swap(
            '{ row = 2, gain = [{ kind = "money", n = 3 }] }',
            '{ row = 2, gain = [{ kind = "gold" }] }',
        ),
        "side[0].left[2].gain[0].kind",
        id="unknown-edge-gain",
    ),
    pytest.param(
        "game.toml",
        _swap('gain = [{ kind = "upgrade" }]', 'gain = [{ kind = "upgrade", n = 2 }]'),
        "tracks.fame_bonus[0].gain[0]",
        id="gain-parameter",
    ),
    pytest.param(
        "yields.toml",
        _swap(
            'count = 2\ngain = [{ kind = "money", n = 3 }]',
            'count = 2\ngain = [{ kind = "money", n = -3 }]',
        ),
        "white[1].gain[0].n",
        id="negative",
    ),
    # Other values the engine cannot use.
    pytest.param("board.toml", _swap('area = "outer"', 'area = "garden"'), "area", id="area"),
    pytest.param("game.toml", _swap("karma = 1 ", "karma = 4 "), "setup.karma", id="karma-max"),
    pytest.param(
        "tiles.toml", _swap('animal = "tiger"', 'animal = "horse"'), "tile[10].animal", id="animal"
    ),
    pytest.param(
        "province.toml",
        _swap('roads = ["W", "S", "E"]', 'roads = ["W", "X", "E"]'),
        "residence.roads",
        id="side-name",
    ),
    pytest.param("tiles.toml", _swap("[roads]", "[roads"), "not valid TOML", id="toml"),
    # Entries of a list that must be tables.
    pytest.param(
        "river.toml",
        _swap('{ space = 3, gain = [{ kind = "karma", n = 2 }] },', "3,"),
        "spaces[3]",
        id="river-space-number",
    ),
    pytest.param(
        "board.toml",
        _swap('covered = [{ players = 3, spaces = ["q4", "h4"] }]', "covered = [3]"),
        "side[1].covered[0]",
        id="covered-number",
    ),
    pytest.param(
        "province.toml",
        _swap(
            '{ column = 0, gain = [{ kind = "dice", n = 1 }] },\n  { column = 1',
            "0,\n  { column = 1",
        ),
        "side[0].top[0]",
        id="edge-number",
    ),
    pytest.param(
        "tiles.toml",
        _blocks_to_inline("tile", "tile = [5]"),
        "tile[0]",
        id="tile-number",
    ),
    pytest.param(
        "yields.toml",
        _blocks_to_inline("white", "white = [4]", "[[yellow]]"),
        "white[0]",
        id="yield-number",
    ),
    pytest.param(
        "game.toml",
        lambda text: _blocks_to_inline("tracks.fame_bonus", "", "[[tracks.money_worker]]")(
            text
        ).replace("money_per_cell_after = 2", "money_per_cell_after = 2\nfame_bonus = [5, 15]"),
        "tracks.fame_bonus[0]",
        id="bonus-number",
    ),
    pytest.param(
        "game.toml",
        _swap("start_money = [3, 4, 5, 6]", "start_money = [3, 4]"),
        "setup.start_money",
        id="start-money-short",
    ),
]


@pytest.mark.parametrize(("name", "edit", "key"), BROKEN)
def test_a_broken_copy_is_refused_naming_the_file_and_the_key(
    tmp_path: Path, name: str, edit: Edit, key: str
) -> None:
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    path = tmp_path / name
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalog(tmp_path)
    message = str(caught.value)
    assert message.startswith(f"{name}: "), message
    assert key in message, message


@pytest.mark.parametrize("name", ["game.toml", "board.toml", "river.toml", "tiles.toml"])
def test_a_missing_file_is_refused_naming_it(tmp_path: Path, name: str) -> None:
    for path in DATA_DIR.glob("*.toml"):
        if path.name != name:
            shutil.copy(path, tmp_path)
    with pytest.raises(DataError, match=re.escape(name)):
        load_catalog(tmp_path)
