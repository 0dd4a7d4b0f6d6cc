"""The new-game dialog: 2–4 seats, a name and human or bot for each, variants, an optional seed.
The same dialog makes a shared table (`table=True`): it asks the table's name too, writes the
table as `rajas table new` does and takes its seat A, as `rajas join` does."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Select, Static
from textual.worker import Worker, WorkerState

import saves
from rajas_tui import bots
from rajas_tui.present import text
from rajas_tui.tui import bindings
from rajas_tui.tui.screens.dialog import Dialog, FieldLabel

if TYPE_CHECKING:
    from rajas_tui.tui.table import Seated

BASE, NAVARATNAS = "base", "navaratnas"
# A bot seat starts at the search bot's middle level: someone starting a game alone wants a real
# opponent, and `normal` answers quickly (docs/bots.md).
DEFAULT_BOT = "normal"
MAKING_TABLE = "new-table"
NO_TABLE_NAME = "Name the table: lower-case letters, digits, '-' or '_'."
SEAT_A_HUMAN = "Seat A is yours at the table: make it human."


def variant_setup(
    seats: Sequence[tuple[str, str]],
    seed: int,
    undo: str,
    ganga: bool,
    boards: Sequence[str],
) -> saves.Setup:
    """The setup for the dialog's choices; `boards` is each seat's province board side (some
    seats on Navaratnas boards and some not: a mixed game)."""
    navaratnas = [seat for seat, board in enumerate(boards) if board == NAVARATNAS]
    variants = (["ganga"] if ganga else []) + (["navaratnas"] if navaratnas else [])
    return saves.seated(seats, seed, undo, variants, navaratnas)


class MarkedCheckbox(Checkbox):
    """A checkbox whose state shows in its mark, X or blank: Textual's own draws an X either way
    and tells them apart by colour alone, which NO_COLOR and 16-colour terminals lose."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class NewGameScreen(Dialog):
    BINDINGS = [  # noqa: RUF012
        *bindings.DIALOG,
        Binding("ctrl+g", "switch('ganga')", "Ganga", id="newgame.ganga"),
        Binding("ctrl+n", "switch('navaratnas')", "Navaratnas, all", id="newgame.navaratnas"),
    ]

    def __init__(self, seed: int | None = None, *, table: bool = False) -> None:
        super().__init__()
        self.default_seed = seed
        self.table = table  # a shared table, made and joined at seat A, rather than a game

    def compose_body(self) -> ComposeResult:
        kinds = [("human", saves.HUMAN)] + [(f"bot: {k}", k) for k in bots.KINDS]
        with Vertical(id="dialog"):
            yield Static("New table" if self.table else "New game", classes="dialog-title")
            if self.table:
                with Horizontal(classes="row"):
                    yield FieldLabel("Table", classes="field")
                    yield Input(
                        placeholder="a name, e.g. friday",
                        id="table-name",
                        max_length=32,
                        restrict=r"[a-z0-9_-]*",  # what `rajas join NAME` can name
                        compact=True,
                    )
            with Horizontal(classes="row"):
                yield FieldLabel("Players", classes="field")
                yield Select(
                    [("2 players", 2), ("3 players", 3), ("4 players", 4)],
                    value=2,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
                yield Static(f"{text.board_side_words(2)} board side", id="board-side")
            for seat in range(4):
                with Horizontal(classes="row seat", id=f"seat-{seat}"):
                    yield FieldLabel(text.player_tag(seat), classes="field")
                    yield Input(
                        saves.DEFAULT_NAMES[seat], id=f"name-{seat}", max_length=16, compact=True
                    )
                    yield Select(
                        kinds,
                        value=saves.HUMAN if seat == 0 else DEFAULT_BOT,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
                    yield MarkedCheckbox("Navaratnas", id=f"board-{seat}", compact=True)
            with Horizontal(classes="row"):
                yield FieldLabel("Variants", classes="field")
                yield MarkedCheckbox("Ganga river tiles", id="ganga", compact=True)
                yield MarkedCheckbox("Navaratnas: every seat", id="navaratnas", compact=True)
            with Horizontal(classes="row"):
                yield FieldLabel("Undo", classes="field")
                yield Select(
                    [("strict: not past a roll", "strict"), ("free: practice", "free")],
                    value="strict",
                    allow_blank=False,
                    compact=True,
                    id="undo",
                )
            with Horizontal(classes="row"):
                yield FieldLabel("Seed", classes="field")
                yield Input(
                    "" if self.default_seed is None else str(self.default_seed),
                    placeholder="random",
                    id="seed",
                    restrict=r"[0-9]*",  # \d would let other scripts' digits in
                    compact=True,
                )
            # Errors quote the names typed, which are never markup.
            yield Static("", id="dialog-error", markup=False)
            with Horizontal(classes="buttons row"):
                yield FieldLabel("", classes="field")
                yield Button("Start", variant="primary", id="start", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
                # Start is the last field: Enter in a text field starts too (`on_input_submitted`).
                yield Static("or Enter in a name", id="start-hint")

    def on_mount(self) -> None:
        self._seats(2)
        # The first field, never Start: Enter at once must not begin a game with defaults the
        # player has not looked at.
        self.query_one("#table-name" if self.table else "#players").focus()

    def _seats(self, count: int) -> None:
        for seat in range(4):
            self.query_one(f"#seat-{seat}").display = seat < count
        side = text.board_side_words(count)
        covered = text.covered_words(count)
        note = f" ({covered})" if covered else ""
        self.query_one("#board-side", Static).update(f"{side} board side{note}")

    def action_switch(self, name: str) -> None:
        box = self.query_one(f"#{name}", MarkedCheckbox)
        box.value = not box.value

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """The Navaratnas switch sets every seat's board; a seat's own switch (a mixed table)
        leaves it on only while every seat shown plays Navaratnas."""
        box = event.checkbox
        if box.id == "navaratnas":
            for seat in range(4):
                seat_box = self.query_one(f"#board-{seat}", MarkedCheckbox)
                with seat_box.prevent(Checkbox.Changed):
                    seat_box.value = box.value
        elif box.id is not None and box.id.startswith("board-"):
            self._sync_all()

    def _sync_all(self) -> None:
        every = all(board == NAVARATNAS for board in self._boards(self._count()))
        all_box = self.query_one("#navaratnas", MarkedCheckbox)
        with all_box.prevent(Checkbox.Changed):
            all_box.value = every

    def _count(self) -> int:
        count = self.query_one("#players", Select).value
        assert isinstance(count, int)
        return count

    def _boards(self, count: int) -> list[str]:
        return [
            NAVARATNAS if self.query_one(f"#board-{seat}", MarkedCheckbox).value else BASE
            for seat in range(count)
        ]

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._seats(event.value)
            self._sync_all()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.action_cancel()
        else:
            self.start()

    def on_input_submitted(self) -> None:
        self.start()

    def start(self) -> None:
        count = self._count()
        seats = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or saves.DEFAULT_NAMES[seat]
            kind = self.query_one(f"#kind-{seat}", Select).value
            seats.append((name, str(kind)))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(1, 1_000_000)
        undo = str(self.query_one("#undo", Select).value)
        ganga = self.query_one("#ganga", MarkedCheckbox).value
        error = self.query_one("#dialog-error", Static)
        try:
            setup = variant_setup(seats, seed, undo, ganga, self._boards(count))
            refusal = saves.setup_refusal(setup)
            if refusal is not None:
                raise ValueError(refusal)
            game = saves.start_game(setup)
        except ValueError as problem:
            error.update(str(problem))
            return
        if self.table:
            self._make_table(game)
            return
        self.dismiss()
        self.rajas.show_game(game)

    def _make_table(self, game: saves.Game) -> None:
        from saves import tables

        name = self.query_one("#table-name", Input).value
        error = self.query_one("#dialog-error", Static)
        if not name or tables.name_problem(name):
            error.update(NO_TABLE_NAME)
        elif not game.setup.seats[0].is_human:
            error.update(SEAT_A_HUMAN)
        elif not any(w.node is self and not w.is_finished for w in self.workers):
            self._write_table(name, game)

    @work(thread=True, group=MAKING_TABLE, exit_on_error=False)
    def _write_table(self, name: str, game: saves.Game) -> Seated:
        """Writes the table as `rajas table new` does (refused when the name is taken), and
        takes its seat A as `rajas join` does; a bot to act first is the table's to play."""
        from rajas_tui.tui.table import sit_down
        from saves import tables

        folder = self.rajas.tables_dir
        tables.create(tables.table_path(folder, name), game)
        return sit_down(name, "A", folder)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != MAKING_TABLE:
            return
        if event.state == WorkerState.SUCCESS:
            seated: Seated = event.worker.result  # type: ignore[assignment]
            self.dismiss()
            self.rajas.sit_at(seated)
        elif event.state == WorkerState.ERROR:
            from saves import tables

            error = event.worker.error
            said = tables.sentence(error) if isinstance(error, tables.TableError) else str(error)
            self.query_one("#dialog-error", Static).update(said)
