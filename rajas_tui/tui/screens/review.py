"""The review of a finished game: every decision of every player judged against the search bot's
best move (`present.review`), each player's accuracy, the costliest decisions with the better
move, and every decision, each a key away from the replay at that move.

The judging runs in a worker thread that asks the bots' process for each decision (a search
for each: long), with a progress bar; the screen stays answerable, and Escape stops it.
A review kept in the cache (`present.reviewcache`) shows at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

import rules
import saves
from rajas_tui.present import review, reviewcache, text
from rajas_tui.present.bot_process import Cancelled
from rajas_tui.present.review import Decision, SeatReview
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.widgets.base import player_style

if TYPE_CHECKING:
    from rajas_tui.bots.review import Budget, Judgement
    from rajas_tui.tui.app import RajasApp

REVIEW_GROUP = "review"
FRAME = 7  # columns of the box's border and padding and the list's scroll bar


@attrs.frozen
class Reviewed:
    """A review made, and the views its costliest decisions were made from."""

    found: tuple[SeatReview, ...]
    views: dict[int, rules.GameState]


class ReviewScreen(Screen[None]):
    """Reviews `game`, a finished game, for every seat."""

    BINDINGS = bindings.REVIEW

    def __init__(self, game: saves.Game) -> None:
        super().__init__()
        self.game = game
        self.found: tuple[SeatReview, ...] = ()
        self.reviewed: Reviewed | None = None
        self._stopping = False  # Escape was pressed: a review given up is not a failure
        self.actions: list[int] = []  # the action number of each option of the list

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static("Review of the game", classes="dialog-title")
            yield Static(review.method_line(self.rajas.review_budget), classes="dim")
            yield Static("Looking for a kept review…", id="review-progress-words", markup=False)
            yield ProgressBar(id="review-progress", show_eta=False)
            yield OptionList(id="review-list", markup=False)
            yield Static(id="review-keys", classes="dim", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False
        self._review()

    # Reviewing, in a worker ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group=REVIEW_GROUP)
    def _review(self) -> Reviewed | None:
        """The review, and the views its costliest decisions' better moves are told from (the
        words are made on the UI thread, in the app's glyphs)."""
        worker = get_current_worker()
        thinker = self.rajas.thinker
        budget = self.rajas.review_budget
        game = self.game

        def stop() -> bool:
            return worker.is_cancelled

        def judge(
            view: rules.GameState, seat: int, played: rules.Action, seed: int, used: Budget
        ) -> Judgement:
            return thinker.judge(view, seat, played, seed, used, stop)

        def progress(done: int, total: int) -> None:
            if not stop():
                self.app.call_from_thread(self._progress, done, total)

        def keep(found: SeatReview) -> None:
            problem = reviewcache.store(game, found, budget)
            if problem and not stop():
                self.app.call_from_thread(
                    self.rajas.notify, problem, severity="warning", markup=False
                )

        def keep_begun(found: SeatReview) -> None:
            # Stopped: what was judged is kept for the next time, quietly (a review that
            # cannot be kept is told once it is whole).
            reviewcache.store(game, found, budget, complete=False)

        seats = range(len(game.setup.seats))
        try:
            found = review.review(
                game,
                seats,
                budget,
                judge,
                progress,
                keep,
                lambda seat: reviewcache.load(game, seat, budget),
                lambda seat: reviewcache.load(game, seat, budget, begun=True),
                keep_begun,
            )
        except Cancelled:
            return None
        return Reviewed(found, review.costliest_views(game, found))

    def _progress(self, done: int, total: int) -> None:
        if not self.is_attached:
            return
        key = bindings.said(self.rajas.keymap, "<review.close>")
        # The decision being judged, counted from 1 among every decision of the game.
        words = f"Reviewing decision {min(done + 1, total)} of {total} ({key} stops)…"
        self.query_one("#review-progress-words", Static).update(words)
        self.query_one(ProgressBar).update(total=max(total, 1), progress=done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != REVIEW_GROUP or event.state != WorkerState.SUCCESS:
            return
        self.rajas.tell_bot_trouble()
        if isinstance(worker.result, Reviewed):
            self._show(worker.result)
        elif not self._stopping:  # given up without Escape: this app thinks for no bot
            self.rajas.notify("No review can be made here.", severity="warning", markup=False)
            self.dismiss()

    def _show(self, reviewed: Reviewed) -> None:
        self.reviewed = reviewed
        self.found = reviewed.found
        self.query_one("#review-progress-words").display = False
        self.query_one(ProgressBar).display = False
        menu = self.query_one(OptionList)
        menu.display = True
        self._fill()
        menu.highlighted = next((i for i, a in enumerate(self.actions) if a > 0), None)
        menu.focus()
        keys = self.rajas.keymap
        close = bindings.key_of(keys, "review.close")
        self.query_one("#review-keys", Static).update(
            f"{text.G['above']}{text.G['below']} a decision · Enter: the replay at it · "
            f"{close}: back"
        )

    def _fill(self) -> None:
        """The list, its lines wrapped to the screen's width."""
        menu = self.query_one(OptionList)
        # The box's border and padding, and the list's scroll bar.
        width = max(20, self.size.width - FRAME)
        if self.reviewed is None:
            return
        options, self.actions = _options(self.game, self.reviewed, self.app.console, width)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = highlighted

    def on_resize(self) -> None:
        if self.found:
            self._fill()

    # Keys --------------------------------------------------------------------------------------

    @property
    def reviewing(self) -> bool:
        return any(
            w.group == REVIEW_GROUP and not w.is_finished for w in self.workers if w.node is self
        )

    def action_close(self) -> None:
        self._stopping = True
        if self.reviewing:
            self.workers.cancel_group(self, REVIEW_GROUP)
            self.rajas.notify("The review was stopped.", severity="warning", markup=False)
        self.dismiss()

    def action_replay(self) -> None:
        index = self.query_one(OptionList).highlighted
        if not self.found or index is None or self.actions[index] <= 0:
            self.rajas.notify(
                "The review is not done yet: the replay opens at a decision once it is."
                if not self.found
                else "Choose a decision: the replay opens at it.",
                severity="warning",
                markup=False,
            )
            return
        # On the board the decision was made on, in its round, the log's mark on it.
        self.rajas.open_replay(self.game, position=self.actions[index], before=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_replay()


def _options(
    game: saves.Game, reviewed: Reviewed, console: Console, width: int
) -> tuple[list[Option], list[int]]:
    """The list's options, each line wrapped to `width` under its own indent, and the action
    each opens the replay at (0: none, a heading)."""
    found = reviewed.found
    options: list[Option] = []
    actions: list[int] = []

    def add(prompt: Text, action: int = 0) -> None:
        options.append(Option(_wrapped(prompt, console, width), disabled=action <= 0))
        actions.append(action)

    for seat_review in found:
        add(_tagged(seat_review.seat, review.seat_line(game, seat_review), bold=True))
        for decision in seat_review.costliest():
            view = reviewed.views[decision.action]
            better = review.better_words(view, decision)
            lines = [
                f"  action {decision.action}, round {decision.round}: "
                f"{review.played_words(view, decision)} {review.symbol(decision)} "
                f"lost {decision.lost:.1f}",
                f"    better: {better[0]}",
                *(f"            {line}" for line in better[1:]),
            ]
            add(Text("\n".join(lines)), decision.action)
    add(Text("Every decision (Enter: the replay at it)", "bold"))
    decisions = sorted((d for r in found for d in r.decisions), key=lambda d: d.action)
    for decision in decisions:
        add(_decision_text(decision), decision.action)
    return options, actions


def _wrapped(prompt: Text, console: Console, width: int) -> Text:
    """Each line of `prompt` wrapped to `width`, its later rows indented two more than it."""
    rows: list[Text] = []
    for line in prompt.split("\n"):
        indent = " " * (len(line.plain) - len(line.plain.lstrip(" ")) + 2)
        for index, row in enumerate(line.wrap(console, max(8, width - len(indent)))):
            row.rstrip()
            rows.append(Text(indent).append_text(row) if index else row)
    return Text("\n").join(rows)


def _tagged(seat: int, line: str, bold: bool = False) -> Text:
    tag = text.player_tag(seat)
    out = Text(tag, player_style(seat))
    out.append(line.removeprefix(tag), "bold" if bold else "")
    return out


def _decision_text(decision: Decision) -> Text:
    best = "the same" if decision.best == decision.played else decision.best
    mark = review.symbol(decision)
    out = Text(f"{decision.action:>4} r{decision.round:<2} ")
    out.append(text.player_tag(decision.seat), player_style(decision.seat))
    out.append(f" {decision.played}")
    out.append(f" {mark}" if mark else "", "bold")
    out.append(f"  lost {decision.lost:.1f} · best: {best}")
    return out
