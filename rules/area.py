"""What every kind of action space gives the placement listing and the engine (see `placing`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .catalog import SpaceSpec
from .ruleset import SeatRules
from .state import GameState

# What the dice on the statue alone allow at a space: the statue as its dice codes in bytes, and
# whether karma can turn a die. Listings keep these per statue.
Entries = Callable[[SpaceSpec, bytes, bool], Sequence[Any]]
# A space's listing from its entries and the rest of the state (the seat acting).
Check = Callable[[GameState, int, SpaceSpec, Sequence[Any]], Sequence[Any]]


def no_entries(spec: SpaceSpec, statue: bytes, turns: bool) -> tuple[()]:
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
