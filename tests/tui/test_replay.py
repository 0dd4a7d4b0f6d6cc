"""The replay (`screens.replay`): a save stepped through both ways, each pane drawing the game as
it was and the log marking the action shown; Home/End and the round keys; keys that cannot act
say why; a game not over shown only as one seat saw it, a finished one whole; the marks of a kept
review beside the moves (only the viewing seat's while the game goes on); opened by `rajas
replay`, from the Load dialog and from the game-over screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rules
import saves as save_layer
from rajas_tui.bots.review import Budget
from rajas_tui.present import logbook, replay, review, reviewcache, text
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.load import LoadScreen
from rajas_tui.tui.screens.replay import ReplayScreen, RoundScreen
from rajas_tui.tui.screens.title import TitleScreen
from rajas_tui.tui.widgets.base import View
from tests.helpers import apps

TINY = Budget(iterations=2, rollout=0, samples=1)


def _screen(app: RajasApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def _view(app: RajasApp) -> View:
    view = _screen(app).view
    assert view is not None
    return view


def _states(game: save_layer.Game) -> list[rules.GameState]:
    states = [game.start]
    for entry in game.log:
        states.append(rules.apply(states[-1], rules.parse_action(entry.action)))
    return states


def _shown_move(app: RajasApp) -> str:
    """The log's last move, the action shown (separators may follow it: a round begun, the
    markers met, the game's end)."""
    return [line for line in _view(app).told if line.kind == logbook.MOVE][-1].words


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_final_action_example_steps_through_both_ways(saves: Path) -> None:
    """As `rajas replay saves/examples/final-action-3p.toml` opens it: every action forward,
    then every action back, each position drawn from the state the log leads to there."""
    game = apps.example("final-action-3p.toml")
    states = _states(game)
    app = apps.app(saves=saves, replay=game)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert screen.position == 0 and _view(app).state == rules.seat_view(states[0], None)
        cursor = text.G["cursor"]
        for position in range(1, len(states)):
            await pilot.press("right")
            assert screen.position == position
            assert _view(app).state == rules.seat_view(states[position], None)
            assert _shown_move(app).startswith(cursor)
            assert game.name(game.log[position - 1].seat) in _shown_move(app)
        assert "of 358" in str(screen.query_one("#status").content)
        for position in range(len(states) - 2, -1, -1):
            await pilot.press("left")
            assert screen.position == position
            assert _view(app).state == rules.seat_view(states[position], None)
        await pilot.press("end")
        assert screen.position == len(states) - 1
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@pytest.mark.asyncio
async def test_keys_that_cannot_act_say_why(saves: Path) -> None:
    app = apps.app(saves=saves, replay=apps.example("opening-2p.toml"))
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        expected = [
            ("left", "start of the game"),
            ("home", "start of the game"),
            ("pageup", "start of the first round"),
            ("end", ""),
            ("right", "last action played so far"),
            ("end", "last action played so far"),
            ("pagedown", "last round"),
        ]
        for key, words in expected:
            await pilot.press(key)
            await pilot.pause()
            if words:
                assert words in apps.notices(app)[-1]
        assert _screen(app).position == 6


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_round_is_a_key_away(saves: Path) -> None:
    game = apps.example("final-action-3p.toml")
    states = _states(game)
    app = apps.app(saves=saves, replay=game)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("pagedown")
        assert states[screen.position].round == 2 and states[screen.position - 1].round == 1
        await pilot.press("pagedown", "right", "pageup")
        assert states[screen.position].round == 3 and states[screen.position - 1].round == 2
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RoundScreen)
        await pilot.press("9", "9", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundScreen)  # no round 99: it says so and stays
        await pilot.press("backspace", "backspace", "1", "2", "enter")
        await pilot.pause()
        assert _screen(app).position == min(p for p, s in enumerate(states) if s.round == 12)
        assert "round 12" in str(screen.query_one("#status").content)


@pytest.mark.asyncio
async def test_pgup_goes_to_this_rounds_start_then_to_the_round_before(saves: Path) -> None:
    """As a player's "previous": from inside a round PgUp goes to that round's start, and only
    from a round's start to the round before's."""
    game = apps.example("final-action-3p.toml")
    states = _states(game)
    app = apps.app(saves=saves, replay=game)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("pagedown", "pagedown", "pagedown", "right", "right")
        inside = screen.position
        assert states[inside].round == states[inside - 2].round == 4
        await pilot.press("pageup")
        assert states[screen.position].round == 4 and states[screen.position - 1].round == 3
        await pilot.press("pageup")
        assert states[screen.position].round == 3 and states[screen.position - 1].round == 2


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_game_not_over_shows_only_what_the_viewing_seat_saw(saves: Path) -> None:
    """Three humans share a Navaratnas game: a replay is an onlooker's, every face-down tile
    hidden; asked for one seat, that seat's own tile shows and the others' stay hidden."""
    game = apps.example("navaratnas-3p.toml")
    states = _states(game)
    for seat in (None, 1):
        app = apps.app(saves=saves, replay=game, replay_seat=seat)
        async with app.run_test(size=apps.LARGE) as pilot:
            await pilot.pause()
            for position in range(len(states)):
                view = _view(app)
                assert view.state == rules.seat_view(states[position], seat)
                assert view.seen() == view.state
                await pilot.press("right")
            status = str(_screen(app).query_one("#status").content)
            assert ("an onlooker" if seat is None else "B● Bela") in status


@pytest.mark.asyncio
async def test_a_finished_game_shows_everything(saves: Path) -> None:
    game = apps.finished()
    states = _states(game)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await pilot.pause()
        screen = _screen(app)
        for position in (0, 1, 100, len(states) - 1):
            screen.show_position(position)
            assert _view(app).state == states[position]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


