"""An action is on disk before the screen shows it: a kill -9 at any moment after the screen
changed loses nothing the player saw."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

import rules
import saves as save_layer
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from tests.helpers import apps
from tests.helpers.key_plan import plan


def _on_disk(path: Path) -> int:
    """How many actions the file holds as played, read as the next process would."""
    with path.open("rb") as handle:
        return len(tomllib.load(handle)["log"]["played"])


def _watch(monkeypatch: pytest.MonkeyPatch, path: Path, seen: list[tuple[int, int]]) -> None:
    """Records, each time a screen is drawn from the app's game, (actions shown, on disk)."""
    redraw, compose = GameScreen.redraw, GameOverScreen.compose

    def watched_redraw(screen: GameScreen) -> None:
        seen.append((len(screen.rajas.game.log), _on_disk(path)))
        redraw(screen)

    def watched_compose(screen: GameOverScreen) -> Any:
        seen.append((len(screen.rajas.game.log), _on_disk(path)))
        return compose(screen)

    monkeypatch.setattr(GameScreen, "redraw", watched_redraw)
    monkeypatch.setattr(GameOverScreen, "compose", watched_compose)


async def _play_by_keys(pilot: Any, app: Any, action: rules.Action) -> None:
    state = app.game.state
    await pilot.press(*apps.keys_for(plan(Chooser(state, rules.legal_actions(state)), action)))
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.asyncio
async def test_each_action_is_saved_before_the_screen_shows_it(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / "opening-2p.toml", path)
    game = save_layer.load(path)
    seen: list[tuple[int, int]] = []
    _watch(monkeypatch, path, seen)
    app = apps.app(game, saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        for _ in range(4):
            await _play_by_keys(pilot, app, rules.legal_actions(app.game.state)[-1])
        await pilot.press("u")
        await pilot.pause()
    shown = [count for count, _ in seen]
    assert max(shown) >= len(game.log) + 4, "the actions were shown"
    assert [(count, disk) for count, disk in seen if count != disk] == []


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_last_action_is_saved_before_the_game_over_screen(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / "final-action-3p.toml", path)
    game = save_layer.load(path)
    seen: list[tuple[int, int]] = []
    app = apps.app(game, saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        _watch(monkeypatch, path, seen)
        while not app.game.over:
            await _play_by_keys(pilot, app, rules.legal_actions(app.game.state)[0])
        assert isinstance(app.screen, GameOverScreen)
    assert seen and [(count, disk) for count, disk in seen if count != disk] == []
