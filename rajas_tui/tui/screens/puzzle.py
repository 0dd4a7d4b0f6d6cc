"""Puzzles in the app: the list (from the title), the game screen a puzzle is played on, and the
puzzle's card, which tells its text and goal at the start and the verdict at the end of the
player's part (docs/puzzles.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

import rules
import saves
from rajas_tui.present import coach, puzzle_hint
from rajas_tui.present import puzzles as words
from rajas_tui.present.puzzles import Attempt
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.base import View
from saves.marks import Book
from saves.puzzles import Puzzle

if TYPE_CHECKING:
    from rajas_tui.tui.app import PuzzleList, RajasApp


class PuzzleScreen(GameScreen):
    """The game screen for a puzzle: the goal on the status line, the coach's key giving hints
    (the next step of a line that meets the goal), counted, and the verdict once the player's
    part ends (no seat moves after it)."""

    BINDINGS = [*bindings.GAME, *bindings.PUZZLE]  # noqa: RUF012

    @property
    def attempt(self) -> Attempt:
        attempt = self.rajas.attempt
        if attempt is None:
            raise RuntimeError("No puzzle is open.")
        return attempt

    def on_mount(self) -> None:
        super().on_mount()
        if not self.attempt.ended(self.rajas.shown.state):
            self.app.push_screen(PuzzleCard(self.attempt))

    def new_state(self) -> None:
        attempt = self.attempt
        state = self.rajas.shown.state
        if not attempt.ended(state):
            super().new_state()
            return
        self.bots.cancel_bot()
        self.bots.cancel_coach()
        self.chooser = None
        self._chooser_for = state
        self.redraw()
        if attempt.told is not state:  # once for each end reached (a resume draws it again)
            attempt.told = state
            self.rajas.puzzle_ended(attempt, state)

    def _status(self, view: View) -> Text:
        puzzle = self.attempt.puzzle
        line = Text(f" Puzzle {puzzle.number} ({puzzle.level})", "bold")
        line.append(f" · {words.hints_words(self.attempt.hints)} · {puzzle.goal_words()}")
        width = self.size.width or 80
        key = bindings.key_of(self.rajas.keymap, "puzzle.goal")
        for right in (f"{key}:goal ?:help ", "?:help ", ""):
            if line.cell_len + 1 + len(right) <= width:
                break
        line.truncate(width - len(right), overflow="ellipsis", pad=True)
        line.append(right, style="dim")
        return line

    def picture(self) -> View:
        """After the player's part the turn has passed on; the card still shows the player's
        statue and province, whose part the verdict is about."""
        view = super().picture()
        state = view.state
        seat = self.attempt.puzzle.seat
        if self.attempt.ended(state) and state.turn != seat:
            view = attrs.evolve(view, state=rules.replace(state, turn=seat))
        return view

    def _prompt(self, view: View) -> Text:
        state = self.rajas.shown.state  # the view's turn is the player's once the part ended
        if self.attempt.ended(state):
            solved = self.attempt.puzzle.solved(state)
            return Text(" Solved." if solved else " Not solved.", "bold")
        return super()._prompt(view)

    def counsel(self, game: saves.Game, stop: Callable[[], bool]) -> coach.Counsel:
        """The puzzle's hint: the next step of a line that meets the goal, from the player's
        view (`present.puzzle_hint`), in place of the coach's bot."""
        hint = puzzle_hint.hint(self.attempt.puzzle, game.state, stop)
        again = bindings.said(
            self.rajas.keymap,
            "<game.undo> takes an action back, or <puzzle.goal> then <card.retry> starts again",
        )
        return puzzle_hint.counsel(hint, again)

    def advice_shown(self) -> None:
        self.attempt.hints += 1
        self.rajas.hint_asked(self.attempt)
        self.redraw()

    def action_goal(self) -> None:
        self.bots.stop_coach()
        self.app.push_screen(PuzzleCard(self.attempt))

    def action_save_as(self) -> None:
        key = bindings.key_of(self.rajas.keymap, "puzzle.goal")
        self.refuse(f"A puzzle is not saved: its card ({key}) starts it again.")


