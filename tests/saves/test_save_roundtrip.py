"""Round trips: every state reached in 120 random games survives the save format.

Every state goes through the converter and TOML text (state -> plain data -> TOML -> state);
each game is also saved and loaded whole, with the full replay check, at one random point and,
for every tenth game, at its end.
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
import tomli_w

import rules
import saves
from rajas_tui import bots
from rajas_tui.present import turns
from rules.state import GameState
from saves.converter import structure, unstructure
from saves.records import Game, Seat, Setup

GAMES = 120
BLOCKS = 10


def _through_text(state: GameState) -> GameState:
    text = tomli_w.dumps({"state": unstructure(state)})
    return structure(tomllib.loads(text)["state"], GameState, "state")


def _check_file(game: Game, path: Path) -> None:
    saves.save(game, path)
    loaded = saves.load(path)
    assert loaded == game


def _round_trip_block(block: int, directory: Path) -> int:
    """Plays one block of the games, checking every state; returns how many states it checked."""
    checked = 0
    for seed in range(block * GAMES // BLOCKS, (block + 1) * GAMES // BLOCKS):
        players = 2 + seed % 3
        names = ("Asha", "Bela", "Chand", "Devi")[:players]
        undo = "free" if seed % 2 else "strict"
        game = saves.start_game(Setup(tuple(Seat(n) for n in names), seed, undo=undo))
        chooser = random.Random(seed)
        save_at = chooser.randrange(1, 150)
        step = 0
        while True:
            state = game.state
            assert _through_text(state) == state, (seed, step)
            checked += 1
            if step == save_at:
                _check_file(game, directory / f"{seed}-{step}.toml")
            if state.over:
                break
            game = saves.play(game, bots.choose("random", state, seed))
            step += 1
        if seed % 10 == 0:
            _check_file(game, directory / f"{seed}-end.toml")
    return checked


# Each block is its own test, so pytest-xdist spreads the games over the cores.
@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_every_state_of_120_random_games_round_trips(block: int, tmp_path: Path) -> None:
    checked = _round_trip_block(block, tmp_path)
    assert checked > 200 * (GAMES // BLOCKS)  # whole games were played, not a few steps each


def test_state_json_is_the_save_format() -> None:
    game = saves.load(saves.examples_dir() / "midgame-4p.toml")
    data = json.loads(json.dumps(unstructure(game.state)))
    assert structure(data, GameState) == game.state
    assert data["players"][0]["levels"].keys() == {"temple", "palace", "fort", "mill"}
    assert all(isinstance(d, str) for d in data["players"][0]["dice"])


def test_a_game_with_redo_and_free_undo_round_trips(tmp_path) -> None:
    setup = Setup((Seat("Asha"), Seat("Bela", "random")), 5, undo="free")
    game = turns.run_bots(saves.start_game(setup))
    for _ in range(12):
        game = turns.run_bots(saves.play(game, bots.choose("random", game.state, 5)))
    game = saves.undo(saves.undo(game))
    assert len(game.redo) == 2
    _check_file(game, tmp_path / "redo.toml")


def test_a_saved_game_reads_the_same_after_another_save(tmp_path) -> None:
    game = saves.load(saves.examples_dir() / "final-action-3p.toml")
    first = saves.dumps(game)
    path = tmp_path / "again.toml"
    path.write_text(first)
    assert saves.dumps(saves.load(path)) == first
    assert rules.legal_actions(game.state)
