"""A game saved under older rules says so once as it opens, in one notice (docs/saves.md,
"Versions and the generator")."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves as save_layer
from tests.helpers import apps
from tests.helpers.older_rules import NOTE, copy_saying, play_version_2


@pytest.fixture
def older(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A copy of an example save, played under rules version 1, while this rajas plays 2."""
    play_version_2(monkeypatch)
    return copy_saying(apps.SAVES / "midgame-4p.toml", tmp_path / "g.toml")


@pytest.mark.asyncio
async def test_a_game_opened_from_the_title_says_it_once(older: Path, saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await pilot.pause()
        before = older.read_bytes()
        app.open_save(older)
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        # The game is written as it opens: under today's version, the old file kept beside it.
        assert "\nrules = 2\n" in older.read_text()
        assert save_layer.backup_of(older).read_bytes() == before
        moves = len(app.game.log)
        app.commit(rules.legal_actions(app.game.state)[0])
        await apps.until(pilot, lambda: len(app.game.log) > moves, "the move saved and shown")
        await pilot.pause()
        assert apps.notices(app).count(NOTE) == 1
    # The move's write replaced the backup; the file as version 1 left it is kept apart.
    assert save_layer.older_rules_backup(older, 1).read_bytes() == before


@pytest.mark.asyncio
async def test_a_game_given_on_the_command_line_says_it_once(older: Path, saves: Path) -> None:
    app = apps.app(save_layer.load(older), saves=saves, path=older)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        # A notice is a message the app handles after it shows the game.
        await apps.until(pilot, lambda: NOTE in apps.notices(app), "the note")
        await pilot.pause()
        assert apps.notices(app).count(NOTE) == 1


@pytest.mark.asyncio
async def test_a_replay_of_an_older_save_says_it(older: Path, saves: Path) -> None:
    app = apps.app(saves=saves, replay=save_layer.load(older))
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, lambda: NOTE in apps.notices(app), "the note")
        await pilot.pause()
        assert apps.notices(app).count(NOTE) == 1


@pytest.mark.asyncio
async def test_a_game_of_today_s_rules_says_nothing_of_them(saves: Path, tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    path.write_bytes((apps.SAVES / "midgame-4p.toml").read_bytes())
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        assert not any("rules version" in notice for notice in apps.notices(app))
