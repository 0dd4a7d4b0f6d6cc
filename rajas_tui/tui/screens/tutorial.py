"""The game screen of the guided first game: the real game, with the lesson's line above the
prompt. What the steps are and what moves them on is `present.tutorial`; this screen tells it
what the player did, and the app keeps the step beside the save."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

import rules
import saves
from rajas_tui.present import tutorial
from rajas_tui.tui import bindings
from rajas_tui.tui.screens.game import GameScreen, Line


class TutorialScreen(GameScreen):
    # At 80×24 the lesson takes the log line's row and one more: the province keeps its rows.
    # The log pane (7) still tells every move.
    DEFAULT_CSS = """
    TutorialScreen #lesson { height: auto; background: $accent-muted; padding: 0 1; }
    TutorialScreen.-short #log-line.-under-lesson { display: none; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._followed: saves.Game | None = None  # the game as the lesson last saw it

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "prompt":
                yield Line(id="lesson")
            yield widget

    @property
    def lesson(self) -> tutorial.Lesson:
        return self.rajas.tutorial or tutorial.Lesson(tutorial.DONE)

    def _learnt(self, lesson: tutorial.Lesson) -> None:
        # The app holds no tutorial while it opens another game over this one.
        if self.rajas.tutorial is not None and lesson != self.lesson:
            self.rajas.keep_tutorial(lesson)
            self.redraw()

    # What the player did -------------------------------------------------------------------

    def new_state(self) -> None:
        self._follow(self.rajas.shown)
        super().new_state()

    def _follow(self, game: saves.Game) -> None:
        """Tells the lesson each action played since it last looked (the learner's move and
        the bot's answers); an undo tells it nothing, and a step once done stays done."""
        seen, self._followed = self._followed, game
        if seen is None or len(game.log) <= len(seen.log):
            return
        if game.log[: len(seen.log)] != seen.log:
            return  # another history (an undo, then other moves): nothing of it is news
        lesson, state = self.lesson, seen.state
        for entry in game.log[len(seen.log) :]:
            action = rules.parse_action(entry.action)
            after = rules.apply(state, action)
            lesson = tutorial.after_action(lesson, state, action, after, entry.seat)
            state = after
        self._learnt(lesson)

    def _can_skip(self) -> bool:
        """Escape skips a step only when it has no stage to step back from."""
        chooser = self.chooser
        if self.lesson.done or self.bots.coaching is not None:
            return False
        return chooser is None or (chooser.at_first_step and chooser.prefix is None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command" and parameters == ("back",) and self._can_skip():
            return True  # Escape skips the step even where it has no stage to step back from
        return super().check_action(action, parameters)

    async def action_command(self, command: str) -> None:
        if command == "back" and self._can_skip():
            self._learnt(tutorial.skipped(self.lesson))
            return
        await super().action_command(command)
        self._learnt(tutorial.after_stage(self.lesson, self.chooser))

    async def action_digit(self, digit: str) -> None:
        # The digit opens a pane unless a list is open to choose from.
        opens = self.chooser is None or not self.chooser.wants_digits
        await super().action_digit(digit)
        number = 10 if digit == "0" else int(digit)
        panes = self._panes()
        if opens and number <= len(panes):
            self._learnt(tutorial.after_look(self.lesson, panes[number - 1]))

    def action_pane(self, delta: int) -> None:
        super().action_pane(delta)
        self._learnt(tutorial.after_look(self.lesson, self.pane))

    def action_help(self) -> None:
        super().action_help()
        self._learnt(tutorial.after_look(self.lesson, "help"))

    # Drawing ---------------------------------------------------------------------------------

    def redraw(self) -> None:
        super().redraw()
        keymap = self.rajas.keymap
        head, body = tutorial.instruction(
            self.lesson, lambda binding: bindings.key_of(keymap, binding), self._can_skip()
        )
        line = Text()
        if head:
            line.append(head, "bold")
            line.append(" ")
        line.append(body)
        shown = bool(head or body)
        lesson = self.query_one("#lesson", Line)
        lesson.display = shown
        lesson.set(line if shown else Text(""))
        self._class(self.query_one("#log-line"), "-under-lesson", shown)
