"""The Textual app: themes, keymap, screens, and the one game it shows.

The flow of one action: key → chooser → `saves.play` (the engine's `apply`) → a worker thread
writes the new game to the game's one file (fsynced) → only then does the app's `game` reactive
take it and the screens watching it redraw, so a screen never shows an action the disk does not
hold, and the UI thread never waits for the disk.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from textual import events, work
from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.driver import Driver
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.theme import Theme
from textual.worker import Worker, WorkerCancelled, WorkerFailed

import rules
import saves
from rajas_tui.present import bot_process, logbook, text
from rajas_tui.tui import bindings, colours, ending, settings
from rajas_tui.tui.ascii import AsciiOnly
from rajas_tui.tui.autosave import InOrder
from rajas_tui.tui.palette import NO_SCREENSHOT, NOT_OFFERED, RajasCommands
from rajas_tui.tui.private_textual import MessageRoom, settle_heap
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.title import TitleScreen
from rajas_tui.tui.screens.toosmall import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from rajas_tui.tui.theme_files import load_themes, starting_theme

# The screens not on the first frame (game over, help, the dialogs) are imported when first
# opened: the modules and the Textual widgets they bring would slow the start-up.
if TYPE_CHECKING:
    from rajas_tui.bots import Choose
    from rajas_tui.bots.review import Budget
    from rajas_tui.present.puzzles import Attempt
    from rajas_tui.present.tutorial import Lesson
    from rajas_tui.tui.screens.gameover import GameOverScreen
    from rajas_tui.tui.screens.replay import ReplayScreen
    from rajas_tui.tui.table import Seated, Sitting
    from saves.marks import Book
    from saves.puzzles import Puzzle

    # The puzzles, the marks, and a sentence when the marks file could not be read.
    PuzzleList = tuple[list[Puzzle], Book, str | None]


class RajasApp(MessageRoom):
    """Rajas of the Ganges. Holds one game (the save layer's record) and swaps it whole."""

    CSS_PATH = "app.tcss"
    TITLE = "rajas"
    COMMANDS = App.COMMANDS | {RajasCommands}
    ENABLE_COMMAND_PALETTE = True

    # The game on screen, and on disk: screens watch it. A new game is written first (in a
    # thread) and set here only then. Compared by identity: every action makes a new one, and
    # comparing two whole games field by field would cost more than drawing them.
    game: reactive[saves.Game | None] = reactive(
        None, init=False, always_update=True, repaint=False
    )

    def __init__(
        self,
        game: saves.Game | None = None,
        *,
        path: Path | None = None,
        saves_dir: Path | None = None,
        bot_delay: float = 0.4,
        progress_after: float | None = 1.0,
        keymap_file: Path | None = None,
        theme: str | None = None,
        ascii_glyphs: bool | None = None,
        seed: int | None = None,
        thinker: bot_process.Thinker | None = None,
        settings_file: Path | None = None,
        keep_settings: bool = True,
        tutorial: bool = False,
        replay: saves.Game | None = None,
        replay_seat: int | None = None,
        review_budget: Budget | None = None,
        puzzle: tuple[list[Puzzle], Puzzle] | None = None,
        marks_file: Path | None = None,
        tables_dir: Path | None = None,
    ) -> None:
        """`theme` and `ascii_glyphs`, when given, win over the settings in `settings_file`
        (read now, written when the palette changes one unless `keep_settings` is False);
        None: no settings file. `tutorial`: start (or go on with) the guided first game once
        the title is up. `replay`: a game to step through, over the title screen, seen by
        `replay_seat` while not over. `review_budget`: how hard reviews look (the default's
        when None). `puzzle` opens the app on a puzzle (the puzzles, and the one to play)
        instead of `game`; solved puzzles are noted in `marks_file` (None: nowhere). The title's
        Tables screen lists `tables_dir` (None: where `rajas table list` looks).
        `progress_after`: seconds a bot or the coach thinks before the screen counts them
        (None: never, for screens that must not depend on a clock)."""
        super().__init__(driver_class=_driver_class())
        # Served to a browser or reached over SSH, the player may be given the game and not the
        # account: Save as then writes only in the saves folder, and this says so (None: anywhere).
        self.save_as_confined = saves.save_as_confinement()
        self._replay_first = (replay, replay_seat) if replay is not None else None
        self._review_budget = review_budget
        self.puzzles: list[Puzzle] = []
        # The save of the game the puzzles were opened from and left for a puzzle: the list's
        # Escape goes back to it.
        self.puzzles_left: Path | None = None
        self.attempt: Attempt | None = None
        self.marks_file = marks_file
        # The hints asked at each puzzle since it was last solved: a new attempt goes on from
        # them. Noted in the marks file as asked; read from it before a puzzle opens.
        self.asked: dict[str, int] = {}
        self._marks_lock = threading.Lock()  # one read and write of the marks file at a time
        if puzzle is not None:
            from rajas_tui.present import puzzles as puzzle_words
            from saves import marks

            self.puzzles, chosen = puzzle
            if marks_file is not None:
                self.asked = dict(marks.read_book(marks_file)[0].asked)
            self.attempt = puzzle_words.Attempt(chosen, self.asked.get(chosen.id, 0))
            game = puzzle_words.game_for(chosen)
        self.set_reactive(RajasApp.game, game)
        # The newest game, which actions build on; it is `game` once its save is written.
        self.newest: saves.Game | None = game
        # Saves are numbered as made and written in that order (`autosave.InOrder`).
        self.autosave = InOrder()
        self._showing: Worker[None] | None = None
        self.saves_dir = saves.saves_dir(saves_dir)
        self.file = saves.GameFile(None)
        self.save_trouble = ""  # why the last write failed, until one succeeds
        self._start_path = path
        # The file the game is, or was meant to be, saved to: a rescue is named after it.
        self._file_meant: Path | None = None
        # The game as the file it was opened from holds it: quitting at it loses nothing.
        self._as_in_file: saves.Game | None = None
        self._rescue_lock = threading.Lock()
        self._rescue_tried = False
        self._loss_agreed = False  # the quit dialog's "quit anyway": nothing to rescue
        self.bot_delay = bot_delay
        self.progress_after = progress_after
        self.keymap_file = keymap_file
        self.settings_file = settings_file if keep_settings else None
        self.settings, self._settings_problem = (
            settings.load(settings_file) if settings_file else (settings.Settings(), None)
        )
        self._settings_written = self.settings
        self._settings_lock = threading.Lock()
        self.start_theme = theme or self.settings.theme
        if ascii_glyphs is None:
            ascii_glyphs = bool(self.settings.ascii)
        self.new_game_seed = seed
        self.keymap: dict[str, str] = {}
        self._too_small: TooSmallScreen | None = None
        self._last_told: tuple[tuple[str, str, str], float] | None = None  # `notify`
        self._screens_ready = False
        # This app's own: two apps in one process (tests, a host) each keep theirs.
        self.glyphs = text.Glyphs(ascii_glyphs)
        self._ascii_only = AsciiOnly()
        # Where bots and the coach think: a process of their own (tests may hold them here).
        self.thinker = thinker if thinker is not None else bot_process.Process()
        # The guided first game: its lesson while one is open, noted beside its save.
        self.tutorial: Lesson | None = None
        self._open_tutorial = tutorial
        self._tutorial_written: tuple[Path, str] | None = None
        self._tutorial_lock = threading.Lock()
        # The shared table this app is at (`table.Sitting`): its seat's view is the game shown.
        self.sitting: Sitting | None = None
        self._view_left = False  # a table was left: its seat's view goes when the title shows
        self._tables_dir = tables_dir

    async def on_mount(self) -> None:
        self.keymap, problem = bindings.load_keymap(self.keymap_file)
        if problem:
            self.notify(problem, severity="warning", markup=False)
        if self._settings_problem:
            self.notify(self._settings_problem, severity="warning", markup=False)
        self.set_keymap(self.keymap)
        self._shown_theme = self.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.game is None:
            await self.push_screen(TitleScreen())
            if self._open_tutorial:
                self.start_tutorial()
            if self._replay_first is not None:
                self.note_rules(self._replay_first[0])
                await self.push_screen(self._replay_screen(*self._replay_first))
        else:
            # Straight to the game: the title is made only when the player goes back to it
            # (`to_title`), not composed beneath the game for the first frame to pay for.
            if self.attempt is None and self.sitting is None:  # played without a file of ours
                self._open_file(self._start_path)
            elif self.sitting is not None:  # a table's file, read as the app was made
                self.note_rules(self.sitting.real)
            await self.push_screen(self._game_screen())
            if self.sitting is not None:
                self.sitting.start()
        self._screens_ready = True
        self._check_size()
        ending.end_on_signals(self)
        self.call_after_refresh(self._started)

    def on_load(self) -> None:
        self._set_theme()

    def _set_theme(self) -> None:
        """The app's themes, and the one to start in: set before the styles are first applied
        and the screens drawn, which would otherwise be done again in the new theme."""
        themes, theme_problem = load_themes()
        for theme in themes:
            self.register_theme(theme)
        if theme_problem:
            self.notify(theme_problem, severity="warning", markup=False)
        wanted, missing = starting_theme(self.start_theme, self.available_themes)
        if missing:
            self.notify(missing, severity="warning", markup=False)
        self.theme = wanted

    def _started(self) -> None:
        """The first frame is drawn: what start-up made lives as long as the app, and the bots'
        process starts after it, not before."""
        settle_heap()
        self._start_thinker()

    # Bots: they think in their own process -------------------------------------------------------

    def _start_thinker(self) -> None:
        """Starts the bots' process now, in the background, so the first bot move does not wait
        for it."""
        self.thinker.start()

    def bot_choice(self, stop: bot_process.Stop) -> Choose:
        """`bots.choose`, thought where this app's bots think; once `stop()` is true it gives up
        with `bot_process.Cancelled`. For worker threads: it waits for the answer."""
        thinker = self.thinker
        return lambda kind, state, game_seed: thinker.choose(kind, state, game_seed, stop)

    def tell_bot_trouble(self) -> None:
        """Says, once, that the bots' process had to be started again (or was given up)."""
        note = self.thinker.take_note()
        if note:
            self.notify(note, severity="warning", timeout=10, markup=False)

    # Replays and reviews ---------------------------------------------------------------------

    @property
    def review_budget(self) -> Budget:
        if self._review_budget is None:
            from rajas_tui.present import review  # the bots' modules, on a review's first use

            self._review_budget = review.default_budget()
        return self._review_budget

    def _replay_screen(
        self, game: saves.Game, seat: int | None = None, position: int = 0, before: bool = False
    ) -> ReplayScreen:
        from rajas_tui.tui.screens.replay import ReplayScreen

        return ReplayScreen(game, seat, position, before)

    def open_replay(
        self, game: saves.Game, seat: int | None = None, position: int = 0, before: bool = False
    ) -> None:
        """Steps through `game` over the screen shown (`screens.replay`); nothing is played.
        `before`: at the action at `position` as it was chosen, on the board before it."""
        self.push_screen(self._replay_screen(game, seat, position, before))

    def open_review(self, game: saves.Game) -> None:
        """Reviews a finished game (`screens.review`), over the screen shown."""
        if self.sitting is not None:
            self.notify(
                "A review is not made at a shared table: it would keep the host thinking for "
                "minutes. The replay (r) is here.",
                severity="warning",
                markup=False,
            )
            return
        from rajas_tui.tui.screens.review import ReviewScreen

        self.push_screen(ReviewScreen(game))

    # Ending on a signal (`ending`) ------------------------------------------------------------

    def stop_thinking(self) -> None:
        if self.sitting is not None:
            self.sitting.stop()
        self.thinker.close()

    def keep_played(self, deadline: float) -> None:
        """The newest game is written (each action's save may still be on its way), and a
        tutorial's step beside it, or rescued when its file cannot hold it; at a table, the
        seat's own action on its way."""
        if self.sitting is not None:
            self.sitting.keep_played(deadline)
        self.flush()
        self._tutorial_to_file()
        self._rescue()

    def exit_from_thread(self, code: int) -> None:
        with contextlib.suppress(RuntimeError):  # the app has ended already
            self.call_from_thread(self.exit, None, code)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's notify (markup read by default, as Textual's own messages are written;
        rajas's own pass markup=False: they quote names and files). A message told again while
        it is the last one told and still on screen (a key held or pasted that cannot act) is
        not made again, only once its time is half over, so that it stays up: a new message at
        every key made and laid out a toast each time."""
        shown_for = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        told, now = (message, title, severity), time.monotonic()
        last = self._last_told
        if last is not None and last[0] == told and now - last[1] < shown_for / 2:
            return
        self._last_told = (told, now)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands but two. Its keys panel: docked beside the game, it left the
        board about 50 columns at 80×24 and did not close with Escape; `?` shows the game's keys
        and rules in full. Its screenshot: an SVG written to the host's Downloads folder each
        time, without limit, by anyone at a shared table."""
        return (c for c in super().get_system_commands(screen) if c.title not in NOT_OFFERED)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Textual's screenshot action writes a file on the host: nothing here runs it, and
        whatever would (a binding, a link in a message) only says so."""
        self.notify(NO_SCREENSHOT, severity="warning", markup=False)

    # The one game ----------------------------------------------------------------------------

    @property
    def shown(self) -> saves.Game:
        """The game on screen: the game screens are open only while there is one."""
        if self.game is None:
            raise RuntimeError("There is no game open.")
        return self.game

    @property
    def state(self) -> rules.GameState:
        return self.shown.state

    def start_game(self, seats: list[tuple[str, str]], seed: int, undo: str = "strict") -> None:
        try:
            game = saves.start_game(saves.seated(seats, seed, undo))
        except ValueError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.show_game(game)

    def show_game(self, game: saves.Game, path: Path | None = None) -> None:
        """Shows a game: a loaded one (`path`) keeps saving to its file, a new one gets a file
        in the saves folder. Its save is written before it is shown."""
        if self._refused_at_table():
            return
        self.flush()  # the last game's last action goes to its own file before that is let go
        self.attempt = None
        self.newest = game
        self._open_file(path)
        self._store(game, opening=True)

    def _close_game_screens(self) -> None:
        while not isinstance(self.screen, TitleScreen) and len(self.screen_stack) > 1:
            self.pop_screen()

    def _game_screen(self) -> GameScreen | GameOverScreen:
        """The screen the game on show is played or ended on."""
        if self.attempt is not None:
            from rajas_tui.tui.screens.puzzle import PuzzleScreen

            return PuzzleScreen()  # it tells the end of a puzzle's game itself
        if not self.state.over:
            return self._play_screen()
        from rajas_tui.tui.screens.gameover import GameOverScreen

        return GameOverScreen()

    def _play_screen(self) -> GameScreen:
        """The screen a game is played on: a tutorial's shows its lesson, a table's takes the
        seat's turns only."""
        if self.sitting is not None:
            from rajas_tui.tui.table import TableScreen

            return TableScreen()
        if self.tutorial is None:
            return GameScreen()
        from rajas_tui.tui.screens.tutorial import TutorialScreen

        return TutorialScreen()

    def commit(self, action: rules.Action) -> None:
        """Plays one action: the engine gives the next state, the app swaps its game for it. At
        a table, the table's protocol plays it (`table.Sitting`)."""
        if self.sitting is not None:
            self.sitting.commit(action)
            return
        if self.newest is None:
            return
        try:
            game = saves.play(self.newest, action)
        except rules.IllegalAction as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self._swap(game)

    def undo(self) -> None:
        if self.sitting is not None:
            self.sitting.undo()
            return
        if self.newest is None:
            return
        try:
            self._swap(saves.undo_turn(self.newest))
        except ValueError as error:
            said = logbook.turn_undo_refusal(self.newest) or str(error)
            self.notify(said, severity="warning", markup=False)

    def redo(self) -> None:
        if self.sitting is not None:
            self.sitting.redo()
            return
        if self.newest is None:
            return
        try:
            self._swap(saves.redo_turn(self.newest))
        except ValueError as error:
            self.notify(str(error), severity="warning", markup=False)

    def _swap(self, game: saves.Game) -> None:
        self.newest = game
        self._store(game)

    def watch_game(self, game: saves.Game | None) -> None:
        """The game screens follow the game: its end opens the game-over screen, an undo past
        the end goes back to playing. The game screen itself watches what it draws."""
        if game is None:
            return
        screen = self.screen
        if (
            game.state.over
            and isinstance(screen, GameScreen)
            and not _is_replay(screen)
            and self.attempt is None
        ):
            self.switch_screen(self._game_screen())
        elif not game.state.over and _is_game_over_screen(screen):
            self.switch_screen(self._play_screen())

    # Saving: in a thread, in order, shown once written ---------------------------------------

    def _store(self, game: saves.Game, opening: bool = False) -> None:
        number = self.autosave.number()
        if self.file.path is None and not self.saving and not opening:
            self.game = game  # nothing to write (a table's seat, a refused file): show it now
            return
        self._showing = self._save_then_show(game, number, opening)

    @property
    def saving(self) -> bool:
        """Whether a game is still being written before it is shown."""
        return self._showing is not None and not self._showing.is_finished

    async def settled(self) -> None:
        """Waits until the newest game is written and shown: keys that act on the game wait
        for it, so a key typed during a save acts on the game it was typed after."""
        while self.saving and self._showing is not None:
            try:
                await self._showing.wait()
            except (WorkerCancelled, WorkerFailed):
                return

    @work(exclusive=True, group="autosave")
    async def _save_then_show(self, game: saves.Game, number: int, opening: bool) -> None:
        try:
            problem = await self._write(game, number).wait()
        except WorkerCancelled:
            return  # the app is closing: `flush` writes the newest game on the way out
        if problem:
            self.notify(problem, severity="error", timeout=10, markup=False)
        if not self.autosave.is_newest(number):
            return  # a newer game is on its way to the screen
        self.save_trouble = problem
        if opening:
            # The last game's screens go before its game does: a game screen on top takes a
            # new game for its own next move, and would ask to hand the keyboard over to a
            # seat of the game being opened.
            self._close_game_screens()
        self.game = game
        if opening:
            self.push_screen(self._game_screen())

    @work(thread=True, group="autosave-write")
    def _write(self, game: saves.Game, number: int) -> str:
        return self.autosave.write(game, self.file, number)

    def flush(self) -> None:
        """Writes the newest game now, after any write under way (on leaving it, on exit);
        `save_trouble` then says whether it is in its file, whichever write put it there."""
        if self.newest is None:
            return
        problem = self.autosave.write(self.newest, self.file, self.autosave.made)
        if problem:
            self.notify(problem, severity="error", timeout=10, markup=False)
        self.save_trouble = self.autosave.problem

    def _open_file(self, path: Path | None) -> None:
        """Gives up the previous game's file and lock, and takes this game's."""
        self._leave_tutorial()
        self.file.close()
        self.save_trouble = ""
        self.file = saves.open_file(self.shown_or_newest, path, self.saves_dir)
        self._file_meant = self.file.path or path
        self._as_in_file = self.shown_or_newest if path is not None else None
        if self.file.note:
            self.notify(self.file.note, severity="warning", timeout=10, markup=False)
        if path is not None:
            self.note_rules(self.shown_or_newest)
        self._note_played()
        self._tutorial_of(path)

    def note_rules(self, game: saves.Game) -> None:
        """Tells, as a game is opened from its file, that it was saved under older rules."""
        note = saves.rules_note(game)
        if note:
            self.notify(note, timeout=10, markup=False)

    def _leave_tutorial(self) -> None:
        """The last game's step goes beside its own file before that is let go, as its last
        action does (`show_game`); none is noted beside the next one's."""
        problem = self._tutorial_to_file()
        if problem:
            self.notify(problem, severity="warning", timeout=10, markup=False)
        with self._tutorial_lock:
            self.tutorial = self._tutorial_written = None

    def _tutorial_of(self, path: Path | None) -> None:
        """A game whose save has a tutorial's note beside it is that tutorial, at its step."""
        step = saves.tutorial_step(path) if path is not None else None
        if path is None or step is None:
            return
        from rajas_tui.present import tutorial

        with self._tutorial_lock:
            self.tutorial = tutorial.resumed(step)
            self._tutorial_written = (path, step)

    def _note_played(self) -> None:
        """The game's file is noted in the saves folder as the one last played, so that Continue
        and Load offer it before a copy the game left behind (`saves.remember_played`)."""
        if self.file.path is not None:
            saves.remember_played(self.saves_dir, self.file.path)

    @property
    def unsaved(self) -> bool:
        """Whether the game on show is not being saved: another window has its file, its file
        was refused, or the last write failed. The status line says so while it lasts. Never at
        a table: its own protocol writes every action, not the app's file."""
        if self.sitting is not None:
            return False
        return self.file.path is None or self.save_trouble != ""

    @property
    def quitting_loses_moves(self) -> bool:
        """Whether quitting now loses moves: the app's game is `unsaved`, as the status line
        says, and is not the game as the file it was opened from holds it (a second window that
        only looked). A puzzle is never saved (its card starts it again), so it loses nothing."""
        game = self.newest
        if game is None or self.attempt is not None or not self.unsaved:
            return False
        return game != self._as_in_file

    @property
    def shown_or_newest(self) -> saves.Game:
        game = self.newest or self.game
        if game is None:
            raise RuntimeError("There is no game open.")
        return game

    def on_unmount(self) -> None:
        if self.sitting is not None:
            self.sitting.leave()
        self.thinker.close()  # first: a bot deep in thought is not waited for
        self.flush()
        self._tutorial_to_file()  # a step the app closed before its worker noted
        self._rescue()  # an end that did not ask: an error, or the app told to exit
        self.file.close()
        self._settings_to_file()  # a change the app closed before its worker wrote

    # Files -----------------------------------------------------------------------------------

    def last_unfinished(self) -> Path | None:
        return saves.last_unfinished(self.saves_dir)

    def open_save(self, path: Path) -> None:
        try:
            game = saves.load(path)
        except saves.SaveError as error:  # it names the file
            self.notify(str(error), severity="error", markup=False)
            return
        self.show_game(game, path)

    def save_as(self, name: str, replace: bool = False) -> Path:
        """Saves the game under `name`; replaces an existing save only when `replace` says the
        player confirmed it (saves.ReplaceUnconfirmed otherwise)."""
        path = saves.save_as_target(name, self.saves_dir, self.save_as_confined)
        # The copy becomes the game's file: later actions save there (a game whose own file
        # was refused is saved again this way).
        self.flush()  # the file being let go holds the game up to its last action
        file = saves.move_to(self.shown_or_newest, path, self.file, replace)
        if file is not self.file:
            self.file = file
            self._file_meant = path
            self._note_played()
            if self.tutorial is not None:
                self._write_tutorial()  # the tutorial goes on in the copy, at its step
        self.save_trouble = ""  # the game is whole in its file now
        return path

    # Quitting: at once, unless moves not saved would be lost -----------------------------------

    async def action_quit(self) -> None:
        """Ctrl+Q and the palette's Quit."""
        self.quit_or_ask()

    def quit_or_ask(self) -> None:
        """Quits, or first asks what to do with a game that is not saved (`screens.quit`).
        Every way to quit in the app comes here; an end that cannot ask (a hang-up, `ending`)
        rescues the game instead (`_rescue`)."""
        if not self.quitting_loses_moves:
            self.exit()
            return
        from rajas_tui.tui.screens.quit import QuitScreen

        if not any(isinstance(screen, QuitScreen) for screen in self.screen_stack):
            self.push_screen(QuitScreen())

    def quit_anyway(self) -> None:
        """The player chose, when asked, to lose the moves not saved: nothing is rescued."""
        self._loss_agreed = True
        self.exit()

    def _rescue(self) -> None:
        """A game that quitting would lose, ending without the player being asked (a hang-up,
        SIGTERM, an error), is written once to a new file in the saves folder (`saves.rescue`),
        which Load lists as any save. If even that fails nothing more can be done: the app ends."""
        with self._rescue_lock:
            game, tried = self.newest, self._rescue_tried or self._loss_agreed
            if game is None or tried or not self.quitting_loses_moves:
                return
            self._rescue_tried = True
            meant = self.file.path or self._file_meant
            after = meant.stem if meant else saves.autosave_path(game, self.saves_dir).stem
            try:
                path = saves.rescue(game, self.saves_dir, after)
            except (saves.SaveError, OSError):
                return
            if self.tutorial is not None:  # the tutorial goes on in the rescued game
                saves.write_tutorial_step(path, self.tutorial.step)

    def save_then_quit(self) -> None:
        """Save as, asked for on quitting: the quit goes on once the game is saved; Save as
        cancelled (or failing, which its dialog says) leaves the player in the game."""
        from rajas_tui.tui.screens.load import SaveAsScreen

        def saved(_: None) -> None:
            if not self.quitting_loses_moves:
                self.exit()

        self.push_screen(SaveAsScreen(), saved)

    # Actions ---------------------------------------------------------------------------------

    def action_new_game(self) -> None:
        if self._refused_at_table():
            return
        from rajas_tui.tui.screens.newgame import NewGameScreen

        self.push_screen(NewGameScreen(self.new_game_seed))

    def action_load(self) -> None:
        if self._refused_at_table():
            return
        from rajas_tui.tui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def action_save_as(self) -> None:
        if self.sitting is not None:
            # The game here is a seat's view (stand-ins for what it may not see): not a save.
            self.notify(
                "The table is saved as it is played; there is no Save as here.", markup=False
            )
            return
        if self.game is not None:
            from rajas_tui.tui.screens.load import SaveAsScreen

            self.push_screen(SaveAsScreen())

    def action_rules(self) -> None:
        from rajas_tui.tui.screens.help import HelpScreen

        area, space = None, ""
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.chooser is not None:
            option = screen.chooser.space_at_cursor()
            if option is not None and option.value is not None:
                area, space = option.value.area, option.key
        self.push_screen(HelpScreen(area, space, bindings.own_keys(screen)))

    # The guided first game ----------------------------------------------------------------------

    def start_tutorial(self) -> None:
        """Goes on with the last unfinished tutorial Load knows of (`saves.unfinished_tutorial`),
        or starts a new one in the saves folder."""
        from rajas_tui.present import tutorial

        if self._refused_at_table():
            return
        unfinished = saves.unfinished_tutorial(self.saves_dir)
        if unfinished is not None:
            self.open_save(unfinished)
            return
        setup = saves.seated(tutorial.SEATS, tutorial.SEED, tutorial.UNDO)
        game = saves.start_game(setup)
        self.show_game(game, saves.free_tutorial_path(self.saves_dir))
        self.keep_tutorial(tutorial.Lesson())

    def keep_tutorial(self, lesson: Lesson) -> None:
        """The tutorial's new step, noted beside its save (in a thread) when it changed."""
        was, self.tutorial = self.tutorial, lesson
        if was is None or was.step != lesson.step:
            self._write_tutorial()

    @work(thread=True, group="tutorial")
    def _write_tutorial(self) -> None:
        problem = self._tutorial_to_file()
        if problem:
            self.call_from_thread(
                self.notify, problem, severity="warning", timeout=10, markup=False
            )

    def _tutorial_to_file(self) -> str | None:
        """Notes the newest step beside the game's file unless it is noted there already; a
        sentence if it failed. Each write takes the newest, so late writes leave the last."""
        with self._tutorial_lock:
            lesson, path = self.tutorial, self.file.path
            if lesson is None or path is None or (path, lesson.step) == self._tutorial_written:
                return None
            problem = saves.write_tutorial_step(path, lesson.step)
            if problem is None:
                self._tutorial_written = (path, lesson.step)
            return problem

    # Puzzles -----------------------------------------------------------------------------------

    def action_puzzles(self) -> None:
        if self._refused_at_table():
            return
        from rajas_tui.tui.screens.puzzle import PuzzlesScreen

        self.push_screen(PuzzlesScreen(self._game_under_puzzles()))

    def _game_under_puzzles(self) -> Path | None:
        """The save of the game the puzzle list opens over (none over the title or a replay);
        over a puzzle, the game that was left for the puzzles."""
        if self.attempt is not None:
            return self.puzzles_left
        screen = self.screen
        playing = isinstance(screen, GameScreen) and not _is_replay(screen)
        return self.file.path if playing or _is_game_over_screen(screen) else None

    def puzzle_list(self) -> PuzzleList:
        """The puzzles (read once) and the marks: read in a worker thread."""
        from saves import marks, puzzles

        found = self.puzzles
        if not found:
            try:
                found = puzzles.load_all()
            except puzzles.PuzzleError as error:
                return [], marks.Book(), str(error)
        if self.marks_file is None:
            return found, marks.Book(), None
        with self._marks_lock:
            book, problem = marks.read_book(self.marks_file)
        return found, book, problem

    def open_puzzle(self, puzzle: Puzzle) -> None:
        """Starts a go at `puzzle`, played without a file: its game is the puzzle's position."""
        from rajas_tui.present import puzzles as puzzle_words

        if self._refused_at_table():
            return
        self.flush()  # a game left for the puzzle keeps its last action in its own file
        if puzzle not in self.puzzles:
            self.puzzles = [puzzle]
        self.attempt = puzzle_words.Attempt(puzzle, self.asked.get(puzzle.id, 0))
        game = puzzle_words.game_for(puzzle)
        self.newest = game
        self._leave_tutorial()
        self.file.close()
        self.file = saves.GameFile(None)
        self.save_trouble = ""
        self._store(game, opening=True)

    def remember_puzzles(self, found: list[Puzzle], asked: dict[str, int]) -> None:
        """The puzzles read for the list, and the hints asked at them noted in the marks file
        (a count this app already keeps is newer)."""
        self.puzzles = found
        self.asked = {**asked, **self.asked}

    def hint_asked(self, attempt: Attempt) -> None:
        """A hint was shown: the attempt's count is kept, so that starting the puzzle again, here
        or in another run, goes on from it."""
        puzzle = attempt.puzzle.id
        self.asked[puzzle] = attempt.hints
        if self.marks_file is not None:
            self._note_marks(self.marks_file, puzzle, attempt.hints, solved=False)

    def puzzle_after(self, puzzle: Puzzle) -> Puzzle | None:
        numbers = [p.number for p in self.puzzles]
        index = numbers.index(puzzle.number) if puzzle.number in numbers else len(numbers)
        return self.puzzles[index + 1] if index + 1 < len(self.puzzles) else None

    def show_puzzles(self) -> None:
        """Back to the list of puzzles, above the title; its Escape goes back to the game
        left for the puzzles, if any."""
        from rajas_tui.tui.screens.puzzle import PuzzlesScreen

        self.to_title()
        self.push_screen(PuzzlesScreen(self.puzzles_left))

    def puzzle_ended(self, attempt: Attempt, state: rules.GameState) -> None:
        """The player's part of the puzzle is over: the verdict, and a solution noted."""
        from rajas_tui.present import puzzles as puzzle_words
        from rajas_tui.tui.screens.puzzle import VerdictCard

        puzzle = attempt.puzzle
        if puzzle.solved(state):
            self.asked.pop(puzzle.id, None)  # solved: the next attempt counts from none
            if self.marks_file is not None:
                self._note_marks(self.marks_file, puzzle.id, attempt.hints, solved=True)
        verdict = puzzle_words.verdict(puzzle, state, attempt.hints)
        self.push_screen(VerdictCard(attempt, verdict))

    @work(thread=True, group="puzzle-marks")
    def _note_marks(self, path: Path, puzzle: str, hints: int, *, solved: bool) -> None:
        """Notes `puzzle` solved with `hints`, or `hints` asked at it so far."""
        from saves import marks

        with self._marks_lock:
            if solved:
                problem = marks.solved(path, puzzle, hints)[1]
            else:
                problem = marks.asked(path, puzzle, hints)
        if problem:
            self.call_from_thread(
                self.notify, problem, severity="warning", timeout=10, markup=False
            )

    def to_title(self) -> None:
        left = self.sitting
        if left is not None:
            if left.one_table:
                self.exit()
                return
            self.sitting = None
            left.leave()
            self.sub_title = ""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.switch_screen(TitleScreen())
        self._view_left = self._view_left or left is not None

    # Shared tables, from the title's Tables screen ---------------------------------------------

    @property
    def tables_dir(self) -> Path:
        """The folder the Tables screen lists: the one `rajas table list` lists."""
        if self._tables_dir is None:
            from saves import tables

            self._tables_dir = tables.tables_dir()
        return self._tables_dir

    def action_tables(self) -> None:
        if self._refused_at_table():
            return
        from rajas_tui.tui.screens.tables import TablesScreen

        self.push_screen(TablesScreen())

    def sit_at(self, seated: Seated) -> None:
        """Opens the seat taken (or the watcher's place) in a worker (`table.sit_down`): from
        here on the app is at that table as `rajas join` (`rajas watch`) is, showing the seat's
        view only, until the game's end (or Leave the table) takes it back to the title."""
        from rajas_tui.tui.table import Sitting

        if self.sitting is not None:  # never two tables at once: this seat is let go again
            seated.presence.leave()
            self.notify(self._at_table_sentence(), severity="warning", markup=False)
            return
        self.flush()  # a game left for the table keeps its last action in its own file
        self.attempt = None
        self._leave_tutorial()
        self.file.close()
        self.file = saves.GameFile(None)
        self.save_trouble = ""
        sitting = Sitting(self, seated.path, seated.seat, seated.game, presence=seated.presence)
        self.sitting = sitting
        view = sitting.view(seated.game)
        # Nothing of the app's to write: the view is shown at once, and a save of the last
        # game still on its way shows nothing (it is no longer the newest made).
        self.autosave.number()
        self.newest = view
        self._close_game_screens()
        self.game = view
        self.push_screen(self._game_screen())
        self.note_rules(seated.game)
        sitting.start()

    def show_table(self, view: saves.Game) -> None:
        """Shows the table's new state, as its seat may see it (`table.Sitting`)."""
        self._swap(view)

    def leave_table(self) -> None:
        """Leaves the table for the title, the seat free again (from the palette)."""
        if self.sitting is not None:
            self.to_title()

    def title_shown(self) -> None:
        """The title is up again: a table's seat view left behind goes with its seat, now that
        no screen draws it. It is no game to save, undo or play on."""
        if self._view_left and self.sitting is None:
            self._view_left = False
            self.newest = None
            self.set_reactive(RajasApp.game, None)

    def _at_table_sentence(self) -> str:
        from rajas_tui.tui.table import LEAVE_FIRST, ONE_TABLE

        return ONE_TABLE if self.sitting is not None and self.sitting.one_table else LEAVE_FIRST

    def _refused_at_table(self) -> bool:
        """At a table the app opens no other game: says so, and True."""
        if self.sitting is None:
            return False
        self.notify(self._at_table_sentence(), severity="warning", markup=False)
        return True

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self.sitting is not None:
            self.sitting.worker_changed(event)

    # Settings: kept in the user's config folder when the palette changes one -------------------

    def _theme_changed(self, theme: Theme) -> None:
        """A theme chosen in the palette is kept; the one the app started in is not written (the
        environment may have chosen it for this launch only)."""
        if theme.name != self._shown_theme:
            self._shown_theme = theme.name
            self._keep_settings(attrs.evolve(self.settings, theme=theme.name))

    def _keep_settings(self, chosen: settings.Settings) -> None:
        if self.settings_file is None or chosen == self.settings:
            return
        self.settings = chosen
        self._write_settings()

    @work(thread=True, group="settings")
    def _write_settings(self) -> None:
        problem = self._settings_to_file()
        if problem:
            self.call_from_thread(
                self.notify, problem, severity="warning", timeout=10, markup=False
            )

    def _settings_to_file(self) -> str | None:
        """Writes the newest settings unless they are written already; a sentence if it failed.
        Each write takes the newest, so writes that run late still leave the last choice."""
        with self._settings_lock:
            chosen = self.settings
            if self.settings_file is None or chosen == self._settings_written:
                return None
            # A file that could not be read as settings is kept beside the new one.
            problem = settings.save(self.settings_file, chosen, self._settings_problem is not None)
            if problem is None:
                self._settings_written, self._settings_problem = chosen, None
            return problem

    def set_glyphs(self, ascii_only: bool) -> None:
        self._keep_settings(attrs.evolve(self.settings, ascii=ascii_only))
        self.glyphs.use_ascii(ascii_only)
        if isinstance(self.screen, GameScreen):
            self.screen.redraw()
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh(layout=True)  # the title's logo has another size in ASCII

    def get_line_filters(self) -> Sequence[LineFilter]:
        """In ASCII, Textual's own lines and blocks (borders, scroll bars, switches) too."""
        filters = super().get_line_filters()
        return [*filters, self._ascii_only] if self.glyphs.ascii else filters

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Player and dice colours: a theme's `[variables]` may restyle each; an ANSI theme's
        are the terminal's own."""
        return colours.defaults(self.current_theme.ansi)

    def get_theme_names(self) -> Iterable[str]:
        return self.available_themes

    # Size ------------------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        if not self._screens_ready:
            return
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        shown = self._too_small
        if small and shown is None:
            # The palette cannot lay itself out in a few columns (it divides by its width), and
            # one left beneath the too-small screen would be opened a second time (DuplicateIds).
            # Its search may still be running, and would look for its list once it is gone.
            while isinstance(self.screen, CommandPalette):
                self.workers.cancel_node(self.screen)
                self.pop_screen()
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif small and shown is not None:
            shown.show_size(width, height)
        elif not small and shown is not None and self.screen is shown:
            # Only when it is on top: anything above it closes first, and then this runs again.
            self._too_small = None
            self.pop_screen()

    def action_command_palette(self) -> None:
        """The palette opens only at a size it can draw, and never twice."""
        if self._too_small is not None:
            return
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        super().action_command_palette()


def _driver_class() -> type[Driver] | None:
    """The driver with its input guarded (`private_textual`): the web driver for a browser tab,
    else the terminal's where Textual's is Linux's; else Textual's own choice."""
    if os.name != "posix":
        return None
    from rajas_tui.tui.private_textual import GuardedDriver, GuardedWebDriver

    if os.environ.get("TEXTUAL_DRIVER") == saves.WEB_DRIVER:
        return GuardedWebDriver
    return GuardedDriver


def _is_game_over_screen(screen: object) -> bool:
    """Whether `screen` is the game-over screen, without importing its module for the question:
    until that module is imported, no screen can be one."""
    module = sys.modules.get("rajas_tui.tui.screens.gameover")
    return module is not None and isinstance(screen, module.GameOverScreen)


def _is_replay(screen: object) -> bool:
    """Whether `screen` is a replay, which shows a game of its own, never the app's."""
    module = sys.modules.get("rajas_tui.tui.screens.replay")
    return module is not None and isinstance(screen, module.ReplayScreen)


def _drawing_glyphs() -> text.Glyphs | None:
    """The glyph set of the app drawing now (Textual knows it in every task of the app)."""
    app = colours.drawing_app()
    return app.glyphs if isinstance(app, RajasApp) else None


text.follow(_drawing_glyphs)


def run(
    path: Path | None = None,
    game: saves.Game | None = None,
    *,
    tutorial: bool = False,
    replay: bool = False,
    seat: int | None = None,
    puzzle: int | None = None,
) -> int:
    """`rajas`, `rajas load PATH`, `rajas tutorial`, `rajas replay PATH` and `rajas puzzle N`:
    the app, in the terminal it was started in, on `game` read from `path` (and its --seat
    checked) by the command line before it asked for the terminal."""
    import os

    from saves import marks, puzzles

    chosen = None
    if puzzle is not None:
        try:
            found = puzzles.load_all()
        except puzzles.PuzzleError as error:
            print(f"rajas: {error}", file=sys.stderr)
            return 1
        chosen = (found, found[puzzle - 1])
    theme, ascii_glyphs = settings.from_environment(os.environ)
    app = RajasApp(
        None if replay else game,
        path=None if replay else path,
        ascii_glyphs=ascii_glyphs,
        theme=theme,
        settings_file=settings.settings_path(),
        tutorial=tutorial,
        replay=game if replay else None,
        replay_seat=seat,
        puzzle=chosen,
        marks_file=marks.marks_path(),
    )
    app.run()
    # Textual sets 1 when the app stopped on an unhandled error: that must not look like a quit.
    code = app.return_code or 0
    if code > 128:
        _drop_lost_terminal()
    return code


def _drop_lost_terminal() -> None:
    """After a hang-up the terminal may be gone: Python's last flush of what Textual left in
    stdout would fail and turn the exit code into 120, so that output goes nowhere instead."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def run_table(name: str, seat: str | None, folder: str | None) -> int:
    """`rajas join` and `rajas watch`: the entry point reaches the app only through this module."""
    from rajas_tui.tui.table import run_table as run_at_table

    return run_at_table(name, seat, folder)


def serve(host: str, port: int, origins: list[str]) -> int:
    """`rajas serve`: the app in a browser, each tab its own (`serve`)."""
    from rajas_tui.tui.serve import serve as serve_app

    return serve_app(host, port, origins)
