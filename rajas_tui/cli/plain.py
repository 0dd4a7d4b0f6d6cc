"""`rajas play --plain`: the game as lines of text, for screen readers and dumb terminals.

Each decision is a numbered list, the chooser's stages one at a time as the app shows them
(a space, what to pay, what to take, the preview to confirm); a number chooses, the action
notation plays an action at once, and a few words are commands. Every line is said in words
(`present.spoken`): no symbol, box drawing or glyph. The game is saved after every action as
the app saves it (its one file, under its lock, noted as last played), bots play in this
process, bad input gets one sentence, and the end of input saves and ends with exit code 0.
`save as NAME` writes the game to a new file it goes on in, as the app's Save as does.
Between two human seats at one keyboard it asks, as the app's hand-over screen does, for the
keyboard to be passed and tells nothing of the next seat before Enter. Textual is never imported.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import attrs

import rules
import saves
from rajas_tui.cli import choices, summary
from rajas_tui.cli.terminal import clause, safe
from rajas_tui.present import logbook, spoken, text, turns
from rajas_tui.present.chooser import Chooser, Option, Step
from rajas_tui.present.handover import hand_over_words
from rajas_tui.present.option_words import STACK_TITLE
from rules import PaidDie, Place, Rebuild, Reroll, Return, Take, counted

EXIT_REFUSED = 1
EXIT_USAGE = 2
DEFAULT_SEATS = ((saves.DEFAULT_NAMES[0], saves.HUMAN), (saves.DEFAULT_NAMES[1], "normal"))
# What a line leaves to tell before the next prompt: the new turn's summary and the list, the
# list of the new stage, or only what to type (after a refusal or a command that told something).
TURN, STAGE, PROMPT = "turn", "stage", "prompt"
ENDED = "ended"  # the session ends (quit, or the end of input), the game saved already
# Home, clear the screen, and clear the scrollback: the last seat's lines gone from the terminal.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
LOG_LINES = 30  # `log` tells the last moves; `log all` the whole game
GIVEN_UP = (
    "This game goes on unsaved here; type save as and a name, such as save as friday, to write "
    "it to a new file."
)
SAVE_AS = "save as"
PASS_KEY = "x"  # typed for pass, as in the app
GO_BACK = "go back: choose again (as the back command does)"
# A whole number in ASCII digits, signed or not: int() and isdigit() take other scripts' too.
WHOLE = re.compile(r"[+-]?[0-9]+")


def _given_up(reason: str) -> str:
    """Why the game has no file to save to, and what the player can do about it."""
    return f"{reason.rstrip('.')}. {GIVEN_UP}"


HELP = (
    "Commands: a number chooses from the list; an action in the notation of rajas apply "
    "(such as: terrace t1) plays it at once; at the first stage a space's key (such as: q1) "
    "chooses that space; x (or pass) passes when no worker of yours can be placed, or declines "
    "a yield tile; back steps back one stage; list (or an empty line) says the choices again; "
    "why says why the choices not listed cannot be chosen; board says the whole board; state "
    "says everyone's figures; log says the last moves (log all, every move); undo takes back "
    "your last turn and redo plays it again; save as and a name (such as: save as friday) writes "
    "the game to a new file (in the saves folder unless the name is a path) and goes on saving "
    "there; quit saves and ends; so does the end of input."
)


class Refusal(Exception):
    """The game cannot be opened or started: one sentence and an exit code."""

    def __init__(self, message: str, code: int = EXIT_REFUSED) -> None:
        super().__init__(message)
        self.code = code


@attrs.define
class Item:
    """One numbered line of a stage, and what choosing it does."""

    words: str
    pick: Callable[[], Any]


@attrs.define
class Stage:
    title: str
    items: list[Item]
    refused: list[str]  # the options that cannot be chosen, each with why


class Menu:
    """The stage the chooser is at, as numbered lines: the chooser's lists, its grid as two
    lists (the tile's cell, then its turn) and its preview to confirm."""

    def __init__(self, chooser: Chooser, names: tuple[str, ...]) -> None:
        self.chooser = chooser
        self.names = names
        self.grid_cell: int | None = None  # a tile's cell chosen, its turn still to choose

    @property
    def view(self) -> rules.GameState:
        return self.chooser.state

    def back(self) -> bool:
        """One stage back; False at the first."""
        if self.grid_cell is not None:
            self.grid_cell = None
            return True
        self.chooser.press("back")
        return not self.chooser.refused

    def _back(self) -> None:
        """Going back, as a numbered choice: the stage before is told next."""
        self.back()

    def stage(self) -> Stage:
        step = self.chooser.top
        if step.kind == "grid":
            return self._grid_stage(step)
        if step.kind == "confirm":
            preview = self.chooser.preview(step).split("\n")
            words = "; ".join(spoken.spoken(line, self.names) for line in preview)
            play = Item(f"play it: {words}", lambda: self.chooser.press("confirm"))
            return Stage("Confirm the action, or go back", [play, Item(GO_BACK, self._back)], [])
        items, refused = [], []
        spaces = step.kind == "spaces"
        for index, option in enumerate(step.options):
            words = self._option_words(step, option, spaces)
            if option.enabled:
                items.append(Item(words, self._chooses(index)))
            else:  # a space by its key alone: its reason says what it asks
                said = words.split(":", 1)[0] if spaces else words
                refused.append(f"{said}: {option.reason}")
        title = step.title if step.title else "Choose"
        return Stage(title, items, refused)

    def _chooses(self, index: int) -> Callable[[], Any]:
        def pick() -> Any:
            self.chooser.choose(index)
            return None

        return pick

    def _option_words(self, step: Step, option: Option, spaces: bool) -> str:
        value = option.value
        detail = option.detail
        if spaces or option.key == "pass":  # a choice's pass line reads as the spaces list's
            key = PASS_KEY if option.key == "pass" else option.key
            return f"{key}: {detail}"
        if step.title == STACK_TITLE and isinstance(value, int):
            tiles = self.view.supply.stacks[value]
            if not tiles:
                return f"{rules.stack_name(value)}: empty"
            tile = rules.catalog().tiles[tiles[-1]]
            cost = detail.split(";", 1)[0]
            return f"{rules.stack_name(value)}: {spoken.tile_words(tile)}; {cost}"
        if isinstance(value, PaidDie) or (
            isinstance(value, tuple) and value and isinstance(value[0], PaidDie)
        ):
            return f"{spoken.payment_words(value)}" + (f": {detail}" if detail else "")
        if isinstance(value, Take):
            if not value.colours:
                return "take no dice: Kali is full"
            return f"take {spoken.colours_words(value.colours)}"
        if isinstance(value, Return):
            return f"return {spoken.die_words(value.die)}: {detail}"
        first = option.actions[0] if option.actions else None
        if isinstance(first, Reroll):  # the dice chosen so far in words, not notation ("o3")
            chosen = self.view.queue[0].chosen
            so_far = spoken.dice_words(chosen) if chosen else "none yet"
            if first.die is None:
                return f"done, roll them: roll the chosen dice ({so_far})"
            return f"add {spoken.die_words(first.die)}: chosen so far: {so_far}"
        if isinstance(first, Rebuild) and step.facet == 0:  # the tile to cover, by its cell
            placed = self.view.player.province.cells[first.cell]
            if placed is not None:
                tile = rules.catalog().tiles[placed.tile]
                covered = f"{text.COLOUR_NAMES[tile.colour]} {tile.value}"
                return f"{rules.cell_name(first.cell)}: {covered}, {detail}"
        if option.detail:
            return f"{option.label.strip()}: {detail}"
        return option.label.strip()

    def _grid_stage(self, step: Step) -> Stage:
        """The tile's cell, then its turn: two numbered lists for the app's moving and turning."""
        tile = rules.catalog().tiles[step.tile]
        cells = sorted({a.cell for a in step.actions})
        what = f"Place the {spoken.tile_words(tile)}"
        if self.grid_cell is None and len(cells) > 1:
            items = [Item(self._cell_words(step, cell), self._grid_cell(cell)) for cell in cells]
            return Stage(f"{what}. Choose its cell", items, [])
        cell = self.grid_cell if self.grid_cell is not None else cells[0]
        ways = [a for a in step.actions if a.cell == cell]
        items = [Item(self._turn_words(tile, a), self._grid_turn(step, a)) for a in ways]
        return Stage(f"{what}. On {rules.cell_name(cell)}, choose how it is turned", items, [])

    def _cell_words(self, step: Step, cell: int) -> str:
        turns_here = sum(1 for a in step.actions if a.cell == cell)
        return f"{rules.cell_name(cell)} ({counted(turns_here, 'way')} to turn it)"

    def _turn_words(self, tile: rules.TileSpec, action: Place) -> str:
        ends = rules.rotated(tile.ends, action.rotation)
        turned = spoken.spoken(text.turned(action.rotation))
        return f"{turned}: {spoken.roads_words(ends)}"

    def _grid_cell(self, cell: int) -> Callable[[], Any]:
        def pick() -> Any:
            self.grid_cell = cell
            return None

        return pick

    def _grid_turn(self, step: Step, action: Place) -> Callable[[], Any]:
        def pick() -> Any:
            step.cell, step.rotation = action.cell, action.rotation
            self.grid_cell = None
            return self.chooser.press("confirm")

        return pick


class PlainGame:
    """One game played in lines: reads commands from `read`, writes lines to `out`."""

    def __init__(
        self,
        game: saves.Game,
        file: saves.GameFile,
        folder: Path,
        out: TextIO,
        read: Callable[[], str],
    ) -> None:
        self.game = game
        self.file = file
        self.folder = folder  # the saves folder: where save as puts a name, noted as played
        # Over SSH the player may have the game and not the account (`saves.save_as_confinement`).
        self.save_as_confined = saves.save_as_confinement()
        self.replace_asked: Path | None = None  # the save the last line asked to replace
        self.out = out
        self.read = read
        self.names = tuple(seat.name for seat in game.setup.seats)
        self.kinds = tuple(seat.kind for seat in game.setup.seats)
        self.told = len(logbook.told(game))
        self.menu = Menu(self._chooser(), self.names)
        self.unsaved_said = ""  # the last write's failure, once told (each kind told once)
        self.last_write_failed = False
        self.holder: int | None = None  # the human seat whose turn this terminal last told
        self.round_told = False  # the turn told began its round: who starts it was said

    # Output --------------------------------------------------------------------------------

    def say(self, line: str = "") -> None:
        print(safe(spoken.spoken(line, self.names)), file=self.out, flush=True)

    def _chooser(self) -> Chooser:
        state = self.game.state
        return Chooser(rules.seat_view(state, state.turn))

    @property
    def chooser(self) -> Chooser:
        return self.menu.chooser

    @property
    def view(self) -> rules.GameState:
        return self.menu.view

    # The game ------------------------------------------------------------------------------

    def start(self) -> int:
        """Saves the game as it opens (a new one gets its file now), tells where it is saved,
        what its setup laid out or the moves since the seat to act last played, then plays."""
        if self.file.path is None:  # another rajas plays it, or no name is free: as in the app
            self._tell_unsaved(_given_up(self.file.problem))
        self._save()
        if self.file.path is not None:
            self.say(
                f"Plain mode: the game is saved in {self.file.path} after every action. "
                "Type help for the commands."
            )
        if not self.game.log:
            for line in saves.setup_revealed(self.game.start):
                self.say(line)
        self._tell_since_last_turn()
        return self.run()

    def _tell_since_last_turn(self) -> None:
        lines = logbook.told(self.game)
        since = logbook.since_last_turn(lines, self.game.state.turn)
        if lines[since:]:
            self.say("Since your last turn:")
            for told in lines[since:]:
                self.say(told.words)

    def run(self) -> int:
        """Plays until the game ends, the player quits or the input ends; the exit code."""
        if not self.game.seat.is_human and not self.game.over:
            self._changed(self.game)
        told = TURN
        while not self.game.over:
            if told == TURN and self._passes_keyboard():
                told = self._hand_over()
                if told == ENDED:
                    return 0
                continue
            if told == TURN:
                self._tell_turn()
            self._tell_stage(whole=told != PROMPT)
            line = self.read()
            if self._ended(line):
                return 0
            told = self._handle(line.strip())
        self._tell_end()
        self._keep_finished()
        return 0

    @property
    def unsaved(self) -> bool:
        """Whether the game as it is now is not in its file: the file given up, or the last
        write failed."""
        return self.file.path is None or self.last_write_failed

    def _keep_finished(self) -> None:
        """A finished game not in its file is kept only by save as: offered until it is saved
        or the session ends."""
        while self.unsaved:
            self.say(
                f"The game is over but not saved: type {SAVE_AS} and a name to keep it, or quit."
            )
            line = self.read()
            if self._ended(line):
                return
            self._saving(line.strip())

    def _ended(self, line: str) -> bool:
        """Whether `line` ends the session (quit, or the end of input), told as it ends."""
        if not line:  # the end of input: everything played is saved already
            self.say("End of input. " + self._where_saved())
            return True
        if line.strip().casefold() in ("quit", "exit"):
            self.say(self._where_saved())
            return True
        return False

    def _where_saved(self) -> str:
        if self.file.path is None:
            return "The game was not saved."
        if self.last_write_failed:  # the writes are atomic: the file holds the last one made
            return (
                f"The last moves could not be saved: {self.file.path} holds the game as it was "
                "before them, and rajas play --plain goes on with that."
            )
        return f"The game is saved in {self.file.path}; rajas play --plain goes on with it."

    def _passes_keyboard(self) -> bool:
        """Whether the keyboard is to pass to the seat to act before anything of its turn is
        told: it is human, and another human seat's turn was told last. The first turn asks
        too where a seat keeps tiles face down, as the app's does: whoever opened the game
        need not be the seat to act."""
        seat = self.game.state.turn
        humans = sum(s.is_human for s in self.game.setup.seats)
        if humans < 2 or not self.game.setup.seats[seat].is_human:
            return False
        if self.holder is None:
            return any(player.face_down for player in self.game.state.players)
        return self.holder != seat

    def _hand_over(self) -> str:
        """Asks for the keyboard to be passed and waits for Enter (TURN: the next seat's turn
        is told now), undo (TURN: the turn taken back is told) or the session's end."""
        seat = self.game.state.turn
        name = self.names[seat]
        # Offered to the seat that just played here, as the app's screen offers it.
        undo = " Or type undo to take back the last turn first." if self.holder is not None else ""
        self.say()
        self.say(hand_over_words(name) + undo)
        while True:
            line = self.read()
            if self._ended(line):
                return ENDED
            word = line.strip().casefold()
            if not word:
                self._ready(seat)
                return TURN
            if word == "undo":
                try:
                    self._undone(saves.undo_turn(self.game))
                except ValueError as error:
                    self.say(logbook.turn_undo_refusal(self.game) or str(error))
                    continue
                return TURN
            self.say(
                f"The keyboard passes to {name} first: press Enter when {name} is ready"
                + (", or type undo." if undo else ".")
            )

    def _ready(self, seat: int) -> None:
        """The next seat has the keyboard: a terminal is cleared of the last seat's lines (a
        pipe gets no escape codes), and the moves it took away are told again."""
        passed = self.holder is not None
        self.holder = seat
        if passed and self.out.isatty():
            print(CLEAR, end="", file=self.out, flush=True)
            self._tell_since_last_turn()

    def _tell_turn(self) -> None:
        """The seat to act and the short summary of everyone's figures."""
        self.say()
        self.holder = self.game.state.turn  # bots move before a turn is told: a human's
        state = self.game.state
        rounds = logbook.rounds_of(self.game)
        # The round's first turn says who starts it now, and the log's line for it, which
        # comes with this turn's move, is not said again after it.
        self.round_told = not rounds or rounds[-1] != (state.round, state.start_player)
        for line in spoken.state_words(self.view, self.names, self.kinds, starts=self.round_told):
            self.say(line)

    def _tell_stage(self, whole: bool = True) -> None:
        """The stage's list (at the first stage of a decision, who is asked what, first), or
        without `whole` only what to type."""
        stage = self.menu.stage()
        last = len(stage.items)
        asking = "Type 1, or help." if last == 1 else f"Type a number from 1 to {last}, or help."
        if not whole:
            self.say(asking)
            return
        state = self.game.state
        if self.chooser.at_first_step and self.menu.grid_cell is None:
            asked = rules.prompt(state) if state.queue else "place a worker"
            self.say(f"{self.names[state.turn]} to {asked}.")
        self.say(stage.title if stage.title.endswith("?") else f"{stage.title}:")
        for number, item in enumerate(stage.items, start=1):
            self.say(f"{number}. {item.words}")
        if stage.refused:
            others = counted(len(stage.refused), "other choice")
            self.say(f"{others} cannot be made now: why says why.")
        self.say(asking)

    def _new_lines(self) -> None:
        """The moves played since the last told, each with what it gained and paid."""
        lines = logbook.told(self.game)
        new = lines[self.told :]
        if new and new[0].kind == logbook.ROUND and self.round_told:
            new = new[1:]  # said before the turn
        self.round_told = False
        for told in new:
            self.say(told.words)
        self.told = len(lines)

    def _changed(self, game: saves.Game) -> None:
        """A new game: the bots answer, it is saved as the app saves it (before any of it is
        told), its moves are told, and a fresh chooser asks the seat to act."""
        self.game = turns.run_bots(game)
        self._save()
        self._new_lines()
        self.menu = Menu(self._chooser(), self.names)

    def _save(self) -> None:
        try:
            saves.write(self.game, self.file)
        except saves.SaveError as error:
            self.last_write_failed = True
            said = str(error)
            if isinstance(error, saves.FileGivenUp):  # the app's sentence names its dialog
                said = _given_up(error.reason)
            self._tell_unsaved(said)
        else:
            self.last_write_failed = False

    def _tell_unsaved(self, said: str) -> None:
        """Why the game is not being saved, told once for each reason."""
        if said != self.unsaved_said:
            self.say(said)
            self.unsaved_said = said

    def _tell_end(self) -> None:
        self._new_lines()
        state = self.game.state
        self.say()
        self.say(f"The game is over after {counted(state.round, 'round')}.")
        for standing in rules.ranking(state):
            player = state.players[standing.seat]
            self.say(
                f"Place {standing.place}: {self.names[standing.seat]}, {player.fame} fame, "
                f"{player.money} money, margin {standing.margin:+d}."
            )
        if not self.unsaved:
            self.say(f"The game is saved in {self.file.path}.")

    # Input ---------------------------------------------------------------------------------

    def _handle(self, command: str) -> str:
        """Carries out one line; what is to be told before the next (TURN, STAGE or PROMPT)."""
        if self._saving(command):
            return PROMPT
        word = command.casefold()
        if word == PASS_KEY:  # the app's pass key, and the pass option's key in the list
            command = word = "pass"
        telling: dict[str, Callable[[], None]] = {
            "help": lambda: self.say(HELP),
            "board": self._tell_board,
            "state": self._tell_state,
            "log": lambda: self._tell_log(LOG_LINES),
            "log all": lambda: self._tell_log(None),
            "why": self._tell_why,
        }
        if word in telling:
            telling[word]()
            return PROMPT
        if word in ("", "list"):
            return STAGE
        if word == "back":
            if self.menu.back():
                return STAGE
            self.say("Nothing to step back from: this is the first stage.")
            return PROMPT
        if word in ("undo", "redo"):
            return self._step(word)
        stage = self.menu.stage()
        if WHOLE.fullmatch(command):  # "-1" too: a number, only not one of the list's
            number = int(command)
            if not 1 <= number <= len(stage.items):
                self.say(
                    f"There is no choice {command}: type a number from 1 to {len(stage.items)}."
                )
                return PROMPT
            return self._picked(stage.items[number - 1].pick())
        if self._space_key(word):
            return self._picked(None)
        return self._notation(command)

    def _picked(self, action: Any) -> str:
        """After a choice: its refusal, the next stage, or the action played."""
        if self.chooser.refused:
            self.say(self.chooser.message)
            return PROMPT
        if action is None:
            return STAGE
        return self._played(saves.play(self.game, action))

    def _played(self, game: saves.Game) -> str:
        """Plays on to `game`; a new turn when another seat acted or a placement is asked."""
        before = self.game.state.turn
        self._changed(game)
        new_turn = self.game.state.turn != before or not self.game.state.queue
        return TURN if new_turn else STAGE

    def _notation(self, command: str) -> str:
        # The notation is all lower case, so any case reads as one action, as the commands
        # do; the engine's parser keeps to the one form the saves write. ASCII only: lower()
        # turns some other letters into ASCII ones (the Kelvin sign into k).
        notation = command.lower() if command.isascii() else command
        try:
            rules.parse_action(notation)
        except rules.Unreadable as error:
            count = len(self.menu.stage().items)
            if "is not an action" in error.reason:
                self.say(
                    f"{command[:40]!r} is neither a number, an action nor a command: type a "
                    f"number from 1 to {count}, an action such as terrace t1, or help."
                )
            else:  # an action's word, its parts missing or wrong: how that action is written
                self.say(
                    f"{command[:40]!r} is not a whole action: {error.reason}; type a number "
                    f"from 1 to {count}, or help."
                )
            return PROMPT
        try:
            game = saves.play(self.game, notation)
        except rules.IllegalAction as error:
            self.say(str(error))
            return PROMPT
        return self._played(game)

    def _saving(self, command: str) -> bool:
        """Carries out `save as NAME` (`save` alone is told how); whether `command` was one.
        A save the line before asked to replace is replaced only by the same save as now."""
        asked, self.replace_asked = self.replace_asked, None
        word = command.casefold()
        if not (word == "save" or word == SAVE_AS or word.startswith(f"{SAVE_AS} ")):
            return False
        name = command[len(SAVE_AS) :].strip()
        if not name:
            self.say(f"Type {SAVE_AS} and a name, such as: {SAVE_AS} friday.")
            return True
        try:
            path = saves.save_as_target(name, self.folder, self.save_as_confined)
            self.file = saves.move_to(self.game, path, self.file, replace=path == asked)
        except saves.ReplaceUnconfirmed:
            self.replace_asked = path
            self.say(f"{path.name} already exists: type {SAVE_AS} {name} again to replace it.")
            return True
        except saves.SaveError as error:
            self.say(str(error))
            return True
        saves.remember_played(self.folder, path)
        self.last_write_failed = False
        self.unsaved_said = ""  # a later failure there is told again
        going_on = "" if self.game.over else " and goes on saving there after every action"
        self.say(f"The game is saved in {path}{going_on}.")
        return True

    def _space_key(self, word: str) -> bool:
        """A space's key (q1, t3, o; pass) at the first stage chooses that space; whether the
        word was one."""
        return self.chooser.choose_space(word)

    def _step(self, word: str) -> str:
        step = saves.undo_turn if word == "undo" else saves.redo_turn
        try:
            game = step(self.game)
        except ValueError as error:
            refusal = logbook.turn_undo_refusal(self.game) if word == "undo" else None
            self.say(refusal or str(error))
            return PROMPT
        if word == "undo":
            self._undone(game)
        else:
            self.say("Played again:")
            self._changed(game)
        return TURN

    def _undone(self, game: saves.Game) -> None:
        self.say("Took back your last turn and the moves after it.")
        self.game = game
        self._save()
        self.told = min(self.told, len(logbook.told(game)))
        self.menu = Menu(self._chooser(), self.names)

    # Commands that tell ----------------------------------------------------------------------

    def _tell_state(self) -> None:
        for line in spoken.state_words(self.view, self.names, self.kinds):
            self.say(line)

    def _tell_board(self) -> None:
        for line in spoken.board_words(self.view, self.names, self.kinds):
            self.say(line)
        if self.game.setup.variants:  # the Ganga tiles, the yield tiles, each seat's fields
            lines: list[str] = []
            for line in summary.variant_lines(self.game, self.view)[1:]:
                if line.startswith(" ") and lines:  # wrapped for `show`: one line each here
                    lines[-1] += " " + line.strip()
                else:
                    lines.append(line.strip())
            for line in lines:
                self.say(line)

    def _tell_log(self, last: int | None) -> None:
        lines = logbook.told(self.game)
        shown = lines if last is None else lines[-last:]
        if not shown:
            self.say("Nothing has been played yet.")
        elif last is not None and len(lines) > last:
            self.say(f"The last {last} lines of the log (log all says every one):")
        for told in shown:
            self.say(told.words)

    def _tell_why(self) -> None:
        refused = self.menu.stage().refused
        if not refused:
            self.say("Every choice of this stage is listed.")
        for line in refused:
            self.say(line)


# Opening the game ------------------------------------------------------------------------------


def _new_setup(args: argparse.Namespace) -> saves.Setup:
    from rajas_tui.cli import headless

    seed = args.seed if args.seed is not None else choices.random_seed()
    if args.players is None:
        if args.bots or args.variant or args.navaratnas is not None:
            raise Refusal(
                "--bots, --variant and --navaratnas go with --players, which names the seats. "
                "See 'rajas play --help'.",
                EXIT_USAGE,
            )
        return saves.seated(DEFAULT_SEATS, seed, args.undo)
    try:
        seats, variants = headless.seats_of(args, "play")
    except headless.Refusal as refusal:
        raise Refusal(str(refusal), refusal.code) from None
    return saves.Setup(seats, seed, variants, args.undo)


def _opened(args: argparse.Namespace, out: TextIO) -> tuple[saves.Game, saves.GameFile, Path]:
    """The game to play and its file: the save named, a new game, or the last one unfinished."""
    folder = saves.saves_dir(args.saves)
    new_options = args.players is not None or args.bots or args.variant or args.seed is not None
    path: Path | None = None
    if args.path is not None:
        if new_options or args.navaratnas is not None:
            raise Refusal(
                "a save and the options of a new game cannot go together: name one or the "
                "other. See 'rajas play --help'.",
                EXIT_USAGE,
            )
        path = saves.home_expanded(args.path)
    elif not new_options and args.navaratnas is None:
        path = saves.last_unfinished(folder)
        if path is not None:
            print(safe(f"Going on with the game last played, {path}."), file=out)
    if path is not None:
        try:
            game = saves.load(path)
        except saves.SaveError as error:
            raise Refusal(str(error)) from None
        note = saves.rules_note(game)
        if note:
            print(safe(note), file=out)
        if game.over:
            winner = game.name(rules.ranking(game.state)[0].seat)
            raise Refusal(f"{path}: the game is over ({winner} won), so there is nothing to play.")
        return game, saves.open_file(game, path, folder), folder
    setup = _new_setup(args)
    try:
        game = saves.start_game(setup)
    except ValueError as error:
        said = clause(str(error), (seat.name for seat in setup.seats))
        raise Refusal(f"{said} See 'rajas play --help'.", EXIT_USAGE) from None
    file = saves.open_file(game, None, folder)
    names = spoken.joined([_seat_words(seat) for seat in game.setup.seats])
    print(safe(f"A new game for {names}, seed {game.setup.seed}."), file=out)
    return game, file, folder


def _seat_words(seat: saves.Seat) -> str:
    return seat.name if seat.is_human else f"{seat.name} ({seat.kind} bot)"


def _reader(stream: TextIO, out: TextIO) -> Callable[[], str]:
    def read() -> str:
        print("> ", end="", file=out, flush=True)
        try:
            return stream.readline()
        except UnicodeDecodeError:
            return "\n"  # an unreadable line: said again as "not understood"

    return read


def run(args: argparse.Namespace) -> int:
    """`rajas play --plain`: one sentence and a code for what cannot be opened, else the game."""
    out = sys.stdout
    if not args.plain:
        print(
            "rajas: play needs --plain for now (the game in lines of text); the app opens with "
            "'rajas', or 'rajas load PATH'. See 'rajas play --help'.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        game, file, folder = _opened(args, out)
    except Refusal as refusal:
        print(safe(f"rajas: {refusal}"), file=sys.stderr)
        return refusal.code
    plain = None
    try:
        if file.path is not None:
            saves.remember_played(folder, file.path)
        plain = PlainGame(game, file, folder, out, _reader(sys.stdin, out))
        return plain.start()
    finally:
        file.close()
        if plain is not None:  # save as may have given the game another file
            plain.file.close()
