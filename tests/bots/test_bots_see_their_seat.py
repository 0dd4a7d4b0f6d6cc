"""A bot is told only what its seat may see (issue 9: hidden tiles never reach a bot)."""

from __future__ import annotations

import pytest

import rules
from rajas_tui import bots


def _navaratnas_game() -> rules.GameState:
    return rules.new_game(rules.Config(players=3, seed=5, boards=("navaratnas",) * 3))


def test_the_state_a_bot_decides_on_hides_the_other_seats_face_down_tiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _navaratnas_game()
    seen: list[rules.GameState] = []
    real = rules.legal_actions

    def recording(view: rules.GameState) -> list[rules.Action]:
        seen.append(view)
        return real(view)

    monkeypatch.setattr(rules, "legal_actions", recording)
    bots.choose("random", state, 5)
    (view,) = seen
    for seat, player in enumerate(state.players):
        face_down = [i for i in range(len(player.fields)) if player.face_down & (1 << i)]
        assert face_down, "every Navaratnas seat starts with its brown tile face down"
        for field in face_down:
            shown = view.players[seat].fields[field]
            if seat == state.turn:
                assert shown == player.fields[field], "a bot sees its own face-down tile"
            else:
                assert shown == rules.UNSEEN, f"seat {seat}'s hidden tile reached the bot"


def test_a_bot_still_plays_whole_variant_games() -> None:
    state = rules.new_game(
        rules.Config(players=3, seed=9, boards=("base", "navaratnas", "base"), ganga=True)
    )
    while not state.over:
        state = rules.apply(state, bots.choose("random", state, 9))
    assert state.steps > 100
