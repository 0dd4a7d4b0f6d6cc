"""The Navaratnas side (docs/rules.md §8, §11, §12): its edges and yield-tile fields, every yield
tile's gain, its turn rules, mixed games, and what stays hidden from the other seats."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

import rules
from rules.actions import Boat, Take, Upgrade
from rules.catalog import catalog
from rules.model import Colour, Effect, Side
from rules.state import EMPTY, GameState, replace
from tests.helpers.fixture_states import (
    cell,
    clear_board,
    ends,
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
N, E, S, W = Side
NAVARATNAS = ("navaratnas", "navaratnas")
YIELDS = catalog().yield_tiles
TAKE_YIELD = Effect("take_yield")

# Where each kind of field lies (§8), in the order of the board's fields.
FIELDS = [
    ("a2", W, "white"),
    ("e2", E, "white"),
    ("a3", W, "yellow"),
    ("e3", E, "yellow"),
    ("a4", S, "brown"),
    ("c4", S, "red"),
    ("e4", S, "brown"),
]


def _nava(players: int = 2, seed: int = 5, **changes: object) -> GameState:
    """A Navaratnas game with seat 0 to act, no track bonus to come, and `changes` to seat 0."""
    state = turn_to(variant(players, seed=seed, boards=("navaratnas",) * players), 0)
    return neutral(with_player(state, 0, **changes), 0)


def _shaped(
    state: GameState, road: set[Side], used: set[int], plain: bool = False
) -> tuple[int, int]:
    """A display tile and a turn whose road ends are exactly `road` (with `plain`: a tile with
    no building, so building it gives no fame)."""
    in_stacks = {t for stack in state.supply.stacks for t in stack}
    for spec in catalog().tiles:
        if spec.id in used or spec.id not in in_stacks or (plain and spec.buildings):
            continue
        for rotation in range(4):
            if ends(spec.id, rotation) == road:
                used.add(spec.id)
                return spec.id, rotation
    raise AssertionError(f"no tile with road ends {road}")


def _roads(state: GameState, layout: Mapping[str, set[Side]], seat: int = 0) -> GameState:
    """Tiles whose road ends are exactly the layout's, laid on seat's province (no gains)."""
    used: set[int] = set()
    cells = {cell(name): _shaped(state, road, used) for name, road in layout.items()}
    return with_tiles(state, seat, cells)


def _build(state: GameState, name: str, road: set[Side], *, plain: bool = False) -> GameState:
    """Seat 0 builds a display tile with exactly these road ends on the cell, as the quarry's
    tile is built: with its market money, building fame, edge yields and fields. The turn stays
    with seat 0."""
    tile_id, rotation = _shaped(state, road, set(), plain)
    stacks = tuple(tuple(t for t in s if t != tile_id) for s in state.supply.stacks)
    state = replace(state, supply=replace(state.supply, stacks=stacks))
    state = replace(state, queue=(Effect("place_tile", tile=tile_id),))
    return replace(run(state, f"place {name} r{rotation}"), turn=0)


# Reaches the white field on a2, the yellow on a3, the red on c4 and the brown on e4.
REACHING = {
    "b1": {E, W},
    "a1": {E, S},
    "a2": {N, S, W},
    "a3": {N, W},
    "c2": {N, S, W},
    "c3": {N, S},
    "c4": {N, S},
    "d1": {E, W},
    "e1": {W, S},
    "e2": {N, S},
    "e3": {N, S},
    "e4": {N, S},
}
REACHED = {"white": ("a2", W), "yellow": ("a3", W), "red": ("c4", S), "brown": ("e4", S)}


def _field(state: GameState, name: str, side: Side) -> int:
    return next(
        i
        for i, f in enumerate(rules.seat_rules(state, 0).fields)
        if (f.cell, f.side) == (cell(name), side)
    )


def _face_up(state: GameState, tile_id: int) -> GameState:
    """The tile lying face up on the board: if a seat drew it at setup, that seat's field gets
    another face-up tile of its colour instead."""
    if tile_id in state.supply.display:
        return state
    colour = YIELDS[tile_id].colour
    other = next(t for t in state.supply.display if YIELDS[t].colour == colour)
    seat = next(s for s, p in enumerate(state.players) if tile_id in p.fields)
    fields = tuple(other if t == tile_id else t for t in state.players[seat].fields)
    display = tuple(sorted({*state.supply.display, tile_id} - {other}))
    state = replace(state, supply=replace(state.supply, display=display))
    return state.update_player(seat, fields=fields)


def _lay(state: GameState, name: str, at: str, side: Side) -> GameState:
    """Seat 0 takes the face-up tile `name` onto the field (as the Dancer would); the turn stays
    with seat 0."""
    state = replace(state, queue=(TAKE_YIELD,))
    return replace(run(state, f"yield {name} {at} {side.name.lower()}"), turn=0)


# The board's sides (§8) -------------------------------------------------------------------------


def test_the_navaratnas_board_has_its_small_yields_fields_and_empty_sides() -> None:
    state = _nava()
    edges = rules.seat_rules(state, 0).edges
    money, fame = (Effect("money", n=1),), (Effect("fame", n=1),)
    small = {("a1", W): money, ("e1", E): money, ("a4", W): fame, ("e4", E): fame}
    fields = {(name, side): colour for name, side, colour in FIELDS}
    outer = [(f"{c}1", N) for c in "abcde" if c != "c"]
    outer += [(f"a{r}", W) for r in "1234"] + [(f"e{r}", E) for r in "1234"]
    outer += [(f"{c}4", S) for c in "abcde"]
    for name, side in outer:
        spot = edges[(cell(name), side)]
        assert spot.gain == small.get((name, side), ()), (name, side)
        assert spot.field == fields.get((name, side)), (name, side)
    assert len(edges) == len(outer)
    assert [(f.cell, f.side, f.colour) for f in rules.seat_rules(state, 0).fields] == [
        (cell(name), side, colour) for name, side, colour in FIELDS
    ]


@pytest.mark.parametrize(
    ("at", "road", "money", "fame"),
    [
        ("a1", {E, W}, 1, 0),  # +1 money on the left of row 1
        ("a1", {E, N}, 0, 0),  # the top is empty on this side (a die on the base side)
        ("e1", {W, E}, 1, 0),
    ],
)
def test_building_onto_a_small_yield_or_an_empty_side(
    at: str, road: set[Side], money: int, fame: int
) -> None:
    state = _nava(money=0, fame=0)
    join = "b1" if at == "a1" else "d1"
    state = _roads(state, {join: {E, W}})
    done = _build(state, at, road, plain=True)
    placed = done.players[0].province.cells[cell(at)]
    assert placed is not None
    assert done.players[0].money == catalog().tiles[placed.tile].market_money + money
    assert done.players[0].fame == fame


def test_the_bottom_edges_give_fame_on_the_sides_and_nothing_between() -> None:
    state = _nava(money=0, fame=0)
    state = _roads(state, {"b1": {E, W}, "a1": {E, S}, "a2": {N, S}, "a3": {N, S}})
    done = _build(state, "a4", {N, W}, plain=True)  # +1 fame on the left of row 4
    assert done.players[0].fame == 1
    state = _roads(
        _nava(money=0, fame=0),
        {"b1": {E, W}, "a1": {E, S}, "a2": {N, S}, "a3": {N, E}, "b3": {W, S}},
    )
    done = _build(state, "b4", {N, S}, plain=True)  # nothing below b4 on this side
    assert done.players[0].fame == 0 and done.queue == ()


# Fields: a tile's gain when a road reaches it ---------------------------------------------------


def test_a_tile_on_a_field_is_gained_when_a_road_reaches_it() -> None:
    state = _nava(money=0)
    state = _roads(state, {"b1": {E, W}, "a1": {E, S}})
    state = _lay(_face_up(state, 2), "white3", "a2", W)  # +3 money, not reached yet
    assert state.players[0].money == 0 and state.players[0].gained == 0
    done = _build(state, "a2", {N, W}, plain=True)
    index = _field(done, "a2", W)
    placed = done.players[0].province.cells[cell("a2")]
    assert placed is not None
    assert done.players[0].money == catalog().tiles[placed.tile].market_money + 3
    assert done.players[0].gained == 1 << index
    again = _build(clear_board(turn_to(done, 0)), "c2", {N, S}, plain=True)
    assert again.players[0].money == done.players[0].money + _market(again, "c2")  # once only


def _market(state: GameState, name: str) -> int:
    placed = state.players[0].province.cells[cell(name)]
    assert placed is not None
    return catalog().tiles[placed.tile].market_money


def test_a_tile_laid_on_a_field_a_road_already_reaches_is_gained_at_once() -> None:
    state = _roads(_nava(money=0), {"b1": {E, W}, "a1": {E, S}, "a2": {N, W}})
    done = _lay(_face_up(state, 2), "white3", "a2", W)
    assert done.players[0].money == 3
    assert done.players[0].gained == 1 << _field(done, "a2", W)


def test_a_road_reaching_an_empty_field_gains_nothing() -> None:
    state = _roads(_nava(money=0, fame=0), {"b1": {E, W}, "a1": {E, S}})
    done = _build(state, "a2", {N, W}, plain=True)
    assert done.players[0].money == _market(done, "a2") and done.players[0].gained == 0
    assert done.queue == ()


def test_the_brown_tile_drawn_face_down_is_gained_and_shown_when_a_road_reaches_it() -> None:
    state = _roads(_nava(), {"b1": {E, W}, "a1": {E, S}, "a2": {N, S}, "a3": {N, S}})
    index = _field(state, "a4", S)
    brown = state.players[0].fields[index]
    assert YIELDS[brown].colour == "brown" and state.players[0].face_down == 1 << index
    done = _build(state, "a4", {N, S}, plain=True)
    while done.queue:
        done = rules.apply(done, rules.legal_actions(done)[0])
    assert done.players[0].gained == 1 << index and done.players[0].face_down == 0
    assert rules.hidden_from(done, 1) & {brown} == frozenset()


def test_the_master_builder_reaching_a_field_gains_its_tile() -> None:
    dead_end = tile(ORANGE, 4, "dead_end")
    higher = tile(ORANGE, 5, "T")
    state = _roads(_nava(money=0, hand=["o1"]), {"b1": {E, W}, "a1": {E, S}})
    up = next(r for r in range(4) if ends(dead_end.id, r) == {N})
    state = with_tiles(state, 0, {cell("a2"): (dead_end.id, up)})
    state = _lay(_face_up(state, 2), "white3", "a2", W)
    assert state.players[0].money == 0  # the dead end does not face the field
    state, stack = on_top(turn_to(state, 0), higher.id)
    state = replace(state, queue=(Effect("rebuild"),))
    state = run(state, f"rebuild a2 d{stack + 1} o1")
    turn = next(r for r in range(4) if {N, W} <= ends(higher.id, r))
    done = run(state, f"place a2 r{turn}")
    assert done.players[0].money == higher.market_money + 3
    assert done.players[0].gained == 1 << _field(done, "a2", W)


# Every yield tile's gain (§11) ------------------------------------------------------------------

# name -> (fame, money, karma) gained outright, and the choices it asks for, in order.
GAINS: dict[str, tuple[tuple[int, int, int], list[str]]] = {
    "white1": ((0, 0, 0), ["take 1"]),
    "white2": ((0, 0, 0), ["take 1"]),
    "white3": ((0, 3, 0), []),
    "white4": ((0, 3, 0), []),
    "white5": ((0, 0, 0), ["upgrade"]),
    "white6": ((0, 0, 0), ["upgrade"]),
    "white7": ((0, 0, 1), []),
    "white8": ((0, 0, 1), []),
    "yellow1": ((0, 0, 0), ["take 2"]),
    "yellow2": ((0, 0, 0), ["take 2"]),
    "yellow3": ((0, 5, 0), []),
    "yellow4": ((0, 5, 0), []),
    "yellow5": ((3, 0, 0), []),
    "yellow6": ((3, 0, 0), []),
    "yellow7": ((0, 0, 0), ["boat"]),
    "yellow8": ((0, 0, 0), ["upgrade", "take 1"]),
    "yellow9": ((0, 0, 2), []),
    "red1": ((0, 0, 0), ["upgrade", "upgrade"]),
    "red2": ((5, 0, 0), []),
    "red3": ((0, 8, 0), []),
    "red4": ((0, 0, 0), ["take 3"]),
    "red5": ((0, 2, 0), ["boat"]),
    "red6": ((2, 0, 2), []),
}


def _reaching(**changes: object) -> GameState:
    """Seat 0 with roads reaching a white, a yellow, a red and a brown field; fame, money and
    karma 0."""
    state = _nava(money=0, fame=0, karma=0, **changes)
    return _roads(state, REACHING)


def _choice(action: rules.Action) -> str:
    if isinstance(action, Take):
        return f"take {len(action.colours)}"
    return "upgrade" if isinstance(action, Upgrade) else "boat" if isinstance(action, Boat) else ""


@pytest.mark.parametrize("name", sorted(GAINS))
def test_every_white_yellow_and_red_tile_gives_its_gain(name: str) -> None:
    (fame, money, karma), choices = GAINS[name]
    spec = catalog().yield_tile(name)
    assert spec is not None
    state = _face_up(_reaching(), spec.id)
    done = _lay(state, name, *REACHED[spec.colour])
    asked = []
    while done.queue:
        options = rules.legal_actions(done)
        asked.append(_choice(options[0]))
        done = run(done, "boat no" if asked[-1] == "boat" else str(options[0]))
    player = done.players[0]
    assert asked == choices
    assert (player.fame, player.money, player.karma) == (fame, money, karma)
    assert len(player.dice) == len(state.players[0].dice) + sum(
        int(c.split()[1]) for c in choices if c.startswith("take")
    )
    assert sum(player.levels) - 8 == choices.count("upgrade")
    assert player.gained == 1 << _field(done, *REACHED[spec.colour])


@pytest.mark.parametrize("name", ["yellow7", "red5"])
def test_a_boat_tile_moves_the_boat_to_the_next_free_space_with_its_earnings(name: str) -> None:
    spec = catalog().yield_tile(name)
    assert spec is not None
    state = _face_up(_reaching(), spec.id)
    state = replace(state, river=replace(state.river, boats=(1, 2)))
    done = run(_lay(state, name, *REACHED[spec.colour]), "boat yes")
    assert done.river.boats[0] == 3  # space 2 holds seat 1's boat
    assert done.players[0].karma == 2  # space 3: karma +2


def _brown(state: GameState, name: str) -> GameState:
    """Lays brown tile `name` on the reached brown field e4 and settles every choice."""
    spec = catalog().yield_tile(name)
    assert spec is not None
    done = _lay(_face_up(state, spec.id), name, "e4", S)
    assert done.queue == ()
    return done


def _placed(state: GameState) -> list[rules.TileSpec]:
    return [catalog().tiles[p.tile] for _, p in state.players[0].province.placed()]


def test_brown1_gives_a_fame_per_province_tile_with_a_market() -> None:
    state = _reaching()
    expected = sum(1 for t in _placed(state) if t.markets)
    assert 0 < expected < len(_placed(state))  # not every tile has a market: the count matters
    assert _brown(state, "brown1").players[0].fame == expected


def test_brown2_gives_a_fame_per_three_river_spaces() -> None:
    for boat, fame in ((2, 0), (3, 1), (8, 2), (23, 7)):
        state = replace(_reaching(), river=replace(_reaching().river, boats=(boat, 0)))
        assert _brown(state, "brown2").players[0].fame == fame, boat


def test_brown3_gives_a_money_per_building() -> None:
    state = _reaching()
    expected = sum(len(t.buildings) for t in _placed(state))
    assert expected not in (0, len(_placed(state)))  # not one per tile: the count matters
    assert _brown(state, "brown3").players[0].money == expected


def test_brown4_gives_two_money_per_connected_yield_tile() -> None:
    state = _reaching()
    state = _lay(_face_up(state, 2), "white3", "a2", W)  # reached: +3 money
    state = _lay(_face_up(state, 10), "yellow3", "e3", E)  # e3 does not face its field: unreached
    assert state.players[0].money == 3
    assert _brown(state, "brown4").players[0].money == 3 + 2 * 2  # white3 and brown4 itself


def test_brown5_gives_two_fame_per_bend() -> None:
    state = _reaching()
    bends = sum(1 for t in _placed(state) if t.road == "bend")
    assert bends == 3
    assert _brown(state, "brown5").players[0].fame == 2 * bends


def test_brown6_gives_two_money_per_upgrade_made() -> None:
    state = with_player(_reaching(), 0, levels=(3, 4, 2, 2))
    assert _brown(state, "brown6").players[0].money == 2 * 3


@pytest.mark.parametrize("workers", [3, 6])
def test_brown7_gives_a_fame_per_worker(workers: int) -> None:
    state = with_player(_reaching(), 0, workers=workers, unlocked=workers - 3)
    assert _brown(state, "brown7").players[0].fame == workers


def test_a_brown_tile_counts_at_the_moment_it_is_gained_and_never_again() -> None:
    layout = {k: v for k, v in REACHING.items() if k != "e4"}
    state = _roads(_nava(money=0, fame=0, karma=0), layout)
    state = _lay(_face_up(state, 23), "brown1", "e4", S)  # a fame per tile with a market
    assert state.players[0].fame == 0  # not reached yet
    markets_before = sum(1 for t in _placed(state) if t.markets)
    done = _build(state, "e4", {N, S}, plain=True)  # a market tile: it counts too
    assert done.players[0].fame == markets_before + 1
    later = _build(clear_board(turn_to(done, 0)), "b2", {E}, plain=True)
    assert later.players[0].fame == done.players[0].fame  # scored once only


# Turn rules (§12) -------------------------------------------------------------------------------


def test_navaratnas_statues_have_eight_places_and_base_ones_ten() -> None:
    state = variant(3, seed=2, boards=("navaratnas", "base", "navaratnas"))
    assert [p.places for p in state.players] == [8, 10, 8]
    full = with_player(turn_to(state, 0), 0, hand=["g3", "o1", "o2", "o3", "b1", "b2", "p1", "p2"])
    after = run(full, "chamber c3 g3")  # Yogi: karma and a die; 7 on 8 places: room for it
    assert {"take o", "take p"} <= texts(after)
    full = with_player(full, 0, hand=["g3", "o1", "o2", "o3", "o4", "b1", "b2", "p1", "p2"])
    crowded = texts(run(full, "chamber c3 g3"))  # 8 on 8 places: a die goes back first
    assert {"return o1", "take none"} <= crowded
    assert not any(t.startswith("take") and t != "take none" for t in crowded)


@pytest.mark.parametrize(("board", "most"), [("navaratnas", 6), ("base", 5)])
def test_a_navaratnas_player_unlocks_all_three_workers(board: str, most: int) -> None:
    state = turn_to(variant(2, seed=2, boards=(board, "base")), 0)
    state = with_player(state, 0, workers=5, unlocked=2, karma=0, hand=["g1"])
    state = replace(state, river=replace(state.river, boats=(11, 0)))
    done = run(state, "harbor h1 g1 move 1")  # over the bridge: the river worker
    assert done.players[0].workers == most and done.players[0].unlocked == 3


@pytest.mark.parametrize(("board", "most"), [("navaratnas", 6), ("base", 5)])
def test_all_three_workers_come_from_fame_money_and_the_bridge(board: str, most: int) -> None:
    state = turn_to(variant(2, seed=2, boards=(board, "navaratnas")), 0)
    state = with_player(state, 0, fame=12, money=17, karma=0, hand=["g1"])
    state = with_player(state, 0, fame_bonus_next=1, money_bonus_next=1, money_workers_taken=0)
    # Over the bridge to space 12 (two dice); to space 15 (+4 fame: past 15, a worker); to
    # space 22 (+7 money: past 20, a worker).
    for boat, then in ((11, "take o o"), (14, ""), (21, "")):
        state = with_player(clear_board(turn_to(state, 0)), 0, hand=["g1"])
        state = replace(state, river=replace(state.river, boats=(boat, 0)))
        state = run(state, "harbor h1 g1 move 1", *([then] if then else []))
    assert state.players[0].fame == 16 and state.players[0].money == 24
    assert state.players[0].workers == most and state.players[0].unlocked == 3


def test_the_navaratnas_dancer_takes_a_face_up_tile_onto_an_empty_field_of_its_colour() -> None:
    state = _nava(hand=["g2"])
    after = run(state, "chamber c2 g2", "take o b")
    offered = texts(after) - {"pass"}
    assert offered and all(t.startswith("yield ") for t in offered)
    for text in offered:
        action = rules.parse_action(text)
        assert isinstance(action, rules.TakeYield)
        spec = catalog().yield_tile(action.tile)
        assert spec is not None and spec.id in after.supply.display
        field = rules.seat_rules(after, 0).fields[
            _field(after, rules.cell_name(action.cell), action.side)
        ]
        assert field.colour == spec.colour
        assert (
            after.players[0].fields[_field(after, rules.cell_name(action.cell), action.side)]
            == EMPTY
        )
    assert rules.why_not_yield(after, rules.TakeYield("yellow3", cell("a2"), W))
    assert rules.why_not_yield(after, rules.TakeYield("brown1", cell("a4"), S))  # taken at setup
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, rules.TakeYield("red1", cell("e2"), E))


def _fill_fields(state: GameState, seat: int) -> GameState:
    """Every empty field of the seat's board gets a face-up tile of its colour."""
    display = list(state.supply.display)
    fields = list(state.players[seat].fields)
    for i, field in enumerate(rules.seat_rules(state, seat).fields):
        if fields[i] == EMPTY:
            fields[i] = next(t for t in display if YIELDS[t].colour == field.colour)
            display.remove(fields[i])
    state = replace(state, supply=replace(state.supply, display=tuple(display)))
    return state.update_player(seat, fields=tuple(fields))


