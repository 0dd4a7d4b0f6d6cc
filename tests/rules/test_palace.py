"""The Great Mogul's palace (docs/rules.md §6 Palace): terraces, balconies, the outer terrace and
the six chambers, the Master Builder and the Portuguese in detail."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.actions import Rebuild
from rules.building import can_rebuild, rebuild_options
from rules.catalog import catalog
from rules.dice import remove_dice
from rules.model import Colour, Die, PaidDie
from rules.state import GameState, replace
from tests.helpers.fixture_states import (
    act,
    cell,
    clear_board,
    neutral,
    new,
    on_top,
    only_on_display,
    run,
    texts,
    tile,
    turn_to,
    with_player,
    with_tiles,
)
from tests.helpers.playouts import random_game

ORANGE, GREEN, BLUE, PURPLE = Colour


def _seat0(players: int = 2, **changes: Any) -> GameState:
    state = turn_to(new(players, seed=7), 0)
    return neutral(with_player(state, 0, **changes), 0)


# Terraces, balconies, outer terrace --------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "colour"), [("t1", ORANGE), ("t2", GREEN), ("t3", BLUE), ("t4", PURPLE)]
)
def test_terrace_gives_one_die_of_its_colour_for_free(key: str, colour: Colour) -> None:
    state = _seat0(hand=["g1"], money=4)
    after = run(state, f"terrace {key}")
    assert after.players[0].money == 4
    assert sorted(d.colour for d in after.players[0].dice) == sorted([GREEN, colour])
    assert after.supply.dice[colour] == state.supply.dice[colour] - 1


@pytest.mark.parametrize(
    ("key", "give", "take"),
    [("b1", "o", PURPLE), ("b2", "g", BLUE), ("b3", "p", GREEN), ("b4", "b", ORANGE)],
)
def test_balcony_gives_two_dice_of_the_paired_colour(key: str, give: str, take: Colour) -> None:
    state = _seat0(hand=[f"{give}4"])
    assert f"balcony {key} {give}4" in texts(state)
    after = run(state, f"balcony {key} {give}4")
    assert [d.colour for d in after.players[0].dice] == [take, take]


def test_balcony_takes_a_die_of_its_own_colour_only() -> None:
    state = _seat0(hand=["g4"])
    assert not any(t.startswith("balcony b1") for t in texts(state))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("balcony b1 g4"))


def test_outer_terrace_gives_two_money_and_rerolls_the_chosen_dice() -> None:
    state = _seat0(hand=["o5", "g2", "p6"], money=1)
    after = run(state, "outer o")
    assert after.players[0].money == 3
    assert "reroll o5" in texts(after) and "reroll done" in texts(after)
    picked = run(after, "reroll o5", "reroll p6")
    assert "reroll o5" not in texts(picked)  # each die is re-rolled at most once
    done = run(picked, "reroll done")
    dice = done.players[0].dice
    assert sorted(d.colour for d in dice) == [ORANGE, GREEN, PURPLE]
    assert Die(GREEN, 2) in dice  # the die not chosen keeps its face
    assert done.rng != picked.rng


def test_outer_terrace_may_reroll_nothing() -> None:
    state = _seat0(hand=["o5", "g2"], money=1)
    done = run(state, "outer o", "reroll done")
    assert done.players[0].dice == state.players[0].dice


# Chambers -------------------------------------------------------------------------------------


def test_a_chamber_takes_a_die_showing_exactly_its_value_of_any_colour() -> None:
    state = _seat0(hand=["g5", "p4", "b4"], karma=0)
    offered = texts(state)
    assert {"chamber c4 p4", "chamber c4 b4"} <= offered
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("chamber c4 g5"))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("chamber c3 p4"))


def test_great_mogul_gives_two_fame_and_the_elephant() -> None:
    after = run(_seat0(hand=["o1"]), "chamber c1 o1")
    assert after.players[0].fame == 2
    assert after.mogul == 0


def test_dancer_gives_two_dice_and_the_top_white_yield_tile() -> None:
    white = catalog().yields["white"]
    money_tile = next(i for i, gain in enumerate(white) if gain[0].kind == "money")
    state = _seat0(hand=["g2"], money=0)
    others = tuple(i for i in state.supply.yields if i != money_tile)
    state = replace(state, supply=replace(state.supply, yields=(*others, money_tile)))
    after = run(state, "chamber c2 g2")
    assert "take o b" in texts(after)
    done = run(after, "take o b")
    assert sorted(d.colour for d in done.players[0].dice) == [ORANGE, BLUE]
    assert done.players[0].money == white[money_tile][0].n == 3
    assert done.supply.yields == others and done.supply.yield_discard == (money_tile,)


def test_dancer_reshuffles_the_discards_when_the_stack_is_empty() -> None:
    state = _seat0(hand=["g2"], money=0)
    discards = tuple(range(len(catalog().yields["white"])))
    state = replace(state, supply=replace(state.supply, yields=(), yield_discard=discards))
    after = run(state, "chamber c2 g2", "take o o")
    while after.queue:
        after = rules.apply(after, rules.legal_actions(after)[0])
    assert len(after.supply.yields) == 7 and len(after.supply.yield_discard) == 1
    assert sorted(after.supply.yields + after.supply.yield_discard) == list(discards)


def test_yogi_gives_two_karma_and_one_die_of_any_colour() -> None:
    after = run(_seat0(hand=["o3"], karma=0), "chamber c3 o3")
    assert after.players[0].karma == 2
    assert {"take o", "take g", "take b", "take p"} == texts(after)


def test_raja_man_singh_gives_three_money_and_an_upgrade() -> None:
    after = run(_seat0(hand=["o4"], money=0), "chamber c4 o4")
    assert after.players[0].money == 3
    done = run(after, "upgrade palace")
    assert done.players[0].levels == (2, 3, 2, 2)


# Master Builder -------------------------------------------------------------------------------

OLD = tile(ORANGE, 4, "straight")  # a temple, value 4
BELOW = tile(GREEN, 4, "straight")  # the tile below it in c3, value 4


def _builder(hand: list[str], top: int, **changes: Any) -> tuple[GameState, int]:
    """Straights in c2 and c3 (c3 hangs on c2); `top` on top of its display stack."""
    state = _seat0(hand=hand, **changes)
    state = with_tiles(state, 0, {cell("c2"): (OLD.id, 0), cell("c3"): (BELOW.id, 0)})
    return on_top(state, top)


def test_master_builder_replaces_a_tile_by_a_higher_one_paying_the_difference() -> None:
    new_tile = tile(ORANGE, 6, "T")  # a fort, value 6: difference 2
    state, stack = _builder(["g5", "o2", "p6"], new_tile.id, levels=(2, 2, 3, 2))
    assert "chamber c5 g5" in texts(state)
    chosen = run(state, "chamber c5 g5")
    rebuild = f"rebuild c2 d{stack + 1} o2"
    assert rebuild in texts(chosen)
    after = run(chosen, rebuild)
    # The T must keep c3 joined: only the turns with ends N and S are offered.
    assert texts(after) == {"place c2 r1", "place c2 r3"}
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("place c2 r0"))
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("place b1 r1"))
    done = run(after, "place c2 r3")
    player = done.players[0]
    placed = player.province.cells[cell("c2")]
    assert placed is not None and placed.tile == new_tile.id and placed.rebuilt
    assert [str(d) for d in player.dice] == ["p6"]  # g5 for the chamber, o2 for the difference
    assert player.fame == 3  # the fort at its current level 3
    assert done.supply.out_of_game == (OLD.id,)  # the old tile leaves the game
    assert all(OLD.id not in s for s in done.supply.stacks)


def test_master_builder_needs_a_higher_value() -> None:
    same = tile(BLUE, 4, "straight")
    state, stack = _builder(["g5", "b6", "b6"], same.id)
    state = only_on_display(state, same.id)
    assert "chamber c5 g5" not in texts(state)  # nothing higher to build
    # Through the river's chamber choice the rebuild itself is refused.
    forced = replace(state, queue=(catalog().chambers[5].gain[0],))
    with pytest.raises(rules.IllegalAction, match="worth more"):
        rules.apply(forced, Rebuild(cell("c2"), stack, (PaidDie(Die(BLUE, 6)),)))


def test_master_builder_pays_in_the_new_tiles_colour_and_at_least_the_difference() -> None:
    new_tile = tile(ORANGE, 9, "T")  # difference 5
    state, stack = _builder(["g5", "o4", "g6", "o1"], new_tile.id, karma=0)
    chosen = run(state, "chamber c5 g5")
    assert f"rebuild c2 d{stack + 1} o1 o4" in texts(chosen)
    for short in ("o4", "g6", "o1"):
        with pytest.raises(rules.IllegalAction):
            rules.apply(chosen, act(f"rebuild c2 d{stack + 1} {short}"))


def test_master_builder_keeps_every_tile_joined_to_the_residence() -> None:
    bend = tile(ORANGE, 5, "bend")  # joins two neighbouring sides only: in c2 it cuts c3 off
    state, stack = _builder(["g5", "o6"], bend.id)
    state = only_on_display(state, bend.id)
    chosen = run(state, "chamber c5 g5")
    offered = texts(chosen)
    assert f"rebuild c3 d{stack + 1} o6" in offered  # at the end of the road it fits
    assert not any(t.startswith("rebuild c2") for t in offered)
    with pytest.raises(rules.IllegalAction, match="cut"):
        rules.apply(chosen, act(f"rebuild c2 d{stack + 1} o6"))
    # Without the tile in c3 the same bend may replace c2.
    province = state.players[0].province.with_cell(cell("c3"), None)  # type: ignore[arg-type]
    alone = with_player(state, 0, province=province)
    alone = replace(
        alone, supply=replace(alone.supply, out_of_game=(*alone.supply.out_of_game, BELOW.id))
    )
    assert f"rebuild c2 d{stack + 1} o6" in texts(run(alone, "chamber c5 g5"))


def test_a_covered_place_cannot_be_covered_again() -> None:
    first, stack = _builder(["g5", "o2", "g5", "o6", "o6"], tile(ORANGE, 6, "T").id, workers=5)
    done = run(first, "chamber c5 g5", f"rebuild c2 d{stack + 1} o2", "place c2 r1")
    higher = tile(ORANGE, 10, "T")
    again, stack = on_top(turn_to(done, 0), higher.id)
    again = clear_board(again)
    chosen = run(again, "chamber c5 g5")  # c3 (value 4) can still be covered
    assert not any(t.startswith("rebuild c2") for t in texts(chosen))
    assert any(t.startswith("rebuild c3") for t in texts(chosen))
    with pytest.raises(rules.IllegalAction, match="cannot be covered again"):
        rules.apply(chosen, act(f"rebuild c2 d{stack + 1} o6"))


def test_master_builder_gains_no_edge_yields() -> None:
    # a1 borders the top (1 die) and the left (+2 fame). b1 joins it to the residence.
    t_join = tile(GREEN, 5, "T")
    old = tile(BLUE, 4, "straight")
    new_tile = tile(ORANGE, 8, "T")  # spices 3 and silk 2, no building: difference 4
    state = _seat0(hand=["g5", "o4"], money=0, fame=0)
    state = with_tiles(state, 0, {cell("b1"): (t_join.id, 0), cell("a1"): (old.id, 1)})
    state, stack = on_top(state, new_tile.id)
    after = run(state, "chamber c5 g5", f"rebuild a1 d{stack + 1} o4")
    assert "place a1 r2" in texts(after)  # ends E, N and W: both edges
    done = run(after, "place a1 r2")
    assert done.queue == () and done.turn == 1  # no die to choose
    assert done.players[0].money == 5  # the markets only
    assert done.players[0].fame == 0  # no +2 fame from the left edge


def test_master_builder_is_not_offered_when_the_chamber_die_is_the_only_payment() -> None:
    # Covering c2 with a green 6 needs a green die of at least 2 after the 5 is given up.
    state, _ = _builder(["g5"], tile(GREEN, 6, "T").id)
    assert "chamber c5 g5" not in texts(state)
    state, _ = _builder(["g5", "g2"], tile(GREEN, 6, "T").id)
    assert "chamber c5 g5" in texts(state)


def test_master_builder_from_the_river_still_pays_its_dice() -> None:
    new_tile = tile(ORANGE, 6, "T")
    state, stack = _builder(["g1", "o2"], new_tile.id)
    state = replace(state, river=replace(state.river, boats=(6, 0)))
    after = run(state, "harbor h1 g1 move 1")
    assert "palace 5" in texts(after)
    done = run(after, "palace 5", f"rebuild c2 d{stack + 1} o2", "place c2 r1")
    assert done.players[0].dice == ()
    assert done.spaces[catalog().side_for(2).index_of("c5")] == -1  # no worker there


# Portuguese -----------------------------------------------------------------------------------


def test_portuguese_moves_exactly_six_free_spaces_and_takes_the_earnings() -> None:
    state = _seat0(players=3, hand=["b6"])
    state = replace(state, river=replace(state.river, boats=(0, 2, 4)))
    after = run(state, "chamber c6 b6")
    assert after.river.boats[0] == 8  # 1, 3, 5, 6, 7, 8
    assert texts(after) == {"upgrade temple", "upgrade palace", "upgrade fort", "upgrade mill"}


def test_portuguese_over_the_bridge_gives_the_river_worker() -> None:
    state = _seat0(hand=["b6"])
    state = replace(state, river=replace(state.river, boats=(8, 0)))
    after = run(state, "chamber c6 b6")
    assert after.river.boats[0] == 14 and after.players[0].workers == 4


@pytest.mark.parametrize("space", range(0, 24))
def test_portuguese_is_closed_on_the_last_six_spaces_before_the_final(space: int) -> None:
    state = _seat0(hand=["b6"])
    state = replace(state, river=replace(state.river, boats=(space, 0)))
    open_ = space < 17
    assert ("chamber c6 b6" in texts(state)) == open_
    if open_:
        after = rules.apply(state, act("chamber c6 b6"))
        assert after.river.boats[0] == min(space + 6, 23)
    else:
        with pytest.raises(rules.IllegalAction):
            rules.apply(state, act("chamber c6 b6"))


@pytest.mark.parametrize("seed", range(6))
def test_whether_the_master_builder_can_build_agrees_with_its_choices(seed: int) -> None:
    """`can_rebuild` answers from a cache keyed by what the dice can pay; it must say what
    listing the choices says, for the whole statue and for the statue less each die."""
    checked = 0
    game = random_game(rules.new_game(rules.Config(players=4, seed=seed)), random.Random(seed))
    for state in (s for s in game if not s.over):
        for seat, player in enumerate(state.players):
            statues = [player.dice] + [remove_dice(player.dice, (d,)) for d in player.dice]
            for dice in statues:
                assert dice is not None
                for karma in {0, player.karma}:
                    listed = next(rebuild_options(state, seat, dice, karma), None) is not None
                    assert can_rebuild(state, seat, dice, karma) == listed
                    checked += listed
    assert checked  # some states of every game let the Master Builder build
