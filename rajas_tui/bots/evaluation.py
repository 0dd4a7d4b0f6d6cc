"""What a game is worth to a seat, in fame points: the bots' one evaluation.

A player wins by bringing the fame and money markers together first and furthest (§5, §13), so
the evaluation starts from the seat's **margin** (`rules.margin`: fame points past meeting,
negative while still to go; a money point counts 1, or ½ past 50, as the track does). Counting
only that, a bot builds nothing, for building pays later. So the evaluation adds the **future
worth** of what the seat holds, each term a count times a weight from `WEIGHTS`:

- `markets`: what later market actions will score, the variety score plus the best single-good
  score (4 markets), counted as money;
- `open_cells`: free province cells a road of the seat points at (up to `OPEN_CELLS_COUNTED`),
  where tiles can still be built;
- `open_edges`: edge yields and yield-tile fields next to those cells, reachable by a next tile;
- `upgrades`: building levels above the start, fame for every building placed later;
- `tiles`: province tiles built, each a place future roads and yield tiles count from;
- `dice`, `spare_dice`, `pips`: dice on the statue (what pays for tiles, markets, chambers),
  the first `DICE_COUNTED` of them worth more than the rest, and their faces;
- `karma`: turns of a die;
- `workers`: actions per round;
- `river`: the boat's progress toward the late river spaces and the final space;
- `pending`: gains already won but still waiting for the seat's choice (dice, an upgrade, a
  boat move, a tile to place), so that a state mid-action compares fairly with a settled one.

Future worth fades as the game goes on, by `future_share` of the round: in the last rounds a
die is worth little and a point of margin everything. The clock is the round, not the seat's own
margin: fading with the margin would make every point gained cost more future worth than it
brings, and the bot would shun progress. A seat compares itself with its best rival
(`relative`): in a race, how far ahead counts, not how much.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from types import MappingProxyType

import rules
from rajas_tui.bots import cache
from rules import GameState, Player, Province

# Fame points per unit of each term (see the module docstring). Set by hand from a few dozen
# greedy games, watching what the bot built and how long games ran; not fitted systematically.
WEIGHTS = MappingProxyType(
    {
        "markets": 0.8,
        "open_cells": 1.5,
        "open_edges": 0.8,
        "upgrades": 2.5,
        "tiles": 3.0,
        "dice": 1.2,
        "spare_dice": 0.2,
        "pips": 0.1,
        "karma": 1.2,
        "workers": 7.0,
        "river": 0.4,
        "pending": 1.0,
    }
)

# What a gain still waiting for a choice is worth, per unit, in fame points.
PENDING_WORTH = MappingProxyType(
    {
        "dice": 1.6,
        "dice_distinct": 1.6,
        "upgrade": 2.5,
        "boat_offer": 2.0,
        "boat_steps": 2.0,
        "place_tile": 4.0,
        "rebuild": 2.0,
        "score_good": 4.0,
        "chamber_choice": 3.0,
        "reroll": 0.5,
        "take_yield": 3.0,
    }
)

OPEN_CELLS_COUNTED = 4
# Dice past this many wait on the statue for turns to come: worth little more.
DICE_COUNTED = 5
BEST_GOOD_MARKETS = 4
# Future worth is whole in the first round and fades by an equal step a round to `FUTURE_FLOOR`
# in round `FUTURE_ROUNDS` (a model of the rules ends 4-player games in 5 to 10 rounds).
FUTURE_ROUNDS = 10
FUTURE_FLOOR = 0.15
# Fame points between two seats' worths that make the leader about e (2.7) times likelier to win:
# turns worths into win chances for the search.
TEMPERATURE = 6.0


def terms(state: GameState, seat: int) -> dict[str, float]:
    """Each term's count for the seat, before weighting (margin first)."""
    player = state.players[seat]
    return {
        "margin": float(rules.margin(player.fame, player.money)),
        **_held_counts(player, state.config.board(seat)),
        "river": float(state.river.boats[seat]),
        "pending": _pending(state, seat),
    }


def future_share(game_round: int) -> float:
    """How much of the future worth counts in this round (1 in the first)."""
    return max(FUTURE_FLOOR, 1.0 - (game_round - 1) / FUTURE_ROUNDS)


def worth(state: GameState, seat: int) -> float:
    """The seat's margin plus the weighted future worth of what it holds, in fame points.

    The terms are weighted and added one by one in `terms`' order, so that the worth is the same
    float to the last bit however it is worked out: first the terms of the player's own record,
    kept per record (`_held`), then the boat's place and the gains waiting, which live elsewhere
    in the state."""
    margin, held = _held(state.players[seat], state.config.board(seat))
    future = (
        held
        + WEIGHTS["river"] * float(state.river.boats[seat])
        + WEIGHTS["pending"] * _pending(state, seat)
    )
    return margin + future_share(state.round) * future


# The terms that depend on a player's record alone, in `terms`' order.
_HELD_TERMS = (
    "markets",
    "open_cells",
    "open_edges",
    "upgrades",
    "tiles",
    "dice",
    "spare_dice",
    "pips",
    "karma",
    "workers",
)
_HELD_WEIGHTS = tuple(WEIGHTS[name] for name in _HELD_TERMS)


