"""Random playouts: a game played on by a seeded choice among the legal actions each time, and
every state of a few such games, the sample the reason, preview and why-not tests check their
equivalences on."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import rules
from rules import Action, Config, GameState

# With `variants`: the Ganga module, Navaratnas boards, both, and mixed boards with and without it.
VARIANTS: tuple[tuple[bool, bool, bool], ...] = (
    # (ganga, navaratnas, mixed)
    (True, False, False),
    (False, True, False),
    (True, True, False),
    (False, True, True),
    (True, True, True),
)


def variant_config(players: int, seed: int) -> Config:
    """A variant game for the seed, the variants taken in turn; mixed games alternate the boards,
    so both kinds are present."""
    ganga, navaratnas, mixed = VARIANTS[seed % len(VARIANTS)]
    if mixed:
        boards = tuple("navaratnas" if (seat + seed) % 2 else "base" for seat in range(players))
    else:
        boards = ("navaratnas",) * players if navaratnas else ()
    return Config(players=players, seed=seed, boards=boards, ganga=ganga)


def random_game(state: GameState, pick: random.Random) -> Iterator[GameState]:
    """The states of the game played on from `state`, `pick` choosing among the legal actions
    each time: `state` first, the ended state last (the only one that is `over`)."""
    yield state
    while not state.over:
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
        yield state


def random_steps(state: GameState, pick: random.Random) -> Iterator[tuple[GameState, Action]]:
    """Each step of the game `random_game` plays from `state` with `pick`: (the state before, the
    action chosen), so that a test can apply it its own way."""
    while not state.over:
        action = pick.choice(rules.legal_actions(state))
        yield state, action
        state = rules.apply(state, action)


@functools.cache
def random_states(games: int, *, variants: bool = False) -> tuple[GameState, ...]:
    """Every state before the end of `games` random games, of each player count in turn, seeds
    1..games, each played by `random.Random(seed)`; with `variants`, variant games (see VARIANTS)
    instead of base ones. Played once per process: the states are frozen, so tests share them."""
    states: list[GameState] = []
    for seed in range(1, games + 1):
        players = 2 + seed % 3
        config = variant_config(players, seed) if variants else Config(players=players, seed=seed)
        game = random_game(rules.new_game(config), random.Random(seed))
        states.extend(state for state in game if not state.over)
    return tuple(states)