def test_the_dancer_with_no_field_left_for_any_tile_takes_nothing() -> None:
    state = _fill_fields(_nava(hand=["g2"]), 0)
    assert rules.invariant_problems(state) == []
    after = run(state, "chamber c2 g2", "take o b")
    assert after.queue == () and after.turn == 1


def _all_placed(state: GameState, seat: int, leave: int = 0) -> GameState:
    """Every worker of `seat` but `leave` placed on the palace."""
    side = catalog().side_for(len(state.players))
    # Palace spaces, any order; the Great Mogul's space c1 stays free for the tests.
    areas = ("chamber", "terrace", "balcony")
    keys = [
        s
        for s in side.spaces
        if s.area in areas and s.key != "c1" and state.spaces[s.index] == rules.FREE
    ]
    spaces = list(state.spaces)
    player = state.players[seat]
    for spec in keys[: player.workers - leave]:
        spaces[spec.index] = seat
    state = replace(state, spaces=tuple(spaces))
    return state.update_player(seat, placed=player.workers - leave)


def test_a_player_with_no_worker_left_takes_a_yield_tile_instead_while_others_place() -> None:
    state = _all_placed(_nava(3, seed=4), 1)
    state = with_player(state, 0, hand=["o1"])
    after = run(state, "chamber c1 o1")  # seat 0 places; seat 1 has no worker left
    assert after.turn == 1 and after.queue == (TAKE_YIELD,)
    offered = texts(after)
    assert offered - {"pass"} and all(t.startswith("yield ") for t in offered - {"pass"})
    done = run(after, sorted(offered - {"pass"})[0])
    assert done.turn == 2 and done.queue == ()
    assert sum(1 for t in done.players[1].fields if t != EMPTY) == 2


