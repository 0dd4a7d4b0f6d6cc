"""The game screen's bots and coach: a bot's move scheduled after a pause and chosen in a worker
thread, the coach asked in another, either cancelled by an undo, a newer game or a key, and the
seconds either has thought counted on the prompt. `GameScreen` draws the game and turns keys into
commands; the `BotTurns` it owns only decides when a bot or the coach thinks and plays what they
answer."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar

from textual.timer import Timer
from textual.worker import Worker, WorkerState, get_current_worker

import rules
import saves
from rajas_tui.present import coach, turns
from rajas_tui.present.bot_process import Cancelled
from rajas_tui.tui.screens.coach import CoachScreen
from saves import HUMAN

if TYPE_CHECKING:
    from rajas_tui.present.chooser import Chooser
    from rajas_tui.tui.app import RajasApp

BOT_GROUP = "bot"
COACH_GROUP = "coach"

Result = TypeVar("Result")
BotMove = tuple[saves.Game, rules.Action] | None
Advised = tuple[saves.Game, coach.Counsel] | None


class BotHost(Protocol):
    """What the bots and the coach need of the game screen that owns them. Their workers and
    timers run on it, so that they end with it."""

    @property
    def rajas(self) -> RajasApp: ...

    @property
    def chooser(self) -> Chooser | None:
        """The acting human seat's chooser; None while no human seat is to act."""

    @property
    def is_current(self) -> bool: ...

    def redraw(self) -> None:
        """Draws the game again: who thinks shows on the prompt and the keys."""

    def show_seconds(self) -> None:
        """Shows the prompt again, with the seconds of thought (`BotTurns.seconds`)."""

    def refuse(self, sentence: str) -> None:
        """Says why a key could not act."""

    def why_no_coach(self) -> str:
        """Why the coach cannot advise now, no human seat of this screen being to act."""

    def advice_shown(self) -> None:
        """The coach's advice is about to show (a puzzle counts it as a hint)."""

    def counsel(self, game: saves.Game, stop: Callable[[], bool]) -> coach.Counsel:
        """The coach's advice on `game` (a puzzle's: its hint), thought in a worker thread;
        Cancelled once `stop()` is true."""

    def run_worker(
        self, work: Callable[[], Result], *, group: str, exclusive: bool, thread: bool
    ) -> Worker[Result]: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    def call_after_refresh(self, callback: Callable[[], None]) -> bool: ...


