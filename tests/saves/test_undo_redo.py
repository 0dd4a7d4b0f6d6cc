"""Undo and redo in the save layer, and the barrier of revealed random information."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import saves
from rajas_tui import bots
from rajas_tui.cli import main
from rajas_tui.present import turns
from saves import journal
from saves.records import Game, Seat, Setup


def _new(undo: str = "strict", seed: int = 4, kinds: tuple[str, str] = ("human", "human")) -> Game:
    seats = (Seat("Asha", kinds[0]), Seat("Bela", kinds[1]))
    return saves.start_game(Setup(seats, seed, undo=undo))


def _step(game: Game) -> Game:
    return saves.play(game, bots.choose("random", game.state, game.setup.seed))


def _until(game: Game, revealing: bool) -> Game:
    """Plays random moves until the last one did (or did not) reveal something."""
    for _ in range(400):
        game = _step(game)
        if bool(game.log[-1].revealed) == revealing:
            return game
    raise AssertionError("no such action came up")


def test_nothing_to_undo_or_redo_at_the_start() -> None:
    game = _new()
    assert not saves.can_undo(game) and not saves.can_redo(game)
    with pytest.raises(ValueError, match="nothing to undo"):
        saves.undo(game)
    with pytest.raises(ValueError, match="nothing to redo"):
        saves.redo(game)


def test_a_strict_game_never_undoes_revealed_information() -> None:
    game = _until(_new(), revealing=True)
    assert not saves.can_undo(game)
    with pytest.raises(ValueError, match=r"brought chance to light .*undo free"):
        saves.undo(game)
    # Nor may it step across that action from further on.
    later = _until(game, revealing=False)
    while later.log[-1].revealed == "" and saves.can_undo(later):
        later = saves.undo(later)
    assert later.log[-1].revealed


def test_undo_replays_the_log_and_redo_plays_it_again() -> None:
    game = _until(_until(_new(), revealing=True), revealing=False)
    before = game
    undone = saves.undo(game)
    assert undone.log == game.log[:-1]
    assert undone.state == journal.rewind(game.start, undone.log)
    assert undone.redo == (game.log[-1],)
    redone = saves.redo(undone)
    assert redone.state == before.state and redone.log == before.log and not redone.redo


def test_a_new_action_after_undo_clears_the_redo_list() -> None:
    game = saves.undo(_until(_new(undo="free"), revealing=False))
    assert game.redo
    assert not _step(game).redo


def test_free_undo_crosses_rolls_and_redo_rolls_the_same() -> None:
    game = _until(_new(undo="free"), revealing=True)
    undone = saves.undo(game)
    assert saves.redo(undone).state == game.state


def test_free_undo_back_to_the_start_and_forward_again() -> None:
    game = _new(undo="free", seed=12)
    for _ in range(40):
        game = _step(game)
    end = game
    while saves.can_undo(game):
        game = saves.undo(game)
    assert game.state == game.start and len(game.redo) == 40
    while saves.can_redo(game):
        game = saves.redo(game)
    assert game.state == end.state and game.log == end.log


def test_random_undo_redo_walks_stay_consistent() -> None:
    rng = random.Random(5)
    game = _new(undo="free", seed=21)
    for _ in range(150):
        move = rng.random()
        if move < 0.25 and saves.can_undo(game):
            game = saves.undo(game)
        elif move < 0.45 and saves.can_redo(game):
            game = saves.redo(game)
        elif not game.over:
            game = _step(game)
        assert game.state == journal.rewind(game.start, game.log)


def test_undo_and_redo_are_kept_in_the_save(tmp_path: Path) -> None:
    game = saves.undo(_until(_new(undo="free"), revealing=True))
    path = tmp_path / "g.toml"
    saves.save(game, path)
    loaded = saves.load(path)
    assert loaded.setup.undo == "free" and loaded.redo == game.redo
    assert saves.redo(loaded).state == saves.redo(game).state


def test_undo_turn_takes_back_the_bot_moves_too() -> None:
    game = turns.run_bots(_new(undo="free", kinds=("human", "random")))
    for _ in range(6):
        game = turns.run_bots(_step(game))
    human = game.state.turn
    mine = max(i for i, e in enumerate(game.log) if e.seat == 0)
    back = saves.undo_turn(game)
    assert len(back.log) == mine and back.state.turn == human
    assert saves.redo_turn(back).log == game.log


def test_undo_on_the_command_line_refuses_across_a_roll(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.toml"
    saves.save(_until(_new(), revealing=True), path)
    before = path.read_bytes()
    assert main(["undo", str(path)]) == 1
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and "never takes that back" in error
    # The app says the same sentence, where there is no command line: it names the setting,
    # which the command line (--undo) and the New game dialog (Undo) both call "free".
    assert "undo free" in error and "--" not in error
    assert path.read_bytes() == before
