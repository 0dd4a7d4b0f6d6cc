"""The chooser's preview: what an action costs and gains for the acting player, in words, from
the engine's forecast; the confirm step shows it, and the coach and the review tell moves with
it."""

from __future__ import annotations

from typing import Any

import rules
from rajas_tui.present import changes, text
from rajas_tui.present.changes import paid_dice
from rajas_tui.present.option_words import stack_tile
from rules import (
    GameState,
    Good,
    Pass,
    Place,
    Quarry,
    Single,
    TakeYield,
    Variety,
    good_markets,
    variety_markets,
)
from rules import choice_prompt as engine_prompt_of


def scored_markets(state: GameState, action: Any) -> list[tuple[Good, int]] | None:
    """The acting player's markets a market action scores, or None for any other action."""
    if isinstance(action, Variety):
        return variety_markets(state.player)
    if isinstance(action, Single):
        return [(action.good, m) for m in good_markets(state.player, action.good, action.pay.value)]
    return None


def preview(state: GameState, action: Any) -> str:
    """What the action costs and gains for the acting player: the gains known now as amounts
    (dice by colour only), then each choice it leads to and each hidden gain, by name. Worked
    out by the engine's forecast, which reveals nothing that is hidden until confirmation."""
    if isinstance(action, TakeYield) and action.tile == rules.STACK:
        # The top white tile lies face down: the forecast would lay that very tile, and a gain
        # it brings at once would tell which one it is.
        if _yield_field_reached(state, action):
            gain = "a road reaches the field: its gain comes at once, seen when you take it"
        else:
            gain = "no gain until a road reaches the field"
        return f"{text.action_words(action)}\n{gain}"
    seat = state.turn
    try:
        after, named = rules.forecast(state, action)
    except rules.IllegalAction as error:
        return f"not possible: {error}"
    # The dice paid and the dice gained are told apart, never netted: a payment of o5 o3 that
    # brings an orange die back must not read as one orange die less. The payment itself is
    # told once, in the action's words on the first line.
    parts = changes.parts(changes.change_of(state, after, seat, paid_dice(action)))
    parts += _worth_nothing_reached(state, after)
    for effect in named:
        asked = engine_prompt_of(effect)
        if asked is None:
            parts.append(f"then {text.gain_words(effect)}")
        elif asked.startswith("choose"):
            parts.append(f"then {asked}")
        else:
            parts.append(f"then choose to {asked}")
    if isinstance(action, Pass):
        words = text.pass_words(state)
    else:
        words = text.action_words(action, _bought_tile(state, action))
    if isinstance(action, Place):
        words += _fields_reached(state, after)
    scored = scored_markets(state, action)
    if isinstance(action, Variety) and scored is not None:
        words += f": scores {text.your_markets(scored)}"
    elif scored is not None:
        # The words already say "scores 5 silk markets": name the ones the player has.
        words += f": {text.your_markets(scored) if scored else 'you have none'}"
    if isinstance(action, TakeYield):
        if not _yield_field_reached(state, action):
            tile = rules.catalog().yield_tile(action.tile)
            gain = text.gains_words(tile.gain) if tile is not None else "its gain"
            return f"{words}\nno gain yet: {gain} when a road reaches the field"
        return f"{words}\ngained at once, a road reaches the field: {' '.join(parts) or 'nothing'}"
    return f"{words}\n{' '.join(parts) if parts else 'no gain'}"


def _worth_nothing_reached(state: GameState, after: GameState) -> list[str]:
    """The gains of the river space the acting seat's boat reaches that bring nothing now
    (1 die per ☯ with no karma): else the preview would be silent about the space."""
    seat = state.turn
    to = after.river.boats[seat]
    if to == state.river.boats[seat]:
        return []
    return [
        f"{text.gain_words(gain)} (nothing now)"
        for gain in rules.ruleset(state).river[to]
        if rules.gain_amount(state, seat, gain) == 0
    ]


def _fields_reached(state: GameState, after: GameState) -> str:
    """The acting seat's yield tiles a placement's road reaches, as words after the action's:
    ", reaches yellow4 left of a3". The tiles are the seat's own, face down or not."""
    seat = state.turn
    new = after.players[seat].gained & ~state.players[seat].gained
    fields = rules.seat_rules(state, seat).fields
    tiles = rules.catalog().yield_tiles
    reached = [
        f"{tiles[state.players[seat].fields[i]].name} {text.field_place(field)}"
        for i, field in enumerate(fields)
        if new & (1 << i)
    ]
    return f", reaches {' and '.join(reached)}" if reached else ""


def _yield_field_reached(state: GameState, action: TakeYield) -> bool:
    """Whether a road of the acting seat's province already reaches the take's field."""
    for field in rules.seat_rules(state, state.turn).fields:
        if field.cell == action.cell and field.side == action.side:
            return rules.field_reached(state.player.province, field)
    return False


def _bought_tile(state: GameState, action: Any) -> Any:
    if isinstance(action, Quarry) and state.supply.stacks[action.stack]:
        return stack_tile(state, action.stack)
    return None
