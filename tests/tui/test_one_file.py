"""A game has one file and one writer: a loaded game saves to its own file, a second window on
the same game does not write, and nothing overwrites another game or a longer history.

The game file's own logic, without the app, is tested in tests/saves/test_gamefile.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps


def _copy(tmp_path: Path, name: str = "midgame-4p.toml") -> Path:
    path = tmp_path / "g.toml"
    shutil.copy(apps.SAVES / name, path)
    return path


def _saves_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.toml"))


@pytest.mark.asyncio
async def test_a_loaded_game_saves_to_its_own_file(tmp_path: Path, saves: Path) -> None:
    path = _copy(tmp_path)
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        app.commit(rules.legal_actions(app.game.state)[0])
        await pilot.pause()
    # What the app last played (bots may have answered) is what its file holds.
    assert app.newest is not None and len(app.newest.log) > len(
        save_layer.load(apps.SAVES / "midgame-4p.toml").log
    )
    assert save_layer.load(path).log == app.newest.log
    assert _saves_in(saves) == [], "no second file for the same game"


@pytest.mark.asyncio
async def test_load_from_the_app_keeps_the_file(tmp_path: Path, saves: Path) -> None:
    path = _copy(tmp_path)
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.open_save(path)
        # The game is shown once its save is written, in a worker.
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        moves = len(app.game.log)
        app.commit(rules.legal_actions(app.game.state)[0])
        # Autosave writes in a worker, and the app shows a move once its save is written: the
        # test waits for the move to show, not by reading the file again and again (a replay of
        # the save every look, which on a busy machine kept the writer from the GIL).
        await apps.until(pilot, lambda: len(app.game.log) == moves + 1, "the move saved and shown")
        assert save_layer.load(path).log == app.game.log
    assert _saves_in(saves) == []


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_second_window_on_the_game_finds_it_in_use(tmp_path: Path, saves: Path) -> None:
    path = _copy(tmp_path)
    first = apps.app(save_layer.load(path), saves=saves, path=path)
    second = apps.app(save_layer.load(path), saves=saves, path=path)
    async with first.run_test(size=apps.SMALL) as one, second.run_test(size=apps.SMALL) as two:
        await one.pause()
        await two.pause()
        notes = apps.notices(second)
        assert any("is open in another rajas" in note for note in notes), notes
        for _ in range(3):
            first.commit(rules.legal_actions(first.game.state)[0])
            await one.pause()
        await apps.until(one, lambda: save_layer.load(path).log == first.game.log, "the autosave")
        second.commit(rules.legal_actions(second.game.state)[-1])
        await two.pause()
        await two.pause(0.2)
        assert save_layer.load(path).log == first.game.log, "the second window wrote nothing"
    # The second window's move, never saved, is rescued as the test ends it unasked.
    assert _saves_in(saves) == ["rescued-g.toml"]


@pytest.mark.asyncio
async def test_the_lock_is_given_up_when_another_game_is_shown(tmp_path: Path, saves: Path) -> None:
    path = _copy(tmp_path)
    app = apps.app(save_layer.load(path), saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.show_game(apps.new_game([("Asha", "human"), ("Bela", "human")], 5))
        await pilot.pause()
        save_layer.claim(path).release()  # free again: no GameInUse


@pytest.mark.asyncio
async def test_a_longer_history_on_disk_is_not_overwritten(tmp_path: Path, saves: Path) -> None:
    path = _copy(tmp_path)
    game = save_layer.load(path)
    app = apps.app(game, saves=saves, path=path)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        # Someone wrote past the lock (an older rajas, an editor): three more actions.
        longer = game
        for _ in range(3):
            longer = save_layer.play(longer, rules.legal_actions(longer.state)[0])
        save_layer.save(longer, path)
        app.commit(rules.legal_actions(app.game.state)[-1])

        def refused() -> bool:
            notes = apps.notices(app)
            return any("not overwritten" in note and "Save as" in note for note in notes)

        await apps.until(pilot, refused, "the autosave refused, with a note")
        assert isinstance(app.screen, GameScreen), "the game goes on in memory"
        assert save_layer.load(path).log == longer.log
        copy = app.save_as("rescued")
        app.commit(rules.legal_actions(app.game.state)[0])
        await apps.until(
            pilot,
            lambda: save_layer.load(copy).log == app.game.log,
            "Save as gives the game a file again",
        )


@pytest.mark.asyncio
async def test_continue_after_save_as_elsewhere_opens_the_game_where_it_went(
    tmp_path: Path, saves: Path
) -> None:
    # Played from the saves folder, then saved as a file elsewhere and played on there: the
    # copy left in the folder is older, and Continue must not open it (that forks the game).
    game = apps.new_game([("Asha", "human"), ("Bela", "human")], 42)
    app = apps.app(game, saves=saves)
    away = tmp_path / "away" / "mine.toml"
    away.parent.mkdir()
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        left = app.file.path
        assert left is not None and left.parent == saves
        app.commit(rules.legal_actions(app.game.state)[0])
        await apps.until(pilot, lambda: len(app.game.log) == 1, "the first move saved and shown")
        assert app.save_as(str(away)) == away
        app.commit(rules.legal_actions(app.game.state)[0])
        await apps.until(pilot, lambda: len(app.game.log) == 2, "the next move saved and shown")
    assert len(save_layer.load(away).log) == 2
    assert len(save_layer.load(left).log) == 1
    assert save_layer.last_unfinished(saves) == away


async def _continue_offers(saves: Path) -> Path | None:
    """What a fresh app's title offers to Continue, once it has listed the folder."""
    from rajas_tui.tui.screens.title import TitleScreen

    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:

        def listed() -> bool:
            return isinstance(app.screen, TitleScreen) and app.screen.listing is not None

        await apps.until(pilot, listed, "the title's listing")
        assert isinstance(app.screen, TitleScreen) and app.screen.listing is not None
        return app.screen.listing.last


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("name", ["friday", "{away}/friday"])
async def test_continue_after_save_as_opens_the_copy_played_in_the_same_second(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # The header's time counts seconds: a quick player (or a script) can play, Save as and play
    # on within one. The copy was last played, whatever its name sorts like beside the autosave.
    monkeypatch.setattr(save_layer, "now", lambda: "2025-06-01T12:00:00Z")
    away = tmp_path / "away"
    away.mkdir()
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.start_game([("Asha", "human"), ("Bela", "human")], 42)
        await apps.until(pilot, lambda: app.game is not None, "the new game shown")
        left = app.file.path
        app.commit(rules.legal_actions(app.shown.state)[0])
        await apps.until(pilot, lambda: len(app.shown.log) == 1, "the first move saved and shown")
        app.action_save_as()
        await pilot.pause()
        await pilot.press(*name.format(away=away), "enter")
        await apps.until(pilot, lambda: app.file.path != left, "the copy made the game's file")
        copy = app.file.path
        app.commit(rules.legal_actions(app.shown.state)[0])
        await apps.until(pilot, lambda: len(app.shown.log) == 2, "the next move saved and shown")
    assert copy is not None and left is not None and len(save_layer.load(left).log) == 1
    assert await _continue_offers(saves) == copy


def _status(app: RajasApp) -> str:
    """The game screen's status line, also beneath a hand-over."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return str(screen.query_one("#status").render())


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_second_window_says_it_is_not_saving_until_save_as(
    tmp_path: Path, saves: Path
) -> None:
    # The message about the lock fades; the status line keeps saying so, and names the key.
    path = _copy(tmp_path)
    first = apps.app(save_layer.load(path), saves=saves, path=path)
    second = apps.app(save_layer.load(path), saves=saves, path=path)
    async with first.run_test(size=apps.SMALL) as one, second.run_test(size=apps.SMALL) as two:
        await one.pause()
        await two.pause()
        assert "not saved" not in _status(first), _status(first)
        second.clear_notifications()
        second.commit(rules.legal_actions(second.shown.state)[0])
        await apps.until(two, lambda: len(second.shown.log) > len(first.shown.log), "a move")
        assert _status(second).startswith(" not saved · ctrl+s: save as · "), _status(second)
        second.action_save_as()
        await two.pause()
        await two.press(*str(tmp_path / "mine"), "enter")
        await apps.until(two, lambda: "not saved" not in _status(second), "saved again")


@pytest.mark.asyncio
async def test_a_failed_write_is_said_on_the_status_line_until_a_write_succeeds(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = apps.app(apps.new_game([("Asha", "human"), ("Bela", "human")], 42), saves=saves)
    write = save_layer.write
    failing = [True]

    def full_disk(game: save_layer.Game, file: save_layer.GameFile) -> None:
        if failing[0]:
            raise save_layer.SaveError("the game could not be saved: No space left on device")
        write(game, file)

    monkeypatch.setattr(save_layer, "write", full_disk)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: app.game is not None, "the game shown")
        app.commit(rules.legal_actions(app.shown.state)[0])
        await apps.until(pilot, lambda: len(app.shown.log) == 1, "the move shown")
        assert _status(app).startswith(" not saved · ctrl+s: save as · "), _status(app)
        failing[0] = False
        app.commit(rules.legal_actions(app.shown.state)[0])
        await apps.until(pilot, lambda: len(app.shown.log) == 2, "the next move shown")
        assert _status(app).startswith(" Rajas · "), _status(app)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_game_ended_in_a_second_window_says_it_is_not_saved(
    tmp_path: Path, saves: Path
) -> None:
    from textual.widgets import Static

    from rajas_tui.tui.screens.gameover import GameOverScreen

    path = tmp_path / "over.toml"
    save_layer.save(apps.finished(), path)
    first = apps.app(save_layer.load(path), saves=saves, path=path)
    second = apps.app(save_layer.load(path), saves=saves, path=path)
    async with first.run_test(size=apps.SMALL) as one, second.run_test(size=apps.SMALL) as two:
        await one.pause()
        await two.pause()
        assert isinstance(second.screen, GameOverScreen)
        note = second.screen.query_one("#over-unsaved", Static)
        assert note.display and "ctrl+s" in str(note.render()), str(note.render())
        assert not first.screen.query_one("#over-unsaved", Static).display
        await two.press("ctrl+s")
        await two.pause()
        await two.press(*str(tmp_path / "mine"), "enter")
        await apps.until(two, lambda: not note.display, "the note gone once saved")
