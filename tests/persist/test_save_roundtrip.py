"""Round trips: the states reached in 200 random games survive the save format.

A sample, to keep the suite fast: every third state, and the last, goes through the converter
(state -> plain data -> state); every 50th, and the last, also through TOML text; each game is
saved and loaded whole (with the full replay check) at one random point and, for every tenth game,
at its end. The states in between differ from their neighbours by one action.
"""

from __future__ import annotations

import json
import random
import tomllib

import pytest
import tomli_w

import rules
from rajas_tui import bots, persist
from rajas_tui.codec import structure, unstructure
from rajas_tui.records import Game, Seat, Setup
from rules.state import GameState

GAMES = 200
BLOCKS = 10
DATA_EVERY = 3
TEXT_EVERY = 50


def _through_text(state: GameState) -> GameState:
    text = tomli_w.dumps({"state": unstructure(state)})
    return structure(tomllib.loads(text)["state"], GameState, "state")


def _check_file(game: Game, path) -> None:
    persist.save(game, path)
    loaded = persist.load(path)
    assert loaded == game


@pytest.mark.parametrize("block", range(BLOCKS))
def test_states_of_random_games_round_trip(block: int, tmp_path) -> None:
    for seed in range(block * GAMES // BLOCKS, (block + 1) * GAMES // BLOCKS):
        players = 2 + seed % 3
        names = ("Asha", "Bela", "Chand", "Devi")[:players]
        undo = "free" if seed % 2 else "strict"
        game = persist.start_game(Setup(tuple(Seat(n) for n in names), seed, undo=undo))
        chooser = random.Random(seed)
        save_at = chooser.randrange(1, 150)
        step = 0
        while True:
            state = game.state
            if step % DATA_EVERY == 0 or state.over:
                assert structure(unstructure(state), GameState) == state, (seed, step)
            if step % TEXT_EVERY == 0 or state.over:
                assert _through_text(state) == state, (seed, step)
            if step == save_at:
                _check_file(game, tmp_path / f"{seed}-{step}.toml")
            if state.over:
                break
            game = persist.play(game, bots.choose("random", state, seed))
            step += 1
        if seed % 10 == 0:
            _check_file(game, tmp_path / f"{seed}-end.toml")


def test_state_json_is_the_save_format() -> None:
    game = persist.load("saves/midgame-4p.toml")
    data = json.loads(json.dumps(unstructure(game.state)))
    assert structure(data, GameState) == game.state
    assert data["players"][0]["levels"].keys() == {"temple", "palace", "fort", "mill"}
    assert all(isinstance(d, str) for d in data["players"][0]["dice"])


def test_a_game_with_redo_and_free_undo_round_trips(tmp_path) -> None:
    setup = Setup((Seat("Asha"), Seat("Bela", "random")), 5, undo="free")
    game = persist.run_bots(persist.start_game(setup))
    for _ in range(12):
        game = persist.run_bots(persist.play(game, bots.choose("random", game.state, 5)))
    game = persist.undo(persist.undo(game))
    assert len(game.redo) == 2
    _check_file(game, tmp_path / "redo.toml")


def test_a_saved_game_reads_the_same_after_another_save(tmp_path) -> None:
    game = persist.load("saves/final-action-3p.toml")
    first = persist.dumps(game)
    path = tmp_path / "again.toml"
    path.write_text(first)
    assert persist.dumps(persist.load(path)) == first
    assert rules.legal_actions(game.state)
