"""A tutorial is an ordinary save with a note beside it that names its step: the save stays one
any rajas reads, the note is read as carefully as the other files beside a game, and the
tutorial to go on with is found from the notes."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import rules
import saves
from saves.tutorials import note_path
from tests.helpers.save_examples import OPENING


def _game_at(path: Path) -> Path:
    saves.save(saves.load(OPENING), path)
    return path


def test_a_step_noted_is_read_back_and_the_save_is_untouched(tmp_path: Path) -> None:
    save = _game_at(tmp_path / "tutorial.toml")
    before = save.read_bytes()
    assert saves.tutorial_step(save) is None  # no note: not a tutorial
    assert saves.write_tutorial_step(save, "karma") is None
    assert note_path(save) == tmp_path / ".tutorial.toml.tutorial"
    assert saves.tutorial_step(save) == "karma"
    assert save.read_bytes() == before
    assert [s.path for s in saves.list_saves(tmp_path)] == [save]  # the note is not a save


def test_a_note_rajas_could_not_have_written_starts_the_steps_again(tmp_path: Path) -> None:
    save = _game_at(tmp_path / "t.toml")
    for text in ('step = "Not A Step!"\n', "step = 3\n", "not toml [\n", "\xff"):
        note_path(save).write_bytes(text.encode("utf-8", "surrogateescape"))
        assert saves.tutorial_step(save) == ""


def test_a_fifo_as_note_is_not_waited_on(tmp_path: Path) -> None:
    save = _game_at(tmp_path / "t.toml")
    os.mkfifo(note_path(save))
    found: list[str | None] = []
    reader = threading.Thread(target=lambda: found.append(saves.tutorial_step(save)))
    reader.daemon = True
    reader.start()
    reader.join(timeout=5)
    try:
        assert found == [None], "the note's reader waited on a FIFO"
    finally:
        if not found:  # unblock a reader left waiting, so the run can end
            os.close(os.open(note_path(save), os.O_WRONLY | os.O_NONBLOCK))


def test_a_note_that_cannot_be_written_is_one_sentence(tmp_path: Path) -> None:
    save = _game_at(tmp_path / "t.toml")
    note_path(save).mkdir()
    problem = saves.write_tutorial_step(save, "karma")
    assert problem is not None and problem.startswith("The tutorial's step could not be noted")


def test_the_tutorial_to_go_on_with_is_the_last_played_unfinished_one(tmp_path: Path) -> None:
    assert saves.unfinished_tutorial(tmp_path) is None
    older = _game_at(tmp_path / "tutorial.toml")
    saves.write_tutorial_step(older, "river")
    newer = _game_at(tmp_path / "tutorial-2.toml")
    saves.write_tutorial_step(newer, "market")
    os.utime(older, (1_000_000, 1_000_000))
    assert saves.unfinished_tutorial(tmp_path) == newer
    saves.write_tutorial_step(newer, saves.TUTORIAL_DONE)
    assert saves.unfinished_tutorial(tmp_path) == older
    newer.unlink()  # a note whose save is gone is no tutorial
    saves.write_tutorial_step(older, saves.TUTORIAL_DONE)
    assert saves.unfinished_tutorial(tmp_path) is None


def test_a_tutorial_whose_game_is_over_is_not_gone_on_with(tmp_path: Path) -> None:
    game = saves.load(OPENING)
    while not game.over:
        game = saves.play(game, rules.legal_actions(game.state)[0])
    save = tmp_path / "tutorial.toml"
    saves.save(game, save)
    saves.write_tutorial_step(save, "palace")
    assert saves.unfinished_tutorial(tmp_path) is None


def test_a_new_tutorial_never_takes_the_name_of_a_file_there(tmp_path: Path) -> None:
    assert saves.free_tutorial_path(tmp_path) == tmp_path / "tutorial.toml"
    _game_at(tmp_path / "tutorial.toml")
    assert saves.free_tutorial_path(tmp_path) == tmp_path / "tutorial-2.toml"
    _game_at(tmp_path / "tutorial-2.toml")
    assert saves.free_tutorial_path(tmp_path) == tmp_path / "tutorial-3.toml"


def test_a_tutorial_saved_elsewhere_is_gone_on_with_as_load_offers_it(tmp_path: Path) -> None:
    """Save as outside the saves folder takes the tutorial there (its note goes with it) and the
    saves folder notes the file as played, so Load and Continue offer it: `rajas tutorial` and
    Learn go on with it too, not with the copy left in the folder at an older step."""
    folder, elsewhere = tmp_path / "saves", tmp_path / "mine"
    folder.mkdir()
    elsewhere.mkdir()
    left = _game_at(folder / "tutorial.toml")
    saves.write_tutorial_step(left, "river")
    os.utime(left, (1_000_000, 1_000_000))  # the copy left behind as Save as moved on
    moved = _game_at(elsewhere / "first-game.toml")
    saves.write_tutorial_step(moved, "market")
    saves.remember_played(folder, moved)
    assert saves.unfinished_tutorial(folder) == moved
    left.unlink()  # alone outside the folder, it is still found
    assert saves.unfinished_tutorial(folder) == moved
    saves.write_tutorial_step(moved, saves.TUTORIAL_DONE)
    assert saves.unfinished_tutorial(folder) is None
    other = _game_at(elsewhere / "not-a-tutorial.toml")
    saves.remember_played(folder, other)  # a game noted as played, without a note: no tutorial
    assert saves.unfinished_tutorial(folder) is None
