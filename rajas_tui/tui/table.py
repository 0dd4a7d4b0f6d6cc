"""The app at one seat of a shared table, or watching it: bound to it for its whole life
(`rajas join`, `rajas watch`: `TableApp`), or sat down at it from the title's Tables screen
(`RajasApp.sit_at`). Either way the app's place at the table is a `Sitting`, and it differs
from the ordinary app in three ways: every action goes through the table's protocol
(`saves.tables.act`: lock, re-read, check, apply, write) instead of the app's own file; the game
shown is what the seat may see (`rules.seat_view`); and a worker thread watches the table's file
(`watchfiles`, else polling) and swaps in the new game when another process wrote it. The same
worker looks, twice a second, which seats a live process holds (`tables.connected`, a lock probe
per seat), so that a seat waiting on a player who has left is told so.

The protocol's calls run in a worker thread too, never on the UI thread: the lock may be held for a
couple of seconds while a bot thinks (here or in another process), and the bots' moves after a
player's action are asked for there, and thought in the bots' own process (`present.bot_process`),
as in any game of the app. An app that closes stops the bot it was waiting for: that move is not
written, and the next process at the table plays it (`tables.tend`). What a call wrote is shown the
way another process's write is (`_changed`): read back, and dropped on the UI thread if the file has
moved on since. A watcher plays no bot, and starts no bots' process: a host's watchers cost it no
bots' thinking.
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
from textual.worker import Worker, WorkerState, get_current_worker

import rules
import saves
from rajas_tui.present import logbook, turns
from rajas_tui.present.bot_process import Cancelled, NoBots, Thinker
from rajas_tui.tui import settings
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.bot_turns import BotTurns
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.widgets.base import View
from saves import tables

POLL_SECONDS = 0.1  # the fallback's pace: a small part of the wait a table allows a redraw
WATCH_STEP_MS = 20  # watchfiles: how long a burst of changes is waited out
# How often the watcher looks who is at the table: a player who left is told within this.
PRESENCE_SECONDS = 0.5
WATCHERS = "Watchers only watch: the players act on their own turns."
WATCHERS_COACH = "Watchers only watch: the coach advises the players on their own turns."
ONE_TABLE = "This terminal is at one table only; quit it and start rajas for another game."
LEAVE_FIRST = "You are at a table: leave it first (the palette's Leave the table)."

# The screen's actions that act on the game: a watcher never can, so its footer leaves them out.
ACTING = ("command", "undo", "redo", "coach")

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


class TableBotTurns(BotTurns):
    """A bot's turn at a table is the table's to play: the app tends it in a worker thread
    (where it is thought once, under the table's lock, by whichever process gets there first),
    instead of this screen choosing a move that the table would only throw away."""

    def think(self) -> None:
        self._bot_timer = None
        sitting = self.rajas.sitting
        if sitting is None:
            return
        game = sitting.real
        if not self.host.is_current or game.over or game.seat.is_human or sitting.seat is None:
            return
        self.thinking = self.rajas.shown
        self.started_thinking()
        self.host.redraw()
        sitting.tend()


class TableScreen(GameScreen):
    """The game screen at a table: a key that would act on another seat's turn, or a
    watcher's, says why not instead of choosing for that seat."""

    # Each seat plays in its own terminal: nothing is handed over, and the screen always shows
    # its own seat's view (a watcher's: nobody's hidden tiles).
    PASSES_KEYBOARD = False

    @property
    def sitting(self) -> Sitting:
        """The app's place at the table: it is there while this screen is."""
        sitting = self.rajas.sitting
        if sitting is None:
            raise RuntimeError("A table's screen is open only at a table.")
        return sitting

    def _first_holder(self) -> int | None:
        return self.sitting.seat

    def _bot_turns(self) -> BotTurns:
        return TableBotTurns(self)

    def _refusal(self) -> str | None:
        sitting = self.rajas.sitting
        if sitting is None:  # the table was left while this screen closes
            return WATCHERS
        game = sitting.real
        if sitting.seat is None:
            return WATCHERS
        if not game.over and game.seat.is_human and game.state.turn != sitting.seat:
            return f"It is {game.seat.name}'s turn."
        return None

    def _watching(self) -> bool:
        """Whether this screen only watches: no seat is held here (or the table was left)."""
        sitting = self.rajas.sitting
        return sitting is None or sitting.seat is None

    def why_no_coach(self) -> str:
        if self._watching():
            return WATCHERS_COACH
        return super().why_no_coach()

    def new_state(self) -> None:
        super().new_state()
        if self._refusal():  # no chooser for another seat's turn: its options are not ours
            self.chooser = None
            self.redraw()

    def _prompt(self, view: View) -> Text:
        sitting = self.sitting
        game = sitting.real
        if (
            sitting.seat is None
            and not game.over
            and not game.seat.is_human
            and not sitting.players_here()
        ):
            return Text(f" Watching: {game.seat.name} (bot) plays once a player is at the table.")
        if game.over or not game.seat.is_human or not self._refusal():
            return super()._prompt(view)
        name, absence = game.seat.name, sitting.absence(game.state.turn)
        if sitting.seat is None:
            if absence is not None:
                return Text(f" Watching: {name}'s turn, but {absence}.", "italic")
            return Text(f" Watching: {name} is playing…", "italic")
        if absence is not None:
            when = "when they come back" if sitting.met(game.state.turn) else "once they join"
            return Text(f" {name}'s turn, but {absence}: their moves show here {when}.", "italic")
        return Text(f" {name}'s turn: their moves show here as they make them.", "italic")

    def show_presence(self) -> None:
        """Who is at the table changed: the waiting line may name a player who left."""
        if self.view is not None:
            self._show_prompt(self.view)

    def _leaves(self, command: object) -> bool:
        """Whether `command` leaves the table: Escape, for a watcher who came from the title."""
        sitting = self.rajas.sitting
        return (
            command == "back"
            and sitting is not None
            and sitting.seat is None
            and not sitting.one_table
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.rajas.game is None:  # the table left from the title: this screen is closing
            return None
        if action == "command" and parameters and self._leaves(parameters[0]):
            return True
        if action in ACTING and self._watching():
            return False  # never a watcher's: left out of the footer; pressed, it says why
        if action == "command" and self._refusal():
            return None  # dimmed in the footer; pressed, it says why (GameScreen.on_key)
        return super().check_action(action, parameters)

    async def action_command(self, command: str) -> None:
        if self._leaves(command):
            self.rajas.leave_table()
            return
        refusal = self._refusal()
        if refusal:
            self.refuse(refusal)
            return
        await super().action_command(command)


def seat_view(game: saves.Game, seat: int | None) -> saves.Game:
    """The game as `seat` may see it (a watcher, None, sees what no seat hides), without its
    seed: set up again from it, a game tells every hidden tile. The start keeps its
    generator, which the log and the game-over charts replay the moves from, unshown."""
    state = rules.seat_view(game.state, seat)
    unseen = state.config.seed
    start = attrs.evolve(game.start, config=attrs.evolve(game.start.config, seed=unseen))
    setup = attrs.evolve(game.setup, seed=unseen)
    return attrs.evolve(game, setup=setup, start=start, state=state)


def taken_back(shown: saves.Game, now: saves.Game, seat: int | None) -> str | None:
    """What another seat's undo took back, when `now` is `shown` cut short: the table goes
    back under the others' eyes, and they are told why. None for anything else, and for the
    seat's own undo, which its player made."""
    kept = len(now.log)
    if now.setup != shown.setup or kept >= len(shown.log) or shown.log[:kept] != now.log:
        return None  # not an undo: moves played, or another game under the table's name
    if shown.log[kept].seat == seat:
        return None
    entry = shown.log[kept]
    view = seat_view(now, seat).state  # the state the move was made in, as this seat sees it
    words = logbook.action_words(view, rules.parse_action(entry.action)).split(":", 1)[0]
    return f"{now.setup.seats[entry.seat].name} took back a move ({words})."


class Sitting:
    """An app's place at one table: a seat (`seat` None: a watcher, who cannot act). The app
    hands it its game's changes while it is there (`RajasApp.sitting`): `rajas join` and
    `rajas watch` sit at a table for the app's whole life (`one_table`), the title's Tables
    screen until the game's end takes the player back to the title (`leave`)."""

    def __init__(
        self,
        app: RajasApp,
        path: Path,
        seat: int | None,
        game: saves.Game,
        *,
        presence: tables.Presence | None = None,
        one_table: bool = False,
    ) -> None:
        self.app = app
        self.table = path
        self.seat = seat
        self.real = game  # the table as the file holds it: never shown, only its seat's view
        self.presence = presence  # the seat held here, given up on leaving (None: held outside)
        self.one_table = one_table
        self._stop = threading.Event()  # the watcher's: set, it stops
        self._gone = threading.Event()  # set on leaving: no more hand-overs to the app
        self._acting = threading.Lock()  # held while the seat's own change is being written
        self._plays: set[Worker[None]] = set()  # the table workers running (UI thread only)
        self._again = False  # a bot's turn came while one ran: look again when they are done
        # The human seats a live process holds, as last looked (None: not looked yet), and
        # those seen held since this app sat down (UI thread only).
        self.here: frozenset[int] | None = None
        self._met: set[int] = set()
        self._looked: frozenset[int] | None = None  # the watcher's own last look (its thread)

    def view(self, game: saves.Game) -> saves.Game:
        return seat_view(game, self.seat)

    def players_here(self) -> bool:
        """Whether a process has joined one of the table's human seats."""
        seats = self.real.setup.seats
        return any(tables.connected(self.table, i) for i, s in enumerate(seats) if s.is_human)

    def met(self, seat: int) -> bool:
        """Whether this app has seen a process hold `seat`."""
        return seat in self._met

    def absence(self, seat: int) -> str | None:
        """Why `seat`'s player will not act now, as words after "but": they left the table, or
        have not joined it; None when they are here (or nobody has looked yet)."""
        if self.here is None or seat in self.here or seat == self.seat:
            return None
        name = self.real.setup.seats[seat].name
        return f"{name} has left the table" if seat in self._met else f"{name} is not at the table"

    def _present(self) -> frozenset[int]:
        """In the watcher's thread: the human seats a live process holds now."""
        seats = self.real.setup.seats
        return frozenset(
            i for i, seat in enumerate(seats) if seat.is_human and tables.connected(self.table, i)
        )

    def _look_around(self, last: float) -> float:
        """In the watcher's thread: who is at the table, looked at most every PRESENCE_SECONDS
        and handed to the UI thread when it changed; when this look was."""
        now = time.monotonic()
        if now - last < PRESENCE_SECONDS:
            return last
        here = self._present()
        if here != self._looked and not self._stop.is_set():
            self._looked = here
            self.app.call_from_thread(self._presence, here)
        return now

    def _presence(self, here: frozenset[int]) -> None:
        """Who is at the table changed: the waiting line says so, and a notice when the player
        to act left or came back."""
        if self.app.sitting is not self or self._gone.is_set():
            return
        before, self.here = self.here, here
        self._met |= here
        game = self.real
        turn = game.state.turn
        waiting = not game.over and game.seat.is_human and turn != self.seat
        if waiting and before is not None and (turn in before) != (turn in here):
            name = game.seat.name
            said = (
                f"{name} is back at the table." if turn in here else f"{name} has left the table."
            )
            self.app.notify(said, markup=False)
        for screen in self.app.screen_stack:
            if isinstance(screen, TableScreen):
                screen.show_presence()

    def start(self) -> None:
        """Starts watching the table's file (the app's game screen is up)."""
        self.app.run_worker(self._watch, thread=True, exclusive=True, group="table-watch")
        who = "watching" if self.seat is None else f"seat {tables.seat_letter(self.seat)}"
        self.app.sub_title = f"table {self.table.stem}, {who}"

    def stop(self) -> None:
        """Nothing more reaches the app from here: the watcher stops, and a bot being waited
        for is stopped (its move is left to the next process at the table)."""
        self._stop.set()
        self._gone.set()

    def leave(self) -> None:
        """Stops, and gives up the seat (or the watcher's place) held here."""
        self.stop()
        if self.presence is not None:
            self.presence.leave()

    def keep_played(self, deadline: float) -> None:
        """The seat's own action on its way to the table is written before the process ends
        (a bot's move under way is not: the next process at the table plays it)."""
        if self._acting.acquire(timeout=max(0.0, deadline - time.monotonic())):
            self._acting.release()

    # Acting: the table's protocol writes every action, in a worker thread -------------------

    def commit(self, action: rules.Action) -> None:
        """Plays the seat's action on the table, then lets the bots answer, in a worker thread.
        A bot's turn never comes here: the screen asks to `tend` it."""
        game = self.real
        if game.over or not game.seat.is_human:
            return
        if self.seat is None:
            self.app.notify(WATCHERS, severity="warning", markup=False)
            return
        seat, saw = self.seat, tables.seen(game)
        self._start(lambda: tables.act(self.table, seat, action, saw))

    def undo(self) -> None:
        if self.seat is None:
            self.app.notify(WATCHERS, severity="warning", markup=False)
            return
        seat, saw = self.seat, tables.seen(self.real)
        # Said here, in words and to the player as her own move: the table's own check (under
        # its lock, in case the table moved on) words it for any reader.
        shown = self.app.game
        refusal = tables.acted_since(self.real, seat)
        if refusal is None and shown is not None:
            refusal = logbook.undo_refusal(shown, 1, seat, where="table")
        if refusal:
            self.app.notify(refusal[:1].upper() + refusal[1:], severity="warning", markup=False)
            return
        self._start(lambda: tables.undo_own(self.table, seat, saw))

    def redo(self) -> None:
        said = (
            WATCHERS if self.seat is None else "A shared table has no redo: play the action again."
        )
        self.app.notify(said, severity="warning", markup=False)

    def tend(self) -> None:
        """Plays the bots' moves while the table rests on a bot's turn, in a worker thread; one
        already running plays them (it tends the bots before it ends). A watcher plays none:
        the players' processes do, and a host's watchers cost it no bots' thinking."""
        if self.seat is None:
            return
        if self._plays:
            self._again = True
            return
        self._start(None)

    def _start(self, change: Change | None) -> None:
        worker = self.app.run_worker(
            partial(self._play, change), thread=True, group=PLAY_GROUP, exit_on_error=True
        )
        self._plays.add(worker)

    def _play(self, change: Change | None) -> None:
        """In a worker thread: the player's change (if any), then each bot move in turn, each
        shown as soon as it is written. With nothing written here (another process played the
        bot's move first), the table is shown as this worker found it: that write may have come
        before this app's watcher was watching."""
        worker = get_current_worker()
        choose = self.app.bot_choice(lambda: self._gone.is_set() or worker.is_cancelled)
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
                self.app.call_from_thread(self._refused, tables.sentence(error))

    def _refused(self, sentence: str) -> None:
        self.app.notify(sentence, severity="warning", markup=False)
        self.reload()

    def worker_changed(self, event: Worker.StateChanged) -> None:
        # The event's state, not the worker's: that may have moved on before the event came.
        if event.worker not in self._plays or event.state not in FINISHED:
            return
        self._plays.discard(event.worker)
        if self._again and not self._plays and not self._gone.is_set():
            self._again = False
            game = self.real
            if not game.over and not game.seat.is_human:
                self.tend()

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
        brings its own read. Nothing is shown once the app has left this table."""
        if self.app.sitting is not self or self._gone.is_set():
            return
        if stamp is not None and _stamp(self.table) != stamp:
            return
        if tables.seen(game) != tables.seen(self.real):
            self._take(game)

    def _take(self, game: saves.Game) -> None:
        taken = taken_back(self.real, game, self.seat)
        self.real = game
        self.app.show_table(self.view(game))
        if taken:
            self.app.notify(taken, markup=False)

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
            self.app.call_from_thread(self._arrived, game, stamp)

    def _watch_notified(self) -> None:
        import watchfiles

        name = self.table.name

        def ours(change: watchfiles.Change, where: str) -> bool:
            return os.path.basename(where) == name

        # The first look once the watch is on (its first yield): a look before it would leave
        # a write in the meantime unseen.
        looked = -PRESENCE_SECONDS
        for changes in watchfiles.watch(
            self.table.parent,
            watch_filter=ours,
            debounce=WATCH_STEP_MS * 5,
            step=WATCH_STEP_MS,
            stop_event=self._stop,
            rust_timeout=int(PRESENCE_SECONDS * 1000),
            yield_on_timeout=True,  # an empty set: time to look who is here
            recursive=False,
            raise_interrupt=False,
        ):
            if get_current_worker().is_cancelled:
                return
            if changes:
                self._changed(self._stop)
            looked = self._look_around(looked)

    def _watch_polled(self) -> None:
        last = _stamp(self.table)
        looked = -PRESENCE_SECONDS
        while not self._stop.wait(POLL_SECONDS):
            if get_current_worker().is_cancelled:
                return
            now = _stamp(self.table)
            if now != last:
                last = now
                self._changed(self._stop)
            looked = self._look_around(looked)


class TableApp(RajasApp):
    """The app at one seat of a table for its whole life (`seat` None: a watcher, who cannot
    act): `rajas join` and `rajas watch`."""

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
        real = tables.read(path)
        super().__init__(
            seat_view(real, seat),
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
        self.bound = Sitting(self, path, seat, real, one_table=True)
        self.sitting = self.bound

    @property
    def table(self) -> Path:
        return self.bound.table

    @property
    def seat(self) -> int | None:
        return self.bound.seat

    @property
    def real(self) -> saves.Game:
        return self.bound.real

    @real.setter
    def real(self, game: saves.Game) -> None:
        self.bound.real = game

    def players_here(self) -> bool:
        return self.bound.players_here()

    def reload(self) -> None:
        self.bound.reload()


@attrs.frozen
class Seated:
    """A seat taken (or a watcher's place), with the table as it was read then."""

    path: Path
    seat: int | None
    game: saves.Game
    presence: tables.Presence


def open_table(name: str, seat: str | None, folder: str | Path | None) -> tuple[Path, int | None]:
    """The table's file and the seat number `join` names; TableError with one sentence."""
    path = tables.table_path(tables.tables_dir(folder), name)
    game = tables.read(path)
    if seat is None:
        return path, None
    return path, tables.human_seat(seat, game)


def sit_down(name: str, seat: str | None, folder: str | Path | None) -> Seated:
    """What joining (`seat` a letter, number or name) or watching (None) a table takes, as
    `rajas join` and `rajas watch` do it: the table read, the seat checked and held (or a
    watcher's place). For a worker thread: it may wait a moment on the seat's file.
    TableError with one sentence."""
    path, number = open_table(name, seat, folder)
    presence = tables.join(path, number)
    try:
        game = tables.read(path)
    except tables.TableError:
        presence.leave()
        raise
    return Seated(path, number, game, presence)


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
        seated = sit_down(name, seat, folder)
    except tables.TableError as error:
        print(f"rajas: {error}", file=sys.stderr)
        return 1
    try:
        app = table_app(seated.path, seated.seat)
    except tables.TableError as error:  # the table went between the two reads
        seated.presence.leave()
        print(f"rajas: {error}", file=sys.stderr)
        return 1
    try:
        app.run()
    finally:
        seated.presence.leave()
    code = app.return_code or 0
    if code > 128:
        _drop_lost_terminal()
    return code
