"""Listing the placements open to the acting player, in the board's order.

A listing runs for nearly every step of a game, so it is split by what each part depends on.
What the dice on the statue allow at each space (`Area.entries`) depends on a few of them only
(the dice of a market's colour, those that show a chamber's value): each space keeps its entries
by those dice, which repeat across statues far more than whole statues do, and a statue not seen
before is read once (`dice.read_statue`) for all its spaces. Which spaces need more than their
entries (the quarry and harbor, whose options depend on the display, the province and the
river; a variety market a seat may use once; a chamber whose action may be impossible) is worked
out once per board (`Layout`). A listing then walks the open spaces and joins their entries,
asking only those spaces' checks."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from . import harbor, market, palace, quarry
from .actions import Action, Balcony, Chamber, Harbor, Outer, Quarry, Single, Terrace, Variety
from .area import Area, Check, Entries, actions_of, no_entries
from .cache import memo
from .catalog import DataError, SpaceSpec, catalog
from .dice import read_statue
from .ruleset import SeatRules, board_rules
from .spaces import ROWS
from .state import FREE, GameState

AREAS: dict[str, Area] = {
    "quarry": Area(
        Quarry, quarry.carry_out, quarry.problem, quarry.why_not, check=lambda *_: quarry.listing
    ),
    "harbor": Area(
        Harbor, harbor.carry_out, harbor.problem, harbor.why_not, check=lambda *_: harbor.listing
    ),
    "variety": Area(
        Variety,
        market.variety_carry_out,
        market.variety_problem,
        market.variety_why_not,
        market.variety_entries,
        market.variety_check,
        dice_free=True,
    ),
    "single": Area(
        Single,
        market.single_carry_out,
        market.single_problem,
        market.single_why_not,
        market.single_entries,
        reads=market.single_reads,
    ),
    "terrace": Area(
        Terrace, palace.terrace_carry_out, entries=palace.terrace_entries, dice_free=True
    ),
    "balcony": Area(
        Balcony,
        palace.balcony_carry_out,
        palace.balcony_problem,
        palace.balcony_why_not,
        palace.balcony_entries,
        reads=palace.balcony_reads,
    ),
    "outer": Area(Outer, palace.outer_carry_out, entries=palace.outer_entries, dice_free=True),
    "chamber": Area(
        Chamber,
        palace.chamber_carry_out,
        palace.chamber_problem,
        palace.chamber_why_not,
        palace.chamber_entries,
        palace.chamber_check,
        reads=palace.chamber_reads,
    ),
}
AREA_OF_ACTION = {area.action: name for name, area in AREAS.items()}


# Per space index of a board side, its entries by the dice they read (see `_seen`).
Seen = list[dict[bytes, tuple[Action, ...]]]


@attrs.frozen(slots=True)
class Layout:
    """One board side's spaces as a listing walks them, for one seat's board."""

    specs: tuple[SpaceSpec, ...]
    entries: tuple[Entries, ...]  # per space index
    checks: tuple[Check | None, ...]  # per space index
    costs: tuple[int, ...]  # per space index: the money a worker pays there
    # The board in order as (row, cost, start, stop): a row's spaces fill from the left and
    # only its first free one is open (§3); a run of other spaces with one cost is open
    # wherever free.
    runs: tuple[tuple[bool, int, int, int], ...]
    # Without and with karma to turn a die: per space index, which of the statue's facts its
    # entries depend on, or FIXED.
    reads: tuple[tuple[int, ...], tuple[int, ...]]
    # Per space index, the entries of a space whose reads are FIXED (else empty).
    fixed: tuple[tuple[Action, ...], ...]
    # Without and with karma: per space index, its entries by the dice it reads (`_seen`).
    seen: tuple[Seen, Seen]


# In `Layout.reads`: the space's entries are the same whatever the dice (or none at all).
FIXED = -1


def _layout(state: GameState, seat: int) -> Layout:
    config = state.config
    return _layout_of(config.players, config.boards[seat] if config.boards else "base")


@memo(16)
def _layout_of(players: int, board: str) -> Layout:
    return _lay_out(players, board_rules(board))


def _lay_out(players: int, rules: SeatRules) -> Layout:
    specs = catalog().side_for(players).spaces  # numbered in order from 0
    areas = [AREAS[spec.area] for spec in specs]
    runs: list[tuple[bool, int, int, int]] = []
    for spec in specs:
        row = spec.area in ROWS
        if runs and _extends(runs[-1], row, spec, specs):
            runs[-1] = (*runs[-1][:3], spec.index + 1)
        else:
            runs.append((row, spec.money, spec.index, spec.index + 1))
    rows = [specs[start].area for row, _, start, _ in runs if row]
    split = {area for area in rows if rows.count(area) > 1}
    if split:
        raise DataError(f"the spaces of the {min(split)} row must stand together on the board")
    return Layout(
        specs=specs,
        entries=tuple(area.entries for area in areas),
        checks=tuple(
            area.check(players, rules, spec) for area, spec in zip(areas, specs, strict=True)
        ),
        costs=tuple(spec.money for spec in specs),
        runs=tuple(runs),
        reads=(_reads(areas, specs, False), _reads(areas, specs, True)),
        fixed=tuple(
            tuple(actions_of(area.entries(spec, b"", False))) if _fixed(area) else ()
            for area, spec in zip(areas, specs, strict=True)
        ),
        seen=_seen(players),
    )


def _fixed(area: Area) -> bool:
    return area.dice_free or area.entries is no_entries


def _reads(areas: list[Area], specs: tuple[SpaceSpec, ...], turns: bool) -> tuple[int, ...]:
    reads = []
    for area, spec in zip(areas, specs, strict=True):
        if _fixed(area):
            reads.append(FIXED)
        elif area.reads is None:
            raise TypeError(f"the {spec.area} area does not say which dice its entries read")
        else:
            reads.append(area.reads(spec, turns))
    return tuple(reads)


def _seen(players: int) -> tuple[Seen, Seen]:
    """Per space of the board side, without and with karma, its entries by the dice they
    depend on, filled as listings meet new dice: few (at most one per set of the dice of a
    colour, or of two faces; after 600 random games, 1,916 on the 4-player side, at most 114 at
    one space), so a layout, itself kept in `cache`, keeps them for good. A dict per space
    rather than a cache keyed by the statue: a statue not seen before is then read once, not
    once per space."""
    spaces = len(catalog().side_for(players).spaces)
    return [{} for _ in range(spaces)], [{} for _ in range(spaces)]


def _extends(
    run: tuple[bool, int, int, int], row: bool, spec: SpaceSpec, specs: tuple[SpaceSpec, ...]
) -> bool:
    if row:
        return run[0] and specs[run[2]].area == spec.area
    return not run[0] and run[1] == spec.money


def _open(layout: Layout, spaces: tuple[int, ...], money: int) -> list[int]:
    """The indices of the spaces the player may put a worker on and pay for, in order."""
    opened: list[int] = []
    for row, cost, start, stop in layout.runs:
        if row:
            if FREE in spaces[start:stop]:
                first = spaces.index(FREE, start, stop)
                if layout.costs[first] <= money:
                    opened.append(first)
        elif cost <= money:
            opened += [index for index in range(start, stop) if spaces[index] == FREE]
    return opened


def placement_options(state: GameState) -> list[Action]:
    """Every placement the acting player can pay for and carry out, in the board's order."""
    seat = state.turn
    player = state.players[seat]
    layout = _layout(state, seat)
    turns = player.karma > 0
    facts = read_statue(bytes(player.dice))
    reads = layout.reads[turns]
    seen = layout.seen[turns]
    fixed = layout.fixed
    checks = layout.checks
    result: list[Action] = []
    for index in _open(layout, state.spaces, player.money):
        at = reads[index]
        entries = fixed[index] if at == FIXED else seen[index].get(facts[at])
        if entries is None:
            entries = _first(layout, index, facts[at], turns)
        check = checks[index]
        result += entries if check is None else check(state, seat, layout.specs[index], entries)
    return result


def _first(layout: Layout, index: int, dice: bytes, turns: bool) -> tuple[Action, ...]:
    """The entries at a space for dice it has not met before, now kept: the dice it reads are
    a statue of their own whose entries are the whole statue's (see `Reads`)."""
    entries = tuple(actions_of(layout.entries[index](layout.specs[index], dice, turns)))
    # Two threads listing these dice at once each keep an equal tuple: no lock is needed.
    layout.seen[turns][index][dice] = entries
    return entries


def space_options(state: GameState, spec: SpaceSpec) -> Sequence[Action]:
    """What `placement_options` lists at this space, were it open."""
    seat = state.turn
    player = state.players[seat]
    layout = _layout(state, seat)
    entries = actions_of(layout.entries[spec.index](spec, bytes(player.dice), player.karma > 0))
    check = layout.checks[spec.index]
    return entries if check is None else check(state, seat, spec, entries)