def _held(player: Player, board: str) -> tuple[float, float]:
    """The player's margin and its weighted `_HELD_TERMS`, kept by what they are read from: a
    search evaluates tens of thousands of states whose players mostly are as in the state
    before, and these terms were three fifths of its time."""
    key = (
        player.fame,
        player.money,
        player.karma,
        player.workers,
        player.levels,
        player.dice,
        player.province,
        board,
    )
    found = cache.HELD.get(key)
    if found is None:
        found = cache.HELD.put(key, _weighed(player, board))
    return found


def _weighed(player: Player, board: str) -> tuple[float, float]:
    margin = float(rules.margin(player.fame, player.money))
    held = 0.0
    # Added one by one, not by `sum`, which adds floats with compensation from Python 3.12:
    # `worth` adds the river and pending terms after these, and plain additions in order keep
    # it equal to the weighted terms on every version.
    for weight, count in zip(_HELD_WEIGHTS, _held_values(player, board), strict=True):
        held += weight * count
    return margin, held


def _held_counts(player: Player, board: str) -> dict[str, float]:
    return dict(zip(_HELD_TERMS, _held_values(player, board), strict=True))


def _held_values(player: Player, board: str) -> tuple[float, ...]:
    """The counts of `_HELD_TERMS`, in that order."""
    markets, open_cells, open_edges, tiles = _province_counts(player, board)
    return (
        float(markets),
        float(min(open_cells, OPEN_CELLS_COUNTED)),
        float(open_edges),
        float(rules.upgrades_made(player.levels)),
        float(tiles),
        float(min(len(player.dice), DICE_COUNTED)),
        float(max(0, len(player.dice) - DICE_COUNTED)),
        float(sum(die.value for die in player.dice)),
        float(player.karma),
        float(player.workers),
    )


def relative(state: GameState, seat: int) -> float:
    """The seat's worth less its best rival's."""
    worths = [worth(state, s) for s in range(state.config.players)]
    return worths[seat] - max(w for s, w in enumerate(worths) if s != seat)


def chances(state: GameState) -> tuple[float, ...]:
    """Per seat, a win chance from the worths (a softmax); a finished game gives its returns."""
    if state.over:
        return rules.returns(state)
    worths = [worth(state, s) for s in range(state.config.players)]
    top = max(worths)
    weights = [math.exp((w - top) / TEMPERATURE) for w in worths]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _province_counts(player: Player, board: str) -> tuple[int, int, int, int]:
    """(market worth, open cells, open edges, tiles built): a province changes only when a tile
    is built, far less often than its player's record."""
    key = (player.province, board)
    found = cache.PROVINCES.get(key)
    if found is None:
        tiles = sum(1 for _ in player.province.placed())
        counts = (_market_worth(player), *_openings(player.province, board), tiles)
        found = cache.PROVINCES.put(key, counts)
    return found


def _market_worth(player: Player) -> int:
    variety = sum(money for _, money in rules.variety_markets(player))
    single = max(rules.good_score(player, good, BEST_GOOD_MARKETS) for good in rules.GOODS)
    return variety + single


def _openings(province: Province, board: str) -> tuple[int, int]:
    """(free cells a road points at, edge spots with something to gain beside them)."""
    spec = rules.catalog().province
    edges = spec.edges[board]
    cells = 0
    spots = 0
    for cell, placed in enumerate(province.cells):
        if placed is not None or cell == spec.residence:
            continue
        if not _pointed_at(province, cell, spec.columns, spec.rows):
            continue
        cells += 1
        spots += sum(
            1
            for side in rules.Side
            if (spot := edges.get((cell, side))) is not None and (spot.gain or spot.field)
        )
    return cells, spots


def _pointed_at(province: Province, cell: int, columns: int, rows: int) -> bool:
    row, column = divmod(cell, columns)
    for side, d_row, d_column in ((0, -1, 0), (1, 0, 1), (2, 1, 0), (3, 0, -1)):
        r, c = row + d_row, column + d_column
        if 0 <= r < rows and 0 <= c < columns:
            facing = 1 << ((side + 2) % 4)
            if rules.ends_at(province, r * columns + c) & facing:
                return True
    return False


def _pending(state: GameState, seat: int) -> float:
    if state.turn != seat:
        return 0.0
    return sum(PENDING_WORTH.get(effect.kind, 0.0) * max(effect.n, 1) for effect in state.queue)


def contributions(
    state: GameState, seat: int, waiting: Iterable[rules.Effect] = ()
) -> dict[str, float]:
    """Each term's share of the seat's `worth`, in fame points: the margin whole, the rest
    weighted and faded by the round (they sum to `worth`). `waiting`: gains a forecast names
    but has not queued yet (`rules.forecast`), counted as pending like queued ones."""
    counts = terms(state, seat)
    counts["pending"] += sum(PENDING_WORTH.get(e.kind, 0.0) * max(e.n, 1) for e in waiting)
    share = future_share(state.round)
    return {
        name: count if name == "margin" else share * WEIGHTS[name] * count
        for name, count in counts.items()
    }


def changes(
    before: GameState, after: GameState, seat: int, waiting: Iterable[rules.Effect] = ()
) -> list[tuple[str, float]]:
    """The terms whose share of the seat's worth an action changed, largest change first (in
    fame points; a tie keeps the terms' order): why the evaluation likes or dislikes it.
    `waiting` as in `contributions`, for `after`."""
    old, new = contributions(before, seat), contributions(after, seat, waiting)
    moved = [(name, new[name] - old[name]) for name in old]
    return sorted((item for item in moved if abs(item[1]) > 1e-9), key=lambda item: -abs(item[1]))
