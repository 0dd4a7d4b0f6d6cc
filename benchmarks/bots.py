"""How strong and how fast the bots are: tournaments and decision times, in CPU time.

Prints tables and whether each goal is met; asserts nothing. Run:

    python benchmarks/bots.py [--games N] [--search-games M] [--search-level L] [--decisions D]
        [--kinds K,K] [--seed S]

Goals (`GREEDY_GOAL`, `SEARCH_GOAL`, `DECISION_GOALS_S` below; docs/performance.md; 2 players,
at least 200 games a pairing, seats alternated): how often greedy beats random and search at
`normal` beats greedy, and the worst decision time of `normal` and `hard` (CPU). Decision times
are measured on the states of a 2-player greedy game, where the seat to act has a real choice
(more than one legal action). The defaults are small so that a run takes minutes;
docs/performance.md says what larger runs gave.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Sequence

import rules
from rajas_tui import bots
from rajas_tui.bots import tournament
from rules import Config, GameState

GREEDY_GOAL = 0.95
SEARCH_GOAL = 0.65
DECISION_GOALS_S = {"normal": 2.0, "hard": 10.0}


def choice_states(count: int, seed: int) -> list[GameState]:
    """`count` states of 2-player greedy games where the seat to act has a real choice, spread
    over the whole game."""
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        state = rules.new_game(Config(players=2, seed=seed + game))
        seen = []
        while not state.over:
            if len(rules.legal_actions(state)) > 1:
                seen.append(state)
            state = rules.apply(state, bots.choose("greedy", state, seed + game))
        step = max(1, len(seen) // count)
        found.extend(seen[::step][: count - len(found)])
        game += 1
    return found


def decision_times(kinds: Sequence[str], states: Sequence[GameState]) -> None:
    print(f"decision times, CPU seconds, on {len(states)} states of 2-player greedy games")
    print(f"{'bot':<8} {'mean s':>8} {'median s':>9} {'worst s':>8}  goal")
    for kind in kinds:
        times = []
        for i, state in enumerate(states):
            view = rules.seat_view(state, state.turn)
            start = time.process_time()
            bots.choose(kind, view, i)
            times.append(time.process_time() - start)
        goal = DECISION_GOALS_S.get(kind)
        verdict = ""
        if goal is not None:
            verdict = f"worst <= {goal:g} s {'met' if max(times) <= goal else 'NOT met'}"
        print(
            f"{kind:<8} {statistics.mean(times):>8.3f} {statistics.median(times):>9.3f} "
            f"{max(times):>8.3f}  {verdict}",
            flush=True,
        )


def match(first: str, second: str, games: int, seed: int, goal: float) -> None:
    played = [
        tournament.play(Config(players=2, seed=seed + i), seating)
        for i, seating in enumerate(tournament.rotations((first, second), games))
    ]
    result = tournament.summary(played)
    print(f"\n{first} against {second}, 2 players, seats alternated")
    print(tournament.summary_text(result))
    bot = result["bots"][first]
    low, high = bot["ci95"]
    met = "met" if bot["win_rate"] >= goal else "NOT met"
    print(
        f"goal: {first} wins >= {goal:.0%}: {bot['win_rate']:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}, {games} games) {met}",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="greedy against random games")
    parser.add_argument("--search-games", type=int, default=4, help="search against greedy")
    parser.add_argument(
        "--search-level", default="normal", help="the search level played against greedy"
    )
    parser.add_argument("--decisions", type=int, default=10, help="states timed per bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--kinds", default="greedy,easy,normal,hard", help="bots whose decisions are timed"
    )
    args = parser.parse_args(argv)
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {sys.platform}"
    )
    decision_times(args.kinds.split(","), choice_states(args.decisions, args.seed))
    if args.games:
        match("greedy", "random", args.games, args.seed, GREEDY_GOAL)
    if args.search_games:
        match(args.search_level, "greedy", args.search_games, args.seed, SEARCH_GOAL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
