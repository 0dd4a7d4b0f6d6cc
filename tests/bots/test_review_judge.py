"""Judging one decision for a review (`bots.review`): the search's best move is legal, the worth
lost is never negative and nothing when the best move was played, the same judgement comes for
the same seed, in this process and in the bots' own."""

from __future__ import annotations

import random

import pytest

import rules
from rajas_tui.bots import review
from rajas_tui.present.bot_process import Process
from tests.helpers.playouts import random_states

SMALL = review.Budget(iterations=6, rollout=1, samples=3)


def _decisions(count: int) -> list[tuple[rules.GameState, rules.Action]]:
    """Seat views with more than one choice, each with a legal move drawn at random."""
    pick = random.Random(3)
    found = []
    for state in random_states(4) + random_states(2, variants=True):
        if state.over:
            continue
        view = rules.seat_view(state, state.turn)
        options = rules.legal_actions(view)
        if len(options) > 1:
            found.append((view, pick.choice(options)))
    return found[:count]


@pytest.mark.slow
def test_the_best_move_is_legal_and_the_worth_lost_never_negative() -> None:
    for view, played in _decisions(8):
        judgement = review.judge(view, view.turn, played, 17, SMALL)
        assert judgement.best in rules.legal_actions(view)
        assert judgement.loss >= 0
        assert judgement.loss == max(0.0, judgement.best_worth - judgement.played_worth)


def test_the_best_move_played_loses_nothing() -> None:
    view, _ = _decisions(1)[0]
    best = review.judge(view, view.turn, rules.legal_actions(view)[0], 5, SMALL).best
    again = review.judge(view, view.turn, best, 5, SMALL)
    assert again.best == best
    assert again.loss == 0.0
    assert again.played_worth == again.best_worth


@pytest.mark.slow
def test_the_same_seed_gives_the_same_judgement_here_and_in_the_bots_process() -> None:
    thinker = Process()
    try:
        for view, played in _decisions(3):
            here = review.judge(view, view.turn, played, 812, SMALL)
            assert review.judge(view, view.turn, played, 812, SMALL) == here
            there = thinker.judge(view, view.turn, played, 812, SMALL, lambda: False)
            assert there == here
    finally:
        thinker.close()
