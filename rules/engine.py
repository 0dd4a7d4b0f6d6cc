"""The two doors of the engine: what may be done now, and doing it."""

from __future__ import annotations

from . import effects, fields, quarry
from .actions import STACK, Action, Pass, TakeYield
from .area import Area
from .building import rebuild_tile_problem
from .canonical_form import canonical
from .errors import IllegalAction
from .model import Building, Effect
from .placing import AREA_OF_ACTION, AREAS, placement_options, space_options
from .revealed import Reveal
from .rounds import end_turn
from .spaces import occupy, space_problem, spaces_by_key
from .state import GameState, draft, release, replace, revealed


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now: the pending choice's answers, else placements, else passing."""
    if state.over:
        return []
    return effects.choice_options(state) if state.queue else (placement_options(state) or [Pass()])


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
    that has the listed spelling already (it took it from `legal_actions`, asked `canonical`, or
    read a log, which stores only listed spellings) may say so with `as_listed`, and the action
    is played as given, still checked."""
    step, action = _drafted(state, action, as_listed)
    return release(_step(step, action))


def apply_revealing(
    state: GameState, action: Action, *, as_listed: bool = False
) -> tuple[GameState, tuple[Reveal, ...]]:
    """Like `apply`, with what the action brought to light by chance, in the order it happened:
    dice rolled, yield tiles reshuffled or drawn, face-down tiles turned up, display tiles
    turned up (see `revealed`)."""
    step, action = _drafted(state, action, as_listed)
    after = _step(step, action)
    return release(after), revealed(step)


def _drafted(state: GameState, action: Action, as_listed: bool) -> tuple[GameState, Action]:
    """A draft of `state` for `action`'s step, once the checks that come before the step hold,
    and the action in its listed spelling."""
    if state.over:
        raise IllegalAction("The game is over.")
    if not as_listed:
        action = canonical(state, action)
    # Checked before the draft is made: listing is not part of the step, and no code but the
    # step's own may see a draft (see `draft`).
    if isinstance(action, Pass) and not state.queue and placement_options(state):
        raise IllegalAction("You cannot pass while a worker of yours can be placed.")
    return draft(state), action


def _step(state: GameState, action: Action) -> GameState:
    """`apply`'s work on its draft of the state, which every change below alters in place."""
    if state.queue:
        try:
            state = effects.choose(state, action)
        except IllegalAction as error:
            raise IllegalAction(_sentence(str(error))) from None
    else:
        placing = _PLACING.get(type(action))
        if placing is not None:
            state = _place(state, action, *placing)
        elif isinstance(action, Pass):
            state = state.update_player(state.turn, passed=True)
        else:
            raise IllegalAction(f"Nothing is waiting for {action}: place a worker or pass.")
    state = replace(effects.settle(state), steps=state.steps + 1)
    if state.queue:
        return state
    if state.action_levels:  # the action is over: the next one begins at the levels now
        state = replace(state, action_levels=())
    return end_turn(state)


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