def test_a_player_with_no_worker_left_may_decline_the_yield_tile() -> None:
    """The printed rules: "darf er sich ... nehmen", may take (§12, §14): passing leaves the
    tiles where they lie and hands the turn on, the seat not passed for the round."""
    state = _all_placed(_nava(3, seed=4), 1)
    state = with_player(state, 0, hand=["o1"])
    after = run(state, "chamber c1 o1")
    assert after.turn == 1 and after.queue == (TAKE_YIELD,)
    assert rules.Pass() in rules.legal_actions(after)
    done = rules.apply(after, rules.Pass())
    assert done.turn == 2 and done.queue == ()
    assert done.supply == after.supply
    assert done.players[1].fields == after.players[1].fields
    assert not done.players[1].passed
    assert rules.invariant_problems(done) == []


def test_no_yield_tile_instead_when_nobody_else_places() -> None:
    state = _all_placed(_all_placed(_nava(3, seed=4), 1), 2)
    state = with_player(_all_placed(state, 0, leave=1), 0, hand=["o1"])
    after = run(state, "chamber c1 o1")  # seat 0's last worker: the round ends
    assert after.round == 2 and after.queue == () and after.turn == 0


def test_no_yield_tile_instead_on_a_base_board() -> None:
    state = turn_to(variant(3, seed=4, boards=("navaratnas", "base", "navaratnas")), 0)
    state = with_player(_all_placed(state, 1), 0, hand=["o1"])
    after = run(state, "chamber c1 o1")
    assert after.turn == 2 and after.queue == ()


