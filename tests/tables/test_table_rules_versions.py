"""A table saved under older rules plays on under today's: its next write keeps the old file
once beside it, and the app at the table says once that the rules changed (docs/saves.md,
"Versions and the generator")."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present.bot_process import InProcess
from rajas_tui.tui.table import TableApp
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps
from tests.helpers.older_rules import NOTE, play_version_2, with_rules_line


@pytest.fixture
def older(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A table of two humans whose file says it was played under rules version 1, while this
    rajas plays version 2."""
    play_version_2(monkeypatch)
    setup = Setup((Seat("Asha"), Seat("Bela")), 5, undo="free")
    path = tables.table_path(tmp_path, "t1")
    tables.create(path, saves.start_game(setup))
    path.write_text(with_rules_line(path.read_text()))
    return path


def test_a_move_at_an_older_table_writes_today_s_version_and_keeps_the_old_file(
    older: Path,
) -> None:
    before = older.read_bytes()
    game = tables.read(older)
    assert game.played_under == 1
    tables.act(older, game.state.turn, str(rules.legal_actions(game.state)[0]), tables.seen(game))
    assert "\nrules = 2\n" in older.read_text()
    assert saves.older_rules_backup(older, 1).read_bytes() == before


@pytest.mark.asyncio
async def test_the_app_at_an_older_table_says_it_once(older: Path) -> None:
    app = TableApp(older, 0, bot_delay=0, theme="rajas-dark", thinker=InProcess())
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        # A notice is a message the app handles after it shows the table.
        await apps.until(pilot, lambda: NOTE in apps.notices(app), "the note")
        await pilot.pause()
        assert apps.notices(app).count(NOTE) == 1
