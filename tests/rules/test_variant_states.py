"""Over every state of random variant games: "why not" says None exactly when a legal action does
it, and neither the legal actions nor a forecast depend on anything the acting seat cannot see
(the white stack's order, the generator, the other seats' face-down tiles)."""

from __future__ import annotations

import re

import pytest

import rules
from rules.actions import PLACEMENTS, TakeYield
from rules.catalog import catalog
from rules.spaces import board_side
from rules.state import GameState, replace
from tests.helpers.playouts import random_states

GAMES = 15  # every variant with 2, 3 and 4 players


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(GAMES, variants=True)


NAMES = [t.name for t in catalog().yield_tiles] + [rules.STACK]


def _sentence(reason: str) -> bool:
    return reason[0].isupper() and reason.endswith(".") and "\n" not in reason


def test_enough_states_of_every_variant() -> None:
    assert len(played_states()) > 3000
    assert sum(1 for s in played_states() if s.queue and s.queue[0].kind == "take_yield") > 100
    assert sum(1 for s in played_states() if s.queue and s.queue[0].kind == "boat_steps") > 5


def test_a_yield_tile_has_a_reason_exactly_when_it_cannot_be_taken_onto_a_field() -> None:
    checked = 0
    for state in played_states():
        if not state.queue or state.queue[0].kind != "take_yield":
            continue
        legal = set(rules.legal_actions(state))
        for field in rules.seat_rules(state, state.turn).fields:
            for name in NAMES:
                action = TakeYield(name, field.cell, field.side)
                reason = rules.why_not_yield(state, action)
                assert (reason is None) == (action in legal), (state.steps, str(action), reason)
                assert reason is None or _sentence(reason), reason
                checked += 1
    assert checked > 10_000


def test_no_yield_tile_is_waiting_outside_its_choice() -> None:
    for state in played_states()[::50]:
        if state.queue and state.queue[0].kind == "take_yield":
            continue
        reason = rules.why_not_yield(state, TakeYield("white1", 5, rules.Side.W))
        assert reason is not None and _sentence(reason)


def test_a_space_has_a_reason_exactly_when_no_legal_action_takes_it() -> None:
    for state in played_states()[::4]:
        taken = {a.space for a in rules.legal_actions(state) if isinstance(a, PLACEMENTS)}
        for spec in board_side(state).spaces:
            reason = rules.why_not(state, spec.key)
            assert (reason is None) == (spec.key in taken), (state.steps, spec.key, reason)
            assert reason is None or (_sentence(reason) and not re.search(r"\ba [aeiou]", reason))


def _other_chance(state: GameState) -> GameState:
    """The same position as the acting seat sees it, with what it cannot see changed: the white
    stack reversed, another generator, and the face-down tiles of the other seats rotated among
    them (when two or more have one)."""
    supply = replace(state.supply, yields=tuple(reversed(state.supply.yields)))
    state = replace(state, supply=supply, rng=state.rng ^ 0x5DEECE66D)
    hidden = [
        (seat, i)
        for seat, p in enumerate(state.players)
        if seat != state.turn
        for i in range(len(p.fields))
        if p.face_down & (1 << i)
    ]
    tiles = [state.players[seat].fields[i] for seat, i in hidden]
    for (seat, i), tile in zip(hidden, tiles[1:] + tiles[:1], strict=True):
        fields = list(state.players[seat].fields)
        fields[i] = tile
        state = state.update_player(seat, fields=tuple(fields))
    return state


@pytest.mark.slow
def test_legal_actions_and_forecasts_tell_nothing_hidden() -> None:
    checked = swapped = 0
    for state in played_states()[::3]:
        other = _other_chance(state)
        swapped += other.players != state.players
        seat = state.turn
        assert rules.seat_view(other, seat) == rules.seat_view(state, seat)
        legal = rules.legal_actions(state)
        assert rules.legal_actions(other) == legal, state.steps
        for action in legal:
            after, named = rules.forecast(state, action)
            other_after, other_named = rules.forecast(other, action)
            assert other_named == named, (state.steps, str(action))
            assert rules.seat_view(other_after, seat) == rules.seat_view(after, seat), (
                state.steps,
                str(action),
            )
            checked += 1
    assert checked > 5000 and swapped > 100


def test_no_state_of_a_variant_game_is_called_unreachable() -> None:
    # Positions are refused by these facts: a state a game reaches must pass them all.
    for state in played_states()[::2]:
        assert rules.unreachable_facts(state) == [], (state.config, state.steps)
