"""The harbor: give up a low die to move the boat up the river (§6)."""

from __future__ import annotations

from . import river
from .actions import Harbor
from .area import action_id, actions_of
from .cache import memo
from .catalog import SpaceSpec, catalog
from .dice import candidates, give_up, paid_die_of, payment_problem, single_die_ids
from .model import Effect
from .state import GameState, replace


def listing(state: GameState, seat: int, spec: SpaceSpec, _: object) -> list[Harbor]:
    """Each die that can pay, with each move that stops the boat on another space."""
    reach = river.free_ahead(state.river.boats, seat)
    if not reach:  # the boat is on the final space
        return []
    player = state.players[seat]
    faces = _FACES[catalog().harbor_max_die]
    turns = bool(player.karma)
    dice = candidates(player.dice, None, faces, turns)
    return actions_of(_moves(spec.key, dice, turns, faces, min(reach, len(faces))))


# The faces a harbor takes, per highest face: 1, 1 2, ... (bytes, as the caches below are keyed
# by: see `dice`).
_FACES = tuple(bytes(range(1, top + 1)) for top in range(7))


@memo(4096)
def _moves(key: str, dice: bytes, turns: bool, faces: bytes, reach: int) -> tuple[int, ...]:
    """Each die that can pay, with each step count up to its value that stops the boat on a
    space no fewer steps reach (those up to `reach`: see `river.free_ahead`), as action ids;
    keyed by the dice that could pay (their codes in bytes), not the whole statue, and by that
    count, not the boats."""
    return tuple(
        _harbor(key, pay, steps)
        for pay in single_die_ids(dice, turns, faces)
        for steps in range(1, min(paid_die_of(pay).value, reach) + 1)
    )


@memo()
def _harbor(key: str, pay: int, steps: int) -> int:
    """The action id of a move (`pay` a paid-die index), its record made once (a few hundred
    in all)."""
    return action_id(Harbor(key, paid_die_of(pay), steps))


def why_not(state: GameState, seat: int, spec: SpaceSpec) -> str:
    """Why no boat move is possible at an open harbor space the player can pay for."""
    if not river.can_move(state, seat):
        return "your boat is on the final space already."
    highest = catalog().harbor_max_die
    karma = ", even turned by karma" if state.players[seat].karma else ""
    return f"the harbor takes a die showing 1 to {highest} and you have none{karma}."


def problem(state: GameState, seat: int, action: Harbor, spec: SpaceSpec) -> str | None:
    if not river.can_move(state, seat):
        return "your boat is on the final space already."
    trouble = payment_problem(state, seat, (action.pay,))
    if trouble:
        return trouble
    if not 1 <= action.pay.value <= catalog().harbor_max_die:
        highest = catalog().harbor_max_die
        return f"the harbor takes a die showing 1 to {highest}, not {action.pay.value}."
    if not 1 <= action.steps <= action.pay.value:
        return f"a {action.pay.value} moves the boat 1 to {action.pay.value} spaces."
    return None


def carry_out(state: GameState, seat: int, action: Harbor, spec: SpaceSpec) -> GameState:
    state = give_up(state, seat, (action.pay,))
    return replace(state, queue=(Effect("boat_exact", n=action.steps), *state.queue))