def test_no_yield_tile_instead_when_none_fits_an_empty_field() -> None:
    state = _fill_fields(_all_placed(_nava(3, seed=4), 1), 1)
    state = with_player(state, 0, hand=["o1"])
    after = run(state, "chamber c1 o1")
    assert after.turn == 2 and after.queue == ()


def test_no_yield_tile_instead_in_the_last_turns() -> None:
    state = _all_placed(_nava(3, seed=4), 1)
    state = with_player(state, 0, hand=["o1"])
    state = replace(state, start_player=2, end_trigger=2, met_order=(2,), last_turns=(1,))
    after = run(state, "chamber c1 o1")
    assert after.over and after.queue == ()


# Setup and mixed games (§12) --------------------------------------------------------------------


@pytest.mark.parametrize(
    "boards",
    [
        ("navaratnas", "navaratnas"),
        ("navaratnas", "base", "navaratnas"),
        ("base", "navaratnas", "base", "base"),
        ("navaratnas",) * 4,
    ],
)
def test_setup_lays_brown_face_down_the_rest_face_up_and_white_down_for_a_base_dancer(
    boards: tuple[str, ...],
) -> None:
    state = variant(len(boards), seed=7, boards=boards)
    supply = state.supply
    base = "base" in boards
    whites = {t.id for t in YIELDS if t.colour == "white"}
    assert set(supply.yields) == (whites if base else set())
    assert whites & set(supply.display) == (set() if base else whites)
    drawn = []
    for seat, board in enumerate(boards):
        player = state.players[seat]
        if board == "base":
            assert player.fields == () and player.face_down == 0
            continue
        laid = [(i, t) for i, t in enumerate(player.fields) if t != EMPTY]
        assert len(laid) == 1
        index, brown = laid[0]
        assert YIELDS[brown].colour == "brown" and player.face_down == 1 << index
        assert rules.seat_rules(state, seat).fields[index].colour == "brown"
        drawn.append(brown)
    others = {t.id for t in YIELDS if t.colour != "white"} - set(drawn)
    assert set(supply.display) - whites == others
    assert rules.invariant_problems(state) == []


