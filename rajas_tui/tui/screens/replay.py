"""The replay: a saved game stepped through action by action, in the game screen's own panes.

It is the game screen's layout with other keys: ←/→ one action, Home/End, PgUp/PgDn and `g` a
round; every pane draws the game as it was after the action shown, the log runs up to that
action and marks it (`present.replay`). Nothing is played and nothing saved. A game not yet over
is shown as one seat saw it then; a finished one whole. A review of the game kept in the cache
(`present.reviewcache`) adds its marks beside the moves it judged.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static
from textual.worker import Worker, WorkerState

import rules
import saves
from rajas_tui.present import replay, review, reviewcache, text, variants
from rajas_tui.present.replay import Replay
from rajas_tui.tui import bindings
from rajas_tui.tui.screens.dialog import Dialog
from rajas_tui.tui.screens.game import PANE_NAMES, GameScreen
from rajas_tui.tui.widgets.base import EVERYTHING, View, player_style

MARKS_GROUP = "replay-marks"


class ReplayScreen(GameScreen, inherit_bindings=False):
    """Steps through `game` from `position` (the start by default), seen by `seat` while the
    game is not over (`replay.viewer` chooses when None). `before`: opened at the action at
    `position` as it was chosen (the review's decision), the board the one before it; the
    first step leaves that half-step, → to the action played, ← to the one before."""

    BINDINGS = bindings.REPLAY
    PASSES_KEYBOARD = False

    def __init__(
        self, game: saves.Game, seat: int | None = None, position: int = 0, before: bool = False
    ) -> None:
        super().__init__()
        self.replay: Replay = replay.replay(game, replay.viewer(game, seat))
        self.position = max(0, min(position, self.replay.last))
        self.before = before and self.position > 0
        self.marks: dict[int, review.Decision] = {}
        self._marks_asked = False

    # The game screen's handlers run for this screen too (Textual calls a handler of each class):
    # what they call is the replay's here. Its own game never changes: the app's is not shown.

    def new_state(self) -> None:
        self.redraw()
        if not self._marks_asked:
            self._marks_asked = True
            self._read_marks()

    def _game_changed(self, game: saves.Game | None) -> None:
        pass

    def resume(self) -> None:
        self.redraw()

    # Marks of a kept review ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group=MARKS_GROUP)
    def _read_marks(self) -> dict[int, review.Decision]:
        """The marks of the reviews kept for this game: every seat's once it is over, else only
        the viewing seat's (the others' would tell what that seat could not see)."""
        game = self.replay.game
        seats = range(len(game.setup.seats)) if game.over else [self.replay.seat]
        budget = self.rajas.review_budget
        found = [reviewcache.load(game, seat, budget) for seat in seats if seat is not None]
        return replay.marks_of(tuple(r for r in found if r is not None))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group == MARKS_GROUP and event.state == WorkerState.SUCCESS:
            marks = worker.result
            if isinstance(marks, dict) and marks:
                self.marks = marks
                self.redraw()

    # Drawing ---------------------------------------------------------------------------------

    def picture(self) -> View:
        game = self.replay.game
        seats = game.setup.seats
        return View(
            state=self.replay.shown(self.position - self.before),
            names=tuple(seat.name for seat in seats),
            kinds=tuple(seat.kind for seat in seats),
            told=replay.told(game, self.position, self.marks, self.before),
            viewer=EVERYTHING,  # a finished game's whole state, or a seat's view already
        )

    def _status(self, view: View) -> Text:
        width = self.size.width or 80
        line = Text(" Replay", "bold")
        action = f"before action {self.position}" if self.before else f"action {self.position}"
        line.append(f" · round {view.state.round} · {action} of {self.replay.last}")
        seat = self.replay.seat
        if not self.replay.everything:
            line.append(" · seen by ")
            if seat is None:
                line.append("an onlooker")
            else:
                line.append(text.player_tag(seat), style=player_style(seat))
                line.append(f" {view.names[seat]}")
        line.truncate(width, overflow="ellipsis")
        return self._with_hint(line, width)

    def _prompt(self, view: View) -> Text:
        entry = self.replay.entry(self.position)
        if entry is None:
            key = bindings.key_of(self.rajas.keymap, "replay.forward")
            return Text(f" The start of the game: {key} steps through it.")
        decision = self.marks.get(self.position)
        if decision is None or decision.mark == "good":
            return Text(f" {_keys(self.rajas.keymap)}")
        # One row, so that the log line beneath (the move played) keeps its own: the better
        # move in the preview's words where they fit, else in the notation.
        width = self.size.width or 80
        before = self.replay.states[self.position - 1]
        words = review.better_words(rules.seat_view(before, decision.seat), decision)[0]
        for better in (words, decision.best):
            line = Text(f" {review.symbol(decision)} {decision.mark}", "bold")
            line.append(f": lost {decision.lost:.1f} · better: {better}")
            if line.cell_len <= width:
                break
        line.truncate(width, overflow="ellipsis")
        return line

    def _refresh_keys(self) -> None:
        self.refresh_bindings()

    def _panes(self) -> tuple[str, ...]:
        if variants.has_yields(self.replay.states[0]):
            return PANE_NAMES
        return tuple(name for name in PANE_NAMES if name != "yields")

    # Keys --------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            return True if self._stepped(int(str(parameters[0]))) is not None else None
        if action == "jump":
            moves = self.before or self._jumped(str(parameters[0])) != self.position
            return True if moves else None
        if action == "round":
            return True if self._round_moved(int(str(parameters[0]))) is not None else None
        return True

    def _hidden_action(self, key: str) -> str | None:
        """A key of the game's that is none of the replay's: nothing is played here, and it
        says so (it is not in the footer, which names only the replay's keys)."""
        keymap = self.rajas.keymap
        if any(key in bindings.keys(b, keymap) for b in _bindings(bindings.REPLAY)):
            return None
        if any(key in bindings.keys(b, keymap) for b in _bindings(bindings.GAME)):
            return "not_played_here"
        return None

    def action_not_played_here(self) -> None:
        self.refuse(
            bindings.said(
                self.rajas.keymap,
                "This is a replay: nothing can be played here; <replay.close> goes back.",
            )
        )

    def _stepped(self, delta: int) -> int | None:
        # From the half-step before an action, → shows that action played.
        target = self.position + delta - (self.before and delta > 0)
        return target if 0 <= target <= self.replay.last else None

    def _jumped(self, where: str) -> int:
        return 0 if where == "start" else self.replay.last

    def _round_moved(self, direction: int) -> int | None:
        shown = self.position - self.before  # the board shown is the one before the action
        if direction < 0:
            return self.replay.earlier_round(shown)
        return self.replay.later_round(shown)

    def show_position(self, position: int) -> None:
        self.position = position
        self.before = False
        self.redraw()

    def action_step(self, delta: int | str) -> None:
        target = self._stepped(int(delta))
        if target is None:
            self.refuse(self._why_not_step(int(delta)))
        else:
            self.show_position(target)

    def _why_not_step(self, delta: int) -> str:
        if delta < 0:
            return "This is the start of the game: there is no action before it."
        if self.replay.last == 0:
            return "No action has been played yet."
        if self.replay.game.over:
            return "This is the game's last action: it ended here."
        return "This is the last action played so far: the game goes on from here."

    def action_jump(self, where: str) -> None:
        target = self._jumped(where)
        if target == self.position and not self.before:
            self.refuse(self._why_not_step(-1 if where == "start" else 1))
        else:
            self.show_position(target)

    def action_round(self, direction: int | str) -> None:
        target = self._round_moved(int(direction))
        if target is None:
            first = int(direction) < 0
            self.refuse(
                "This is the start of the first round: there is none before it."
                if first
                else "This is the last round: there is none after it."
            )
        else:
            self.show_position(target)

    def action_go_to_round(self) -> None:
        self.app.push_screen(RoundScreen(self.replay, self.show_position))

    def action_close(self) -> None:
        self.dismiss()


def _bindings(keys: list[BindingType]) -> list[Binding]:
    return [b for b in keys if isinstance(b, Binding)]


def _keys(keymap: dict[str, str]) -> str:
    back, forward, rounds, close = (
        bindings.key_of(keymap, f"replay.{k}") for k in ("back", "forward", "round", "close")
    )
    return (
        f"{back} {forward} one action · Home End · PgUp PgDn or {rounds}: a round · {close}: close"
    )


class RoundScreen(Dialog):
    """Asks which round to go to; Enter goes to its first action."""

    def __init__(self, game: Replay, go: Callable[[int], None]) -> None:
        super().__init__()
        self.game = game
        self.go = go

    def compose_body(self) -> ComposeResult:
        rounds = self.game.starts
        with Vertical(id="dialog"):
            yield Static("Go to a round", classes="dialog-title")
            yield Input(placeholder=f"round {rounds[0][0]} to {rounds[-1][0]}", id="round")
            yield Static("", id="dialog-error", markup=False)
            keys = "Enter goes there · <dialog.cancel> cancels"
            yield Static(bindings.said(self.rajas.keymap, keys), classes="dim")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        rounds = self.game.starts
        wanted = event.value.strip()
        start = self.game.round_start(int(wanted)) if wanted.isdigit() else None
        if start is None:
            self.query_one("#dialog-error", Static).update(
                f"Type a round from {rounds[0][0]} to {rounds[-1][0]}, not {wanted!r}."
            )
            return
        self.dismiss()
        self.go(start)
