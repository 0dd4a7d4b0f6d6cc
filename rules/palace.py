"""The Great Mogul's palace: terraces, balconies, the outer terrace and the chambers (§6)."""

from __future__ import annotations

from functools import cache, lru_cache

from .actions import Balcony, Chamber, Outer, Terrace
from .catalog import SpaceSpec, catalog
from .dice import (
    a_die,
    colour_candidates,
    face_candidates,
    give_up,
    payment_problem,
    remove_dice,
    single_die_options,
)
from .effects import MAY_BE_IMPOSSIBLE, chamber_possible
from .effects import chamber_problem as action_problem
from .model import Colour, Die, Effect, PaidDie
from .ruleset import seat_rules
from .state import GameState, replace


def _queue(state: GameState, effects: tuple[Effect, ...]) -> GameState:
    return replace(state, queue=effects + state.queue)


def terrace_options(state: GameState, seat: int, spec: SpaceSpec) -> tuple[Terrace]:
    return (_terrace(spec.key),)


def terraces_listing(state: GameState, seat: int, specs: tuple[SpaceSpec, ...]) -> list[Terrace]:
    return [_terrace(spec.key) for spec in specs]


@cache
def _terrace(key: str) -> Terrace:
    return Terrace(key)


def terrace_carry_out(state: GameState, seat: int, action: Terrace, spec: SpaceSpec) -> GameState:
    return _queue(state, _dice_gain(1, spec.colour))


@cache
def _dice_gain(n: int, colour: Colour | None) -> tuple[Effect]:
    """The gain of `n` dice of `colour`: one record for each, not one for every step."""
    return (Effect("dice", n=n, colour=colour),)


def outer_options(state: GameState, seat: int, spec: SpaceSpec) -> tuple[Outer]:
    return (_outer(spec.key),)


@cache
def _outer(key: str) -> Outer:
    return Outer(key)


def outer_carry_out(state: GameState, seat: int, action: Outer, spec: SpaceSpec) -> GameState:
    return _queue(state, catalog().outer_gain)


def balcony_options(state: GameState, seat: int, spec: SpaceSpec) -> tuple[Balcony, ...]:
    return tuple(balconies_listing(state, seat, (spec,)))


def balconies_listing(state: GameState, seat: int, specs: tuple[SpaceSpec, ...]) -> list[Balcony]:
    by_colour = colour_candidates(state.players[seat].dice)
    result: list[Balcony] = []
    for spec in specs:
        assert spec.colour is not None
        result += _balcony_options(spec.key, by_colour[spec.colour])
    return result


@lru_cache(maxsize=4096)
def _balcony_options(key: str, dice: bytes) -> tuple[Balcony, ...]:
    """Keyed by the codes of the dice that could pay (bytes), not the whole statue, so that few
    listings are kept."""
    return tuple(_balcony(key, pay) for pay in single_die_options(dice, 0))


@cache
def _balcony(key: str, pay: PaidDie) -> Balcony:
    """One shared record per balcony and paid die (a few hundred at most), so that the listings
    cached above hold no records of their own for the collector to walk."""
    return Balcony(key, pay)


def balcony_why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    return f"this balcony takes {a_die(spec.colour)} and you have none."


def balcony_problem(state: GameState, seat: int, action: Balcony, spec: SpaceSpec) -> str | None:
    return payment_problem(state, seat, (action.pay,), spec.colour)


def balcony_carry_out(state: GameState, seat: int, action: Balcony, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, (action.pay,))
    return _queue(state, _dice_gain(spec.n, spec.take))


def chamber_options(state: GameState, seat: int, spec: SpaceSpec) -> tuple[Chamber, ...]:
    return tuple(chambers_listing(state, seat, (spec,)))


