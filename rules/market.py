"""The market: score markets of the province for money (§6)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from . import tracks
from .actions import Single, Variety
from .area import Check, action_id
from .cache import memo
from .catalog import SpaceSpec, catalog
from .dice import (
    BY_COLOUR,
    a_die,
    colour_candidates,
    give_up,
    paid_die_of,
    payment_problem,
    value_payments,
)
from .model import GOODS, Effect
from .province import good_score
from .ruleset import SeatRules
from .spaces import board_side
from .state import GameState, replace


def variety_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int]:
    return _variety(spec.key)


def variety_check(players: int, rules: SeatRules, spec: SpaceSpec) -> Check | None:
    """On a board side where each player may use the variety market once a round, the listing
    asks whether the seat has; elsewhere it need not."""
    if not catalog().side_for(players).variety_one_per_player:
        return None
    return partial(_unused_variety, _variety_spaces(players))


def _unused_variety(
    variety_spaces: tuple[int, ...],
    state: GameState,
    seat: int,
    spec: SpaceSpec,
    entries: Sequence[Variety],
) -> Sequence[Variety]:
    """The board's variety spaces are worked out with its layout, not looked up per listing."""
    return () if seat in map(state.spaces.__getitem__, variety_spaces) else entries


def _used_variety(state: GameState, seat: int) -> bool:
    return seat in map(state.spaces.__getitem__, _variety_spaces(state.config.players))


@memo()
def _variety(key: str) -> tuple[int]:
    """One shared listing per space, the same whatever the dice (see `placing`)."""
    return (action_id(Variety(key)),)


def variety_problem(
    state: GameState, seat: int, action: Variety | None, spec: SpaceSpec
) -> str | None:
    if board_side(state).variety_one_per_player and _used_variety(state, seat):
        return "on this board each player may use the variety market once a round."
    return None


@memo()
def _variety_spaces(players: int) -> tuple[int, ...]:
    return tuple(s.index for s in catalog().side_for(players).in_area("variety"))


def variety_carry_out(state: GameState, seat: int, action: Variety, spec: SpaceSpec) -> GameState:
    return replace(state, queue=(Effect("variety"), *state.queue))


def single_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int, ...]:
    assert spec.colour is not None
    return _single_options(spec.key, colour_candidates(statue, spec.colour), turns)


def single_reads(spec: SpaceSpec, turns: bool) -> int:
    """The entries depend on the dice of the market's colour alone (`colour_candidates`)."""
    assert spec.colour is not None
    return BY_COLOUR + spec.colour


@memo(4096)
def _single_options(key: str, dice: bytes, turns: bool) -> tuple[int, ...]:
    """Keyed by the codes of the dice that could pay (bytes), not the whole statue, so that few
    listings are kept; action ids."""
    return tuple(
        _single(key, pay, good) for pay in value_payments(dice, turns) for good in range(len(GOODS))
    )


@memo()
def _single(key: str, pay: int, good: int) -> int:
    """The action id of a choice (`pay` a paid-die index, `good` a good's number), its record
    made once (a few thousand at most). Keyed by ints: a `Good` would keep the key tracked."""
    return action_id(Single(key, paid_die_of(pay), GOODS[good]))


def single_why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    return f"this market takes {a_die(spec.colour)} and you have none."


def variety_why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    return variety_problem(state, seat, None, spec) or "the variety market cannot be used now."


def single_problem(state: GameState, seat: int, action: Single, spec: SpaceSpec) -> str | None:
    return payment_problem(state, seat, (action.pay,), spec.colour)


def single_carry_out(state: GameState, seat: int, action: Single, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, (action.pay,))
    money = good_score(state.players[seat], action.good, action.pay.value)
    return tracks.gain_money(state, seat, money)
