"""What every kind of action space gives the placement listing and the engine (see `placing`).

Listings are kept in caches as action ids: ints naming each placement a listing has offered
in `cache.ACTIONS`, where it is kept once. A tuple of ints is an object the garbage collector stops
tracking, where a tuple of action records stays in every full collection for as long as its
cache keeps it; with ids, a cache filled during a game adds nothing for the collector to walk,
and the records themselves are made once per distinct placement (a few thousand in all). The
placement listing turns ids into records once per distinct entries (see `placing`), and the
checks work on records."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .cache import ACTIONS
from .catalog import SpaceSpec
from .ruleset import SeatRules
from .state import GameState

Ids = tuple[int, ...]

# What the dice on the statue alone allow at a space, as action ids: the statue as its dice codes
# in bytes, and whether karma can turn a die. Listings keep these by the dice they read.
Entries = Callable[[SpaceSpec, bytes, bool], Ids]
# Which of the statue's facts (an index into `dice.read_statue`'s) a space's entries depend on
# alone, whether karma can turn a die or not: the entries of those dice are the entries of the
# whole statue.
Reads = Callable[[SpaceSpec, bool], int]
# A space's listing from its entries (as records) and the rest of the state (the seat acting).
Check = Callable[[GameState, int, SpaceSpec, Sequence[Any]], Sequence[Any]]


def action_id(action: object) -> int:
    """The id of `action` in the table of placements (`cache.ACTIONS`), made when first asked."""
    return ACTIONS.id(action)


def actions_of(ids: Sequence[int]) -> list[Any]:
    """The records of these action ids, in order."""
    return [*map(ACTIONS.values.__getitem__, ids)]


def no_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> Ids:
    return ()


def no_check(players: int, rules: SeatRules, spec: SpaceSpec) -> Check | None:
    return None


@attrs.frozen(slots=True)
class Area:
    """How one kind of action space lists, checks and carries out its placements."""

    action: type
    carry_out: Callable[[GameState, int, Any, SpaceSpec], GameState]
    problem: Callable[[GameState, int, Any, SpaceSpec], str | None] = lambda *_: None
    # Why a space lists nothing while open and paid for; asked only then.
    why_not: Callable[[GameState, int, SpaceSpec], str] = lambda *_: "it cannot be taken now."
    entries: Entries = no_entries
    # The check a space of the area needs on a board of this many players with these seat
    # rules, or None when its entries are its listing: worked out once per board.
    check: Callable[[int, SeatRules, SpaceSpec], Check | None] = no_check
    # Whether the entries are the same whatever the dice (a terrace's, say): then a board works
    # them out once, and listings look nothing up for them.
    dice_free: bool = False
    # What the entries depend on (see `Reads`): every area whose entries depend on the dice
    # says, so that listings keep them by those dice alone.
    reads: Reads | None = None
