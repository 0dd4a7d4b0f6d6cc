"""Players the computer moves for, behind one interface: a game state and the seat to act in it
give one legal action (`choose`, or each bot module's `decide`).

- `random` (random_bot): any legal action; no opposition, kept so old saves load.
- `greedy` (greedy): the action whose result the evaluation (evaluation) likes best.
- `easy`, `normal`, `hard` (search): a tree search over games drawn from what the seat may
  see, at three budgets.

In the app a decision is given a clock, and a search stops at its level's seconds by it
(`search.LEVELS`, `choose`'s `clock`); headless play gives none and counts iterations only, so
its games repeat on any machine.

A bot draws from its own seed, a digest of the game seed, its kind and the number of actions so
far (it is never handed the game's seed itself): it never touches the game's generator, so a game
with bots is still reproduced by its seed and its log, and a bot makes the same choice again after
an undo (unless, in the app, its clock stopped it at another point). A bot sees the game only as
its seat may (`rules.seat_view`): another seat's face-down tile never reaches it.
"""

from __future__ import annotations

from collections.abc import Callable

import rules
from rajas_tui.bots import greedy, random_bot, search
from rajas_tui.bots.seeds import Seed
from rules import GameState

Decide = Callable[[GameState, int, Seed, search.Clock | None], rules.Action]
# `choose`'s shape: the app passes one that thinks in another process (present.bot_process).
Choose = Callable[[str, GameState, int], rules.Action]


def _search(level: str) -> Decide:
    budget = search.LEVELS[level]
    return lambda state, seat, seed, clock: search.decide(state, seat, seed, budget, clock)


BOTS: dict[str, Decide] = {
    # They take no time to speak of: no clock to heed.
    "random": lambda state, seat, seed, clock: random_bot.decide(state, seat, seed),
    "greedy": lambda state, seat, seed, clock: greedy.decide(state, seat, seed),
    **{level: _search(level) for level in search.LEVELS},
}
# Weakest first, as the new-game dialog and the help list them (a bot seat starts at normal).
KINDS = tuple(BOTS)
# Bumped whenever a change makes a bot choose otherwise in some position, unless the change is
# to a figure `ladder.fingerprint` reads itself (a search level's budget, the evaluation's
# weights, the rules' version): games a ladder kept in a results file are then played again,
# not rated beside the new bots' games.
PLAY_VERSION = 1


def seed_for(kind: str, game_seed: int, steps: int) -> Seed:
    """A bot's seed for one decision: a digest of the game's seed, its kind and the steps, so the
    bot never holds the game's seed (set up again from it, a game tells every hidden tile)."""
    from hashlib import blake2b  # only when a bot decides

    text = f"rajas-bot:{kind}:{game_seed}:{steps}".encode()
    return int.from_bytes(blake2b(text, digest_size=16).digest(), "big")


def choose(
    kind: str, state: GameState, game_seed: int, clock: search.Clock | None = None
) -> rules.Action:
    """The action bot `kind` takes in `state` for the seat to act; ValueError for an unknown kind
    or a finished game. With a `clock` (the app's), a search stops at its level's seconds by it
    and plays its best so far."""
    if kind not in BOTS:
        raise ValueError(f"{kind!r} is not a bot kind ({', '.join(KINDS)}).")
    if state.over:
        raise ValueError("The game is over: there is nothing to choose.")
    return BOTS[kind](state, state.turn, seed_for(kind, game_seed, state.steps), clock)
