"""`apply_revealing` says what an action brought to light by chance, read off the step as it
happens: checked here against the states before and after, over random games of every variant."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from rules import Drew, GameState, Reshuffled, Rolled, Shows, TurnedUp
from rules.state import draft, release
from tests.helpers.fixture_states import new
from tests.helpers.playouts import random_steps, variant_config


def _steps(config: rules.Config) -> list[tuple[GameState, rules.Action]]:
    """Every (state, action chosen) of a random game, seeded by the config's seed."""
    return list(random_steps(rules.new_game(config), random.Random(config.seed)))


def _check(before: GameState, action: rules.Action) -> Counter[type]:
    after, revealed = rules.apply_revealing(before, action)
    assert after == rules.apply(before, action)
    kinds = Counter(type(r) for r in revealed)
    chance = bool(kinds[Rolled] or kinds[Reshuffled])
    assert chance == (after.rng != before.rng), (action, revealed)
    for found in revealed:
        if isinstance(found, Rolled):
            assert found.seat == before.turn
            assert found.dice
        elif isinstance(found, Shows):
            assert after.supply.stacks[found.stack][-1] == found.tile
            assert before.supply.stacks[found.stack][-1] != found.tile
        elif isinstance(found, TurnedUp):
            seat = after.players[found.seat]
            index = seat.fields.index(found.tile)
            assert before.players[found.seat].face_down >> index & 1
            assert not seat.face_down >> index & 1
        elif isinstance(found, Drew):
            hidden = {*before.supply.yields, *before.supply.yield_discard}
            assert found.tile in hidden
            on_fields = {t for p in after.players for t in p.fields}
            assert (found.tile in on_fields) == found.onto_field
    shown = {r.stack for r in revealed if isinstance(r, Shows)}
    for index, (was, now) in enumerate(zip(before.supply.stacks, after.supply.stacks, strict=True)):
        assert (index in shown) == (bool(now) and now[-1:] != was[-1:]), (action, revealed)
    return kinds


@pytest.mark.parametrize("seed", range(1, 11))
def test_what_a_step_tells_is_what_changed_by_chance(seed: int) -> None:
    kinds: Counter[type] = Counter()
    for before, action in _steps(variant_config(2 + seed % 3, seed)):
        kinds += _check(before, action)
    assert kinds[Rolled] > 10 and kinds[Shows] > 3


def test_a_tile_drawn_from_the_face_down_stack_is_told() -> None:
    for seed in range(11, 41):
        kinds: Counter[type] = Counter()
        for before, action in _steps(variant_config(2 + seed % 3, seed)):
            kinds += _check(before, action)
        if kinds[Drew]:
            return
    raise AssertionError("no white yield tile was drawn in 30 games")


def test_a_face_down_tile_turned_up_and_a_drawn_tile_are_told() -> None:
    # A road reaches a face-down field tile in this 2-player Navaratnas game.
    navaratnas = rules.Config(players=2, seed=64, boards=("navaratnas",) * 2)
    kinds: Counter[type] = Counter()
    for before, action in _steps(navaratnas):
        kinds += _check(before, action)
    assert kinds[TurnedUp] and kinds[Rolled] and kinds[Shows]


def test_a_draft_given_a_player_whole_copies_it_before_changing_it() -> None:
    state = new(2, 3)
    step = draft(state)
    step.update_player(0, money=50)  # the draft's own copy of seat 0 now
    outsider = state.players[0]
    step = step.with_player(0, outsider)
    step = step.update_player(0, money=77)
    assert outsider.money == state.players[0].money != 77
    assert release(step).players[0].money == 77