class BotTurns:
    """When the bots think and the coach advises on one game screen (`host`), and what of their
    answers is played."""

    def __init__(self, host: BotHost) -> None:
        self.host = host
        self._bot_timer: Timer | None = None
        self._bot_worker: Worker[BotMove] | None = None
        self._coach_worker: Worker[Advised] | None = None
        self.thinking: saves.Game | None = None  # the game a bot is choosing a move for
        self.coaching: saves.Game | None = None  # the game the coach is thinking about
        self._since = 0.0  # when the bot or the coach began to think (time.monotonic)
        self._clock: Timer | None = None  # the next count of those seconds on the prompt

    @property
    def rajas(self) -> RajasApp:
        return self.host.rajas

    # Bots ------------------------------------------------------------------------------------

    def at_move(self, game: saves.Game) -> bool:
        """Whether a bot's move is under way: waiting for its pause, or thought for `game`."""
        return self.thinking is game or self._bot_timer is not None

    def schedule_bot(self) -> None:
        """The bot's move, after a pause that lets the players see the last one."""
        self.cancel_bot()
        delay = self.rajas.bot_delay
        if delay <= 0:
            self.host.call_after_refresh(self.think)
        else:
            self._bot_timer = self.host.set_timer(delay, self.think)

    def cancel_bot(self) -> bool:
        """Whether a bot was thinking. Its worker is cancelled: its thread stops waiting and
        the bots' process stops thinking (`present.bot_process`), and no move of it is ever
        played."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        _stop(self._bot_worker)
        self._bot_worker = None
        was, self.thinking = self.thinking, None
        return was is not None

    def think(self) -> None:
        """The pause is over: the bot to act starts choosing its move."""
        self._bot_timer = None
        if not self.host.is_current or self.rajas.saving:
            return  # started again when the screen is back on top, or the game is shown
        game = self.rajas.shown
        if game.state.over or game.setup.seats[game.state.turn].kind == HUMAN:
            return
        self.thinking = game
        self.started_thinking()
        self.host.redraw()
        self._bot_worker = self.host.run_worker(
            partial(self._bot_move, game), group=BOT_GROUP, exclusive=True, thread=True
        )

    def _bot_move(self, game: saves.Game) -> BotMove:
        """The bot chooses in its own process (`present.bot_process`), waited for in a thread: the
        keys (help, panes, quit) keep working, and the bot's garbage is never this process's to
        collect. Cancelled (an undo, a newer game, quitting), it stops thinking at once."""
        worker = get_current_worker()
        try:
            return game, turns.bot_action(game, self.rajas.bot_choice(lambda: worker.is_cancelled))
        except Cancelled:
            return None

    def worker_changed(self, worker: Worker[object], state: WorkerState) -> None:
        """A worker of the host screen changed state: a bot's move or the coach's advice may be
        in."""
        if worker.group == COACH_GROUP and state == WorkerState.SUCCESS:
            self._advised(worker)
            return
        if worker.group != BOT_GROUP or state != WorkerState.SUCCESS:
            return
        self.rajas.tell_bot_trouble()
        result = worker.result
        if not isinstance(result, tuple) or worker.is_cancelled:
            return
        game, action = result
        # A move chosen for a game that has since changed (an undo while it thought, another
        # game opened) is not played: it would be played on a game it never saw.
        if game is not self.thinking or game is not self.rajas.newest:
            return
        self.thinking = None
        self.rajas.commit(action)

    # The coach ----------------------------------------------------------------------------------

    async def ask_coach(self) -> None:
        """Asks the coach what to play now: only on a human seat's turn, in a thread, so the
        screen stays live; Escape or another key cancels it."""
        await self.rajas.settled()
        if self.host.chooser is None:
            self.host.refuse(self.host.why_no_coach())
            return
        if self.coaching is not None:
            return  # already asked: the answer is on its way
        game = self.coaching = self.rajas.shown
        self.started_thinking()
        self.host.redraw()
        self._coach_worker = self.host.run_worker(
            partial(self._coach_move, game), group=COACH_GROUP, exclusive=True, thread=True
        )

    def _coach_move(self, game: saves.Game) -> Advised:
        """The host's advice on `game`, in this worker thread; cancelled, it stops."""
        worker = get_current_worker()
        try:
            return game, self.host.counsel(game, lambda: worker.is_cancelled)
        except Cancelled:
            return None

    def _advised(self, worker: Worker[object]) -> None:
        self.rajas.tell_bot_trouble()
        result = worker.result
        if not isinstance(result, tuple) or worker.is_cancelled:
            return
        game, counsel = result
        # Advice for a game since changed (an undo, a move) would be about another position.
        if game is not self.coaching or game is not self.rajas.newest:
            return
        self.coaching = None
        self.host.redraw()
        self.host.advice_shown()

        def take() -> None:
            if counsel.action is None:
                return
            if self.rajas.newest is game:
                self.rajas.commit(counsel.action)
            else:
                self.host.refuse("The game has moved on since the coach's advice.")

        self.rajas.push_screen(CoachScreen(counsel, take))

    def stop_coach(self) -> bool:
        """Whether the coach was thinking; it is stopped and the screen says so."""
        if self.cancel_coach():
            self.host.redraw()
            return True
        return False

    def cancel_coach(self) -> bool:
        """Whether the coach was thinking; it is stopped, nothing redrawn."""
        _stop(self._coach_worker)
        self._coach_worker = None
        was, self.coaching = self.coaching, None
        return was is not None

    # Seconds of thought ---------------------------------------------------------------------------

    def started_thinking(self) -> None:
        """A bot or the coach began to think. Past the app's `progress_after` the prompt counts
        the seconds, so that a long think is seen to go on, not taken for a screen stuck."""
        self._since = time.monotonic()
        if self._clock is not None:
            self._clock.stop()
            self._clock = None
        after = self.rajas.progress_after
        if after is not None:
            self._clock = self.host.set_timer(after, self._tick)

    def seconds(self) -> str:
        """The seconds the bot or the coach has thought, once past `progress_after`; else ""."""
        after = self.rajas.progress_after
        if after is None or (self.thinking is None and self.coaching is None):
            return ""
        seconds = time.monotonic() - self._since
        return f" {max(1, int(seconds))} s" if seconds >= after else ""

    def _tick(self) -> None:
        """The prompt's count, again at each whole second while a bot or the coach thinks."""
        self._clock = None
        if self.thinking is None and self.coaching is None:
            return  # the thinking is over, and the count with it
        self.host.show_seconds()
        past = (time.monotonic() - self._since) % 1.0
        self._clock = self.host.set_timer(max(0.05, 1.0 - past), self._tick)


def _stop(worker: Worker[Result] | None) -> None:
    """Cancels `worker` if it is still at work. A finished one has given its answer: whether it
    is played depends on the game it was for (`worker_changed`)."""
    if worker is not None and not worker.is_finished:
        worker.cancel()
