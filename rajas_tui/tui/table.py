"""The app bound to one seat of a shared table (`rajas join`), or watching it (`rajas watch`).

It is the ordinary app with three differences: every action goes through the table's protocol
(`saves.tables.act`: lock, re-read, check, apply, write) instead of the app's own file; the game
shown is what the seat may see (`rules.seat_view`); and a worker thread watches the table's file
(`watchfiles`, else polling) and swaps in the new game when another process wrote it.

The protocol's calls run in a worker thread too, never on the UI thread: the lock may be held for
a couple of seconds while a bot thinks (here or in another process), and the bots' moves after a
player's action are asked for there, and thought in the bots' own process (`present.thinking`), as
in any game of the app. An app that closes stops the bot it was waiting for: that move is not
written, and the next process at the table plays it (`tables.tend`). What a call wrote is shown
the way another process's write is (`_changed`): read back, and dropped on the UI thread if the
file has moved on since. A watcher plays no bot, and starts no bots' process: a host's watchers
cost it no bots' thinking.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import attrs
from rich.text import Text
from textual import work
from textual.worker import Worker, WorkerState, get_current_worker

import rules
import saves
from rajas_tui.present import turns
from rajas_tui.present.thinking import Cancelled, NoBots, Thinker
from rajas_tui.tui import settings
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.base import View
from saves import tables

POLL_SECONDS = 0.1  # the fallback's pace: a small part of the wait a table allows a redraw
WATCH_STEP_MS = 20  # watchfiles: how long a burst of changes is waited out
WATCHERS = "Watchers only watch: the players act on their own turns."
ONE_TABLE = "This terminal is at one table only; quit it and start rajas for another game."

PLAY_GROUP = "table-play"
FINISHED = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)

Stamp = tuple[int, int, int]
Change = Callable[[], saves.Game]  # one of the table protocol's writes


def _stamp(path: Path) -> Stamp | None:
    """What tells one write of the file from the next: a write renames a new file over it."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


def _read(path: Path) -> saves.Game | None:
    """The table now, or None when it cannot be read (a removed table: keep what is shown; a
    write in progress never shows, it is atomic)."""
    try:
        return tables.read(path)
    except tables.TableError:
        return None


class TableScreen(GameScreen):
    """The game screen at a table: a key that would act on another seat's turn, or a
    watcher's, says why not instead of choosing for that seat."""

    # Each seat plays in its own terminal: nothing is handed over, and the screen always shows
    # its own seat's view (a watcher's: nobody's hidden tiles).
    PASSES_KEYBOARD = False

    def _first_holder(self) -> int | None:
        app: TableApp = self.app  # type: ignore[assignment]
        return app.seat

    def _refusal(self) -> str | None:
        app: TableApp = self.app  # type: ignore[assignment]
        game = app.real
        if app.seat is None:
            return WATCHERS
        if not game.over and game.seat.is_human and game.state.turn != app.seat:
            return f"It is {game.seat.name}'s turn."
        return None

    def new_state(self) -> None:
        super().new_state()
        if self._refusal():  # no chooser for another seat's turn: its options are not ours
            self.chooser = None
            self.redraw()

    def _prompt(self, view: View) -> Text:
        app: TableApp = self.app  # type: ignore[assignment]
        game = app.real
        if app.seat is None and not game.over and not game.seat.is_human and not app.players_here():
            return Text(f" Watching: {game.seat.name} (bot) plays once a player is at the table.")
        if game.over or not game.seat.is_human or not self._refusal():
            return super()._prompt(view)
        if app.seat is None:
            return Text(f" Watching: {game.seat.name} is playing…", "italic")
        return Text(f" {game.seat.name}'s turn: their moves show here as they make them.", "italic")

    def _think(self) -> None:
        """A bot's turn at a table is the table's to play: the app tends it in a worker thread
        (where it is thought once, under the table's lock, by whichever process gets there
        first), instead of this screen choosing a move that the table would only throw away."""
        self._bot_timer = None
        app: TableApp = self.app  # type: ignore[assignment]
        game = app.real
        if not self.is_current or game.over or game.seat.is_human or app.seat is None:
            return
        self.thinking = self.rajas.shown
        self.redraw()
        app.tend()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command" and self._refusal():
            return None  # dimmed in the footer; pressed, it says why (GameScreen.on_key)
        return super().check_action(action, parameters)

    async def action_command(self, command: str) -> None:
        refusal = self._refusal()
        if refusal:
            self._refuse(refusal)
            return
        await super().action_command(command)