def test_the_navaratnas_dancer_may_decline_the_yield_tile() -> None:
    """The printed rules: "darf man sich ein Ertragsplättchen ... aussuchen", may choose (§12,
    §14): passing after the Dancer's dice ends the action with the tiles where they lie."""
    state = turn_to(variant(2, seed=3, boards=NAVARATNAS), 0)
    state = with_player(state, 0, hand=["o2", "g1"])
    after = run(state, "chamber c2 o2", "take g g")
    assert after.turn == 0 and after.queue == (TAKE_YIELD,)
    assert rules.Pass() in rules.legal_actions(after)
    done = rules.apply(after, rules.Pass())
    assert done.turn == 1 and done.queue == ()
    assert done.supply == after.supply
    assert done.players[0].fields == after.players[0].fields
    assert not done.players[0].passed
    assert rules.invariant_problems(done) == []


def test_a_pass_is_no_answer_to_other_choices() -> None:
    state = turn_to(variant(2, seed=3, boards=NAVARATNAS), 0)
    state = with_player(state, 0, hand=["o2", "g1"])
    after = run(state, "chamber c2 o2")  # the Dancer's dice come first
    assert rules.Pass() not in rules.legal_actions(after)
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, rules.Pass())


def test_a_base_dancer_in_a_mixed_game_draws_a_white_tile_face_down() -> None:
    state = turn_to(variant(2, seed=3, boards=("base", "navaratnas")), 0)
    state = with_player(state, 0, hand=["g2"], money=0)
    top = state.supply.yields[-1]
    done = run(state, "chamber c2 g2", "take o o")
    while done.queue:
        done = run(done, str(rules.legal_actions(done)[0]))
    assert done.supply.yield_discard == (top,) and top not in done.supply.yields


