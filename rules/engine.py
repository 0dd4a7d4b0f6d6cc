"""The two doors of the engine: what may be done now, and doing it."""

from __future__ import annotations

from itertools import repeat
from operator import is_

from . import effects, fields, quarry
from .actions import STACK, Action, Pass, TakeYield
from .area import Area
from .building import rebuild_tile_problem
from .errors import IllegalAction
from .model import Building, Effect
from .placing import AREA_OF_ACTION, AREAS, placement_options, space_options
from .rounds import end_turn
from .spaces import occupy, space_problem, spaces_by_key
from .spellings import canonical
from .state import GameState, draft, release, replace


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now: the pending choice's answers, else placements, else passing."""
    global _last_listed
    if state.over:
        return []
    actions = (
        effects.choice_options(state) if state.queue else (placement_options(state) or [Pass()])
    )
    # A tuple of its own: the caller may change the list it is given.
    _last_listed = (state, tuple(actions))
    return actions


# The last actions listed, with the state they were listed for. A player nearly always applies
# one of the actions just listed for the very same state (a bot, the app's chooser, a random
# game), and such an action needs no `canonical` spelling, and a placement not the checks of
# `_place`: the listing made them (a choice is still checked as it is carried out). Told by
# identity alone (the state and the listed record), so an equal action built elsewhere is
# checked as always. One assignment, so that a thread reads a pair that belongs together.
_last_listed: tuple[GameState | None, tuple[Action, ...]] = (None, ())


def _was_listed(state: GameState, action: Action) -> bool:
    listed_for, listed = _last_listed
    # By identity alone, through C calls that make no object (`id` would make an int each).
    return listed_for is state and any(map(is_, listed, repeat(action)))


def why_not(state: GameState, space: str) -> str | None:
    """Why the acting player cannot put a worker on `space` now, in one sentence; None exactly
    when some legal action does."""
    if state.over:
        return "The game is over."
    if state.queue:
        return _sentence(f"first {effects.prompt(state)}")
    spec = spaces_by_key(state.config.players).get(space)
    if spec is None:
        return f"There is no space {space} on this board."
    _, problem = space_problem(state, space, spec.area)
    if problem:
        return _sentence(problem)
    if space_options(state, spec):
        return None
    return _sentence(AREAS[spec.area].why_not(state, state.turn, spec))


def why_not_tile(state: GameState, stack: int, cell: int | None = None) -> str | None:
    """Why the top tile of display `stack` cannot be bought at the quarry now, or with `cell`,
    cannot cover that cell's tile for the Master Builder; None exactly when it can."""
    if state.over:
        return "The game is over."
    if cell is None:
        problem = quarry.tile_problem(state, state.turn, stack)
    else:
        problem = rebuild_tile_problem(state, state.turn, cell, stack)
    return _sentence(problem) if problem else None


def why_not_chamber(state: GameState, value: int) -> str | None:
    """Why the pending chamber choice cannot take chamber `value` (None when it can)."""
    problem = effects.chamber_choice_problem(state, state.turn, value)
    return _sentence(problem) if problem else None


def why_not_upgrade(state: GameState, building: Building) -> str | None:
    """Why the pending upgrade cannot raise this building row (None when it can)."""
    problem = effects.upgrade_problem(state, state.turn, int(building))
    return _sentence(problem) if problem else None


def why_not_yield(state: GameState, action: TakeYield) -> str | None:
    """Why the pending yield-tile choice cannot take this tile onto this field (None when it
    can)."""
    if state.over:
        return "The game is over."
    if not state.queue or state.queue[0].kind != "take_yield":
        return "No yield tile is waiting to be taken."
    problem = fields.take_problem(state, state.turn, action)
    return _sentence(problem) if problem else None


def _place_listed(state: GameState, action: Action, area_name: str, area: Area) -> GameState:
    """`_place` for an action listed for this state, which needs no checks."""
    spec = spaces_by_key(state.config.players)[action.space]  # type: ignore[union-attr]
    state = occupy(state, state.turn, spec)
    return area.carry_out(state, state.turn, action, spec)


