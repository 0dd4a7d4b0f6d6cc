"""Turns, rounds and the end of the game (§3, §13)."""

from __future__ import annotations

from typing import Any

import attrs

from . import fields, tracks
from .cache import memo
from .model import Effect
from .ruleset import board_rules
from .state import FREE, GameState, replace


def round_order(state: GameState) -> list[int]:
    """Seats in this round's turn order, from the start player clockwise."""
    n = state.config.players
    return [(state.start_player + i) % n for i in range(n)]


def _can_act(state: GameState, seat: int) -> bool:
    player = state.players[seat]
    return player.workers_left > 0 and not player.passed


def end_turn(state: GameState) -> GameState:
    """After the acting player's turn: note meeting markers, then hand the turn on."""
    seat = state.turn
    player = state.players[seat]
    if seat not in state.met_order and tracks.have_met(player.fame, player.money):
        state = replace(state, met_order=(*state.met_order, seat))
        if state.end_trigger < 0:
            order = round_order(state)
            waiting = tuple(order[order.index(seat) + 1 :])
            return _next_last_turn(state, waiting, end_trigger=seat)
    if state.end_trigger >= 0:
        return _next_last_turn(state, state.last_turns)
    return _next_turn(state)


def _next_last_turn(state: GameState, waiting: tuple[int, ...], **changes: Any) -> GameState:
    """After the end is triggered, each seat left before the start player gets one more turn."""
    for index, seat in enumerate(waiting):
        if _can_act(state, seat):
            return replace(state, turn=seat, last_turns=waiting[index + 1 :], **changes)
    return replace(state, last_turns=(), over=True, **changes)


def _next_turn(state: GameState) -> GameState:
    players = state.players
    n = len(players)
    for offset in range(1, n + 1):
        seat = (state.turn + offset) % n
        player = players[seat]
        if player.passed:
            continue
        if player.placed < player.workers:  # `_can_act`, written out: run every step
            return replace(state, turn=seat)
        if _yields_instead(state.config.boards, n)[seat] and _takes_yield_now(state, seat):
            return replace(state, turn=seat, queue=(TAKE_YIELD,))
    return _end_round(state)


TAKE_YIELD = Effect("take_yield")


@memo(64)
def _yields_instead(boards: tuple[str, ...], players: int) -> tuple[bool, ...]:
    """Per seat, whether its board takes a yield tile instead of a turn: asked for each seat
    whose turn comes with no worker left, about a third of all turns, so kept per seating of
    boards (`Config.boards`, empty when every seat plays the base side). Not per Config, which
    differs in each game's seed: each game would leave one more record for the collector."""
    return tuple(board_rules(board).yield_instead for board in boards or ("base",) * players)


def _takes_yield_now(state: GameState, seat: int) -> bool:
    """Navaratnas: a seat whose turn comes with no worker left (and not passed), on a board that
    yields instead, takes a face-up yield tile instead while others still place (§12), when one
    fits an empty field of its board."""
    others = (s for s in range(state.config.players) if s != seat)
    return any(_can_act(state, other) for other in others) and fields.can_take(state, seat)


def _end_round(state: GameState) -> GameState:
    """Workers come home; the Great Mogul's user, or else the next seat, starts the new round."""
    n = state.config.players
    start = state.mogul if state.mogul >= 0 else (state.start_player + 1) % n
    players = tuple(replace(p, placed=0, passed=False) for p in state.players)
    spaces = tuple(FREE if s >= 0 else s for s in state.spaces)
    return replace(
        state,
        players=players,
        spaces=spaces,
        mogul=-1,
        round=state.round + 1,
        start_player=start,
        turn=start,
    )


@attrs.frozen(slots=True)
class Standing:
    """A seat's place at the end: `met` when its markers met or passed; `margin` in fame points."""

    place: int
    seat: int
    margin: int
    met: bool


def ranking(state: GameState) -> list[Standing]:
    """Seats from first to last: met players by margin, ties to who met first; then the rest."""
    entries = []
    for seat, player in enumerate(state.players):
        margin = tracks.margin(player.fame, player.money)
        met = margin >= 0
        first = state.met_order.index(seat) if seat in state.met_order else len(state.players)
        entries.append((0 if met else 1, -margin, first, seat, margin, met))
    entries.sort()
    return [
        Standing(place + 1, seat, margin, met)
        for place, (_, _, _, seat, margin, met) in enumerate(entries)
    ]
