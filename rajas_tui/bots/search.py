"""The search bot: Monte Carlo tree search over determinized games (single-observer
information-set MCTS, Cowling, Powley and Whitehouse 2012), guided by the greedy bot.

Each iteration draws one game the seat cannot tell from the real one (`rules.determinize`, made
from `seat_view` alone, so the bot never learns what its seat may not see) and walks the one
shared tree of action sequences, among the actions legal in that game. A node considers its
actions in the greedy bot's order (`greedy.ranked`), a few at first and more as it is visited
more (progressive widening), choosing among them by UCB; so the search starts from the greedy
line of play, for every seat, and looks for better. Past a new node it plays on a few actions by
the greedy policy and scores the result with the evaluation's win chances
(`evaluation.chances`; a finished game scores by `rules.returns`); every seat in the tree picks
what is best for itself. The budget is a number of iterations, so a decision is the same on any
machine; the action tried most often is played.

In the app a decision may also be given a clock (`decide`'s `clock`): the search then stops at
its budget's `seconds` by that clock, after the iteration under way, and plays the action tried
most often so far (an anytime search), so a slow position or a busy machine never keeps a
player waiting past it. Headless play (tournaments, `rajas apply`, tests) and reviews, even in
the app (kept and read back, they must repeat), give no clock and count iterations only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import attrs

import rules
from rajas_tui.bots import evaluation, greedy
from rajas_tui.bots.seeds import Seed
from rules import GameState

# Seconds from some fixed point, as `time.monotonic` gives them.
Clock = Callable[[], float]


@attrs.frozen
class Budget:
    """How hard the bot thinks: iterations per decision, greedy actions per rollout, and the
    most seconds a decision may take when it is given a clock (None: no limit)."""

    iterations: int
    rollout: int
    seconds: float | None = None


# The most a player waits for one decision of a bot or the coach in the app, by the wall clock:
# the search stops there and plays its best so far; a little under the goal (docs/bots.md),
# leaving room for the answer's way back to the app.
APP_SECONDS = 1.8

# The difficulty levels a player picks (docs/bots.md). Easy's is the cheapest budget tried that
# beats greedy clearly more often than the ladder's goal of 60% of 2-player games; a rollout of one
# greedy action is worth more to it than more iterations. Hard's iterations are what this machine
# runs in about `APP_SECONDS` in a typical position, so that the bot headless games measure is
# the one a player meets.
LEVELS = {
    "easy": Budget(iterations=60, rollout=1, seconds=APP_SECONDS),
    "normal": Budget(iterations=200, rollout=2, seconds=APP_SECONDS),
    "hard": Budget(iterations=300, rollout=4, seconds=APP_SECONDS),
}
# Exploration against exploitation in UCB, for results between 0 and 1.
EXPLORATION = 0.5
# A node visited n times considers its best 1 + WIDENING * sqrt(n) actions.
WIDENING = 0.5


@attrs.define
class Node:
    """One action in the tree: who took it, how often it was tried and was legal, the sum of
    what the tries were worth to the seat that took it, and the order of the actions after it."""

    mover: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[rules.Action, Node] = attrs.field(factory=dict)
    order: list[rules.Action] | None = None

    def score(self) -> float:
        mean = self.total / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def decide(
    state: GameState, seat: int, seed: Seed, budget: Budget, clock: Clock | None = None
) -> rules.Action:
    """The action the search tries most often for `seat` within `budget`: its iterations, and
    with a `clock`, its seconds by that clock too (at least one iteration)."""
    deadline = None if clock is None or budget.seconds is None else clock() + budget.seconds
    view = rules.seat_view(state, seat)
    options = rules.legal_actions(view)
    if len(options) == 1:
        return options[0]
    root = search(view, seat, seed, budget, clock, deadline)
    tried = [(root.children[a].visits, -i) for i, a in enumerate(options) if a in root.children]
    return options[-max(tried)[1]]


def search(
    view: GameState,
    seat: int,
    seed: Seed,
    budget: Budget,
    clock: Clock | None = None,
    deadline: float | None = None,
) -> Node:
    """The tree grown for `seat` from its view: `budget.iterations` iterations, or fewer when
    `clock` reaches `deadline` first (it is read after each one)."""
    root = Node(mover=-1)
    draw = random.Random(seed)
    for _ in range(budget.iterations):
        game = rules.determinize(view, seat, draw.getrandbits(64))
        _iterate(root, game, budget.rollout)
        if clock is not None and deadline is not None and clock() >= deadline:
            break
    return root


def _candidates(node: Node, game: GameState) -> list[rules.Action]:
    """The actions the node considers now in this game, best first."""
    if node.order is None:
        node.order = greedy.ranked(game)
        legal = node.order
    else:
        legal_now = rules.legal_actions(game)
        known = set(legal_now)
        legal = [a for a in node.order if a in known]
        if len(legal) < len(legal_now):  # a roll made other choices legal in this game
            listed = set(node.order)
            node.order.extend(a for a in legal_now if a not in listed)
            legal = [a for a in node.order if a in known]
    width = 1 + int(WIDENING * math.sqrt(node.visits))
    return legal[:width]


def _iterate(root: Node, game: GameState, rollout: int) -> None:
    # Every action applied here is one this game lists (`_candidates` keeps only those), so
    # `apply` is told it is spelled as listed.
    path = [root]
    node = root
    while not game.over:
        considered = _candidates(node, game)
        untried = [a for a in considered if a not in node.children]
        for action in considered:
            if action in node.children:
                node.children[action].available += 1
        if untried:
            action = untried[0]
            child = node.children[action] = Node(mover=game.turn, available=1)
            path.append(child)
            game = rules.apply(game, action, as_listed=True)
            break
        children = node.children
        action = max(considered, key=lambda a: children[a].score())
        node = children[action]
        path.append(node)
        game = rules.apply(game, action, as_listed=True)
    for _ in range(rollout):
        if game.over:
            break
        game = rules.apply(game, greedy.best(game, game.turn), as_listed=True)
    values = evaluation.chances(game)
    root.visits += 1
    for child in path[1:]:
        child.visits += 1
        child.total += values[child.mover]
