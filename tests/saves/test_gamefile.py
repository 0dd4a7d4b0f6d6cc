"""The one file an open game saves to (`saves.gamefile`): nothing overwrites another game or a
longer history, a writer may replace its own undone history, and two new games never share a
file. The app's side of it is tested in tests/tui/test_one_file.py."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import attrs
import pytest

import rules
import saves
from saves import lock as gamelock
from tests.helpers.unwritable import unwritable

EXAMPLES = saves.examples_dir()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "saves"
    made.mkdir()
    return made


def _copy(tmp_path: Path, name: str = "midgame-4p.toml") -> Path:
    path = tmp_path / "g.toml"
    shutil.copy(EXAMPLES / name, path)
    return path


def _new_game(seats: list[tuple[str, str]], seed: int) -> saves.Game:
    return saves.start_game(saves.seated(seats, seed))


def test_a_different_game_in_the_file_is_not_overwritten(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    other = _new_game([("Asha", "human"), ("Bela", "human")], 5)
    file = saves.open_file(other, path)
    with pytest.raises(saves.SaveError, match="holds a different game"):
        saves.write(other, file)
    assert saves.load(path).setup.seed == 2025
    file.close()


def test_undo_then_a_new_action_may_replace_this_writers_own_history(tmp_path: Path) -> None:
    path = _copy(tmp_path, "opening-2p.toml")
    game = saves.load(path)
    file = saves.open_file(game, path)
    for _ in range(2):
        game = saves.play(game, rules.legal_actions(game.state)[0])
        saves.write(game, file)
    game = saves.undo(game, 1)
    saves.write(game, file)
    game = saves.play(game, rules.legal_actions(game.state)[-1])
    saves.write(game, file)
    assert saves.load(path).log == game.log
    file.close()


def test_two_new_games_in_one_second_get_two_files(folder: Path) -> None:
    game = _new_game([("Asha", "human"), ("Bela", "human")], 5)
    twin = _new_game([("Asha", "human"), ("Bela", "human")], 6)
    twin = attrs.evolve(twin, created=game.created)
    first = saves.open_file(game, None, folder)
    saves.write(game, first)
    second = saves.open_file(twin, None, folder)
    saves.write(twin, second)
    assert first.path != second.path
    assert saves.load(first.path).setup.seed == 5  # type: ignore[arg-type]
    first.close()
    second.close()


def test_a_file_that_leaves_setup_defaults_out_is_still_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    text = (EXAMPLES / "opening-2p.toml").read_text()
    assert 'undo = "strict"\n' in text and "variants = []\n" in text
    path.write_text(text.replace('undo = "strict"\n', "").replace("variants = []\n", ""))
    game = saves.load(path)
    file = saves.open_file(game, path)
    game = saves.play(game, rules.legal_actions(game.state)[0])
    saves.write(game, file)
    assert saves.load(path).log == game.log
    file.close()


def test_a_new_game_whose_name_another_window_just_took_gets_the_next(folder: Path) -> None:
    game = _new_game([("Asha", "human"), ("Bela", "human")], 5)
    taken = saves.autosave_path(game, folder)
    other = saves.claim(taken)  # another window started a game of that name, not yet written
    file = saves.open_file(game, None, folder)
    assert file.path is not None and file.path != taken and not file.note
    saves.write(game, file)
    assert not taken.exists()
    file.close()
    other.release()


def test_save_as_asks_before_replacing_and_replaces_only_a_rajas_save(folder: Path) -> None:
    game = _new_game([("Asha", "human"), ("Bela", "human")], 5)
    existing = folder / "friday.toml"
    shutil.copy(EXAMPLES / "opening-2p.toml", existing)
    with pytest.raises(saves.ReplaceUnconfirmed, match="Enter again replaces it") as asked:
        saves.save_as(game, existing)
    assert isinstance(asked.value, saves.SaveError)
    assert saves.load(existing).setup.seed != 5
    saves.save_as(game, existing, replace=True)
    assert saves.load(existing).setup.seed == 5
    letter = folder / "letter.docx"
    letter.write_bytes(b"PK\x03\x04 a letter")
    with pytest.raises(saves.SaveError, match="is not a rajas save"):
        saves.save_as(game, letter, replace=True)
    assert letter.read_bytes() == b"PK\x03\x04 a letter"
    saves.save_as(game, folder / "new" / "copy.toml")
    assert saves.load(folder / "new" / "copy.toml").setup.seed == 5


def test_a_folder_that_makes_no_files_is_said_in_plain_words() -> None:
    """/proc refuses a new file with "No such file or directory": the folder cannot be written,
    where the player was told the save "cannot be locked"; a missing folder is said so."""
    missing = os.strerror(errno.ENOENT)
    with pytest.raises(saves.SaveError) as refused:
        saves.claim(Path("/proc/x.toml"))
    assert str(refused.value) == (
        f"/proc: this folder cannot be written ({missing}), so x.toml cannot be saved there."
    )
    gone = OSError(errno.ENOENT, missing)
    assert gamelock.refusal(Path("/nowhere/at/all/x.toml"), gone) == (
        "/nowhere/at/all/x.toml: cannot be saved: the folder /nowhere/at/all does not exist."
    )


def test_a_folder_that_cannot_be_written_is_said_in_plain_words(
    tmp_path: Path, folder: Path
) -> None:
    game = _new_game([("Asha", "human"), ("Bela", "human")], 5)
    denied = os.strerror(errno.EACCES)
    with unwritable(folder), pytest.raises(saves.SaveError) as refused:
        saves.claim(folder / "new.toml")
    assert str(refused.value) == (
        f"{folder}: this folder cannot be written ({denied}), so new.toml cannot be saved there."
    )
    with unwritable(folder):
        file = saves.open_file(game, folder / "g.toml")
    assert file.path is None and file.problem.startswith(f"{folder}: this folder cannot be")
    with unwritable(folder), pytest.raises(saves.SaveError) as refused:
        saves.claim(folder / "sub" / "new.toml")
    assert str(refused.value) == f"{folder / 'sub'}: the folder cannot be made ({denied})."
    assert list(folder.iterdir()) == []


def test_a_setup_refusal_is_one_sentence_and_the_start_refuses_it_too() -> None:
    fine = saves.seated([("Asha", "human"), ("Bela", "random")], 5)
    assert saves.setup_refusal(fine) is None
    too_big = saves.seated([("Asha", "human"), ("Bela", "random")], 2**63)
    refusal = saves.setup_refusal(too_big)
    assert refusal is not None and "seed" in refusal
    assert refusal[0].isupper() and refusal.endswith(".")
    with pytest.raises(ValueError, match="seed"):
        saves.start_game(too_big)
