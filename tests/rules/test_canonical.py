"""`legal_actions` lists one canonical form of each distinct outcome, and `apply` accepts nothing
else but other spellings of those (and larger payments, which §6 allows and `legal` leaves out).

Every other spelling `apply` takes (dice paid or colours taken in another order, a tile turned to
a rotation of the same shape, more harbor steps than reach the same space) leads exactly where the
canonical form leads; choices that make no listed outcome (re-roll picks out of order) are refused.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import rules
from rules import river
from rules.actions import Action, Harbor, Place, Quarry, Rebuild, Reroll, Take
from rules.dice import remove_dice
from rules.model import Colour
from rules.state import Config, GameState, replace
from tests.helpers.fixture_states import (
    act,
    neutral,
    new,
    on_top,
    texts,
    tile,
    turn_to,
    with_player,
)
from tests.helpers.playouts import random_game


def _states(seed: int, players: int) -> Iterator[GameState]:
    state = rules.new_game(Config(players=players, seed=seed))
    return (s for s in random_game(state, random.Random(seed)) if not s.over)


def _variants(state: GameState, action: Action) -> Iterator[Action]:
    """Other spellings of a listed action that `apply` might take."""
    if isinstance(action, Quarry | Rebuild) and len(action.pay) > 1:
        yield attrs.evolve(action, pay=tuple(reversed(action.pay)))
    elif isinstance(action, Take) and len(set(action.colours)) > 1:
        yield Take(tuple(reversed(action.colours)))
    elif isinstance(action, Place):
        yield from (Place(action.cell, r) for r in range(4) if r != action.rotation)
    elif isinstance(action, Harbor):
        yield from (attrs.evolve(action, steps=s) for s in range(1, action.pay.value + 1))
    elif isinstance(action, Reroll) and action.die is None and state.queue:
        chosen = state.queue[0].chosen
        remaining = remove_dice(state.players[state.turn].dice, chosen) or ()
        yield from (Reroll(d) for d in set(remaining))


def _outcome(state: GameState, action: Action) -> GameState | None:
    try:
        return rules.apply(state, action)
    except rules.IllegalAction:
        return None


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_every_outcome_apply_allows_is_listed(seed: int, players: int) -> None:
    checked = 0
    for state in _states(seed, players):
        listed = rules.legal_actions(state)
        outcomes = None
        for action in listed:
            for variant in _variants(state, action):
                after = _outcome(state, variant)
                if after is None:
                    continue
                if outcomes is None:
                    outcomes = {rules.apply(state, a): a for a in listed}
                assert after in outcomes, f"{variant} is accepted but makes no listed outcome"
                canonical = rules.canonical(state, variant)
                assert canonical == outcomes[after], (variant, canonical, outcomes[after])
                checked += 1
    assert checked > 50


def test_apply_refuses_an_overlong_action() -> None:
    state = rules.new_game(Config(players=2, seed=1))
    listed = str(rules.legal_actions(state)[0])
    with pytest.raises(ValueError, match="at most"):
        rules.parse_action(listed + " " * 1_000_000)
    assert rules.parse_action(listed + "  ") == rules.parse_action(listed)


def test_a_spelling_that_does_not_pay_is_not_read_as_one_that_does() -> None:
    # o1 and o4 with one karma: `o1! o4` totals 10 and pays a 7; `o1 o4!` totals 4 and does not,
    # though both give up the same dice for the same karma.
    state = neutral(with_player(turn_to(new(2, seed=1), 0), 0, hand=["o1", "o4"], karma=1), 0)
    state, stack = on_top(state, tile(Colour.ORANGE, 7, "T").id)
    assert f"quarry q1 d{stack + 1} o1! o4" in texts(state)
    with pytest.raises(rules.IllegalAction, match="total 4"):
        rules.apply(state, act(f"quarry q1 d{stack + 1} o4! o1"))


def test_harbor_steps_beyond_the_die_are_refused_even_where_fewer_reach_the_end() -> None:
    # The boat one space before the end: any steps reach it, but a 3 allows 3 steps at most.
    state = neutral(with_player(turn_to(new(2, seed=1), 0), 0, hand=["o3"]), 0)
    final = river.final_space()
    state = replace(state, river=replace(state.river, boats=(final - 1, 0)))
    assert "harbor h1 o3 move 1" in texts(state)
    assert rules.apply(state, act("harbor h1 o3 move 3")) == rules.apply(
        state, act("harbor h1 o3 move 1")
    )
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("harbor h1 o3 move 4"))
