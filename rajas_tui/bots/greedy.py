"""The greedy bot: tries every legal action once and keeps the one whose result the evaluation
(`evaluation.relative`: the seat's margin and future worth against its best rival's) likes best.

It looks one action ahead only, on a game drawn from what its seat may see (`rules.determinize`),
so a roll an action brings is one guess of it; ties go to the first listed action.
"""

from __future__ import annotations

from collections.abc import Sequence

import rules
from rajas_tui.bots import evaluation
from rajas_tui.bots.seeds import Seed, number
from rules import GameState


def decide(state: GameState, seat: int, seed: Seed) -> rules.Action:
    """The action whose result is worth most to `seat` (the seat acting in `state`)."""
    return best(rules.determinize(state, seat, number(seed)), seat)


def best(
    state: GameState, seat: int, options: Sequence[rules.Action] | None = None
) -> rules.Action:
    """The best of `options` (default: every legal action) in an already determinized game;
    also the search bot's rollout policy."""
    choices = list(options) if options is not None else rules.legal_actions(state)
    if len(choices) == 1:
        return choices[0]
    # Listed actions are spelled as listed: `apply` need not look for their listed spelling.
    listed = options is None
    scores = [
        _value(rules.apply(state, action, as_listed=listed), seat, FOLLOW_UPS) for action in choices
    ]
    return choices[max(range(len(choices)), key=scores.__getitem__)]


def ranked(state: GameState) -> list[rules.Action]:
    """Every legal action in an already determinized game, best first for the seat to act (ties
    in listed order): the order in which the search bot considers them."""
    choices = rules.legal_actions(state)
    if len(choices) == 1:
        return choices
    seat = state.turn
    scores = [
        _value(rules.apply(state, action, as_listed=True), seat, FOLLOW_UPS) for action in choices
    ]
    order = sorted(range(len(choices)), key=lambda i: -scores[i])
    return [choices[i] for i in order]


# How many of its own choices an action leaves pending (a bought tile to place, dice colours to
# pick) the bot looks through before it evaluates: an action is worth what it can be made to
# give, and a tile not yet placed counts for nothing in the evaluation.
FOLLOW_UPS = 1


def _value(state: GameState, seat: int, follow_ups: int) -> float:
    if follow_ups and state.queue and state.turn == seat and not state.over:
        return max(
            _value(rules.apply(state, action, as_listed=True), seat, follow_ups - 1)
            for action in rules.legal_actions(state)
        )
    return evaluation.relative(state, seat)