class _Card(ModalScreen[None]):
    """What the puzzle's cards share: the title, text and goal, and their keys' actions."""

    verdict: list[str] | None = None
    LIST_KEY = "card.puzzles"  # the binding that goes back to the list, named in a sentence

    def __init__(self, attempt: Attempt) -> None:
        super().__init__()
        self.attempt = attempt

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        puzzle = self.attempt.puzzle
        with Vertical(id="dialog"):
            title = f"Puzzle {puzzle.number}: {puzzle.title} ({puzzle.level})"
            yield Static(title, classes="dialog-title", markup=False)
            yield Static(puzzle.text, markup=False)
            yield Static(f"Goal: {puzzle.goal_words()}", id="card-goal", markup=False)
            if self.verdict is None:
                key = bindings.key_of(self.rajas.keymap, "game.coach")
                hints = words.hints_words(self.attempt.hints)
                yield Static(
                    f"{key}: a hint, the next step towards the goal (counted: {hints} so far).",
                    id="card-hints",
                    markup=False,
                )
            else:
                yield Static("\n".join(self.verdict), id="verdict", markup=False)
        yield Footer()

    def action_retry(self) -> None:
        self.dismiss()
        self.rajas.open_puzzle(self.attempt.puzzle)

    def action_next(self) -> None:
        following = self.rajas.puzzle_after(self.attempt.puzzle)
        if following is None:
            key = bindings.key_of(self.rajas.keymap, self.LIST_KEY)
            self.notify(f"This is the last puzzle: {key} lists them all.", markup=False)
            return
        self.dismiss()
        self.rajas.open_puzzle(following)

    def action_puzzles(self) -> None:
        self.dismiss()
        self.rajas.show_puzzles()


class PuzzleCard(_Card):
    """The puzzle's title, text and goal, and the hints asked so far: at its start and on `g`."""

    BINDINGS = bindings.PUZZLE_CARD

    def action_play(self) -> None:
        self.dismiss()


class VerdictCard(_Card):
    """The card at the end of the player's part: solved or not, and what each condition of the
    goal reached."""

    BINDINGS = bindings.PUZZLE_VERDICT
    LIST_KEY = "verdict.puzzles"

    def __init__(self, attempt: Attempt, verdict: list[str]) -> None:
        super().__init__(attempt)
        self.verdict = verdict


def option_text(row: words.Row) -> Text:
    """A puzzle in the list: number, title, difficulty and mark, and the goal beneath."""
    out = Text(f"{row.number:>2}. {row.title} ({row.level})")
    if row.mark:
        out.append(f"  {row.mark}", "bold")
    out.append(f"\n    {row.goal}", "dim")
    return out


class PuzzlesScreen(Screen[None]):
    """The puzzles with their goals and solved marks; Enter opens one. `back_to`: the save of
    the game the list was opened from, which a puzzle opened here leaves: Escape goes back to
    it once it is no longer beneath."""

    BINDINGS = bindings.PUZZLES

    def __init__(self, back_to: Path | None = None) -> None:
        super().__init__()
        self.shown: list[Puzzle] = []
        self.back_to = back_to

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="puzzles-box"):
            yield Static("Puzzles", classes="dialog-title")
            yield OptionList(id="puzzle-menu", markup=False)
            keys = "Enter opens a puzzle · <puzzles.back> goes back"
            yield Static(bindings.said(self.rajas.keymap, keys), classes="dim")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.add_option(Option("reading the puzzles…", disabled=True))
        menu.focus()
        self._read()

    @work(thread=True, exclusive=True, group="puzzle-listing")
    def _read(self) -> PuzzleList:
        return self.rajas.puzzle_list()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS and event.worker.group == "puzzle-listing":
            found, book, problem = event.worker.result  # type: ignore[misc]
            if problem:
                self.notify(problem, severity="warning", timeout=10, markup=False)
            self._show(found, book)

    def _show(self, found: list[Puzzle], book: Book) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        self.shown = found
        self.rajas.remember_puzzles(found, book.asked)
        listed = words.rows(found, book.solved, book.asked)
        menu.add_options([Option(option_text(row)) for row in listed])
        if not found:
            menu.add_option(Option("no puzzles could be read", disabled=True))
        else:
            menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self.shown):
            self.rajas.puzzles_left = self.back_to
            self.rajas.open_puzzle(self.shown[event.option_index])

    def action_back(self) -> None:
        stack = self.app.screen_stack
        # Above the title (a puzzle was played since), the game left is opened again; above
        # the game or a puzzle, that is where Escape goes.
        over_title = len(stack) > 1 and type(stack[-2]).__name__ == "TitleScreen"
        self.app.pop_screen()
        if self.back_to is not None and over_title:
            self.rajas.puzzles_left = None
            self.rajas.open_save(self.back_to)
