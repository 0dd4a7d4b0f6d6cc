"""The searching bots in the app: with three of them at the table the screen still answers
every key while one thinks, and when the human's turn comes back the log tells each bot's move
of the round, not only the last. The real `easy` bot thinks here (a `normal` one would make the
test slow); it is held (`apps.Held`) until the test has pressed its keys, so that they are
pressed while a bot is at work, on any machine."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
import saves as save_layer
from rajas_tui.present import logbook, turns
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.help import HelpScreen
from rajas_tui.tui.widgets.log import LogPane
from tests.helpers import apps

SEATS = [("Asha", "human"), ("Bela", "easy"), ("Chand", "easy"), ("Devi", "easy")]


def _human_has_played() -> save_layer.Game:
    game = apps.new_game(SEATS, 5)
    while not game.seat.is_human:
        game = save_layer.play(game, turns.bot_action(game))
    while game.seat.is_human:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.mark.slow
@pytest.mark.asyncio
async def test_keys_answer_while_an_easy_bot_thinks_and_the_log_tells_every_bot_move(
    saves: Path, held_bot: apps.Held
) -> None:
    game = _human_has_played()
    app = apps.app(game, saves=saves, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "a bot started thinking", looks=3000)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "(bot) is thinking…" in apps.prompt(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen), "help opens while the bot thinks"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("7")
        assert screen.pane == "log", "a pane key answers while the bot thinks"
        await pilot.press("tab")
        assert screen.pane != "log", "and so does tab"
        assert app.game is game, "all while the bot is still at it"
        held_bot.release.set()
        await apps.until(
            pilot, lambda: app.shown.seat.is_human, "the human's turn came back", looks=3000
        )
        await pilot.press("7")
        await pilot.pause()
        shown = str(screen.query_one(LogPane).render())
    assert set(held_bot.kinds) == {"easy"}
    last_human = max(i for i, entry in enumerate(app.shown.log) if entry.seat == 0)
    bot_moves = app.shown.log[last_human + 1 :]
    assert {entry.seat for entry in bot_moves} == {1, 2, 3}, "each bot moved once at least"
    moves = [line.words for line in logbook.told(app.shown) if line.kind == logbook.MOVE]
    for words in moves[last_human + 1 :]:
        assert words in shown.replace("\n  ", " ")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_quit_while_an_easy_bot_thinks_keeps_the_game(
    saves: Path, held_bot: apps.Held
) -> None:
    game = _human_has_played()
    path = saves / "kept.toml"
    save_layer.save(game, path)
    app = apps.app(save_layer.load(path), saves=saves, path=path, thinker=held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, held_bot.started.is_set, "a bot started thinking", looks=3000)
        await pilot.press("ctrl+q")
        await apps.until(pilot, lambda: not app.is_running, "the app quit", looks=3000)
    assert held_bot.stopped.wait(apps.HOLD_SECONDS), "quitting stopped the bot's thinking"
    assert save_layer.load(path).log == game.log