def _place(state: GameState, action: Action, area_name: str, area: Area) -> GameState:
    spec, problem = space_problem(state, action.space, area_name)  # type: ignore[union-attr]
    if spec is None:
        raise IllegalAction(f"You cannot go there: {problem}")
    problem = area.problem(state, state.turn, action, spec)
    if problem:
        raise IllegalAction(f"You cannot do that: {problem}")
    state = occupy(state, state.turn, spec)
    return area.carry_out(state, state.turn, action, spec)


# Each kind of placement with its area, found by the action's type in one lookup per step.
_PLACING: dict[type, tuple[str, Area]] = {
    kind: (name, AREAS[name]) for kind, name in AREA_OF_ACTION.items()
}


def apply(state: GameState, action: Action, *, as_listed: bool = False) -> GameState:
    """The state after `action`; raises IllegalAction (one sentence) if it is not legal now.

    Another spelling of a listed action (see `canonical`) is played as the listed one. A caller
    that has the listed spelling already (it asked `canonical`, or read a log, which stores
    only listed spellings) says so with `as_listed`, and the action is played as given. An
    action that `legal_actions` has just listed for this same state (that record itself) is
    played as given, and a placement without checks: the listing made them (see
    `_last_listed`)."""
    if state.over:
        raise IllegalAction("The game is over.")
    listed = _was_listed(state, action)
    if not (as_listed or listed):
        action = canonical(state, action)
    # Checked before the draft is made: listing is not part of the step, and no code but the
    # step's own may see a draft (see `draft`).
    if not listed and isinstance(action, Pass) and not state.queue and placement_options(state):
        raise IllegalAction("You cannot pass while a worker of yours can be placed.")
    step = draft(state)
    try:
        return _step(step, action, listed)
    finally:
        release(step)


def _step(state: GameState, action: Action, listed: bool = False) -> GameState:
    """`apply`'s work on its draft of the state, which every change below alters in place;
    `listed` says the action was listed for this state (see `_last_listed`)."""
    if state.queue:
        try:
            state = effects.choose(state, action)
        except IllegalAction as error:
            raise IllegalAction(_sentence(str(error))) from None
    else:
        placing = _PLACING.get(type(action))
        if placing is not None:
            state = (_place_listed if listed else _place)(state, action, *placing)
        elif isinstance(action, Pass):
            state = state.update_player(state.turn, passed=True)
        else:
            raise IllegalAction(f"Nothing is waiting for {action}: place a worker or pass.")
    state = replace(effects.settle(state), steps=state.steps + 1)
    return state if state.queue else end_turn(state)


def forecast(state: GameState, action: Action) -> tuple[GameState, tuple[Effect, ...]]:
    """What `action` surely brings the acting player, for a preview: the state after its gains
    that are known now, and the gains still to be told by name (choices it will ask for, gains
    whose outcome is hidden until carried out). Raises IllegalAction like `apply`. Dice it
    brings are rolled from a stand-in random stream, so only their colours mean anything."""
    if state.over:
        raise IllegalAction("The game is over.")
    state = replace(state, rng=_STAND_IN_RNG)
    if state.queue and isinstance(action, TakeYield) and action.tile == STACK:
        return _forecast_unseen_take(state, action)
    if state.queue:
        try:
            state = effects.choose(state, action)
        except IllegalAction as error:
            raise IllegalAction(_sentence(str(error))) from None
    elif type(action) in _PLACING:
        state = _place(state, action, *_PLACING[type(action)])
    else:
        return state, ()
    return effects.forecast(state)


def _forecast_unseen_take(
    state: GameState, action: TakeYield
) -> tuple[GameState, tuple[Effect, ...]]:
    """The top face-down white tile stays unseen in a preview: its gain is named, not told."""
    problem = why_not_yield(state, action)
    if problem:
        raise IllegalAction(problem)
    state, hidden = fields.take_unseen(state, state.turn, action)
    after, named = effects.forecast(state)
    return after, ((hidden,) if hidden else ()) + named


# Dice a forecast brings are rolled from this, not from the game's stream, so that a preview
# cannot tell what the real roll will be.
_STAND_IN_RNG = 1


def _sentence(text: str) -> str:
    """Messages are one sentence: a capital first, a full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def is_over(state: GameState) -> bool:
    return state.over
