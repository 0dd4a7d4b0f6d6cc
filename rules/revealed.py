"""What an action brought to light by chance, as `apply_revealing` reports it: dice rolled, the
yield tiles reshuffled or drawn, a face-down field tile turned up, a display stack's new top.
A save writes it in its log, and a strict game allows no undo across it (docs/saves.md)."""

from __future__ import annotations

import attrs

from .model import Die


@attrs.frozen(slots=True)
class Rolled:
    """Dice that came onto `seat`'s statue with a new face: taken from the supply, or re-rolled."""

    seat: int
    dice: tuple[Die, ...]


@attrs.frozen(slots=True)
class Reshuffled:
    """The discarded white yield tiles were shuffled into a new face-down stack."""


@attrs.frozen(slots=True)
class Drew:
    """The top face-down white yield `tile` was drawn: onto a field of the board (`onto_field`),
    or gained and discarded (the Dancer)."""

    tile: int
    onto_field: bool


@attrs.frozen(slots=True)
class TurnedUp:
    """A face-down yield `tile` on `seat`'s board was turned face up: a road reached its field."""

    seat: int
    tile: int


@attrs.frozen(slots=True)
class Shows:
    """Display `stack` now shows `tile` on top: the tile above it was taken."""

    stack: int
    tile: int


Reveal = Rolled | Reshuffled | Drew | TurnedUp | Shows
