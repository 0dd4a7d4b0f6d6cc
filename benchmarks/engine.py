"""How fast the engine plays: legal-actions-plus-apply steps per second and ms per random game.

Prints figures and asserts nothing. Run: python benchmarks/engine.py [--games N] [--players P]
Goals (issue 2): at least 20,000 steps/s and at most 50 ms per random 4-player game, on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

import rules
from rules import Config


def play(seed: int, players: int) -> tuple[int, float]:
    """One random game; returns (steps, seconds)."""
    chooser = random.Random(seed)
    start = time.perf_counter()
    state = rules.new_game(Config(players=players, seed=seed))
    steps = 0
    while not state.over:
        state = rules.apply(state, chooser.choice(rules.legal_actions(state)))
        steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play(0, args.players)  # warm the data and the caches once, as a running app would be
    results = [play(seed, args.players) for seed in range(1, args.games + 1)]
    steps = sum(s for s, _ in results)
    seconds = sum(t for _, t in results)
    per_game = [t * 1000 for _, t in results]
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {sys.platform}"
    )
    print(f"{args.games} random {args.players}-player games, {steps} steps")
    print(f"steps per second (legal_actions + apply): {steps / seconds:,.0f}")
    mean, median = statistics.mean(per_game), statistics.median(per_game)
    print(f"ms per game: mean {mean:.1f}, median {median:.1f}, max {max(per_game):.1f}")
    print(f"steps per game: mean {steps / args.games:.0f}")


if __name__ == "__main__":
    main()
