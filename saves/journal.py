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
from rules import Action, GameState

from .converter import Problem
from .records import LogEntry
from .reveal_words import compared, legacy_reveal, told


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


# Actions are frozen records, so one parse of each text serves every log entry that spells it: a
# long log repeats its texts many times. Texts longer than an action can be are refused unread,
# and refusals are not kept.
_parsed = lru_cache(maxsize=2048)(rules.parse_action)

QUOTED_CHARS = 60


class Unplayable(Problem):
    """A logged entry the rules refuse where the log has it: unreadable, played by another seat
    than the one to act, or not legal there. `entry` is the entry and `reason` why, without a
    stop; the sentence is the one a save of today's rules is refused with."""

    def __init__(self, sentence: str, key: str, entry: LogEntry, reason: str) -> None:
        super().__init__(sentence, key)
        self.entry = entry
        self.reason = reason


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
    after, revealed = rules.apply_revealing(state, action, as_listed=True)
    return after, LogEntry(state.turn, str(action), told(revealed))


def replay(state: GameState, entries: Iterable[LogEntry], key: str) -> GameState:
    """Plays logged entries from `state`, checking each; raises Problem naming `key[i]`."""
    return replay_log(state, entries, key)[0]


def replay_log(
    state: GameState, entries: Iterable[LogEntry], key: str, migrating: bool = False
) -> tuple[GameState, tuple[LogEntry, ...]]:
    """Plays logged entries from `state`, checking each, and returns where they lead with the
    entries in canonical notation (another spelling of an action is stored as the listed one);
    raises Problem naming `key[i]` (Unplayable for an entry the rules refuse). `migrating`: the
    log was played under older rules, whose draws may tell other words than today's do: the
    replayed entries hold today's."""
    played: list[LogEntry] = []
    for index, entry in enumerate(entries):
        where = f"{key}[{index}]"
        if entry.seat != state.turn:
            reason = f"seat {entry.seat} acted, but it was seat {state.turn}'s turn"
            raise Unplayable(reason, where, entry, reason)
        try:
            _parsed(entry.action)
        except rules.Unreadable as error:  # the phrase names the text: not quoted twice
            sentence = f"cannot read {quoted(entry.action)}: {error.reason}"
            reason = f"it cannot be read: {error.reason}"
            raise Unplayable(sentence, where, entry, reason) from None
        try:
            after, logged = play(state, entry.action)
        except rules.IllegalAction as error:
            reason = str(error).rstrip(".")
            refused = f"{quoted(entry.action)} cannot be played there: {reason}"
            raise Unplayable(refused, where, entry, reason) from None
        if (
            logged.revealed != entry.revealed
            and not migrating
            and not _earlier_words(state, after, logged, entry)
        ):
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


def _earlier_words(before: GameState, after: GameState, logged: LogEntry, entry: LogEntry) -> bool:
    """Whether `entry` holds the words an earlier save gave this action (see `reveal_words`);
    the replayed log then holds the words told now."""
    action = rules.parse_action(logged.action)
    return entry.revealed in (
        compared(before, after, action),
        legacy_reveal(before, after, action),
    )


def rewind(state: GameState, entries: Iterable[LogEntry]) -> GameState:
    """Plays entries already checked when they were logged or loaded."""
    for entry in entries:
        state = rules.apply(state, rules.parse_action(entry.action), as_listed=True)
    return state
