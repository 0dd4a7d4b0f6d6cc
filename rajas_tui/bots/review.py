"""Judging one decision after the game: the search bot's best move from the seat's view, and what
the move played and that best move are each worth to the seat, in the evaluation's fame points.

The best move is the search's (`search.decide`), run on the seat's view at that moment with the
review's budget. Both moves are then scored the same way, on the same games: `samples` games are
drawn from what the seat could see (`rules.determinize`, one seed each, shared by the two moves),
the move is played in each, the seat's own choices it leaves pending are made by the greedy
policy, `rollout` more actions are played by it (for whichever seat acts), and the evaluation
weighs the result against the best rival (`evaluation.relative`). A move's worth is the mean over
the games. Sharing the games keeps chance out of the difference: a lucky roll after one move is
the same roll after the other. The worth lost is the best move's worth less the played one's,
never below nothing (a move the search passed over may still score as well or better).
"""

from __future__ import annotations

import random

import attrs

import rules
from rajas_tui.bots import evaluation, greedy, search
from rajas_tui.bots.seeds import Seed
from rules import GameState

# How many of the seat's own pending choices the greedy policy makes after a move, at most: a
# turn has a few (a tile to place, dice to take); the bound only guards against a loop.
OWN_CHOICES = 12


@attrs.frozen
class Budget:
    """How hard a review looks at a decision: the search's iterations and rollout (as a bot
    level's), and the games each of the two moves is scored on."""

    iterations: int
    rollout: int
    samples: int


# Half the normal bot's iterations, with its rollout: docs/bots.md tells what a whole game's
# review of a seat costs at this budget.
DEFAULT = Budget(iterations=100, rollout=search.LEVELS["normal"].rollout, samples=16)


@attrs.frozen
class Judgement:
    """The search's best move, and the worth of it and of the move played (fame points)."""

    best: rules.Action
    best_worth: float
    played_worth: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_worth - self.played_worth)


def judge(
    view: GameState, seat: int, played: rules.Action, seed: Seed, budget: Budget
) -> Judgement:
    """The judgement of `played`, the move `seat` made in `view` (its view of the game then)."""
    best = search.decide(view, seat, seed, search.Budget(budget.iterations, budget.rollout))
    draw = random.Random(f"{seed}:worth")
    games = [draw.getrandbits(64) for _ in range(budget.samples)]
    best_worth = worth(view, seat, best, games, budget.rollout)
    played_worth = (
        best_worth if played == best else worth(view, seat, played, games, budget.rollout)
    )
    return Judgement(best, best_worth, played_worth)


def worth(
    view: GameState, seat: int, action: rules.Action, games: list[int], rollout: int
) -> float:
    """The mean worth to `seat` of playing `action`, over the games drawn with these seeds."""
    total = 0.0
    for game_seed in games:
        game = rules.apply(rules.determinize(view, seat, game_seed), action)
        game = _played_on(game, seat, rollout)
        total += evaluation.relative(game, seat)
    return total / len(games) if games else 0.0


def _played_on(game: GameState, seat: int, rollout: int) -> GameState:
    """The game after the seat's pending choices and `rollout` more actions, all greedy."""
    for _ in range(OWN_CHOICES):
        if game.over or game.turn != seat or not game.queue:
            break
        game = rules.apply(game, greedy.best(game, seat), as_listed=True)
    for _ in range(rollout):
        if game.over:
            break
        game = rules.apply(game, greedy.best(game, game.turn), as_listed=True)
    return game
