"""The review screen (`screens.review`): opened on the game-over screen, it judges every decision
in a worker with a progress bar, keeps the review so that opening it again is instant, stops on
Escape (the app answering while it works), and opens the replay at a decision."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import OptionList

import rules
import saves as save_layer
from rajas_tui.bots.review import Budget, Judgement
from rajas_tui.present import logbook, review, reviewcache, text
from rajas_tui.present.bot_process import Cancelled, InProcess, Stop
from rajas_tui.present.review import Decision, SeatReview
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.gameover import GameOverScreen
from rajas_tui.tui.screens.replay import ReplayScreen
from rajas_tui.tui.screens.review import ReviewScreen
from tests.helpers import apps

pytestmark = pytest.mark.asyncio

TINY = Budget(iterations=2, rollout=0, samples=1)
PATIENCE = 3000  # looks of 10 ms: the whole review of a long game at the tiny budget


class Counting(InProcess):
    """Judges in the test's process, counting the judgements asked for."""

    def __init__(self) -> None:
        self.judged = 0

    def judge(
        self,
        view: rules.GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        self.judged += 1
        return super().judge(view, seat, played, seed, budget, stop)


class Holding(InProcess):
    """Holds its first judgement until stopped, then gives up as the bots' process does."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def judge(
        self,
        view: rules.GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        self.started.set()
        for _ in range(3000):
            if stop():
                self.stopped.set()
                raise Cancelled
            threading.Event().wait(0.01)
        raise AssertionError("the review was never stopped")


def _review(app: RajasApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


@pytest.mark.slow
async def test_a_finished_game_is_reviewed_kept_and_opened_again_at_once(
    saves: Path, private_cache: Path
) -> None:
    game = apps.finished()
    thinker = Counting()
    app = apps.app(game, saves=saves, thinker=thinker, review_budget=TINY)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await apps.until(pilot, lambda: bool(_review(app).found), "the review", PATIENCE)
        found = _review(app).found
        assert [r.seat for r in found] == [0, 1, 2]
        assert thinker.judged == sum(len(r.decisions) for r in found) > 0
        for seat in range(3):
            assert reviewcache.load(game, seat, TINY) == found[seat]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await apps.until(pilot, lambda: bool(_review(app).found), "the kept review")
        assert thinker.judged == sum(len(r.decisions) for r in found)  # none judged again
        assert _review(app).found == found


async def test_escape_stops_the_review_while_the_app_answers(saves: Path) -> None:
    game = apps.finished()
    thinker = Holding()
    app = apps.app(game, saves=saves, thinker=thinker, review_budget=TINY)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await apps.until(pilot, thinker.started.is_set, "the review under way")
        words = str(_review(app).query_one("#review-progress-words").render())
        assert "Reviewing decision 1 of" in words
        await pilot.press("escape")
        await apps.until(pilot, thinker.stopped.is_set, "the judging stopped")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert any("stopped" in note for note in apps.notices(app))
        for seat in range(3):
            assert reviewcache.load(game, seat, TINY) is None


@pytest.mark.slow
async def test_enter_opens_the_replay_at_a_decision(saves: Path) -> None:
    game = apps.finished()
    app = apps.app(game, saves=saves, review_budget=TINY)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await apps.until(pilot, lambda: bool(_review(app).found), "the review", PATIENCE)
        await pilot.pause()
        worst = _review(app).found[0].costliest()[0]
        await pilot.press("enter")  # the first choice: the first player's costliest decision
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.position == worst.action
        await apps.until(pilot, lambda: bool(screen.marks), "the marks")
        assert "better:" in apps.prompt(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_a_shared_table_makes_no_review(tmp_path: Path, private_cache: Path) -> None:
    """At a table a review would keep the host thinking for minutes and write to its account's
    cache: v says so, and the replay is still there."""
    from rajas_tui.tui.table import TableApp
    from saves import tables

    path = tables.table_path(tmp_path / "tables", "over")
    tables.create(path, apps.finished())
    app = TableApp(path, 0, bot_delay=0, thinker=Counting())
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert any("shared table" in note for note in apps.notices(app))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    assert not any(private_cache.rglob("*.json"))


def _states(game: save_layer.Game) -> list[rules.GameState]:
    states = [game.start]
    for entry in game.log:
        states.append(rules.apply(states[-1], rules.parse_action(entry.action), as_listed=True))
    return states


def _kept_review(game: save_layer.Game, actions: list[int]) -> list[Decision]:
    """A review kept for every seat, made of the decisions at `actions` only (nothing judged):
    the review screen shows it at once."""
    states = _states(game)
    made = []
    for action in actions:
        entry = game.log[action - 1]
        made.append(
            Decision(
                action,
                states[action - 1].round,
                entry.seat,
                entry.action,
                entry.action,
                1.0,
                1.0,
                0.0,
                "good",
            )
        )
    for seat in range(len(game.setup.seats)):
        mine = tuple(d for d in made if d.seat == seat)
        assert reviewcache.store(game, SeatReview(seat, mine), TINY) is None
    return made


async def test_a_decision_ending_a_round_opens_on_the_board_it_was_made_on(saves: Path) -> None:
    """The last action of round 6 opens the replay on the board before it, in the round the
    review names, the log's mark on the decision; → then shows it played, ← the action before."""
    game = apps.finished()
    states = _states(game)
    last = next(p for p in range(1, len(states)) if states[p - 1].round == 6 != states[p].round)
    (decision,) = _kept_review(game, [last])
    app = apps.app(game, saves=saves, review_budget=TINY)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await apps.until(pilot, lambda: bool(_review(app).found), "the kept review")
        menu = _review(app).query_one(OptionList)
        menu.highlighted = _review(app).actions.index(decision.action)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        view = screen.view
        assert view is not None and view.state == states[last - 1]
        status = str(screen.query_one("#status").content)
        assert f"round {decision.round} · before action {last} of" in status, status
        moves = [line.words for line in view.told if line.kind == logbook.MOVE]
        assert moves[-1].startswith(text.G["cursor"]) and len(moves) == last
        await pilot.press("left")
        assert screen.position == last - 1 and not screen.before
        assert f"round 6 · action {last - 1} of" in str(screen.query_one("#status").content)
        await pilot.press("escape", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.before
        await pilot.press("right")
        assert screen.view is not None and screen.view.state == states[last]
        assert f"round 7 · action {last} of" in str(screen.query_one("#status").content)


class HoldingAfter(InProcess):
    """Judges in the test's process until it has judged `free` decisions, then holds the next
    one until stopped."""

    def __init__(self, free: int) -> None:
        self.free = free
        self.judged = 0
        self.started = threading.Event()
        self.stopped = threading.Event()

    def judge(
        self,
        view: rules.GameState,
        seat: int,
        played: rules.Action,
        seed: int,
        budget: Budget,
        stop: Stop,
    ) -> Judgement:
        if self.judged < self.free:
            self.judged += 1
            return super().judge(view, seat, played, seed, budget, stop)
        self.started.set()
        for _ in range(3000):
            if stop():
                self.stopped.set()
                raise Cancelled
            threading.Event().wait(0.01)
        raise AssertionError("the review was never stopped")


async def test_a_stopped_review_counts_from_one_and_goes_on_where_it_stopped(saves: Path) -> None:
    """The count starts at 1 over every decision of the game; stopped with Escape at decision 3
    and asked again, it goes on at decision 3 of the same total, nothing judged twice."""
    game = apps.finished()
    total = sum(len(review.asked(game, seat)) for seat in range(3))
    thinker = HoldingAfter(2)
    app = apps.app(game, saves=saves, thinker=thinker, review_budget=TINY)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await apps.until(pilot, thinker.started.is_set, "the review at its third decision")
        await pilot.pause()
        words = str(_review(app).query_one("#review-progress-words").render())
        assert f"Reviewing decision 3 of {total} " in words, words
        await pilot.press("escape")
        await apps.until(pilot, thinker.stopped.is_set, "the judging stopped")
        await pilot.pause()
        thinker.free, thinker.started, thinker.stopped = 4, threading.Event(), threading.Event()
        await pilot.press("v")
        await apps.until(pilot, thinker.started.is_set, "the review at its fifth decision")
        await pilot.pause()
        words = str(_review(app).query_one("#review-progress-words").render())
        assert f"Reviewing decision 5 of {total} " in words, words
        assert thinker.judged == 4
        await pilot.press("escape")
        await apps.until(pilot, thinker.stopped.is_set, "the judging stopped again")
