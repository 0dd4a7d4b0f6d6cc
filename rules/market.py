"""The market: score markets of the province for money (§6)."""

from __future__ import annotations

from functools import lru_cache

from . import tracks
from .actions import Single, Variety
from .catalog import SpaceSpec
from .dice import a_die, give_up, payment_problem, value_options
from .model import GOODS, Effect, PaidDie
from .province import good_score
from .spaces import board_side
from .state import GameState, replace


def variety_options(state: GameState, seat: int, spec: SpaceSpec) -> list[Variety]:
    return [] if variety_problem(state, seat, None, spec) else [Variety(spec.key)]


def variety_problem(
    state: GameState, seat: int, action: Variety | None, spec: SpaceSpec
) -> str | None:
    side = board_side(state)
    if side.variety_one_per_player and any(
        state.spaces[s.index] == seat for s in side.in_area("variety")
    ):
        return "on this board each player may use the variety market once a round."
    return None


def variety_carry_out(state: GameState, seat: int, action: Variety, spec: SpaceSpec) -> GameState:
    return replace(state, queue=(Effect("variety"), *state.queue))


def single_options(state: GameState, seat: int, spec: SpaceSpec) -> tuple[Single, ...]:
    player = state.players[seat]
    assert spec.colour is not None
    return _single_options(spec.key, value_options(player.dice, player.karma, spec.colour))


@lru_cache(maxsize=4096)
def _single_options(key: str, payments: tuple[PaidDie, ...]) -> tuple[Single, ...]:
    """Keyed by the payments, not the whole statue, so that few listings are kept."""
    return tuple(Single(key, pay, good) for pay in payments for good in GOODS)


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
