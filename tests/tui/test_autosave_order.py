"""Autosave writes in a worker thread: in order (an older game never lands after a newer one)
and flushed on the way out, so a quit just after an action loses nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rules
import saves as save_layer
from tests.helpers import apps


def _played(game: save_layer.Game, count: int) -> save_layer.Game:
    for _ in range(count):
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.mark.asyncio
async def test_an_older_game_is_never_written_after_a_newer_one(
    tmp_path: Path, saves: Path
) -> None:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / "opening-2p.toml", path)
    game = save_layer.load(path)
    app = apps.app(game, saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        older, newer = _played(game, 1), _played(game, 2)
        # The threads ran out of order: the newer game's write got the lock first.
        assert app.autosave.write(newer, app.file, 2) == ""
        assert app.autosave.write(older, app.file, 1) == ""
        assert save_layer.load(path).log == newer.log


@pytest.mark.asyncio
async def test_a_game_played_just_before_quitting_is_on_disk(tmp_path: Path, saves: Path) -> None:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / "opening-2p.toml", path)
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.commit(rules.legal_actions(app.state)[0])
        newest = app.newest
        app.exit()  # at once: the write may still be under way
    assert newest is not None
    assert save_layer.load(path).log == newest.log
