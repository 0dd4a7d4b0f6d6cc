"""The coach: the normal bot's choice from the acting seat's view, told as the preview tells it,
with the evaluation terms it moves most as the reasons."""

from __future__ import annotations

import attrs
import pytest

import rules
import saves
from rajas_tui import bots
from rajas_tui.bots import evaluation
from rajas_tui.present import coach
from rajas_tui.present.action_preview import preview

SEED = 7


def _opening() -> rules.GameState:
    game = saves.start_game(saves.seated([("Asha", "human"), ("Bela", "normal")], SEED))
    return game.state


def test_explain_tells_the_preview_and_the_largest_changes() -> None:
    view = rules.seat_view(_opening(), _opening().turn)
    for action in rules.legal_actions(view)[:12]:
        advice = coach.explain(view, action)
        assert advice.told == tuple(preview(view, action).split("\n"))
        after, named = rules.forecast(view, action)
        moved = evaluation.changes(view, after, view.turn, named)
        assert [(r.term, r.change) for r in advice.reasons] == moved[: coach.REASONS]
        assert advice.gain == pytest.approx(sum(change for _, change in moved))
        words = coach.lines(advice)
        assert words[0] == f"Play {advice.told[0]}"
        for reason in advice.reasons:
            assert f"  {coach.TERM_WORDS[reason.term]}: {reason.change:+.1f}" in words


def test_every_term_has_words() -> None:
    assert set(coach.TERM_WORDS) == set(evaluation.terms(_opening(), 0))


@pytest.mark.slow
def test_the_advice_is_the_normal_bots_move_from_the_seats_view() -> None:
    state = _opening()
    advice = coach.advise(state, SEED)
    view = rules.seat_view(state, state.turn)
    assert advice.action == bots.choose(coach.LEVEL, view, SEED)
    assert advice.action in rules.legal_actions(state)
    assert coach.advise(state, SEED) == advice, "the same position, the same advice"


@pytest.mark.slow
def test_hidden_information_does_not_change_the_advice() -> None:
    """Another generator (future rolls and draws) is hidden from the seat: same advice."""
    state = _opening()
    other = attrs.evolve(state, rng=rules.determinize(state, state.turn, 99).rng)
    assert coach.advise(other, SEED) == coach.advise(state, SEED)


def test_no_advice_when_the_game_is_over() -> None:
    state = attrs.evolve(_opening(), over=True)
    with pytest.raises(ValueError, match="game is over"):
        coach.advise(state, SEED)