def test_a_navaratnas_seat_in_a_mixed_game_may_take_the_top_white_tile() -> None:
    state = turn_to(variant(2, seed=3, boards=("base", "navaratnas")), 1)
    state = with_player(state, 1, hand=["g2"])
    after = run(state, "chamber c2 g2", "take o o")
    offered = texts(after)
    assert {"yield stack a2 w", "yield stack e2 e"} <= offered
    assert not any(t.startswith("yield white") for t in offered)  # white lies face down
    top = after.supply.yields[-1]
    done = run(after, "yield stack a2 w")
    assert done.players[1].fields[0] == top and top not in done.supply.yields
    assert done.players[1].face_down & 1 == 0  # laid face up
    pure = variant(2, seed=3, boards=NAVARATNAS)
    assert not any(
        "stack" in str(a) for a in rules.legal_actions(replace(pure, queue=(TAKE_YIELD,)))
    )


# Hidden tiles (§12) -----------------------------------------------------------------------------


def _swap_hidden(state: GameState, one: int, two: int) -> GameState:
    """The same game but for two seats' face-down brown tiles, swapped: what a third seat sees
    is the same (the face-up tiles tell which tiles are face down, not where)."""
    index = {
        seat: next(i for i in range(7) if state.players[seat].face_down & (1 << i))
        for seat in (one, two)
    }
    tiles = {seat: state.players[seat].fields[index[seat]] for seat in (one, two)}
    for seat, other in ((one, two), (two, one)):
        fields = list(state.players[seat].fields)
        fields[index[seat]] = tiles[other]
        state = state.update_player(seat, fields=tuple(fields))
    return state


