"""The action log: playing one entry, telling what it revealed, and replaying a whole log.

"Revealed" is random information an action brought to light: dice rolled, a display tile turned
up, a yield tile drawn (by the Dancer, or from the face-down stack onto a Navaratnas field), a
face-down yield tile turned up. It is written for the human reader of a save, and it is also the
undo barrier: an entry that revealed something cannot be undone in a strict game, since undoing it
would let a player try again knowing what comes.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import rules
from rules import Action, Die, GameState, Reroll, TakeYield, remove_dice, render, stack_name

from .converter import Problem
from .records import LogEntry


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


def reveal(before: GameState, after: GameState, action: Action) -> str:
    """What `action` brought to light, in a few words; "" when nothing random."""
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


def setup_revealed(state: GameState) -> list[str]:
    """What the setup laid out by chance, one sentence each, for a game's log: where each Ganga
    tile lies on the river. Hidden tiles (the face-down stack, face-down field tiles) are not
    told."""
    ganga = rules.catalog().ganga
    return [
        f"Ganga: the {ganga.tiles[tile].name} tile lies on river space {space}."
        for space, tile in enumerate(state.river.tiles)
        if tile != rules.EMPTY
    ]


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


# Actions are frozen records, so one parse of each text serves every log entry that spells it: a
# long log repeats its texts many times. Texts longer than an action can be are refused unread,
# and refusals are not kept.
_parsed = lru_cache(maxsize=2048)(rules.parse_action)

QUOTED_CHARS = 60


def quoted(text: str) -> str:
    """An action text quoted in a sentence: cut short, so that a megabyte of input stays out of
    the one line that refuses it."""
    if len(text) <= QUOTED_CHARS:
        return repr(text)
    return repr(text[:QUOTED_CHARS]) + f"… ({len(text)} characters)"


def parse(text: str) -> Action:
    """An action from its notation; raises IllegalAction with a sentence when unreadable."""
    try:
        return _parsed(text)
    except ValueError as error:
        message = str(error)
        message = message if message.endswith(".") else message + "."
        raise rules.IllegalAction(message[0].upper() + message[1:]) from None


def play(state: GameState, action: Action | str) -> tuple[GameState, LogEntry]:
    """The state after `action` and its log entry; raises IllegalAction when not legal now."""
    if isinstance(action, str):
        action = parse(action)
    action = rules.canonical(state, action)  # logs hold only the spelling legal_actions lists
    after = rules.apply(state, action, as_listed=True)
    return after, LogEntry(state.turn, str(action), reveal(state, after, action))


def replay(state: GameState, entries: Iterable[LogEntry], key: str) -> GameState:
    """Plays logged entries from `state`, checking each; raises Problem naming `key[i]`."""
    return replay_log(state, entries, key)[0]


def replay_log(
    state: GameState, entries: Iterable[LogEntry], key: str
) -> tuple[GameState, tuple[LogEntry, ...]]:
    """Plays logged entries from `state`, checking each, and returns where they lead with the
    entries in canonical notation (another spelling of an action is stored as the listed one);
    raises Problem naming `key[i]`."""
    played: list[LogEntry] = []
    for index, entry in enumerate(entries):
        where = f"{key}[{index}]"
        if entry.seat != state.turn:
            raise Problem(f"seat {entry.seat} acted, but it was seat {state.turn}'s turn", where)
        try:
            after, logged = play(state, entry.action)
        except rules.IllegalAction as error:
            sentence = str(error).rstrip(".")
            refused = f"{quoted(entry.action)} cannot be played there: {sentence}"
            raise Problem(refused, where) from None
        if logged.revealed != entry.revealed and not _legacy_words(state, after, logged, entry):
            said = entry.revealed or "nothing"
            spelled = f" (played as {logged.action!r})" if logged.action != entry.action else ""
            raise Problem(
                f"says {quoted(entry.action)}{spelled} revealed {quoted(said)}, but it reveals "
                f"{logged.revealed or 'nothing'!r}",
                where,
            )
        played.append(logged)
        state = after
    return state, tuple(played)


def _legacy_words(before: GameState, after: GameState, logged: LogEntry, entry: LogEntry) -> bool:
    """Whether `entry` holds the words the legacy rule gave this action (a save written before
    a full re-roll told every die); the replayed log then holds the words told now."""
    action = rules.parse_action(logged.action)
    return legacy_reveal(before, after, action) == entry.revealed


def rewind(state: GameState, entries: Iterable[LogEntry]) -> GameState:
    """Plays entries already checked when they were logged or loaded."""
    for entry in entries:
        state = rules.apply(state, rules.parse_action(entry.action), as_listed=True)
    return state