class TableApp(RajasApp):
    """The app at one seat of a table (`seat` None: a watcher, who cannot act)."""

    GAME_SCREEN = TableScreen
    # A review searches at every decision of the game and keeps what it made in the host
    # account's cache.
    OFFERS_REVIEWS = False

    def __init__(
        self,
        path: Path,
        seat: int | None,
        *,
        bot_delay: float = 0.4,
        ascii_glyphs: bool | None = None,
        theme: str | None = None,
        thinker: Thinker | None = None,
        settings_file: Path | None = None,
    ) -> None:
        self.table = path
        self.seat = seat
        self.real = tables.read(path)
        super().__init__(
            self._view(self.real),
            bot_delay=bot_delay,
            ascii_glyphs=ascii_glyphs,
            theme=theme,
            # A watcher plays no bot (`tend`): it starts no bots' process.
            thinker=thinker or (NoBots() if seat is None else None),
            settings_file=settings_file,
            # The host's account is every seat's and watcher's: what one chooses in the palette
            # lasts for its session, and is never written to the account's settings file.
            keep_settings=False,
        )
        self._stop = threading.Event()  # the watcher's: set, it stops
        self._gone = threading.Event()  # set when the app closes: no more hand-overs to it
        self._acting = threading.Lock()  # held while the seat's own change is being written
        self._working = 0  # the table workers running (UI thread only)
        self._again = False  # a bot's turn came while one ran: look again when they are done

    def players_here(self) -> bool:
        """Whether a process has joined one of the table's human seats."""
        seats = self.real.setup.seats
        return any(tables.connected(self.table, i) for i, s in enumerate(seats) if s.is_human)

    def _view(self, game: saves.Game) -> saves.Game:
        """The game as this seat may see it (a watcher sees what no seat hides), without its
        seed: set up again from it, a game tells every hidden tile. The start keeps its
        generator, which the log and the game-over charts replay the moves from, unshown."""
        state = rules.seat_view(game.state, self.seat)
        unseen = state.config.seed
        start = attrs.evolve(game.start, config=attrs.evolve(game.start.config, seed=unseen))
        setup = attrs.evolve(game.setup, seed=unseen)
        return attrs.evolve(game, setup=setup, start=start, state=state)

    async def on_mount(self) -> None:
        await super().on_mount()
        self.run_worker(self._watch, thread=True, exclusive=True, group="table-watch")
        who = "watching" if self.seat is None else f"seat {tables.seat_letter(self.seat)}"
        self.sub_title = f"table {self.table.stem}, {who}"

    def on_unmount(self) -> None:
        self._stop.set()
        self._gone.set()
        super().on_unmount()

    def stop_thinking(self) -> None:
        self._stop.set()
        self._gone.set()
        super().stop_thinking()

    def keep_played(self, deadline: float) -> None:
        """The seat's own action on its way to the table is written before the process ends
        (a bot's move under way is not: the next process at the table plays it)."""
        if self._acting.acquire(timeout=max(0.0, deadline - time.monotonic())):
            self._acting.release()
        super().keep_played(deadline)

    # The file: never the app's own; the table's protocol writes it --------------------------

    def _open_file(self, path: Path | None) -> None:
        self.file = saves.GameFile(None)

    @property
    def unsaved(self) -> bool:
        """Never: the table's own protocol writes every action, not the app's file."""
        return False

    def commit(self, action: rules.Action) -> None:
        """Plays the seat's action on the table, then lets the bots answer, in a worker thread.
        A bot's turn never comes here: the screen asks the app to `tend` it."""
        game = self.real
        if game.over or not game.seat.is_human:
            return
        if self.seat is None:
            self.notify(WATCHERS, severity="warning", markup=False)
            return
        seat, saw = self.seat, tables.seen(game)
        self._start(lambda: tables.act(self.table, seat, action, saw))

    def undo(self) -> None:
        if self.seat is None:
            self.notify(WATCHERS, severity="warning", markup=False)
            return
        seat, saw = self.seat, tables.seen(self.real)
        self._start(lambda: tables.undo_own(self.table, seat, saw))

    def tend(self) -> None:
        """Plays the bots' moves while the table rests on a bot's turn, in a worker thread; one
        already running plays them (it tends the bots before it ends). A watcher plays none:
        the players' processes do, and a host's watchers cost it no bots' thinking."""
        if self.seat is None:
            return
        if self._working:
            self._again = True
            return
        self._start(None)

    def _start(self, change: Change | None) -> None:
        self._working += 1
        self._play(change)

    @work(thread=True, group=PLAY_GROUP)
    def _play(self, change: Change | None) -> None:
        """In a worker thread: the player's change (if any), then each bot move in turn, each
        shown as soon as it is written. With nothing written here (another process played the
        bot's move first), the table is shown as this worker found it: that write may have come
        before this app's watcher was watching."""
        worker = get_current_worker()
        choose = self.bot_choice(lambda: self._gone.is_set() or worker.is_cancelled)
        try:
            wrote = change is not None
            if change is not None:
                with self._acting:
                    change()
                self._changed(self._gone)
            while not self._gone.is_set():
                if tables.bot_move(self.table, partial(turns.bot_action, choose=choose)) is None:
                    break  # a human is to act, the game is over, or it was played elsewhere
                wrote = True
                self._changed(self._gone)
            if not wrote:
                self._changed(self._gone)
        except Cancelled:
            return  # the app is closing: the move is left to the next process at the table
        except tables.TableError as error:
            if not self._gone.is_set():
                self.call_from_thread(self._refused, str(error))

    def _refused(self, sentence: str) -> None:
        self.notify(sentence, severity="warning", markup=False)
        self.reload()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        # The event's state, not the worker's: that may have moved on before the event came.
        if event.worker.group != PLAY_GROUP or event.state not in FINISHED:
            return
        self._working -= 1
        if self._again and not self._working:
            self._again = False
            game = self.real
            if not game.over and not game.seat.is_human:
                self.tend()

    def redo(self) -> None:
        self.notify(
            "A shared table has no redo: play the action again.", severity="warning", markup=False
        )

    # One table only: no other game, no copy of a seat's view, leaving the game leaves rajas ---

    def show_game(self, game: saves.Game, path: Path | None = None) -> None:
        self.notify(ONE_TABLE, severity="warning", markup=False)

    def action_new_game(self) -> None:
        self.notify(ONE_TABLE, severity="warning", markup=False)

    def action_load(self) -> None:
        self.notify(ONE_TABLE, severity="warning", markup=False)

    def action_save_as(self) -> None:
        # The game here is a seat's view (stand-ins for what it may not see): not a save.
        self.notify("The table is saved as it is played; there is no Save as here.", markup=False)

    def to_title(self) -> None:
        self.exit()

    # Seeing the others' moves ----------------------------------------------------------------

    def reload(self) -> None:
        """Reads the table again and shows it if it moved on (or back) since we last looked."""
        game = _read(self.table)
        if game is not None:
            self._arrived(game)

    def _arrived(self, game: saves.Game, stamp: Stamp | None = None) -> None:
        """Shows `game` if it differs from what is shown. `stamp`: the file's when the watcher
        read it; if the file has changed since (this app wrote its own next action while the
        read was on its way), the read is older than what is shown and is dropped: that change
        brings its own read."""
        if stamp is not None and _stamp(self.table) != stamp:
            return
        if tables.seen(game) != tables.seen(self.real):
            self._take(game)

    def _take(self, game: saves.Game) -> None:
        self.real = game
        self._swap(self._view(game))

    def _watch(self) -> None:
        """In a worker thread: wait for the table's file to change, then reload on the UI
        thread. watchfiles where it works, polling otherwise."""
        try:
            self._watch_notified()
        except Exception:  # no inotify here (a full watch table, an odd file system): poll
            self._watch_polled()

    def _changed(self, stop: threading.Event) -> None:
        """The file changed: read (and replay) it here, in a worker, so the UI thread only
        compares and redraws; a write this app made itself is then no work for it. Nothing is
        handed over once `stop` is set."""
        stamp = _stamp(self.table)  # before the read: a write after it shows as a new stamp
        game = _read(self.table)
        if game is not None and not stop.is_set():
            self.call_from_thread(self._arrived, game, stamp)

    def _watch_notified(self) -> None:
        import watchfiles

        name = self.table.name

        def ours(change: watchfiles.Change, where: str) -> bool:
            return os.path.basename(where) == name

        for _ in watchfiles.watch(
            self.table.parent,
            watch_filter=ours,
            debounce=WATCH_STEP_MS * 5,
            step=WATCH_STEP_MS,
            stop_event=self._stop,
            rust_timeout=500,
            recursive=False,
            raise_interrupt=False,
        ):
            if get_current_worker().is_cancelled:
                return
            self._changed(self._stop)

    def _watch_polled(self) -> None:
        last = _stamp(self.table)
        while not self._stop.wait(POLL_SECONDS):
            if get_current_worker().is_cancelled:
                return
            now = _stamp(self.table)
            if now != last:
                last = now
                self._changed(self._stop)