MIXED = ("navaratnas", "base", "navaratnas", "navaratnas")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_seat_view_never_shows_another_seats_face_down_tile(seat: int) -> None:
    state = variant(4, seed=9, boards=MIXED)
    view = rules.seat_view(state, seat)
    for other, player in enumerate(state.players):
        for i, tile_id in enumerate(player.fields):
            shown = view.players[other].fields[i]
            hidden = other != seat and player.face_down & (1 << i)
            assert shown == (rules.UNSEEN if hidden else tile_id)
    assert view.supply.yields == tuple(sorted(state.supply.yields))
    assert rules.hidden_from(state, seat) == {
        t
        for o, p in enumerate(state.players)
        for i, t in enumerate(p.fields)
        if o != seat and p.face_down & (1 << i)
    } | set(state.supply.yields)
    swapped = _swap_hidden(state, 2, 3)
    assert swapped != state and rules.invariant_problems(swapped) == []
    assert (rules.seat_view(swapped, seat) == view) == (seat not in (2, 3))


def test_onlookers_see_no_face_down_tile() -> None:
    state = variant(2, seed=9, boards=NAVARATNAS)
    view = rules.seat_view(state, None)
    for player in view.players:
        assert [t for t in player.fields if t != EMPTY] == [rules.UNSEEN]
    assert rules.hidden_from(state, None) == {
        t for p in state.players for t in p.fields if t != EMPTY
    }


@pytest.mark.parametrize("seed", [11, 12])
def test_legal_actions_do_not_depend_on_other_seats_hidden_tiles(seed: int) -> None:
    state = variant(4, seed=seed, boards=MIXED, ganga=True)
    swapped = _swap_hidden(state, 2, 3)
    pick = random.Random(seed)
    seen = 0

    def hidden(game: GameState) -> bool:
        return bool(game.players[2].face_down and game.players[3].face_down)

    while not state.over and hidden(state) and hidden(swapped):
        if state.turn in (0, 1):
            assert rules.legal_actions(state) == rules.legal_actions(swapped)
            assert rules.seat_view(state, state.turn) == rules.seat_view(swapped, state.turn)
            seen += 1
        action = pick.choice(rules.legal_actions(state))
        state, swapped = rules.apply(state, action), rules.apply(swapped, action)
    assert seen > 30


def _stack_take(reached: bool) -> GameState:
    """Mixed game, seat 1 (Navaratnas) about to take a yield tile with +3 money on top of the
    face-down white stack; with `reached`, a road already reaches the white field a2."""
    state = turn_to(variant(2, seed=3, boards=("base", "navaratnas")), 1)
    state = with_player(state, 1, money=0)
    if reached:
        state = _roads(state, {"b1": {E, W}, "a1": {E, S}, "a2": {N, W}}, seat=1)
    top = 2  # white3: +3 money
    rest = tuple(t for t in state.supply.yields if t != top)
    state = replace(state, supply=replace(state.supply, yields=(*rest, top)))
    return replace(state, queue=(TAKE_YIELD,))


