"""The Ganga module (docs/rules.md §12): every river tile's earnings and where setup lays them."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import rules
from rules.catalog import catalog
from rules.model import Colour, Good, Side
from rules.rng import roll, seed_state, shuffled
from rules.state import GameState, replace
from tests.helpers.fixture_states import (
    act,
    boats,
    cell,
    ends,
    lay_river,
    market_tiles,
    neutral,
    on_top,
    run,
    texts,
    tile,
    turn_to,
    variant,
    with_player,
    with_tiles,
)

ORANGE, GREEN, BLUE, PURPLE = Colour
GANGA = catalog().ganga
DANCER, YOGI, BUILDER, COLOURS_A, COLOURS_B, PER_KARMA, MARKETS, SAIL = range(8)
NAVARATNAS = ("navaratnas", "navaratnas")


def test_the_tiles_are_the_editions_eight() -> None:
    names = [t.name for t in GANGA.tiles]
    assert names == [
        "Dancer",
        "Yogi",
        "Master Builder",
        "Three colours",
        "Three colours",
        "Dice per karma",
        "Three markets",
        "Sail on",
    ]
    assert (GANGA.first, GANGA.last) == (1, 22)


def _at(
    tile_id: int,
    space: int = 5,
    boards: Iterable[str] = (),
    hand: Iterable[str] = ("g1",),
    spare: Iterable[int] = range(22, 0, -1),
    **changes: object,
) -> GameState:
    """Seat 0's boat one space before `space`, where the river tile lies, seat 1's at the start;
    seat 0 holds `hand` (g1 pays the harbour), karma 2, money 10, fame 0, no bonus to come."""
    state = turn_to(variant(2, seed=3, boards=boards, ganga=True), 0)
    state = lay_river(state, {tile_id: space}, spare)
    state = with_player(state, 0, hand=list(hand), karma=2, money=10, fame=0)
    state = with_player(state, 0, **changes)
    return boats(neutral(state, 0), space - 1, 0)


def _sail(state: GameState) -> GameState:
    return rules.apply(state, act("harbor h1 g1 move 1"))


def test_a_river_tile_replaces_its_spaces_earnings_and_no_other() -> None:
    state = variant(3, seed=4, ganga=True)
    printed = catalog().river.gains
    river = rules.ruleset(state).river
    for space, tile_id in enumerate(state.river.tiles):
        expected = printed[space] if tile_id == rules.EMPTY else GANGA.tiles[tile_id].gain
        assert river[space] == expected
    assert sum(1 for t in state.river.tiles if t != rules.EMPTY) == 8
    assert rules.ruleset(variant(3, seed=4)).river == printed


def test_dancer_tile_on_a_base_board_gives_two_dice_and_draws_a_white_tile() -> None:
    state = _at(DANCER)
    money_tile = catalog().yield_tile("white3")
    assert money_tile is not None and money_tile.gain[0].kind == "money"
    rest = tuple(t for t in state.supply.yields if t != money_tile.id)
    state = replace(state, supply=replace(state.supply, yields=(*rest, money_tile.id)))
    after = _sail(state)
    assert after.spaces[catalog().side_for(2).index_of("c2")] == rules.FREE  # no worker there
    assert "take o b" in texts(after) and all(len(t.split()) == 3 for t in texts(after))
    done = run(after, "take o b")
    assert sorted(d.colour for d in done.players[0].dice) == [ORANGE, BLUE]
    assert done.players[0].money == 10 + 3
    assert done.supply.yield_discard == (money_tile.id,) and done.supply.yields == rest


def test_dancer_tile_on_a_navaratnas_board_takes_a_face_up_yield_tile() -> None:
    state = _at(DANCER, boards=NAVARATNAS)
    assert state.supply.yields == ()  # no base seat: white tiles lie face up
    after = run(_sail(state), "take o b")
    offered = texts(after)
    assert "yield yellow3 a3 w" in offered and "yield white1 a2 w" in offered
    # The brown tile drawn at setup lies on a4: e4 is the one empty brown field.
    assert {t.split()[2] for t in offered if t.startswith("yield brown")} == {"e4"}
    done = run(after, "yield yellow3 a3 w")
    yellow3 = catalog().yield_tile("yellow3")
    assert yellow3 is not None
    index = rules.seat_rules(done, 0).fields.index(rules.Field(cell("a3"), Side.W, "yellow"))
    assert done.players[0].fields[index] == yellow3.id
    assert yellow3.id not in done.supply.display
    assert done.players[0].money == 10  # no road reaches a3 yet: nothing gained
    assert done.queue == () and done.turn == 1


def test_yogi_tile_gives_two_karma_and_a_die_of_any_colour() -> None:
    after = _sail(_at(YOGI, karma=0))
    assert after.players[0].karma == 2
    assert texts(after) == {"take o", "take g", "take b", "take p"}


def _builder_state() -> tuple[GameState, int]:
    old = tile(ORANGE, 4, "straight")
    below = tile(GREEN, 4, "straight")
    state = _at(BUILDER, hand=("g1", "o2"))
    state = with_tiles(state, 0, {cell("c2"): (old.id, 0), cell("c3"): (below.id, 0)})
    return on_top(state, tile(ORANGE, 6, "T").id)


def test_master_builder_tile_covers_a_tile_and_pays_the_difference() -> None:
    state, stack = _builder_state()
    after = _sail(state)
    assert f"rebuild c2 d{stack + 1} o2" in texts(after)
    done = run(after, f"rebuild c2 d{stack + 1} o2", "place c2 r1")
    placed = done.players[0].province.cells[cell("c2")]
    assert placed is not None and placed.rebuilt and done.players[0].dice == ()


def test_master_builder_tile_with_nothing_to_cover_gives_nothing() -> None:
    state = _at(BUILDER, hand=("g1", "o6"))
    after = _sail(state)
    assert after.queue == () and after.turn == 1
    assert [str(d) for d in after.players[0].dice] == ["o6"]


def test_three_colours_tile_offers_three_different_colours_only() -> None:
    after = _sail(_at(COLOURS_A))
    assert texts(after) == {"take o g b", "take o g p", "take o b p", "take g b p"}
    for alike in ("take o o g", "take b b b"):
        with pytest.raises(rules.IllegalAction, match="different colours"):
            rules.apply(after, act(alike))
    done = run(after, "take o b p")
    assert sorted(d.colour for d in done.players[0].dice) == [ORANGE, BLUE, PURPLE]


def test_both_three_colours_tiles_give_the_same() -> None:
    assert GANGA.tiles[COLOURS_A].gain == GANGA.tiles[COLOURS_B].gain
    assert texts(_sail(_at(COLOURS_B))) == texts(_sail(_at(COLOURS_A)))


def _supply(state: GameState, dice: tuple[int, int, int, int]) -> GameState:
    """The supply holding only these dice per colour (not a whole game: applied, not run)."""
    return replace(state, supply=replace(state.supply, dice=dice))


def test_three_colours_tile_gives_what_the_supply_has_of_different_colours() -> None:
    # The green die paid at the harbour goes back to the supply before the earnings.
    two = _sail(_supply(_at(COLOURS_A), (0, 0, 5, 0)))
    assert texts(two) == {"take g b"}
    with pytest.raises(rules.IllegalAction):
        rules.apply(two, act("take b b"))
    one = _sail(_supply(_at(COLOURS_A), (0, 0, 0, 0)))
    assert texts(one) == {"take g"}


def test_three_colours_tile_on_a_full_statue_asks_to_return_dice_first() -> None:
    hand = ("g1", "o1", "o2", "o3", "g2", "g3", "b1", "b2", "p1", "p2")  # 9 stay: one place free
    after = _sail(_at(COLOURS_A, hand=hand))
    offered = texts(after)
    assert {"take o", "take g", "take b", "take p", "return o1", "return p2"} <= offered
    assert not any(t.startswith("take") and len(t.split()) > 2 for t in offered)
    freed = run(after, "return o1")
    assert {"take o g", "take b p"} <= texts(freed)
    assert not any(t.startswith("take") and len(set(t.split()[1:])) < 2 for t in texts(freed))
    done = run(freed, "take g b")
    assert len(done.players[0].dice) == 10 and done.queue == ()


@pytest.mark.parametrize("karma", [0, 1, 2, 3])
def test_dice_per_karma_tile_gives_a_die_of_any_colour_per_level(karma: int) -> None:
    after = _sail(_at(PER_KARMA, karma=karma))
    if karma == 0:
        assert after.queue == () and after.players[0].dice == ()
        return
    offered = texts(after)
    assert all(len(t.split()) == 1 + karma for t in offered)
    assert "take " + " ".join("o" * karma) in offered
    assert "take " + " ".join("p" * karma) in offered
    done = run(after, sorted(offered)[0])
    assert len(done.players[0].dice) == karma


def _four_tea_markets(state: GameState) -> GameState:
    """Tea markets worth 3 (b1), 1 (a1), 3 (d1) and 2 (c2), all joined to the residence."""
    east_west = {Side.E, Side.W}
    b1 = tile(PURPLE, 6, "straight")
    a1 = tile(ORANGE, 4, "dead_end")
    d1 = tile(ORANGE, 6, "straight")
    c2 = tile(BLUE, 5, "T")
    for spec, good in ((b1, Good.TEA), (a1, Good.TEA), (d1, Good.TEA), (c2, Good.TEA)):
        assert [g for g, _ in spec.markets] == [good]

    def turn(tile_id: int, need: set[Side]) -> int:
        return next(r for r in range(4) if need <= ends(tile_id, r))

    return with_tiles(
        state,
        0,
        {
            cell("b1"): (b1.id, turn(b1.id, east_west)),
            cell("a1"): (a1.id, turn(a1.id, {Side.E})),
            cell("d1"): (d1.id, turn(d1.id, east_west)),
            cell("c2"): (c2.id, turn(c2.id, {Side.N})),
        },
    )


def test_three_markets_tile_scores_the_best_three_markets_of_one_good() -> None:
    state = _four_tea_markets(_at(MARKETS))
    after = _sail(state)
    assert texts(after) == {"score silk", "score tea", "score spices"}
    assert run(after, "score tea").players[0].money == 10 + 3 + 3 + 2  # not the fourth, 1
    assert run(after, "score silk").players[0].money == 10
    # The printed space 19 scores four of one good.
    printed = boats(lay_river(state, {MARKETS: 5}, range(1, 19)), 18, 0)
    assert run(_sail(printed), "score tea").players[0].money == 10 + 3 + 3 + 2 + 1


def test_sail_on_tile_moves_the_boat_one_to_three_free_spaces_with_their_earnings() -> None:
    state = _at(SAIL, space=3, spare=range(22, 10, -1))
    state = market_tiles(state, 0, [(Good.SILK, 3), (Good.TEA, 2)])
    state = boats(state, 2, 5)  # seat 1's boat on 5 is skipped and not counted
    after = _sail(state)
    assert after.river.boats[0] == 3 and after.players[0].karma == 2  # no karma from space 3
    assert texts(after) == {"sail 1", "sail 2", "sail 3"}
    one = run(after, "sail 1")
    assert one.river.boats[0] == 4 and one.players[0].fame == 2
    two = run(after, "sail 2")
    assert two.river.boats[0] == 6 and two.players[0].money == 10 + 2  # a money per market (two)
    three = run(after, "sail 3")
    assert three.river.boats[0] == 7 and "palace 4" in texts(three)
    for steps in (0, 4):
        with pytest.raises(rules.IllegalAction):
            rules.apply(after, rules.Sail(steps))


def test_sail_on_tile_takes_the_earnings_of_another_river_tile() -> None:
    state = _at(SAIL, space=3, karma=0, spare=range(22, 10, -1))
    state = lay_river(state, {SAIL: 3, YOGI: 5}, range(22, 10, -1))
    after = run(_sail(state), "sail 2")
    assert after.river.boats[0] == 5 and after.players[0].karma == 2
    assert texts(after) == {"take o", "take g", "take b", "take p"}


def test_sail_on_tile_before_the_final_space_offers_one_move() -> None:
    state = _at(SAIL, space=22, spare=range(1, 12))
    after = _sail(state)
    assert texts(after) == {"sail 1"}  # every count ends on the final space
    done = run(after, "sail 3")  # another spelling of the same move
    assert done.river.boats[0] == 23 and done.players[0].fame == 6


def test_sail_on_tile_over_the_bridge_gives_the_river_worker() -> None:
    state = _at(SAIL, space=10, spare=range(22, 13, -1))
    done = run(_sail(state), "sail 2")
    assert done.river.boats[0] == 12 and done.players[0].workers == 4


# Placement at setup (§12) ----------------------------------------------------------------------


def _placement_by_edition(seed: int) -> tuple[dict[int, int], bool, bool]:
    """§12 written out: shuffle the 8 tiles; from space 0 each counts a die roll of spaces forward
    among 1..22 holding no tile yet, wrapping from 22 to 1. (tile -> space, whether a count
    wrapped, whether it skipped a taken space)."""
    order, seed = shuffled(seed, list(range(8)))
    taken: dict[int, int] = {}
    position, wrapped, skipped = 0, False, False
    for tile_id in order:
        steps, seed = roll(seed)
        while steps:
            if position == 22:
                position, wrapped = 1, True
            else:
                position += 1
            if position in taken.values():
                skipped = True
            else:
                steps -= 1
        taken[tile_id] = position
    return taken, wrapped, skipped


def test_river_tiles_are_placed_by_die_rolls_as_the_edition_says() -> None:
    wraps = skips = 0
    for seed in range(300):
        spaces, _ = rules.lay_river_tiles(seed_state(seed))
        expected, wrapped, skipped = _placement_by_edition(seed_state(seed))
        assert {t: s for s, t in enumerate(spaces) if t != rules.EMPTY} == expected, seed
        wraps += wrapped
        skips += skipped
    assert wraps > 50 and skips > 50  # both cases were met many times


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_lays_each_river_tile_on_its_own_space(players: int) -> None:
    layouts = set()
    for seed in range(40):
        state = variant(players, seed=seed, ganga=True)
        tiles = state.river.tiles
        assert len(tiles) == catalog().river.final + 1
        assert sorted(t for t in tiles if t != rules.EMPTY) == list(range(8))
        assert all(1 <= s <= 22 for s, t in enumerate(tiles) if t != rules.EMPTY)
        assert rules.invariant_problems(state) == []
        assert variant(players, seed=seed, ganga=True) == state  # same seed, same placement
        layouts.add(tiles)
    assert len(layouts) == 40


def test_without_the_module_no_river_tile_is_laid() -> None:
    assert variant(3, seed=1).river.tiles == ()
    assert variant(3, seed=1, boards=("navaratnas",) * 3).river.tiles == ()


def test_more_sail_steps_than_reach_the_final_space_are_spelt_as_the_listed_move() -> None:
    state = _at(SAIL, space=21, spare=range(1, 12))
    after = _sail(boats(state, 20, 22))  # seat 1's boat on 22: one free space, the final
    assert texts(after) == {"sail 1"}
    for steps in (2, 3):
        assert rules.canonical(after, rules.Sail(steps)) == rules.Sail(1)
        assert rules.apply(after, rules.Sail(steps)) == rules.apply(after, rules.Sail(1))
    assert rules.canonical(after, rules.Sail(4)) == rules.Sail(4)  # refused as written
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, rules.Sail(4))
