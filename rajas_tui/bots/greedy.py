"""The greedy bot: tries every legal action once and keeps the one whose result the evaluation
(`evaluation.relative`: the seat's margin and future worth against its best rival's) likes best.

It looks one action ahead only, on a game drawn from what its seat may see (`rules.determinize`),
so a roll an action brings is one guess of it; ties go to the first listed action.
"""

from __future__ import annotations

import rules
from rajas_tui.bots import evaluation
from rajas_tui.bots.seeds import Seed, number
from rules import GameState


def decide(state: GameState, seat: int, seed: Seed) -> rules.Action:
    """The action whose result is worth most to `seat` (the seat acting in `state`)."""
    return best(rules.determinize(state, seat, number(seed)), seat)


def best(state: GameState, seat: int) -> rules.Action:
    """The best legal action in an already determinized game; also the search bot's rollout
    policy."""
    choices = rules.legal_actions(state)
    if len(choices) == 1:
        return choices[0]
    scores = _scores(state, seat, choices)
    return choices[max(range(len(choices)), key=scores.__getitem__)]


def ranked(state: GameState) -> list[rules.Action]:
    """Every legal action in an already determinized game, best first for the seat to act (ties
    in listed order): the order in which the search bot considers them."""
    choices = rules.legal_actions(state)
    if len(choices) == 1:
        return choices
    scores = _scores(state, state.turn, choices)
    order = sorted(range(len(choices)), key=lambda i: -scores[i])
    return [choices[i] for i in order]


def _scores(state: GameState, seat: int, choices: list[rules.Action]) -> list[float]:
    """What each listed action is worth to `seat`; `apply` is told they are spelled as listed."""
    return [
        _value(rules.apply(state, action, as_listed=True), seat, FOLLOW_UPS) for action in choices
    ]


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
