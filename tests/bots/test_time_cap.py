"""A search given a clock stops at its budget's seconds by that clock and plays its best so far:
the stopping is told by a clock that ticks a fixed step a reading, never the machine's."""

from __future__ import annotations

import attrs
import pytest

import rules
from rajas_tui import bots
from rajas_tui.bots import search
from tests.bots.clocks import Ticking

BUDGET = search.Budget(iterations=50, rollout=1, seconds=3.0)


def _view(seed: int = 5, players: int = 4) -> rules.GameState:
    state = rules.new_game(rules.Config(players=players, seed=seed))
    return rules.seat_view(state, state.turn)


def test_the_search_stops_once_the_clock_passes_its_seconds() -> None:
    view = _view()
    clock = Ticking(step=1.0)
    # Read at 0 for the deadline (3), then after each iteration: 1, 2, 3 stops it.
    root = search.search(view, view.turn, 1, BUDGET, clock, deadline=clock() + 3.0)
    assert root.visits == 3
    assert clock.readings == 4


def test_a_capped_decision_is_the_one_its_iterations_so_far_give() -> None:
    view = _view()
    capped = search.decide(view, view.turn, 11, BUDGET, Ticking(step=0.75))
    # 0.75, 1.5, 2.25, 3.0: four iterations.
    assert capped == search.decide(view, view.turn, 11, attrs.evolve(BUDGET, iterations=4))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_clock_that_never_reaches_the_seconds_leaves_the_iterations(seed: int) -> None:
    view = _view(seed, players=2)
    slow = Ticking(step=1e-6)
    budget = attrs.evolve(BUDGET, iterations=20)
    root = search.search(view, view.turn, seed, budget, slow, deadline=slow() + 3.0)
    assert root.visits == 20
    assert search.decide(view, view.turn, seed, budget, Ticking(1e-6)) == search.decide(
        view, view.turn, seed, budget
    )


def test_at_least_one_iteration_however_late() -> None:
    view = _view()
    root = search.search(view, view.turn, 1, BUDGET, Ticking(step=100.0), deadline=-1.0)
    assert root.visits == 1
    assert search.decide(view, view.turn, 1, attrs.evolve(BUDGET, seconds=0.0), Ticking(1.0))


def test_without_a_clock_or_seconds_only_iterations_count() -> None:
    view = _view()
    unlimited = attrs.evolve(BUDGET, iterations=6, seconds=None)
    root = search.search(view, view.turn, 1, unlimited)
    assert root.visits == 6
    clock = Ticking(step=100.0)
    search.decide(view, view.turn, 1, unlimited, clock)
    assert clock.readings == 0, "no seconds: the clock is never read"


def test_every_level_has_seconds_and_choose_hands_the_clock_to_the_search() -> None:
    assert all(budget.seconds is not None for budget in search.LEVELS.values())
    view = _view(seed=8)
    seconds = search.LEVELS["hard"].seconds
    assert seconds is not None
    # One reading for the deadline and one after each iteration: two iterations, then stop.
    clock = Ticking(step=seconds / 2)
    chosen = bots.choose("hard", view, 8, clock)
    assert clock.readings == 3
    two = attrs.evolve(search.LEVELS["hard"], iterations=2)
    seed = bots.seed_for("hard", 8, view.steps)
    assert chosen == search.decide(view, view.turn, seed, two)
