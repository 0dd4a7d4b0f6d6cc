"""Setting up a game (docs/rules.md §2, §1, §6 covered spaces, §9 stacks)."""

from __future__ import annotations

from collections import Counter

import pytest

import rules
from rules.catalog import catalog
from rules.model import Colour
from rules.state import COVERED, FREE, Config
from tests.helpers.fixture_states import new

ANIMALS = ("snake", "cow", "tiger")


@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError):
        rules.new_game(Config(players=players, seed=1))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 99, -5, 2**70])
def test_each_player_starts_the_same(players: int, seed: int) -> None:
    state = rules.new_game(Config(players=players, seed=seed))
    assert len(state.players) == players
    assert state.round == 1 and state.queue == () and not state.over
    for player in state.players:
        assert player.fame == 0
        assert player.karma == 1  # §14: the English text's 1, not the German review's 2
        assert player.workers == 3 and player.placed == 0 and not player.passed
        assert player.levels == (2, 2, 2, 2)
        assert player.places == 10
        assert sorted(d.colour for d in player.dice) == list(Colour)  # one of each colour
        assert all(1 <= d.value <= 6 for d in player.dice)
        assert all(cell is None for cell in player.province.cells)
        # The money bonus marker stands on 12 and no bonus has been taken.
        assert player.money_bonus_next == 0 and player.fame_bonus_next == 0
        assert player.money_workers_taken == 0 and player.unlocked == 0
    assert state.river.boats == (0,) * players
    assert state.supply.dice == (12 - players,) * 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lowest_total_starts_ties_to_the_lowest_seat_money_rises_clockwise(players: int) -> None:
    ties = 0
    for seed in range(150):
        state = rules.new_game(Config(players=players, seed=seed))
        totals = [sum(d.value for d in p.dice) for p in state.players]
        lowest = min(totals)
        assert state.start_player == totals.index(lowest)
        ties += totals.count(lowest) > 1
        assert state.turn == state.start_player
        for offset in range(players):
            seat = (state.start_player + offset) % players
            assert state.players[seat].money == 3 + offset
    assert ties > 0, "some seed should produce a tie for the lowest total"


def test_twelve_stacks_sorted_by_colour_and_animal_and_shuffled() -> None:
    tiles = catalog().tiles
    orders = set()
    for seed in range(5):
        state = new(2, seed=seed)
        stacks = state.supply.stacks
        assert len(stacks) == 12
        assert sorted(t for s in stacks for t in s) == list(range(64))
        for index, stack in enumerate(stacks):
            colours = {tiles[t].colour for t in stack}
            animals = {tiles[t].animal for t in stack}
            assert colours == {Colour(index // 3)} and animals == {ANIMALS[index % 3]}
            assert len(stack) == {"snake": 5, "cow": 5, "tiger": 6}[ANIMALS[index % 3]]
        orders.add(stacks)
        assert state.supply.out_of_game == ()
    assert len(orders) == 5, "the stacks are shuffled from the seed"


def test_white_yield_tiles_are_shuffled_face_down() -> None:
    orders = set()
    for seed in range(5):
        state = new(2, seed=seed)
        assert sorted(state.supply.yields) == list(range(8))
        assert state.supply.yield_discard == ()
        orders.add(state.supply.yields)
    assert len(orders) > 1


@pytest.mark.parametrize(
    ("players", "count", "covered"), [(2, 27, set()), (3, 37, {"q4", "h4"}), (4, 37, set())]
)
def test_board_side_and_covered_spaces(players: int, count: int, covered: set[str]) -> None:
    state = new(players, seed=1)
    side = catalog().side_for(players)
    assert len(state.spaces) == len(side.spaces) == count
    assert {s.key for s in side.spaces if state.spaces[s.index] == COVERED} == covered
    assert all(state.spaces[s.index] == FREE for s in side.spaces if s.key not in covered)


def test_three_players_cover_the_cost_four_quarry_and_the_last_cost_two_harbor() -> None:
    side = catalog().side_for(3)
    covered = {side.spaces[i].key for i, s in enumerate(new(3, seed=1).spaces) if s == COVERED}
    by_key = {s.key: s for s in side.spaces}
    assert by_key["q4"].area == "quarry" and by_key["q4"].money == 4
    harbors = side.in_area("harbor")
    assert by_key["h4"] == harbors[-1] and by_key["h4"].money == 2
    assert covered == {"q4", "h4"}


def test_the_same_seed_gives_the_same_game_and_others_differ() -> None:
    games = [new(4, seed=s) for s in (7, 7, 8)]
    assert games[0] == games[1]
    assert games[0] != games[2]
    dice = Counter(d for p in games[0].players for d in p.dice)
    assert sum(dice.values()) == 16