@pytest.mark.parametrize("reached", [True, False])
def test_the_forecast_of_taking_the_face_down_white_tile_reveals_nothing(reached: bool) -> None:
    state = _stack_take(reached)
    action = rules.TakeYield(rules.STACK, cell("a2"), W)
    after, named = rules.forecast(state, action)
    assert after.players[1].money == 0  # the real tile's +3 money is not told
    assert 2 not in after.players[1].fields
    assert [e.kind for e in named] == (["yield_tile"] if reached else [])
    # The same forecast whatever tile lies on top.
    other = replace(state, supply=replace(state.supply, yields=tuple(sorted(state.supply.yields))))
    other_after, other_named = rules.forecast(other, action)
    assert other_named == named
    assert rules.seat_view(other_after, 1) == rules.seat_view(after, 1)
    with pytest.raises(rules.IllegalAction):
        rules.forecast(state, rules.TakeYield(rules.STACK, cell("a3"), W))  # a yellow field
    done = rules.apply(state, action)
    assert done.players[1].money == (3 if reached else 0)


def test_a_view_does_not_carry_the_generator_that_would_tell_the_hidden_tiles() -> None:
    state = variant(3, seed=9, boards=("navaratnas",) * 3, ganga=True)
    view = rules.seat_view(state, 0)
    # Set up again from what the view holds, a seat would learn where every tile lies ...
    again = rules.new_game(view.config)
    assert [p.fields for p in again.players][1:] != [p.fields for p in state.players][1:]
    # ... and, from its generator, every die roll to come.
    assert view.rng != state.rng
    assert view.config.players == 3 and view.config.boards == state.config.boards
    assert view.config.ganga and rules.ruleset(view) == rules.ruleset(state)
    # A view still plays on: bots may try actions on it.
    action = rules.legal_actions(view)[0]
    assert rules.legal_actions(view) == rules.legal_actions(state)
    assert rules.apply(view, action).turn == rules.apply(state, action).turn


def test_taking_from_an_empty_white_stack_reshuffles_the_discards() -> None:
    state = turn_to(variant(2, seed=3, boards=("base", "navaratnas")), 1)
    whites = state.supply.yields
    state = replace(state, supply=replace(state.supply, yields=(), yield_discard=whites))
    state = replace(state, queue=(TAKE_YIELD,))
    assert "yield stack a2 w" in texts(state)
    done = run(state, "yield stack a2 w")
    laid = done.players[1].fields[0]
    assert laid in whites and done.supply.yield_discard == ()
    assert sorted((*done.supply.yields, laid)) == sorted(whites)


def test_a_view_shows_the_top_of_each_display_stack_and_not_the_order_below() -> None:
    state = variant(2, seed=4)
    view = rules.seat_view(state, 0)
    assert [s[-1] for s in view.supply.stacks] == [s[-1] for s in state.supply.stacks]
    assert [sorted(s) for s in view.supply.stacks] == [sorted(s) for s in state.supply.stacks]
    # §1: only the top tile of each stack is seen; the next is revealed when the top is taken.
    other = replace(
        state,
        supply=replace(
            state.supply, stacks=tuple((*reversed(s[:-1]), s[-1]) for s in state.supply.stacks)
        ),
    )
    assert other != state and rules.seat_view(other, 0) == view


def test_a_position_with_a_tile_on_a_reached_field_not_gained_is_unreachable() -> None:
    state = variant(2, seed=5, boards=NAVARATNAS)
    state = _roads(state, {"b1": {E, W}, "a1": {E, S}, "a2": {N, W}})
    # Fame enough for the buildings laid, with the bonuses it passed taken.
    state = with_player(state, 0, fame=30, fame_bonus_next=3, workers=4, unlocked=1)
    assert rules.unreachable_facts(state) == []
    white = _face_up(state, 2)
    fields = list(white.players[0].fields)
    fields[_field(white, "a2", W)] = 2
    display = tuple(t for t in white.supply.display if t != 2)
    laid = replace(white, supply=replace(white.supply, display=display))
    laid = laid.update_player(0, fields=tuple(fields))
    assert rules.invariant_problems(laid) == []  # every tile is somewhere: a whole game
    facts = rules.unreachable_facts(laid)
    assert [where for where, _ in facts] == ["players[0].gained"], facts
    assert "a2" in facts[0][1]
    gained = laid.update_player(0, gained=1 << _field(laid, "a2", W))
    assert rules.unreachable_facts(gained) == []
    hidden = gained.update_player(0, face_down=gained.players[0].face_down | 1)
    assert [where for where, _ in rules.unreachable_facts(hidden)] == ["players[0].face_down"]
