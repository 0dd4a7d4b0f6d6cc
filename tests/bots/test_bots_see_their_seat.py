"""A bot is told only what its seat may see: hidden tiles never reach a bot."""

from __future__ import annotations

import random

import pytest

import rules
from rajas_tui import bots
from rajas_tui.bots import search


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


def _last_move_of_a_navaratnas_game(game_seed: int) -> rules.GameState:
    """A 2-player Navaratnas game played at random to its last move: what is checked is the
    seed a bot is handed, the same in any position, and there every level's search is short,
    its playouts being."""
    state = rules.new_game(rules.Config(players=2, seed=game_seed, boards=("navaratnas",) * 2))
    pick = random.Random(game_seed)
    while True:
        after = rules.apply(state, pick.choice(rules.legal_actions(state)))
        if after.over:
            return state
        state = after


@pytest.mark.slow
@pytest.mark.parametrize("kind", bots.KINDS)
def test_a_bot_is_not_handed_the_games_seed(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Set up again from the seed, a game tells every hidden tile: a bot's own seed is drawn
    from it, but cannot be read back to it."""
    game_seed = 7_346_912_058_113
    state = _last_move_of_a_navaratnas_game(game_seed)
    assert any(player.face_down for player in state.players), "a tile is still hidden"
    handed: list[object] = []
    decide = bots.BOTS[kind]

    def recording(
        view: rules.GameState, seat: int, seed: object, clock: search.Clock | None
    ) -> rules.Action:
        handed.append(seed)
        return decide(view, seat, seed, clock)

    monkeypatch.setitem(bots.BOTS, kind, recording)
    first = bots.choose(kind, rules.seat_view(state, state.turn), game_seed)
    assert bots.choose(kind, rules.seat_view(state, state.turn), game_seed) == first
    assert handed[0] == handed[1], "the same decision draws from the same seed"
    assert str(game_seed) not in str(handed[0]) and f"{game_seed:x}" not in f"{handed[0]}"
    steps = state.steps
    assert bots.seed_for(kind, game_seed, steps + 1) != handed[0]
    assert bots.seed_for(kind, game_seed + 1, steps) != handed[0]
