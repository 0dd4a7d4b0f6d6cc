"""Listing the placements open to the acting player, in the board's order.

A listing runs for nearly every step of a game, so it is split by what each part depends on.
What the dice on the statue allow at each space (`Area.entries`) is kept per statue in a table
that every later listing with those dice reuses, filled in a space at a time as spaces open.
Which spaces need more than their entries (the quarry and harbor, whose options depend on the
display, the province and the river; a variety market a seat may use once; a chamber whose
action may be impossible) is worked out once per board (`Layout`). A listing then walks the open
spaces and joins their entries, asking only those spaces' checks."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import compress

import attrs

from . import harbor, market, palace, quarry
from .actions import Action, Balcony, Chamber, Harbor, Outer, Quarry, Single, Terrace, Variety
from .area import Area, Check, Entries, Ids, actions_of, no_entries
from .catalog import DataError, SpaceSpec, catalog
from .ruleset import SeatRules, seat_rules
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
    ),
    "outer": Area(Outer, palace.outer_carry_out, entries=palace.outer_entries, dice_free=True),
    "chamber": Area(
        Chamber,
        palace.chamber_carry_out,
        palace.chamber_problem,
        palace.chamber_why_not,
        palace.chamber_entries,
        palace.chamber_check,
    ),
}
AREA_OF_ACTION = {area.action: name for name, area in AREAS.items()}


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
    # Per space index, the records of each distinct entries met there, by number (`_Known`).
    known: list[list[tuple[Action, ...]]]


_LAYOUTS: dict[tuple[int, str], Layout] = {}


def _layout(state: GameState, seat: int) -> Layout:
    players = state.config.players
    key = (players, state.config.boards[seat] if state.config.boards else "base")
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = _lay_out(players, seat_rules(state, seat))
    return layout


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
        known=_known(players).records,
    )


def _extends(
    run: tuple[bool, int, int, int], row: bool, spec: SpaceSpec, specs: tuple[SpaceSpec, ...]
) -> bool:
    if row:
        return run[0] and specs[run[2]].area == spec.area
    return not run[0] and run[1] == spec.money


# In a statue's table: entries not worked out yet. A space's entries are numbered from 0 as they
# are first met, so that the table can be bytes; a space that has met 255 kinds (none has met
# 150 in 600 random games) lists any more without keeping them.
UNKNOWN = 255


class _Known:
    """Each distinct entries met at each space of one board side, as records, by its number;
    the numbers by the entries' action ids. One tuple of records for each (about 1,900 after
    600 random games), so that a listing joins tuples of records rather than turning each id
    into its record."""

    def __init__(self, spaces: int) -> None:
        self.records: list[list[tuple[Action, ...]]] = [[] for _ in range(spaces)]
        self.numbers: list[dict[Ids, int]] = [{} for _ in range(spaces)]
        self._new = threading.Lock()

    def number(self, index: int, entries: Ids) -> int:
        """The number of these entries at the space, or UNKNOWN when it has no more."""
        number = self.numbers[index].get(entries)
        if number is None:
            with self._new:
                number = self.numbers[index].get(entries)
                records = self.records[index]
                if number is None and len(records) < UNKNOWN:
                    records.append(tuple(actions_of(entries)))
                    number = self.numbers[index][entries] = len(records) - 1
        return UNKNOWN if number is None else number


@cache
def _known(players: int) -> _Known:
    return _Known(len(catalog().side_for(players).spaces))


@lru_cache(maxsize=4096)
def _table(players: int, statue: bytes, turns: bool) -> bytearray:
    """Per space, the number of its entries for this statue, or UNKNOWN until a listing first
    needs them: a statue is listed for a few spaces only, most of the time. A bytearray, which
    the garbage collector does not track, where a list (or an array) would be one more object
    for it to walk, kept for every statue listed."""
    return bytearray(_blank(players))


@cache
def _blank(players: int) -> bytes:
    """A statue's table before any listing: the numbers of the entries that are the same
    whatever the dice (or none at all) filled in."""
    known = _known(players)
    numbers = bytearray()
    for spec in catalog().side_for(players).spaces:
        area = AREAS[spec.area]
        fixed = area.dice_free or area.entries is no_entries
        numbers.append(
            known.number(spec.index, area.entries(spec, b"", False)) if fixed else UNKNOWN
        )
    return bytes(numbers)


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
            opened += compress(range(start, stop), map(FREE.__eq__, spaces[start:stop]))
    return opened


def placement_options(state: GameState) -> list[Action]:
    """Every placement the acting player can pay for and carry out, in the board's order."""
    seat = state.turn
    player = state.players[seat]
    layout = _layout(state, seat)
    statue = bytes(player.dice)
    turns = player.karma > 0
    players = state.config.players
    table = _table(players, statue, turns)
    known = layout.known
    checks = layout.checks
    result: list[Action] = []
    for index in _open(layout, state.spaces, player.money):
        number = table[index]
        if number == UNKNOWN:
            entries = _fill(layout, players, table, index, statue, turns)
        else:
            entries = known[index][number]
        check = checks[index]
        result += entries if check is None else check(state, seat, layout.specs[index], entries)
    return result


def _fill(
    layout: Layout, players: int, table: bytearray, index: int, statue: bytes, turns: bool
) -> Sequence[Action]:
    """The entries at a space not yet in the statue's table, now kept there."""
    ids = layout.entries[index](layout.specs[index], statue, turns)
    known = _known(players)
    number = known.numbers[index].get(ids)
    if number is None:
        number = known.number(index, ids)
    table[index] = number
    return actions_of(ids) if number == UNKNOWN else known.records[index][number]


def space_options(state: GameState, spec: SpaceSpec) -> Sequence[Action]:
    """What `placement_options` lists at this space, were it open."""
    seat = state.turn
    player = state.players[seat]
    layout = _layout(state, seat)
    entries = actions_of(layout.entries[spec.index](spec, bytes(player.dice), player.karma > 0))
    check = layout.checks[spec.index]
    return entries if check is None else check(state, seat, spec, entries)