def _keep(game: save_layer.Game, seats: list[int]) -> dict[int, review.Decision]:
    found = review.review(game, seats, TINY, review.default_judge())
    for seat_review in found:
        assert reviewcache.store(game, seat_review, TINY) is None
    return replay.marks_of(found)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_kept_reviews_marks_show_beside_the_moves(saves: Path) -> None:
    game = apps.finished()
    marks = _keep(game, [0, 1, 2])
    worst = max(marks.values(), key=lambda d: d.lost)
    app = apps.app(game, saves=saves, review_budget=TINY)
    async with app.run_test(size=apps.LARGE) as pilot:
        app.open_replay(game, position=worst.action)
        await apps.until(pilot, lambda: bool(getattr(app.screen, "marks", None)), "the marks")
        await pilot.pause()
        assert _shown_move(app).endswith(review.symbol(worst))
        prompt = apps.prompt(app)
        assert f"{worst.mark}: lost {worst.lost:.1f}" in prompt and "better:" in prompt
        symbols = [line.words.rsplit(" ", 1)[-1] for line in _view(app).told]
        marked = [d for a, d in marks.items() if a <= worst.action and d.mark != "good"]
        assert sum(1 for s in symbols if s in ("?!", "?", "??")) == len(marked)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_game_not_over_shows_only_the_viewing_seats_marks(saves: Path) -> None:
    game = apps.example("ganga-2p.toml")  # Asha plays, Bela is a bot
    marks = _keep(game, [0, 1])
    assert {d.seat for d in marks.values() if d.mark != "good"} == {0, 1}
    app = apps.app(saves=saves, replay=game, review_budget=TINY)
    async with app.run_test(size=apps.LARGE) as pilot:
        await apps.until(pilot, lambda: bool(_screen(app).marks), "the marks")
        assert {d.seat for d in _screen(app).marks.values()} == {0}
        _screen(app).show_position(len(game.log))
        await pilot.pause()
        for line in _view(app).told:
            if line.words.endswith("?"):
                assert line.seat == 0


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_load_dialog_replays_a_save(saves: Path) -> None:
    (saves / "final.toml").write_bytes((apps.SAVES / "final-action-3p.toml").read_bytes())
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await apps.until(pilot, lambda: isinstance(app.screen, LoadScreen), "the load dialog")
        await apps.until(pilot, lambda: bool(app.screen.paths), "the saves listed")  # type: ignore[attr-defined]
        await pilot.press("r")
        await pilot.pause()
        assert len(_screen(app).replay.game.log) == 358
        assert app.game is None  # replayed, not opened for play
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)


@pytest.mark.asyncio
async def test_escape_from_a_replay_goes_back_to_the_load_dialog(saves: Path) -> None:
    """Where it was opened: the Load dialog, its saves still listed; Escape there, the title."""
    (saves / "opening.toml").write_bytes((apps.SAVES / "opening-2p.toml").read_bytes())
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await apps.until(pilot, lambda: isinstance(app.screen, LoadScreen), "the load dialog")
        await apps.until(pilot, lambda: bool(app.screen.paths), "the saves listed")  # type: ignore[attr-defined]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert app.screen.paths == [saves / "opening.toml"]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def test_rajas_replay_is_an_app_command() -> None:
    from rajas_tui.cli import APP_COMMANDS, build_parser

    args: Any = build_parser().parse_args(["replay", "g.toml", "--seat", "1"])
    assert args.command == "replay" and args.command in APP_COMMANDS and args.seat == 1


@pytest.mark.asyncio
@pytest.mark.parametrize("key", ["u", "q", "ctrl+s", "enter", "x", "a", "U"])
async def test_a_game_key_in_a_replay_says_nothing_is_played_here(saves: Path, key: str) -> None:
    """The game's acting keys are not the replay's (nor in its footer), yet each says why it
    does nothing: one sentence, the position and the app's game as they were."""
    from rajas_tui.tui.private_textual import Footer

    game = apps.midgame()
    app = apps.app(game, saves=saves, replay=apps.example("opening-2p.toml"))
    async with app.run_test(size=apps.SMALL) as pilot:
        app.open_replay(apps.example("opening-2p.toml"), position=3)
        await pilot.pause()
        screen = _screen(app)
        before = len(apps.notices(app))
        await pilot.press(key)
        await pilot.pause()
        notes = apps.notices(app)
        assert len(notes) == before + 1, (key, notes)
        assert notes[-1].startswith("This is a replay: nothing can be played here")
        assert app.screen is screen and screen.position == 3
        assert app.game == game
        shown = {str(k.description) for k in screen.query_one(Footer).query("FooterKey")}
        assert not shown & {"undo", "quarry", "save as", "confirm", "pass"}, shown


@pytest.mark.asyncio
async def test_the_help_over_a_replay_lists_every_replay_key(saves: Path) -> None:
    from rajas_tui.tui.screens.help import HelpScreen

    app = apps.app(saves=saves, replay=apps.example("opening-2p.toml"))
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await apps.until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        words = str(app.screen.query_one("#help-text").render())
        own = words.split("Keys on this screen")[1].split("Keys in the game")[0]
        for key in ("←", "→", "Home", "End", "PgUp", "PgDn", "g", "tab", "escape", "?"):
            assert f"\n  {key} " in own, (key, own)


@pytest.mark.asyncio
async def test_a_game_with_no_action_says_none_has_been_played(saves: Path) -> None:
    app = apps.app(saves=saves, replay=apps.new_game([("A", "human"), ("B", "human")], 3))
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        for key in ("right", "end"):
            await pilot.press(key)
            await pilot.pause()
            assert apps.notices(app)[-1] == "No action has been played yet."
