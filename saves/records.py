"""What a saved game is made of: who sits where, what was played, and the state it led to.

These records are the save file's schema; `persist` re-exports them for the app. They hold no
behaviour beyond small conveniences, so that the file format is visible in one place.
"""

from __future__ import annotations

import attrs

import rules
from rules import GameState

HUMAN = "human"
# The names a new game gives its seats unless told others: the New game dialog's, the plain
# mode's, the tutorial's and the puzzles'.
DEFAULT_NAMES = ("Asha", "Bela", "Chand", "Devi")
BASE = "base"  # the province board side of the base game; `rules.boards()` lists them all
# The bot kinds a save may name; `rajas_tui.bots.KINDS` plays exactly these (a test checks).
BOT_KINDS = ("random", "greedy", "easy", "normal", "hard")
UNDO_MODES = ("strict", "free")  # strict: no undo across revealed dice or tiles; free: practice


@attrs.frozen
class Seat:
    """A player: the name shown, who moves for it ("human" or one of `BOT_KINDS`) and the
    province board side it plays ("base", or "navaratnas" with that variant; written only when
    not "base", so a base game's seats read as they always did)."""

    name: str
    kind: str = HUMAN
    board: str = BASE

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@attrs.frozen
class Setup:
    """How a game was set up: seats in turn order from seat 0, the seed, variants, undo mode.

    "navaratnas" in `variants` with every seat on the base board (as files written before seats
    named boards have it) means every seat plays Navaratnas; `setups.settled` spells that out."""

    seats: tuple[Seat, ...]
    seed: int
    variants: tuple[str, ...] = ()
    undo: str = "strict"


@attrs.frozen
class LogEntry:
    """One action as played: the seat that acted, the engine notation, and, for a human reader
    and the undo barrier, what it revealed ("" when it revealed nothing random)."""

    seat: int
    action: str
    revealed: str = ""


@attrs.frozen
class Game:
    """A game in play: its setup, the state it started from, the log, and where the log led.

    `redo` holds undone entries, the next one to redo first. `from_position` tells that `start`
    came from a stated position rather than from the setup, so a save must carry it.
    """

    setup: Setup
    start: GameState
    log: tuple[LogEntry, ...]
    state: GameState
    redo: tuple[LogEntry, ...] = ()
    created: str = ""
    updated: str = ""
    from_position: bool = False
    # The rules version the game was played under until it was loaded: an older one when this
    # rajas replayed an older save under today's rules (`files.rules_note` tells it).
    played_under: int = attrs.field(factory=lambda: rules.RULES_VERSION)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.setup.seats[self.state.turn]

    def name(self, seat: int) -> str:
        return self.setup.seats[seat].name