def chambers_listing(state: GameState, seat: int, specs: tuple[SpaceSpec, ...]) -> list[Chamber]:
    """The payments at each of these open chambers, in order; what they share (the dice per
    face, the seat's chamber actions) is looked up once."""
    player = state.players[seat]
    turns = bool(player.karma)
    by_face = face_candidates(player.dice, turns)
    gains = seat_rules(state, seat).chambers
    result: list[Chamber] = []
    for spec in specs:
        value = spec.value
        options = _chambers(spec.key, by_face[value], turns, value)
        if options and _may_be_impossible(gains[value]):
            options = _possible_options(state, seat, spec, options)
        result += options
    return result


def _possible_options(
    state: GameState, seat: int, spec: SpaceSpec, options: tuple[Chamber, ...]
) -> tuple[Chamber, ...]:
    """The payments after which the chamber's action can still be carried out."""
    player = state.players[seat]
    kinds = _impossible_kinds(seat_rules(state, seat).chambers[spec.value])
    # One check with the whole statue rules out every payment at once when the action is
    # impossible anyway: giving up a die never makes the Master Builder possible, and the
    # Portuguese does not depend on the dice at all.
    if not chamber_possible(state, seat, spec.value, player.dice, player.karma):
        return ()
    if kinds == {"boat_exact"}:
        return options
    return tuple(o for o in options if _possible_after(state, seat, spec, o.pay))


@cache
def _may_be_impossible(gain: tuple[Effect, ...]) -> bool:
    """Whether a chamber's action may be impossible however its die is paid (the Master Builder
    with nothing to cover, the Portuguese near the end of the river)."""
    return any(g.kind in MAY_BE_IMPOSSIBLE for g in gain)


@cache
def _impossible_kinds(gain: tuple[Effect, ...]) -> frozenset[str]:
    """The kinds of a chamber's gains that may make its action impossible."""
    return frozenset(g.kind for g in gain) & MAY_BE_IMPOSSIBLE


def _chamber_payments(
    key: str, value: int, dice: tuple[Die, ...], karma: int
) -> tuple[Chamber, ...]:
    turns = bool(karma)
    return _chambers(key, face_candidates(dice, turns)[value], turns, value)


@lru_cache(maxsize=4096)
def _chambers(key: str, dice: bytes, turns: bool, value: int) -> tuple[Chamber, ...]:
    """Keyed by the codes of the dice that could pay (bytes), not the whole statue, so that few
    listings are kept."""
    return tuple(_chamber(key, pay) for pay in single_die_options(dice, turns, faces=(value,)))


@cache
def _chamber(key: str, pay: PaidDie) -> Chamber:
    """One shared record per chamber and paid die, as for the balconies."""
    return Chamber(key, pay)


def _possible_after(state: GameState, seat: int, spec: SpaceSpec, pay: PaidDie) -> bool:
    player = state.players[seat]
    dice = remove_dice(player.dice, (pay.die,))
    return chamber_possible(state, seat, spec.value, dice, player.karma - pay.flipped)


def chamber_why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    """Why no die can be given up at an open chamber: none shows its face, or its action cannot
    be carried out with the dice left."""
    player = state.players[seat]
    payments = _chamber_payments(spec.key, spec.value, player.dice, player.karma)
    name = catalog().chambers[spec.value].name
    if not payments:
        karma = ", even turned by karma" if player.karma else ""
        return f"the {name} takes a die showing {spec.value} and you have none{karma}."
    pay = payments[0].pay
    dice = remove_dice(player.dice, (pay.die,))
    trouble = action_problem(state, seat, spec.value, dice, player.karma - pay.flipped)
    return trouble or f"the {name} cannot be carried out now."


def chamber_problem(state: GameState, seat: int, action: Chamber, spec: SpaceSpec) -> str | None:
    trouble = payment_problem(state, seat, (action.pay,))
    if trouble:
        return trouble
    if action.pay.value != spec.value:
        return f"this chamber takes a die showing {spec.value}, not {action.pay.value}."
    if not _possible_after(state, seat, spec, action.pay):
        name = catalog().chambers[spec.value].name
        return f"the {name} cannot be carried out now."
    return None


def chamber_carry_out(state: GameState, seat: int, action: Chamber, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, (action.pay,))
    return _queue(state, seat_rules(state, seat).chambers[spec.value])
