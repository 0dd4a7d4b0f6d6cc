"""The app tells a full disk as the command line does: one plain sentence, no "[Errno 28]"."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

import rules
import saves as save_layer
from tests.helpers import apps

FULL = os.strerror(errno.ENOSPC)


def _no_space(fd: int) -> None:
    raise OSError(errno.ENOSPC, FULL)


@pytest.mark.asyncio
async def test_an_autosave_on_a_full_disk_says_so_plainly(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / "midgame-4p.toml", path)
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL, notifications=True) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        monkeypatch.setattr(os, "fsync", _no_space)
        app.commit(rules.legal_actions(app.game.state)[0])

        def told() -> bool:
            return any(FULL in note for note in apps.notices(app))

        await apps.until(pilot, told, "the failed autosave told")
        notes = [note for note in apps.notices(app) if FULL in note]
        assert notes == [f"the game could not be saved: {path}: cannot be written ({FULL})."]
