"""Facts that hold in every reachable state, checked after each action by simulator and tests."""

from __future__ import annotations

from collections import Counter
from functools import cache

from .catalog import catalog
from .model import COLOURS
from .river import final_space
from .state import GameState


def problems(state: GameState, previous: GameState | None = None) -> list[str]:
    """Every broken invariant, as a sentence each (empty when all hold)."""
    found = _dice(state) + _tiles(state) + _players(state) + _boats(state)
    if previous is not None:
        found += _progress(state, previous)
    return found


def _dice(state: GameState) -> list[str]:
    per_colour = catalog().setup.dice_per_colour
    counts = list(state.supply.dice)
    for player in state.players:
        for die in player.dice:
            counts[die.colour] += 1
    return [
        f"{count} {COLOURS[colour].name.lower()} dice instead of {per_colour}"
        for colour, count in enumerate(counts)
        if count != per_colour
    ]


def _tiles(state: GameState) -> list[str]:
    held: list[int] = []
    for stack in state.supply.stacks:
        held.extend(stack)
    held.extend(state.supply.out_of_game)
    for player in state.players:
        held.extend(p.tile for p in player.province.cells if p is not None)
    held.extend(e.tile for e in state.queue if e.kind == "place_tile")  # bought, being built
    if sorted(held) == _all_tiles():
        return []
    seen = Counter(held)
    total = len(catalog().tiles)
    found = [f"tile {t} is in {n} places" for t, n in sorted(seen.items()) if n != 1]
    missing = sorted(set(range(total)) - set(seen))
    if missing:
        found.append(f"tiles {missing} are nowhere")
    return found


@cache
def _all_tiles() -> list[int]:
    return list(range(len(catalog().tiles)))


def _players(state: GameState) -> list[str]:
    setup = catalog().setup
    found = []
    for seat, p in enumerate(state.players):
        checks = [
            (p.money >= 0, f"money {p.money}"),
            (0 <= p.karma <= setup.karma_max, f"karma {p.karma}"),
            (len(p.dice) <= p.places, f"{len(p.dice)} dice on {p.places} places"),
            (p.workers <= setup.workers_max, f"{p.workers} workers"),
            (0 <= p.placed <= p.workers, f"{p.placed} of {p.workers} workers placed"),
            (
                all(
                    setup.building_level_start <= lv <= setup.building_level_max for lv in p.levels
                ),
                f"building levels {p.levels}",
            ),
            (list(p.dice) == sorted(p.dice), "dice out of order"),
        ]
        found += [f"seat {seat}: {what}" for ok, what in checks if not ok]
    return found


def _boats(state: GameState) -> list[str]:
    final = final_space()
    ordinary = [b for b in state.river.boats if 0 < b < final]
    clashes = [space for space, n in Counter(ordinary).items() if n > 1]
    bad = [b for b in state.river.boats if not 0 <= b <= final]
    return [f"two boats on river space {s}" for s in clashes] + [
        f"boat off the river at {b}" for b in bad
    ]


def _progress(state: GameState, previous: GameState) -> list[str]:
    tracks = catalog().tracks
    found = []
    for seat, (now, before) in enumerate(zip(state.players, previous.players, strict=True)):
        checks = [
            (now.fame >= before.fame, f"fame fell from {before.fame} to {now.fame}"),
            (now.fame_bonus_next >= before.fame_bonus_next, "a fame bonus was given back"),
            (now.money_bonus_next >= before.money_bonus_next, "the money bonus marker moved back"),
            (
                now.money_workers_taken >= before.money_workers_taken,
                "a money worker was given back",
            ),
            (now.fame_bonus_next <= len(tracks.fame_bonus), "more fame bonuses than exist"),
            (now.money_bonus_next <= len(tracks.money_bonus), "more money bonuses than exist"),
            (now.workers >= before.workers, "a worker was lost"),
        ]
        found += [f"seat {seat}: {what}" for ok, what in checks if not ok]
    for seat, (now_b, before_b) in enumerate(
        zip(state.river.boats, previous.river.boats, strict=True)
    ):
        if now_b < before_b:
            found.append(f"seat {seat}: boat moved back from {before_b} to {now_b}")
    return found
