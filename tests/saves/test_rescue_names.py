"""`saves.rescue`: a game the app could not keep in its own file, written once to a new file in
the saves folder whose name says so, never over anything already there or held."""

from __future__ import annotations

from pathlib import Path

import saves
from tests.helpers.apps import new_game

GAME = new_game([("Asha", "human"), ("Bela", "human")], 42)


def test_the_name_says_what_it_is_and_takes_the_next_free_one(tmp_path: Path) -> None:
    assert saves.rescue(GAME, tmp_path, "friday") == tmp_path / "rescued-friday.toml"
    held = saves.claim(tmp_path / "rescued-friday-2.toml")  # another rajas is writing there
    try:
        assert saves.rescue(GAME, tmp_path, "friday") == tmp_path / "rescued-friday-3.toml"
    finally:
        held.release()
    assert saves.load(tmp_path / "rescued-friday-3.toml").setup == GAME.setup


def test_a_rescued_game_rescued_again_is_not_named_twice(tmp_path: Path) -> None:
    assert saves.rescue(GAME, tmp_path, "rescued-friday") == tmp_path / "rescued-friday.toml"
    assert saves.rescue(GAME, tmp_path, "") == tmp_path / "rescued.toml"


def test_a_long_name_is_cut_to_fit(tmp_path: Path) -> None:
    path = saves.rescue(GAME, tmp_path, "é" * 200)
    assert len(path.name.encode()) < 255 and path.name.startswith("rescued-é")
