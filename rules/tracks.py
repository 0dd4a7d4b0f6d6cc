"""The fame and money tracks: gains, their bonuses, and where the two markers meet (§5)."""

from __future__ import annotations

from .cache import memo
from .catalog import TrackSpec, catalog
from .ruleset import seat_rules
from .state import GameState, replace


def money_cell(money: int, spec: TrackSpec | None = None) -> int:
    """The track cell a money value sits on: 1 per cell up to the linear part, then 2 per cell."""
    spec = spec or catalog().tracks
    if money <= spec.money_linear_until:
        return money
    extra = money - spec.money_linear_until
    return spec.money_linear_until - (-extra // spec.money_per_cell_after)


def margin(fame: int, money: int) -> int:
    """How far the fame marker has passed the money marker, in fame points (negative: to go)."""
    spec = catalog().tracks
    return fame - (spec.meeting_cell - money_cell(money, spec))


def gain_fame(state: GameState, seat: int, amount: int) -> GameState:
    """Adds fame and queues every fame bonus reached, in track order."""
    if amount <= 0:
        return state
    player = state.players[seat]
    fame = player.fame + amount
    bonuses = catalog().tracks.fame_bonus
    index = player.fame_bonus_next
    queued = state.queue
    while index < len(bonuses) and fame >= bonuses[index].at:
        queued += bonuses[index].gain
        index += 1
    state = state.update_player(seat, fame=fame, fame_bonus_next=index)
    return replace(state, queue=queued) if queued is not state.queue else state


def gain_money(state: GameState, seat: int, amount: int) -> GameState:
    """Adds money and queues the worker and the bonus-marker bonuses reached, in track order."""
    if amount <= 0:
        return state
    spec = catalog().tracks
    player = state.players[seat]
    money = player.money + amount
    reached: list[tuple[int, int, int]] = []  # (position, order, which) to sort by track order
    workers_taken = player.money_workers_taken
    while workers_taken < len(spec.money_worker) and money >= spec.money_worker[workers_taken].at:
        reached.append((spec.money_worker[workers_taken].at, 0, -1 - workers_taken))
        workers_taken += 1
    marker = player.money_bonus_next
    while marker < len(spec.money_bonus) and money >= spec.money_bonus[marker].at:
        reached.append((spec.money_bonus[marker].at, 1, marker))
        marker += 1
    queued = state.queue
    for _, _, which in sorted(reached):
        bonus = spec.money_bonus[which] if which >= 0 else spec.money_worker[-1 - which]
        queued += bonus.gain
    state = state.update_player(
        seat, money=money, money_bonus_next=marker, money_workers_taken=workers_taken
    )
    return replace(state, queue=queued) if reached else state


def gain_karma(state: GameState, seat: int, amount: int) -> GameState:
    """Adds karma up to the maximum; the excess is lost."""
    player = state.players[seat]
    karma = min(catalog().setup.karma_max, player.karma + amount)
    return state.update_player(seat, karma=karma) if karma != player.karma else state


def gain_worker(state: GameState, seat: int) -> GameState:
    """Unlocks a worker; past the maximum the worker leaves the game instead (§14)."""
    player = state.players[seat]
    workers = min(player.workers + 1, workers_max(state, seat))
    return state.update_player(seat, workers=workers, unlocked=player.unlocked + 1)


def workers_max(state: GameState, seat: int) -> int:
    return seat_rules(state, seat).workers_max


def have_met(fame: int, money: int) -> bool:
    """Whether the markers met: `margin` >= 0, through a table, since every turn's end asks."""
    return fame >= _fame_to_meet(money)


@memo()
def _fame_to_meet(money: int) -> int:
    """The fame at which the fame marker meets a money marker at `money` (few values)."""
    spec = catalog().tracks
    return spec.meeting_cell - money_cell(money, spec)
