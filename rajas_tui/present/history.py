"""What happened over a game, for the game-over screen: fame, money and margin at each round's
end, where each player's fame came from, and who had a last turn after the end was triggered.

Everything is worked out by replaying the game's log from its start state with `rules.apply`,
because the engine keeps no history of its own; the log holds canonical spellings, so each entry
replays as it was played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

import rules
import saves

# Where fame can come from, in the order the screen lists them.
SOURCES: tuple[str, ...] = ("start", "tiles", "river", "chambers", "other")
SOURCE_WORDS: dict[str, str] = {
    "start": "start",
    "tiles": "tiles",  # building fame when a tile is placed, and the road ends it reaches
    "river": "river",
    "chambers": "chambers",
    "other": "other",
}

# A placement's area decides the source of the fame its step brings. An answer to a pending
# choice whose kind has a source of its own (placing a tile, moving the boat) is credited to it,
# so the river gets what a boat offer reached whatever gave the offer; any other answer (dice,
# an upgrade) is credited to the placement that began the turn, because the gains carried out
# after it in the same step (a Dancer's yield tile after its dice) come from that placement.
_PLACEMENT_SOURCE: dict[type, str] = {
    rules.Quarry: "tiles",
    rules.Harbor: "river",
    rules.Chamber: "chambers",
}
_CHOICE_SOURCE: dict[str, str] = {
    "place_tile": "tiles",
    "rebuild": "tiles",
    "boat_offer": "river",
    "chamber_choice": "chambers",
}


@attrs.frozen(slots=True)
class Mark:
    """One seat's figures at the end of a round (or of the game, for the last one)."""

    fame: int
    money: int
    margin: int


@attrs.frozen(slots=True)
class RoundEnd:
    round: int
    marks: tuple[Mark, ...]  # by seat


@attrs.frozen(slots=True)
class History:
    start: RoundEnd  # the figures before the first logged action, as round `start.round`
    rounds: tuple[RoundEnd, ...]  # one per round ended, the last also when the game ended
    fame_by_source: tuple[dict[str, int], ...]  # by seat; keys are SOURCES
    last_turns: tuple[int, ...]  # seats that acted after the end was triggered, in order


def _marks(state: rules.GameState) -> tuple[Mark, ...]:
    return tuple(Mark(p.fame, p.money, rules.margin(p.fame, p.money)) for p in state.players)


def step_source(state: rules.GameState, action: rules.Action, placement: str) -> str:
    """Which source the fame that `action` brings in `state` is credited to; `placement` is the
    source of the turn's placement, for answers that have none of their own."""
    if state.queue:
        return _CHOICE_SOURCE.get(state.queue[0].kind, placement)
    return _PLACEMENT_SOURCE.get(type(action), "other")


def history(game: saves.Game) -> History:
    """Replays `game.log` from `game.start` and gathers the figures the game-over screen shows."""
    state = game.start
    start = RoundEnd(state.round, _marks(state))
    rounds: list[RoundEnd] = []
    by_source = [dict.fromkeys(SOURCES, 0) for _ in state.players]
    for seat, player in enumerate(state.players):
        by_source[seat]["start"] = player.fame
    last: list[int] = []
    placement = "other"  # a log may start part-way through a turn, from a saved position
    for entry in game.log:
        action = rules.parse_action(entry.action)
        seat = state.turn
        if state.end_trigger >= 0 and seat not in last:
            last.append(seat)
        after = rules.apply(state, action)
        source = step_source(state, action, placement)
        if not state.queue:
            placement = source
        for who, (was, now) in enumerate(zip(state.players, after.players, strict=True)):
            by_source[who][source] += now.fame - was.fame
        if after.round != state.round or after.over:
            rounds.append(RoundEnd(state.round, _marks(after)))
        state = after
    return History(start, tuple(rounds), tuple(by_source), tuple(last))


Figure = Literal["fame", "money", "margin"]


def series(hist: History, seat: int, what: Figure) -> list[int]:
    """One seat's `what` from the start through each round end."""
    values: list[int] = [getattr(r.marks[seat], what) for r in (hist.start, *hist.rounds)]
    return values


def last_turns_sentence(names: Sequence[str], last: Sequence[int]) -> str:
    """What followed the trigger, true for every seat order: who had one last turn, if anyone."""
    if not last:
        return "nobody after them in the round had a turn left, so the game ended at once."
    who = [names[seat] for seat in last]
    listed = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
    if len(who) == 1:
        return f"{listed} then had one last turn."
    return f"{listed} then each had one last turn."
