"""The Great Mogul's palace: terraces, balconies, the outer terrace and the chambers (§6)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from . import river
from .actions import Balcony, Chamber, Outer, Terrace
from .area import Check, action_id, actions_of
from .building import cover_needs, covers
from .cache import ACTIONS, memo
from .catalog import SpaceSpec, catalog
from .dice import (
    BY_COLOUR,
    BY_FACE,
    BY_FACE_TURNED,
    a_die,
    best_totals,
    colour_candidates,
    face_candidates,
    give_up,
    paid_die_of,
    payment_problem,
    remove_dice,
    single_die_ids,
)
from .effects import MAY_BE_IMPOSSIBLE, chamber_possible
from .effects import chamber_problem as action_problem
from .model import Colour, Die, Effect, PaidDie
from .ruleset import SeatRules, seat_rules
from .state import GameState, replace


def _queue(state: GameState, effects: tuple[Effect, ...]) -> GameState:
    return replace(state, queue=effects + state.queue)


def terrace_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int]:
    return _terrace(spec.key)


@memo()
def _terrace(key: str) -> tuple[int]:
    """One shared listing per terrace, the same whatever the dice (see `placing`)."""
    return (action_id(Terrace(key)),)


def terrace_carry_out(state: GameState, seat: int, action: Terrace, spec: SpaceSpec) -> GameState:
    return _queue(state, _dice_gain(1, spec.colour))


@memo()
def _dice_gain(n: int, colour: Colour | None) -> tuple[Effect]:
    """The gain of `n` dice of `colour`: one record for each, not one for every step."""
    return (Effect("dice", n=n, colour=colour),)


def outer_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int]:
    return _outer(spec.key)


@memo()
def _outer(key: str) -> tuple[int]:
    """One shared listing, as for the terraces."""
    return (action_id(Outer(key)),)


def outer_carry_out(state: GameState, seat: int, action: Outer, spec: SpaceSpec) -> GameState:
    return _queue(state, catalog().outer_gain)


def balcony_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int, ...]:
    assert spec.colour is not None
    return _balcony_options(spec.key, colour_candidates(statue, spec.colour))


def balcony_reads(spec: SpaceSpec, turns: bool) -> int:
    """The entries depend on the dice of the balcony's colour alone (`colour_candidates`)."""
    assert spec.colour is not None
    return BY_COLOUR + spec.colour


@memo(4096)
def _balcony_options(key: str, dice: bytes) -> tuple[int, ...]:
    """Keyed by the codes of the dice that could pay (bytes), not the whole statue, so that few
    listings are kept; action ids."""
    return tuple(_balcony(key, pay) for pay in single_die_ids(dice, False, b""))


@memo()
def _balcony(key: str, pay: int) -> int:
    """The action id of giving up a die (`pay` a paid-die index) at a balcony, its record made
    once (a few hundred at most)."""
    return action_id(Balcony(key, paid_die_of(pay)))


def balcony_why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    return f"this balcony takes {a_die(spec.colour)} and you have none."


def balcony_problem(state: GameState, seat: int, action: Balcony, spec: SpaceSpec) -> str | None:
    return payment_problem(state, seat, (action.pay,), spec.colour)


def balcony_carry_out(state: GameState, seat: int, action: Balcony, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, (action.pay,))
    return _queue(state, _dice_gain(spec.n, spec.take))


def chamber_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[int, ...]:
    """Each die that can pay, whether or not the chamber's action can then be carried out."""
    return _chambers(spec.key, face_candidates(statue, turns, spec.value), turns, spec.value)


def chamber_reads(spec: SpaceSpec, turns: bool) -> int:
    """The entries depend on the dice that show the chamber's value, or with karma can be
    turned to it, alone (`face_candidates`)."""
    return (BY_FACE_TURNED if turns else BY_FACE) + spec.value


def chamber_check(players: int, rules: SeatRules, spec: SpaceSpec) -> Check | None:
    """A chamber whose action may be impossible on this board lists only the payments after
    which it can be carried out; the others list every payment."""
    kinds = _impossible_kinds(rules.chambers[spec.value])
    if not kinds:
        return None
    return partial(_possible_chambers, "boat_exact" in kinds, "rebuild" in kinds)


def _possible_chambers(
    boat: bool,
    rebuild: bool,
    state: GameState,
    seat: int,
    spec: SpaceSpec,
    entries: Sequence[Chamber],
) -> Sequence[Chamber]:
    """The Portuguese does not depend on the dice: checked once for every payment. The Master
    Builder's needs are worked out once per listing and held against what each payment leaves."""
    if not entries or (boat and not river.portuguese_open(state, seat)):
        return ()
    if not rebuild:
        return entries
    player = state.players[seat]
    karma = player.karma
    statue = bytes(player.dice)
    needs = cover_needs(state, seat)
    # What all the dice could pay bounds what any payment leaves: when even that covers
    # nothing (so early in a game, with nothing to cover, about a quarter of these checks),
    # no payment is kept.
    if not covers(needs, best_totals(statue, karma)):
        return ()
    kept = _rebuildable(spec.key, spec.value, statue, karma, needs)
    return entries if len(kept) == len(entries) else [entries[i] for i in kept]


@memo(2048)
def _rebuildable(key: str, value: int, statue: bytes, karma: int, needs: bytes) -> bytes:
    """Which of the payments at the chamber (by their place in its entries) leave dice that
    can pay one of the `needs`."""
    turns = karma > 0
    kept = bytearray()
    for i, option in enumerate(_chambers(key, face_candidates(statue, turns, value), turns, value)):
        pay = ACTIONS.values[option].pay
        rest = statue.replace(bytes((pay.die,)), b"", 1)
        if covers(needs, best_totals(rest, karma - pay.flipped)):
            kept.append(i)
    return bytes(kept)


@memo()
def _impossible_kinds(gain: tuple[Effect, ...]) -> frozenset[str]:
    """The kinds of a chamber's gains that may make its action impossible."""
    return frozenset(g.kind for g in gain) & MAY_BE_IMPOSSIBLE


def _chamber_payments(
    key: str, value: int, dice: tuple[Die, ...], karma: int
) -> tuple[Chamber, ...]:
    turns = bool(karma)
    return tuple(actions_of(_chambers(key, face_candidates(dice, turns, value), turns, value)))


@memo(4096)
def _chambers(key: str, dice: bytes, turns: bool, value: int) -> tuple[int, ...]:
    """Keyed by the codes of the dice that could pay (bytes), not the whole statue, so that few
    listings are kept; action ids."""
    return tuple(_chamber(key, pay) for pay in single_die_ids(dice, turns, bytes((value,))))


@memo()
def _chamber(key: str, pay: int) -> int:
    """The action id of a chamber payment (`pay` a paid-die index), as for the balconies."""
    return action_id(Chamber(key, paid_die_of(pay)))


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
