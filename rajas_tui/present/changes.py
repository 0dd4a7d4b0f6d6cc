"""What a step of the game changed for each seat: money, fame, karma, dice, upgrades, workers,
the boat and the elephant, told in the gains' symbols (`+4$ +2☯ −2$ +1⇡`).

Headless (no Textual). The preview tells it for an action to come (from the engine's forecast),
the log for each action played (from the states before and after it). Only what every seat
sees is read: the tracks, the dice on the statues, the building rows, the workers, the boats and
the elephant; never a yield tile, so nothing face down can reach a line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from rajas_tui.present.text import G
from rules import COLOURS, Die, GameState, PaidDie


@attrs.frozen
class Change:
    """One seat's figures before and after a step, as amounts gained (less than 0: paid).
    `dice` is per colour (in `COLOURS` order) and leaves out the dice the step was paid with,
    which the action's own words name."""

    seat: int
    money: int = 0
    fame: int = 0
    karma: int = 0
    dice: tuple[int, ...] = (0, 0, 0, 0)
    upgrades: int = 0
    workers: int = 0
    boat: tuple[int, int] | None = None  # the boat's river space before and after
    mogul: bool = False  # took the Great Mogul: start player next round

    def __bool__(self) -> bool:
        figures = (self.money, self.fame, self.karma, self.upgrades, self.workers, *self.dice)
        return any(figures) or self.boat is not None or self.mogul


def paid_dice(action: Any) -> tuple[PaidDie, ...]:
    """The dice an action gives up as its payment (none for most decisions)."""
    pay = getattr(action, "pay", None)
    if pay is None:
        return ()
    return tuple(pay) if isinstance(pay, tuple) else (pay,)


def change_of(
    before: GameState, after: GameState, seat: int, paid: Iterable[PaidDie] = ()
) -> Change:
    """What the step from `before` to `after` changed for `seat`; `paid` are the dice it gave
    up as the action's payment, told apart from the dice it gained (never netted: a payment of
    o5 o3 that brings an orange die back must not read as one orange die less)."""
    was, now = before.players[seat], after.players[seat]
    old_boat, new_boat = before.river.boats[seat], after.river.boats[seat]
    boat = (old_boat, new_boat) if new_boat != old_boat else None
    mogul = _took_mogul(before, after, seat)
    spent = [p.die.colour for p in paid]
    if was is now and not spent and boat is None and not mogul:
        return Change(seat)  # a player the step did not touch is the same record after it
    dice = [new - old for old, new in zip(_by_colour(was.dice), _by_colour(now.dice), strict=True)]
    for colour in spent:
        dice[colour] += 1
    return Change(
        seat,
        money=now.money - was.money,
        fame=now.fame - was.fame,
        karma=now.karma - was.karma,
        dice=tuple(dice),
        upgrades=sum(now.levels) - sum(was.levels),
        workers=now.workers - was.workers,
        boat=boat,
        mogul=mogul,
    )


def _by_colour(dice: Iterable[Die]) -> list[int]:
    counts = [0] * len(COLOURS)
    for die in dice:
        counts[die.colour] += 1
    return counts


def _took_mogul(before: GameState, after: GameState, seat: int) -> bool:
    """Whether the step gave `seat` the Great Mogul. A step that ends the round hands the
    elephant on at once: then it is seen in who starts the next round out of turn (a seat that
    would have started anyway gained nothing by it)."""
    if after.round == before.round or before.mogul >= 0:
        return after.mogul == seat != before.mogul
    in_turn = (before.start_player + 1) % len(before.players)
    return seat == after.start_player != in_turn


def changes(before: GameState, after: GameState, paid: Iterable[PaidDie] = ()) -> list[Change]:
    """Every seat the step changed, the acting seat (whose are the `paid` dice) first."""
    acting = before.turn
    found = [change_of(before, after, acting, paid)]
    for seat in range(len(before.players)):
        # Asked for every move the log tells: a seat whose record the step kept is passed over.
        untouched = before.players[seat] is after.players[seat] and after.mogul == before.mogul
        moved = before.river.boats[seat] != after.river.boats[seat]
        if seat != acting and (moved or not untouched):
            found.append(change_of(before, after, seat))
    return [change for change in found if change]


def parts(change: Change) -> list[str]:
    """The change in the gains' symbols, one part each: `+3$`, `−1☯`, `+2⚀o`, `» boat 4→6`."""
    said: list[str] = []

    def signed(amount: int, symbol: str, suffix: str = "") -> None:
        if amount:
            sign = "+" if amount > 0 else G["minus"]
            said.append(f"{sign}{abs(amount)}{G[symbol]}{suffix}")

    signed(change.money, "money")
    signed(change.fame, "fame")
    signed(change.karma, "karma")
    for colour, amount in zip(COLOURS, change.dice, strict=True):
        signed(amount, "die", colour.letter)
    signed(change.upgrades, "upgrade")
    signed(change.workers, "worker")
    if change.boat is not None:
        said.append(f"{G['boat']} boat {change.boat[0]}→{change.boat[1]}")
    if change.mogul:
        said.append("start player next round")
    return said