def open_table(name: str, seat: str | None, folder: str | None) -> tuple[Path, int | None]:
    """The table's file and the seat number `join` names; TableError with one sentence."""
    path = tables.table_path(tables.tables_dir(folder), name)
    game = tables.read(path)
    if seat is None:
        return path, None
    number = tables.seat_number(seat, game)
    if not game.setup.seats[number].is_human:
        raise tables.TableError(f"Seat {tables.seat_letter(number)} is played by a bot.")
    return path, number


def table_app(path: Path, seat: int | None) -> TableApp:
    """The app `rajas join` (`seat` a number) and `rajas watch` (None) run."""
    theme, ascii_glyphs = settings.from_environment(os.environ)
    return TableApp(
        path, seat, ascii_glyphs=ascii_glyphs, theme=theme, settings_file=settings.settings_path()
    )


def run_table(name: str, seat: str | None, folder: str | None) -> int:
    """`rajas join NAME --seat B` and `rajas watch NAME`: the app at that table."""
    import sys

    from rajas_tui.tui.app import _drop_lost_terminal

    try:
        path, number = open_table(name, seat, folder)
        presence = tables.join(path, number)
    except tables.TableError as error:
        print(f"rajas: {error}", file=sys.stderr)
        return 1
    app = table_app(path, number)
    try:
        app.run()
    finally:
        presence.leave()
    code = app.return_code or 0
    if code > 128:
        _drop_lost_terminal()
    return code
