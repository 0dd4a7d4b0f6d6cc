"""The game screen: the panes, and keys turned into chooser commands."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

import rules
import saves
from rajas_tui.present import coach, keynames, logbook, text, turns, variants
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer, forget_closed_styles
from rajas_tui.tui.screens.bot_turns import BotTurns
from rajas_tui.tui.screens.handover import HandOverScreen
from rajas_tui.tui.widgets.base import View, player_style
from rajas_tui.tui.widgets.board import BoardPane
from rajas_tui.tui.widgets.chooser import ChooserPane
from rajas_tui.tui.widgets.display import DisplayPane
from rajas_tui.tui.widgets.kali import KaliPane
from rajas_tui.tui.widgets.log import LogLine, LogPane
from rajas_tui.tui.widgets.province import PlayerCard, ProvincesPane
from rajas_tui.tui.widgets.river import RiverPane, RiverStrip
from rajas_tui.tui.widgets.tracks import TracksLine, TracksPane
from rajas_tui.tui.widgets.yields import YieldsPane
from rules import counted
from saves import HUMAN


def _parameters(action: str) -> tuple[object, ...]:
    """The parameters of an action string such as "command('quarry')"."""
    if "(" not in action:
        return ()
    inner = action[action.index("(") + 1 : -1]
    return tuple(part.strip().strip("'\"") for part in inner.split(",") if part.strip())


if TYPE_CHECKING:
    from textual.worker import Worker

    from rajas_tui.tui.app import RajasApp

PANES = (
    ("river", "River"),
    ("tracks", "Tracks"),
    ("board", "Board"),
    ("display", "Display"),
    ("kali", "Kali"),
    ("provinces", "Provinces"),
    ("log", "Log"),
    ("yields", "Yields"),
)
PANE_NAMES = tuple(name for name, _ in PANES)
FULL_WIDTH = ("river", "provinces", "log", "yields")  # at 80×24 these take the whole width
# The panes that have no cell on the wide layouts' grids (app.tcss), by the height class: the
# river strip and the yield tiles beside it say in glyphs what these say in words. Chosen, such
# a pane shows alone in the grid's place until a choice key or another pane's key.
NO_CELL = {"-tall": ("river", "yields"), "-deep": ("yields",)}


class Line(Widget):
    """A one-line strip (status, prompt) redrawn without a new layout."""

    DEFAULT_CSS = "Line { height: 1; }"

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.content = Text("")

    def set(self, content: Text) -> None:
        if content != self.content:
            # A line wider than the strip wraps (the prompt's height is auto): its rows are
            # laid out again only when the old or the new line takes more than one.
            width = self.size.width
            layout = max(content.cell_len, self.content.cell_len) > width > 0
            self.content = content
            self.refresh(layout=layout)

    def render(self) -> Text:
        return self.content


class GameScreen(Screen[None]):
    """Holds no game of its own: it watches the app's one game, draws it, and sends actions
    back to it. The panes are bound to `view`: setting it redraws each pane whose text changed."""

    # Not a repaint of the screen: that redraws every pane on each key press (a full update of
    # the terminal), while the panes bound to it repaint themselves when their text changes.
    view: reactive[View | None] = reactive(None, init=False, always_update=True, repaint=False)

    # Human seats share this keyboard: the next one's view waits until it is handed over.
    PASSES_KEYBOARD = True

    BINDINGS = bindings.GAME
    # From 180 columns the panes grow with the width (app.tcss): nothing there needs cutting.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide"), (180, "-huge")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (40, "-tall"), (50, "-deep")]  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        self.chooser: Chooser | None = None
        self.bots = self._bot_turns()
        self.pane = "board"
        # During a choice at 80×24 a pane key shows that pane in the chooser's place; the next
        # choice key brings the choice back (and acts), so it is never more than a key away.
        self.peeking = False
        self._keys_signature: tuple[bool | None, ...] = ()
        self._keys_told_bots = False  # the footer was last told during a run of bot moves
        self._chooser_for: object = None  # the game state the chooser was built for
        # The human seat at the keyboard: the screen shows what that seat may see. None until
        # the first state is drawn, then the acting human (or the one human at the table).
        self.holder: int | None = None

    def _bot_turns(self) -> BotTurns:
        """What lets the bots play and the coach advise on this screen."""
        return BotTurns(self)

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        self._size_classes()
        yield Line(id="status")
        yield RiverStrip(id="river-strip").data_bind(GameScreen.view)
        yield TracksLine(id="tracks-line").data_bind(GameScreen.view)
        with Horizontal(id="main"):
            yield PlayerCard(id="card").data_bind(GameScreen.view)
            with Container(id="side"):
                yield BoardPane(id="pane-board", classes="pane").data_bind(GameScreen.view)
                yield ChooserPane(id="chooser").data_bind(GameScreen.view)
                yield ProvincesPane(id="pane-provinces", classes="pane").data_bind(GameScreen.view)
                # In this order the wide layouts' grids (app.tcss) place the panes.
                yield TracksPane(id="pane-tracks", classes="pane").data_bind(GameScreen.view)
                yield DisplayPane(id="pane-display", classes="pane").data_bind(GameScreen.view)
                yield KaliPane(id="pane-kali", classes="pane").data_bind(GameScreen.view)
                yield LogPane(id="pane-log", classes="pane").data_bind(GameScreen.view)
                yield RiverPane(id="pane-river", classes="pane").data_bind(GameScreen.view)
                yield YieldsPane(id="pane-yields", classes="pane").data_bind(GameScreen.view)
        yield LogLine(id="log-line").data_bind(GameScreen.view)
        yield Line(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(self.app, "game", self._game_changed, init=False)
        self.new_state()

    def on_unmount(self) -> None:
        # The screen's widgets are gone; Textual would keep what they drew (see the function).
        forget_closed_styles()

    def _size_classes(self) -> None:
        """Sets the breakpoint classes for the terminal's size before the panes are made, as
        Textual does on a resize: it lays the screen out once before it sets them, and the
        first frame paid for a layout and a drawing of every pane at a size it never shows.
        Set before the screen's widgets are styled, they restyle nothing (each class set on
        the screen later restyles every widget in it, twice)."""
        width, height = self.app.size
        for breakpoints, cells in (
            (self.HORIZONTAL_BREAKPOINTS, width),
            (self.VERTICAL_BREAKPOINTS, height),
        ):
            reached = [name for least, name in sorted(breakpoints) if cells >= least]
            for _, name in breakpoints:
                self._class(self, name, bool(reached) and name == reached[-1], update=False)

    def _game_changed(self, game: saves.Game | None) -> None:
        """The app's game moved on (an action saved, an undo, a bot's move). Beneath another
        screen (help, a hand-over) the screen only notes it: it starts the next turn, hand-over
        or bot included, when it is back on top."""
        if game is None or self.replaced:
            return
        if self.is_current:
            self.new_state()
        else:
            self._chooser_for = None

    # Drawing ---------------------------------------------------------------------------------

    def new_state(self) -> None:
        """The app swapped its game for the next: build a fresh chooser and redraw."""
        game = self.rajas.shown
        state = game.state
        human = not state.over and game.setup.seats[state.turn].kind == HUMAN
        self.bots.cancel_bot()
        self.bots.cancel_coach()
        if self.holder is None:
            self.holder = self._first_holder()
        if human and self.holder != state.turn and self.PASSES_KEYBOARD:
            self._hand_over(state.turn)
            return
        # The chooser shows the acting seat its options and previews: from what that seat may
        # see, never another seat's face-down tile.
        seen = rules.seat_view(state, state.turn)
        self.chooser = Chooser(seen, key=self.key_of) if human else None
        self._chooser_for = state
        self.redraw()
        if not state.over and not human:
            self.bots.schedule_bot()

    def _first_holder(self) -> int | None:
        """The seat whose view the screen shows before any hand-over. Where a seat keeps a tile
        face down and two humans or more share the keyboard, nobody's: whoever started or
        loaded the game may not be the seat to act, so the first human turn asks for the
        keyboard like every later one. With nothing hidden the game shows at once: there is
        no secret to keep, and a question before the first move would only be in the way."""
        kinds = self._kinds()
        state = self.rajas.shown.state
        hidden = any(player.face_down for player in state.players)
        if self.PASSES_KEYBOARD and hidden and kinds.count(HUMAN) > 1:
            return None
        return variants.viewer(kinds, state.turn)

    def _kinds(self) -> tuple[str, ...]:
        return tuple(seat.kind for seat in self.rajas.shown.setup.seats)

    def _hand_over(self, seat: int) -> None:
        """Another human seat is to act: the screen stops showing the last one's view, and
        asks for the keyboard to be passed before it shows the next one's."""
        self.chooser = None
        self._chooser_for = None
        self.redraw()

        def ready() -> None:
            self.holder = seat

        if any(isinstance(screen, HandOverScreen) for screen in self.app.screen_stack):
            return  # already asked (the screen's first showing resumes it under the question)
        name = self.rajas.shown.setup.seats[seat].name
        self.app.push_screen(HandOverScreen(text.player_tag(seat), name, ready, self.rajas.undo))

    def picture(self) -> View:
        game = self.rajas.shown
        seats = game.setup.seats
        return View(
            state=game.state,
            names=tuple(seat.name for seat in seats),
            kinds=tuple(seat.kind for seat in seats),
            chooser=self.chooser,
            told=logbook.told(game),
            viewer=self.holder,
        )

    def redraw(self) -> None:
        # Peeking is only ever during a choice: a pane key with none under way just shows it.
        self.peeking = self.peeking and self.chooser is not None and not self.chooser.idle
        view = self.picture()
        self.view = view  # each pane is bound to it
        self.query_one("#status", Line).set(self._status(view))
        self._show_prompt(view)
        choosing = self.chooser is not None and not self.chooser.idle
        full_pane = self.pane in FULL_WIDTH and (self.peeking or not choosing)
        main = self.query_one("#main")
        layout = [
            ("-choosing", choosing),
            ("-peeking", self.peeking),
            ("-full-pane", full_pane),
            ("-alone", self._without_cell()),
        ]
        if any([self._class(main, name, on, update=False) for name, on in layout]):
            main.update_node_styles()
        # The grid's rows at 40 to 49 lines follow what the tracks and the provinces need
        # (app.tcss), so the log has every row they leave.
        state = view.state
        side = self.query_one("#side")
        counts = [(f"-seats-{n}", len(state.players) == n) for n in (2, 3)]
        rows = [*counts, ("-fields", variants.has_yields(state))]
        if any([self._class(side, name, on, update=False) for name, on in rows]):
            side.update_node_styles()
        for name in PANE_NAMES:
            self._class(self.query_one(f"#pane-{name}"), "-current", name == self.pane)
        self._refresh_keys()

    def _without_cell(self) -> bool:
        """Whether the current pane has no cell on this size's grid (it then shows alone)."""
        if self.has_class("-narrow"):
            return False
        return any(self.pane in NO_CELL[tall] for tall in NO_CELL if self.has_class(tall))

    @staticmethod
    def _class(node: Widget | Screen[None], name: str, on: bool, update: bool = True) -> bool:
        """Sets or clears the class; whether it changed."""
        if node.has_class(name) == on:
            return False
        node.set_class(on, name, update=update)
        return True

    def _refresh_keys(self) -> None:
        """Tells the footer only when which keys are enabled has changed: Textual works out
        every binding's state for it again, and it changes the keys that differ. While bots
        play move after move it is told once, as their run begins: told on every bot move that
        flipped the undo key (about half of them), its rebuilt keys' garbage would make full
        collections hold the screen (docs/performance.md). A key dimmed out of date
        still acts, or says why it cannot; the next human turn tells it."""
        signature = tuple(
            self.check_action(b.action.split("(")[0], _parameters(b.action))
            for b in bindings.GAME
            if isinstance(b, Binding)
        )
        if signature == self._keys_signature:
            return
        bots_playing = self._bot_to_act()
        if bots_playing and self._keys_told_bots:
            return
        first = not self._keys_signature
        self._keys_signature = signature
        self._keys_told_bots = bots_playing
        # The first time, the footer is still to be built, from the keys as they are then:
        # told now, it would be built twice before the first frame.
        if not first:
            self.refresh_bindings()

    def _bot_to_act(self) -> bool:
        game = self.rajas.shown
        return not game.over and not game.seat.is_human

    def _status(self, view: View) -> Text:
        width = self.size.width or 80
        game = self._game_status(view)
        if not self.rajas.unsaved:
            return self._with_hint(Text(" Rajas", "bold") + game, width)
        # Said for as long as it lasts, not only in a message that fades: a player who looked
        # away would play on, unsaved. The shorter warning when the game's words need the room.
        key = bindings.key_of(self.rajas.keymap, "game.save_as")
        for warning in (f" not saved · {key}: save as", f" unsaved · {key}"):
            line = Text(warning, "bold reverse") + game
            if line.cell_len <= width:
                break
        line.truncate(width, overflow="ellipsis")
        return self._with_hint(line, width)

    def key_of(self, binding: str) -> str:
        """The key `binding` has in the keymap in use: what the sentences name."""
        return bindings.key_of(self.rajas.keymap, binding)

    def _game_status(self, view: View) -> Text:
        """Round, the seat to act and its workers (or the game's end), after the line's start."""
        state = view.state
        line = Text(f" · round {state.round} · ")
        if state.over:
            line.append("game over")
        else:
            seat = state.turn
            line.append(text.player_tag(seat), style=player_style(seat))
            player = state.players[seat]
            if turns.takes_yield_instead(self.rajas.shown):
                line.append(f" {view.names[seat]}: no worker left, so a yield tile instead")
            else:
                line.append(
                    f" {view.names[seat]} to play · {player.workers_left} of "
                    f"{counted(player.workers, 'worker')} left"
                )
            if state.end_trigger >= 0:
                line.append(" · last turns", style="bold")
        return line

    def _with_hint(self, line: Text, width: int) -> Text:
        """The line, with the pane and help hint on its right when there is room."""
        # The hint gives way, shortest last, to what the line says about the game: the help
        # repeats it. One space at least keeps the two apart.
        pane = dict(PANES)[self.pane]
        help_key = bindings.said(self.rajas.keymap, "<app.help>")
        for right in (f"pane: {pane} · {help_key}:help ", f"{help_key}:help ", ""):
            if line.cell_len + 1 + len(right) <= width:
                break
        line.pad_right(max(0, width - line.cell_len - len(right)))
        line.append(right, style="dim")
        return line

    def show_seconds(self) -> None:
        if self.view is not None:
            self._show_prompt(self.view)

    def _show_prompt(self, view: View) -> None:
        prompt = self._prompt(view)
        self.query_one("#prompt", Line).set(prompt)
        # Each class on the widgets it governs (app.tcss): a class on the screen would restyle
        # every widget in it. The three on #main restyle it once, if any changed.
        self._class(
            self.query_one("#log-line"), "-long-prompt", prompt.cell_len > self.size.width > 0
        )

    def _prompt(self, view: View) -> Text:
        chooser = self.chooser
        state = view.state
        if state.over:
            return Text(" The game is over.")
        if chooser is None:
            doing = "thinking" if self.bots.thinking is not None else "playing"
            return Text(f" {view.who(state.turn)} (bot) is {doing}…{self.bots.seconds()}", "italic")
        if self.bots.coaching is not None:
            cancel = keynames.named("<choose.back>", self.key_of)
            return Text(
                f" The coach is thinking…{self.bots.seconds()} ({cancel} cancels)", "italic"
            )
        if self.peeking and (self.has_class("-narrow") or self.has_class("-short")):
            return Text(f" {chooser.top.title}: a choice key brings it back", "italic")
        if chooser.message:
            return Text(f" {chooser.message}", "bold")
        step = chooser.top
        if chooser.at_first_step and turns.takes_yield_instead(self.rajas.shown):
            # Taking it is optional (docs/rules.md §12): the pass key declines.
            return Text(
                keynames.named(
                    " No worker left: you may take a yield tile onto a field of its colour · "
                    "<game.pass> pass",
                    self.key_of,
                )
            )
        if step.kind == "spaces":
            if chooser.prefix is not None:
                return Text(" Which space? Press its number.")
            option = step.options[step.cursor] if step.options else None
            hint = keynames.named(
                " Your turn: <areas> choose a space · <arrows>+<choose.confirm> too · "
                "<game.pass> pass",
                self.key_of,
            )
            if option is not None and chooser.pointing:
                status = "" if option.enabled else f" {text.G['refused']} {option.reason}"
                return Text(f" {option.label} {option.detail}{status}")
            return Text(hint)
        return Text(f" {step.title}")

    # Keys ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        chooser = self.chooser
        if action == "command":
            (command,) = parameters
            if chooser is None:
                return None
            if command == "back" and (self.peeking or self.bots.coaching is not None):
                return True  # Escape brings the choice back, or stops the coach
            return True if chooser.enabled(str(command)) else None
        if action == "coach":
            return True if chooser is not None else None
        if action == "undo":
            return True if saves.can_undo(self.rajas.shown) else None
        if action == "redo":
            return True if saves.can_redo(self.rajas.shown) else None
        return True

    async def on_key(self, event: events.Key) -> None:
        """A key whose action cannot act now (dimmed in the footer, or left out of it where this
        screen can never use it) still runs it, so that it says why instead of doing nothing."""
        active = self.active_bindings.get(event.key)
        if active is None:
            action = self._hidden_action(event.key)
            if action is None:
                return
        elif active.enabled or active.node is not self:
            return
        else:
            action = active.binding.action
        method = getattr(self, f"action_{action.split('(')[0]}", None)
        if method is not None:
            event.stop()
            done = method(*_parameters(action))
            if inspect.isawaitable(done):
                await done

    def _hidden_action(self, key: str) -> str | None:
        """The action of this screen's binding of `key` that `check_action` hides (False):
        Textual neither shows it nor runs it."""
        for binding in self._bindings_of(key):
            name = binding.action.split("(")[0]
            if self.check_action(name, _parameters(binding.action)) is False:
                return binding.action
        return None

    def _why_no_choice(self) -> str:
        """Why no choice is open to a key: the game's end, a bot's turn, or a human seat that
        is handed the keyboard first."""
        game = self.rajas.shown
        if game.over:
            return "The game is over."
        seat = game.seat
        if seat.is_human:
            return f"{seat.name} plays next: the keyboard goes to {seat.name} first."
        return "A bot is playing: wait for your turn."

    def refuse(self, sentence: str) -> None:
        """Says why a key could not act."""
        self.notify(sentence, severity="warning", markup=False)

    def _bindings_of(self, key: str) -> list[Binding]:
        """This screen's bindings (its classes' `BINDINGS`) that `key` has in the keymap in use,
        whether they can act now or not."""
        found = []
        for cls in type(self).__mro__:
            for binding in vars(cls).get("BINDINGS", ()):
                if not isinstance(binding, Binding):
                    continue
                if key in bindings.keys(binding, self.rajas.keymap):
                    found.append(binding)
        return found

    def why_no_coach(self) -> str:
        """Why the coach cannot advise now: the game's end, or another seat's turn (a bot's, or
        a human's this screen is not to play)."""
        game = self.rajas.shown
        if game.over:
            return "The game is over: the coach has nothing to advise."
        if game.seat.is_human:
            return f"It is {game.seat.name}'s turn: the coach advises on your own turn."
        return "A bot is playing: the coach advises on your turn."

    def advice_shown(self) -> None:
        """The coach's advice is about to show: nothing to note in a game (a puzzle counts it)."""

    def counsel(self, game: saves.Game, stop: Callable[[], bool]) -> coach.Counsel:
        """The coach's advice: its bot thinks where the bots do (`present.bot_process`)."""
        choose = self.rajas.bot_choice(stop)
        return coach.counsel(coach.advise(game.state, game.setup.seed, choose))

    async def action_coach(self) -> None:
        await self.bots.ask_coach()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.bots.worker_changed(event.worker, event.state)

    async def action_command(self, command: str) -> None:
        if self.bots.stop_coach() and command == "back":
            return  # Escape while the coach thinks only cancels it
        # A key typed while the last action is still being saved acts on what follows it.
        await self.rajas.settled()
        self.peeking = False
        if self._without_cell():
            self.pane = "board"  # the grid comes back for the choice, the chooser in it
        if self.chooser is None:
            self.refuse(self._why_no_choice())
            return
        action = self.chooser.press(command)
        if action is not None:
            self.rajas.commit(action)
            return
        if self.chooser.refused:
            self.refuse(self.chooser.message)
        self.redraw()

    def _panes(self) -> tuple[str, ...]:
        """The panes of this game: the yield tiles' only where a Navaratnas board is played."""
        if variants.has_yields(self.rajas.state):
            return PANE_NAMES
        return tuple(name for name in PANE_NAMES if name != "yields")

    async def action_digit(self, digit: str) -> None:
        self.bots.stop_coach()
        if self.chooser is not None and self.chooser.wants_digits:
            await self.action_command(digit)
            return
        number = 10 if digit == "0" else int(digit)
        panes = self._panes()
        if number > len(panes):
            self.refuse(f"There is no pane {number}: 1 to {len(panes)} choose a pane.")
        else:
            name = panes[number - 1]
            if name == self.pane == "provinces":
                self.query_one(ProvincesPane).page()
            if name == self.pane == "log":
                self.query_one(LogPane).back += 1
            elif name == "log":
                self.query_one(LogPane).back = 0  # the log opens on its newest lines
            self.pane = name
            self.peeking = True
            self.redraw()

    def action_pane(self, delta: int) -> None:
        self.bots.stop_coach()
        panes = self._panes()
        index = (panes.index(self.pane) + delta) % len(panes) if self.pane in panes else 0
        self.pane = panes[index]
        self.peeking = True
        self.redraw()

    # A bot at its move is left to it here: an undo or redo that is refused changes nothing,
    # and one that is done changes the game, whose new turn cancels the bot (`new_state`) and
    # whose move, chosen for a game since taken back, is never played (`BotTurns.worker_changed`).
    async def action_undo(self) -> None:
        self.bots.stop_coach()
        await self.rajas.settled()
        self.rajas.undo()

    async def action_redo(self) -> None:
        self.bots.stop_coach()
        await self.rajas.settled()
        self.rajas.redo()

    def action_save_as(self) -> None:
        self.rajas.action_save_as()

    def action_help(self) -> None:
        self.bots.stop_coach()  # its answer would open over the help
        self.rajas.action_rules()

    @property
    def replaced(self) -> bool:
        """Whether the screen has left the app's screens for another game's (not yet removed).
        Until it is removed, the app's game changing and a resume posted as the screen above
        it closed still reach it: they are the new game's, for that game's own screens."""
        return self not in self.app.screen_stack

    def on_screen_resume(self) -> None:
        if not self.replaced:
            self.resume()

    def resume(self) -> None:
        """Back on top (or shown first): the same turn as it was left, or the next one."""
        game = self.rajas.shown
        if self.rajas.saving:
            self.redraw()  # the game on its way to the screen starts its turn when it arrives
            return
        waiting = self.chooser is not None or self.bots.at_move(game)
        if self._chooser_for is game.state and waiting:
            self.redraw()  # the same turn, as it was left (a half-made choice kept)
        else:
            self.new_state()

    def on_resize(self) -> None:
        self.rajas._check_size()
        self.redraw()
