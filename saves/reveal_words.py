"""The words a log keeps for what an action brought to light by chance.

`told` words what `rules.apply_revealing` reports. Saves written before the engine reported it
hold words found by comparing the states before and after each action (`compared`); replay
accepts those too, so that every earlier save still loads. Their words differ from `told`'s in
two cases the comparison could not see: a die that rolled the face of a die given up in the same
action was left out (a harbor paid with a blue 2 bringing a blue die that rolls a 2), and the
Dancer's reshuffle of the yield tiles was also told as "rolled dice".
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from rules import Action, Die, GameState, Reroll, TakeYield, remove_dice, render, stack_name


def told(revealed: Iterable[rules.Reveal]) -> str:
    """What an action brought to light (as `rules.apply_revealing` reports it), in the words a
    log keeps; "" when nothing random. Each kind of thing is told in its own place, dice first,
    display stacks last, whatever order they came in."""
    found = list(revealed)
    rolled = sorted(die for r in found if isinstance(r, rules.Rolled) for die in r.dice)
    drawn = [r for r in found if isinstance(r, rules.Drew)]
    parts = ["rolled " + " ".join(map(str, rolled))] if rolled else []
    if any(isinstance(r, rules.Reshuffled) for r in found):
        parts.append("reshuffled the yield tiles")
    parts.extend(f"drew yield {_yield_words(r.tile)}" for r in drawn if not r.onto_field)
    onto_fields = sorted(r.tile for r in drawn if r.onto_field)
    parts.extend(f"drew yield {_yield_name(tile)}" for tile in onto_fields)
    parts.extend(
        f"turned up seat {r.seat}'s {_yield_name(r.tile)}"
        for r in found
        if isinstance(r, rules.TurnedUp)
    )
    shown = sorted((r.stack, r.tile) for r in found if isinstance(r, rules.Shows))
    parts.extend(f"{stack_name(stack)} now shows {_tile_words(tile)}" for stack, tile in shown)
    return "; ".join(parts)


def _rolled(
    before: GameState, after: GameState, action: Action, *, legacy: bool = False
) -> list[Die]:
    seat = before.turn
    kept = before.players[seat].dice
    if isinstance(action, Reroll) and action.die is None and before.queue:
        # The re-rolled dice leave the statue first, so a die that rolls its old face still counts,
        # also when every die is re-rolled and none is kept.
        remaining = remove_dice(kept, before.queue[0].chosen)
        if legacy:
            remaining = remaining or None  # the old rule: none kept read as all kept
        if remaining is not None:
            kept = remaining
    # The statue is kept sorted, so what is left of it after taking out the dice kept is sorted
    # too; a load asks this for every roll of the log, and two Counters cost over ten times more.
    new = list(after.players[seat].dice)
    for die in kept:
        if die in new:
            new.remove(die)
    return new


def compared(before: GameState, after: GameState, action: Action) -> str:
    """The words earlier saves hold: what `action` brought to light, found by comparing the
    states before and after it."""
    return _reveal(before, after, action, legacy=False)


def legacy_reveal(before: GameState, after: GameState, action: Action) -> str:
    """The words saves written before a full re-roll told every die gave: re-rolling the whole
    statue left a die that came back on its old face out of the words (a lone `p6` rolled back
    to `p6` was "rolled dice"). Replay accepts these words too, so those saves still load."""
    return _reveal(before, after, action, legacy=True)


def _reveal(before: GameState, after: GameState, action: Action, *, legacy: bool) -> str:
    parts = []
    if after.rng != before.rng:
        rolled = _rolled(before, after, action, legacy=legacy)
        if rolled:
            parts.append("rolled " + " ".join(map(str, rolled)))
        elif not isinstance(action, TakeYield):  # a yield tile taken shuffles, never rolls
            parts.append("rolled dice")
    old, new = before.supply, after.supply
    if new.yield_discard != old.yield_discard:
        drawn = new.yield_discard
        if drawn[: len(old.yield_discard)] == old.yield_discard:
            drawn = drawn[len(old.yield_discard) :]
        else:
            parts.append("reshuffled the yield tiles")
        parts.extend(f"drew yield {_yield_words(tile)}" for tile in drawn)
    # Fields and stacks are shared with the state before unless the action changed them: most
    # actions touch neither, and a load tells this for every action of the log.
    fields_changed = any(
        a.fields is not b.fields or a.face_down != b.face_down
        for a, b in zip(before.players, after.players, strict=True)
    )
    if fields_changed:
        # A face-down tile taken from the stack onto a field (`yield stack ...`) is seen by all.
        face_down = {*old.yields, *old.yield_discard}
        onto_fields = _on_fields(after) - _on_fields(before)
        parts.extend(f"drew yield {_yield_name(t)}" for t in sorted(onto_fields & face_down))
        parts.extend(_turned_up(before, after))
    if new.stacks is not old.stacks:
        for index, (was, now) in enumerate(zip(old.stacks, new.stacks, strict=True)):
            if now and now != was and (not was or now[-1] != was[-1]):
                parts.append(f"{stack_name(index)} now shows {_tile_words(now[-1])}")
    return "; ".join(parts)


def _turned_up(before: GameState, after: GameState) -> list[str]:
    """The face-down field tiles (a Navaratnas seat's brown tile) a road has turned face up."""
    found = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        for index, tile in enumerate(new.fields):
            bit = 1 << index
            if old.face_down & bit and not new.face_down & bit and tile != rules.EMPTY:
                found.append(f"turned up seat {seat}'s {_yield_name(tile)}")
    return found


def _on_fields(state: GameState) -> set[int]:
    return {tile for player in state.players for tile in player.fields if tile >= 0}


def _yield_name(tile: int) -> str:
    return rules.catalog().yield_tiles[tile].name


def _tile_words(tile_id: int) -> str:
    """A display tile as a player names it: colour and value, then its animal (`p4 snake`)."""
    tile = rules.catalog().tiles[tile_id]
    return f"{tile.colour.letter}{tile.value} {tile.animal}"


def _yield_words(tile: int) -> str:
    """A white yield tile by what it gives (`+3 money`)."""
    data = rules.catalog()
    # Saved logs hold these words (kept short: a long entry makes tomli-w write the log as tables).
    gains = data.yield_tiles[tile].gain
    return " and ".join(render(data.gains[g.kind].log, g, {}) for g in gains)
